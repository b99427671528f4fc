package hlo

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// checkForms runs check, which reports whether a hand reader read its
// text, on texts the reader must read and on texts it must leave to the
// grammar.
func checkForms(t *testing.T, check func(*testing.T, string) bool, read, left []string) {
	t.Helper()
	for _, s := range read {
		if !check(t, s) {
			t.Errorf("%q: left to the grammar; want it read by hand", s)
		}
	}
	for _, s := range left {
		if check(t, s) {
			t.Errorf("%q: read by hand; want it left to the grammar", s)
		}
	}
}

// The hand reader and the grammar agree on these shapes and broken ones,
// errors included.
func TestReadShapeForms(t *testing.T) {
	for _, text := range []string{
		"f32[2,3]{1,0}", "(f32[2]{0}, s32[])", "bf16[8,128]{1,0:T(8,128)}", " f32[4] ", "s32[]", "pred[]{}",
		"f32[4] x", "f32[<=4]", "f32[4]{0:S(1)}", "f32[4", "", "f32[2]{0} /*c*/", "f32[?,4]{1,0}", "()",
		"((f32[1]{0}), (s8[2,2]{0,1}, u8[]))", "token[]", "token[1]", "f32[-1]", "f32[2]{0:T(8,128)S(1)}",
		"f32[2]{0:T}", "f32[2]{0:T(8,)}", "f32[2]{,0}", "(f32[2]{0},)", "f32[2,]", "f32", "[2]", "f32[2]{0,}",
		"f32[2]{a}", "(f32[2]{0} f32[3])", "%x", "f32[2]{0:SC(0:1)}", "u8[2]{0:#(u16)*(u32)L(2)M(8)}",
		"f32[2]{0:P(f32[2]{0})}", "f32[2]{1}", "f32[2,2]{0,0}", "xyz[2]", "f32[99999999999999999999]",
	} {
		src := []byte("ab\n  " + text)
		checkRead(t, src, ast.Span{Pos: ast.Pos{Filename: "f.hlo", Offset: 5, Line: 2, Column: 3}, End: ast.Pos{Offset: len(src)}})
	}
}

// FuzzShape: the hand reader of shapes gives what the grammar and
// lowerShape give, the shape or the error, for any text.
func FuzzShape(f *testing.F) {
	for _, s := range []string{"f32[2,3]{1,0}", "(f32[2]{0}, s32[])", "bf16[8,128]{1,0:T(8,128)(2,1)}", "f32[?]{0:T(2,*)}", "f32[<=4]", "((), token[])"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		src := []byte(text)
		checkRead(t, src, ast.Span{Pos: ast.Pos{Line: 1, Column: 1}, End: ast.Pos{Offset: len(src)}})
	})
}

// checkRead compares the hand reader (readInstrShape) with the grammar
// and lowerShape on the shape spanning span: the same shape, or the same
// error at the same position.
func checkRead(t *testing.T, src []byte, span ast.Span) {
	t.Helper()
	text := src[span.Pos.Offset:span.End.Offset]
	var got, want model.Shape
	glerr, gerr := readInstrShape(src, span, &got, nil)
	n, werr := parseSpan(&grammar.shape, src, span)
	var wlerr *ast.Error
	if werr == nil {
		wlerr = lowerShape(n, &want)
	}
	switch {
	case fmt.Sprint(gerr) != fmt.Sprint(werr):
		t.Errorf("%q: the reader says %v; the grammar %v", text, gerr, werr)
	case gerr == nil && fmt.Sprint(glerr) != fmt.Sprint(wlerr):
		t.Errorf("%q: the reader lowers with %v; the grammar with %v", text, glerr, wlerr)
	case gerr == nil && glerr == nil && !reflect.DeepEqual(got, want):
		t.Errorf("%q: the reader gave %s %#v; the grammar %s %#v", text, got.StringWithLayout(), got, want.StringWithLayout(), want)
	}
}

// TestReadShapeRandom: the hand reader and the grammar agree on random
// shapes of the common forms and others.
func TestReadShapeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 3000 {
		var dims, layout []string
		for range r.IntN(4) {
			dims = append(dims, []string{"1", "128", "?", "<=8", "0"}[r.IntN(5)])
		}
		for j := range len(dims) {
			layout = append(layout, fmt.Sprint(j))
		}
		text := []string{"f32", "bf16", "s32", "pred"}[r.IntN(4)] + "[" + strings.Join(dims, ",") + "]" +
			[]string{"", "{" + strings.Join(layout, ",") + "}", "{" + strings.Join(layout, ",") + ":T(8,128)}", "{0:S(1)}"}[r.IntN(4)]
		if i%5 == 0 {
			text = "(" + text + ", s32[]{})"
		}
		text += []string{"", " ", " /*c*/", " x"}[r.IntN(4)]
		src := []byte("ab\n  " + text)
		checkRead(t, src, ast.Span{Pos: ast.Pos{Filename: "f.hlo", Offset: 5, Line: 2, Column: 3}, End: ast.Pos{Offset: len(src)}})
	}
}

// checkLayout compares readLayout with the grammar over the whole value
// text: the same shapes at the same positions, the same lowering errors,
// or the same error. It reports whether readLayout read it all by hand,
// the grammar reading no piece.
func checkLayout(t *testing.T, text string) bool {
	t.Helper()
	src := []byte("HloModule m,\n  entry_computation_layout=" + text)
	start := len(src) - len(text)
	span := ast.Span{Pos: ast.Pos{Filename: "f.hlo", Offset: start, Line: 2, Column: 28}, End: ast.Pos{Offset: len(src)}}
	before := piecesRead.Load()
	got, gerr := readLayout(src, span, nil, 0)
	byHand := piecesRead.Load() == before && gerr == nil && got.Errs == nil
	want, werr := parseSpan(&oracle.layout, src, span)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%q: readLayout says %v; the grammar %v", text, gerr, werr)
		return byHand
	}
	if werr == nil && !reflect.DeepEqual(got, want.Layout) {
		t.Errorf("%q: readLayout and the grammar differ:\n%#v\n%#v", text, got, want.Layout)
	}
	return byHand
}

func TestFastLayout(t *testing.T) {
	checkForms(t, checkLayout, []string{
		"{()->()}", "{(f32[2]{0})->f32[2]{0}}", "{(f32[2,3]{1,0}, /*index=1*/s32[])->(f32[2,3]{1,0:T(8,128)}, s32[])}",
		"{ ( f32[2]{0} ,\n s8[4]{0} ) -> ( ) }", "{(f32[?,2]{1,0:T(2,*)})->f32[]}",
		"{(f32[2]{0},)->f32[]}", // the grammar's loop takes a trailing comma
		"{(f32[<=2]{0}, f32[<= 4,?,3]{2,1,0})->f32[<=8]}",
		"{(f32[2]{0:S(1)}, f32[2,2]{1,0:T(8,128)L(2)#(u32)*(u8)E(4)S(5)M(8)}, f32[]{:S(1)}, f32[2]{0:M(0)})->f32[]{:E(0)}}",
	}, []string{
		"{(f32[<= 2]{0})f32[]}", "{(f32[2]{0})f32[]}", "{(f32[<=-2]{0})->f32[]}", "{(f32[2]{0:SC(0:1)})->f32[]}", "{(f32[2]{0:L(0)})->f32[]}",
		"{(f32[2]{0:#(f32)})->f32[]}", "{(f32[2]{0:S(1)T(2)})->f32[]}", "{(f32[2]{0:S(-1)})->f32[]}",
		"{(f32[2]{0})->f32[]} x", "{(f32[2]{0})->f32[]", "(f32[2]{0})->f32[]", "{(f32[2]{0} /* x)->f32[]}",
	})
	r := rand.New(rand.NewPCG(5, 6))
	sp := func() string { return []string{"", "", " ", "\n  ", " /*index=5*/ ", "// c\n"}[r.IntN(6)] }
	shape := func() string {
		var dims []string
		for range r.IntN(3) {
			dims = append(dims, []string{"1", "128", "?", "-1"}[r.IntN(4)])
		}
		s := "f32" + sp() + "[" + strings.Join(dims, sp()+","+sp()) + "]"
		if r.IntN(3) > 0 {
			var m2m []string // a permutation, but now and then a list of the wrong length or a repeat
			for i := range len(dims) + []int{0, 0, 0, 0, 1, -1}[r.IntN(6)] {
				m2m = append(m2m, fmt.Sprint(max(len(dims)-1-i, 0)))
			}
			s += sp() + "{" + strings.Join(m2m, sp()+","+sp()) + []string{"", ":T(8,128)", ":T(2,*)(1,1)", ":", ":S(1)", ":T(8,128)S(1)", ":L(2)E(4)", ":#(u32)*(u64)M(8)", ":SC(0:1)"}[r.IntN(9)] + "}"
		}
		if r.IntN(6) == 0 {
			s = "(" + s + sp() + "," + sp() + s + ")"
		}
		return s
	}
	fast := 0
	for range 2000 {
		var params []string
		for range r.IntN(5) {
			params = append(params, shape())
		}
		text := "{" + sp() + "(" + strings.Join(params, sp()+","+sp()) + ")" + sp() + "->" + sp() + shape() + sp() + "}" + sp()
		if checkLayout(t, text) {
			fast++
		}
	}
	if fast < 300 {
		t.Errorf("readLayout read %d of 2000 layouts by hand; the generator should give it more", fast)
	}
}

// FuzzFastLayout: readLayout gives what the grammar over the whole value
// gives, the layout or the error, for any text.
func FuzzFastLayout(f *testing.F) {
	f.Add("{(f32[2,3]{1,0}, /*index=1*/s32[])->(f32[2,3]{1,0:T(8,128)}, s32[])}")
	f.Add("{ ( f32[?]{0} ) -> ( ) }")
	// A long layout, as a dump of many parameters prints it.
	var params []string
	for i := range 300 {
		params = append(params, fmt.Sprintf("/*index=%d*/bf16[%d,128]{1,0:T(8,128)(2,1)}", i, i+1))
	}
	f.Add("{(" + strings.Join(params, ", ") + ")->(" + strings.Join(params[:100], ", ") + ")}")
	f.Fuzz(func(t *testing.T, text string) { checkLayout(t, text) })
}

// Long layouts (tuples of many elements, the forms the decoder reads and
// those it leaves to the grammar), whole and with one byte changed,
// inserted or dropped anywhere: readLayout gives the grammar's layout or
// error, for pieces far longer than readPiece's first 64 tokens.
func TestReadLayoutMutated(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	leaf := func() string {
		return []string{"f32[2,3]{1,0}", "s32[]", "bf16[8,128]{1,0:T(8,128)}", "f32[<=4]{0}", "f32[4]{0:S(1)}", "u8[2]{0:E(4)}", "token[]", "f32[2]{1}", "f32[?]{0}"}[r.IntN(9)]
	}
	var shape func(depth int) string
	shape = func(depth int) string {
		if depth < 2 && r.IntN(5) == 0 {
			var es []string
			for range r.IntN(40) {
				es = append(es, shape(depth+1))
			}
			return "(" + strings.Join(es, ", ") + ")"
		}
		return leaf()
	}
	for range rounds(8, 60) {
		var params []string
		for range r.IntN(30) {
			params = append(params, shape(0))
		}
		text := "{(" + strings.Join(params, ", /*i*/ ") + ")->" + shape(0) + "}"
		checkLayout(t, text)
		for range 5 {
			checkLayout(t, mutate(r, text, "(),[]{}:x0- "))
		}
	}
}

// mutate returns text with one byte changed to one of with, one of with
// inserted, or one byte dropped, at a random place.
func mutate(r *rand.Rand, text, with string) string {
	i := r.IntN(len(text))
	b := []byte(text)
	switch c := with[r.IntN(len(with))]; r.IntN(3) {
	case 0:
		b[i] = c
	case 1:
		b = append(b[:i], append([]byte{c}, b[i:]...)...)
	default:
		b = append(b[:i], b[i+1:]...)
	}
	return string(b)
}

// TestMaxRank: a shape of model.MaxRank dimensions reads, in a layout and as an
// instruction's shape; with one more it is an error at that dimension,
// whatever follows (here text that does not parse).
func TestMaxRank(t *testing.T) {
	dims := func(n int) string { return strings.TrimSuffix(strings.Repeat("1,", n), ",") }
	for _, c := range []struct {
		shape string
		ok    bool
	}{
		{"f32[" + dims(model.MaxRank) + "]{}", false}, // a layout of the wrong rank, for the grammar
		{"f32[" + dims(model.MaxRank) + "]", true},
		{"f32[" + dims(model.MaxRank+1) + "]", false},
		{"(s32[], f32[" + dims(model.MaxRank+5) + ",]]]]", false},
	} {
		for _, src := range []string{"HloModule m, entry_computation_layout={(" + c.shape + ")->f32[]}", "  p = " + c.shape} {
			start := strings.IndexAny(src, "{=") + 1
			if src[0] == ' ' {
				start++
			}
			span := ast.Span{Pos: ast.Pos{Filename: "f.hlo", Offset: start, Line: 1, Column: start + 1}, End: ast.Pos{Offset: len(src)}}
			var err error
			if src[0] == ' ' {
				var s model.Shape
				_, err = readInstrShape([]byte(src), span, &s, nil)
			} else {
				_, err = readLayout([]byte(src), span, nil, 0)
			}
			over := strings.Contains(c.shape, dims(model.MaxRank+1))
			switch {
			case c.ok && err != nil:
				t.Errorf("%.40s: %v", src, err)
			case over:
				at := strings.Index(src, "f32[") + len("f32[") + 2*model.MaxRank
				want := fmt.Sprintf("f.hlo:1:%d: error: a shape of more than %d dimensions is not supported", at+1, model.MaxRank)
				if err == nil || err.Error() != want {
					t.Errorf("%.40s: %v; want %s", src, err, want)
				}
			case !c.ok && err == nil:
				t.Errorf("%.40s: no error", src)
			}
		}
	}
}
