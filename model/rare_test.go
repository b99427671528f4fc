package model

import (
	"testing"
	"unsafe"
)

// TestShapeSize: a config holds a Shape for each parameter and result, so
// its size is part of the design (see Shape).
func TestShapeSize(t *testing.T) {
	if n := unsafe.Sizeof(Shape{}); n != 64 {
		t.Errorf("a Shape is %d bytes, want 64", n)
	}
}

// TestSetKeepsCopies: a Set method changes the shape it is called on and
// no copy made before, whether or not the shape had rare fields then.
func TestSetKeepsCopies(t *testing.T) {
	plain := Array(F32, 2, 3)
	set := map[string]func(s *Shape){
		"memory space": func(s *Shape) { s.SetMemorySpace(5) },
		"dynamic":      func(s *Shape) { s.SetDynamic([]bool{true, false}) },
		"attrs":        func(s *Shape) { s.SetAttrs(&LayoutAttrs{ElementSizeBits: 4}) },
		"text":         func(s *Shape) { s.SetText("memref<2xf32>") },
		"elems":        func(s *Shape) { s.SetElems([]Shape{Token()}) },
	}
	rare := plain
	rare.SetMemorySpace(1)
	for _, orig := range []Shape{plain, rare} {
		before := orig.StringWithLayout() + orig.Written()
		for name, f := range set {
			s := orig
			f(&s)
			if s.MemorySpace() == orig.MemorySpace() && s.Dynamic() == nil && s.Attrs() == nil && s.Text() == "" && s.Elems() == nil {
				t.Errorf("%s: the shape did not change", name)
			}
			c := orig
			if got := c.StringWithLayout() + c.Written(); got != before {
				t.Errorf("%s: a copy made before changed: %s, was %s", name, got, before)
			}
			if orig.Dynamic() != nil || orig.Attrs() != nil || orig.Text() != "" || orig.Elems() != nil {
				t.Errorf("%s: the original got rare fields", name)
			}
		}
	}
	if rare.MemorySpace() != 1 || plain.MemorySpace() != 0 {
		t.Errorf("memory spaces %d and %d, want 1 and 0", rare.MemorySpace(), plain.MemorySpace())
	}
}

// TestElemsShared: a tuple's elements are shared by its copies, as a
// slice's are, so that a change through Subshape is seen by each.
func TestElemsShared(t *testing.T) {
	tu := Tuple(Array(F32, 2), Array(S32, 4))
	c := tu
	sub, ok := c.Subshape(ShapeIndex{1})
	if !ok {
		t.Fatal("no subshape {1}")
	}
	sub.SetMemorySpace(5)
	if got := tu.StringWithLayout(); got != "(f32[2]{0}, s32[4]{0:S(5)})" {
		t.Errorf("the tuple is %s after a change to a copy's element", got)
	}
	cl := tu.Clone()
	sub, _ = cl.Subshape(ShapeIndex{0})
	sub.SetMemorySpace(1)
	if got := tu.StringWithLayout(); got != "(f32[2]{0}, s32[4]{0:S(5)})" {
		t.Errorf("the tuple is %s after a change to its clone", got)
	}
}
