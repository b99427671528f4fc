package report

import (
	"html"
	"html/template"
	"strconv"
	"strings"
)

// The picture's geometry, in pixels.
const (
	rowHeight  = 18
	picTop     = 28
	leftText   = 330 // the donors' labels end here
	leftNode   = 338
	rightNode  = 622
	rightText  = 630 // the outputs' labels start here
	picWidth   = 960
	labelWidth = 44 // characters
)

// htmlBuf writes HTML by hand: raw markup, and text escaped for an
// element or a quoted attribute.
type htmlBuf struct{ strings.Builder }

func (b *htmlBuf) raw(s ...string) *htmlBuf {
	for _, x := range s {
		b.WriteString(x)
	}
	return b
}

func (b *htmlBuf) text(s string) *htmlBuf {
	if strings.ContainsAny(s, `<>&'"`) {
		s = html.EscapeString(s)
	}
	b.WriteString(s)
	return b
}

func (b *htmlBuf) int(n int64) *htmlBuf {
	b.WriteString(strconv.FormatInt(n, 10))
	return b
}

func (b *htmlBuf) html() template.HTML { return template.HTML(b.String()) }

// rowClass is an output row's class: its alias kind, or none.
func rowClass(o *Output) string {
	if o.Aliased {
		return o.Kind.Word()
	}
	return "none"
}

// outputRows are the rows of the outputs table, each cell with a
// data-v sort key where its text does not sort.
func outputRows(t *Table, outNames, paramNames bool) template.HTML {
	var b htmlBuf
	for i := range t.Outputs {
		o := &t.Outputs[i]
		b.raw("<tr class=", rowClass(o), "><td>", o.Index.String())
		if outNames {
			b.nameCell(o.Name)
		}
		b.raw("<td>").text(o.Shape).bytesCell(o.Bytes)
		b.raw("<td>", SpaceText(o.Space), "<td>")
		if o.Aliased {
			b.raw(o.Kind.Word(), "<td>", ParamLabel(o.Param, o.ParamIndex))
		} else {
			b.raw("<td>")
		}
		if paramNames {
			b.nameCell(o.ParamName)
		}
		b.raw("\n")
	}
	return b.html()
}

// donorRows are the rows of the donors table.
func donorRows(t *Table, paramNames bool) template.HTML {
	var b htmlBuf
	for i := range t.Donors {
		d := &t.Donors[i]
		if len(d.UsedBy) == 0 {
			b.raw("<tr class=unused>")
		} else {
			b.raw("<tr>")
		}
		b.raw("<td>", ParamLabel(d.Param, d.Index))
		if paramNames {
			b.nameCell(d.Name)
		}
		b.raw("<td>").text(d.Shape).bytesCell(d.Bytes)
		b.raw("<td>", SpaceText(d.Space), "<td class=why>").text(d.UseText()).raw("\n")
	}
	return b.html()
}

// nameCell is a name cut to NameWidth, whole in its title.
func (b *htmlBuf) nameCell(name string) {
	b.raw(`<td title="`).text(name).raw(`">`).text(Cut(name, NameWidth))
}

func (b *htmlBuf) bytesCell(n int64) {
	b.raw("<td class=n data-v=").int(n).raw(">", BytesText(n))
}

// picture draws the donors on the left and the output leaves on the
// right, a row each, with a curve from a donor to each output that
// aliases it. The elements of one class are grouped, so that each says
// no more than its place: a label its y, a curve its path.
func picture(t *Table) template.HTML {
	n := max(len(t.Donors), len(t.Outputs), 1)
	h := picTop + n*rowHeight + 8
	y := func(i int) int64 { return int64(picTop + i*rowHeight + rowHeight/2) }
	groups := map[string]*htmlBuf{} // by class
	group := func(key string) *htmlBuf {
		g := groups[key]
		if g == nil {
			g = &htmlBuf{}
			groups[key] = g
		}
		return g
	}
	// node draws row i of a side ("l" or "r"): its label and its node.
	node := func(side, class string, i int, label string) {
		group(side + "t " + class).raw("<text y=").int(y(i) + 4).raw(">").text(Cut(label, labelWidth)).raw("</text>")
		group(side + "n " + class).raw("<circle cy=").int(y(i)).raw("></circle>")
	}
	row := make(map[string]int, len(t.Outputs)) // output row by index
	for i := range t.Outputs {
		o := &t.Outputs[i]
		row[o.Index.String()] = i
		label := o.Index.String()
		if o.Name != "" {
			label += " " + strconv.Quote(o.Name)
		}
		node("r", rowClass(o), i, label+" "+o.Shape)
	}
	mid := strconv.Itoa((rightNode - leftNode) / 2)
	for i := range t.Donors {
		d := &t.Donors[i]
		label := ParamLabel(d.Param, d.Index)
		if d.Name != "" {
			label = strconv.FormatInt(d.Param, 10) + " " + strconv.Quote(d.Name) + " " + d.Index.String()
		}
		class := "unused"
		if len(d.UsedBy) > 0 {
			class = d.UsedBy[0].Kind.Word()
		}
		node("l", class, i, label+" "+d.Shape)
		if len(d.UsedBy) == 0 {
			tag := "unused"
			if c, _, ok := strings.Cut(d.Reason, ":"); ok {
				tag += ": " + c
			}
			group("tag").raw("<text y=").int(y(i)+4).raw("><title>").text(d.UseText()).raw("</title>", tag, "</text>")
		}
		for _, u := range d.UsedBy {
			if j, ok := row[u.Output.String()]; ok {
				dy := y(j) - y(i)
				group("link "+u.Kind.Word()).raw(`<path d="M0 `).int(y(i)).raw("c", mid, " 0 ", mid, " ").int(dy).
					raw(" ", strconv.Itoa(rightNode-leftNode), " ").int(dy).raw(`"></path>`)
			}
		}
	}
	var b htmlBuf
	b.raw(`<div class="cv" style="contain-intrinsic-size:auto `, strconv.Itoa(h), `px">`)
	b.raw(`<svg class="pic" width="`, strconv.Itoa(picWidth), `" height="`, strconv.Itoa(h), `" role="img" aria-label="donors and outputs">`, "\n")
	b.raw(`<text class="h l" x="`, strconv.Itoa(leftText), `" y="16">donors (parameter leaves)</text><text class="h" x="`,
		strconv.Itoa(rightText), `" y="16">output leaves</text>`, "\n")
	layer := func(key, class string, x int) {
		if g := groups[key]; g != nil {
			b.raw(`<g class="`, class, `" transform="translate(`, strconv.Itoa(x), ` 0)">`, g.String(), "</g>\n")
		}
	}
	// Curves first, under the nodes; then the labels and nodes of each
	// side, each group moved to its column; then the unused donors' tags.
	layer("link may", "may", leftNode)
	layer("link must", "must", leftNode)
	for _, side := range []struct {
		prefix, class string
		x             int
	}{
		{"lt ", "l ", leftText}, {"ln ", "", leftNode}, {"rn ", "", rightNode}, {"rt ", "", rightText},
	} {
		for _, kind := range []string{"may", "must", "unused", "none"} {
			layer(side.prefix+kind, side.class+kind, side.x)
		}
	}
	layer("tag", "tag", leftNode+10)
	b.raw("</svg></div>")
	return b.html()
}
