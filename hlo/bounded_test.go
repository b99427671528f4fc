package hlo

import (
	"fmt"
	"strings"
	"testing"
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
