// Package filecheck is a Go implementation of LLVM's FileCheck, the tool
// that verifies a program's output against CHECK directives written in a
// test file.
//
// It supports the CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG,
// CHECK-LABEL, CHECK-EMPTY and CHECK-COUNT-n directives, {{regex}} blocks
// with FileCheck's POSIX extended regular expression semantics, [[VAR:regex]]
// definitions and [[VAR]] uses, and the usual options (--check-prefix(es),
// --implicit-check-not, --strict-whitespace, --match-full-lines,
// --input-file, ...). Diagnostics follow FileCheck's format and exit codes
// match it: 0 when all checks pass, 1 when a check fails, 2 when the check
// file, options or input are invalid.
//
// Main runs the tool in-process from a command line; Check is the library
// entry point.
package filecheck
