package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/keyset"
)

// The grammar of record is the participle grammar in the struct tags of
// package ast. Building it and running it cost tens of microseconds per
// argument, most of it reflection, so the constructs signatures are made
// of (tensor, tuple, function and named types with raw bodies; attribute
// dictionaries of strings, numbers, booleans, symbols, arrays, dense and
// dense-array literals, bounds encodings, opaque dialect attributes and
// the result alias) are first read by the hand-written decoder below,
// over the same lexer. It produces
// exactly the nodes the grammar would, with the same positions; on
// anything outside that subset, and on any error, it gives up and the
// span is parsed by the grammar, so every diagnostic is the grammar's.
// FuzzFastDecoder checks that the two agree on every input the decoder
// accepts; FuzzPiece that the grammar's diagnostic over the piece the
// decoder leaves after failing (grammarPiece) is the grammar's over the
// whole span.

// fastDecoder reads tokens from a sigLexer with one token of lookahead.
// It allocates nodes from slabs, a few allocations for many nodes.
type fastDecoder struct {
	lex     *sigLexer
	file    string
	tok     fastToken // the next significant token
	tokEnd  point     // the position after tok
	lastEnd point     // the position after the last consumed token
	ok      bool

	nodeSlabs
	// dropUnread makes the next dictionary an argument's or a result's,
	// whose scalar values of keys the tool does not read are not kept
	// (ast.AttrEntry); spare makes the next attr be read into spareAttr,
	// not kept.
	dropUnread, spare bool
	// only, when set, makes the next dictionary one the tool reads the
	// keys only of (ast.ReadsKeys): its other entries are read as the
	// insides of a skipped value are, and not kept.
	only      []string
	spareAttr ast.Attr
	// spareElem is the dense element read when its nodes are not kept.
	spareElem ast.DenseElem
	// skim counts the skipped values being read, whose nodes are not
	// kept; skimKeys are the keys of the dictionaries being read in them,
	// and skimTwice is the offset of the first key written twice found in
	// them, -1 for none.
	skim      int
	skimKeys  keyset.Set
	skimTwice int
	// The nodes a skipped value is read into, each overwritten by the
	// next of its type (newNode).
	spareArray ast.ArrayAttr
	spareDict  ast.AttrDict
	spareEntry ast.AttrEntry
	spareType  ast.Type
	spareName  ast.NamedType
	spareTuple ast.TupleType
	// pending holds the entries of the dictionaries being read, innermost
	// last; a finished dictionary's are copied to an exact-size slice.
	pending []*ast.AttrEntry
	// pendingTypes is the same for the elements of the type lists being
	// read.
	pendingTypes []*ast.Type
	// toks holds the tokens the nodes keep (keep, copyTok).
	toks tokenStore
	// cuts are spans of the text that the grammar need not read to place
	// the decoder's failure (grammarPiece): the insides of the long
	// constructs read whole, outermost only, in order, and once the
	// decoder fails, the middle elements of each list it was in.
	cuts [][2]int
	// lists are the comma lists being read, innermost last.
	lists []listTrack
	// failAt is where the lexer was when the decoder failed, or -1.
	failAt int
	// transient says the nodes are read and dropped at once (decodeArg):
	// their tokens are not copied out of the text; last marks the nodes
	// of the last argument decodeArg read.
	transient bool
	last      nodeMarks
	lexBuf    *sigLexer
	// eachResult, when set, takes each result as it is read (resultList),
	// whose nodes are then reused for the next.
	eachResult func(*ast.Result)
	// marks are the points after the last token read in each long
	// construct cut (cut): the parse's anchors (root.marks).
	marks []point
	// check is the lexer as it was when the decoder failed: every token
	// before it was lexed without error, so the grammar's lexer, which
	// reads the whole span before the grammar (grammarPiece), need only
	// go on from there.
	check sigLexer
	// skips are the skipped values of jumpBytes or more that the decoder
	// read, which a decoder of the same text again (decodeArg) is given
	// as its jumps, sorted, to step over by their spans instead of
	// reading them a second time.
	skips, jumps []skipSpan
	// behind, when set, is told the offset of each token read, for the
	// pages of the text behind the decoding to be dropped however long
	// the value being read.
	behind *ast.Behind
}

// skipSpan is the span and kind of a skipped value read once.
type skipSpan struct {
	from, to int
	kind     ast.AttrKind
}

// jumpBytes is the size from which a skipped value is noted in skips:
// at most one note for each jumpBytes of the text.
const jumpBytes = 64 << 10

// listTrack is where the elements of a list being read start: the
// second one's, and the last three's, latest last.
type listTrack struct {
	n, second int
	last      [3]int
}

// elem notes that an element of the innermost list starts at off.
func (d *fastDecoder) elem(off int) {
	t := &d.lists[len(d.lists)-1]
	if t.n == 1 {
		t.second = off
	}
	t.n++
	t.last = [3]int{t.last[1], t.last[2], off}
}

// endList ends the innermost list. A list read to its close has its
// elements but the first and the last three cut when they are long, as
// a list open at a failure has (fail): an error after it (a stray token
// after its close, in what follows it) then costs the grammar a piece
// of the list's ends, not the whole of it.
func (d *fastDecoder) endList() {
	t := d.lists[len(d.lists)-1]
	d.lists = d.lists[:len(d.lists)-1]
	if d.ok && t.n >= 5 && t.last[0]-t.second >= cutBytes {
		d.cuts = append(d.cuts, [2]int{t.second, t.last[0]})
	}
}

// whole notes, at the bracket close ending it, that the construct whose
// opening bracket is at open was read whole: its inside is cut when long,
// and the cuts inside it are dropped.
func (d *fastDecoder) whole(open int, close string) {
	if d.is(tokBracket, close) {
		d.cut(open, d.tok.at.off)
	}
}

// cut is whole for the construct whose brackets (or quotes) are at open
// and close.
func (d *fastDecoder) cut(open, close int) {
	if !d.ok || close-open-1 < cutBytes {
		return
	}
	d.marks = append(d.marks, d.lastEnd)
	for len(d.cuts) > 0 && d.cuts[len(d.cuts)-1][0] > open {
		d.cuts = d.cuts[:len(d.cuts)-1]
	}
	d.cuts = append(d.cuts, [2]int{open + 1, close})
}

// cutBytes is the least length of a construct's inside worth cutting out
// of what the grammar reads after the decoder fails (a variable for
// tests).
var cutBytes = 1 << 10

// fastToken is a token of the decoder: lexer.Token without the file name.
type fastToken struct {
	Type  lexer.TokenType
	Value string
	at    point
}

// point is a position in the file named by fastDecoder.file.
type point struct{ off, line, col int }

func (d *fastDecoder) astPos(p point) ast.Pos {
	return ast.Pos{Filename: d.file, Offset: p.off, Line: p.line, Column: p.col}
}

func (d *fastDecoder) lexerPoint() point {
	p := d.lex.pos
	return point{p.Offset, p.Line, p.Column}
}

// tokenStore copies the tokens the nodes keep out of the input, which the
// lexer's token values only view, into chunks of its own, so that what
// a signature retains is the text of its nodes' tokens, not the whole of
// it. A token kept again soon after (a key, a value, an element type) is
// mostly the same string: a small cache remembers the last token of each
// hash.
type tokenStore struct {
	recent *[tokenCache]string // allocated on first use
	buf    []byte
	chunk  int // the size of the next chunk
}

// tokenChunk is the largest size of tokenStore's chunks (they double up
// to it from 256 bytes, so that a small module takes little); tokenCache
// the number of tokens it remembers (a power of 2), internBytes the
// longest.
const (
	tokenChunk  = 16 << 10
	tokenCache  = 128
	internBytes = 64
)

// keep returns a copy of v, mostly the same one for the same text; v
// itself in a skipped value, whose nodes are not kept.
func (d *fastDecoder) keep(v string) string {
	if d.skim > 0 || d.transient {
		return v // in a node not kept
	}
	if len(v) > internBytes {
		return d.copyTok(v)
	}
	h := uint32(2166136261)
	for i := 0; i < len(v); i++ {
		h = (h ^ uint32(v[i])) * 16777619
	}
	if d.toks.recent == nil {
		d.toks.recent = new([tokenCache]string)
	}
	slot := &d.toks.recent[h&(tokenCache-1)]
	if *slot == v {
		return *slot
	}
	*slot = d.copyTok(v)
	return *slot
}

// copyTok returns a copy of v, for a token that does not recur (an
// argument's name, a location).
func (d *fastDecoder) copyTok(v string) string {
	if d.transient {
		return v
	}
	k := &d.toks
	if len(v) > tokenChunk/4 {
		return strings.Clone(v)
	}
	if cap(k.buf)-len(k.buf) < len(v) {
		k.chunk = min(max(2*k.chunk, 256), tokenChunk)
		k.buf = make([]byte, 0, max(k.chunk, len(v)))
	}
	if len(v) == 0 {
		return ""
	}
	off := len(k.buf)
	k.buf = append(k.buf, v...)
	return unsafe.String(&k.buf[off], len(v))
}

// newNode returns a new node from s or, in a skipped value (whose nodes
// are not kept), spare, cleared.
func newNode[T any](d *fastDecoder, s *slab[T], spare *T) *T {
	if d.skim > 0 {
		var zero T
		*spare = zero
		return spare
	}
	return s.new()
}

// slab hands out elements of a chunk, allocating chunks of growing size.
type slab[T any] struct {
	buf  []T
	next int
}

func (s *slab[T]) new() *T {
	if len(s.buf) == 0 {
		s.refill(1)
	}
	p := &s.buf[0]
	s.buf = s.buf[1:]
	return p
}

// take returns a slice of n elements that nothing else shares.
func (s *slab[T]) take(n int) []T {
	if len(s.buf) < n {
		s.refill(n)
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	return out
}

// refill makes the next chunk, of at least n elements, the one handed out.
func (s *slab[T]) refill(n int) {
	s.next = min(max(2*s.next, 8), 256)
	s.buf = make([]T, max(s.next, n))
}

// fastParse parses src[start:end] as the construct mode names; on
// failure, ok is false and the decoder says where (failAt, cuts).
func fastParse(mode string, src []byte, start, end int, pos lexer.Position, release func(from, to int)) (r *root, d *fastDecoder, ok bool) {
	d = &fastDecoder{lex: viewLexer(src, start, end, pos), file: pos.Filename, ok: true, failAt: -1}
	if release != nil {
		d.behind, d.lex.release = &ast.Behind{Release: release}, release
	}
	d.lastEnd = d.lexerPoint()
	d.advance()
	r = &root{}
	switch mode {
	case "sig":
		r.Sig = d.signature()
	case "dict":
		if d.is(tokBracket, "{") {
			d.dropUnread = true
			r.Dict = d.dict()
		} else {
			d.fail()
		}
	case "type":
		r.Type = d.typ()
	case "attr":
		r.Attr = d.attr()
	}
	if d.ok && d.tok.Type != tokEOF {
		d.fail()
	}
	return r, d, d.ok
}

// advance reads the next significant token.
func (d *fastDecoder) advance() {
	l := d.lex
	if d.behind != nil {
		d.behind.At(l.pos.Offset)
	}
	for d.ok {
		i := l.pos.Offset
		// One blank, the commonest white space, without a token.
		if i < l.end && l.src[i] == ' ' {
			i++
			l.pos.Offset, l.pos.Column = i, l.pos.Column+1
		}
		at := point{i, l.pos.Line, l.pos.Column}
		if i >= l.end {
			d.tok, d.tokEnd = fastToken{Type: tokEOF, at: at}, at
			return
		}
		typ, n, err := l.scan(i)
		if err != nil {
			// Back to the token's start (scan may have moved into it),
			// where the check after a failure goes on (fastDecoder.check).
			l.pos.Offset, l.pos.Line, l.pos.Column = at.off, at.line, at.col
			break
		}
		l.advanceType(typ, n)
		if typ == tokComment && i+n == l.end && l.end < len(l.src) && l.src[l.end] != '\n' {
			// A comment cut by the end of the span: in the whole text
			// it goes on, so the span was not cut between tokens.
			break
		}
		if typ == tokWhitespace || typ == tokComment {
			if d.behind != nil {
				d.behind.At(l.pos.Offset) // lines of comments, each a token
			}
			continue
		}
		v := l.str[i-l.base : i-l.base+n]
		if !l.track(typ, v) {
			// At the bracket, as the grammar's lexer stops, and before
			// it, as the check after a failure needs (fastDecoder.check).
			l.pos.Offset, l.pos.Line, l.pos.Column = at.off, at.line, at.col
			l.depth--
			break
		}
		// Field by field: a struct literal is built on the stack and
		// copied in 16-byte moves that stall on its 8-byte stores.
		d.tok.Type, d.tok.Value, d.tok.at = typ, v, at
		d.tokEnd = point{l.pos.Offset, l.pos.Line, l.pos.Column}
		return
	}
	d.fail()
	d.tok = fastToken{Type: tokEOF}
}

// next consumes the next token and returns it.
func (d *fastDecoder) next() fastToken {
	t := d.tok
	d.lastEnd = d.tokEnd
	d.advance()
	return t
}

// fail ends the decoding: the place and the open lists are noted for
// grammarPiece, each list's elements but the first and the last three
// cut.
func (d *fastDecoder) fail() {
	if !d.ok {
		return
	}
	d.ok, d.failAt, d.check = false, d.lex.pos.Offset, *d.lex
	for _, t := range d.lists {
		if t.n >= 5 {
			d.cuts = append(d.cuts, [2]int{t.second, t.last[0]})
		}
	}
}

// list reads `elem (',' elem)*` up to the bracket close, which it leaves
// for the caller to consume; an empty list is allowed, a trailing comma
// fails. elem reads one element. Anything but a comma or close after an
// element fails here, while the list is open, so that the grammar's piece
// leaves out its middle elements (fail) rather than reading them all.
func (d *fastDecoder) list(close string, elem func()) { d.skimList(close, elem, false) }

// skimList is list; with scalars, the elements are read as elem reads
// one but keeps nothing of it, so that a run of numbers after an element
// is read by skimNumbers.
func (d *fastDecoder) skimList(close string, elem func(), scalars bool) {
	d.lists = append(d.lists, listTrack{})
	defer d.endList()
	for d.ok && !d.is(tokBracket, close) {
		d.elem(d.tok.at.off)
		elem()
		if !d.is(tokPunct, ",") {
			if !d.is(tokBracket, close) {
				d.fail()
			}
			return
		}
		if scalars {
			t := &d.lists[len(d.lists)-1]
			if n, first := d.skimNumbers(&t.last); n > 0 {
				if t.n == 1 {
					t.second = first
				}
				t.n += n
			}
		}
		d.next()
		if d.is(tokBracket, close) {
			d.fail() // a trailing comma
		}
	}
}

func (d *fastDecoder) is(typ lexer.TokenType, v string) bool {
	return d.ok && d.tok.Type == typ && d.tok.Value == v
}

// expect consumes the token v of type typ, or fails.
func (d *fastDecoder) expect(typ lexer.TokenType, v string) {
	if !d.is(typ, v) {
		d.fail()
		return
	}
	d.next()
}

func (d *fastDecoder) pos() ast.Pos { return d.astPos(d.tok.at) }

// setPos stores the position p into *dst field by field: an ast.Pos built
// whole and then copied (x.Pos = d.pos()) is written to the stack in
// 8-byte stores and read back in 16-byte loads, which stall; a fifth of
// dict's and attr's time in an 8000-parameter run.
func (d *fastDecoder) setPos(dst *ast.Pos, p point) {
	dst.Filename, dst.Offset, dst.Line, dst.Column = d.file, p.off, p.line, p.col
}

// at is the offset of the next token.
func (d *fastDecoder) at() ast.At { return ast.At{Offset: d.tok.at.off} }

// setAt stores the offset of p into *dst.
func (d *fastDecoder) setAt(dst *ast.At, p point) { dst.Offset = p.off }

// signature is `'(' (Arg (',' Arg)*)? ')' ('->' ResultList)? ('attributes' AttrDict)?`.
func (d *fastDecoder) signature() *ast.Signature {
	sig := &ast.Signature{Pos: d.pos()}
	d.expect(tokBracket, "(")
	if !d.is(tokBracket, ")") {
		sig.Args = d.args()
	}
	d.expect(tokBracket, ")")
	t := d.tail()
	sig.Results, sig.Attrs = t.Results, t.Attrs
	d.setPos(&sig.EndPos, d.lastEnd)
	return sig
}

// args is `Arg (',' Arg)*`.
func (d *fastDecoder) args() []*ast.Arg {
	var args []*ast.Arg
	d.argList(false, func(a *ast.Arg) { args = append(args, a) })
	return args
}

// argList reads `Arg (',' Arg)*` before the list's ')', handing each
// argument to each; with reuse, its nodes are handed out again for the
// next one once each returns. Anything but a comma or ')' after an
// argument fails here, while the list is open, so that the grammar's
// piece leaves out its middle arguments (fail).
func (d *fastDecoder) argList(reuse bool, each func(*ast.Arg)) {
	d.lists = append(d.lists, listTrack{})
	defer d.endList()
	for d.ok {
		d.elem(d.tok.at.off)
		var m nodeMarks
		if reuse {
			m = d.mark()
		}
		a := d.arg()
		if !d.ok {
			return
		}
		each(a)
		if reuse {
			d.rewind(&m)
		}
		if !d.is(tokPunct, ",") {
			if !d.is(tokBracket, ")") {
				d.fail()
			}
			return
		}
		d.next()
	}
}

// streamSignature decodes the custom-form signature src[start:end],
// whose argument list ends at argsEnd: first its tail, each result
// handed to result as soon as it is read, the tail then to tail (its
// result list without results), then its arguments, each handed to arg
// with its span as soon as it is read. A value's nodes are then reused
// for the next, so that a list costs the nodes of one value however long
// it is. tailPos and pos are the positions of argsEnd and start. ok is
// false when either part does not decode (the callbacks may have been
// called by then); failed is then the decoder that failed on the
// argument list (for grammarPiece), nil when the tail failed.
func streamSignature(src []byte, start, argsEnd, end int, pos, tailPos lexer.Position, v sigReader) (ok bool, failed *fastDecoder, skips []skipSpan) {
	d := &fastDecoder{lex: viewLexer(src, argsEnd, end, tailPos), file: pos.Filename, ok: true, failAt: -1}
	// The decoder releases inside a value, its Behind started again at
	// each result and argument: one shorter than a step releases nothing
	// (v.behind releases between arguments), a huge one a step at a time.
	var inside ast.Behind
	if v.behind != nil {
		inside.Release = v.behind.Release
		d.behind, d.lex.release = &inside, inside.Release
	}
	again := func() { inside = ast.Behind{Release: inside.Release} }
	// The points the decoder marks (cut) become anchors as it goes, before
	// the positions of what follows them are asked for.
	flushed := 0
	flush := func() {
		for _, p := range d.marks[flushed:] {
			v.mark(d.astPos(p))
		}
		flushed = len(d.marks)
	}
	d.eachResult = func(r *ast.Result) {
		flush()
		v.result(r)
		again()
	}
	d.lastEnd = d.lexerPoint()
	d.advance()
	t := d.tail()
	if !d.ok || d.tok.Type != tokEOF {
		return false, nil, nil
	}
	d.eachResult = nil
	flush()
	v.tail(t, d.astPos(d.lastEnd))
	again()
	d.restart(viewLexer(src, start, argsEnd, pos))
	d.expect(tokBracket, "(")
	if !d.is(tokBracket, ")") {
		d.argList(true, func(a *ast.Arg) {
			flush()
			v.arg(a, argSpan(a))
			again()
		})
	}
	d.expect(tokBracket, ")")
	if d.ok && d.tok.Type != tokEOF {
		d.fail()
	}
	if !d.ok {
		return false, d, nil
	}
	slices.SortFunc(d.skips, func(a, b skipSpan) int { return a.from - b.from })
	return true, nil, d.skips
}

// sigReader takes what streamSignature decodes.
type sigReader struct {
	result func(r *ast.Result)
	tail   func(t *sigTail, end ast.Pos)
	arg    func(a *ast.Arg, sp ast.ArgSpan)
	mark   func(ast.Pos)
	// behind, when set, is the caller's release between arguments; the
	// decoder releases inside a value with a Behind of the same Release.
	behind *ast.Behind
}

// decodeArg decodes src[start:end], one argument, as streamSignature
// read it, into the nodes of the last argument d decoded.
func (d *fastDecoder) decodeArg(src []byte, start, end int) (*ast.Arg, bool) {
	d.rewind(&d.last)
	d.last = d.mark()
	if d.lexBuf == nil {
		d.lexBuf = new(sigLexer)
	}
	// The lexer too is reused.
	*d.lexBuf = *viewLexer(src, start, end, lexer.Position{Filename: d.file, Line: 1, Column: 1})
	d.restart(d.lexBuf)
	a := d.arg()
	return a, d.ok && d.tok.Type == tokEOF
}

// restart makes d read from lex, as a new decoder would; its nodes' slabs
// are kept.
func (d *fastDecoder) restart(lex *sigLexer) {
	d.lex, d.ok, d.failAt = lex, true, -1
	if d.behind != nil {
		lex.release = d.behind.Release
	}
	d.dropUnread, d.spare, d.skim, d.skimTwice = false, false, 0, -1
	d.skimKeys.Cut(0)
	d.pending, d.cuts, d.lists = d.pending[:0], d.cuts[:0], d.lists[:0]
	d.pendingTypes = d.pendingTypes[:0]
	d.lastEnd = d.lexerPoint()
	d.advance()
}

// argSpan is where a is written, and which of ast.ArgSpanKeys its
// dictionary has.
func argSpan(a *ast.Arg) ast.ArgSpan {
	sp := ast.ArgSpan{Pos: a.Pos, EndPos: a.EndPos, TypeEnd: a.Type.EndPos}
	if a.Attrs != nil {
		for _, e := range a.Attrs.Entries {
			for k, key := range ast.ArgSpanKeys {
				if e.Name() == key {
					sp.Keys |= 1 << k
				}
			}
		}
	}
	return sp
}

// nodeSlabs are the slabs the decoder's nodes come from; entryLists and
// typeLists hold the exact-size lists of dictionaries' entries and of
// type lists' elements.
type nodeSlabs struct {
	argSlab    slab[ast.Arg]
	results    slab[ast.Result]
	types      slab[ast.Type]
	tensors    slab[ast.TensorType]
	names      slab[ast.NamedType]
	dicts      slab[ast.AttrDict]
	entries    slab[ast.AttrEntry]
	attrs      slab[ast.Attr]
	locs       slab[ast.Loc]
	tuples     slab[ast.TupleType]
	entryLists slab[*ast.AttrEntry]
	typeLists  slab[*ast.Type]
}

// nodeMarks are where the slabs an argument's nodes come from stood
// before it was read (mark).
type nodeMarks nodeSlabs

// mark notes where each slab stands. An argument that takes more nodes
// of a kind than the slab's chunk has left leaves the nodes it took to
// the collector; the chunks grow, and the next arguments fit.
func (d *fastDecoder) mark() nodeMarks { return nodeMarks(d.nodeSlabs) }

// rewind hands out again, cleared, the nodes taken since m.
func (d *fastDecoder) rewind(m *nodeMarks) {
	rewindSlab(&d.argSlab, m.argSlab)
	rewindSlab(&d.results, m.results)
	rewindSlab(&d.types, m.types)
	rewindSlab(&d.tensors, m.tensors)
	rewindSlab(&d.names, m.names)
	rewindSlab(&d.dicts, m.dicts)
	rewindSlab(&d.entries, m.entries)
	rewindSlab(&d.attrs, m.attrs)
	rewindSlab(&d.locs, m.locs)
	rewindSlab(&d.tuples, m.tuples)
	rewindSlab(&d.entryLists, m.entryLists)
	rewindSlab(&d.typeLists, m.typeLists)
}

// rewindSlab makes s hand out m's nodes again, when s still hands out
// from the chunk m's are the rest of.
func rewindSlab[T any](s *slab[T], m slab[T]) {
	n := len(m.buf) - len(s.buf)
	if n <= 0 || len(s.buf) == 0 || &m.buf[len(m.buf)-1] != &s.buf[len(s.buf)-1] {
		return
	}
	clear(m.buf[:n])
	s.buf = m.buf
}

// tail is `('->' ResultList)? ('attributes' AttrDict)?`.
func (d *fastDecoder) tail() *sigTail {
	t := &sigTail{}
	if d.is(tokPunct, "->") {
		d.next()
		t.Results = d.resultList()
	}
	if d.is(tokIdent, "attributes") {
		d.next()
		if !d.is(tokBracket, "{") {
			d.fail()
			return t
		}
		d.dropUnread = true
		t.Attrs = d.dict()
	}
	return t
}

// arg is `(Percent ':')? Type AttrDict? Loc?`.
func (d *fastDecoder) arg() *ast.Arg {
	a := d.argSlab.new()
	d.setAt(&a.Pos, d.tok.at)
	if d.ok && d.tok.Type == tokPercent {
		a.Name = d.copyTok(d.next().Value)
		d.expect(tokPunct, ":")
	}
	a.Type = d.typ()
	a.Attrs, a.Loc = d.trailer()
	d.setAt(&a.EndPos, d.lastEnd)
	return a
}

// trailer is `AttrDict? Loc?`.
func (d *fastDecoder) trailer() (dict *ast.AttrDict, loc *ast.Loc) {
	if d.is(tokBracket, "{") {
		d.dropUnread = true
		dict = d.dict()
	}
	if d.ok && d.tok.Type == tokLoc {
		loc = d.loc()
	}
	return dict, loc
}

// loc is a location, at its token.
func (d *fastDecoder) loc() *ast.Loc {
	loc := d.locs.new()
	d.setAt(&loc.Pos, d.tok.at)
	d.wholeToken(d.next(), '(')
	d.setAt(&loc.EndPos, d.lastEnd)
	return loc
}

// resultList is `'(' (Result (',' Result)*)? ')' | Type`.
func (d *fastDecoder) resultList() *ast.ResultList {
	r := &ast.ResultList{Pos: d.pos()}
	if !d.is(tokBracket, "(") {
		r.Single = d.typ()
		d.setPos(&r.EndPos, d.lastEnd)
		if d.eachResult != nil && d.ok {
			d.eachResult(&ast.Result{Pos: r.Single.Pos, EndPos: r.Single.EndPos, Type: r.Single})
			r.Single = nil
		}
		return r
	}
	d.next()
	r.Paren = true
	d.list(")", func() {
		if d.eachResult == nil {
			r.Results = append(r.Results, d.result())
			return
		}
		m := d.mark()
		if res := d.result(); d.ok {
			d.eachResult(res)
		}
		d.rewind(&m)
	})
	d.expect(tokBracket, ")")
	d.setPos(&r.EndPos, d.lastEnd)
	return r
}

// result is `Type AttrDict? Loc?`.
func (d *fastDecoder) result() *ast.Result {
	res := d.results.new()
	d.setAt(&res.Pos, d.tok.at)
	res.Type = d.typ()
	res.Attrs, res.Loc = d.trailer()
	d.setAt(&res.EndPos, d.lastEnd)
	return res
}

// keywords are the identifiers the grammar gives a meaning somewhere; a
// type or value spelled as one is left to the grammar.
func keyword(s string) bool {
	switch s {
	case "tensor", "tuple", "true", "false", "array", "dense", "attributes", "loc", "bounds":
		return true
	}
	return false
}

// typ is a tensor type `tensor<Dims? Type (',' Attr)?>` or a named type
// without a body; any other type fails.
func (d *fastDecoder) typ() *ast.Type {
	if !d.ok {
		return nil
	}
	t := newNode(d, &d.types, &d.spareType)
	d.setAt(&t.Pos, d.tok.at)
	switch d.tok.Type {
	case tokIdent:
		if d.tok.Value == "tensor" {
			if d.plainTensor() {
				t.Node = ast.Plain
			} else {
				t.Node = d.tensor()
			}
			break
		}
		if d.tok.Value == "tuple" {
			t.Node = d.tuple()
			break
		}
		if keyword(d.tok.Value) {
			d.fail()
			return nil
		}
		t.Node = d.named()
	case tokBang, tokBangRaw:
		t.Node = d.named()
	case tokBracket:
		if d.tok.Value != "(" {
			d.fail()
			return nil
		}
		t.Node = d.funcType()
	default:
		d.fail()
		return nil
	}
	d.setAt(&t.EndPos, d.lastEnd)
	return t
}

// named is a NamedType, with a raw body if '<' follows.
func (d *fastDecoder) named() *ast.NamedType {
	n := newNode(d, &d.names, &d.spareName)
	n.Name = d.keep(d.next().Value)
	if d.is(tokBracket, "<") {
		n.Body = &ast.RawAngle{Items: d.rawItems(">")}
	}
	return n
}

// rawItems reads the tokens and balanced groups after an opening bracket,
// then the bracket close.
func (d *fastDecoder) rawItems(close string) []*ast.RawItem {
	d.next()
	var items []*ast.RawItem
	var spare ast.RawItem // in a skipped value, whose nodes are not kept
	for d.ok && !d.is(tokBracket, close) {
		item := &spare
		if d.skim == 0 {
			item = &ast.RawItem{}
		}
		switch d.tok.Type {
		case tokBracket:
			switch d.tok.Value {
			case "(":
				item.Paren = &ast.RawParen{Items: d.rawItems(")")}
			case "[":
				item.Square = &ast.RawSquare{Items: d.rawItems("]")}
			case "{":
				item.Brace = &ast.RawBrace{Items: d.rawItems("}")}
			case "<":
				item.Angle = &ast.RawAngle{Items: d.rawItems(">")}
			default:
				d.fail()
				return nil
			}
		case tokEOF, tokMode:
			d.fail()
			return nil
		default:
			item.Token = d.keep(d.next().Value)
		}
		if d.skim == 0 {
			items = append(items, item)
		}
	}
	d.expect(tokBracket, close)
	return items
}

// tuple is `'tuple' '<' (Type (',' Type)*)? '>'`.
func (d *fastDecoder) tuple() *ast.TupleType {
	t := newNode(d, &d.tuples, &d.spareTuple)
	t.Pos = d.at()
	d.next()
	open := d.tok.at.off
	d.expect(tokBracket, "<")
	t.Elems = d.typeList(">")
	d.whole(open, ">")
	d.expect(tokBracket, ">")
	d.setAt(&t.EndPos, d.lastEnd)
	return t
}

// typeList is `(Type (',' Type)*)?` before the bracket close.
func (d *fastDecoder) typeList(close string) []*ast.Type {
	first := len(d.pendingTypes)
	d.list(close, func() {
		t := d.typ()
		d.pendingTypes = append(d.pendingTypes, t)
	})
	var list []*ast.Type
	if n := len(d.pendingTypes) - first; n > 0 {
		list = d.typeLists.take(n)
		copy(list, d.pendingTypes[first:])
	}
	d.pendingTypes = d.pendingTypes[:first]
	return list
}

// funcType is `'(' (Type (',' Type)*)? ')' '->' ('(' (Type (',' Type)*)? ')' | Type)`.
func (d *fastDecoder) funcType() *ast.FunctionType {
	f := &ast.FunctionType{Pos: d.at()}
	d.next()
	f.Inputs = d.typeList(")")
	d.expect(tokBracket, ")")
	d.expect(tokPunct, "->")
	if d.is(tokBracket, "(") {
		d.next()
		f.Paren = true
		f.Results = d.typeList(")")
		d.expect(tokBracket, ")")
	} else {
		f.Single = d.typ()
	}
	d.setAt(&f.EndPos, d.lastEnd)
	return f
}

// plainTensor reads the commonest tensor type, such as tensor<2x?x3xf32>:
// dimensions of digits or '?', a builtin element type, no white space,
// comment or encoding inside. It reads its five tokens at once, the
// lookahead 'tensor' first, for the node ast.Plain; or it returns false
// and has read nothing.
func (d *fastDecoder) plainTensor() bool {
	l := d.lex
	at := d.tok.at
	src, end := l.src[:l.end], l.end
	i := l.pos.Offset // after 'tensor'
	if i >= end || src[i] != '<' || l.depth+1 > MaxDepth {
		return false
	}
	dims := i + 1
	j := dims
	for {
		k := j
		if k < end && src[k] == '?' {
			k++
		} else {
			for k < end && isDigit(src[k]) {
				k++
			}
		}
		if k == j || k >= end || src[k] != 'x' {
			break
		}
		j = k + 1
	}
	if j >= end || !isIdentStart(src[j]) {
		return false
	}
	e := j + identLen(src, j)
	if e >= end || src[e] != '>' {
		return false
	}
	if keyword(l.str[j-l.base : e-l.base]) {
		return false
	}
	// All on the line of 'tensor'.
	l.pos.Offset, l.pos.Column = e+1, at.col+e+1-at.off
	l.shaped, l.dimsOK = false, false
	d.lastEnd = point{e + 1, at.line, at.col + e + 1 - at.off}
	d.advance()
	return true
}

// tensor is `'tensor' '<' Dims? Type (',' Attr)? '>'`.
func (d *fastDecoder) tensor() *ast.TensorType {
	t := d.tensors.new()
	d.next()
	d.expect(tokBracket, "<")
	if d.ok && d.tok.Type == tokDims {
		t.Dims = d.keep(d.next().Value)
	}
	t.Elem = d.typ()
	if d.is(tokPunct, ",") {
		d.next()
		t.Encoding = d.attr()
	}
	d.expect(tokBracket, ">")
	return t
}

// dict is `'{' (AttrEntry (',' AttrEntry)*)? '}'`, at a '{'.
func (d *fastDecoder) dict() *ast.AttrDict {
	dict := newNode(d, &d.dicts, &d.spareDict)
	d.setAt(&dict.Pos, d.tok.at)
	open := dict.Pos.Offset
	drop, only := d.dropUnread, d.only
	d.dropUnread, d.only = false, nil
	if only != nil {
		// Every entry is first read as a skipped value's would be; one of
		// a key in only is then kept. A key written twice among the others
		// is the value's Twice, for lower to report.
		d.skim++
		defer func() { d.skim-- }()
	}
	d.next()
	first, keys := len(d.pending), d.skimKeys.Open()
	d.lists = append(d.lists, listTrack{})
	defer d.endList()
	for d.ok && !d.is(tokBracket, "}") {
		d.elem(d.tok.at.off)
		e := newNode(d, &d.entries, &d.spareEntry)
		d.setAt(&e.Pos, d.tok.at)
		keyAt := d.tok.at.off // e may be a spare node, which the value's entries reuse
		if d.tok.Type != tokIdent && d.tok.Type != tokString {
			d.fail()
			return nil
		}
		e.Key = d.keep(d.next().Value)
		name := e.Name()
		kept := only != nil && slices.Contains(only, name)
		if kept {
			d.skim--
			k := d.entries.new()
			*k = *e
			e, e.Key = k, d.keep(e.Key)
		}
		if d.is(tokPunct, "=") {
			d.next()
			switch {
			case !drop || ast.ReadsValue(name):
				if keys := ast.ReadsKeys(name); drop && keys != nil && d.is(tokBracket, "{") {
					e.Value = d.partial(keys)
				} else {
					e.Value = d.attr()
				}
			case d.scalar():
				d.spare = true
				d.attr()
				e.Value = ast.Unkept
			default:
				e.Value = d.skipped()
			}
		}
		d.setAt(&e.EndPos, d.lastEnd)
		if kept {
			d.pending = append(d.pending, e)
			d.skim++
		} else if d.skim > 0 {
			d.skimKeys.Add(keyset.Hash(name), keyAt)
		} else {
			d.pending = append(d.pending, e)
		}
		if !d.is(tokPunct, ",") {
			break
		}
		if d.skim > 0 && only == nil {
			d.skimEntries()
		}
		d.next()
		if d.is(tokBracket, "}") {
			d.fail() // a trailing comma
		}
	}
	if n := len(d.pending) - first; n > 0 {
		dict.Entries = d.entryLists.take(n)
		copy(dict.Entries, d.pending[first:])
		d.pending = d.pending[:first]
	}
	if d.skim > 0 {
		src := d.lex.src
		d.noteTwice(d.skimKeys.Close(keys, func(a, b int) bool { return sameKey(src, a, b) }))
	} else {
		d.skimKeys.Cut(keys)
	}
	d.whole(open, "}")
	d.expect(tokBracket, "}")
	d.setAt(&dict.EndPos, d.lastEnd)
	return dict
}

// skipped reads a value that the tool does not read, other than a
// scalar: as its span and kind alone (ast.AttrEntry), keeping no node of
// its insides; the first key written twice in a dictionary inside it is
// its Twice, for lower to report.
func (d *fastDecoder) skipped() *ast.Attr {
	if a := d.jump(); a != nil {
		return a
	}
	tok, keys, outer := d.tok, d.skimKeys.Depth(), d.skimTwice
	d.skim++
	d.skimTwice = -1
	var kind ast.AttrKind
	if v := d.attr(); v != nil {
		kind = v.Kind
	}
	d.skim--
	twice := d.skimTwice
	d.skimTwice = outer
	d.skimKeys.Cut(keys)
	a := d.attrs.new()
	a.Pos, a.EndPos, a.Kind = ast.At{Offset: tok.at.off}, ast.At{Offset: d.lastEnd.off}, kind
	if d.ok && twice >= 0 {
		a.Twice = d.twiceAt(twice)
	} else if d.ok && d.lastEnd.off-tok.at.off >= jumpBytes {
		d.skips = append(d.skips, skipSpan{tok.at.off, d.lastEnd.off, kind})
	}
	return a
}

// jump steps over the skipped value at the token when it is one of the
// decoder's jumps: the value is then its noted span and kind, its text
// not read again. It returns nil otherwise.
func (d *fastDecoder) jump() *ast.Attr {
	off := d.tok.at.off
	i, found := slices.BinarySearchFunc(d.jumps, off, func(s skipSpan, off int) int { return s.from - off })
	if !found || d.jumps[i].to > d.lex.end {
		return nil
	}
	s := d.jumps[i]
	// The value's brackets are balanced, so the lexer's depth is as it
	// was; a decoder of a span again reports offsets alone, so the line
	// and column go on as if the value were one line.
	l := d.lex
	l.pos.Column += s.to - l.pos.Offset
	l.pos.Offset = s.to
	d.lastEnd = point{s.to, l.pos.Line, l.pos.Column}
	d.advance()
	a := d.attrs.new()
	a.Pos, a.EndPos, a.Kind = ast.At{Offset: s.from}, ast.At{Offset: s.to}, s.kind
	return a
}

// partial reads a dictionary the tool reads the keys only of (the value
// of a key ast.ReadsKeys names), at its '{': the entries of those keys
// kept, the others read as the insides of a skipped value, the first key
// written twice among them its Twice.
func (d *fastDecoder) partial(keys []string) *ast.Attr {
	skimKeys, outer := d.skimKeys.Depth(), d.skimTwice
	d.skimTwice = -1
	d.only = keys
	a := d.attr()
	twice := d.skimTwice
	d.skimTwice = outer
	d.skimKeys.Cut(skimKeys)
	if d.ok && twice >= 0 {
		a.Twice = d.twiceAt(twice)
	}
	return a
}

// attr is an attribute value with an optional `: Type` suffix.
func (d *fastDecoder) attr() *ast.Attr {
	if !d.ok {
		return nil
	}
	a := &d.spareAttr
	if !d.spare {
		a = newNode(d, &d.attrs, &d.spareAttr)
	}
	d.spare = false
	d.setAt(&a.Pos, d.tok.at)
	switch t := d.tok; t.Type {
	case tokString:
		a.Kind = ast.KindString
		t := d.next()
		if len(t.Value) < ast.UnreadStringBytes {
			a.Text = d.keep(t.Value)
		}
		d.wholeToken(t, '"')
	case tokInt, tokFloat:
		a.Kind, a.Text = ast.KindNumber, d.keep(d.next().Value)
	case tokHash:
		switch t.Value {
		case "#mhlo.result_alias":
			a.Kind, a.Node = ast.KindResultAlias, d.resultAlias()
		case "#mhlo.type_extensions":
			a.Kind, a.Node = ast.KindMHLOBounds, d.mhloBounds()
		case "#stablehlo.bounds":
			a.Kind, a.Node = ast.KindSHLOBounds, d.shloBounds()
		default:
			h := &ast.HashAttr{Pos: d.at()}
			h.Name = d.keep(d.next().Value)
			d.setAt(&h.EndPos, d.lastEnd)
			a.Kind, a.Node = ast.KindHash, h
		}
	case tokHashRaw:
		h := &ast.HashAttr{Pos: d.at()}
		t := d.next()
		if len(t.Value) < ast.UnreadStringBytes {
			h.Raw = d.keep(t.Value)
		}
		d.wholeToken(t, '<')
		d.setAt(&h.EndPos, d.lastEnd)
		a.Kind, a.Node = ast.KindHash, h
	case tokAt:
		a.Kind, a.Text = ast.KindSymbol, d.keep(d.next().Value)
	case tokLoc:
		a.Kind, a.Node = ast.KindLoc, d.loc()
	case tokBracket:
		switch t.Value {
		case "[":
			a.Kind, a.Node = ast.KindArray, d.array()
		case "{":
			a.Kind, a.Node = ast.KindDict, d.dict()
		case "(":
			a.Kind, a.Node = ast.KindType, d.typ()
		default:
			d.fail()
			return nil
		}
	case tokIdent:
		if t.Value == "true" || t.Value == "false" {
			a.Kind, a.Text = ast.KindBool, d.keep(d.next().Value)
			break
		}
		if t.Value == "array" {
			a.Kind, a.Node = ast.KindDenseArray, d.denseArray()
			break
		}
		if t.Value == "dense" {
			a.Kind, a.Node = ast.KindDense, d.dense()
			break
		}
		a.Kind, a.Node = ast.KindType, d.typ()
	default:
		a.Kind, a.Node = ast.KindType, d.typ()
	}
	if d.is(tokPunct, ":") {
		d.next()
		a.Suffix = d.typ()
	}
	d.setAt(&a.EndPos, d.lastEnd)
	return a
}

// scalar reports whether the value at the token is a string, a number or
// a boolean (ast.AttrEntry).
func (d *fastDecoder) scalar() bool {
	switch d.tok.Type {
	case tokString, tokInt, tokFloat:
		return true
	case tokIdent:
		return d.tok.Value == "true" || d.tok.Value == "false"
	}
	return false
}

// array is `'[' (Attr (',' Attr)*)? ']'`, at a '['.
func (d *fastDecoder) array() *ast.ArrayAttr {
	arr := &d.spareArray // a skipped value's nodes are not kept
	if d.skim == 0 {
		arr = &ast.ArrayAttr{}
	}
	*arr = ast.ArrayAttr{Pos: d.at()}
	open := arr.Pos.Offset
	if d.flatArray(arr) || !d.ok {
		return arr
	}
	d.next()
	d.list("]", func() {
		if el := d.attr(); d.skim == 0 {
			arr.Elems = append(arr.Elems, el)
		}
	})
	d.whole(open, "]")
	d.expect(tokBracket, "]")
	d.setAt(&arr.EndPos, d.lastEnd)
	return arr
}

// flatArray reads an array of scalars (numbers, strings, booleans, none
// with a type suffix) as its span alone, allocating nothing whatever its
// length: the tool never reads one. It reports false, having read
// nothing, at an element that may be some other attribute, which array
// then reads element by element; on a token no attribute can hold there
// (a trailing comma, a closing bracket of another kind, the end of the
// span) it fails at once, as array would, without reading the array
// again.
func (d *fastDecoder) flatArray(arr *ast.ArrayAttr) bool {
	lex, tok, tokEnd, lastEnd := *d.lex, d.tok, d.tokEnd, d.lastEnd
	restore := func() bool {
		*d.lex, d.tok, d.tokEnd, d.lastEnd = lex, tok, tokEnd, lastEnd
		return false
	}
	open := d.tokEnd.off
	d.next() // '['
	// The starts of the last three elements read, the latest last: the
	// grammar's message depends on the elements before the error, as it
	// looks ahead, and reads the same with three of them left.
	last := [3]int{open, open, open}
	cut := func(to int) {
		if to-open >= cutBytes {
			d.cuts = append(d.cuts, [2]int{open, to})
		}
	}
	failAt := func() {
		cut(last[0])
		d.fail()
	}
	if d.is(tokBracket, "]") {
		return restore()
	}
	for d.ok {
		switch t := d.tok; {
		case d.scalar():
			last = [3]int{last[1], last[2], t.at.off}
			d.next()
		case t.Type == tokEOF || t.Type == tokBracket && (t.Value == "]" || t.Value == ")" || t.Value == "}" || t.Value == ">"),
			t.Type == tokPunct && t.Value == ",":
			failAt() // no attribute starts here
			return false
		default:
			return restore()
		}
		switch t := d.tok; {
		case t.Type == tokPunct && t.Value == ",":
			d.skimNumbers(&last)
			d.next()
		case t.Type == tokBracket && t.Value == "]":
			if t.at.off+1-arr.Pos.Offset < ast.UnreadArrayBytes {
				return restore() // short: read as the grammar does
			}
			d.cut(open-1, t.at.off)
			d.next()
			arr.Unread = true
			d.setAt(&arr.EndPos, d.lastEnd)
			return true
		case t.Type == tokPunct && t.Value == ":":
			return restore() // a typed element
		default:
			failAt()
			return false
		}
	}
	return false
}

// skimNumbers reads, at a comma of a list of scalars, the commonest run of
// elements after it, decimal numbers (`-?[0-9]+(\.[0-9]*([eE][-+]?[0-9]+)?)?`,
// each one Int or Float token) each followed by a comma, with blanks and
// newlines between, straight from the bytes rather than as tokens: the
// lexer would give each a number and a Punct token. It leaves the decoder
// at the last comma read, as if it had read them as tokens, and last
// holding the starts of the last three elements; it returns how many it
// read and the start of the first. It reads at most ast.ReleaseStep bytes.
func (d *fastDecoder) skimNumbers(last *[3]int) (n, first int) {
	l := d.lex
	// A ReleaseStep at most, so that the tokens read between two skims
	// tell the decoder's Behind how far it is.
	src := l.src[:min(l.end, l.pos.Offset+ast.ReleaseStep)]
	// Columns count bytes, so a position is its line and the offset of
	// that line's first byte: only a newline changes them.
	i, line, lineStart := l.pos.Offset, l.pos.Line, l.pos.Offset-(l.pos.Column-1)
	ln, ls := line, lineStart // as the scan goes, before an element is taken
	comma := -1
	s0, s1, s2 := last[0], last[1], last[2]
	// Eight bytes at a time while they are elements on one line; the
	// loop below goes on from the last comma.
	if c, t, k := skimIntWords(src, i); c >= 0 {
		for _, x := range t[4-k:] {
			s0, s1, s2 = s1, s2, x
		}
		n, first = wordElems(src, i, c), firstElem(src, i)
		comma, i = c, c+1
	}
	for { // the loops compare with len(src), so the compiler drops bounds checks
		j := i
		for j < len(src) {
			if c := src[j]; c == ' ' {
				j++
			} else if c == '\n' {
				ln, ls = ln+1, j+1
				j++
			} else {
				break
			}
		}
		k := numberEnd(src, j)
		if k == j || k >= len(src) || src[k] != ',' {
			break
		}
		if n == 0 {
			first = j
		}
		n++
		s0, s1, s2 = s1, s2, j
		comma, line, lineStart = k, ln, ls
		i = k + 1
	}
	if comma < 0 {
		return 0, 0
	}
	*last = [3]int{s0, s1, s2}
	col := i - lineStart + 1
	d.tok.Type, d.tok.Value, d.tok.at = tokPunct, l.str[comma-l.base:comma+1-l.base], point{comma, line, col - 1}
	d.tokEnd = point{i, line, col}
	l.pos.Offset, l.pos.Line, l.pos.Column = i, line, col
	return n, first
}

// skimEntries reads, at a comma of a dictionary inside a skipped value,
// the run of entries after it that it can read straight from the bytes,
// as skimNumbers reads numbers: a bare key, then ` = ` and a value that
// is a number, a string, a boolean, a flat list of those or a dictionary
// of such entries, each shorter than cutBytes, blanks between, each
// entry followed by a comma. It leaves the decoder at the last comma
// read, as if it had read the entries as tokens: their starts noted in
// the dictionary's list, their keys noted (skimKeys), a key written
// twice in a dictionary inside them noted
// (skimTwice). It reads at most a ReleaseStep, and anything else it
// leaves to the tokens.
func (d *fastDecoder) skimEntries() {
	l := d.lex
	src := l.src[:min(l.end, l.pos.Offset+ast.ReleaseStep)]
	start, lineStart := l.pos.Offset, l.pos.Offset-(l.pos.Column-1)
	comma := -1
	for i := start; ; {
		j := skipBlanks(src, i)
		k, key, twice, ok := skimEntry(src, j, l.depth)
		if !ok {
			break
		}
		if k = skipBlanks(src, k); k >= len(src) || src[k] != ',' {
			break
		}
		if n := skipBlanks(src, k+1); n < len(src) && src[n] == '}' {
			break // a trailing comma: the tokens fail there
		}
		d.elem(j)
		d.skimKeys.Add(keyset.Hash(src[key[0]:key[1]]), key[0])
		d.noteTwice(twice)
		comma, i = k, k+1
	}
	if comma < 0 {
		return
	}
	i := comma + 1
	col := i - lineStart + 1
	d.tok.Type, d.tok.Value, d.tok.at = tokPunct, l.str[comma-l.base:comma+1-l.base], point{comma, l.pos.Line, col - 1}
	d.tokEnd = point{i, l.pos.Line, col}
	l.pos.Offset, l.pos.Column = i, col
}

// skipBlanks is the offset of the first byte at or after i that is not a
// blank.
func skipBlanks(src []byte, i int) int {
	for i < len(src) && src[i] == ' ' {
		i++
	}
	return i
}

// skimEntry reads the entry at j, at bracket depth depth, as skimEntries
// takes one: it returns the offset after it, its key's span, the offset
// of the first key written twice in a dictionary inside it (-1 for
// none), and false when it is not one.
func skimEntry(src []byte, j, depth int) (end int, key [2]int, twice int, ok bool) {
	if j >= len(src) || charClass[src[j]] != classIdent {
		return 0, key, -1, false
	}
	n := identLen(src, j)
	if n == 3 && string(src[j:j+3]) == "loc" {
		return 0, key, -1, false // a location, perhaps
	}
	key = [2]int{j, j + n}
	p := skipBlanks(src, j+n)
	if p >= len(src) || src[p] != '=' {
		return j + n, key, -1, true // a unit entry
	}
	end, twice, ok = skimValue(src, skipBlanks(src, p+1), depth)
	return end, key, twice, ok
}

// skimValue reads the value at p as skimEntry takes one, and no type
// suffix after it.
func skimValue(src []byte, p, depth int) (end, twice int, ok bool) {
	if p >= len(src) {
		return 0, -1, false
	}
	twice = -1
	switch c := src[p]; {
	case c == '[':
		end, ok = skimList(src, p, depth)
	case c == '{':
		end, twice, ok = skimDict(src, p, depth)
	default:
		end, ok = skimScalar(src, p)
	}
	if q := skipBlanks(src, end); !ok || q < len(src) && src[q] == ':' {
		return 0, -1, false
	}
	return end, twice, true
}

// skimScalar reads a number, a string or a boolean at p.
func skimScalar(src []byte, p int) (int, bool) {
	switch c := src[p]; {
	case c == '"':
		e, ok := skipString(src, p)
		if !ok || e-p-2 >= cutBytes {
			return 0, false
		}
		if k, _ := badInString(src[p+1 : e-1]); k >= 0 {
			return 0, false
		}
		return e, true
	case c == '-' || c-'0' < 10:
		e := numberEnd(src, p)
		if e == p || e < len(src) && (identChar[src[e]] || src[e] == '.') {
			return 0, false
		}
		return e, true
	case charClass[c] == classIdent:
		n := identLen(src, p)
		if w := string(src[p : p+n]); w != "true" && w != "false" {
			return 0, false
		}
		return p + n, true
	}
	return 0, false
}

// skimList reads a list of scalars `[a, b]` at p.
func skimList(src []byte, p, depth int) (int, bool) {
	if depth+1 > MaxDepth {
		return 0, false
	}
	q := skipBlanks(src, p+1)
	if q < len(src) && src[q] == ']' {
		return q + 1, true
	}
	for q < len(src) && q-p < cutBytes {
		e, ok := skimScalar(src, q)
		if !ok {
			return 0, false
		}
		if e = skipBlanks(src, e); e >= len(src) {
			return 0, false
		}
		switch src[e] {
		case ']':
			return e + 1, e-p-1 < cutBytes
		case ',':
			if q = skipBlanks(src, e+1); q < len(src) && src[q] == ']' {
				return 0, false // a trailing comma
			}
		default:
			return 0, false
		}
	}
	return 0, false
}

// skimDict reads a dictionary of entries `{k = v, ...}` at p, and the
// offset of the first key written twice in it or in a dictionary inside
// it, -1 for none.
func skimDict(src []byte, p, depth int) (end, twice int, ok bool) {
	if depth+1 > MaxDepth {
		return 0, -1, false
	}
	var keysBuf [8][2]int
	keys := keysBuf[:0] // the spans of the keys
	twice = -1
	q := skipBlanks(src, p+1)
	if q < len(src) && src[q] == '}' {
		return q + 1, -1, true
	}
	for q < len(src) && q-p < cutBytes {
		e, key, inner, ok := skimEntry(src, q, depth+1)
		if !ok {
			return 0, -1, false
		}
		// The key comes before the dictionaries inside its value: the
		// first found is the first in the text.
		for _, o := range keys {
			if twice < 0 && bytes.Equal(src[o[0]:o[1]], src[key[0]:key[1]]) {
				twice = key[0]
			}
		}
		if twice < 0 {
			twice = inner
		}
		keys = append(keys, key)
		if e = skipBlanks(src, e); e >= len(src) {
			return 0, -1, false
		}
		switch src[e] {
		case '}':
			return e + 1, twice, e-p-1 < cutBytes
		case ',':
			if q = skipBlanks(src, e+1); q < len(src) && src[q] == '}' {
				return 0, -1, false // a trailing comma
			}
		default:
			return 0, -1, false
		}
	}
	return 0, -1, false
}

// numberEnd is the end of the decimal number at j as the lexer reads it
// (sigLexer.number, without hexadecimal), or j when there is none.
func numberEnd(src []byte, j int) int {
	k := j
	if k < len(src) && src[k] == '-' {
		k++
	}
	d := k
	for k < len(src) && src[k]-'0' < 10 {
		k++
	}
	if k == d {
		return j
	}
	if k >= len(src) || src[k] != '.' {
		return k
	}
	k++
	for k < len(src) && src[k]-'0' < 10 {
		k++
	}
	if k < len(src) && (src[k] == 'e' || src[k] == 'E') {
		e := k + 1
		if e < len(src) && (src[e] == '+' || src[e] == '-') {
			e++
		}
		if e < len(src) && src[e]-'0' < 10 {
			for e < len(src) && src[e]-'0' < 10 {
				e++
			}
			k = e
		}
	}
	return k
}

// wordElems counts the elements of the run of skimIntWords from i to its
// comma c: its commas.
func wordElems(src []byte, i, c int) int {
	return bytes.Count(src[i:c+1], []byte{','})
}

// firstElem is the start of the element after i: past its blanks.
func firstElem(src []byte, i int) int {
	for i < len(src) && src[i] == ' ' {
		i++
	}
	return i
}

// skimIntWords is skimNumbers's pass over whole words of eight bytes from
// i, just after a comma, while each holds only digits, commas and blanks
// in the order of elements (` *[0-9]+,`, on one line): with a bit per
// byte for each class, a comma after a comma, a blank after a digit or a
// comma after a blank ends the run, as do any other byte and a newline.
// It returns the last comma of the run (-1 when there is none) and the
// starts of the elements before it, the last n of them (at most 4) at
// the end of t.
func skimIntWords(src []byte, i int) (comma int, t [4]int, n int) {
	if comma = lastIntComma(src, i); comma < 0 {
		return -1, t, 0
	}
	// The last elements' starts, back from the last comma: each element
	// is blanks, digits and its comma, the first just after i.
	for k := comma; n < 4; n++ {
		s := k
		for s > i && src[s-1]-'0' < 10 {
			s--
		}
		t[3-n] = s
		for s > i && src[s-1] == ' ' {
			s--
		}
		if s <= i {
			return comma, t, n + 1
		}
		k = s - 1
	}
	return comma, t, n
}

// lastIntComma is skimIntWords's pass over the words: the last comma of
// the run from i, or -1.
func lastIntComma(src []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// Every byte a digit, a comma or a blank, the order of elements is:
	// a byte that is not a digit is a comma exactly when the byte before
	// it is a digit (a comma after a comma or a blank, or a blank after
	// a digit, ends the run).
	word, mask := -1, uint64(0) // the last word with a comma, its commas
	var pd uint64               // the digits of the word before (none: a comma precedes i)
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		d := ((x + ones*0x50) &^ (x + ones*0x46)) & highs // '0' <= b <= '9'
		c := byteIs(x, ',')
		if x&highs != 0 || d|c|byteIs(x, ' ') != highs || (c^(d<<8|pd>>56))&^d != 0 {
			break
		}
		if c != 0 {
			word, mask = i, c
		}
		pd = d
	}
	if word < 0 {
		return -1
	}
	return word + (63-bits.LeadingZeros64(mask))/8
}

// byteIs marks the bytes of the ASCII word x equal to b, exactly (no
// borrow between bytes, unlike the usual zero-byte test).
func byteIs(x, b uint64) uint64 {
	const ones, lows, highs = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	y := x ^ (ones * b)
	return ^(((y & lows) + lows) | y) & highs
}

// denseArray is `'array' '<' Type (':' (Value (',' Value)*)?)? '>'`, at
// 'array'; a value is an integer, a float, true or false.
func (d *fastDecoder) denseArray() *ast.DenseArrayAttr {
	arr := &ast.DenseArrayAttr{Pos: d.at()}
	d.next()
	d.expect(tokBracket, "<")
	arr.Elem = d.typ()
	if d.is(tokPunct, ":") {
		d.next()
		d.list(">", func() {
			switch t := d.tok; {
			case t.Type == tokInt || t.Type == tokFloat || t.Type == tokIdent && (t.Value == "true" || t.Value == "false"):
				arr.Values = append(arr.Values, d.keep(d.next().Value))
			default:
				d.fail()
			}
		})
	}
	if !d.ok {
		return nil
	}
	d.expect(tokBracket, ">")
	d.setAt(&arr.EndPos, d.lastEnd)
	return arr
}

// mhloBounds is `'#mhlo.type_extensions' '<' 'bounds' '=' '[' Bounds ']' '>'`.
func (d *fastDecoder) mhloBounds() *ast.MHLOBoundsAttr {
	b := &ast.MHLOBoundsAttr{Pos: d.at()}
	d.next()
	d.expect(tokBracket, "<")
	d.expect(tokIdent, "bounds")
	d.expect(tokPunct, "=")
	d.expect(tokBracket, "[")
	b.Bounds = d.bounds("]")
	d.expect(tokBracket, "]")
	d.expect(tokBracket, ">")
	d.setAt(&b.EndPos, d.lastEnd)
	return b
}

// shloBounds is `'#stablehlo.bounds' '<' Bounds '>'`.
func (d *fastDecoder) shloBounds() *ast.SHLOBoundsAttr {
	b := &ast.SHLOBoundsAttr{Pos: d.at()}
	d.next()
	d.expect(tokBracket, "<")
	b.Bounds = d.bounds(">")
	d.expect(tokBracket, ">")
	d.setAt(&b.EndPos, d.lastEnd)
	return b
}

// bounds is `((Int | '?') (',' (Int | '?'))*)?` before the bracket close.
func (d *fastDecoder) bounds(close string) []string {
	var out []string
	d.list(close, func() {
		if d.tok.Type != tokInt && !d.is(tokPunct, "?") {
			d.fail()
			return
		}
		out = append(out, d.keep(d.next().Value))
	})
	if !d.ok {
		return nil
	}
	return out
}

// dense is `'dense' '<' DenseElem? '>'`. A long one is kept as its span
// alone (ast.DenseAttr.Unread): it is read once without nodes, and again
// with them only when short.
func (d *fastDecoder) dense() *ast.DenseAttr {
	a := &ast.DenseAttr{Pos: d.at()}
	d.next()
	open := d.tok.at.off
	d.expect(tokBracket, "<")
	if d.ok && !d.is(tokBracket, ">") {
		lex, tok, tokEnd, lastEnd := *d.lex, d.tok, d.tokEnd, d.lastEnd
		d.denseElem(false)
		if d.ok && d.tok.at.off+1-a.Pos.Offset < ast.UnreadArrayBytes {
			*d.lex, d.tok, d.tokEnd, d.lastEnd = lex, tok, tokEnd, lastEnd
			a.Body = d.denseElem(true)
		}
	}
	d.whole(open, ">")
	d.expect(tokBracket, ">")
	d.setAt(&a.EndPos, d.lastEnd)
	a.Unread = d.ok && a.EndPos.Offset-a.Pos.Offset >= ast.UnreadArrayBytes
	return a
}

// denseElem is `'[' (DenseElem (',' DenseElem)*)? ']'`, a complex pair
// `'(' Number ',' Number ')'`, or a scalar; its nodes only with build.
func (d *fastDecoder) denseElem(build bool) *ast.DenseElem {
	if !d.ok {
		return nil
	}
	e := &d.spareElem // not kept: no allocation per element
	if build {
		e = &ast.DenseElem{}
	}
	e.Pos = d.at()
	switch {
	case d.is(tokBracket, "["):
		d.next()
		e.List = true
		d.skimList("]", func() {
			if el := d.denseElem(build); build {
				e.Elems = append(e.Elems, el)
			}
		}, !build)
		d.expect(tokBracket, "]")
	case d.is(tokBracket, "("):
		d.next()
		for i := 0; i < 2 && d.ok; i++ {
			if d.tok.Type != tokInt && d.tok.Type != tokFloat {
				d.fail()
				return nil
			}
			if v := d.next().Value; build {
				e.Complex = append(e.Complex, d.keep(v))
			}
			if i == 0 {
				d.expect(tokPunct, ",")
			}
		}
		d.expect(tokBracket, ")")
	case d.scalar():
		if v := d.next().Value; build {
			e.Value = d.keep(v)
		}
	default:
		d.fail()
		return nil
	}
	d.setAt(&e.EndPos, d.lastEnd)
	return e
}

// wholeToken is whole for a token kept whole (a string, a location, a
// dialect attribute), whose inside begins after the first open.
func (d *fastDecoder) wholeToken(t fastToken, open byte) {
	if k := strings.IndexByte(t.Value, open); k >= 0 {
		d.cut(t.at.off+k, t.at.off+len(t.Value)-1)
	}
}

// resultAlias reads `#mhlo.result_alias<...>` the way its own parser
// does (ResultAliasAttr.Parse, upstream's parseStruct): the three
// keywords in any order, each at most once, separated by commas (one may
// trail), result_index required. Where that parser reports an error, the
// decoder gives up.
func (d *fastDecoder) resultAlias() *ast.ResultAliasAttr {
	a := &ast.ResultAliasAttr{Pos: d.at()}
	d.next()
	d.expect(tokBracket, "<")
	var seen [3]bool
fields:
	for d.ok && !d.optional(">") {
		found := false
		for i, kw := range [3]string{"tuple_indices", "result_index", "must_alias"} {
			if !d.optional(kw) {
				continue
			}
			if seen[i] {
				d.fail()
				return nil
			}
			switch i {
			case 0:
				a.HasTupleIndices, a.TupleIndices = true, d.indices(0)
			case 1:
				a.HasResultIndex, a.ResultIndex = true, d.indices(1)
			default:
				a.MustAlias = true
			}
			if !d.optional(",") {
				d.expect(tokBracket, ">")
				break fields
			}
			seen[i], found = true, true
		}
		if !found {
			d.fail()
		}
	}
	if !a.HasResultIndex {
		d.fail()
	}
	d.setAt(&a.EndPos, d.lastEnd)
	return a
}

// optional consumes the next token if its text is s.
func (d *fastDecoder) optional(s string) bool {
	if d.ok && d.tok.Type != tokEOF && d.tok.Value == s {
		d.next()
		return true
	}
	return false
}

// indices reads `= [i, j, ...]` with at least min integers.
func (d *fastDecoder) indices(min int) []int64 {
	d.expect(tokPunct, "=")
	d.expect(tokBracket, "[")
	out := []int64{}
	if !d.optional("]") {
		for d.ok {
			if d.tok.Type != tokInt {
				d.fail()
				return nil
			}
			v, err := ast.ParseInt(d.tok.Value)
			if err != nil {
				d.fail()
				return nil
			}
			d.next()
			out = append(out, v)
			if d.optional("]") {
				break
			}
			d.expect(tokPunct, ",")
		}
	}
	if len(out) < min {
		d.fail()
	}
	return out
}
