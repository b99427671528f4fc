package mhloalias

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

const (
	changedMLIR = `module {
  func.func @main(%arg0: tensor<2xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0]>}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`
	changedTF = `module {
  func.func @main(%arg0: tensor<2xf32> {tf.aliasing_output = 0 : i32}) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
`
	changedHLO = `HloModule m, input_output_alias={ {}: (0, {}, may-alias) }, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

ENTRY main {
  p = f32[2]{0} parameter(0)
  ROOT n = f32[2]{0} negate(p)
}
`
)

// changedCase is an input, the options of a run on it and whether its
// output differs from it.
type changedCase struct {
	name    string
	src     []byte
	opts    Options
	changed bool
}

func readTestdata(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// changedCases are runs in every format that change nothing (a pipeline
// that leaves the tables as they were, however the file wrote them) and
// runs that change something.
func changedCases(t *testing.T) []changedCase {
	empty := readTestdata(t, "testdata/proto/empty-alias-message.pb")
	noKind := readTestdata(t, "testdata/proto/alias-without-kind.pb")
	tpu := readTestdata(t, "testdata/proto/tpu-tiled.pb")
	snap := readTestdata(t, "testdata/proto/wrapped/jit-train-step.hlo_snapshot.pb")
	// tpu-tiled with its alias table split over two fields.
	var split []byte
	var aliases [][]byte
	for b := tpu; len(b) > 0; {
		num, _, n := protowire.ConsumeField(b)
		if num == 8 {
			_, _, tn := protowire.ConsumeTag(b)
			table, _ := protowire.ConsumeBytes(b[tn:])
			for len(table) > 0 {
				_, _, en := protowire.ConsumeField(table)
				aliases = append(aliases, table[:en])
				table = table[en:]
			}
		} else {
			split = append(split, b[:n]...)
		}
		b = b[n:]
	}
	for _, a := range aliases {
		split = protowire.AppendBytes(protowire.AppendTag(split, 8, protowire.BytesType), a)
	}
	return []changedCase{
		{"MLIR, no pass", []byte(changedMLIR), Options{}, false},
		{"MLIR, a pass that changes nothing", []byte(changedMLIR), Options{Passes: "flip-must-aliases"}, false},
		{"MLIR --emit=tf, removed and added back", []byte(changedTF), Options{Passes: "remove-aliases,add-may-aliases", Emit: "tf"}, false},
		{"MLIR, another encoding", []byte(changedTF), Options{Passes: "flip-must-aliases"}, true},
		{"MLIR, a pass that changes the table", []byte(changedMLIR), Options{Passes: "flip-may-aliases"}, true},
		{"HLO text, a pass that changes nothing", []byte(changedHLO), Options{Passes: "flip-must-aliases"}, false},
		{"HLO text, removed and added back", []byte(changedHLO), Options{Passes: "remove-aliases,add-may-aliases"}, false},
		{"HLO text, a pass that changes the table", []byte(changedHLO), Options{Passes: "flip-may-aliases"}, true},
		{"proto, an empty alias message", empty, Options{Passes: "flip-may-aliases"}, false},
		{"proto, empty input_output_alias and buffer_donor", append(bytes.Clone(empty), 0x92, 0x01, 0x00), Options{Passes: "flip-may-aliases"}, false},
		{"proto, an alias without a kind", noKind, Options{Passes: "flip-must-aliases"}, false},
		{"proto, the alias table in two fields", split, Options{Passes: "flip-must-aliases"}, false},
		{"proto, removed and added back", tpu, Options{Passes: "remove-aliases,add-may-aliases"}, false},
		{"proto, aliases removed", tpu, Options{Passes: "remove-aliases"}, true},
		{"proto, an empty alias message, aliases added", empty, Options{Passes: "add-may-aliases"}, true},
		{"proto, the alias table in two fields, flipped", split, Options{Passes: "flip-may-aliases"}, true},
		{"snapshot, a pass that changes nothing", snap, Options{Passes: "flip-must-aliases"}, false},
		{"snapshot, a pass that changes the table", snap, Options{Passes: "flip-may-aliases"}, true},
	}
}

// TestChangedOneMeaning: Result.Changed, the output's bytes, WriteDiff and
// RewriteFile agree on whether a run changes its input, in every format:
// a run that leaves the tables as they were leaves the bytes, prints no
// diff and does not touch the file.
func TestChangedOneMeaning(t *testing.T) {
	dir := t.TempDir()
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for i, c := range changedCases(t) {
		res, err := Process("m", c.src, c.opts)
		if err != nil || !res.OK() {
			t.Fatalf("%s: %v %v", c.name, err, res.Diagnostics())
		}
		if res.Changed() != c.changed {
			t.Errorf("%s: Changed() = %v, want %v", c.name, res.Changed(), c.changed)
		}
		if out := res.Bytes(); bytes.Equal(out, c.src) == c.changed {
			t.Errorf("%s: output equals input: %v, want %v", c.name, bytes.Equal(out, c.src), !c.changed)
		}
		var diff bytes.Buffer
		if err := res.WriteDiff(&diff, DiffOptions{}); err != nil {
			t.Fatal(err)
		}
		if (diff.Len() > 0) != c.changed {
			t.Errorf("%s: diff of %d bytes, want one only when changed (%v):\n%s", c.name, diff.Len(), c.changed, diff.String())
		}
		path := filepath.Join(dir, string(rune('a'+i)))
		if err := os.WriteFile(path, c.src, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
		changed, err := RewriteFile(path, c.opts)
		if err != nil || changed != c.changed {
			t.Errorf("%s: RewriteFile: changed %v, %v; want %v", c.name, changed, err, c.changed)
		}
		after, _ := os.ReadFile(path)
		st, _ := os.Stat(path)
		if !c.changed && (!bytes.Equal(after, c.src) || !st.ModTime().Equal(old)) {
			t.Errorf("%s: RewriteFile touched a file it does not change", c.name)
		}
		if c.changed && !bytes.Equal(after, res.Bytes()) {
			t.Errorf("%s: RewriteFile wrote otherwise than the output", c.name)
		}
	}
}

// TestEffective: edits that write what they replace are dropped, and a set
// of edits that together give the input back is none.
func TestEffective(t *testing.T) {
	src := []byte("abcdefgh")
	for _, c := range []struct {
		name  string
		edits []edit.Edit
		want  []edit.Edit
	}{
		{"a no-op", []edit.Edit{{Start: 2, End: 4, New: "cd"}}, nil},
		{"an empty insertion", []edit.Edit{{Start: 3, End: 3, New: ""}}, nil},
		{"a no-op and a change", []edit.Edit{{Start: 0, End: 1, New: "a"}, {Start: 5, End: 6, New: "X"}}, []edit.Edit{{Start: 5, End: 6, New: "X"}}},
		{"a removal and an insertion that put it back", []edit.Edit{{Start: 2, End: 3, New: ""}, {Start: 3, End: 3, New: "c"}}, nil},
		{"a removal and an insertion elsewhere", []edit.Edit{{Start: 2, End: 3, New: ""}, {Start: 5, End: 5, New: "c"}}, []edit.Edit{{Start: 2, End: 3, New: ""}, {Start: 5, End: 5, New: "c"}}},
		{"text moved by one, the same length", []edit.Edit{{Start: 0, End: 1, New: ""}, {Start: 8, End: 8, New: "a"}}, []edit.Edit{{Start: 0, End: 1, New: ""}, {Start: 8, End: 8, New: "a"}}},
		{"two halves swapped back", []edit.Edit{{Start: 0, End: 2, New: "a"}, {Start: 2, End: 2, New: "b"}}, nil},
	} {
		got := effective(src, slices.Clone(c.edits)) // it reuses the array
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}
		out, _ := edit.Bytes(src, c.edits)
		if (got == nil) != bytes.Equal(out, src) {
			t.Errorf("%s: none left %v, but the output is %q", c.name, got == nil, out)
		}
	}
}
