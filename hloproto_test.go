package mhloalias

import (
	"bytes"
	"github.com/mhlo-alias/mhlo-alias/bench/prototest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHLOProtoLikeTwin: every pass on each binary module gives the config
// the same pass gives its HLO text twin, and the output reads back to it.
func TestHLOProtoLikeTwin(t *testing.T) {
	pbs, _ := filepath.Glob("testdata/proto/*.pb")
	if len(pbs) < 10 {
		t.Fatalf("%d modules", len(pbs))
	}
	for _, pb := range pbs {
		src, _ := os.ReadFile(pb)
		text, _ := os.ReadFile(strings.TrimSuffix(pb, ".pb") + ".hlo")
		for _, p := range []string{"", "remove-aliases", "add-must-aliases", "flip-may-aliases", "xla-buffer-donation", "buffer-donation-to-alias,alias-to-must-alias"} {
			o := Options{Passes: p}
			got, err := Process(pb, src, o)
			if err != nil || !got.OK() {
				t.Fatalf("%s --passes=%s: %v %v", pb, p, err, got.Diagnostics())
			}
			want, err := Process("twin.hlo", text, o)
			if err != nil || !want.OK() {
				t.Fatalf("twin of %s --passes=%s: %v %v", pb, p, err, want.Diagnostics())
			}
			if g, w := got.Config().LongString(), want.Config().LongString(); g != w {
				t.Errorf("%s --passes=%s:\n%s\nwant\n%s", pb, p, g, w)
			}
			back, err := ReadConfig(got.Bytes(), Options{InputFormat: "hlo-module-proto"})
			if err != nil {
				t.Fatalf("%s --passes=%s: the output does not read: %v", pb, p, err)
			}
			if g, w := back.LongString(), want.Config().LongString(); g != w {
				t.Errorf("%s --passes=%s: output reads back as\n%s\nwant\n%s", pb, p, g, w)
			}
		}
	}
}

// TestBinaryInputErrors: bytecode and compressed input get one clear
// error; a malformed proto a positioned one.
func TestBinaryInputErrors(t *testing.T) {
	module, _ := os.ReadFile("testdata/proto/must-alias-nested.pb")
	for _, c := range []struct {
		name string
		src  []byte
		want string
	}{
		{"m.mlirbc", []byte("ML\xefR\x00MLIR19.0.0"), "m.mlirbc: error: the file is MLIR bytecode"},
		{"m.mlir.gz", []byte{0x1f, 0x8b, 8, 0}, "gzip-compressed"},
		{"m.zst", []byte{0x28, 0xb5, 0x2f, 0xfd, 0}, "zstd-compressed"},
		{"model.hlo_module.pb", module[:len(module)/2], "model.hlo_module.pb: byte "},
		{"model.hlo_module.pb", []byte("\x0a\x03abc\x42\x03\x0a\x01\x20"), "HloModuleProto.input_output_alias.entries[0]"},
	} {
		res, err := Process(c.name, c.src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.OK() || !strings.Contains(res.Diagnostics().Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, res.Diagnostics(), c.want)
		}
	}
	if _, err := Process("m.pb", module, Options{Emit: "module"}); err == nil {
		t.Errorf("--emit on a proto: no usage error")
	}
	if res, err := Process("-", module, Options{InputFormat: "hlo-module-proto", Passes: "remove-aliases"}); err != nil || !res.OK() || bytes.Equal(res.Bytes(), module) {
		t.Errorf("--input-format=hlo-module-proto: %v %v", err, res.Diagnostics())
	}
}

// TestHLOProtoDiff: -d on a proto shows the two header attributes.
func TestHLOProtoDiff(t *testing.T) {
	src, _ := os.ReadFile("testdata/proto/tpu-tiled.pb")
	res, err := Process("tpu-tiled.pb", src, Options{Passes: "remove-aliases"})
	if err != nil || !res.OK() {
		t.Fatal(err, res.Diagnostics())
	}
	var b bytes.Buffer
	if err := res.WriteDiff(&b, DiffOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "-input_output_alias={ {0}: (0, {}, may-alias), {1}: (1, {}, may-alias) }\n+input_output_alias={}\n buffer_donor={ (2, {}) }\n"
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("got\n%s\nwant it to end in\n%s", b.String(), want)
	}
}

// TestHLOProtoUnusedDonors: --unused-donors=error names the file and
// the reason.
func TestHLOProtoUnusedDonors(t *testing.T) {
	src, _ := os.ReadFile("testdata/proto/donors-only.pb")
	res, err := Process("model.hlo_module.pb", src, Options{UnusedDonors: "error"})
	if err != nil {
		t.Fatal(err)
	}
	// No pass ran: the reason is what buffer-donation-to-alias would see.
	want := "model.hlo_module.pb: error: donor parameter 0 \"p0\" at {} f32[64,64]{1,0} is not used by any output: free: output {} f32[64,64]{1,0} has its shape and no alias; no donation pass has paired them"
	if res.OK() || !strings.Contains(res.Diagnostics().Error(), want) {
		t.Errorf("got %v, want %s", res.Diagnostics(), want)
	}
}

// TestHLOProtoPiped: a large proto piped in is spilled to a file and
// rewritten as its bytes are.
func TestHLOProtoPiped(t *testing.T) {
	src := prototest.Large(t, "testdata/proto/jit-train-step.pb", 20<<20)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(src)
		w.Close()
	}()
	defer r.Close()
	res, err := ProcessReader("<stdin>", r, Options{Passes: "flip-may-aliases", InputFormat: "hlo-module-proto"})
	if err != nil || !res.OK() {
		t.Fatalf("%v %v", err, res.Diagnostics())
	}
	defer res.Close()
	if !bytes.Equal(res.in.Data, src) || res.in.File == nil {
		t.Fatalf("the input is not the stream, spilled (file %v)", res.in.File != nil)
	}
	mem, err := Process("<stdin>", src, Options{Passes: "flip-may-aliases", InputFormat: "hlo-module-proto"})
	if err != nil || !mem.OK() {
		t.Fatalf("%v %v", err, mem.Diagnostics())
	}
	if !bytes.Equal(res.Bytes(), mem.Bytes()) {
		t.Error("the spilled proto is rewritten otherwise than its bytes")
	}
}
