// Package edit is the one type every front end and writer shares: a
// replacement of a byte range of the source, and how a sorted list of
// them is applied.
package edit

import (
	"fmt"
	"sort"
)

// Edit replaces src[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// editLess is the order of edits: by position, an insertion before a
// replacement that starts at the same offset.
func editLess(a, b *Edit) bool {
	if a.Start != b.Start {
		return a.Start < b.Start
	}
	return a.End == a.Start && b.End != b.Start
}

// Sort orders edits by editLess; insertions at one offset keep the
// order in which they were made. Edits made argument by argument are in
// order already, and then cost one pass.
func Sort(edits []Edit) {
	less := func(i, j int) bool { return editLess(&edits[i], &edits[j]) }
	if !sort.SliceIsSorted(edits, less) {
		sort.SliceStable(edits, less)
	}
}

// SortTail orders edits whose first n are ordered and whose few others
// (the module's) came after them, as Sort would: each of the others
// goes after every edit it does not precede.
func SortTail(edits []Edit, n int) {
	Sort(edits[n:])
	for k := n; k < len(edits); k++ {
		e := edits[k]
		at := sort.Search(k, func(i int) bool { return editLess(&e, &edits[i]) })
		copy(edits[at+1:k+1], edits[at:k])
		edits[at] = e
	}
}

// Validate checks that edits are sorted, in range and do not overlap.
func Validate(size int, edits []Edit) error {
	prev := 0
	for _, e := range edits {
		if e.Start < prev || e.End < e.Start || e.End > size {
			return fmt.Errorf("invalid edit [%d,%d) after offset %d in a text of %d bytes", e.Start, e.End, prev, size)
		}
		prev = e.End
	}
	return nil
}

// Bytes returns src with edits applied. The edits must be sorted and
// must not overlap.
func Bytes(src []byte, edits []Edit) ([]byte, error) {
	if err := Validate(len(src), edits); err != nil {
		return nil, err
	}
	n := len(src)
	for _, e := range edits {
		n += len(e.New) - (e.End - e.Start)
	}
	out := make([]byte, 0, n)
	at := 0
	for _, e := range edits {
		out = append(append(out, src[at:e.Start]...), e.New...)
		at = e.End
	}
	return append(out, src[at:]...), nil
}
