// Package remarks prints optimization remarks (ast.Remark) the way LLVM
// 22's mlir-opt does, and chooses which to print.
//
// Two forms: the emitRemark diagnostic line on stderr, followed by the
// source line and a caret,
//
//	f.mlir:3:18: remark: [Passed] add-may-aliases | Category:alias-added | Remark="output {} f32[4]{0} may-aliased with parameter 0 at {}"
//
// and LLVM's YAML remark records (--remark-format=yaml), one document per
// remark. A Filter holds the --remarks-filter regular expressions with
// mlir-opt's semantics: a remark of a kind is shown when the general
// expression or the one for its kind matches the whole of its category
// (or, here, the whole of its pass name).
package remarks
