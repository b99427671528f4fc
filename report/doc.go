// Package report prints the alias table of a config for people: as
// aligned text columns (the --print-config=table form) and as one
// self-contained HTML page (the --report file), with the parameters on one
// side, the outputs on the other and a link for each alias.
//
// It never explains anything itself: why a donor is unused comes from the
// passes' explanation, which the caller computes and hands over as data
// (NewTable's reason), so that this package stays below the passes.
package report
