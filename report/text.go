package report

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Text is the table for people, the --print-config=table form: the
// output leaves, the donors and the memory of each space, each in aligned
// columns under a heading line. A name column is there only when some row
// has a name; names are cut to NameWidth characters. The last column of
// the donors, why a donor is unused, is never cut. When XLA would divide
// the values per device (Table.PerDevice), a "sharding" and a "per
// device" column follow the space.
//
//	outputs: 3
//	  index  shape              bytes      space   alias  parameter
//	  {0}    f32[128,256]{1,0}  128.0 KiB  device  may    0 {}
//	  ...
//	donors: 2 (1 unused)
//	  parameter  shape              bytes      space   used by or why not
//	  0 {}       f32[128,256]{1,0}  128.0 KiB  device  output {0} (may)
//	  1 {}       f32[256]{0}          1.0 KiB  device  unused: free: output {1} ...
//	memory:
//	  space   parameters  outputs    must-aliased  may-aliased  without alias  unused donors
//	  device   137.0 KiB  129.0 KiB           0 B    128.0 KiB        1.0 KiB        1.0 KiB
func (t *Table) Text() string {
	var b strings.Builder
	outNames, paramNames := t.HasOutputNames(), t.HasParamNames()

	b.WriteString("outputs: " + strconv.Itoa(len(t.Outputs)) + "\n")
	dev := t.PerDevice
	o := columns{head: []string{"index", "name", "shape", "bytes", "space", "sharding", "per device", "alias", "parameter", "parameter name"},
		right: []bool{3: true}, keep: []bool{true, outNames, true, true, true, dev, dev, true, true, paramNames}}
	for _, r := range t.Outputs {
		kind, param := "", ""
		if r.Aliased {
			kind, param = r.Kind.Word(), ParamLabel(r.Param, r.ParamIndex)
		}
		o.add(r.Index.String(), Cut(r.Name, NameWidth), r.Shape, BytesText(r.Bytes), SpaceText(r.Space), r.Sharding, r.DeviceShape, kind, param, Cut(r.ParamName, NameWidth))
	}
	o.write(&b)

	head := "donors: " + strconv.Itoa(len(t.Donors))
	if n := t.Unused(); n > 0 {
		head += " (" + strconv.Itoa(n) + " unused)"
	}
	b.WriteString(head + "\n")
	d := columns{head: []string{"parameter", "name", "shape", "bytes", "space", "sharding", "per device", "used by or why not"},
		right: []bool{3: true}, keep: []bool{true, paramNames, true, true, true, dev, dev, true}}
	for _, r := range t.Donors {
		d.add(ParamLabel(r.Param, r.Index), Cut(r.Name, NameWidth), r.Shape, BytesText(r.Bytes), SpaceText(r.Space), r.Sharding, r.DeviceShape, r.UseText())
	}
	d.write(&b)

	b.WriteString("memory:\n")
	unknown := false
	for _, s := range t.Spaces {
		unknown = unknown || s.UnknownSizeLeaves > 0
	}
	m := columns{head: []string{"space", "parameters", "outputs", "must-aliased", "may-aliased", "without alias", "unused donors", "leaves of unknown size"},
		right: []bool{false, true, true, true, true, true, true, true}, keep: []bool{true, true, true, true, true, true, true, unknown}}
	for _, s := range t.Spaces {
		m.add(SpaceText(s.Space), model.FormatBytes(s.ParameterBytes), model.FormatBytes(s.OutputBytes),
			model.FormatBytes(s.MustAliasBytes), model.FormatBytes(s.MayAliasBytes),
			model.FormatBytes(s.UnaliasedOutputBytes), model.FormatBytes(s.UnusedDonorBytes), strconv.Itoa(s.UnknownSizeLeaves))
	}
	m.write(&b)
	if len(t.Compared) > 0 {
		b.WriteString(t.CompareText())
	}
	return b.String()
}

// UseText says who uses a donor: "output {0} (may)", several joined by
// ", "; for an unused one "unused: " and its reason.
func (d *Donor) UseText() string {
	if len(d.UsedBy) == 0 {
		if d.Reason == "" {
			return "unused"
		}
		return "unused: " + d.Reason
	}
	var b strings.Builder
	for i, u := range d.UsedBy {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("output " + u.Output.String() + " (" + u.Kind.Word() + ")")
	}
	return b.String()
}

// ParamLabel names a parameter leaf: its number and index, "0 {}".
func ParamLabel(param int64, index model.ShapeIndex) string {
	return strconv.FormatInt(param, 10) + " " + index.String()
}

// BytesText is a leaf's size as model.FormatBytes prints it, "?" when
// unknown.
func BytesText(n int64) string {
	if n == Unknown {
		return "?"
	}
	return model.FormatBytes(n)
}

// SpaceText names a memory space in a column: "device", "host S(5)" or
// "S(n)".
func SpaceText(space int64) string {
	switch space {
	case 0:
		return "device"
	case 5:
		return "host S(5)"
	}
	return "S(" + strconv.FormatInt(space, 10) + ")"
}

// NameWidth is the width, in characters, to which the text table cuts a
// name.
const NameWidth = 40

// ShapeWidth is the width to which the table and the picture cut a shape.
const ShapeWidth = 60

// Cut returns s cut to at most n characters, its last one an ellipsis
// when it was longer.
func Cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i, k := 0, 0
	for i = range s {
		if k == n-1 {
			break
		}
		k++
	}
	return s[:i] + "…"
}

// columns is a text table: a heading and rows, each column as wide as its
// widest cell, two spaces apart, indented by two; a column not kept is
// left out, a right one is aligned right, and the last one is not padded.
type columns struct {
	head  []string
	right []bool
	keep  []bool
	rows  [][]string
}

func (c *columns) add(cells ...string) { c.rows = append(c.rows, cells) }

func (c *columns) write(b *strings.Builder) {
	var cols []int
	for i := range c.head {
		if i >= len(c.keep) || c.keep[i] {
			cols = append(cols, i)
		}
	}
	rows := append([][]string{c.head}, c.rows...)
	width := make([]int, len(c.head))
	for _, row := range rows {
		for _, i := range cols {
			width[i] = max(width[i], utf8.RuneCountInString(row[i]))
		}
	}
	line := make([]byte, 0, 256)
	for _, row := range rows {
		line = append(line[:0], "  "...)
		for k, i := range cols {
			if k > 0 {
				line = append(line, "  "...)
			}
			pad := width[i] - utf8.RuneCountInString(row[i])
			if i < len(c.right) && c.right[i] {
				line = append(appendSpaces(line, pad), row[i]...)
			} else if line = append(line, row[i]...); k < len(cols)-1 {
				line = appendSpaces(line, pad)
			}
		}
		// A row whose last cells are empty ends in spaces: they go.
		b.Write(append(bytes.TrimRight(line, " "), '\n'))
	}
}

func appendSpaces(b []byte, n int) []byte {
	for ; n > 0; n-- {
		b = append(b, ' ')
	}
	return b
}
