// Package printer writes an alias config back into the module it was read
// from. It never reprints the module: it computes edits (byte ranges of
// the original text and their replacements) inside the attribute
// dictionaries that must change, and copies every other byte as it was.
// It also renders edits as a unified diff.
//
// Within a changed dictionary, entries keep their order and their exact
// text; a new entry goes where MLIR's sorted order puts it; a dictionary
// left empty is removed with the space before it (in generic form an
// argument's dictionary stays as {}, since arg_attrs needs an entry per
// argument).
package printer
