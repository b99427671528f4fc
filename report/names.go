package report

import (
	"unicode/utf8"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// paramName is the name the table and the report show for parameter
// param's leaf at index: the one place they ask for it. No name is read
// yet, so it is "" and the name columns are left out.
func paramName(c *model.Config, param int64, index model.ShapeIndex) string {
	return ""
}

// outputName is the name the table and the report show for output leaf
// out, as paramName is for parameters.
func outputName(c *model.Config, out model.ShapeIndex) string {
	return ""
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
