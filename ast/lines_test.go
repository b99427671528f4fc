package ast

import (
	"strings"
	"testing"
)

// TestLineIndex converts offsets in random order, across checkpoints, and
// compares with counting from the start.
func TestLineIndex(t *testing.T) {
	var b strings.Builder
	for b.Len() < 3*CheckpointStep {
		b.WriteString(strings.Repeat("x", b.Len()%97))
		b.WriteByte('\n')
	}
	src := []byte(b.String())
	var x LineIndex
	for i := 0; i < 300; i++ {
		off := (i * 7919 * 104729) % (len(src) + 1)
		line, col := x.LineCol(src, off)
		wantLine := 1 + strings.Count(string(src[:off]), "\n")
		wantCol := off - (strings.LastIndexByte(string(src[:off]), '\n') + 1) + 1
		if line != wantLine || col != wantCol {
			t.Fatalf("offset %d: %d:%d, want %d:%d", off, line, col, wantLine, wantCol)
		}
	}
}

func TestLastNewline(t *testing.T) {
	for _, s := range []string{"\n", "a\nb", "\n" + strings.Repeat("x", 10000), strings.Repeat("ab\n", 5000) + strings.Repeat("y", 4095), strings.Repeat("y", 4096) + "\n" + strings.Repeat("z", 4096), "no newline"} {
		if got, want := lastNewline([]byte(s)), strings.LastIndexByte(s, '\n'); got != want {
			t.Errorf("lastNewline of %d bytes = %d, want %d", len(s), got, want)
		}
	}
}
