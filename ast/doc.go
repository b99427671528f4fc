// Package ast declares the syntax tree of the parts of an MLIR module that
// mhlo-alias reads: the module's attribute dictionary, the entry function's
// signature (argument and result types and attribute dictionaries) and the
// top-level alias definitions. Function bodies are never represented; the
// scanner in package parser only records where they are.
//
// Every node carries its byte span (Pos, EndPos), so later stages can point
// diagnostics at the source and splice edits into the original text.
// Positions and diagnostics (Pos, Span, Error, ErrorList) live here too, as
// go/token and go/scanner do for Go.
package ast
