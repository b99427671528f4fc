package model

import (
	"fmt"
	"sort"
)

// Donor is a parameter buffer the framework lets the compiler reuse.
type Donor struct {
	ParamNumber int64
	ParamIndex  ShapeIndex
	Origin      Origin
}

// Less orders donors by (parameter number, index).
func (d Donor) Less(e Donor) bool {
	if d.ParamNumber != e.ParamNumber {
		return d.ParamNumber < e.ParamNumber
	}
	return d.ParamIndex.Compare(e.ParamIndex) < 0
}

// DonorConfig is HloBufferDonorConfig: a set of donors, kept sorted.
type DonorConfig struct {
	donors []Donor
}

func (c *DonorConfig) find(param int64, index ShapeIndex) (int, bool) {
	key := Donor{ParamNumber: param, ParamIndex: index}
	i := sort.Search(len(c.donors), func(i int) bool { return !c.donors[i].Less(key) })
	return i, i < len(c.donors) && c.donors[i].ParamNumber == param && c.donors[i].ParamIndex.Equal(index)
}

// AddBufferDonor registers parameter param at index as a donor; adding a
// donor twice keeps the first registration.
func (c *DonorConfig) AddBufferDonor(param int64, index ShapeIndex, origin Origin) error {
	if param < 0 {
		return fmt.Errorf("parameter number of a buffer donor must be >= 0, got %d", param)
	}
	i, ok := c.find(param, index)
	if ok {
		return nil
	}
	c.donors = append(c.donors, Donor{})
	copy(c.donors[i+1:], c.donors[i:])
	c.donors[i] = Donor{ParamNumber: param, ParamIndex: index.Clone(), Origin: origin}
	return nil
}

// RemoveBufferDonor unregisters a donor; removing an absent one does nothing.
func (c *DonorConfig) RemoveBufferDonor(param int64, index ShapeIndex) {
	if i, ok := c.find(param, index); ok {
		c.donors = append(c.donors[:i], c.donors[i+1:]...)
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
	return append([]Donor(nil), c.donors...)
}

// Len is the number of donors.
func (c *DonorConfig) Len() int { return len(c.donors) }

// Clone returns a copy of c.
func (c *DonorConfig) Clone() *DonorConfig {
	d := &DonorConfig{donors: make([]Donor, len(c.donors))}
	for i, x := range c.donors {
		x.ParamIndex = x.ParamIndex.Clone()
		d.donors[i] = x
	}
	return d
}
