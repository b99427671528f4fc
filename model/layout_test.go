package model

import "testing"

func TestLayoutAttrsPrint(t *testing.T) {
	tiled := Array(F32, 4, 2, 2)
	tiled.MinorToMajor = []int64{0, 2, 1}
	tiled.SetAttrs(&LayoutAttrs{Tiles: []Tile{{2, 128}}})
	host := Array(F32, 8)
	host.SetMemorySpace(5)
	scalarHost := Array(S32)
	scalarHost.SetMemorySpace(5)
	all := Array(U8, 16, 8)
	phys := Array(U8, 128)
	all.SetMemorySpace(1)
	all.SetAttrs(&LayoutAttrs{
		Tiles:                []Tile{{8, 128}, {CombineDimension, 4}},
		TailPaddingAlignment: 2, IndexType: U32, PointerType: U64, ElementSizeBits: 4,
		SplitConfigs:               []SplitConfig{{0, []int64{2, 4}}, {1, []int64{8}}},
		PhysicalShape:              &phys,
		DynamicMetadataPrefixBytes: 8,
	})
	tests := []struct {
		s    Shape
		want string
	}{
		{tiled, "f32[4,2,2]{0,2,1:T(2,128)}"},
		{host, "f32[8]{0:S(5)}"},
		{scalarHost, "s32[]{:S(5)}"},
		{all, "u8[16,8]{1,0:T(8,128)(*,4)L(2)#(u32)*(u64)E(4)S(1)SC(0:2,4)(1:8)P(u8[128]{0})M(8)}"},
		{Tuple(tiled, host), "(f32[4,2,2]{0,2,1:T(2,128)}, f32[8]{0:S(5)})"},
	}
	for _, tt := range tests {
		if got := tt.s.StringWithLayout(); got != tt.want {
			t.Errorf("StringWithLayout() = %q, want %q", got, tt.want)
		}
		if c := tt.s.Clone(); !Equal(&c, &tt.s) || c.StringWithLayout() != tt.want {
			t.Errorf("clone of %s differs", tt.want)
		}
	}
}

func TestLayoutAttrsEqual(t *testing.T) {
	base := Array(F32, 8, 128)
	variants := map[string]func(s *Shape){
		"tiles":        func(s *Shape) { s.SetAttrs(&LayoutAttrs{Tiles: []Tile{{8, 128}}}) },
		"memory space": func(s *Shape) { s.SetMemorySpace(5) },
		"element size": func(s *Shape) { s.SetAttrs(&LayoutAttrs{ElementSizeBits: 4}) },
		"index type":   func(s *Shape) { s.SetAttrs(&LayoutAttrs{IndexType: U32}) },
		"split":        func(s *Shape) { s.SetAttrs(&LayoutAttrs{SplitConfigs: []SplitConfig{{0, []int64{1}}}}) },
		"padding":      func(s *Shape) { s.SetAttrs(&LayoutAttrs{TailPaddingAlignment: 4}) },
	}
	for name, change := range variants {
		v := base.Clone()
		change(&v)
		if Equal(&base, &v) || Equal(&v, &base) {
			t.Errorf("%s: shapes that differ in it compare equal", name)
		}
		if string(base.AppendEqualKey(nil)) == string(v.AppendEqualKey(nil)) {
			t.Errorf("%s: shapes that differ in it have the same equality key", name)
		}
		w := v.Clone()
		if !Equal(&v, &w) {
			t.Errorf("%s: a shape differs from its clone", name)
		}
	}
	// As XLA's Layout::Equal: the metadata prefix is not compared, and an
	// alignment of 1 is the default.
	m := base.Clone()
	m.SetAttrs(&LayoutAttrs{DynamicMetadataPrefixBytes: 8, TailPaddingAlignment: 1})
	if !Equal(&base, &m) {
		t.Error("M(n) and L(1) must not make shapes differ")
	}
	if string(base.AppendEqualKey(nil)) != string(m.AppendEqualKey(nil)) {
		t.Error("M(n) and L(1) must not change the equality key")
	}
}

func TestPrimitiveFromXLA(t *testing.T) {
	for name, want := range map[string]PrimitiveType{"f32": F32, "pred": Pred, "s4": S4, "u64": U64, "bf16": BF16, "f8e4m3fn": F8E4M3FN, "c128": C128} {
		if got, ok := PrimitiveFromXLA(name); !ok || got != want {
			t.Errorf("PrimitiveFromXLA(%q) = %v, %v", name, got, ok)
		}
	}
	if _, ok := PrimitiveFromXLA("i32"); ok {
		t.Error("i32 is not an XLA name")
	}
}
