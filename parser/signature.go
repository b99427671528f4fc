package parser

import (
	"runtime"
	"sync"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// parallelArgs is the number of arguments from which a signature is parsed
// in pieces, on all processors: an exported model can have thousands of
// parameters, and the grammar takes tens of microseconds for each.
const parallelArgs = 128

// parseSignature parses the custom-form signature spanning src[start:end],
// which begins with the argument list's '('.
func (s *scanner) parseSignature(start, end int) (*ast.Signature, error) {
	if r, ok := fastParse("sig", s.src, start, end, lexPos(s.pos(start))); ok {
		return r.Sig, nil
	}
	close, err := s.skipGroup(start)
	if err != nil {
		return nil, err
	}
	args, ok := s.splitArgs(start+1, close-1)
	if !ok || len(args) < parallelArgs {
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
		if s.src[j] == ',' {
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
		start, end int
		pos        ast.Pos
		args       []*ast.Arg
		err        error
	}
	var batches []*batch
	for i := 0; i < len(args); i += size {
		last := min(i+size, len(args)) - 1
		// Positions are computed here, in order, so the line index only
		// moves forward.
		batches = append(batches, &batch{start: args[i][0], end: args[last][1], pos: s.pos(args[i][0])})
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, workers)
	for _, b := range batches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			r, err := parseSpanAt("args", s.src, b.start, b.end, b.pos)
			if err != nil {
				b.err = err
				return
			}
			b.args = r.Args.Args
		}()
	}
	wg.Wait()
	var out []*ast.Arg
	for _, b := range batches {
		if b.err != nil {
			return nil, b.err
		}
		out = append(out, b.args...)
	}
	return out, nil
}
