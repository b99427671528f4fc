package parser

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/faults"
)

// parallelArgs is the number of arguments from which a signature is parsed
// in pieces, on all processors: an exported model can have thousands of
// parameters, and the grammar takes tens of microseconds for each.
const parallelArgs = 128

// parseSignature parses the custom-form signature spanning src[start:end],
// which begins with the argument list's '('.
func (s *scanner) parseSignature(start, end int) (*ast.Signature, error) {
	s.lazySpans, s.lazyResults = nil, nil
	s.lazy = s.lazyFrom > 0 && atLeast(s.Src[start:end], '%', s.lazyFrom)
	if sig, ok := s.fastPieces(start, end); ok {
		return sig, nil
	}
	var pos ast.Pos
	var cuts [][2]int
	if fastEnabled {
		pos = s.anchor(start)
		r, d, ok := fastParseWith(&fastDecoder{lazy: s.lazy}, "sig", viewLexer(s.Src, start, end, lexPos(pos)))
		if ok {
			if s.lazy {
				s.lazySpans, s.lazyResults = d.spans, d.resultSpans
			}
			return r.Sig, nil
		}
		cuts = d.cuts
	}
	close, err := s.skipGroup(start)
	var args [][2]int
	ok := false
	if err == nil {
		args, ok = s.splitArgs(start+1, close-1)
	}
	long := err == nil && ok && len(args) >= parallelArgs
	// The error, placed by the grammar over the text without the long
	// arrays the decoder read, rather than over all of it. A long list of
	// arguments is read in batches instead, where the grammar reads only
	// the arguments the decoder does not (parseBatch).
	if !long && len(cuts) > 0 {
		if err := grammarParseCut("sig", s.Src, start, end, pos, cuts); err != nil {
			return nil, err
		}
	}
	if err != nil {
		return nil, err
	}
	if !long {
		r, err := parseSpan("sig", s, start, end)
		if err != nil {
			return nil, err
		}
		return r.Sig, nil
	}
	sig := &ast.Signature{Pos: s.pos(start)}
	if sig.Args, err = s.parseArgs(args); err != nil {
		return nil, err
	}
	r, err := parseSpan("tail", s, close, end)
	if err != nil {
		return nil, err
	}
	sig.Results, sig.Attrs = r.Tail.Results, r.Tail.Attrs
	sig.EndPos = s.pos(end)
	return sig, nil
}

// splitArgs returns the span of each argument between the parentheses of
// an argument list (inner is src[from:to]); ok is false when an argument
// is empty, so that the grammar reports it.
func (s *scanner) splitArgs(from, to int) (spans [][2]int, ok bool) {
	start := s.skipTrivia(from)
	for j := start; j < to; j = s.skipTrivia(j) {
		if s.Src[j] == ',' {
			if j == start {
				return nil, false
			}
			spans = append(spans, [2]int{start, j})
			start = s.skipTrivia(j + 1)
			j++
			continue
		}
		next, err := s.skipToken(j)
		if err != nil || next > to {
			return nil, false
		}
		j = next
	}
	if start >= to {
		return nil, false
	}
	return append(spans, [2]int{start, to}), true
}

// parseArgs parses the arguments in batches, one goroutine a batch, as
// many at once as there are processors.
func (s *scanner) parseArgs(args [][2]int) ([]*ast.Arg, error) {
	workers := runtime.GOMAXPROCS(0)
	size := max(len(args)/(4*workers), 16)
	type batch struct {
		args [][2]int
		pos  ast.Pos
		out  []*ast.Arg
		err  error
	}
	var batches []*batch
	for i := 0; i < len(args); i += size {
		last := min(i+size, len(args))
		// Positions are computed here, in order, so the line index only
		// moves forward.
		batches = append(batches, &batch{args: args[i:last], pos: s.anchor(args[i][0])})
	}
	slots := make(chan struct{}, workers)
	waits := make([]func(), 0, len(batches))
	for _, b := range batches {
		waits = append(waits, faults.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			b.out, b.err = parseBatch(s.Src, b.args, b.pos)
		}))
	}
	for _, wait := range waits {
		wait()
	}
	var out []*ast.Arg
	for _, b := range batches {
		if b.err != nil {
			return nil, b.err
		}
		out = append(out, b.out...)
	}
	return out, nil
}

// parseBatch parses the arguments spanning args, the first at pos. The
// decoder reads the batch whole, or else argument by argument; the
// grammar reads only an argument the decoder does not, with the one
// before it and contextArgs after it, so that the argument is in the
// list as it is in the batch (first only if it is first there) and an
// error at its end meets the commas and tokens after it as it would in
// the whole batch: its message is the same. A malformed argument among
// thousands costs the grammar four arguments.
func parseBatch(src []byte, args [][2]int, pos ast.Pos) ([]*ast.Arg, error) {
	start, end := args[0][0], args[len(args)-1][1]
	if fastEnabled {
		if r, _, ok := fastParseLexer("args", viewLexer(src, start, end, lexPos(pos))); ok {
			return r.Args.Args, nil
		}
	} else {
		r, err := grammarParse("args", src, start, end, pos)
		if err != nil {
			return nil, err
		}
		return r.Args.Args, nil
	}
	out := make([]*ast.Arg, 0, len(args))
	at, prev := pos, pos
	d := &fastDecoder{}
	for j, a := range args {
		prev, at = at, posAfter(src, at, a[0])
		if r, _, ok := fastParseWith(d, "args", viewLexer(src, a[0], a[1], lexPos(at))); ok && len(r.Args.Args) == 1 {
			out = append(out, r.Args.Args[0])
			continue
		}
		// With the argument before it, so that it is not the first of
		// the list: the grammar's message depends on that.
		from, fromPos, first := a[0], at, 0
		if j > 0 {
			from, fromPos, first = args[j-1][0], prev, 1
		}
		to := args[min(j+contextArgs, len(args)-1)][1]
		r, err := grammarParse("args", src, from, to, fromPos)
		if err != nil {
			return nil, err
		}
		out = append(out, r.Args.Args[first])
	}
	return out, nil
}

// contextArgs is the number of arguments after one the decoder does not
// read that the grammar reads with it.
const contextArgs = 2

// posAfter is the position of offset off (>= p.Offset) of src, counted
// from p.
func posAfter(src []byte, p ast.Pos, off int) ast.Pos {
	seg := src[p.Offset:off]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		p.Line += n
		p.Column = len(seg) - bytes.LastIndexByte(seg, '\n')
	} else {
		p.Column += len(seg)
	}
	p.Offset = off
	return p
}

// pieceBytes is the least length of the pieces a long signature is cut
// into for the decoder: below it a second goroutine costs more than it
// saves.
const pieceBytes = 64 << 10

// cutReach is how far past its place fastPieces looks for a cut.
const cutReach = 1 << 20

// fastPieces reads a long custom-form signature with the decoder in
// pieces, one goroutine each, as many as there are processors: a training
// step's signature holds thousands of arguments. It cuts src[start:end]
// at commas that look like ones between arguments (a comma, white space,
// '%'), without reading what comes before them. The cut is checked
// afterwards: each piece but the last must read as a complete list of
// arguments that ends right before its comma, which it cannot if the comma
// stands inside a string, a location, a bracket or a comment (see
// fastDecoder.advance). A piece read in the same lexer state as the
// sequential read yields the same nodes, so the result is the sequential
// decoder's. ok is false when the signature is short, a cut fails or the
// decoder gives up; the caller then reads it in one piece.
func (s *scanner) fastPieces(start, end int) (*ast.Signature, bool) {
	n := min(runtime.GOMAXPROCS(0), (end-start)/pieceBytes)
	if !fastEnabled || n < 2 {
		return nil, false
	}
	cuts := make([]int, 0, n-1)
	from := start
	for i := 1; i < n; i++ {
		at := max(from, start+(end-start)*i/n)
		// A cut is looked for within cutReach of where it should be: an
		// argument of megabytes (an array in its dictionary) has no '%'
		// in it, and the search would read to its end for nothing. Past
		// the reach, the pieces are not worth cutting anyway.
		c := argComma(s.Src, at, min(end, at+cutReach))
		if c < 0 {
			break
		}
		cuts = append(cuts, c)
		from = c + 1
	}
	return s.fastPiecesAt(start, end, cuts)
}

// fastPiecesAt reads the signature src[start:end] in pieces cut at the
// commas cuts[i] (increasing, none at start), each but the first on a
// goroutine of its own.
func (s *scanner) fastPiecesAt(start, end int, cuts []int) (*ast.Signature, bool) {
	if len(cuts) == 0 || s.Src[start] != '(' {
		return nil, false
	}
	sig := &ast.Signature{Pos: s.pos(start)}
	pieces := make([]fastPiece, len(cuts)+1)
	// Each piece's arguments go into its own part of one slice, with room
	// for as many as it has '%' (an argument's name starts with one), so
	// that the signature's list is made once and joined in place.
	room := make([]int, len(pieces))
	total := 0
	for i := range pieces {
		from, to, mode := start, end, "args"
		if i > 0 {
			from = cuts[i-1] + 1
		}
		if i < len(cuts) {
			to = cuts[i]
		}
		switch i {
		case 0:
			mode = "head"
		case len(cuts):
			mode = "rest"
		}
		// Positions are computed here, in order, so that the line index
		// only moves forward.
		p := &pieces[i]
		p.mode, p.lex = mode, viewLexer(s.Src, from, to, lexPos(s.anchor(from)))
		if i > 0 {
			p.lex.depth = 1 // inside the argument list's '('
		}
		if s.lazy {
			p.lazy = true
			p.spans = make([]ast.ArgSpan, 0, bytes.Count(s.Src[from:to], []byte{'%'}))
			continue
		}
		room[i] = bytes.Count(s.Src[from:to], []byte{'%'})
		total += room[i]
	}
	all := make([]*ast.Arg, 0, total)
	for i, at := 0, 0; i < len(pieces) && !s.lazy; i++ {
		pieces[i].args = all[at : at : at+room[i]]
		at += room[i]
	}
	waits := make([]func(), 0, len(pieces))
	for i := 1; i < len(pieces); i++ {
		waits = append(waits, faults.Go(pieces[i].parse))
	}
	pieces[0].parse()
	for _, wait := range waits {
		wait()
	}
	if s.lazy {
		return s.joinLazy(sig, pieces)
	}
	args, over := 0, false
	for i, p := range pieces {
		if !p.ok || len(p.root.Args.Args) == 0 {
			return nil, false
		}
		args += len(p.root.Args.Args)
		over = over || len(p.root.Args.Args) > room[i]
	}
	// Each piece's arguments are at or after the place they go to, so
	// moving them down in order joins the list. A piece that had more
	// than its room put them elsewhere, and moving them in could write
	// over the next piece's before they moved: the list is then made anew.
	if over {
		all = make([]*ast.Arg, 0, args)
	}
	for _, p := range pieces {
		all = append(all, p.root.Args.Args...)
	}
	clear(all[len(all):cap(all)])
	sig.Args = all[:len(all):len(all)]
	last := pieces[len(pieces)-1]
	sig.Results, sig.Attrs = last.root.Tail.Results, last.root.Tail.Attrs
	sig.EndPos = last.end
	return sig, true
}

// atLeast reports whether b holds c at least n times, reading no further
// than the n-th.
func atLeast(b []byte, c byte, n int) bool {
	for ; n > 0; n-- {
		i := bytes.IndexByte(b, c)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// joinLazy ends fastPiecesAt for lazy pieces: their spans in order.
func (s *scanner) joinLazy(sig *ast.Signature, pieces []fastPiece) (*ast.Signature, bool) {
	n := 0
	for _, p := range pieces {
		if !p.ok || len(p.spans) == 0 {
			return nil, false
		}
		n += len(p.spans)
	}
	spans := make([]ast.ArgSpan, 0, n)
	for _, p := range pieces {
		spans = append(spans, p.spans...)
	}
	s.lazySpans = spans
	last := pieces[len(pieces)-1]
	s.lazyResults = last.resultSpans
	sig.Results, sig.Attrs = last.root.Tail.Results, last.root.Tail.Attrs
	sig.EndPos = last.end
	return sig, true
}

// argComma returns the first comma at or after i, before end, that white
// space and a '%' follow, or -1. It looks for the '%' and back from it:
// in an array of numbers commas come every few bytes, and '%' never.
func argComma(src []byte, i, end int) int {
	for from := i; from < end; {
		k := bytes.IndexByte(src[from:end], '%')
		if k < 0 {
			return -1
		}
		p := from + k
		j := p - 1
		for j >= i && isSpace(src[j]) {
			j--
		}
		if j >= i && src[j] == ',' {
			return j
		}
		from = p + 1
	}
	return -1
}

// decodeArgs returns the LazyArgs.Decode of the arguments at spans of f.
func decodeArgs(f *ast.File, spans []ast.ArgSpan) func(buf *ast.Buffer, src []byte, from, to int) ([]*ast.Arg, error) {
	return decodeRuns(f, spans, "args", func(d *fastDecoder, r *root) []*ast.Arg {
		d.batch = r.Args.Args[:0]
		return r.Args.Args
	}, func(d *fastDecoder) { d.argsTo = d.batch[:0] }, func(a *ast.Arg) ast.ArgSpan { return ast.ArgSpan{Pos: a.Pos, EndPos: a.EndPos} })
}

// decodeResults returns the LazyResults.Decode of the results at spans.
func decodeResults(f *ast.File, spans []ast.ArgSpan) func(buf *ast.Buffer, src []byte, from, to int) ([]*ast.Result, error) {
	return decodeRuns(f, spans, "results", func(d *fastDecoder, _ *root) []*ast.Result {
		return d.resultsTo
	}, func(d *fastDecoder) { d.resultsTo = d.resultsTo[:0] }, func(r *ast.Result) ast.ArgSpan { return ast.ArgSpan{Pos: r.Pos, EndPos: r.EndPos} })
}

// released holds the decoders of Buffers released (ast.Buffer.Release),
// with the memory their nodes and tokens took, for the next decode: at
// most maxReleased of them, as many as read a signature at once (the
// lowering's two halves, the printer's).
var released struct {
	sync.Mutex
	list []*fastDecoder
}

const maxReleased = 4

// reusedDecoder returns a released decoder, or nil.
func reusedDecoder() *fastDecoder {
	released.Lock()
	defer released.Unlock()
	n := len(released.list)
	if n == 0 {
		return nil
	}
	d := released.list[n-1]
	released.list = released.list[:n-1]
	return d
}

// Release is ast.Buffer.Release for a buffer the decoder is the state of.
func (d *fastDecoder) Release() {
	d.resetNodes()
	d.resetTokens()
	d.batch, d.resultsTo = d.batch[:0], d.resultsTo[:0]
	released.Lock()
	defer released.Unlock()
	if len(released.list) < maxReleased {
		released.list = append(released.list, d)
	}
}

// decodeRuns returns a Lazy[T].Decode of the nodes at spans of f, read in
// mode: list takes the nodes from the decoder's result (keeping the list
// for the next run), prepare readies the decoder's list for a run, and
// span gives a node's span, checked against the one the parser read.
func decodeRuns[T any](f *ast.File, spans []ast.ArgSpan, mode string, list func(*fastDecoder, *root) []*T, prepare func(*fastDecoder), span func(*T) ast.ArgSpan) func(buf *ast.Buffer, src []byte, from, to int) ([]*T, error) {
	return func(buf *ast.Buffer, src []byte, from, to int) ([]*T, error) {
		if from >= to {
			return nil, nil
		}
		d, _ := buf.State.(*fastDecoder)
		if d == nil {
			if d = reusedDecoder(); d == nil {
				d = &fastDecoder{}
			}
			buf.State = d
		}
		d.resetNodes()
		d.resetTokens()
		start, end := spans[from].Pos.Offset, spans[to-1].EndPos.Offset
		changed := func() error {
			return ast.Errorf(f.PosOf(src, spans[from].Pos), "%s changed while being read", f.Name)
		}
		if end > len(src) {
			return nil, changed()
		}
		lex := viewLexer(src, start, end, lexer.Position{Filename: f.Name, Line: 1, Column: 1})
		lex.depth = 1 // inside the list's '('
		prepare(d)
		r, _, ok := fastParseWith(d, mode, lex)
		if !ok {
			return nil, changed()
		}
		nodes := list(d, r)
		if len(nodes) != to-from {
			return nil, changed()
		}
		for i, n := range nodes {
			if span(n) != spans[from+i] {
				return nil, changed()
			}
		}
		return nodes, nil
	}
}
