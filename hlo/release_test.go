package hlo

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// TestRelease checks that the scan reports its progress through
// Options.Release, at increasing offsets inside the input, and that a
// scan that releases reads what one that does not reads.
func TestRelease(t *testing.T) {
	var b strings.Builder
	b.WriteString("HloModule m, entry_computation_layout={(f32[4]{0})->f32[4]{0}}\n\n")
	for c := 0; b.Len() < 3*ast.ReleaseStep; c++ {
		fmt.Fprintf(&b, "body.%d {\n", c)
		for i := range 2000 {
			fmt.Fprintf(&b, "  c%d = f32[4]{0} constant({%d, 1, 2, 3}), metadata={op_name=\"jit(f)/add\"}\n", i, i)
		}
		b.WriteString("  ROOT r = f32[4]{0} copy(c0)\n}\n\n")
	}
	b.WriteString("ENTRY main {\n  p = f32[4]{0} parameter(0)\n  ROOT r = f32[4]{0} copy(p)\n}\n")
	src := []byte(b.String())
	var calls []int
	got, err := ParseFile("m.hlo", src, Options{Release: func(from, to int) {
		if len(calls) > 0 && from != calls[len(calls)-1] || len(calls) == 0 && from != 0 {
			t.Errorf("Release(%d, %d) after %v: the ranges must follow each other", from, to, calls)
		}
		calls = append(calls, to)
	}})
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseFile("m.hlo", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 2 {
		t.Fatalf("Release called %d times over %d bytes", len(calls), len(src))
	}
	for i, off := range calls {
		if off <= 0 || off >= len(src) || i > 0 && off <= calls[i-1] {
			t.Fatalf("Release offsets %v (input of %d bytes)", calls, len(src))
		}
	}
	if !reflect.DeepEqual(got.Entry, want.Entry) || got.Computations != want.Computations {
		t.Errorf("with Release: entry %+v, %d computations; without: %+v, %d", got.Entry, got.Computations, want.Entry, want.Computations)
	}
}

// TestLowerReleases checks that Lower's passes over the entry's
// parameters tell Options.Release what they have read, within the input,
// so that a mapped input is not all in memory again after the scan, and
// that the config is the one read without Release.
func TestLowerReleases(t *testing.T) {
	const n = 12000 // parameters of about 300 bytes: over 3 MB
	var b strings.Builder
	b.WriteString("HloModule m, entry_computation_layout={(")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("f32[4]{0}")
	}
	b.WriteString(")->f32[4]{0}}\n\nENTRY main {\n")
	for i := range n {
		fmt.Fprintf(&b, "  p%d = f32[4]{0} parameter(%d), sharding={devices=[2]<=[2]}, metadata={op_name=\"%s[%d]\"}\n", i, i, strings.Repeat("jit(f)/layer/", 16), i)
	}
	b.WriteString("  ROOT r = f32[4]{0} copy(p0)\n}\n")
	src := []byte(b.String())
	var ranges [][2]int
	f, err := ParseFile("m.hlo", src, Options{Release: func(from, to int) { ranges = append(ranges, [2]int{from, to}) }})
	if err != nil {
		t.Fatal(err)
	}
	scanned := len(ranges)
	cfg, errs := Lower(f, src)
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	if len(ranges) < scanned+4 { // two passes over 3 MB, a range a megabyte
		t.Errorf("Lower released %d ranges over %d bytes of parameters; want a range every %d bytes of each pass", len(ranges)-scanned, len(src), ast.ReleaseStep)
	}
	for _, r := range ranges {
		if r[0] < 0 || r[1] > len(src) || r[1] <= r[0] {
			t.Fatalf("Release(%d, %d) on an input of %d bytes", r[0], r[1], len(src))
		}
	}
	f2, err := ParseFile("m.hlo", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, errs := Lower(f2, src)
	if errs.HasErrors() {
		t.Fatal(errs)
	}
	if got, want := cfg.LongString(), want.LongString(); got != want {
		t.Errorf("with Release the config is\n%s\nwithout\n%s", got, want)
	}
}

// TestReleaseInGroups checks that the scan releases behind it inside a
// bracket group too: a header value of megabytes is one group.
func TestReleaseInGroups(t *testing.T) {
	groups := strings.Repeat("{0, {}}, ", 3*ast.ReleaseStep/9)
	src := []byte("HloModule m, buffer_donor={ (0, {}), (0, {}) }, replica_groups={ " + groups + "}\n\nENTRY main {\n  p = f32[4]{0} parameter(0)\n  ROOT r = f32[4]{0} copy(p)\n}\n")
	var calls int
	got, err := ParseFile("m.hlo", src, Options{Release: func(from, to int) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2 {
		t.Fatalf("Release called %d times over a header value of %d bytes", calls, len(groups))
	}
	want, err := ParseFile("m.hlo", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Header, want.Header) || !reflect.DeepEqual(got.Donors, want.Donors) || len(got.Donors.Entries) != 1 {
		t.Errorf("with Release: %+v; without: %+v", got.Donors, want.Donors)
	}
}
