package hlo

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// headerSpan places text as the value of key in a header that starts a
// few lines into the file, and returns the text and the value's span.
func headerSpan(key, text string) ([]byte, ast.Span) {
	src := []byte("HloModule m,\n  " + key + "=" + text)
	start := len(src) - len(text)
	return src, ast.Span{Pos: ast.Pos{Filename: "f.hlo", Offset: start, Line: 2, Column: 4 + len(key)}, End: ast.Pos{Offset: len(src)}}
}

// checkAliases compares readAliases with the grammar on the value text:
// the same nodes, positions included, or the same error. It reports
// whether readAliases read it all by hand, the grammar reading no piece.
func checkAliases(t *testing.T, text string) bool {
	t.Helper()
	return checkList(t, "input_output_alias", text, func(src []byte, span ast.Span) (*AliasList, error) { return readAliases(src, span, nil) }, &oracle.alias, func(r *aliasRoot) *AliasList { return r.List })
}

// checkDonors is checkAliases for buffer_donor, whose reader keeps the
// first of equal entries.
func checkDonors(t *testing.T, text string) bool {
	t.Helper()
	return checkList(t, "buffer_donor", text, func(src []byte, span ast.Span) (*DonorList, error) { return readDonors(src, span, nil) }, &oracle.donor, func(r *donorRoot) *DonorList {
		seen := map[string]bool{}
		var first []*DonorEntry
		for _, e := range r.List.Entries {
			if k := fmt.Sprint(e.Param, e.ParamIndex); !seen[k] {
				seen[k] = true
				first = append(first, e)
			}
		}
		r.List.Entries = first
		return r.List
	})
}

// checkList compares the reader read of the header value key with the
// grammar p over the whole value, whose root's list is list(root).
func checkList[L, R any](t *testing.T, key, text string, read func([]byte, ast.Span) (*L, error), p **participle.Parser[R], list func(*R) *L) bool {
	t.Helper()
	src, span := headerSpan(key, text)
	before := piecesRead.Load()
	got, gerr := read(src, span)
	byHand := piecesRead.Load() == before && gerr == nil
	want, werr := parseSpan(p, src, span)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("%q: the reader says %v; the grammar %v", text, gerr, werr)
		return byHand
	}
	if werr == nil {
		if w := list(want); !reflect.DeepEqual(got, w) {
			t.Errorf("%q: the reader and the grammar differ:\n%s\n%s", text, dump(got), dump(w))
		}
	}
	return byHand
}

// dump prints a list with its entries, positions included.
func dump(l any) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%+v", l)
	v := reflect.ValueOf(l).Elem().FieldByName("Entries")
	for i := 0; i < v.Len(); i++ {
		fmt.Fprintf(&b, "\n  %+v", v.Index(i).Elem().Interface())
	}
	return b.String()
}

func TestFastAliasForms(t *testing.T) {
	read := []string{
		"{}", "{ }", "{ {0}: (0, {}, may-alias) }", "{{0}:(0,{})}", "{ {0}: (0, {}, must-alias), {1, 2}: (3, {4,5}) }",
		"{ {}: (0, {}) }", "{ {0}: (0, {}), }", "{ {0,}: (0, {1,}) }", "{\n  {0} : ( 0 , { } , may-alias ) ,\n  {1}: (1, {}) }",
		"{ /*a*/ {0}: (0, {}) // c\n }", "{ {0}: (-1, {}) }", "{ {0}: (9223372036854775807, {-9223372036854775808}) }",
		"{ {0}: (007, {}) } ",
	}
	left := []string{
		"", "{", "{ {0}: (0, {}) ", "{ {0}: (0) }", "{ {0} (0, {}) }", "{ {0}: (0, {}, user) }", "{ {0}: (0, {}, may-aliasx) }",
		"{ {0}: (0, {},) }", "{ {0}: (9223372036854775808, {}) }", "{ {0}: (0, {}) } x", "{ {0}: (0, {}) /* }", "{ {a}: (0, {}) }",
		"{ {0}: (0, {}), , }", "{ {0}: (1-2, {}) }", "{ {0}: (0, {}, \"may-alias\") }", "{ {0}: 0 }",
	}
	checkForms(t, checkAliases, read, left)
}

func TestFastDonorForms(t *testing.T) {
	read := []string{"{}", "{ (0, {}) }", "{(0,{}),(1,{1})}", "{ (0, {}), (1, {2, 3}), }", "{ /*x*/ (0 , { } ) }",
		"{ (3, {}), (70000, {}), (-1, {}), (3, {}), (70000, {}), (-1, {}), (3, {0}), (3, {0}), (65535, {}), (65535, {}) }",
		"{ (0, {}),\n  (0, {}),\n  (0, {}), (0, {}) /* c */, (0, {}) /* c */, (0, {}) /* c\n */, (1,\n{}), (1,\n{}), (1,\n{}),(2, {}) }",
		"{ (0, {}), (0, {}), (0, {}), }", "{(0,{}),(0,{}),(0,{}),(0,{}),(0,{}) , (0,{})}",
		"{" + strings.Repeat("(0,\n {}),\n ", 40) + "(1, {}), " + strings.Repeat("(0,\n {}),\n ", 7) + "(2, {}), (0,\n {}),\n (2, {}) }"}
	left := []string{"{ (0, {}), (0, {}), " + strings.Repeat("(", MaxDepth) + " }", "{ (0, {}), (0, {}), (0, {}) /* }", "{ (0, {}), (0, {})x }", "{ (0, {}) , (0, {}) ,, }", "", "{ (0) }", "{ (0, {}) x }", "{ (0, {}, may-alias) }", "{ 0 }", "{ (0, {}) ", "{ (99999999999999999999, {}) }"}
	checkForms(t, checkDonors, read, left)
}

// Random lists of the forms the readers read, and of a few they leave,
// with white space and comments between tokens.
func TestFastAliasRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	sp := func() string { return []string{"", "", " ", "\n  ", " /*index=5*/ ", "// c\n"}[r.IntN(6)] }
	index := func() string {
		var is []string
		for range r.IntN(3) {
			is = append(is, []string{"0", "1", "12", "-3"}[r.IntN(4)])
		}
		return "{" + sp() + strings.Join(is, sp()+","+sp()) + []string{"", "", ","}[r.IntN(3)] + sp() + "}"
	}
	list := func(entry func() string) string {
		var es []string
		for range r.IntN(5) {
			es = append(es, entry())
		}
		return "{" + sp() + strings.Join(es, sp()+","+sp()) + []string{"", "", ","}[r.IntN(3)] + sp() + "}" + sp()
	}
	alias := func() string {
		kind := []string{"", "", ", may-alias", ", must-alias", "," + sp() + "must-alias" + sp(), ", sys"}[r.IntN(6)]
		return index() + sp() + ":" + sp() + "(" + sp() + []string{"0", "5", "-1"}[r.IntN(3)] + sp() + "," + sp() + index() + kind + ")"
	}
	donor := func() string {
		return "(" + sp() + []string{"0", "5", "x"}[r.IntN(3)] + sp() + "," + sp() + index() + ")"
	}
	fastA, fastD := 0, 0
	for range 2000 {
		if checkAliases(t, list(alias)) {
			fastA++
		}
		if checkDonors(t, list(donor)) {
			fastD++
		}
	}
	if fastA < 500 || fastD < 500 {
		t.Errorf("read %d alias and %d donor lists of 2000 each; the generator should give more", fastA, fastD)
	}
}

// FuzzFastAliases: readAliases and readDonors give what the grammar over
// the whole value gives, the list or the error, for any text.
func FuzzFastAliases(f *testing.F) {
	f.Add("{ {0}: (0, {}, may-alias), {1, 2}: (3, {4,5}) }")
	f.Add("{ (0, {}), (1, {1}) }")
	f.Fuzz(func(t *testing.T, text string) {
		checkAliases(t, text)
		checkDonors(t, text)
	})
}

// Long lists, whole and with one byte changed, inserted or dropped
// anywhere, or two of them one a byte the lexer rejects: the readers give
// the grammar's list or error, for entries past readPiece's first 64
// tokens.
func TestReadListsMutated(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range rounds(20, 150) {
		var as, ds []string
		for i := range r.IntN(200) {
			as = append(as, fmt.Sprintf("{%d}: (%d, {%s}%s)", i, r.IntN(9), []string{"", "0", "1, 2"}[r.IntN(3)], []string{"", ", may-alias", ", must-alias", ", sys"}[r.IntN(4)]))
			ds = append(ds, fmt.Sprintf("(%d, {%s})", i, []string{"", "0", "1,"}[r.IntN(3)]))
		}
		for k, text := range []string{"{ " + strings.Join(as, ", ") + " }", "{" + strings.Join(ds, ",") + "}"} {
			check := checkAliases
			if k == 1 {
				check = checkDonors
			}
			check(t, text)
			for range 4 {
				check(t, mutate(r, text, "(),{}:x0-9 "))
			}
			// A byte the lexer rejects, anywhere, and another change before or after it: the
			// lexer's error comes first.
			check(t, mutate(r, mutate(r, text, "%\"/\x01"), "(),{}:x0-9 "))
		}
	}
}

// TestReadAheadAgrees: a list read as the scan meets it (readAhead) is the
// value the scan would find (skipValue) and the list read over that span,
// and one that does not read is scanned from where it read well up to as
// from its start, for lists of repeated and distinct entries, whole or
// with a byte changed, followed by what a header holds after a value.
func TestReadAheadAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	after := []string{"", ", entry_computation_layout={()->()}", "x", " /* c */", "/* c", "// c", ")", "\"s\"", "{}"}
	ahead := 0
	for range rounds(3000, 30000) {
		key, forms := keyDonor, []string{"(0, {})", "(0, {})", "(1, {2})"}
		if r.IntN(2) == 0 {
			key, forms = keyAlias, []string{"{0}: (0, {})", "{1}: (1, {}, may-alias)"}
		}
		var es []string
		for range r.IntN(12) {
			es = append(es, forms[r.IntN(len(forms))])
		}
		text := "{ " + strings.Join(es, []string{", ", ",", ",\n "}[r.IntN(3)]) + " }"
		if r.IntN(2) == 0 {
			text = mutate(r, text, "(){},: x/*%\n")
		}
		src := []byte("HloModule m, " + key + "=" + text + after[r.IntN(len(after))] + "\n\nENTRY main {\n  ROOT p = f32[] parameter(0)\n}\n")
		s := &scanner{src: src, name: "m.hlo", file: &File{Name: "m.hlo"}}
		start := s.trivia(len("HloModule m, " + key + "="))
		end, ok := s.readAhead([]byte(key), start)
		want, err := (&scanner{src: src, name: "m.hlo"}).skipValue(start, 0)
		if !ok { // the scan from where the list read well up to finds what the whole scan does
			got, gerr := (&scanner{src: src, name: "m.hlo"}).skipValue(start, end)
			if got != want || fmt.Sprint(gerr) != fmt.Sprint(err) {
				t.Fatalf("%q: the scan from %d ends at %d (%v); from the start at %d (%v)", src, end, got, gerr, want, err)
			}
			continue
		}
		ahead++
		span := ast.Span{Pos: s.pos(start), End: s.pos(want)}
		switch {
		case err != nil || end != want:
			t.Fatalf("%q: read ahead to %d; the value ends at %d (%v)", src, end, want, err)
		case key == keyAlias:
			if l, err := readAliases(src, span, nil); err != nil || !reflect.DeepEqual(l, s.file.Aliases) {
				t.Fatalf("%q: read ahead %s; over the value %s (%v)", src, dump(s.file.Aliases), dump(l), err)
			}
		default:
			if l, err := readDonors(src, span, nil); err != nil || !reflect.DeepEqual(l, s.file.Donors) {
				t.Fatalf("%q: read ahead %s; over the value %s (%v)", src, dump(s.file.Donors), dump(l), err)
			}
		}
	}
	if ahead < 300 {
		t.Errorf("read ahead %d lists; the generator should give more", ahead)
	}
}
