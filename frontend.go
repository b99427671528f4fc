package mhloalias

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/hloproto"
	"github.com/mhlo-alias/mhlo-alias/lower"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
	"github.com/mhlo-alias/mhlo-alias/printer"
)

// A frontEnd is a module as its input format's front end read it: the
// config it states, and the edits that make it state another. The
// pipeline (run) is the same for every format.
type frontEnd interface {
	// config lowers the module to the config it states.
	config() (*model.Config, ast.ErrorList)
	// edits returns the edits that make the module state cfg, a config
	// config returned after the passes changed it.
	edits(cfg *model.Config) ([]edit.Edit, error)
}

// read routes src to its front end, by --input-format, a proto's fields,
// or its first token (HloModule, else MLIR), and reads it.
func (s *settings) read(name string, src []byte, lineOffset int, release func(from, to int)) (frontEnd, ast.ErrorList) {
	k, err := s.protoKind(name, src, release)
	if err != nil {
		d := ast.Errorf(ast.Pos{Filename: name}, "%s", err)
		var nm *NotModuleError
		d.Binary = errors.As(err, &nm) // FILE: not a module this tool reads: ...
		return nil, ast.ErrorList{d}
	}
	if k != hloproto.Unknown {
		f, cfg, err := s.readProto(name, src, k, release)
		if err != nil {
			return nil, ast.ErrorList{protoDiag(name, err)}
		}
		return protoModule{f, src, cfg, name, s.Partitioned}, nil
	}
	if s.InputFormat == "hlo" || hlo.IsHLO(src) && s.InputFormat != "mlir" {
		file, err := hlo.ParseFile(name, src, hlo.Options{LineOffset: lineOffset, Release: release, Partitioned: s.Partitioned})
		if err != nil {
			return nil, ast.ListOf(err)
		}
		return &hloModule{file: file, src: src}, nil
	}
	// The entry's results and arguments are lowered as they are decoded,
	// their trees not kept.
	st := lower.NewStream(src, lower.Options{UseTupleArgs: s.UseTupleArgs, ReturnTuple: s.ReturnTuple, Partitioned: s.Partitioned, Release: release})
	file, err := parser.ParseFile(name, src, parser.Options{Entry: s.Entry, LineOffset: lineOffset, Release: release, Values: st})
	if err != nil {
		return nil, hloHint(src, ast.ListOf(err))
	}
	return mlirModule{s, file, src, st}, nil
}

// mlirModule is an MLIR module: lowered by package lower, its edits
// printed by package printer in the encoding --emit names.
type mlirModule struct {
	s      *settings
	file   *ast.File
	src    []byte
	stream *lower.Stream // the lowering begun as the arguments were decoded
}

func (m mlirModule) config() (*model.Config, ast.ErrorList) {
	return m.stream.Lower(m.file)
}

func (m mlirModule) edits(cfg *model.Config) ([]edit.Edit, error) {
	return printer.Edits(m.file, m.src, cfg, m.s.emit)
}

// hloModule is an HLO text module: its header's tables are rewritten
// where they differ from those it was read with.
type hloModule struct {
	file *hlo.File
	src  []byte
	read hlo.Tables // the tables the module stated
}

func (m *hloModule) config() (*model.Config, ast.ErrorList) {
	cfg, diags := hlo.Lower(m.file, m.src)
	if !diags.HasErrors() {
		m.read = hlo.TablesOf(cfg)
	}
	return cfg, diags
}

func (m *hloModule) edits(cfg *model.Config) ([]edit.Edit, error) {
	return hlo.EditsSince(m.file, m.src, m.read, cfg)
}

// protoDiag is a proto's error as a diagnostic: FILE: byte OFFSET:
// FIELD.PATH: message.
func protoDiag(name string, err error) *ast.Error {
	d := ast.Errorf(ast.Pos{Filename: name}, "%s", err)
	var pe *hloproto.Error
	if errors.As(err, &pe) {
		d.Pos.Offset, d.Binary = pe.Offset, true
	}
	return d
}

// protoModule is an HloModuleProto, HloProto or HloSnapshot: read with
// its config, its alias fields rewritten in place.
type protoModule struct {
	file        *hloproto.File
	src         []byte
	cfg         *model.Config
	name        string
	partitioned string // Options.Partitioned
}

func (m protoModule) config() (*model.Config, ast.ErrorList) {
	m.cfg.Sharding.Partitioned = model.PartitionedAs(m.cfg.Sharding.Partitioned, m.partitioned)
	if err := m.file.Verify(m.cfg); err != nil {
		return nil, ast.ErrorList{protoDiag(m.name, err)}
	}
	var diags ast.ErrorList
	for _, w := range m.file.Warnings {
		d := protoDiag(m.name, w)
		d.Severity, d.Lenient = ast.SevWarning, true
		diags = append(diags, d)
	}
	return m.cfg, diags
}

func (m protoModule) edits(cfg *model.Config) ([]edit.Edit, error) {
	return m.file.Edits(m.src, cfg), nil
}

// checkInput reports a UsageError when in is a proto, or a chunk of it is
// HLO text, and the options hold one that only MLIR has: the proto's
// fields or the HLO header say where aliases go, and the entry gives the
// parameters and the result as they are.
func (s *settings) checkInput(in *input) error {
	flag := s.mlirOnlyFlag()
	if flag == "" {
		return nil
	}
	if k, err := s.protoKind(in.Display, in.Data, in.Release); err == nil && k != hloproto.Unknown {
		return &UsageError{fmt.Sprintf("%s does not apply to %s (%s): its input_output_alias and buffer_donor fields are written, and the entry's parameters and result are taken as they are", flag, k, in.Display)}
	}
	for _, ch := range splitChunks(in.Data, s.splits(in)) {
		if hlo.IsHLO(in.Data[ch.start:ch.end]) {
			return &UsageError{fmt.Sprintf("%s does not apply to HLO text (%s is an HLO module): its header's input_output_alias and buffer_donor are written, and the entry computation's parameters and result are taken as they are", flag, cmp.Or(in.Display, "<stdin>"))}
		}
	}
	return nil
}

// mlirOnlyFlag names the first option set that only an MLIR input takes,
// or is "": --emit, --use-tuple-args, --return-tuple.
func (s *settings) mlirOnlyFlag() string {
	switch {
	case s.Emit != "":
		return "--emit"
	case s.UseTupleArgs:
		return "--use-tuple-args"
	case s.ReturnTuple:
		return "--return-tuple"
	}
	return ""
}

// hloHint adds a note to an MLIR read that found no function in text that
// looks like HLO: the keyword HloModule or ENTRY is there, but HloModule
// is not the first token.
func hloHint(src []byte, diags ast.ErrorList) ast.ErrorList {
	if len(diags) == 0 || !strings.Contains(diags[0].Msg, "no functions were found") {
		return diags
	}
	for _, w := range []string{"HloModule", "ENTRY"} {
		if i := bytes.Index(src, []byte(w)); i >= 0 {
			note := &ast.Error{Pos: diags[0].Pos, Severity: ast.SevNote,
				Msg: fmt.Sprintf("the text holds %s: an HLO text module must begin with the keyword HloModule (after white space and comments) to be read as HLO", w)}
			return append(diags, note)
		}
	}
	return diags
}
