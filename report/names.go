package report

import (
	"unicode/utf8"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// paramName is the name the table and the report show for parameter
// param's leaf at index (the name its producer gave the parameter, as
// far as the config keeps it): the one place they ask for it. "" when it
// has none; a table without names leaves the name columns out.
func paramName(c *model.Config, param int64, index model.ShapeIndex) string {
	return c.ParamName(param, index).String()
}

// outputName is the name the table and the report show for output leaf
// out, as paramName is for parameters.
func outputName(c *model.Config, out model.ShapeIndex) string {
	return c.OutputName(out).String()
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
