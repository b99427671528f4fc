// Package lit runs lit-style tests from Go: test files whose "RUN:" lines
// are shell commands, typically piping a tool's output into FileCheck.
//
// RUN lines (after any comment leader such as "//" or "#", with trailing
// backslashes continuing a command on the next RUN line) get lit's
// substitutions (%s, %S, %p, %t, %T, %%, ...) and run in a small internal
// shell modelled on lit's: pipes with pipefail semantics, "&&", "||", ";",
// redirections (>, >>, <, 2>, 2>&1, &>), single and double quotes, and
// LLVM's "not" to invert a command's status. Commands are looked up among
// the configured in-process tools, then the shell's builtins, then programs
// on PATH. REQUIRES, UNSUPPORTED and XFAIL take feature expressions with
// "&&", "||", "!" and parentheses.
//
// RunFile runs one test; RunDir runs a directory of tests as subtests of a
// Go test.
package lit
