// Package hlo reads and rewrites HLO text modules, the form XLA prints with
// HloModule::ToString and reads with its HLO parser: what
// `--xla_dump_hlo_as_text` dumps, JAX's `as_text("hlo")` and the graph
// dumps of torch-xla and torch-neuronx.
//
// It is a second front end into the same model as the MLIR one: ParseFile
// finds the module header and the entry computation (skipping every
// computation body at scanner speed: dumps carry their constants inline
// and reach gigabytes), a hand reader reads the header's attributes and
// the shapes and layouts it needs, Lower builds a model.Config, and Edits
// turns a rewritten config back into edits of the header's
// `input_output_alias={...}` and `buffer_donor={...}`, leaving every other
// byte as it was.
//
// The files split by concern: scan.go (skipping bodies by their brackets)
// and structure.go (the header's attributes, the computations, the
// entry's instructions), lexer.go and grammar.go (the participle grammar
// of shapes and layouts, and the header values' nodes), fastalias.go and
// fastlayout.go (the hand readers of the header's values, in XLA's words,
// checked against the grammar over whole values of oracle_test.go),
// piece.go (the grammar over one bounded piece, for the readers'
// messages), file.go (ParseFile and what it returns), lower.go (to the
// model), sharding.go (the entry's shardings) and edits.go (back to
// text).
package hlo
