package hloproto

import (
	"bytes"
	"os"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// largeModule returns a module of about n bytes: a computation holding a
// literal constant of n bytes before the entry's program shape, and the
// alias table after it, as XLA writes them.
func largeModule(b testing.TB, n int) []byte {
	small, err := os.ReadFile("../testdata/proto/jit-train-step.pb")
	if err != nil {
		b.Fatal(err)
	}
	lit := protowire.AppendTag(nil, 8, protowire.BytesType)
	lit = protowire.AppendBytes(lit, bytes.Repeat([]byte{0, 0, 0x80, 0x3f}, n/4))
	instr := protowire.AppendTag(nil, 8, protowire.BytesType)
	instr = protowire.AppendBytes(instr, lit)
	comp := protowire.AppendTag(nil, 2, protowire.BytesType)
	comp = protowire.AppendBytes(comp, instr)
	out := protowire.AppendTag(nil, 3, protowire.BytesType)
	out = protowire.AppendBytes(out, comp)
	return append(out, small...)
}

// BenchmarkRewriteLarge reads a 64 MiB module and rewrites its alias
// table: the literal is skipped by its length and copied once.
func BenchmarkRewriteLarge(b *testing.B) {
	src := largeModule(b, 64<<20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f, cfg, err := Read(src, Unknown)
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
	src := largeModule(b, 64<<20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = bytes.Clone(src)
	}
}
