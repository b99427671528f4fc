package ast

import "fmt"

// Pos is a position in a source file. Its layout matches participle's
// lexer.Position, so the grammar fills Pos fields directly.
type Pos struct {
	Filename string
	Offset   int // byte offset, from 0
	Line     int // from 1
	Column   int // byte column, from 1
}

// IsValid reports whether p was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String prints "file:line:col", the prefix of every diagnostic.
func (p Pos) String() string {
	name := p.Filename
	if name == "" {
		name = "<stdin>"
	}
	if !p.IsValid() {
		return name
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

// Span is the byte range [Pos.Offset, End.Offset) of a piece of source.
type Span struct {
	Pos Pos
	End Pos
}

// Len is the span's length in bytes.
func (s Span) Len() int { return s.End.Offset - s.Pos.Offset }

// At is the byte offset of a point in the source, from 0: what a node of
// which a signature holds many keeps of where it is. File.PosOf gives its
// line and column.
type At struct {
	Offset int
}
