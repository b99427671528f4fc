package mhloalias

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withOverlapFrom lowers overlapMin for one test.
func withOverlapFrom(t *testing.T, n int) {
	old := overlapMin
	overlapMin = n
	t.Cleanup(func() { overlapMin = old })
}

// overlapModule is a module with a large function on each side of @main;
// main and after are spliced in.
func overlapModule(main, after string) []byte {
	body := strings.Repeat(`    %c = "stablehlo.constant"() {value = dense<"0x0000000000000000"> : tensor<2xf32>} : () -> tensor<2xf32>`+"\n", 2000)
	return []byte("module attributes {mhlo.input_output_alias = []} {\n  func.func private @before() {\n" + body + "    return\n  }\n" +
		main + "\n  func.func private @after() {\n" + body + "    return\n  }\n" + after + "}\n")
}

const donatingMain = `  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {
    return %arg0 : tensor<4xf32>
  }`

func TestProcessFileToOverlaps(t *testing.T) {
	withOverlapFrom(t, 1024)
	o := Options{Passes: "buffer-donation-to-alias"}
	tests := []struct {
		name       string
		src        []byte
		overlapped bool // the output written during the scan is kept
		ok         bool
	}{
		{"plain", overlapModule(donatingMain, ""), true, true},
		// Early, !my.t is an unknown dialect type, so the donor matches
		// nothing; its definition after the module makes it a tensor.
		{"later alias", append(overlapModule(strings.ReplaceAll(donatingMain, "tensor<4xf32>", "!my.t"), ""), "!my.t = tensor<4xf32>\n"...), false, true},
		{"later redefinition", overlapModule(donatingMain, "  func.func @main() {\n    return\n  }\n"), false, false},
		{"later error", overlapModule(donatingMain, "  func.func @broken(\n"), false, false},
	}
	for _, tt := range tests {
		for _, inPlace := range []bool{false, true} {
			res, got, names, out := runTo(t, tt.src, o, inPlace)
			if res.OK() != tt.ok || res.overlapped != tt.overlapped {
				t.Errorf("%s (in place %v): ok %v, overlapped %v; want %v, %v", tt.name, inPlace, res.OK(), res.overlapped, tt.ok, tt.overlapped)
			}
			switch {
			case !tt.ok && inPlace:
				if !bytes.Equal(got, tt.src) {
					t.Errorf("%s: a failed run changed the file in place", tt.name)
				}
			case !tt.ok:
				if got != nil {
					t.Errorf("%s: a failed run wrote %s", tt.name, out)
				}
			default:
				want, rerr := Rewrite(tt.src, o)
				if rerr != nil || !bytes.Equal(got, want) {
					t.Errorf("%s (in place %v): output differs from Rewrite's (%v)", tt.name, inPlace, rerr)
				}
				if bytes.Equal(want, tt.src) {
					t.Errorf("%s: nothing changed; the case needs a change", tt.name)
				}
				if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 && inPlace {
					t.Errorf("%s: mode %v, want 0600 kept", tt.name, st.Mode().Perm())
				}
			}
			files := 1 // the input; and the output, when written beside it
			if tt.ok && !inPlace {
				files = 2
			}
			if len(names) != files {
				t.Errorf("%s (in place %v): the directory holds %v", tt.name, inPlace, names)
			}
		}
	}
}

func TestProcessFileToOverlapsHLO(t *testing.T) {
	withOverlapFrom(t, 1024)
	body := strings.Repeat("  c = f32[2]{0} constant({0, 0})\n", 2000)
	src := func(entry string) []byte {
		return []byte("HloModule m, entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}, buffer_donor={ (0, {}) }\n\n" +
			"helper {\n" + body + "  ROOT r = f32[2]{0} add(c, c)\n}\n\n" + entry)
	}
	const entry = "ENTRY main {\n  p0 = f32[4]{0} parameter(0)\n  p1 = f32[4]{0} parameter(1)\n  ROOT a = f32[4]{0} add(p0, p1)\n}\n"
	tests := []struct {
		name           string
		src            []byte
		ok, overlapped bool
	}{
		{"plain", src(entry), true, false}, // HLO text is never written during its scan
		{"entry disagrees with the layout", src(strings.Replace(entry, "p1 = f32[4]{0}", "p1 = f32[8]{0}", 1)), false, false},
		{"no layout", bytes.Replace(src(entry), []byte("entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}, "), nil, 1), true, false},
	}
	o := Options{Passes: "buffer-donation-to-alias"}
	for _, tt := range tests {
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in.hlo"), filepath.Join(dir, "out.hlo")
		if err := os.WriteFile(in, tt.src, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := ProcessFileTo(in, out, o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		res.Close()
		if res.OK() != tt.ok || res.overlapped != tt.overlapped {
			t.Errorf("%s: ok %v, overlapped %v; want %v, %v (%v)", tt.name, res.OK(), res.overlapped, tt.ok, tt.overlapped, res.Diagnostics())
		}
		got, err := os.ReadFile(out)
		if !tt.ok {
			if err == nil {
				t.Errorf("%s: a failed run wrote the output", tt.name)
			}
			continue
		}
		want, err := Rewrite(tt.src, o)
		if err != nil || !bytes.Equal(got, want) || bytes.Equal(want, tt.src) {
			t.Errorf("%s: output differs from Rewrite's, or nothing changed (%v)", tt.name, err)
		}
	}
}
