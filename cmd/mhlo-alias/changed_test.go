package main

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestChangedFlagsAgree: -d, -l, -w and -o agree on whether a run changes
// its input, in every format: a run that leaves the tables as they were
// prints no diff (exit 0), lists nothing, leaves the file untouched (its
// bytes and its modification time) and writes the input's bytes; a run
// that changes them does all four.
func TestChangedFlagsAgree(t *testing.T) {
	mlir := `module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`
	hlo := `HloModule m, input_output_alias={ {}: (0, {}, may-alias) }, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

ENTRY main {
  p = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(p)
}
`
	read := func(path string) string {
		b, err := os.ReadFile("../../testdata/proto/" + path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	empty, noKind, tpu, snap := read("empty-alias-message.pb"), read("alias-without-kind.pb"), read("tpu-tiled.pb"), read("wrapped/jit-train-step.hlo_snapshot.pb")
	cases := []struct {
		name, src, passes string
		changed           bool
	}{
		{"MLIR, nothing changes", mlir, "flip-must-aliases", false},
		{"MLIR, the table changes", mlir, "flip-may-aliases", true},
		{"HLO text, nothing changes", hlo, "remove-aliases,add-may-aliases", false},
		{"HLO text, the table changes", hlo, "flip-may-aliases", true},
		{"proto, an empty alias message", empty, "flip-may-aliases", false},
		{"proto, empty input_output_alias and buffer_donor, as XLA writes them", empty + "\x92\x01\x00", "flip-may-aliases", false},
		{"proto, empty input_output_alias and buffer_donor, aliases added", empty + "\x92\x01\x00", "flip-may-aliases,add-may-aliases", true},
		{"proto, an alias without a kind", noKind, "flip-must-aliases", false},
		{"proto, removed and added back", tpu, "remove-aliases,add-may-aliases", false},
		{"proto, the table changes", tpu, "flip-may-aliases", true},
		{"proto, an empty alias message gets aliases", empty, "add-may-aliases", true},
		{"snapshot, nothing changes", snap, "flip-must-aliases", false},
		{"snapshot, the table changes", snap, "flip-may-aliases", true},
	}
	dir := t.TempDir()
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for i, c := range cases {
		path := filepath.Join(dir, string(rune('a'+i))+".in")
		write := func() {
			if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
		untouched := func() bool {
			b, _ := os.ReadFile(path)
			st, err := os.Stat(path)
			return err == nil && string(b) == c.src && st.ModTime().Equal(old)
		}
		write()
		pass := "--passes=" + c.passes
		wantCode, wantList := 0, ""
		if c.changed {
			wantCode, wantList = 1, path+"\n"
		}
		if code, out, errs := runTool([]string{pass, "-d", path}, nil); code != wantCode || (out != "") != c.changed {
			t.Errorf("%s: -d exits %d and prints %d bytes (%s); want exit %d, a diff %v", c.name, code, len(out), errs, wantCode, c.changed)
		}
		if code, out, errs := runTool([]string{pass, "-l", path}, nil); code != wantCode || out != wantList {
			t.Errorf("%s: -l exits %d, prints %q (%s); want exit %d, %q", c.name, code, out, errs, wantCode, wantList)
		}
		if code, out, _ := runTool([]string{pass, "-l", "-"}, []byte(c.src)); code != wantCode || (out == "<stdin>\n") != c.changed {
			t.Errorf("%s: -l on standard input exits %d, prints %q", c.name, code, out)
		}
		outPath := path + ".out"
		if code, _, errs := runTool([]string{pass, "-o", outPath, path}, nil); code != 0 {
			t.Errorf("%s: -o exits %d: %s", c.name, code, errs)
		} else if b, _ := os.ReadFile(outPath); (string(b) == c.src) == c.changed {
			t.Errorf("%s: -o writes the input's bytes: %v, want %v", c.name, string(b) == c.src, !c.changed)
		}
		if code, out, errs := runTool([]string{pass, "-w", "-l", path}, nil); code != wantCode || out != wantList {
			t.Errorf("%s: -w -l exits %d, prints %q (%s); want %q", c.name, code, out, errs, wantList)
		}
		if untouched() == c.changed {
			t.Errorf("%s: -w -l: the file untouched: %v, want %v", c.name, c.changed, !c.changed)
		}
		write()
		if code, _, errs := runTool([]string{pass, "-w", path}, nil); code != 0 || untouched() == c.changed {
			t.Errorf("%s: -w exits %d (%s), the file untouched: %v; want %v", c.name, code, errs, untouched(), !c.changed)
		}
	}
}

// TestBinaryStdin: binary data on standard input is recognized as in a
// named file: a truncated module gets its proto error, data of no known
// kind one error, never an MLIR syntax error.
func TestBinaryStdin(t *testing.T) {
	module, err := os.ReadFile("../../testdata/proto/tpu-tiled.pb")
	if err != nil {
		t.Fatal(err)
	}
	random := make([]byte, 2000)
	rand.New(rand.NewSource(3)).Read(random)
	for _, c := range []struct {
		name string
		src  []byte
		want string
	}{
		{"a truncated module", module[:len(module)/2], "<stdin>: byte "},
		{"random bytes", random, "<stdin>: not a module this tool reads: binary data"},
		{"a flatbuffer", append([]byte{0x14, 0, 0, 0, 0, 0, 0x0e, 0, 4, 0, 0, 0}, append([]byte("ML\xefR\x00MLIR"), random[:200]...)...), "<stdin>: not a module this tool reads: a container of MLIR bytecode"},
	} {
		code, out, errs := runTool(nil, c.src)
		if code != 1 || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and one line starting %q", c.name, code, out, errs, c.want)
		}
		if _, named, _ := runTool([]string{"-"}, bytes.Clone(c.src)); named != out {
			t.Errorf("%s: - reads otherwise than no argument", c.name)
		}
	}
}
