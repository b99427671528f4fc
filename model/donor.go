package model

import (
	"cmp"
	"fmt"
	"slices"
)

// Donor is a parameter buffer the framework lets the compiler reuse.
type Donor struct {
	ParamNumber int64
	ParamIndex  ShapeIndex
	Origin      Origin
}

// compare orders donors by (parameter number, index).
func (d Donor) compare(e Donor) int {
	if c := cmp.Compare(d.ParamNumber, e.ParamNumber); c != 0 {
		return c
	}
	return slices.Compare(d.ParamIndex, e.ParamIndex)
}

// DonorConfig is HloBufferDonorConfig: a set of donors, read in
// (parameter, index) order. Its zero value is the empty set.
//
// Adding, removing and looking up a donor take constant time (amortized):
// a map finds a donor's entry; a removed entry is only marked, and the
// marked entries are dropped once they are half of all; a donor added out
// of order is appended and the entries are sorted when they are next
// compacted. Reading in order costs one pass over the entries, or a sort
// of a copy while some were added out of order.
type DonorConfig struct {
	entries []donorEntry
	// dense, atRoot and atIndex map a live donor to its entry: (param, {})
	// by its number, in dense (one more than the entry, 0 for none) when
	// the number is below len(dense), else in atRoot; any other donor by
	// its key (appendLeafKey) in atIndex. dense is only made by Reserve.
	dense    []int32
	atRoot   map[int64]int32
	atIndex  map[string]int32
	dead     int  // entries removed but not yet dropped
	unsorted bool // some entry is out of (parameter, index) order
	walking  int  // ForEach walks under way, which compact must not disturb
}

type donorEntry struct {
	Donor
	key  string // appendLeafKey, for a donor with a non-empty index
	live bool
}

func (c *DonorConfig) find(param int64, index ShapeIndex) (int, bool) {
	if len(index) == 0 {
		if param >= 0 && param < int64(len(c.dense)) {
			i := c.dense[param]
			return int(i) - 1, i > 0
		}
		i, ok := c.atRoot[param]
		return int(i), ok
	}
	var buf keyBuf
	i, ok := c.atIndex[string(appendLeafKey(buf[:0], param, index))]
	return int(i), ok
}

// index records that the donor of entry e is at position i.
func (c *DonorConfig) index(e *donorEntry, i int) {
	if len(e.ParamIndex) == 0 {
		if e.ParamNumber < int64(len(c.dense)) {
			c.dense[e.ParamNumber] = int32(i) + 1
			return
		}
		if c.atRoot == nil {
			c.atRoot = map[int64]int32{}
		}
		c.atRoot[e.ParamNumber] = int32(i)
		return
	}
	if c.atIndex == nil {
		c.atIndex = map[string]int32{}
	}
	c.atIndex[e.key] = int32(i)
}

// unindex forgets the donor of entry e.
func (c *DonorConfig) unindex(e *donorEntry) {
	switch {
	case len(e.ParamIndex) == 0 && e.ParamNumber < int64(len(c.dense)):
		c.dense[e.ParamNumber] = 0
	case len(e.ParamIndex) == 0:
		delete(c.atRoot, e.ParamNumber)
	default:
		delete(c.atIndex, e.key)
	}
}

// Reserve prepares c for donors added next: room for n more entries, and
// a table (instead of a map) for whole parameters numbered below params.
// It changes no donor.
func (c *DonorConfig) Reserve(params, n int) {
	c.entries = slices.Grow(c.entries, n)
	if params <= len(c.dense) {
		return
	}
	c.dense = slices.Grow(c.dense, params-len(c.dense))[:params]
	for p, i := range c.atRoot {
		if p < int64(params) {
			c.dense[p] = i + 1
			delete(c.atRoot, p)
		}
	}
}

// AddBufferDonor registers parameter param at index as a donor; adding a
// donor twice keeps the first registration.
func (c *DonorConfig) AddBufferDonor(param int64, index ShapeIndex, origin Origin) error {
	if param < 0 {
		return fmt.Errorf("parameter number of a buffer donor must be >= 0, got %d", param)
	}
	if _, ok := c.find(param, index); ok {
		return nil
	}
	d := Donor{ParamNumber: param, ParamIndex: index.Clone(), Origin: origin}
	if n := len(c.entries); n > 0 && c.entries[n-1].compare(d) >= 0 {
		c.unsorted = true
	}
	e := donorEntry{Donor: d, live: true}
	if len(index) > 0 {
		e.key = string(appendLeafKey(nil, param, index))
	}
	c.index(&e, len(c.entries))
	c.entries = append(c.entries, e)
	return nil
}

// RemoveBufferDonor unregisters a donor; removing an absent one does nothing.
func (c *DonorConfig) RemoveBufferDonor(param int64, index ShapeIndex) {
	i, ok := c.find(param, index)
	if !ok {
		return
	}
	c.entries[i].live = false
	c.unindex(&c.entries[i])
	c.dead++
	if c.walking == 0 && 2*c.dead >= len(c.entries) {
		c.compact()
	}
}

// compact drops the removed entries and sorts the rest, in place: the
// slices ordered returned before are not read any more, as ordered's
// readers do not remove donors and ForEach defers compact to its end.
func (c *DonorConfig) compact() {
	live := c.appendLive(c.entries[:0])
	clear(c.entries[len(live):]) // drop what the removed entries held
	c.entries = live
	if cap(c.entries) > 4*len(c.entries)+16 {
		// Most donors were removed (as the donation pass removes every
		// donor it turns into an alias): give the room back.
		c.entries = slices.Clone(c.entries)
	}
	c.dead, c.unsorted = 0, false
	for i := range c.entries {
		c.index(&c.entries[i], i)
	}
}

// appendLive appends the live entries to the empty dst, in (parameter,
// index) order; dst may be c.entries[:0].
func (c *DonorConfig) appendLive(dst []donorEntry) []donorEntry {
	for _, e := range c.entries {
		if e.live {
			dst = append(dst, e)
		}
	}
	if c.unsorted {
		slices.SortFunc(dst, func(a, b donorEntry) int { return a.compare(b.Donor) })
	}
	return dst
}

// ordered returns the live entries in (parameter, index) order: the
// entries themselves when nothing was removed or added out of order,
// otherwise a new slice. It never changes c, so readers may share it.
func (c *DonorConfig) ordered() []donorEntry {
	if c.dead == 0 && !c.unsorted {
		return c.entries
	}
	return c.appendLive(make([]donorEntry, 0, len(c.entries)-c.dead))
}

// ForEach calls f for every donor in (parameter, index) order, as the
// donors were when ForEach was called: f may add or remove donors, which
// does not change what is walked. Unlike Donors, it copies nothing unless
// donors were removed or added out of order since they were last sorted.
func (c *DonorConfig) ForEach(f func(d Donor)) {
	c.walking++
	defer func() {
		c.walking--
		if c.walking == 0 && c.dead > 0 && 2*c.dead >= len(c.entries) {
			c.compact()
		}
	}()
	for _, e := range c.ordered() {
		f(e.Donor)
	}
}

// ParameterIsBufferDonor reports whether param at index is a donor.
func (c *DonorConfig) ParameterIsBufferDonor(param int64, index ShapeIndex) bool {
	_, ok := c.find(param, index)
	return ok
}

// Donors returns the donors in (parameter, index) order. The slice is a
// copy; changing it does not change c.
func (c *DonorConfig) Donors() []Donor {
	entries := c.ordered()
	out := make([]Donor, len(entries))
	for i, e := range entries {
		out[i] = e.Donor
	}
	return out
}

// Len is the number of donors.
func (c *DonorConfig) Len() int { return len(c.entries) - c.dead }

// Clone returns a copy of c.
func (c *DonorConfig) Clone() *DonorConfig {
	entries := c.ordered()
	d := &DonorConfig{entries: make([]donorEntry, len(entries))}
	if c.dense != nil {
		d.dense = make([]int32, len(c.dense))
	}
	for i, e := range entries {
		e.ParamIndex = e.ParamIndex.Clone()
		d.entries[i] = e
		d.index(&d.entries[i], i)
	}
	return d
}
