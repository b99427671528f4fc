package model

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestByteSizeOfElementTypes checks every element type's byte width in a
// two-by-three array: XLA's ByteSizeOfPrimitiveType, with pred and the
// sub-byte types at one byte per element.
func TestByteSizeOfElementTypes(t *testing.T) {
	want := map[PrimitiveType]int64{
		Pred: 1, S2: 1, S4: 1, S8: 1, S16: 2, S32: 4, S64: 8,
		U2: 1, U4: 1, U8: 1, U16: 2, U32: 4, U64: 8,
		F16: 2, BF16: 2, F32: 4, F64: 8,
		F8E5M2: 1, F8E4M3FN: 1, F8E4M3B11FNUZ: 1, F8E5M2FNUZ: 1, F8E4M3FNUZ: 1,
		F8E4M3: 1, F8E3M4: 1, F8E8M0FNU: 1, F4E2M1FN: 1,
		C64: 8, C128: 16,
	}
	for p := Pred; p <= C128; p++ {
		w, ok := want[p]
		if !ok {
			t.Errorf("%s: no expected width in the table", p)
			continue
		}
		s := Array(p, 2, 3)
		got, known := ByteSizeOf(&s)
		if !known || got != 6*w {
			t.Errorf("ByteSizeOf(%s) = %d, %v; want %d", s.String(), got, known, 6*w)
		}
	}
}

func TestByteSizeOfShapes(t *testing.T) {
	bounded := Array(F32, 4, 8)
	bounded.SetDynamic([]bool{false, true}) // f32[4,<=8]
	unbounded := Array(F32, 4, UnboundedSize)
	unbounded.SetDynamic([]bool{false, true}) // f32[4,?]
	tests := []struct {
		name  string
		shape Shape
		size  int64
		known bool
	}{
		{"scalar", Array(F32), 4, true},
		{"empty dim", Array(F64, 3, 0), 0, true},
		{"matrix", Array(BF16, 128, 256), 65536, true},
		{"bounded at its bound", bounded, 128, true},
		{"unbounded", unbounded, 0, false},
		{"token", Token(), 0, true},
		{"opaque", Opaque("!foo.bar"), 0, true},
		{"empty tuple", Tuple(), 0, true},
		{"tuple", Tuple(Array(F32, 4), Array(S8, 3)), 19, true},
		{"nested tuple with token", Tuple(Array(C64, 2), Tuple(Token(), Array(Pred, 5))), 21, true},
		{"tuple with unbounded", Tuple(Array(F32, 4), unbounded), 0, false},
		{"overflow", Array(F32, 1<<62), 0, false},
		{"tuple sum overflow", Tuple(Array(S8, 1<<62), Array(S8, 1<<62)), 0, false},
	}
	for _, tt := range tests {
		got, known := ByteSizeOf(&tt.shape)
		if got != tt.size || known != tt.known {
			t.Errorf("%s: ByteSizeOf(%s) = %d, %v; want %d, %v", tt.name, tt.shape.String(), got, known, tt.size, tt.known)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	tests := map[int64]string{
		0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB",
		12 << 20: "12.0 MiB", 256 << 20: "256.0 MiB", 2 << 30: "2.0 GiB",
		3543348019: "3.3 GiB", 4096 << 30: "4096.0 GiB",
	}
	for n, want := range tests {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestMemorySummary builds the contract's example: 1 GiB must-aliased,
// 1 GiB may-aliased, an unused 256 MiB donor and two outputs of 6 MiB
// without alias, over five parameters.
func TestMemorySummary(t *testing.T) {
	gib := Array(F32, 256, 1024, 1024)   // 1 GiB
	mib256 := Array(F32, 64, 1024, 1024) // 256 MiB
	mib6 := Array(S8, 6, 1024, 1024)     // 6 MiB
	half := Array(S8, 1<<29)             // 512 MiB
	params := []Shape{gib, half, mib256, half, Array(S8, 1<<28+1<<27)}
	c := NewConfig(params, Tuple(gib, half, half, mib6, mib6))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MustAlias, Origin{}))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 1, nil, MayAlias, Origin{}))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{2}, 3, nil, MayAlias, Origin{}))
	must(t, c.Donors.AddBufferDonor(2, nil, Origin{}))
	want := `aliases: 3 (1 must, 2 may) share 2.0 GiB (must 1.0 GiB, may up to 1.0 GiB)
donors: 1 unused, 256.0 MiB
outputs without alias: 2, 12.0 MiB
parameters: 5, 2.6 GiB; outputs: 5, 2.0 GiB
`
	m := MemoryOf(c)
	if got := m.Summary(); got != want {
		t.Errorf("Summary:\n%s\nwant:\n%s", got, want)
	}
	if m.UnknownSizeLeaves != 0 || m.ParameterBytes != 1<<30+1<<30+256<<20+384<<20 {
		t.Errorf("memory = %+v", m)
	}
}

// TestMemoryUnknown checks that unbounded leaves are counted apart and
// never added to a byte total.
func TestMemoryUnknown(t *testing.T) {
	dyn := Array(F32, UnboundedSize)
	dyn.SetDynamic([]bool{true})
	c := NewConfig([]Shape{dyn, Array(F32, 4)}, Tuple(dyn, Array(F32, 4)))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MayAlias, Origin{}))
	must(t, c.Donors.AddBufferDonor(1, nil, Origin{}))
	m := MemoryOf(c)
	want := Memory{Parameters: 2, ParameterBytes: 16, Outputs: 2, OutputBytes: 16, MayAliases: 1,
		UnusedDonors: 1, UnusedDonorBytes: 16, UnaliasedOutputs: 1, UnaliasedOutputBytes: 16, UnknownSizeLeaves: 2}
	if m != want {
		t.Errorf("MemoryOf = %+v\nwant       %+v", m, want)
	}
	if s := m.Summary(); !strings.Contains(s, "leaves of unknown size: 2 (not counted above)\n") {
		t.Errorf("Summary misses the unknown leaves:\n%s", s)
	}
	if js := c.JSON(); !strings.Contains(js, `"kind": "may", "bytes": null, "parameter_shape": "f32[?]{0}"`) {
		t.Errorf("JSON of an unknown-size alias: %s", js)
	}
}

func TestJSONRecordHead(t *testing.T) {
	c := NewConfig([]Shape{Array(F32)}, Array(F32))
	got := c.JSONRecord(`"file": "a \"b\".mlir", "chunk": 2, `, nil)
	if !strings.HasPrefix(got, `{"file": "a \"b\".mlir", "chunk": 2, "output_shape": "f32[]", "parameters": [{"parameter_number": 0, "shape": "f32[]", "bytes": 4, "memory_space": 0}], "outputs": [{"output_index": [], "shape": "f32[]", "bytes": 4, "memory_space": 0}], "aliases": []`) {
		t.Errorf("JSONRecord = %s", got)
	}
}

// TestMemoryBySpace checks that device and host memory are accounted
// apart, each alias in its output's space and each donor in its
// parameter's, and that the summary then splits every figure.
func TestMemoryBySpace(t *testing.T) {
	host := func(s Shape) Shape { s.SetMemorySpace(5); return s }
	dev := Array(F32, 4)          // 16 bytes
	big := host(Array(F32, 1024)) // 4 KiB
	c := NewConfig([]Shape{dev, big, host(Array(F32, 2))}, Tuple(dev, big, Array(F32, 8)))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{0}, 0, nil, MustAlias, Origin{}))
	must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 1, nil, MayAlias, Origin{}))
	must(t, c.Donors.AddBufferDonor(2, nil, Origin{}))
	spaces := MemoryBySpace(c)
	want := []SpaceMemory{
		{0, Memory{Parameters: 1, ParameterBytes: 16, Outputs: 2, OutputBytes: 48, MustAliases: 1, MustAliasBytes: 16,
			UnaliasedOutputs: 1, UnaliasedOutputBytes: 32}},
		{5, Memory{Parameters: 2, ParameterBytes: 4096 + 8, Outputs: 1, OutputBytes: 4096, MayAliases: 1, MayAliasBytes: 4096,
			UnusedDonors: 1, UnusedDonorBytes: 8}},
	}
	if !reflect.DeepEqual(spaces, want) {
		t.Errorf("MemoryBySpace = %+v\nwant            %+v", spaces, want)
	}
	var sum Memory
	for _, s := range spaces {
		sum.ParameterBytes += s.ParameterBytes
		sum.MayAliasBytes += s.MayAliasBytes
	}
	if m := MemoryOf(c); m.ParameterBytes != sum.ParameterBytes || m.MayAliasBytes != sum.MayAliasBytes {
		t.Errorf("MemoryOf %+v is not the sum of the spaces %+v", m, sum)
	}
	summary := `device memory:
  aliases: 1 (1 must, 0 may) share 16 B (must 16 B, may up to 0 B)
  donors: 0 unused, 0 B
  outputs without alias: 1, 32 B
  parameters: 1, 16 B; outputs: 2, 48 B
host memory S(5):
  aliases: 1 (0 must, 1 may) share 4.0 KiB (must 0 B, may up to 4.0 KiB)
  donors: 1 unused, 8 B
  outputs without alias: 0, 0 B
  parameters: 2, 4.0 KiB; outputs: 1, 4.0 KiB
`
	if got := SummaryOf(c); got != summary {
		t.Errorf("SummaryOf:\n%s\nwant:\n%s", got, summary)
	}
	line := "device memory: aliases: 1 (1 must, 0 may) share 16 B (must 16 B, may up to 0 B); donors: 0 unused, 0 B; " +
		"outputs without alias: 1, 32 B; parameters: 1, 16 B; outputs: 2, 48 B; host memory S(5): aliases: 1"
	if got := OneLineOf(c); !strings.HasPrefix(got, line) || strings.Contains(got, "\n") {
		t.Errorf("OneLineOf = %q\nwant prefix %q", got, line)
	}
	js := c.JSON()
	for _, part := range []string{
		`{"parameter_number": 1, "shape": "f32[1024]{0:S(5)}", "bytes": 4096, "memory_space": 5}`,
		`"kind": "may", "bytes": 4096, "parameter_shape": "f32[1024]{0:S(5)}", "output_shape": "f32[1024]{0:S(5)}", "memory_space": 5}`,
		`"donors": [{"parameter_number": 2, "parameter_index": [], "bytes": 8, "shape": "f32[2]{0:S(5)}", "memory_space": 5}]`,
		`{"memory_space": 5, "name": "host memory S(5)", "parameter_bytes": 4104, "output_bytes": 4096, "must_alias_bytes": 0, "may_alias_bytes": 4096, "unused_donor_bytes": 8,`,
	} {
		if !strings.Contains(js, part) {
			t.Errorf("JSON misses %s:\n%s", part, js)
		}
	}
	// A device-only config keeps the one-block summary.
	d := NewConfig([]Shape{dev}, dev)
	if got, want := SummaryOf(d), MemoryOf(d).Summary(); got != want {
		t.Errorf("device-only SummaryOf = %q, want %q", got, want)
	}
}

// TestAddSpaces checks the sum of two accountings by space: the spaces
// of both, in order, the figures of a shared one added.
func TestAddSpaces(t *testing.T) {
	a := []SpaceMemory{{0, Memory{Parameters: 1, ParameterBytes: 4}}, {5, Memory{UnusedDonors: 1, UnusedDonorBytes: 8}}}
	b := []SpaceMemory{{0, Memory{Parameters: 2, ParameterBytes: 8}}, {3, Memory{Outputs: 1}}}
	got := AddSpaces(a, b)
	want := []SpaceMemory{{0, Memory{Parameters: 3, ParameterBytes: 12}}, {3, Memory{Outputs: 1}}, {5, Memory{UnusedDonors: 1, UnusedDonorBytes: 8}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AddSpaces = %+v, want %+v", got, want)
	}
	if a[0].Parameters != 1 {
		t.Errorf("AddSpaces changed its argument: %+v", a)
	}
	if s := SpacesSummary(AddSpaces(nil, nil)); s != (Memory{}).Summary() {
		t.Errorf("summary of nothing: %q", s)
	}
}

// TestNamesSummary checks that the summary names the unused donors and
// the outputs without an alias, with their names where they have them,
// and counts those past the first summaryNames.
func TestNamesSummary(t *testing.T) {
	n := summaryNames + 3
	params := make([]Shape, n)
	outs := make([]Shape, n)
	names := make([]Name, n)
	for i := range params {
		params[i] = Array(F32, int64(i+1))
		outs[i] = Array(S8, 1000+int64(i))
		names[i] = nameOf("p" + strconv.Itoa(i))
	}
	names[1] = Name{}
	c := NewConfig(params, Tuple(outs...))
	c.Names = Names{Params: names, Outputs: []Name{nameOf("[0]")}}
	for i := range params {
		must(t, c.Donors.AddBufferDonor(int64(i), nil, Origin{}))
	}
	must(t, c.Aliases.SetUpAlias(ShapeIndex{1}, 0, nil, MayAlias, Origin{}))
	got := NamesSummary(c)
	for _, want := range []string{
		"unused donor: parameter 0 \"p0\" at {}, 4 B\n",
		"unused donor: parameter 1 at {}, 8 B\n",
		"... and 3 more unused donors\n",
		"output without alias: output {0} \"[0]\", 1000 B\n",
		"output without alias: output {2}, 1002 B\n",
		"... and 2 more outputs without alias\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("NamesSummary lacks %q:\n%s", want, got)
		}
	}
	if lines := strings.Count(got, "\n"); lines != 2*summaryNames+2 {
		t.Errorf("NamesSummary has %d lines, want %d:\n%s", lines, 2*summaryNames+2, got)
	}
	if strings.Contains(got, "output {1}") {
		t.Errorf("NamesSummary lists the aliased output {1}:\n%s", got)
	}
	whole := NewConfig(params[:1], params[0])
	must(t, whole.Aliases.SetUpAlias(ShapeIndex{}, 0, nil, MustAlias, Origin{}))
	if s := NamesSummary(whole); s != "" {
		t.Errorf("NamesSummary of a config with nothing unused = %q", s)
	}
}
