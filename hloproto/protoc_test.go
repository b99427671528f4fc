package hloproto

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// protoc runs protoc with the project's subset on stdin, or skips the
// test when protoc is not installed.
func protoc(t *testing.T, stdin []byte, args ...string) []byte {
	t.Helper()
	path, err := exec.LookPath("protoc")
	if err != nil {
		if os.Getenv("MHLO_ALIAS_REQUIRE_PROTOC") == "1" {
			t.Fatal("protoc not found (MHLO_ALIAS_REQUIRE_PROTOC=1)")
		}
		t.Skip("protoc is not installed (Debian: protobuf-compiler); set MHLO_ALIAS_REQUIRE_PROTOC=1 to require it")
	}
	cmd := exec.Command(path, append([]string{"--proto_path=../testdata/proto", "hlo_subset.proto"}, args...)...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("protoc %v: %v\n%s", args, err, stderr.Bytes())
	}
	return out
}

// TestProtocWrapped: the wrapped modules are what protoc makes of their
// text forms, and read as the module they wrap.
func TestProtocWrapped(t *testing.T) {
	module, _ := os.ReadFile("../testdata/proto/jit-train-step.pb")
	_, want, err := ReadNamed("", module, ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, msg string
		kind      Kind
	}{{"jit-train-step.hlo", "xla.HloProto", Proto}, {"jit-train-step.hlo_snapshot", "xla.HloSnapshot", Snapshot}} {
		base := "../testdata/proto/wrapped/" + c.name
		text, _ := os.ReadFile(base + ".textproto")
		pb, err := os.ReadFile(base + ".pb")
		if err != nil {
			t.Fatal(err)
		}
		if got := protoc(t, text, "--encode="+c.msg); !bytes.Equal(got, pb) {
			t.Errorf("%s.pb is not what protoc encodes: run regen.sh", base)
		}
		if k := Detect(pb); k != c.kind {
			t.Errorf("%s.pb: detected as %v, want %v", base, k, c.kind)
		}
		_, got, err := ReadNamed("", pb, Unknown)
		if err != nil || summary(got) != summary(want) {
			t.Errorf("%s.pb: %v\n%v", base, err, got)
		}
	}
}

// TestProtoc: each committed .pb is what protoc makes of its text form,
// and the rewrite of each, decoded by protoc, holds the entries written.
func TestProtoc(t *testing.T) {
	texts, _ := filepath.Glob("../testdata/proto/*.textproto")
	for _, tp := range texts {
		text, _ := os.ReadFile(tp)
		pb := strings.TrimSuffix(tp, ".textproto") + ".pb"
		want, err := os.ReadFile(pb)
		if err != nil {
			t.Fatal(err)
		}
		if got := protoc(t, text, "--encode=xla.HloModuleProto"); !bytes.Equal(got, want) {
			t.Errorf("%s is not what protoc encodes of %s: run regen.sh", pb, tp)
		}
		f, cfg, err := ReadNamed("", want, ModuleProto)
		if err != nil {
			t.Fatal(err)
		}
		next := cfg.Clone()
		next.Aliases = cfg.Aliases.Cleared()
		next.Donors = &model.DonorConfig{}
		cfg.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
			next.Aliases.SetUpAlias(out, a.ParamNumber, a.ParamIndex, model.MustAlias, model.Origin{})
		})
		decoded := string(protoc(t, f.Rewrite(want, next), "--decode=xla.HloModuleProto"))
		if n, m := strings.Count(decoded, "kind: MUST_ALIAS"), next.Aliases.Len(); n != m {
			t.Errorf("%s: protoc decodes %d MUST_ALIAS entries, want %d", pb, n, m)
		}
		if strings.Contains(decoded, "buffer_donor") || strings.Contains(decoded, "MAY_ALIAS") {
			t.Errorf("%s: the rewrite still has donors or may-aliases:\n%s", pb, decoded)
		}
	}
}

// TestProtocMerged: protoc, protobuf's own reader, merges a module split
// over two HloProto.hlo_module fields, its alias table over two fields,
// into the module they were split from; a rewrite of the split file
// decodes as the same rewrite of the whole one.
func TestProtocMerged(t *testing.T) {
	module, _ := testModule(t, "tpu-tiled")
	fields := topFields(t, module)
	aliases := topFields(t, content(fieldOf(fields, 8)))
	rest := without(fields, 8)
	half := len(rest) / 2
	first := bytes.Join(append([][]byte{msg(8, aliases[0])}, rest[:half]...), nil)
	second := bytes.Join(append(slices.Clone(rest[half:]), msg(8, aliases[1])), nil)
	split := bytes.Join([][]byte{msg(1, first), msg(1, second)}, nil)
	whole := msg(1, module)
	decode := func(b []byte) string { return string(protoc(t, b, "--decode=xla.HloProto")) }
	if got, want := decode(split), decode(whole); got != want {
		t.Fatalf("protoc decodes the split module as\n%s\nwant\n%s", got, want)
	}
	fs, cfg, err := ReadNamed("", split, Proto)
	if err != nil {
		t.Fatal(err)
	}
	fw, _, err := ReadNamed("", whole, Proto)
	if err != nil {
		t.Fatal(err)
	}
	next := flip(cfg)
	got, want := decode(fs.Rewrite(split, next)), decode(fw.Rewrite(whole, next))
	if got != want || strings.Count(got, "kind: MUST_ALIAS") != 2 {
		t.Errorf("protoc decodes the rewrite of the split module as\n%s\nwant\n%s", got, want)
	}
}
