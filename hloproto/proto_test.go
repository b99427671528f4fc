package hloproto

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// summary prints what a config holds: the shapes with their layouts, the
// names and both tables.
func summary(c *model.Config) string {
	var b strings.Builder
	for i := range c.Params {
		b.WriteString(c.ParamLabel(int64(i), nil) + " " + c.Params[i].StringWithLayout() + "\n")
	}
	b.WriteString("-> " + c.Output().StringWithLayout() + "\n")
	c.Output().ForEachSubshape(func(out model.ShapeIndex, _ *model.Shape) {
		b.WriteString(c.OutputLabel(out) + "\n")
	})
	b.WriteString(c.LongString())
	return b.String()
}

func twin(t *testing.T, path string) *model.Config {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := hlo.ParseFile(path, src, hlo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg, errs := hlo.Lower(f, src)
	if errs.HasErrors() {
		t.Fatalf("%s: %v", path, errs)
	}
	return cfg
}

func modules(t *testing.T) []string {
	pbs, err := filepath.Glob("../testdata/proto/*.pb")
	if err != nil || len(pbs) < 10 {
		t.Fatalf("want at least 10 modules in testdata/proto, got %d (%v)", len(pbs), err)
	}
	return pbs
}

// TestTwins: the config of each binary module equals its HLO text twin's.
func TestTwins(t *testing.T) {
	for _, pb := range modules(t) {
		src, err := os.ReadFile(pb)
		if err != nil {
			t.Fatal(err)
		}
		if k := Detect(src); k != ModuleProto {
			t.Errorf("%s: detected as %v", pb, k)
		}
		f, cfg, err := ReadNamed("", src, Unknown)
		if err != nil {
			t.Errorf("%s: %v", pb, err)
			continue
		}
		want := twin(t, strings.TrimSuffix(pb, ".pb")+".hlo")
		if got, w := summary(cfg), summary(want); got != w {
			t.Errorf("%s:\n%s\nwant (the HLO text twin)\n%s", pb, got, w)
		}
		// Written back unchanged, every module is unchanged, byte for
		// byte: the tables are not re-encoded, not even an alias without
		// a kind or an empty alias message.
		if edits := f.Edits(src, cfg); edits != nil {
			t.Errorf("%s: rewriting the same config: edits %v, want none", pb, edits)
		}
	}
}

// wrap returns the module in an HloProto with a buffer_assignment after
// it, and that in an HloSnapshot with argument literals and a platform.
func wrap(module []byte) (proto, snapshot []byte) {
	proto = protowire.AppendTag(nil, 1, protowire.BytesType)
	proto = protowire.AppendBytes(proto, module)
	proto = protowire.AppendTag(proto, 3, protowire.BytesType)
	proto = protowire.AppendBytes(proto, []byte{0x1a, 0x02, 0x08, 0x05})
	snapshot = protowire.AppendTag(nil, 1, protowire.BytesType)
	snapshot = protowire.AppendBytes(snapshot, proto)
	for i := 0; i < 3; i++ {
		snapshot = protowire.AppendTag(snapshot, 2, protowire.BytesType)
		snapshot = protowire.AppendBytes(snapshot, bytes.Repeat([]byte{0x45, 0, 0, 0x80, 0x3f}, 50))
	}
	snapshot = protowire.AppendTag(snapshot, 4, protowire.BytesType)
	snapshot = protowire.AppendBytes(snapshot, []byte("Host"))
	return proto, snapshot
}

// outside returns the module's fields but 8 and 18 and the wrappers' other
// fields, raw: what a rewrite must keep.
func outside(t *testing.T, src []byte, k Kind) []string {
	t.Helper()
	var out []string
	var walk func(b []byte, depth int)
	walk = func(b []byte, depth int) {
		for len(b) > 0 {
			num, typ, n := protowire.ConsumeTag(b)
			m := protowire.ConsumeFieldValue(num, typ, b[n:])
			if n < 0 || m < 0 {
				t.Fatalf("bad wire data")
			}
			if depth > 0 && num == 1 {
				v, _ := protowire.ConsumeBytes(b[n:])
				walk(v, depth-1)
			} else if depth > 0 || num != 8 && num != 18 {
				out = append(out, string(b[:n+m]))
			}
			b = b[n+m:]
		}
	}
	walk(src, map[Kind]int{ModuleProto: 0, Proto: 1, Snapshot: 2}[k])
	return out
}

// change returns cfg with its tables changed: the aliases cleared and
// every parameter root not aliased made a donor, or, if that changes
// nothing, the first parameter root aliased to the output root's first
// leaf.
func change(cfg *model.Config) *model.Config {
	c := cfg.Clone()
	c.Aliases = cfg.Aliases.Cleared()
	c.Donors = &model.DonorConfig{}
	for i := range c.Params {
		if i%2 == 0 && c.Params[i].IsArray() {
			c.Donors.AddBufferDonor(int64(i), nil, model.Origin{})
		}
	}
	return c
}

// TestWrappedRoundTrip: as HloProto and HloSnapshot the modules read the
// same, and a rewrite keeps every byte outside fields 8 and 18.
func TestWrappedRoundTrip(t *testing.T) {
	for _, pb := range modules(t) {
		module, _ := os.ReadFile(pb)
		proto, snapshot := wrap(module)
		for _, c := range []struct {
			k   Kind
			src []byte
		}{{ModuleProto, module}, {Proto, proto}, {Snapshot, snapshot}} {
			if k := Detect(c.src); k != c.k {
				t.Errorf("%s as %v: detected as %v", pb, c.k, k)
			}
			f, cfg, err := ReadNamed("", c.src, c.k)
			if err != nil {
				t.Errorf("%s as %v: %v", pb, c.k, err)
				continue
			}
			for _, next := range []*model.Config{change(cfg), cfg} {
				out := f.Rewrite(c.src, next)
				f2, back, err := ReadNamed("", out, c.k)
				if err != nil {
					t.Fatalf("%s as %v: the rewrite does not read: %v", pb, c.k, err)
				}
				if got, want := summary(back), summary(next); got != want {
					t.Errorf("%s as %v: read back\n%s\nwant\n%s", pb, c.k, got, want)
				}
				if got, want := outside(t, out, c.k), outside(t, c.src, c.k); strings.Join(got, "|") != strings.Join(want, "|") {
					t.Errorf("%s as %v: bytes outside fields 8 and 18 changed", pb, c.k)
				}
				f, c.src = f2, out
			}
			if canonical := !strings.Contains(pb, "without-kind") && !strings.Contains(pb, "empty-alias"); canonical && !bytes.Equal(c.src, map[Kind][]byte{ModuleProto: module, Proto: proto, Snapshot: snapshot}[c.k]) {
				t.Errorf("%s as %v: changed and changed back, the bytes differ", pb, c.k)
			}
		}
	}
}

// TestMalformed: every malformed file is an error with its offset and
// field path, never a panic.
func TestMalformed(t *testing.T) {
	src, err := os.ReadFile("../testdata/proto/must-alias-nested.pb")
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := ReadNamed("", src, ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	a := f.aliases[0]
	// Truncated anywhere but between two top-level fields: an error.
	ends := map[int]bool{}
	for b := src; len(b) > 0; {
		num, typ, n := protowire.ConsumeTag(b)
		m := protowire.ConsumeFieldValue(num, typ, b[n:])
		b = b[n+m:]
		ends[len(src)-len(b)] = true
	}
	for n := 1; n < len(src); n++ {
		if _, _, err := ReadNamed("", src[:n], ModuleProto); err == nil && !ends[n] {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
	// An alias entry's kind as a length-delimited field.
	bad := append([]byte(nil), src...)
	i := bytes.LastIndex(bad[a.Start:a.End], []byte{0x20, 0x02}) + a.Start
	bad[i] = 0x22 // field 4, wire type 2: the 0x02 becomes a length
	_, _, err = ReadNamed("", bad, ModuleProto)
	if err == nil || !strings.Contains(err.Error(), "HloModuleProto.input_output_alias.entries[2].kind: ") {
		t.Errorf("kind with a wrong wire type: %v", err)
	}
	// An alias naming a parameter that does not exist.
	_, _, err = ReadNamed("", append(append([]byte(nil), src...), 0x42, 0x06, 0x0a, 0x04, 0x10, 0x07, 0x20, 0x01), ModuleProto)
	want := "HloModuleProto.input_output_alias.entries[3].parameter_number: parameter 7 does not exist"
	if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "byte ") {
		t.Errorf("got %v, want %s", err, want)
	}
}
