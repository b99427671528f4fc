package lower

import (
	"math/rand"
	"reflect"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// mergeByWalk is the definition claimSet.add keeps: walk the claims in
// order; the first that c repeats, or shares an output or a parameter
// leaf with, decides.
func mergeByWalk(claims []claim, c claim) ([]claim, error) {
	for _, d := range claims {
		switch {
		case c.same(d):
			return claims, nil
		case c.out.Equal(d.out):
			return nil, ast.Errorf(c.origin.Pos, "output index %s is aliased twice: by %s and by %s", c.out, d, c)
		case c.param == d.param && c.index.Equal(d.index):
			return nil, ast.Errorf(c.origin.Pos, "parameter %d at %s is aliased twice: with output index %s by %s and with output index %s by %s", c.param, c.index, d.out, d, c.out, c)
		}
	}
	return append(claims, c), nil
}

// TestClaimSet adds random claims, drawn from few outputs and leaves so
// that they collide often, to a claimSet and by the walk, and compares
// the claims kept and every error.
func TestClaimSet(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	index := func() model.ShapeIndex {
		ix := model.ShapeIndex{}
		for n := r.Intn(3); n > 0; n-- {
			ix = append(ix, int64(r.Intn(2)))
		}
		return ix
	}
	collisions := 0
	for round := 0; round < 200; round++ {
		var set claimSet
		var walk []claim
		for i := 0; i < 30; i++ {
			c := claim{out: index(), param: int64(r.Intn(4)), index: index(), kind: model.AliasKind(r.Intn(2)),
				origin: model.Origin{Attr: "a", Pos: ast.Pos{Filename: "t.mlir", Line: i + 1, Column: 1}}}
			errSet := set.add(c)
			var errWalk error
			if m, err := mergeByWalk(walk, c); err != nil {
				errWalk = err
			} else {
				walk = m
			}
			if (errSet == nil) != (errWalk == nil) || errSet != nil && errSet.Error() != errWalk.Error() {
				t.Fatalf("round %d, claim %d: claimSet says %v, the walk %v", round, i, errSet, errWalk)
			}
			if errSet != nil {
				collisions++
			}
		}
		if !reflect.DeepEqual(set.list, walk) {
			t.Fatalf("round %d: claimSet kept %v, the walk %v", round, set.list, walk)
		}
	}
	if collisions < 1000 {
		t.Errorf("only %d collisions: the test draws too few", collisions)
	}
}
