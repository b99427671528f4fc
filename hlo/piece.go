package hlo

import (
	"errors"
	"math"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The header's values are read by hand (readAliases, readDonors,
// readLayout) with XLA's messages, and the grammar reads only the shapes
// the hand readers do not, one at a time. So a value costs what its
// length does, well formed or not, and the diagnostic is the one the
// grammar over the whole value gives.

// valueCursor returns a cursor at the start of the value spanning span,
// past its trivia, and the lexer's verdict on the whole value: the grammar
// lexes a value before it parses it, so a lexer error comes first.
func valueCursor(src []byte, span ast.Span, release func(from, to int)) (*byteCursor, error) {
	return cursor(src, span), lexCheck(src, span, 0, release)
}

// lexCheck is the lexer's verdict on the value spanning span, whose
// start is depth brackets deep: the error the grammar reports before it
// parses anything (parseSpan's, when the lexer fails), or nil. It reads
// the tokens without storing them, and only those that can fail: a byte
// of class 0 of lexStop begins a token (white space, a word, a number, a
// punctuation) that cannot, and holds no byte of another class; a
// bracket is a token of its own. release, when set, is told of the text
// passed, a step at a time.
func lexCheck(src []byte, span ast.Span, depth int, release func(from, to int)) error {
	pos := span.Pos
	l := &hloLexer{src: src, end: span.End.Offset, pos: lexer.Position(pos), depth: depth}
	behind, next := ast.Behind{Release: release}, l.pos.Offset
	if release != nil {
		l.step = behind.At
	}
	for i := l.pos.Offset; i < l.end; {
		if i >= next {
			l.advance(i - l.pos.Offset) // count the lines before the release
			behind.At(i)
			next = i + ast.ReleaseStep
		}
		switch lexStop[src[i]] {
		case 0:
			i++
		case 1:
			if l.depth >= MaxDepth {
				l.advance(i - l.pos.Offset) // where the error would be
			}
			if err := l.track(src[i]); err != nil {
				return convertError(err, pos)
			}
			i++
		default:
			l.advance(i - l.pos.Offset)
			_, n, err := l.scan(i)
			if err != nil {
				return convertError(err, pos)
			}
			i += n
		}
	}
	return nil
}

// lexStop classes the bytes for lexCheck: 1 for a bracket, 2 for a byte
// that begins a token that may fail (a string, a comment, a name) or is
// not one the lexer takes, 0 for the others.
var lexStop = func() (t [256]uint8) {
	for b := range t {
		switch c := byte(b); {
		case closing[c] != 0 || c == ')' || c == ']' || c == '}':
			t[b] = 1
		case c == '"' || c == '/' || c == '%' || (c < 0x20 || c >= 0x7f) && !isSpace(c):
			t[b] = 2
		}
	}
	return
}()

// maxPiece bounds the text the grammar reads at once, but that a piece
// always holds its first minPiece tokens, however long.
const maxPiece, minPiece = 64 << 10, 16

// readPiece reads the shape at the cursor c with the grammar, over the
// text from c on (up to c.end): the grammar's tokens are made for a piece
// of the text only, 64 tokens at first and four times as many each time
// the reader comes near the piece's end before it is done, so that what
// it reads and what it reports are what it would over the rest of the
// value, up to maxPiece bytes. When the grammar needs more than that to
// decide, the error is unexpected at the cursor fail, where the hand
// reader stopped. On success c is moved past the shape.
func readPiece(c, fail *byteCursor) (*ShapeNode, error) {
	grammar.once.Do(build)
	piecesRead.Add(1)
	var prev error // the error of the piece before
	for n := 64; ; n *= 4 {
		cut, safe, all := pieceEnd(c, n)
		lex := &hloLexer{src: c.src, end: cut, pos: c.position()}
		peek, err := lexer.Upgrade(lex, tokWhitespace, tokComment)
		if err != nil {
			return nil, convertError(err, c.here()) // valueCursor lexed the value: not reached
		}
		// A reader that stopped or failed near the piece's end may read on.
		s, err := grammar.shape.ParseFromLexer(peek, participle.AllowTrailing(true))
		near := err == nil && s.EndPos.Offset > safe
		if err != nil {
			err = convertError(err, c.here())
			var list ast.ErrorList
			near = !errors.As(err, &list) || len(list) == 0 || list[0].Pos.Offset >= safe
		}
		// An error far from the piece's end is the grammar's over all the
		// text when a piece four times as long gives it too: participle
		// places an error by the branches it tried, which the tokens after
		// the cut can change (64 '(' and an end, at the second).
		settled := err != nil && prev != nil && err.Error() == prev.Error()
		if !all && (near || err != nil && !settled) {
			switch {
			case cut-c.off < maxPiece:
			case err != nil && !near:
				return nil, err // the longest piece's word
			default:
				return nil, unexpected(fail)
			}
			prev = err
			continue
		}
		if err != nil {
			return nil, err
		}
		c.seek(s.EndPos)
		if !c.trivia() {
			return nil, convertError(errors.New("unterminated comment"), c.here()) // valueCursor lexed the value: not reached
		}
		return s, nil
	}
}

// pieceError is err, the error of a hand reader that read from start to
// c, as readPiece over what begins at start gives it: unexpected at c
// when the grammar would need more than a piece to reach it.
func pieceError(start, c *byteCursor, err error) error {
	var list ast.ErrorList
	if _, safe, all := pieceEnd(start, math.MaxInt); !all && errors.As(err, &list) && list[0].Pos.Offset >= safe {
		return unexpected(c)
	}
	return err
}

// piecesRead counts readPiece's calls, for tests.
var piecesRead atomic.Int64

// pieceEnd returns the offset after the n-th token from c (trivia
// aside, and no further than maxPiece bytes from c past its first
// minPiece tokens), the offset of the token four before it (a reader that has
// read no further has read what it would over all the text), and
// whether the piece reaches c.end.
func pieceEnd(c *byteCursor, n int) (cut, safe int, all bool) {
	l := &hloLexer{src: c.src, end: c.end, pos: c.position()}
	var last [4]int // the starts of the last four tokens, by count mod 4
	count := 0
	for l.pos.Offset < l.end && count < n && (l.pos.Offset-c.off < maxPiece || count < minPiece) {
		i := l.pos.Offset
		typ, k, err := l.scan(i)
		if err != nil {
			return l.end, l.end, true
		}
		if typ != tokWhitespace && typ != tokComment {
			last[count%4] = i
			count++
		}
		l.advance(k)
	}
	if l.pos.Offset >= l.end {
		return l.end, l.end, true
	}
	return l.pos.Offset, last[count%4], false // the fourth token before the cut
}

// unexpected is the grammar's message for a token it did not expect
// where the cursor stands.
func unexpected(c *byteCursor) error {
	i := c.off
	if i >= c.end {
		return ast.ErrorList{ast.Errorf(c.here(), "unexpected end of input")}
	}
	l := &hloLexer{src: c.src, end: c.end, pos: c.position()}
	_, n, err := l.scan(i)
	if err != nil {
		return convertError(err, c.here())
	}
	return ast.ErrorList{ast.Errorf(c.here(), "unexpected '%s'", printable(string(c.src[i:i+n])))}
}

// expected is the error msg at the cursor.
func expected(c *byteCursor, msg string) error {
	return ast.ErrorList{ast.Errorf(c.here(), "%s", msg)}
}
