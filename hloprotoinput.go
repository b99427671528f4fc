package mhloalias

import (
	"bytes"
	"fmt"
	"strings"
	"unsafe"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/hloproto"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// The compiler's binary files (xla.HloModuleProto, xla.HloProto,
// xla.HloSnapshot) go through the hloproto package: the kind is found
// from the content, the file name a hint, unless Options.InputFormat
// names it. Files this tool cannot read but can name (MLIR bytecode,
// gzip, zstd) get one clear error, and so does binary data of no kind it
// knows (NotModuleError).

// The values of Options.InputFormat.
var inputFormats = map[string]hloproto.Kind{
	"": hloproto.Unknown, "mlir": hloproto.Unknown, "hlo": hloproto.Unknown,
	"hlo-module-proto": hloproto.ModuleProto, "hlo-proto": hloproto.Proto, "hlo-snapshot": hloproto.Snapshot,
}

// nameHint is the kind a file name suggests.
func nameHint(name string) hloproto.Kind {
	switch {
	case strings.HasSuffix(name, ".hlo_module.pb"):
		return hloproto.ModuleProto
	case strings.HasSuffix(name, ".hlo_snapshot.pb"):
		return hloproto.Snapshot
	case strings.HasSuffix(name, ".hlo.pb"):
		return hloproto.Proto
	case strings.HasSuffix(name, ".pb"):
		return hloproto.ModuleProto
	}
	return hloproto.Unknown
}

// binaryKind names a binary file this tool does not read, or "".
func binaryKind(src []byte) string {
	switch {
	case bytes.HasPrefix(src, []byte("ML\xefR")):
		return "MLIR bytecode (as jax.export and `mlir-opt --emit-bytecode` write it); get text with `mlir-opt --allow-unregistered-dialect FILE`, or `stablehlo-translate --deserialize FILE` for a StableHLO portable artifact"
	case bytes.HasPrefix(src, []byte{0x1f, 0x8b}):
		return "gzip-compressed; decompress it first (`gunzip -k FILE` or `zcat FILE | mhlo-alias`)"
	case bytes.HasPrefix(src, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "zstd-compressed; decompress it first (`zstd -d FILE` or `zstdcat FILE | mhlo-alias`)"
	}
	return ""
}

// protoKind returns the kind of proto src is, Unknown for text. The error
// is a binary file this tool cannot read.
//
// The order: --input-format; the binary files it names (binaryKind);
// text that does not start as a proto may, the text front ends (or, named
// as a proto, the proto reader for its error); the kind the name suggests
// when the file reads as it; the kinds the content reads as
// (hloproto.Detect); text again, for text that starts with a newline or
// holds a stray control byte; the kind a malformed proto looks like
// (hloproto.Sniff), for its error; and else NotModuleError. Standard input
// goes the same way, without a name.
func (s *settings) protoKind(name string, src []byte, release func(from, to int)) (hloproto.Kind, error) {
	s.protoMu.Lock()
	defer s.protoMu.Unlock()
	m := &s.proto
	if !m.is(src) {
		*m = protoMemo{data: unsafe.SliceData(src), n: len(src)}
		m.kind, m.err = s.findProtoKind(name, src, m, hloproto.Options{Release: release})
	}
	return m.kind, m.err
}

// protoMemo keeps what protoKind found for one input, which the options
// check and the route both ask: the kind, and the read that settled it
// (a walk of the module's fields through the file), for the route to
// take once instead of walking the file again.
type protoMemo struct {
	data *byte
	n    int
	kind hloproto.Kind
	err  error
	file *hloproto.File // a read of kind as name, not yet taken
	cfg  *model.Config
	read bool
}

// is reports whether the memo is of src.
func (m *protoMemo) is(src []byte) bool {
	return m.data != nil && m.data == unsafe.SliceData(src) && m.n == len(src)
}

// readProto reads src as a proto of kind k named name: the read protoKind
// made, if it made that one and it was not taken yet, else a new one. A
// config is the caller's to change, so a read is taken once.
func (s *settings) readProto(name string, src []byte, k hloproto.Kind, release func(from, to int)) (*hloproto.File, *model.Config, error) {
	s.protoMu.Lock()
	m := &s.proto
	if m.read && m.is(src) && m.kind == k {
		f, cfg := m.file, m.cfg
		m.read, m.file, m.cfg = false, nil, nil
		s.protoMu.Unlock()
		return f, cfg, nil
	}
	s.protoMu.Unlock()
	return hloproto.Options{Release: release}.ReadNamed(name, src, k)
}

// findProtoKind is protoKind's work; a read it makes of the hinted kind
// is kept in m.
func (s *settings) findProtoKind(name string, src []byte, m *protoMemo, o hloproto.Options) (hloproto.Kind, error) {
	if k := inputFormats[s.InputFormat]; k != hloproto.Unknown {
		return k, nil
	}
	if s.InputFormat != "" {
		return hloproto.Unknown, nil
	}
	if what := binaryKind(src); what != "" {
		return hloproto.Unknown, fmt.Errorf("the file is %s", what)
	}
	hint := nameHint(name)
	text := func() hloproto.Kind {
		if hint != hloproto.Unknown && !hlo.IsHLO(src) {
			return hint // read for its positioned error
		}
		return hloproto.Unknown
	}
	if len(src) == 0 || src[0] != 0x0A && isText(src) {
		return text(), nil
	}
	if hint != hloproto.Unknown {
		if f, cfg, err := o.ReadNamed(name, src, hint); err == nil {
			m.file, m.cfg, m.read = f, cfg, true
			return hint, nil
		}
	}
	if k := o.Detect(src); k != hloproto.Unknown {
		return k, nil
	}
	if mostlyText(src) {
		return text(), nil
	}
	if k := hloproto.Sniff(src, hint); k != hloproto.Unknown {
		return k, nil
	}
	return hloproto.Unknown, &NotModuleError{What: unknownData(name, src)}
}

// NotModuleError is the error of binary data of no kind this tool reads:
// not text, and neither an HloModuleProto, an HloProto nor an HloSnapshot,
// well formed or not (a flatbuffer such as a jax.export file, an archive,
// random bytes). It prints, after the file's name, as "not a module this
// tool reads: WHAT".
type NotModuleError struct {
	What string
}

func (e *NotModuleError) Error() string {
	if e == nil {
		return "not a module this tool reads"
	}
	return "not a module this tool reads: " + e.What
}

// unknownData says what the data of a NotModuleError is, as far as its
// first bytes and its name tell.
func unknownData(name string, src []byte) string {
	head := src[:min(len(src), 64<<10)]
	switch {
	case strings.HasSuffix(name, ".jax_exported") || bytes.Contains(head, []byte("ML\xefR")):
		return "a container of MLIR bytecode, such as a jax.export serialization (a flatbuffer); " +
			"get the module's text with `jax.export.deserialize(data).mlir_module()`"
	case bytes.HasPrefix(src, []byte("PK\x03\x04")) || bytes.HasPrefix(src, []byte("PK\x05\x06")):
		return "a zip archive; extract the module first"
	case len(src) >= 262 && string(src[257:262]) == "ustar":
		return "a tar archive; extract the module first"
	}
	return fmt.Sprintf("binary data, neither text nor an HloModuleProto, HloProto or HloSnapshot (it starts % x)", src[:min(len(src), 8)])
}

// mostlyText reports whether the start of src is text but for a stray
// byte: fewer than one control byte in 32 in its first 4 KiB. MLIR or HLO
// text with a NUL in it goes to its front end, which points at the byte.
func mostlyText(src []byte) bool {
	head := src[:min(len(src), 4<<10)]
	n := 0
	for _, c := range head {
		if c < 0x09 || 0x0e <= c && c < 0x20 || c == 0x7f {
			n++
		}
	}
	return n*32 < len(head)
}

// isText reports whether the start of src looks like text: no byte below
// 0x09 in its first 64 bytes.
func isText(src []byte) bool {
	for _, c := range src[:min(len(src), 64)] {
		if c < 0x09 {
			return false
		}
	}
	return true
}

// splits reports whether in is cut into chunks: with
// Options.SplitInputFile, unless in is binary (a proto, or a file of a
// kind this tool does not read), where a "// -----" line means nothing.
func (s *settings) splits(in *input) bool {
	if !s.SplitInputFile {
		return false
	}
	k, err := s.protoKind(in.Display, in.Data, in.Release)
	return err == nil && k == hloproto.Unknown
}

// writeProtoDiff writes the diff of a proto input in, when r is one: its
// two tables as HLO text header attributes, before and after (a diff of
// the bytes helps nobody). ok is false for text input.
func (r *Result) writeProtoDiff(w *bytes.Buffer, in *input, o DiffOptions) (ok bool, err error) {
	data := in.Data
	if len(r.Modules) != 1 || isText(data) {
		return false, nil
	}
	m := r.Modules[0]
	ro := hloproto.Options{Release: in.Release}
	k := ro.Detect(data)
	if k == hloproto.Unknown {
		k = nameHint(r.Name)
	}
	_, before, err := ro.ReadNamed("", data, k)
	if err != nil || m.Config == nil {
		return false, nil
	}
	if len(m.Edits) == 0 {
		return true, nil // the output is the input: no diff, as for text
	}
	line := func(key, entries string) string {
		if entries == "" {
			return key + "={}\n"
		}
		return key + "={ " + entries + " }\n"
	}
	old := line("input_output_alias", before.Aliases.ShortString())
	src := old + line("buffer_donor", before.Donors.ShortString())
	var edits []edit.Edit
	if s := line("input_output_alias", m.Config.Aliases.ShortString()); s != old {
		edits = append(edits, edit.Edit{Start: 0, End: len(old), New: s})
	}
	if s := line("buffer_donor", m.Config.Donors.ShortString()); s != src[len(old):] {
		edits = append(edits, edit.Edit{Start: len(old), End: len(src), New: s})
	}
	return true, printer.Diff(w, []byte(src), edits, printer.DiffOptions{
		OldName: "a/" + r.Name, NewName: "b/" + r.Name, Color: o.Color,
	})
}
