package hlo

import (
	"encoding/binary"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// input_output_alias and buffer_donor hold an entry for every aliased
// output or donated parameter: thousands in a training step's header.
// The grammar's PeekingLexer stores every token first, which costs more
// than the reading (4 of 10 ms for a header of 2000 aliases): readAliases
// and readDonors read the value straight from the bytes and build the
// nodes, with the positions, that the grammar over the whole value
// (oracle_test.go) builds; an entry they do not read (an error, an
// integer out of range, an unknown kind) is read by the grammar's entry
// reader alone (readPiece), so the diagnostics are the grammar's.

// cursor returns a byteCursor at the start of span, past its trivia.
func cursor(src []byte, span ast.Span) *byteCursor {
	c := &byteCursor{src: src, end: span.End.Offset, pos: lexer.Position(span.Pos)}
	c.trivia()
	return c
}

// readAliases reads input_output_alias's value spanning span: the list or
// the error.
func readAliases(src []byte, span ast.Span) (*AliasList, error) {
	l := &AliasList{}
	var err error
	l.Pos, l.EndPos, l.Entries, err = readEntries(src, span, "aliasing description", (*byteCursor).aliasEntry, (*tokParser).aliasEntry, nil)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// readDonors reads buffer_donor's value spanning span, but that an entry
// equal to an earlier one is left out (registering a donor twice keeps
// the first), so that the list holds each donor once however long its
// text.
func readDonors(src []byte, span ast.Span) (*DonorList, error) {
	l := &DonorList{}
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
	var err error
	l.Pos, l.EndPos, l.Entries, err = readEntries(src, span, "buffer donor description", (*byteCursor).donorEntry, (*tokParser).donorEntry, first)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// readEntries reads the list value `{entry, ...}` spanning span, each
// entry by hand (fast, nil when it cannot) or else with the grammar's
// reader slow over the entry alone; what names the list in the messages.
// It returns where the list begins and ends, and its entries: those keep
// reports true for, all when keep is nil. A span that ends at
// offset -1 is open: the value ends at the list's '}' (see
// scanner.readAhead), and an error is not checked by the lexer, and is a
// partial when entries were read.
func readEntries[E any](src []byte, span ast.Span, what string, fast func(*byteCursor, *E) bool, slow func(*tokParser) (*E, error), keep func(*E) bool) (pos, end ast.Pos, entries []*E, err error) {
	var spare *E // an entry not kept, reused for the next
	add := func(e *E) {
		if keep == nil || keep(e) {
			entries = append(entries, e)
			if e == spare {
				spare = nil
			}
		}
	}
	open := span.End.Offset < 0
	if open {
		span.End.Offset = len(src)
	}
	c := cursor(src, span)
	pos = c.here()
	from, depth := span, 0 // where the entry being read begins, inside the list
	end, err = readList(c, what, func() error {
		save := c.pos
		from.Pos, depth = ast.Pos(save), 1
		if spare == nil {
			spare = new(E)
		} else {
			var zero E
			*spare = zero
		}
		if fast(c, spare) {
			add(spare)
			return nil
		}
		fail := *c
		c.pos = save
		var e *E
		if err := readPiece(c, &fail, func(p *tokParser) (err error) { e, err = slow(p); return err }); err != nil {
			return err
		}
		add(e)
		return nil
	})
	switch {
	case err != nil:
	case !open && c.pos.Offset != c.end:
		err = unexpected(c) // the grammar's root reads nothing more
	case open && !valueEnds(src, end.Offset):
		err = unexpected(c)
	}
	if err != nil && open && depth == 1 {
		err = partial{err, from.Pos.Offset}
	}
	if err != nil && !open {
		// The grammar lexes the value before it parses it, so a lexer
		// error comes first. The readers read the lexer's tokens, and
		// entries do not nest: a list read whole needs no check, and the
		// text before the entry that failed has none.
		if lerr := lexCheck(src, from, depth); lerr != nil {
			err = lerr
		}
	}
	return pos, end, entries, err
}

// partial is the error of a list read over an open span after it read
// entries: at is where the entry that failed begins, inside the list's
// braces, the text before it entries and separators.
type partial struct {
	error
	at int
}

// readList reads a value `{entry, ...}` as the grammar's AliasList and
// DonorList read it (a trailing comma allowed), entry reading each entry;
// what names the list in the messages. It returns the end of the '}'.
func readList(c *byteCursor, what string, entry func() error) (ast.Pos, error) {
	if !c.eat('{') {
		return ast.Pos{}, expected(c, "Expects '{' at the start of "+what)
	}
	for !c.is('}') {
		if err := entry(); err != nil {
			return ast.Pos{}, err
		}
		if !c.is(',') {
			break
		}
		c.eat(',')
	}
	end, ok := c.eatEnd('}')
	if !ok {
		return ast.Pos{}, expected(c, "Expects '}' at the end of "+what)
	}
	return end, nil
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

// donorEntry reads `(PARAM, {j...})` into e, as tokParser's donorEntry
// does, or reports false.
func (c *byteCursor) donorEntry(e *DonorEntry) bool {
	e.Pos = c.here()
	var ok bool
	if !c.eat('(') {
		return false
	}
	if e.Param, e.ParamIndex, ok = c.paramRef(); !ok {
		return false
	}
	e.EndPos, ok = c.eatEnd(')')
	return ok
}

// aliasEntry reads `{i...}: (PARAM, {j...}[, KIND])` into e, as
// tokParser's aliasEntry does, or reports false.
func (c *byteCursor) aliasEntry(e *AliasEntry) bool {
	e.Pos = c.here()
	var ok bool
	if e.Output, ok = c.shapeIndex(); !ok || !c.eat(':') || !c.eat('(') {
		return false
	}
	e.ParamPos = c.here()
	if e.Param, e.ParamIndex, ok = c.paramRef(); !ok {
		return false
	}
	if c.is(',') {
		if !c.eat(',') {
			return false
		}
		if e.Must = c.keyword("must-alias"); !e.Must && !c.keyword("may-alias") {
			return false
		}
	}
	e.EndPos, ok = c.eatEnd(')')
	return ok
}

// paramRef reads `PARAM, {j...}` after the '(', the part an alias and a
// donor share, up to what may follow the index.
func (c *byteCursor) paramRef() (param int64, index []int64, ok bool) {
	if param, ok = c.int64(); !ok {
		return
	}
	if ok = c.eat(','); !ok {
		return
	}
	index, ok = c.shapeIndex()
	return
}

// shapeIndex reads `{i, j, ...}`, a trailing comma allowed, as
// tokParser's shapeIndex does: an empty index is an empty slice, not nil.
func (c *byteCursor) shapeIndex() ([]int64, bool) {
	idx := []int64{}
	if !c.eat('{') {
		return idx, false
	}
	ok := c.list('}', true, func() bool {
		n, ok := c.int64()
		idx = append(idx, n)
		return ok
	})
	return idx, ok
}

// int64 reads an Int token that fits in an int64, as strconv.ParseInt
// reads it, without making a string of it.
func (c *byteCursor) int64() (int64, bool) {
	i := c.pos.Offset
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
