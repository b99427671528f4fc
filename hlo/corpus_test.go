package hlo

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// corpusPipelines are run over every module of testdata/hlo.
var corpusPipelines = []string{
	"remove-aliases",
	"add-may-aliases",
	"remove-aliases,add-must-aliases",
	"buffer-donation-to-alias",
	"flip-may-aliases",
	"remove-aliases,add-may-aliases,flip-may-aliases,alias-to-must-alias",
}

// read parses and lowers src, failing the test on any error.
func read(t *testing.T, name string, src []byte) (*File, *model.Config) {
	t.Helper()
	f, err := ParseFile(name, src, Options{})
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	cfg, errs := Lower(f, src)
	if errs.HasErrors() {
		t.Fatalf("Lower: %v", errs)
	}
	return f, cfg
}

// TestCorpus reads every module of testdata/hlo, checks that writing the
// config it read back changes no byte, and that each pipeline's output
// reads back to the config the pipeline produced, and is a fixed point.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("../testdata/hlo/*.hlo")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 modules in testdata/hlo, found %d (%v)", len(files), err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".hlo"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, cfg := read(t, file, src)
			if edits, err := Edits(f, src, cfg); err != nil || len(edits) != 0 {
				t.Fatalf("the config as read gives edits %v (%v); want none", edits, err)
			}
			for _, pipeline := range corpusPipelines {
				checkPipeline(t, file, src, pipeline)
			}
		})
	}
}

// checkPipeline runs pipeline on the module src and checks its output.
func checkPipeline(t *testing.T, name string, src []byte, pipeline string) {
	t.Helper()
	f, cfg := read(t, name, src)
	p, err := passes.Parse(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := passes.Run(cfg, p, passes.RunOptions{VerifyEach: true}); err != nil {
		t.Fatalf("%s: %v", pipeline, err)
	}
	edits, err := Edits(f, src, cfg)
	if err != nil {
		t.Fatalf("%s: Edits: %v", pipeline, err)
	}
	out, err := edit.Bytes(src, edits)
	if err != nil {
		t.Fatalf("%s: %v", pipeline, err)
	}
	if !sameOutside(src, out, f.Header) {
		t.Errorf("%s: bytes after the header changed", pipeline)
	}
	f2, cfg2 := read(t, name, out)
	if got, want := cfg2.LongString(), cfg.LongString(); got != want {
		t.Errorf("%s: the output reads back to\n%s\nwant\n%s", pipeline, got, want)
	}
	if again, _ := Edits(f2, out, cfg2); len(again) != 0 {
		t.Errorf("%s: writing the output's own config again gives edits %v", pipeline, again)
	}
}

// sameOutside reports whether src and out agree after the header: the
// text from the first computation on.
func sameOutside(src, out []byte, h *Header) bool {
	tail := src[h.End:]
	return bytes.HasSuffix(out, tail) && bytes.HasPrefix(out, src[:h.NameEnd])
}
