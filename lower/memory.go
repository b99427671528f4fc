package lower

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// AttrMemoryKind is JAX's memory kind of an argument or result.
const AttrMemoryKind = "mhlo.memory_kind"

// hostMemorySpace is XLA's Layout::kHostMemorySpace.
const hostMemorySpace = 5

// memoryKinds sets the memory space of every array in each argument and
// result from its mhlo.memory_kind, as XLA's importer does: "pinned_host"
// and "unpinned_host" are host memory (space 5), any other value or none
// is the device (space 0). The space belongs to the layout, so an
// unresolved layout carries it without effect.
func (l *lowerer) memoryKinds() error {
	// The arguments' were applied as they were read (readArg).
	if l.argOut.memory != nil {
		return l.argOut.memory
	}
	for i := range l.results {
		if err := l.memoryKind(&l.results[i], l.resultEntry(i, keyMemoryKind)); err != nil {
			return err
		}
	}
	return nil
}

func (l *lowerer) memoryKind(s *model.Shape, e *ast.AttrEntry) error {
	_, v, err := l.value(e)
	if err != nil || v == nil || v.Kind != ast.KindString {
		return err
	}
	kind, err := ast.Unquote(l.str(v))
	if err != nil || (kind != "pinned_host" && kind != "unpinned_host") {
		return nil
	}
	// A deep copy first: shapes of equal types may share their elements.
	*s = s.Clone()
	s.ForEachSubshape(func(_ model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() {
			sub.SetMemorySpace(hostMemorySpace)
		}
	})
	return nil
}
