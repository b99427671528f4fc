package lower

import (
	"encoding/binary"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// claimSet is the merged claims of the arguments, in the order they were
// added, indexed by output index and by parameter leaf so that adding one
// costs the same with 16000 claims as with 16.
type claimSet struct {
	list   []claim
	byOut  map[string]int // key of out -> position in list
	byLeaf map[string]int // key of param and index -> position in list
	// outAt and rootAt index the commonest claims without building keys:
	// an output index of one number (outAt), a whole parameter (rootAt).
	outAt  map[int64]int
	rootAt map[int64]int
	// names names the parameters and outputs in errors (nil: none).
	names *model.Config
}

// grow makes room for n claims, most of them on an output index of one
// number and a whole parameter, so that adding them allocates once.
func (s *claimSet) grow(n int) {
	s.list = slices.Grow(s.list, n)
	if s.outAt == nil {
		s.outAt = make(map[int64]int, n)
	}
	if s.rootAt == nil {
		s.rootAt = make(map[int64]int, n)
	}
}

// lookOut returns the position of the claim on out, if any.
func (s *claimSet) lookOut(out model.ShapeIndex) (int, bool) {
	if len(out) == 1 {
		i, ok := s.outAt[out[0]]
		return i, ok
	}
	i, ok := s.byOut[indexKey(-1, out)]
	return i, ok
}

// lookLeaf returns the position of the claim on a parameter leaf, if any.
func (s *claimSet) lookLeaf(param int64, index model.ShapeIndex) (int, bool) {
	if len(index) == 0 {
		i, ok := s.rootAt[param]
		return i, ok
	}
	i, ok := s.byLeaf[indexKey(param, index)]
	return i, ok
}

// add adds c unless it repeats a claim of the set; a claim on the same
// output, or on the same parameter leaf, is an error naming both. Of the
// two claims c could collide with, the one added first is the one named,
// as a walk of the list in order would find.
func (s *claimSet) add(c claim) error {
	i := -1
	if j, ok := s.lookOut(c.out); ok {
		i = j
	}
	if j, ok := s.lookLeaf(c.param, c.index); ok && (i < 0 || j < i) {
		i = j
	}
	if i >= 0 {
		d := s.list[i]
		switch {
		case c.same(d):
			return nil
		case c.out.Equal(d.out):
			return ast.Errorf(c.origin.Pos, "%s is aliased twice: by %s and by %s", s.names.OutputIndexLabel(c.out), d, c)
		default:
			return ast.Errorf(c.origin.Pos, "%s at %s is aliased twice: with %s by %s and with %s by %s",
				s.names.ParamLabel(c.param, c.index), c.index, s.names.OutputIndexLabel(d.out), d, s.names.OutputIndexLabel(c.out), c)
		}
	}
	n := len(s.list)
	if len(c.out) == 1 {
		put(&s.outAt, c.out[0], n)
	} else {
		put(&s.byOut, indexKey(-1, c.out), n)
	}
	if len(c.index) == 0 {
		put(&s.rootAt, c.param, n)
	} else {
		put(&s.byLeaf, indexKey(c.param, c.index), n)
	}
	s.list = append(s.list, c)
	return nil
}

// put sets (*m)[k] to v, making the map first.
func put[K comparable](m *map[K]int, k K, v int) {
	if *m == nil {
		*m = map[K]int{}
	}
	(*m)[k] = v
}

// indexKey encodes a parameter number and a shape index as a map key.
func indexKey(param int64, index model.ShapeIndex) string {
	b := make([]byte, 0, 10*(len(index)+1))
	b = binary.AppendVarint(b, param)
	for _, x := range index {
		b = binary.AppendVarint(b, x)
	}
	return string(b)
}
