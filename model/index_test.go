package model

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDonorConfigAgainstSortedSet runs random adds and removes against a
// plain sorted slice: the set, its order, Len, lookups and Clone agree
// after every step, whether donors come in order or not.
func TestDonorConfigAgainstSortedSet(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		var c DonorConfig
		var want []Donor
		for step := 0; step < 80; step++ {
			p := int64(r.IntN(12))
			var index ShapeIndex
			for k := r.IntN(3); k > 0; k-- {
				index = append(index, int64(r.IntN(3)))
			}
			if round%2 == 0 {
				p = int64(step) // mostly in order
			}
			i, found := slices.BinarySearchFunc(want, Donor{ParamNumber: p, ParamIndex: index}, Donor.compare)
			if r.IntN(3) == 0 {
				c.RemoveBufferDonor(p, index)
				if found {
					want = slices.Delete(want, i, i+1)
				}
			} else {
				origin := Origin{Attr: "a"}
				if err := c.AddBufferDonor(p, index, origin); err != nil {
					t.Fatal(err)
				}
				if !found {
					want = slices.Insert(want, i, Donor{ParamNumber: p, ParamIndex: index.Clone(), Origin: origin})
				}
			}
			checkDonors(t, &c, want)
			if step%16 == 0 {
				checkDonors(t, c.Clone(), want)
			}
		}
	}
}

func checkDonors(t *testing.T, c *DonorConfig, want []Donor) {
	t.Helper()
	got := c.Donors()
	if len(got) != len(want) || c.Len() != len(want) {
		t.Fatalf("donors %v (Len %d), want %v", got, c.Len(), want)
	}
	for i := range got {
		if got[i].compare(want[i]) != 0 {
			t.Fatalf("donors %v, want %v", got, want)
		}
		if !c.ParameterIsBufferDonor(want[i].ParamNumber, want[i].ParamIndex) {
			t.Fatalf("(%d, %s) is not a donor", want[i].ParamNumber, want[i].ParamIndex)
		}
	}
}

// TestDonorConfigKeepsFirstRegistration: adding a donor twice keeps the
// first origin; removing it and adding it again takes the new one.
func TestDonorConfigKeepsFirstRegistration(t *testing.T) {
	var c DonorConfig
	first, second := Origin{Attr: "first"}, Origin{Attr: "second"}
	c.AddBufferDonor(1, nil, first)
	c.AddBufferDonor(1, nil, second)
	if got := c.Donors()[0].Origin; got != first {
		t.Errorf("origin %v, want the first", got)
	}
	c.AddBufferDonor(2, nil, first)
	c.AddBufferDonor(3, nil, first)
	c.RemoveBufferDonor(1, nil)
	c.AddBufferDonor(1, nil, second)
	d := c.Donors()
	if len(d) != 3 || d[0].ParamNumber != 1 || d[0].Origin != second {
		t.Errorf("donors %v, want 1 (second), 2, 3", d)
	}
}

// TestAliasConfigParameterIndex: GetAliasedOutput names the first output
// in pre-order that aliases a parameter leaf, also when a later output
// was set up first, and a clone keeps its own index.
func TestAliasConfigParameterIndex(t *testing.T) {
	c := NewAliasConfig(Tuple(Array(F32, 4), Tuple(Array(F32, 4), Array(F32, 4))))
	c.SetUpAlias(ShapeIndex{1, 1}, 0, ShapeIndex{2}, MayAlias, Origin{})
	c.SetUpAlias(ShapeIndex{1, 0}, 0, ShapeIndex{2}, MayAlias, Origin{})
	if out, ok := c.GetAliasedOutput(0, ShapeIndex{2}); !ok || !out.Equal(ShapeIndex{1, 0}) {
		t.Errorf("GetAliasedOutput = %v, %v; want {1,0}", out, ok)
	}
	if c.ParameterHasAlias(0, nil) || c.ParameterHasAlias(0, ShapeIndex{1}) || c.ParameterHasAlias(2, ShapeIndex{2}) {
		t.Error("a leaf no output aliases has an alias")
	}
	d := c.Clone()
	d.SetUpAlias(ShapeIndex{0}, 1, nil, MustAlias, Origin{})
	if c.ParameterHasAlias(1, nil) || !d.ParameterHasAlias(1, nil) || c.Len() != 2 || d.Len() != 3 {
		t.Error("a clone shares its aliases with the original")
	}
	e := d.Cleared()
	if e.Len() != 0 || e.ParameterHasAlias(1, nil) || !d.ParameterHasAlias(1, nil) {
		t.Error("Cleared kept aliases or cleared the original")
	}
	if err := e.SetUpAlias(ShapeIndex{1, 1}, 3, nil, MayAlias, Origin{}); err != nil || !e.OutputHasAlias(ShapeIndex{1, 1}) {
		t.Errorf("Cleared config: %v", err)
	}
}

// TestShapeKeys: AppendText prints what StringWithLayout prints, and two
// arrays have the same AppendEqualKey exactly when Equal holds, over
// random arrays that differ in every part Equal looks at.
func TestShapeKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	array := func() Shape {
		dims := make([]int64, r.IntN(3))
		for i := range dims {
			dims[i] = int64(1 + r.IntN(2))
		}
		s := Shape{Kind: ArrayShape, Elem: []PrimitiveType{F32, S32}[r.IntN(2)], Dims: dims}
		if r.IntN(3) > 0 {
			s.SetDefaultLayout()
			if len(dims) == 2 && r.IntN(2) == 0 {
				s.MinorToMajor = []int64{0, 1}
			}
			s.SetMemorySpace([]int64{0, 5}[r.IntN(2)])
		}
		for i := range dims {
			if r.IntN(4) == 0 {
				s.SetDynamic(ensureLen(s.Dynamic(), len(dims)))
				s.Dynamic()[i] = true
				if r.IntN(2) == 0 {
					s.Dims[i] = UnboundedSize
				}
			}
		}
		return s
	}
	for i := 0; i < 5000; i++ {
		a, b := array(), array()
		if got := string(a.AppendText(nil, true)); got != a.StringWithLayout() {
			t.Fatalf("AppendText %q, StringWithLayout %q", got, a.StringWithLayout())
		}
		ka, kb := string(a.AppendEqualKey(nil)), string(b.AppendEqualKey(nil))
		if (ka == kb) != Equal(&a, &b) {
			t.Fatalf("%s and %s: same key %v, Equal %v", a.StringWithLayout(), b.StringWithLayout(), ka == kb, Equal(&a, &b))
		}
	}
}

func ensureLen(v []bool, n int) []bool {
	if len(v) < n {
		v = append(v, make([]bool, n-len(v))...)
	}
	return v
}

// TestMemorySpace: a layout's memory space prints as XLA prints it and
// takes part in Equal.
func TestMemorySpace(t *testing.T) {
	host := Array(F32, 4, 8)
	host.SetMemorySpace(5)
	scalar := Array(F32)
	scalar.SetMemorySpace(5)
	for _, tt := range []struct {
		s    Shape
		want string
	}{
		{host, "f32[4,8]{1,0:S(5)}"},
		{scalar, "f32[]{:S(5)}"},
		{Tuple(host, Array(F32)), "(f32[4,8]{1,0:S(5)}, f32[])"},
	} {
		if got := tt.s.StringWithLayout(); got != tt.want {
			t.Errorf("StringWithLayout() = %q, want %q", got, tt.want)
		}
	}
	if got := host.String(); got != "f32[4,8]" {
		t.Errorf("String() = %q: the memory space is part of the layout", got)
	}
	device := Array(F32, 4, 8)
	if Equal(&host, &device) {
		t.Error("arrays in different memory spaces are equal")
	}
}
