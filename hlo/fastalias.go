package hlo

import (
	"encoding/binary"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// input_output_alias and buffer_donor hold an entry for every aliased
// output or donated parameter: thousands in a training step's header.
// The grammar's PeekingLexer stores every token first, which costs more
// than the reading (4 of 10 ms for a header of 2000 aliases): readAliases
// and readDonors read the value straight from the bytes and build the
// nodes, with the positions, and the errors, in XLA's words, that the
// grammar over the whole value (oracle_test.go) gives.

// cursor returns a byteCursor at the start of span, past its trivia.
func cursor(src []byte, span ast.Span) *byteCursor {
	c := &byteCursor{src: src, end: span.End.Offset}
	c.seek(span.Pos)
	c.trivia()
	return c
}

// readAliases reads input_output_alias's value spanning span: the list or
// the error.
func readAliases(src []byte, span ast.Span, release func(from, to int)) (*AliasList, error) {
	pos, end, entries, dropped, err := readEntries(src, span, release, "aliasing description", (*byteCursor).aliasEntry, nil)
	if err != nil {
		return nil, err
	}
	return &AliasList{Pos: pos, EndPos: end, Entries: entries, Dropped: dropped}, nil
}

// readDonors reads buffer_donor's value spanning span, but that an entry
// equal to an earlier one is left out (registering a donor twice keeps
// the first), so that the list holds each donor once however long its
// text.
func readDonors(src []byte, span ast.Span, release func(from, to int)) (*DonorList, error) {
	seen := map[string]bool{}
	var k []byte     // the key of an entry, reused
	var whole []bool // whether (p, {}) was seen, for small p, the common form
	first := func(e *DonorEntry) bool {
		if p := e.Param; len(e.ParamIndex) == 0 && p >= 0 && p < 1<<16 {
			if int(p) >= len(whole) {
				whole = append(whole, make([]bool, int(p)+1-len(whole))...)
			}
			dup := whole[p]
			whole[p] = true
			return !dup
		}
		k = binary.AppendVarint(k[:0], e.Param)
		for _, i := range e.ParamIndex {
			k = binary.AppendVarint(k, i)
		}
		if seen[string(k)] {
			return false
		}
		seen[string(k)] = true
		return true
	}
	pos, end, entries, dropped, err := readEntries(src, span, release, "buffer donor description", (*byteCursor).donorEntry, first)
	if err != nil {
		return nil, err
	}
	return &DonorList{Pos: pos, EndPos: end, Entries: entries, Dropped: dropped}, nil
}

// maxKept is the most entries a read of a list keeps: a list of more
// (a donor list of megabytes, each entry another parameter) is read for
// its errors alone, and again, an entry at a time, by Lower once the
// parameters are known, so that what a list costs in memory is bounded
// whatever its length.
const maxKept = 1 << 16

// eachEntry reads the list value spanning span, an entry of the kind
// entry reads at a time, calling each with it; the entry is reused for
// the next. The value was read without error before.
func eachEntry[E any](src []byte, span ast.Span, release func(from, to int), what string, entry func(*byteCursor, *E) error, each func(*E)) {
	readEntries(src, span, release, what, entry, func(e *E) bool { each(e); return false })
}

// readEntries reads the list value `{entry, ...}` spanning span, entry
// reading each entry; what names the list in the messages. It returns
// where the list begins and ends, and its entries: those keep reports
// true for, all when keep is nil, unless there are more than maxKept:
// then none, and dropped is true, and keep is no longer called. A span
// that ends at offset -1 is open:
// the value ends at the list's '}' (see scanner.readAhead), and an error
// is not checked by the lexer, and is a partial when entries were read.
func readEntries[E any](src []byte, span ast.Span, release func(from, to int), what string, entry func(*byteCursor, *E) error, keep func(*E) bool) (pos, end ast.Pos, entries []*E, dropped bool, err error) {
	var slab []E // the kept entries, allocated a chunk at a time
	open := span.End.Offset < 0
	if open {
		span.End.Offset = len(src)
	}
	c := cursor(src, span)
	pos = c.here()
	from, depth := span, 0 // where the entry being read begins, inside the list
	behind := ast.Behind{Release: release}
	end, err = readList(c, what, func() error {
		behind.At(c.off)
		from.Pos, depth = c.here(), 1
		if len(slab) == cap(slab) {
			slab = make([]E, 0, min(2*cap(slab)+16, 1024))
		}
		e := &slab[:len(slab)+1][len(slab)] // zero: each is read once
		ints := c.ints.mark()
		if err := entry(c, e); err != nil {
			at := &byteCursor{src: c.src, end: c.end}
			at.seek(from.Pos)
			return pieceError(at, c, err)
		}
		switch {
		case dropped, keep != nil && !keep(e):
		case len(entries) == maxKept:
			dropped, entries, slab = true, nil, nil
		default:
			slab, entries = slab[:len(slab)+1], append(entries, e)
			return nil
		}
		*e = *new(E)
		c.ints.rewind(ints)
		return nil
	})
	switch {
	case err != nil:
	case !open && c.off != c.end:
		err = unexpected(c) // the grammar's root reads nothing more
	case open && !valueEnds(src, end.Offset):
		err = unexpected(c)
	}
	if err != nil && open && depth == 1 {
		err = partial{err, from.Pos}
	}
	if err != nil && !open {
		// The grammar lexes the value before it parses it, so a lexer
		// error comes first. The readers read the lexer's tokens, and
		// entries do not nest: a list read whole needs no check, and the
		// text before the entry that failed has none.
		if lerr := lexCheck(src, from, depth, release); lerr != nil {
			err = lerr
		}
	}
	return pos, end, entries, dropped, err
}

// partial is the error of a list read over an open span after it read
// entries: at is where the entry that failed begins, inside the list's
// braces, the text before it entries and separators.
type partial struct {
	error
	at ast.Pos
}

// readList reads a value `{entry, ...}` as XLA's ParseAliasing and
// ParseBufferDonor read it (a trailing comma allowed), entry reading each
// entry; what names the list in the messages. It returns the end of the
// '}'.
func readList(c *byteCursor, what string, entry func() error) (end ast.Pos, err error) {
	if !c.eat('{') {
		return end, expected(c, "Expects '{' at the start of "+what)
	}
	for !c.is('}') {
		if err := entry(); err != nil {
			return end, err
		}
		if !c.is(',') {
			break
		}
		c.eat(',')
	}
	return end, c.expectEnd('}', "Expects '}' at the end of "+what, &end)
}

// valueEnds reports whether a header value that reaches off ends there:
// at the end of src, white space, a comma, a closing bracket or a comment.
func valueEnds(src []byte, off int) bool {
	if off == len(src) {
		return true
	}
	switch b := src[off]; {
	case isSpace(b) || b == ',' || b == ')' || b == ']' || b == '}':
		return true
	case b == '/':
		return off+1 < len(src) && (src[off+1] == '/' || src[off+1] == '*')
	}
	return false
}

// aliasFormat and donorFormat are XLA's messages for a malformed entry.
const (
	aliasFormat = "Expected format: <output_shape_index>: (<input_param>, <input_param_shape_index>) OR <output_shape_index>: <input_param>"
	donorFormat = "Expected format: (<input_param>, <input_param_shape_index>)"
)

// donorEntry reads `(PARAM, {j...})` into e, as XLA's ParseBufferDonor
// reads an entry.
func (c *byteCursor) donorEntry(e *DonorEntry) (err error) {
	e.Pos = c.here()
	if !c.eat('(') {
		return expected(c, donorFormat)
	}
	if e.Param, e.ParamIndex, err = c.paramRef(donorFormat); err != nil {
		return err
	}
	return c.expectEnd(')', donorFormat, &e.EndPos)
}

// aliasEntry reads `{i...}: (PARAM, {j...}[, KIND])` into e, as XLA's
// ParseAliasing reads an entry.
func (c *byteCursor) aliasEntry(e *AliasEntry) (err error) {
	e.Pos = c.here()
	if e.Output, err = c.shapeIndex(); err != nil {
		return err
	}
	if !c.eat(':') || !c.eat('(') {
		return expected(c, aliasFormat)
	}
	e.ParamPos = c.here()
	if e.Param, e.ParamIndex, err = c.paramRef(aliasFormat); err != nil {
		return err
	}
	if c.is(',') {
		c.eat(',')
		if e.Must = c.keyword("must-alias"); !e.Must && !c.keyword("may-alias") {
			return expected(c, "Unexpected aliasing kind; expected SYSTEM or USER")
		}
	}
	return c.expectEnd(')', aliasFormat, &e.EndPos)
}

// paramRef reads `PARAM, {j...}` after the '(', the part an alias entry
// and a donor entry share, format the message of a missing ','.
func (c *byteCursor) paramRef(format string) (param int64, index []int64, err error) {
	i := c.off
	var ok bool
	if param, ok = c.int64(); !ok {
		return 0, nil, c.intError(i)
	}
	if !c.eat(',') {
		return 0, nil, expected(c, format)
	}
	index, err = c.shapeIndex()
	return
}

// shapeIndex reads `{i, j, ...}`, a trailing comma allowed, as XLA's
// ParseShapeIndex: an empty index is an empty slice, not nil.
func (c *byteCursor) shapeIndex() ([]int64, error) {
	if !c.eat('{') {
		return nil, expected(c, "Expects '{' at the start of ShapeIndex")
	}
	c.ints.begin()
	for !c.is('}') {
		i := c.off
		n, ok := c.int64()
		if !ok {
			return nil, c.intError(i)
		}
		c.ints.add(n)
		if !c.is(',') {
			break
		}
		c.eat(',')
	}
	if !c.eat('}') {
		return nil, expected(c, "Expects '}' at the end of ShapeIndex")
	}
	return c.ints.index(), nil
}

// intArena holds the shape indices a list's entries are read into, a
// chunk at a time: an entry not kept gives its back (rewind), so that a
// long list of entries that repeat costs no allocation for each.
type intArena struct {
	chunk []int64
	cur   int // where the index being read begins in chunk
	gen   int // counts the chunks
}

// arenaMark is where the arena stood.
type arenaMark struct{ len, gen int }

func (a *intArena) mark() arenaMark { return arenaMark{len(a.chunk), a.gen} }

// rewind drops what was added since m, unless a new chunk began since.
func (a *intArena) rewind(m arenaMark) {
	if m.gen == a.gen {
		a.chunk = a.chunk[:m.len]
	}
}

// begin starts an index.
func (a *intArena) begin() { a.cur = len(a.chunk) }

// add appends v to the index being read, moving that index to a new
// chunk when this one is full.
func (a *intArena) add(v int64) {
	if len(a.chunk) == cap(a.chunk) {
		open := a.chunk[a.cur:]
		a.chunk = append(make([]int64, 0, max(1024, 2*len(open))), open...)
		a.cur = 0
		a.gen++
	}
	a.chunk = append(a.chunk, v)
}

// index is the index begun last: empty, not nil, when it has no element
// (as XLA's ParseShapeIndex reads `{}`).
func (a *intArena) index() []int64 {
	if a.cur == len(a.chunk) {
		return []int64{}
	}
	return a.chunk[a.cur:len(a.chunk):len(a.chunk)]
}

// expectEnd consumes the one-byte punctuation b, setting *end to its end,
// else it is the error msg at the cursor.
func (c *byteCursor) expectEnd(b byte, msg string, end *ast.Pos) error {
	var ok bool
	if *end, ok = c.eatEnd(b); !ok {
		return expected(c, msg)
	}
	return nil
}

// intError is the error of XLA's ParseInt64 where int64 failed to read
// an integer at i.
func (c *byteCursor) intError(i int) error {
	j := i
	if c.at(j) == '-' {
		j++
	}
	if c.off != i || !isDigit(c.at(j)) { // moved: the trivia after it is unterminated, which lexCheck reports
		return expected(c, "expects integer")
	}
	for j < c.end && isDigit(c.src[j]) {
		j++
	}
	return expected(c, "integer "+ast.Clip(string(c.src[i:j]))+" does not fit in 64 bits")
}

// int64 reads an Int token that fits in an int64, as strconv.ParseInt
// reads it, without making a string of it.
func (c *byteCursor) int64() (int64, bool) {
	i := c.off
	j := i
	neg := c.at(j) == '-'
	if neg {
		j++
	}
	if !isDigit(c.at(j)) {
		return 0, false
	}
	var n uint64
	for ; j < c.end && isDigit(c.src[j]); j++ {
		if n > (1<<63)/10 {
			return 0, false
		}
		n = n*10 + uint64(c.src[j]-'0')
		if n > 1<<63 {
			return 0, false
		}
	}
	if !neg && n == 1<<63 {
		return 0, false
	}
	c.advance(j - i)
	v := int64(n)
	if neg {
		v = -v
	}
	return v, c.trivia()
}
