package printer

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// randomEdits makes a text of unique lines and sorted, disjoint edits
// inside it: replacements within a line, line insertions and deletions.
func randomEdits(r *rand.Rand) ([]byte, []edit.Edit) {
	var b strings.Builder
	n := 1 + r.Intn(60)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "line %d of the text\n", i)
	}
	src := []byte(b.String())
	if r.Intn(4) == 0 {
		src = src[:len(src)-1] // no newline at the end
	}
	var edits []edit.Edit
	at := 0
	for k := 0; at < len(src) && k < 1+r.Intn(5); k++ {
		start := at + r.Intn(len(src)-at)
		end := start + r.Intn(min(12, len(src)-start)+1)
		var text string
		switch r.Intn(3) {
		case 0:
			text = fmt.Sprintf("<edit %d>", k)
		case 1:
			text = fmt.Sprintf("\ninserted %d\n", k)
		}
		edits = append(edits, edit.Edit{Start: start, End: end, New: text})
		at = end + 1 + r.Intn(200)
	}
	return src, edits
}

// TestDiffMatchesGNUDiff compares Diff with `diff -u` on random edits:
// 300 of them with MHLO_ALIAS_LONG_TESTS=1, 30 without.
func TestDiffMatchesGNUDiff(t *testing.T) {
	gnu, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("diff not on PATH")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewSource(7))
	n := 30
	if os.Getenv("MHLO_ALIAS_LONG_TESTS") == "1" {
		n = 300
	}
	for i := 0; i < n; i++ {
		src, edits := randomEdits(r)
		out, err := edit.Bytes(src, edits)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := Diff(&got, src, edits, DiffOptions{OldName: "a", NewName: "b"}); err != nil {
			t.Fatal(err)
		}
		oldPath, newPath := filepath.Join(dir, "old"), filepath.Join(dir, "new")
		os.WriteFile(oldPath, src, 0o644)
		os.WriteFile(newPath, out, 0o644)
		want, _ := exec.Command(gnu, "-u", "--label", "a", "--label", "b", oldPath, newPath).Output()
		if got.String() != string(want) {
			t.Fatalf("case %d: edits %+v\ngot:\n%s\nwant:\n%s", i, edits, got.String(), want)
		}
	}
}

func TestDiffColor(t *testing.T) {
	src := []byte("a\n" + strings.Repeat("x", 3000) + " old " + strings.Repeat("y", 3000) + "\nb\n")
	start := bytes.Index(src, []byte("old"))
	edits := []edit.Edit{{Start: start, End: start + 3, New: "new"}}
	var plain, color bytes.Buffer
	Diff(&plain, src, edits, DiffOptions{OldName: "a", NewName: "b"})
	Diff(&color, src, edits, DiffOptions{OldName: "a", NewName: "b", Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Error("plain diff has escapes")
	}
	if !strings.Contains(color.String(), colorReverse+"old"+colorReset) || !strings.Contains(color.String(), colorReverse+"new"+colorReset) {
		t.Errorf("the changed words are not highlighted: %q", color.String()[:200])
	}
	if strings.Count(color.String(), colorReverse) != 2 {
		t.Errorf("only the changed word may be highlighted, once per line")
	}
}

func TestApplyRejectsBadEdits(t *testing.T) {
	src := []byte("0123456789")
	for _, edits := range [][]edit.Edit{
		{{Start: 5, End: 4}},
		{{Start: 2, End: 6}, {Start: 4, End: 8}},
		{{Start: 8, End: 11}},
	} {
		if _, err := edit.Bytes(src, edits); err == nil {
			t.Errorf("edits %+v accepted", edits)
		}
	}
}

// TestHighlightManyWords crosses the surrogate range of runes: more than
// 0xD800 distinct words on a line.
func TestHighlightManyWords(t *testing.T) {
	var old, new strings.Builder
	for i := 0; i < 0xE000; i++ {
		fmt.Fprintf(&old, "w%d ", i)
		if i == 0xDF00 {
			new.WriteString("changed ")
		} else {
			fmt.Fprintf(&new, "w%d ", i)
		}
	}
	o, n := highlightPair(old.String(), new.String())
	if !strings.Contains(o, colorReverse+"w57088"+colorReset) || !strings.Contains(n, colorReverse+"changed"+colorReset) {
		t.Errorf("the changed word is not highlighted")
	}
	plain := strings.NewReplacer(colorReverse, "", colorReset, "")
	if plain.Replace(o) != old.String() || plain.Replace(n) != new.String() {
		t.Errorf("highlighting changed the text")
	}
}

// TestLineCursor checks the cursor's answers against the plain functions
// for random offsets in increasing order, and for some out of order.
func TestLineCursor(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 200; i++ {
		src, _ := randomEdits(r)
		if r.Intn(3) == 0 {
			src = bytes.ReplaceAll(src, []byte("\n"), []byte(" ")) // one long line
		}
		lc := &lineCursor{src: src}
		off := 0
		for k := 0; k < 41 && off <= len(src); k++ {
			if k == 40 || r.Intn(10) == 0 {
				off = len(src) // the end, after the last line or in it
			}
			if got, want := lc.contextStart(off), back(src, startOf(src, off), contextLines); got != want {
				t.Fatalf("contextStart(%d) = %d, want %d in %q", off, got, want, src)
			}
			want := endOf(src, off)
			for n := contextLines; n > 0 && want < len(src); n-- {
				want = endOf(src, want)
			}
			if got := lc.contextEnd(off); got != want {
				t.Fatalf("contextEnd(%d) = %d, want %d in %q", off, got, want, src)
			}
			if r.Intn(8) == 0 {
				off = r.Intn(off + 1) // out of order
			} else {
				off += r.Intn(30)
			}
		}
	}
}

// TestDiffColorLongLine changes thousands of words on one long line: the
// colored diff highlights each change (edit by edit) and, without its
// escapes, is the plain diff.
func TestDiffColorLongLine(t *testing.T) {
	var line strings.Builder
	var edits []edit.Edit
	for i := 0; i < 3000; i++ {
		word := fmt.Sprintf("arg%d {keep = 1, old = %d}, ", i, i)
		at := line.Len() + strings.Index(word, "old")
		line.WriteString(word)
		edits = append(edits, edit.Edit{Start: at, End: at + 3, New: "new"})
	}
	src := []byte("a\n" + line.String() + "\nb\n")
	for i := range edits {
		edits[i].Start += 2
		edits[i].End += 2
	}
	var plain, color bytes.Buffer
	if err := Diff(&plain, src, edits, DiffOptions{OldName: "a", NewName: "b"}); err != nil {
		t.Fatal(err)
	}
	if err := Diff(&color, src, edits, DiffOptions{OldName: "a", NewName: "b", Color: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(color.String(), colorReverse+"old"+colorReset); n != len(edits) {
		t.Errorf("%d removed words highlighted, want %d", n, len(edits))
	}
	if n := strings.Count(color.String(), colorReverse+"new"+colorReset); n != len(edits) {
		t.Errorf("%d added words highlighted, want %d", n, len(edits))
	}
	escapes := regexp.MustCompile("\x1b\\[[0-9]*m")
	if got := escapes.ReplaceAllString(color.String(), ""); got != plain.String() {
		t.Errorf("the colored diff is not the plain diff in color")
	}
}

// TestMarkAffix marks what lies between the common prefix and suffix, in
// whole runes.
func TestMarkAffix(t *testing.T) {
	for _, tt := range []struct{ old, new, wantOld, wantNew string }{
		{"result_index = [0], must_alias>", "result_index = [0]>", "result_index = [0]" + colorReverse + ", must_alias" + colorReset + ">", "result_index = [0]>"},
		{"abc", "abc", "abc", "abc"},
		{"", "x", "", colorReverse + "x" + colorReset},
		{"aé", "aè", "a" + colorReverse + "é" + colorReset, "a" + colorReverse + "è" + colorReset},
		{"éz", "èz", colorReverse + "é" + colorReset + "z", colorReverse + "è" + colorReset + "z"},
	} {
		var ob, nb strings.Builder
		markAffix(&ob, &nb, tt.old, tt.new)
		if ob.String() != tt.wantOld || nb.String() != tt.wantNew {
			t.Errorf("markAffix(%q, %q) = %q, %q; want %q, %q", tt.old, tt.new, ob.String(), nb.String(), tt.wantOld, tt.wantNew)
		}
	}
}

// TestDiffEmptySide checks the hunk ranges of a side without lines,
// which diff -u names by the line before them.
func TestDiffEmptySide(t *testing.T) {
	for _, c := range []struct {
		src   string
		edits []edit.Edit
		want  string
	}{
		{"", []edit.Edit{{Start: 0, End: 0, New: "a\nb\n"}}, "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"a\n", []edit.Edit{{Start: 0, End: 2}}, "--- a\n+++ b\n@@ -1 +0,0 @@\n-a\n"},
	} {
		var got bytes.Buffer
		if err := Diff(&got, []byte(c.src), c.edits, DiffOptions{OldName: "a", NewName: "b"}); err != nil {
			t.Fatal(err)
		}
		if got.String() != c.want {
			t.Errorf("Diff(%q, %+v) = %q, want %q", c.src, c.edits, got.String(), c.want)
		}
	}
}
