package hloproto

import (
	"bytes"
	"github.com/mhlo-alias/mhlo-alias/bench/prototest"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// BenchmarkRewriteLarge reads a 64 MiB module and rewrites its alias
// table: the literal is skipped by its length and copied once.
func BenchmarkRewriteLarge(b *testing.B) {
	src := prototest.Large(b, "../testdata/proto/jit-train-step.pb", 64<<20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, cfg, err := ReadNamed("", src, Unknown)
		if err != nil {
			b.Fatal(err)
		}
		next := cfg.Clone()
		next.Aliases = cfg.Aliases.Cleared()
		next.Donors = &model.DonorConfig{}
		if out := f.Rewrite(src, next); len(out) >= len(src) {
			b.Fatal("nothing removed")
		}
	}
}

// BenchmarkCopyLarge is the floor: one copy of the same bytes.
func BenchmarkCopyLarge(b *testing.B) {
	src := prototest.Large(b, "../testdata/proto/jit-train-step.pb", 64<<20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = bytes.Clone(src)
	}
}
