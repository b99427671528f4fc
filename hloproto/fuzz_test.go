package hloproto

import (
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// FuzzRead reads any bytes as each kind and, when they read, rewrites them
// with the config read and with it cleared; nothing may panic, the config
// read must give no edit, and a rewrite must read back to its tables.
func FuzzRead(f *testing.F) {
	f.Add([]byte{0x0a, 0x00})
	f.Add(shardedProto("main.4_spmd", tiled(2)))
	f.Add([]byte{0x0a, 0x02, 0x0a, 0x00})
	f.Add([]byte{0x22, 0x04, 0x12, 0x02, 0x10, 0x0d})
	f.Add([]byte{0x22, 0x0a, 0x0a, 0x02, 0x10, 0x0b, 0x12, 0x02, 0x10, 0x0b, 0x42, 0x04, 0x0a, 0x02, 0x20, 0x02})
	f.Fuzz(func(t *testing.T, src []byte) {
		Sniff(src, Unknown)
		for _, k := range []Kind{Unknown, ModuleProto, Proto, Snapshot} {
			file, cfg, err := ReadNamed("", src, k)
			if err != nil {
				continue
			}
			if e := file.Edits(src, cfg); e != nil {
				t.Fatalf("%v: the config read gives edits %v", k, e)
			}
			cleared := cfg.Clone()
			cleared.Aliases = cfg.Aliases.Cleared()
			cleared.Donors = &model.DonorConfig{}
			out := file.Rewrite(src, cleared)
			_, back, err := ReadNamed("", out, file.Kind)
			if err != nil {
				t.Fatalf("%v: rewrite does not read back: %v", k, err)
			}
			if back.LongString() != cleared.LongString() {
				t.Fatalf("%v: rewrite reads back as\n%s\nwant\n%s", k, back.LongString(), cleared.LongString())
			}
		}
	})
}
