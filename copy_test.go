package mhloalias

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An HLO dump whose header edit moves a body of megabytes is written as
// Rewrite writes it; HLO text is not written during its scan.
func TestProcessFileToShiftedBody(t *testing.T) {
	withOverlapFrom(t, 1<<20)
	var body strings.Builder
	for i := 0; body.Len() < 6<<20; i++ {
		fmt.Fprintf(&body, "  c%d = f32[4]{0} constant({%d.5, -1.25, 3, 0.0625})\n", i, i)
	}
	src := []byte("HloModule m, entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}, input_output_alias={ {}: (0, {}, may-alias) }\n\n" +
		"helper {\n" + body.String() + "  ROOT r = f32[4]{0} add(c0, c0)\n}\n\n" +
		"ENTRY main {\n  p0 = f32[4]{0} parameter(0)\n  p1 = f32[4]{0} parameter(1)\n  ROOT a = f32[4]{0} add(p0, p1)\n}\n")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.hlo"), filepath.Join(dir, "out.hlo")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Passes: "flip-may-aliases"}
	res, err := ProcessFileTo(in, out, o)
	if err != nil {
		t.Fatal(err)
	}
	res.Close()
	if !res.OK() || res.overlapped {
		t.Fatalf("ok %v, overlapped %v: %v", res.OK(), res.overlapped, res.Diagnostics())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Rewrite(src, o)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("output differs from Rewrite's (%v)", err)
	}
	if d := len(want) - len(src); d%os.Getpagesize() == 0 {
		t.Fatalf("the edit moved the body by %d bytes, whole pages: the test needs another", d)
	}
}
