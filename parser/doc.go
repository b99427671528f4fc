// Package parser reads the parts of an MLIR module that mhlo-alias needs:
// the module's attribute dictionary, the names of its functions and the
// entry function's signature, in custom or generic form.
//
// It works in two layers. A byte scanner walks the module's structure and
// skips every function body by counting braces outside strings and
// comments, so a body of hundreds of megabytes (dense constants, nested
// regions) costs one pass over its bytes and no allocation. Only the
// entry function's signature and the dictionaries the tool reads are
// handed to a participle grammar (the struct tags of package ast), through
// a hand-written lexer that keeps the positions of the whole file.
package parser
