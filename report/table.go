package report

import (
	"cmp"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Table is the alias table of one config, row by row, as the text table
// and the HTML report show it.
type Table struct {
	// Outputs has a row for each leaf of the output (each subshape that is
	// not a tuple, and any subshape with an alias), in pre-order.
	Outputs []Output
	// Donors has a row for each parameter leaf that gives its buffer: one
	// an output aliases, and one registered as a buffer donor, in
	// (parameter, index) order.
	Donors []Donor
	// Spaces is the memory accounting of each memory space
	// (model.MemoryBySpace).
	Spaces []model.SpaceMemory
	// OtherParams counts the parameter array leaves that give no buffer,
	// and OtherParamBytes their bytes (those of known size).
	OtherParams     int
	OtherParamBytes int64
	// Compared sets the donation rules side by side for each donated
	// parameter leaf (SetCompared); the text and the HTML report show it
	// when it is not nil.
	Compared []Compared
	// PerDevice reports that XLA would divide the values per device
	// (model.Config.PerDevice): each Leaf has its Sharding and DeviceShape.
	PerDevice bool
}

// Leaf is what a row says of its parameter or output leaf.
type Leaf struct {
	Name  string // as the producer wrote it; "" for none
	Shape string // with its layout
	Bytes int64  // model.ByteSizeOf; Unknown when it is not known
	Space int64  // the layout's memory space
	// Sharding and DeviceShape are the leaf's sharding and the shape one
	// device holds of it, when Table.PerDevice.
	Sharding, DeviceShape string
}

// Unknown is the Bytes of a leaf whose size is not known.
const Unknown = -1

// Output is an output leaf and its alias, if any.
type Output struct {
	Index model.ShapeIndex
	Leaf
	Aliased bool
	Kind    model.AliasKind // when Aliased
	// Param and ParamIndex are the aliased parameter leaf, ParamName its
	// name, when Aliased.
	Param      int64
	ParamIndex model.ShapeIndex
	ParamName  string
}

// Donor is a parameter leaf that gives its buffer: to the outputs in
// UsedBy, or, when that is empty, to none, for Reason.
type Donor struct {
	Param int64
	Index model.ShapeIndex
	Leaf
	UsedBy []Use
	// Reason says why a registered donor no output uses is unused: the
	// donor-unused remark's reason, class first ("free: ...").
	Reason string
}

// Use is an output that aliases a donor, and how.
type Use struct {
	Output model.ShapeIndex
	Kind   model.AliasKind
}

// NewTable builds the table of c. reason gives, for each registered donor
// no output uses, why it is unused (false when it has nothing to say); it
// may be nil. A nil config has an empty table.
func NewTable(c *model.Config, reason func(param int64, index model.ShapeIndex) (string, bool)) *Table {
	t := &Table{}
	if c == nil {
		return t
	}
	t.Spaces = model.MemoryBySpace(c)
	t.PerDevice = c.PerDevice()
	device := func(l *Leaf, s *model.Shape, sh *model.Sharding) {
		if t.PerDevice {
			l.Sharding, l.DeviceShape = Cut(sh.String(), ShapeWidth), Cut(model.DeviceShape(s, sh).StringWithLayout(), ShapeWidth)
		}
	}
	byLeaf := map[leafKey]int{} // donor rows by parameter leaf
	donor := func(param int64, index model.ShapeIndex) *Donor {
		k := leafKey{param, index.String()}
		if i, ok := byLeaf[k]; ok {
			return &t.Donors[i]
		}
		d := Donor{Param: param, Index: index.Clone(), Leaf: Leaf{Name: c.ParamName(param, index).String(), Shape: "?", Bytes: Unknown}}
		if sub, ok := c.ParamSubshape(param, index); ok {
			d.Leaf = leafOf(d.Name, sub)
			device(&d.Leaf, sub, c.ParamSharding(param, index))
		}
		byLeaf[k] = len(t.Donors)
		t.Donors = append(t.Donors, d)
		return &t.Donors[len(t.Donors)-1]
	}
	c.Aliases.ForEachOutput(func(index model.ShapeIndex, sub *model.Shape) {
		a, aliased := c.Aliases.GetAliasedParameter(index)
		if sub.IsTuple() && !aliased {
			return
		}
		row := Output{Index: index, Leaf: leafOf(c.OutputName(index).String(), sub), Aliased: aliased}
		device(&row.Leaf, sub, c.OutputSharding(index))
		if aliased {
			row.Kind, row.Param, row.ParamIndex = a.Kind, a.ParamNumber, a.ParamIndex
			row.ParamName = c.ParamName(a.ParamNumber, a.ParamIndex).String()
			d := donor(a.ParamNumber, a.ParamIndex)
			d.UsedBy = append(d.UsedBy, Use{Output: index, Kind: a.Kind})
		}
		t.Outputs = append(t.Outputs, row)
	})
	c.Donors.ForEach(func(md model.Donor) {
		d := donor(md.ParamNumber, md.ParamIndex)
		if len(d.UsedBy) == 0 && reason != nil {
			d.Reason, _ = reason(md.ParamNumber, md.ParamIndex)
		}
	})
	slices.SortFunc(t.Donors, func(a, b Donor) int {
		return cmp.Or(cmp.Compare(a.Param, b.Param), a.Index.Compare(b.Index))
	})
	for i := range c.Params {
		c.Params[i].ForEachSubshape(func(index model.ShapeIndex, sub *model.Shape) {
			if !sub.IsArray() {
				return
			}
			if _, ok := byLeaf[leafKey{int64(i), index.String()}]; ok {
				return
			}
			t.OtherParams++
			if n, ok := model.ByteSizeOf(sub); ok {
				t.OtherParamBytes += n
			}
		})
	}
	return t
}

// leafKey is a map key for a parameter leaf.
type leafKey struct {
	param int64
	index string
}

// leafOf is the Leaf of a subshape named name.
func leafOf(name string, s *model.Shape) Leaf {
	l := Leaf{Name: name, Shape: Cut(s.StringWithLayout(), ShapeWidth), Bytes: Unknown, Space: s.MemorySpace()}
	if n, ok := model.ByteSizeOf(s); ok {
		l.Bytes = n
	}
	return l
}

// HasOutputNames reports whether some output leaf has a name: the name
// column is shown only then.
func (t *Table) HasOutputNames() bool {
	return slices.ContainsFunc(t.Outputs, func(o Output) bool { return o.Name != "" })
}

// HasParamNames reports whether some parameter leaf of a row has a name.
func (t *Table) HasParamNames() bool {
	return slices.ContainsFunc(t.Outputs, func(o Output) bool { return o.ParamName != "" }) ||
		slices.ContainsFunc(t.Donors, func(d Donor) bool { return d.Name != "" })
}

// Unused counts the donors no output uses.
func (t *Table) Unused() int {
	n := 0
	for _, d := range t.Donors {
		if len(d.UsedBy) == 0 {
			n++
		}
	}
	return n
}
