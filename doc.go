// Package mhloalias reads, rewrites and explains the input/output alias
// table of an MLIR (MHLO or StableHLO) module's entry function: which
// output may reuse ("may-alias") or must reuse ("must-alias") which input
// buffer, and which inputs are buffer donors. It runs the Neuron
// compiler's alias passes over the module text and splices the result back
// into it, every other byte unchanged.
//
// # Reading a config
//
// ReadConfig returns the table as XLA keeps it, a *model.Config (package
// model mirrors XLA's HloInputOutputAliasConfig and HloBufferDonorConfig):
//
//	cfg, err := mhloalias.ReadConfig(src, mhloalias.Options{})
//	fmt.Print(cfg.LongString()) // XLA's ToString of both configs
//
// All four upstream encodings are read: mhlo.result_alias and
// tf.aliasing_output on arguments, the mhlo.input_output_alias module
// attribute, and jax.buffer_donor. Errors in the text are an ast.ErrorList
// of positioned diagnostics ("file:line:col: error: message").
//
// # HLO text
//
// A module whose first token (after white space and comments) is HloModule
// is HLO text, as XLA dumps it, and goes through package hlo instead: the
// parameters and result come from the header's entry_computation_layout
// or the ENTRY computation, the table from its input_output_alias and
// buffer_donor, and writing changes only those two header attributes, as
// XLA prints them. Options.Emit, UseTupleArgs and ReturnTuple do not apply
// to it: using them is a UsageError.
//
// # Rewriting a module
//
// Rewrite runs the passes named in Options.Passes, in order, and returns
// the text with the new table written in one encoding (Options.Emit):
//
//	out, err := mhloalias.Rewrite(src, mhloalias.Options{
//		Passes: "buffer-donation-to-alias,flip-may-aliases",
//	})
//
// With no passes and no Emit the output is the input, byte for byte: every
// run reads and verifies the module, so the zero Options make a validator.
//
// # Files, and everything else
//
// Process, ProcessFile and ProcessReader return a Result: a Module for
// each module of the input (several with Options.SplitInputFile), each with
// its Config, its Edits (the splices, as offsets into the input) and its
// Diagnostics. The Result writes the output text (WriteTo, Bytes), a
// unified diff (WriteDiff), an output file (WriteFile) or the input file
// itself (WriteInPlace, atomic: a temporary file renamed over the
// original). ProcessFile maps the file and drops the pages the scan has
// passed, and unchanged ranges are copied file to file by the kernel, so a
// module of gigabytes takes little memory and little more time than a
// copy; RewriteFile is the one call for a file rewritten in place.
// ProcessFileTo and ProcessReaderTo write the output file once the input
// is read. ProcessReader holds a stream in memory up to 16 MiB and spills
// the rest to an unlinked temporary file, which it then maps as
// ProcessFile maps a file.
//
// No function or method of this package panics or faults on what a
// caller gives it: nil or zero arguments, a nil or zero Result (see
// Result), a reader that breaks the io.Reader contract (an error), a file
// truncated or rewritten while it is mapped, during the scan or before the
// Result reads it again (a ChangedError, "FILE changed while being read";
// Source and ReadAt copy the file's bytes, never hand out the mapping).
// A WriteFile callback that panics leaves no temporary file and the
// target as it was; its panic goes on to the caller.
//
// # The stages
//
// The work is done by packages that can be used one by one: ast (syntax
// tree, positions, diagnostics), parser (the scanner and the signature
// grammar), lower (syntax tree to model), model (the config, Verify),
// passes (the passes and their registry; passes.All lists them) and
// printer (the model back into edits of the text, and the diff).
package mhloalias
