package hloproto

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// msg is field num, length-delimited, holding the concatenation of parts.
func msg(num protowire.Number, parts ...[]byte) []byte {
	b := protowire.AppendTag(nil, num, protowire.BytesType)
	return protowire.AppendBytes(b, bytes.Join(parts, nil))
}

// varintField is field num holding v as a varint.
func varintField(num protowire.Number, v uint64) []byte {
	return protowire.AppendVarint(protowire.AppendTag(nil, num, protowire.VarintType), v)
}

// topFields splits a message into its fields, raw.
func topFields(t *testing.T, b []byte) [][]byte {
	t.Helper()
	var out [][]byte
	for len(b) > 0 {
		_, _, n := protowire.ConsumeField(b)
		if n < 0 {
			t.Fatalf("bad wire data: %v", protowire.ParseError(n))
		}
		out = append(out, b[:n])
		b = b[n:]
	}
	return out
}

// fieldNum is the number of a raw field, and content its content.
func fieldNum(f []byte) protowire.Number {
	num, _, _ := protowire.ConsumeTag(f)
	return num
}

func content(f []byte) []byte {
	_, _, n := protowire.ConsumeTag(f)
	v, _ := protowire.ConsumeBytes(f[n:])
	return v
}

// without returns fields but those numbered nums.
func without(fields [][]byte, nums ...protowire.Number) [][]byte {
	var out [][]byte
	for _, f := range fields {
		if !slices.Contains(nums, fieldNum(f)) {
			out = append(out, f)
		}
	}
	return out
}

func fieldOf(fields [][]byte, num protowire.Number) []byte {
	for _, f := range fields {
		if fieldNum(f) == num {
			return f
		}
	}
	return nil
}

func testModule(t *testing.T, name string) ([]byte, *model.Config) {
	t.Helper()
	src, err := os.ReadFile("../testdata/proto/" + name + ".pb")
	if err != nil {
		t.Fatal(err)
	}
	_, cfg, err := ReadNamed("", src, ModuleProto)
	if err != nil {
		t.Fatal(err)
	}
	return src, cfg
}

// literal is an argument of an HloSnapshot: an f32[4] LiteralProto.
var literal = msg(2, msg(1, varintField(2, 11), varintField(3, 4)), msg(8, bytes.Repeat([]byte{0, 0, 0x80, 0x3f}, 4)))

// TestFieldsAnyOrder: fields come in any order, at every level: a module
// written backwards, an HloSnapshot whose arguments precede its hlo, an
// HloProto whose buffer_assignment precedes its module; each reads as
// the module does, and rewriting the same tables changes nothing.
func TestFieldsAnyOrder(t *testing.T) {
	module, want := testModule(t, "tpu-tiled")
	fields := topFields(t, module)
	backwards := slices.Clone(fields)
	slices.Reverse(backwards)
	rev := bytes.Join(backwards, nil)
	ba := msg(3, varintField(1, 5))
	for _, c := range []struct {
		name string
		src  []byte
		kind Kind
	}{
		{"module backwards", rev, ModuleProto},
		{"snapshot, arguments first", bytes.Join([][]byte{literal, literal, msg(4, []byte("Host")), msg(1, msg(1, rev))}, nil), Snapshot},
		{"snapshot, result and platform first", bytes.Join([][]byte{msg(3, content(literal)), msg(4, []byte("Host")), msg(1, msg(1, module))}, nil), Snapshot},
		{"HloProto, buffer_assignment first", append(slices.Clone(ba), msg(1, module)...), Proto},
		{"snapshot of an HloProto, buffer_assignment first", msg(1, ba, msg(1, rev)), Snapshot},
	} {
		if k := Detect(c.src); k != c.kind {
			t.Errorf("%s: detected as %v, want %v", c.name, k, c.kind)
		}
		f, cfg, err := ReadNamed("", c.src, Unknown)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got, w := summary(cfg), summary(want); got != w {
			t.Errorf("%s: read as\n%s\nwant\n%s", c.name, got, w)
		}
		if e := f.Edits(c.src, cfg); e != nil {
			t.Errorf("%s: the same tables give edits %v", c.name, e)
		}
	}
}

// TestMergedFields: a field that occurs more than once is read as
// protobuf reads it: a scalar is its last value, a message the merge of
// all (the module split over several HloProto.hlo_module and
// HloSnapshot.hlo, a table's entries, a program shape, a layout).
func TestMergedFields(t *testing.T) {
	module, want := testModule(t, "tpu-tiled")
	fields := topFields(t, module)
	half := len(fields) / 2
	first, second := bytes.Join(fields[:half], nil), bytes.Join(fields[half:], nil)
	ba := msg(3, varintField(1, 5))

	// host_program_shape in two: its parameters, then its result and
	// names.
	host := topFields(t, content(fieldOf(fields, 4)))
	var params, rest [][]byte
	for _, f := range host {
		if fieldNum(f) == 1 {
			params = append(params, f)
		} else {
			rest = append(rest, f)
		}
	}
	noHost := without(fields, 4)
	splitHost := bytes.Join(append(slices.Clone(noHost), msg(4, params...), msg(4, rest...)), nil)

	// The alias table in two, one entry in each, far apart.
	aliases := topFields(t, content(fieldOf(fields, 8)))
	if len(aliases) != 2 {
		t.Fatalf("tpu-tiled has %d aliases, want 2", len(aliases))
	}
	splitTable := bytes.Join(append([][]byte{msg(8, aliases[0])}, append(without(fields, 8), msg(8, aliases[1]))...), nil)

	// An entry's kind twice: the last, MUST_ALIAS, holds.
	kinds := bytes.Join(append(without(fields, 8), msg(8, msg(1, append(slices.Clone(content(aliases[0])), varintField(4, 2)...)), aliases[1])), nil)
	wantKinds := want.Clone()
	wantKinds.Aliases = want.Aliases.Cleared()
	n := 0
	want.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		if n == 0 {
			a.Kind = model.MustAlias
		}
		n++
		wantKinds.Aliases.SetUpAlias(out, a.ParamNumber, a.ParamIndex, a.Kind, model.Origin{})
	})
	badThenGood := bytes.Join(append(without(fields, 8), msg(8, msg(1, content(aliases[0]), varintField(4, 7), varintField(4, 1)), aliases[1])), nil)

	// entry_computation_id and the entry's name twice, the wrong one
	// first; no host_program_shape, so the entry computation decides.
	entry := bytes.Join(append([][]byte{varintField(6, 999), msg(2, []byte("nope"))}, noHost...), nil)

	for _, c := range []struct {
		name string
		src  []byte
		kind Kind
		want *model.Config
	}{
		{"the module in two HloProto.hlo_module", bytes.Join([][]byte{msg(1, first), ba, msg(1, second)}, nil), Proto, want},
		{"the HloProto in two HloSnapshot.hlo", bytes.Join([][]byte{msg(1, msg(1, first)), literal, msg(1, ba, msg(1, second)), msg(4, []byte("Host"))}, nil), Snapshot, want},
		{"host_program_shape in two", splitHost, ModuleProto, want},
		{"the alias table in two", splitTable, ModuleProto, want},
		{"an alias kind twice", kinds, ModuleProto, wantKinds},
		{"an unknown alias kind, then a known one", badThenGood, ModuleProto, want},
		{"entry id and name twice", entry, ModuleProto, want},
	} {
		if k := Detect(c.src); k != c.kind {
			t.Errorf("%s: detected as %v, want %v", c.name, k, c.kind)
		}
		_, cfg, err := ReadNamed("", c.src, Unknown)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got, w := summary(cfg), summary(c.want); got != w {
			t.Errorf("%s: read as\n%s\nwant\n%s", c.name, got, w)
		}
	}
}

// layoutModule is a module of one f32[8] parameter and result, aliased,
// whose parameter's layout is given by the occurrences layouts (their
// contents) of its field, {0} when there are none.
func layoutModule(layouts ...[]byte) []byte {
	m2m := msg(1, []byte{0})
	if layouts == nil {
		layouts = [][]byte{m2m}
	}
	shape := func(layouts ...[]byte) []byte {
		b := bytes.Join([][]byte{varintField(2, 11), msg(3, []byte{8})}, nil)
		for _, l := range layouts {
			b = append(b, msg(5, l)...)
		}
		return b
	}
	ps := bytes.Join([][]byte{msg(1, shape(layouts...)), msg(2, shape(m2m))}, nil)
	return bytes.Join([][]byte{msg(1, []byte("m")), msg(4, ps), msg(8, msg(1, varintField(4, 1)))}, nil)
}

// TestLayoutLastValue: a layout's scalar given twice is its last value,
// 0 the default as when absent.
func TestLayoutLastValue(t *testing.T) {
	_, plain, err := ReadNamed("", layoutModule(), Unknown)
	if err != nil {
		t.Fatal(err)
	}
	m2m := msg(1, []byte{0})
	for _, c := range []struct {
		name    string
		layouts [][]byte
	}{
		{"tail_padding_alignment_in_elements 4, then 0", [][]byte{bytes.Join([][]byte{m2m, varintField(16, 4), varintField(16, 0)}, nil)}},
		{"index_primitive_type U32, then 0", [][]byte{bytes.Join([][]byte{m2m, varintField(11, 8), varintField(11, 0)}, nil)}},
		{"pointer_primitive_type U32, then 0", [][]byte{bytes.Join([][]byte{m2m, varintField(12, 8), varintField(12, 0)}, nil)}},
		{"the layout in two, a tail padding of 4 then 0", [][]byte{append(slices.Clone(m2m), varintField(16, 4)...), varintField(16, 0)}},
		{"the layout in two, minor_to_major in the second", [][]byte{varintField(16, 1), m2m}},
	} {
		src := layoutModule(c.layouts...)
		_, cfg, err := ReadNamed("", src, Unknown)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got, w := summary(cfg), summary(plain); got != w {
			t.Errorf("%s: read as\n%s\nwant\n%s", c.name, got, w)
		}
	}
}

// occurrences returns the offsets of the fields numbered num in the
// module inside src (of kind k), in order, each occurrence of the module
// walked.
func occurrences(t *testing.T, src []byte, k Kind, num protowire.Number) []int {
	t.Helper()
	var out []int
	var walk func(b []byte, base, depth int)
	walk = func(b []byte, base, depth int) {
		for p := 0; p < len(b); {
			f := topFields(t, b[p:])[0]
			if depth > 0 && fieldNum(f) == 1 {
				c := content(f)
				walk(c, base+p+len(f)-len(c), depth-1)
			} else if depth == 0 && fieldNum(f) == num {
				out = append(out, base+p)
			}
			p += len(f)
		}
	}
	walk(src, 0, map[Kind]int{ModuleProto: 0, Proto: 1, Snapshot: 2}[k])
	return out
}

// TestRewriteMerged: a table split over several occurrences is written
// merged, where its last occurrence was, the others removed; a table
// that is absent goes into the last occurrence of the module; each
// enclosing length is adjusted and every byte outside fields 8 and 18 is
// kept. The same tables give no edit at all.
func TestRewriteMerged(t *testing.T) {
	module, _ := testModule(t, "tpu-tiled")
	fields := topFields(t, module)
	aliases := topFields(t, content(fieldOf(fields, 8)))
	donors := fieldOf(fields, 18)
	noTables := without(fields, 8, 18)
	half := len(noTables) / 2
	ba := msg(3, varintField(1, 5))
	// The module in two parts, the alias table split over both and the
	// donors in the first.
	first := bytes.Join(append([][]byte{msg(8, aliases[0]), donors}, noTables[:half]...), nil)
	second := bytes.Join(append(slices.Clone(noTables[half:]), msg(8, aliases[1])), nil)
	splitModule := bytes.Join(append([][]byte{msg(8, aliases[0])}, append(append(slices.Clone(noTables), donors), msg(8, aliases[1]))...), nil)
	bare1, bare2 := bytes.Join(noTables[:half], nil), bytes.Join(noTables[half:], nil)
	for _, c := range []struct {
		name string
		src  []byte
		kind Kind
	}{
		{"module, the alias table in two", splitModule, ModuleProto},
		{"HloProto, the module in two", bytes.Join([][]byte{msg(1, first), ba, msg(1, second)}, nil), Proto},
		{"HloSnapshot, the HloProto in two", bytes.Join([][]byte{msg(1, msg(1, first)), literal, msg(1, ba, msg(1, second))}, nil), Snapshot},
		{"HloSnapshot, the module in two, no tables", bytes.Join([][]byte{msg(1, msg(1, bare1)), literal, msg(1, msg(1, bare2))}, nil), Snapshot},
	} {
		f, cfg, err := ReadNamed("", c.src, c.kind)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if e := f.Edits(c.src, cfg); e != nil {
			t.Errorf("%s: the same tables give edits %v", c.name, e)
		}
		lastAlias := -1
		if o := occurrences(t, c.src, c.kind, 8); len(o) > 0 {
			lastAlias = o[len(o)-1]
		}
		for _, next := range []*model.Config{change(cfg), flip(cfg)} {
			out := f.Rewrite(c.src, next)
			_, back, err := ReadNamed("", out, c.kind)
			if err != nil {
				t.Fatalf("%s: the rewrite does not read: %v", c.name, err)
			}
			if got, want := summary(back), summary(next); got != want {
				t.Errorf("%s: read back\n%s\nwant\n%s", c.name, got, want)
			}
			if got, want := outside(t, out, c.kind), outside(t, c.src, c.kind); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s: bytes outside fields 8 and 18 changed", c.name)
			}
			at := occurrences(t, out, c.kind, 8)
			if next.Aliases.Len() == 0 {
				if len(at) != 0 {
					t.Errorf("%s: an empty alias table is written at %v", c.name, at)
				}
				continue
			}
			if len(at) != 1 {
				t.Errorf("%s: the alias table is written %d times, want once", c.name, len(at))
				continue
			}
			if lastAlias >= 0 {
				// Where the last occurrence was, less what was removed
				// before it and what the enclosing lengths grew by.
				if removed := len(msg(8, aliases[0])); at[0] > lastAlias || at[0] < lastAlias-removed-4 {
					t.Errorf("%s: the alias table is written at %d, want where the last one was (%d, less %d removed)", c.name, at[0], lastAlias, removed)
				}
			} else if mods := occurrences(t, out, c.kind, 1); at[0] < mods[len(mods)-1] {
				t.Errorf("%s: the alias table is inserted at %d, before the last occurrence of the module (name at %d)", c.name, at[0], mods[len(mods)-1])
			}
		}
	}
}

// flip returns cfg with every alias a must-alias and, when it has none,
// one added: the tables change, the aliases stay.
func flip(cfg *model.Config) *model.Config {
	c := cfg.Clone()
	c.Aliases = cfg.Aliases.Cleared()
	cfg.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		c.Aliases.SetUpAlias(out, a.ParamNumber, a.ParamIndex, model.MustAlias, model.Origin{})
	})
	return c
}

// TestGroupsLinear: a module of 262144 empty group fields (an unknown
// field, as protobuf allows) is read, detected and sniffed reading each
// byte a bounded number of times, from memory and through a file; groups
// nested too deep are an error, not a crash.
func TestGroupsLinear(t *testing.T) {
	module, want := testModule(t, "tpu-tiled")
	group := protowire.AppendTag(protowire.AppendTag(nil, 100, protowire.StartGroupType), 100, protowire.EndGroupType)
	groups := bytes.Repeat(group, 262144)
	fields := topFields(t, module)
	src := bytes.Join([][]byte{fields[0], groups, bytes.Join(fields[1:], nil), groups}, nil)
	_, cfg, err := ReadNamed("", src, Unknown)
	if err != nil {
		t.Fatal(err)
	}
	if summary(cfg) != summary(want) {
		t.Errorf("read as\n%s\nwant\n%s", summary(cfg), summary(want))
	}
	// A snapshot of it with the module cut short: detected by its look.
	snap := msg(1, msg(1, src))
	if k := Sniff(snap[:len(snap)-3], Unknown); k != Snapshot {
		t.Errorf("Sniff: %v", k)
	}
	// Nested 20000 deep inside an unknown field.
	deep := append(bytes.Repeat(protowire.AppendTag(nil, 100, protowire.StartGroupType), 20000), bytes.Repeat(protowire.AppendTag(nil, 100, protowire.EndGroupType), 20000)...)
	_, _, err = ReadNamed("", append(slices.Clone(module), deep...), ModuleProto)
	if err == nil || !strings.Contains(err.Error(), "HloModuleProto.(field 100): groups nested more than 10000 deep") {
		t.Errorf("deep groups: %v", err)
	}
	// An end group with no start, and one of another field.
	for _, bad := range [][]byte{protowire.AppendTag(nil, 100, protowire.EndGroupType), append(protowire.AppendTag(nil, 100, protowire.StartGroupType), protowire.AppendTag(nil, 101, protowire.EndGroupType)...)} {
		if _, _, err := ReadNamed("", append(slices.Clone(module), bad...), ModuleProto); err == nil || !strings.Contains(err.Error(), "end group") {
			t.Errorf("% x: %v, want a mismatching end group", bad, err)
		}
	}
}

// TestSniff: a malformed file is told by its look, for its kind's error:
// cut short anywhere after its first two fields, a module, an HloProto
// and an HloSnapshot are each recognized; a snapshot without a module
// says so. Data that is none of them is Unknown.
func TestSniff(t *testing.T) {
	module, _ := testModule(t, "tpu-tiled")
	proto, snapshot := wrap(module)
	fields := topFields(t, module)
	from := len(fields[0]) + len(fields[1]) + 1
	for _, c := range []struct {
		kind Kind
		src  []byte
		from int
	}{{ModuleProto, module, from}, {Proto, proto, 8}, {Snapshot, snapshot, 8}} {
		for n := c.from; n < len(c.src); n += 3 {
			if Detect(c.src[:n]) != Unknown {
				continue // cut between two fields: a message still
			}
			if k := Sniff(c.src[:n], Unknown); k != c.kind {
				t.Errorf("%v cut to %d of %d bytes: sniffed as %v", c.kind, n, len(c.src), k)
				break
			}
			if _, _, err := ReadNamed("", c.src[:n], Unknown); err == nil || strings.Contains(err.Error(), "not an HloModuleProto") || !strings.Contains(err.Error(), c.kind.String()) {
				t.Errorf("%v cut to %d of %d bytes: %v", c.kind, n, len(c.src), err)
				break
			}
		}
	}

	noModule := bytes.Join([][]byte{literal, literal, msg(3, content(literal)), msg(4, []byte("Host"))}, nil)
	if k := Sniff(noModule, Unknown); k != Snapshot {
		t.Errorf("a snapshot without a module: sniffed as %v", k)
	}
	_, _, err := ReadNamed("", noModule, Unknown)
	if want := "HloSnapshot.hlo: missing: the snapshot holds no module"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a snapshot without a module: %v, want %s", err, want)
	}
	_, _, err = ReadNamed("", append(msg(1, ba()), literal...), Unknown)
	if want := "HloSnapshot.hlo.hlo_module: missing: the HloProto holds no module"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a snapshot whose HloProto has no module: %v, want %s", err, want)
	}
	_, _, err = ReadNamed("", ba(), Proto)
	if want := "HloProto.hlo_module: missing: the HloProto holds no module"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an HloProto without a module: %v, want %s", err, want)
	}

	unknown := map[string][]byte{
		"flatbuffer": flatbuffer(),
		"zip":        append([]byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"), random(1, 500)...),
		"tar":        append(append([]byte("model.mlir"), make([]byte, 247)...), []byte("ustar\x0000")...),
		"MLIR text":  []byte("module {\n  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>\n}\n"),
		"empty":      nil,
	}
	for seed := int64(1); seed <= 200; seed++ {
		unknown[fmt.Sprintf("random %d", seed)] = random(seed, 3000)
	}
	for name, src := range unknown {
		if k := Sniff(src, Unknown); k != Unknown {
			t.Errorf("%s: sniffed as %v", name, k)
		}
		if k := Detect(src); k != Unknown {
			t.Errorf("%s: detected as %v", name, k)
		}
	}
}

func ba() []byte { return msg(3, varintField(1, 5)) }

func random(seed int64, n int) []byte {
	b := make([]byte, n)
	rand.New(rand.NewSource(seed)).Read(b)
	return b
}

// flatbuffer returns bytes laid out as a flatbuffer is (a jax.export
// file): a root table offset, a vtable, a table of offsets and a vector
// holding MLIR bytecode.
func flatbuffer() []byte {
	b := []byte{0x1c, 0, 0, 0, 'J', 'X', 'E', 'X'}
	b = append(b, 0x0c, 0, 0x18, 0, 0x04, 0, 0x08, 0, 0x0c, 0, 0x10, 0) // vtable
	b = append(b, make([]byte, 8)...)
	b = append(b, 0x0c, 0, 0, 0, 0x2c, 0, 0, 0, 0x04, 0, 0, 0, 0x03, 0, 0, 0)
	body := append([]byte("ML\xefR\x00MLIR20.0.0git\x00"), random(7, 400)...)
	b = append(b, byte(len(body)), byte(len(body)>>8), 0, 0)
	return append(b, body...)
}
