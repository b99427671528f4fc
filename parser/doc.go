// Package parser reads the parts of an MLIR module that mhlo-alias needs:
// the module's attribute dictionary, the names of its functions and the
// entry function's signature, in custom or generic form.
//
// It works in two layers. A byte scanner walks the module's structure and
// skips every function body by counting braces outside strings and
// comments, so a body of hundreds of megabytes (dense constants, nested
// regions) costs one pass over its bytes and no allocation. Only the
// entry function's signature and the dictionaries the tool reads are
// parsed, by the participle grammar (the struct tags of package gram), the
// grammar of record, through a hand-written lexer that keeps the positions
// of the whole file.
//
// Building and running the grammar costs reflection: about 60 µs and 326
// allocations per argument. So each span is first read by a hand-written
// decoder over the same lexer (fast.go), which covers the constructs
// signatures are made of and yields exactly the grammar's nodes (package
// gram's, converted to package ast's, which keep offsets where the
// grammar's keep positions), with a few allocations per argument. On
// anything else, or on any error, it gives up and the grammar parses the
// span, or of a long signature only the arguments the decoder does not
// read: every diagnostic is the grammar's. A small file whose signature the decoder
// reads never builds the grammar at all.
package parser
