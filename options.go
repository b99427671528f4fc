package mhloalias

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/passes"
	"github.com/mhlo-alias/mhlo-alias/printer"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// Options say how to read, rewrite and print a module. The zero value
// does what the command does with no flags: it reads the function @main,
// verifies the alias table, runs no pass and leaves the text as it was.
type Options struct {
	// Entry is the entry function's name, with or without '@'; "" means
	// "main".
	Entry string
	// UseTupleArgs makes all arguments one tuple parameter 0, argument i
	// its index {i}, as xla-translate's -emit-use-tuple-args does.
	UseTupleArgs bool
	// ReturnTuple makes the output a tuple even for a single result.
	ReturnTuple bool
	// Passes is the pipeline to run, pass names or aliases separated by
	// commas, as --passes takes it; "" runs no pass.
	Passes string
	// Name is the name positions give text passed as bytes (Rewrite,
	// ReadConfig, and Process with an empty name); "" means "<stdin>".
	Name string
	// SkipVerifyEach skips the verification of the config after every
	// pass; the final verification before writing always runs.
	SkipVerifyEach bool
	// Emit is the encoding the aliases are written in: "result-alias",
	// "module" or "tf". "" writes result-alias when there are passes, and
	// with no passes leaves the text byte for byte as it was.
	Emit string
	// SplitInputFile treats each "// -----" line as the end of one module
	// and the start of the next; each is read and rewritten on its own,
	// and the output keeps each separator line as it is. It applies to
	// text; a binary input (a proto) is one module.
	SplitInputFile bool
	// VerifyDiagnostics checks the "// expected-error @+1 {{text}}"
	// annotations of the input (also -warning, -note, -remark) against the
	// diagnostics, as mlir-opt --verify-diagnostics does: a module is then
	// successful when its diagnostics are exactly those expected.
	VerifyDiagnostics bool
	// Remarks chooses the optimization remarks the passes make, with
	// mlir-opt's --remarks-filter expressions; the zero value makes none,
	// at no cost. The remarks are each Module's Remarks.
	Remarks remarks.FilterOptions
	// UnusedDonors says what a donor still registered after the last pass
	// becomes: "" or "ignore" nothing, "warn" a warning at its argument,
	// "error" an error there, which fails the module.
	UnusedDonors string
	// ExplainDonors keeps, in each Module's UnusedDonors, why each donor
	// still registered after the last pass is unused; UnusedDonors "warn"
	// and "error" imply it, and name the reason in their message.
	ExplainDonors bool
	// CompareDonations keeps, in each Module's Compared, what JAX's
	// pairing, XLA's donation pass and Neuron's would each do with every
	// donated parameter leaf of the module as read (passes.Compare).
	CompareDonations bool
	// AssumeDefaultLayouts gives every parameter and output leaf whose
	// layout is unresolved (mhlo.layout_mode = "auto") XLA's default
	// descending layout before the passes run, so that the donation
	// passes, which need resolved layouts, can pair them; each assumption
	// is an Analysis remark (category layout-assumed).
	AssumeDefaultLayouts bool
	// ConfigOnly computes each module's config and no edits: nothing is
	// written back, so the limits of the encoding Emit names (a
	// mhlo.result_alias states only aliases of compatible types and one
	// alias per argument) do not apply, and the Result writes the input
	// unchanged. ReadConfig sets it; the command sets it for
	// --print-config.
	ConfigOnly bool

	// Partitioned says whether the entry's shapes are already those of one
	// device: "" or "auto" takes the front end's guess (MLIR: not yet
	// partitioned; HLO text and protos: partitioned when the entry
	// computation's name ends in _spmd), "yes" never divides them, "no"
	// divides each sharded value into its per-device shape when the
	// module runs on more than one device.
	Partitioned string

	// InputFormat names the input's format: mlir, hlo, hlo-module-proto,
	// hlo-proto or hlo-snapshot; empty, it is found from the content, the
	// file name a hint.
	InputFormat string
}

// A UsageError is a problem with the Options themselves, not with the
// input: an unknown pass, encoding or --unused-donors value, or a remark
// filter that does not compile. The command exits 2 on it.
type UsageError struct{ Msg string }

// Error is the message, without a position: it is about the options.
func (e *UsageError) Error() string {
	if e == nil {
		return "invalid options"
	}
	return e.Msg
}

// settings are Options checked and resolved.
type settings struct {
	Options
	pipeline passes.Pipeline
	emit     printer.Emit
	filter   *remarks.Filter // nil when no remark is shown
	// proto is what protoKind found of the input last asked about,
	// guarded by protoMu.
	proto   protoMemo
	protoMu sync.Mutex
}

// explainsDonors reports whether the unused donors are explained.
func (s *settings) explainsDonors() bool {
	return s.ExplainDonors || s.UnusedDonors == "warn" || s.UnusedDonors == "error"
}

// resolve checks o and parses its pass list.
func (o Options) resolve() (*settings, error) {
	s := &settings{Options: o}
	var ok bool
	if s.emit, ok = printer.ParseEmit(o.Emit); !ok {
		return nil, &UsageError{fmt.Sprintf("invalid --emit=%s: valid encodings are result-alias, module, tf", o.Emit)}
	}
	var err error
	if s.pipeline, err = passes.Parse(o.Passes); err != nil {
		return nil, &UsageError{err.Error()}
	}
	f, err := remarks.NewFilter(o.Remarks)
	if err != nil {
		return nil, &UsageError{err.Error()}
	}
	if f.Enabled() {
		s.filter = f
	}
	if !slices.Contains([]string{"", "ignore", "warn", "error"}, o.UnusedDonors) {
		return nil, &UsageError{fmt.Sprintf("invalid --unused-donors=%s: valid values are ignore, warn, error", o.UnusedDonors)}
	}
	if !slices.Contains([]string{"", "auto", "yes", "no"}, o.Partitioned) {
		return nil, &UsageError{fmt.Sprintf("invalid --partitioned=%s: valid values are auto, yes, no", o.Partitioned)}
	}
	if _, ok := inputFormats[o.InputFormat]; !ok {
		return nil, &UsageError{fmt.Sprintf("invalid --input-format=%s: valid formats are mlir, hlo, hlo-module-proto, hlo-proto, hlo-snapshot", o.InputFormat)}
	}
	s.Entry = strings.TrimPrefix(o.Entry, "@")
	return s, nil
}

// Check reports a UsageError if o names an unknown pass or encoding, an
// unknown UnusedDonors or Partitioned value or a remark filter that does
// not compile.
func (o Options) Check() error {
	_, err := o.resolve()
	return err
}

// rewrites reports whether the text is written again: with passes or an
// encoding to emit. Otherwise the output is the input, byte for byte.
func (s *settings) rewrites() bool {
	return !s.ConfigOnly && (len(s.pipeline) > 0 || s.Emit != "")
}
