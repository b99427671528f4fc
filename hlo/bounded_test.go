package hlo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/keyset"
)

// moduleWithLists is a module of one parameter, a tuple of n f32[]
// leaves (the result one of them), with the header's lists aliases and
// donors ("" for none).
func moduleWithLists(n int, aliases, donors string) []byte {
	var leaves strings.Builder
	for i := range n {
		if i > 0 {
			leaves.WriteString(", ")
		}
		leaves.WriteString("f32[]")
	}
	var b strings.Builder
	b.WriteString("HloModule m")
	if aliases != "" {
		b.WriteString(", input_output_alias={ " + aliases + " }")
	}
	if donors != "" {
		b.WriteString(", buffer_donor={ " + donors + " }")
	}
	fmt.Fprintf(&b, "\n\nENTRY %%main (p: (%s)) -> f32[] {\n  %%p = (%s) parameter(0)\n  ROOT %%g = f32[] get-tuple-element(%%p), index=0\n}\n", leaves.String(), leaves.String())
	return []byte(b.String())
}

// entries joins n entries made by entry.
func entries(n int, entry func(i int) string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(entry(i))
	}
	return b.String()
}

// TestLongListsBounded: a list of more distinct entries than a read keeps
// is read again by Lower, an entry at a time, to the same config; and
// however many entries of a list are wrong, Lower gives maxListErrors
// errors, then one saying how many entries it did not check.
func TestLongListsBounded(t *testing.T) {
	n := maxKept + 100
	src := moduleWithLists(n, "", entries(n, func(i int) string { return fmt.Sprintf("(0, {%d})", i) }))
	f, err := ParseFile("f.hlo", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Donors.Dropped || f.Donors.Entries != nil {
		t.Fatalf("a list of %d donors kept %d entries (dropped %v)", n, len(f.Donors.Entries), f.Donors.Dropped)
	}
	cfg, errs := Lower(f, src)
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	if got := cfg.Donors.Len(); got != n {
		t.Errorf("%d donors read again, want %d", got, n)
	}

	for _, c := range []struct {
		key, aliases, donors string
		good                 int // the entries that give no error
	}{
		{keyDonor, "", entries(3000, func(i int) string { return fmt.Sprintf("(%d, {})", i+1) }), 0},
		{keyDonor, "", entries(maxKept+50, func(i int) string { return fmt.Sprintf("(0, {%d})", i+10) }), 0},
		{keyAlias, entries(3000, func(i int) string { return fmt.Sprintf("{}: (%d, {})", i+1) }), "", 1}, // then "already aliased"
		{keyAlias, entries(3000, func(i int) string { return fmt.Sprintf("{%d}: (0, {})", i) }), "", 0},
	} {
		src := moduleWithLists(10, c.aliases, c.donors)
		f, err := ParseFile("f.hlo", src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		total := strings.Count(c.aliases+c.donors, "(") - c.good
		_, errs := Lower(f, src)
		if len(errs) != maxListErrors+1 {
			t.Errorf("%s of %d entries: %d errors, want %d", c.key, total, len(errs), maxListErrors+1)
			continue
		}
		last := errs[len(errs)-1].Msg
		if want := fmt.Sprintf("too many errors in %s: this entry and the %d after it are not checked", c.key, total-maxListErrors-1); last != want {
			t.Errorf("%s: the last error is %q, want %q", c.key, last, want)
		}
	}
}

// TestManyHeaderAttributes: a header of many attributes keeps those the
// tool reads alone, and its first key written twice is the error where
// it comes before any other, as XLA checks a key before its value,
// whether the keys fit in memory or are spilled (keyset.Budget).
func TestManyHeaderAttributes(t *testing.T) {
	defer func(b int) { keyset.Budget = b }(keyset.Budget)
	header := func(n int, extra string) []byte {
		var b strings.Builder
		b.WriteString("HloModule m, buffer_donor={ (0, {}) }")
		for i := range n {
			fmt.Fprintf(&b, ", k%d=%d", i, i)
		}
		b.WriteString(extra + "\n\nENTRY %main (p: f32[4]) -> f32[4] {\n  %p = f32[4]{0} parameter(0)\n  ROOT %c = f32[4]{0} copy(f32[4]{0} %p)\n}\n")
		return []byte(b.String())
	}
	for _, budget := range []int{keyset.Budget, 64} {
		keyset.Budget = budget
		f, err := ParseFile("f.hlo", header(5000, ""), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Header.Attrs) != 1 || f.Header.Attrs[0].Key != keyDonor {
			t.Errorf("budget %d: %d attributes kept, want buffer_donor alone", budget, len(f.Header.Attrs))
		}
		for _, c := range []struct{ extra, want string }{
			{", k17=1", "attribute k17 already exists"},
			{", k17=1, x=%%, y=(", "attribute k17 already exists"},
			{", x=(, k17=1", "unbalanced '('"},
			{", buffer_donor={}", "attribute buffer_donor already exists"},
		} {
			src := header(5000, c.extra)
			_, err := ParseFile("f.hlo", src, Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("budget %d, %q: %v, want %q", budget, c.extra, err, c.want)
				continue
			}
			if at := ast.ListOf(err)[0].Pos.Offset; strings.Contains(c.want, "exists") && !strings.HasPrefix(string(src[at:]), strings.Fields(c.want)[1]+"=") {
				t.Errorf("budget %d, %q: the error is at %q", budget, c.extra, src[at:min(len(src), at+10)])
			}
		}
	}
}
