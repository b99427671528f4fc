package hlo

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/passes"
)

// fuzzSeeds are small modules with every construct the reader knows.
var fuzzSeeds = []string{
	"HloModule m, input_output_alias={ {0}: (0, {}, may-alias) }, buffer_donor={ (1, {}) }\nENTRY main {\n  a = f32[2]{0} parameter(0)\n  b = f32[2] parameter(1)\n  ROOT t = (f32[2], f32[2]) tuple(a, b)\n}\n",
	"HloModule m, is_scheduled=true, entry_computation_layout={(f32[8,8]{1,0:T(8,128)S(5)}, s32[]{:T(128)})->(f32[8,8]{1,0:T(8,128)S(5)})}\n%f (x: f32[]) -> f32[] {\n  ROOT %x = f32[] parameter(0)\n}\nENTRY %e (p: f32[8,8], q: s32[]) -> (f32[8,8]) {\n  %p = f32[8,8]{1,0:T(8,128)S(5)} parameter(0)\n  %q = s32[]{:T(128)} parameter(1)\n  ROOT %t = (f32[8,8]{1,0:T(8,128)S(5)}) tuple(%p)\n}\n",
	"HloModule m,\n  buffer_donor={(0,{})},input_output_alias={{}: (0, {1, 0})}\nc {\n  p = (f32[<=4], (s4[?]{0:E(4)}, token[])) parameter(0) /*c*/\n  ROOT k = u8[2]{0:#(u16)*(u32)L(2)SC(0:1)M(8)} constant({1, 2})\n}, execution_thread=\"x\"\n",
}

// FuzzParseHLO reads arbitrary text as HLO: it must never panic or hang;
// what reads and lowers must give no edits when written back unchanged,
// and a pipeline's output must read back to the pipeline's config.
func FuzzParseHLO(f *testing.F) {
	for _, s := range append(fuzzSeeds, shardedHLO) {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../testdata/hlo/*.hlo")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil && len(src) < 4096 {
			f.Add(src)
		}
	}
	pipeline, err := passes.Parse("remove-aliases,add-may-aliases,buffer-donation-to-alias")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// A hang is a failure: the watchdog's panic crashes the worker,
		// and the fuzzer keeps the input.
		watchdog := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("no result after 10s for %q", src)) })
		defer watchdog.Stop()
		file, err := ParseFile("fuzz.hlo", src, Options{})
		if err != nil {
			return
		}
		cfg, errs := Lower(file, src)
		if errs.HasErrors() {
			return
		}
		if edits, err := Edits(file, src, cfg); err != nil || len(edits) != 0 {
			t.Fatalf("the config as read gives edits %v (%v)", edits, err)
		}
		if err := passes.Run(cfg, pipeline, passes.RunOptions{VerifyEach: true}); err != nil {
			return
		}
		edits, err := Edits(file, src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		out, err := edit.Bytes(src, edits)
		if err != nil {
			t.Fatalf("edits do not apply: %v", err)
		}
		file2, err := ParseFile("fuzz.hlo", out, Options{})
		if err != nil {
			t.Fatalf("the output does not read back: %v\n%s", err, out)
		}
		cfg2, errs := Lower(file2, out)
		if errs.HasErrors() {
			t.Fatalf("the output does not lower: %v\n%s", errs, out)
		}
		if got, want := cfg2.LongString(), cfg.LongString(); got != want {
			t.Fatalf("the output reads back to\n%s\nwant\n%s", got, want)
		}
	})
}
