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

func (b *htmlBuf) raw(s ...string) {
	for _, x := range s {
		b.WriteString(x)
	}
}

func (b *htmlBuf) text(s string) {
	if strings.ContainsAny(s, `<>&'"`) {
		s = html.EscapeString(s)
	}
	b.WriteString(s)
}

func (b *htmlBuf) int(n int64) { b.WriteString(strconv.FormatInt(n, 10)) }

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
			nameCell(&b, o.Name)
		}
		b.raw("<td>")
		b.text(o.Shape)
		bytesCell(&b, o.Bytes)
		b.raw("<td>", SpaceText(o.Space), "<td>")
		if o.Aliased {
			b.raw(o.Kind.Word(), "<td>", ParamLabel(o.Param, o.ParamIndex))
		} else {
			b.raw("<td>")
		}
		if paramNames {
			nameCell(&b, o.ParamName)
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
			nameCell(&b, d.Name)
		}
		b.raw("<td>")
		b.text(d.Shape)
		bytesCell(&b, d.Bytes)
		b.raw("<td>", SpaceText(d.Space), "<td class=why>")
		b.text(d.UseText())
		b.raw("\n")
	}
	return b.html()
}

// nameCell is a name cut to NameWidth, whole in its title.
func nameCell(b *htmlBuf, name string) {
	b.raw(`<td title="`)
	b.text(name)
	b.raw(`">`)
	b.text(Cut(name, NameWidth))
}

func bytesCell(b *htmlBuf, n int64) {
	b.raw("<td class=n data-v=")
	b.int(n)
	b.raw(">", BytesText(n))
}

// picture draws the donors on the left and the output leaves on the
// right, a row each, with a curve from a donor to each output that
// aliases it. The elements of one class are grouped, so that each says
// no more than its place: a label its y, a curve its path.
func picture(t *Table) template.HTML {
	n := max(len(t.Donors), len(t.Outputs), 1)
	h := picTop + n*rowHeight + 8
	y := func(i int) int64 { return int64(picTop + i*rowHeight + rowHeight/2) }
	// The groups, each a builder of elements, by class.
	groups := map[string]*htmlBuf{}
	group := func(key string) *htmlBuf {
		g := groups[key]
		if g == nil {
			g = &htmlBuf{}
			groups[key] = g
		}
		return g
	}
	row := make(map[string]int, len(t.Outputs)) // output row by index
	for i := range t.Outputs {
		o := &t.Outputs[i]
		row[o.Index.String()] = i
		class := rowClass(o)
		label := o.Index.String()
		if o.Name != "" {
			label += " " + strconv.Quote(o.Name)
		}
		g := group("rt " + class)
		g.raw("<text y=")
		g.int(y(i) + 4)
		g.raw(">")
		g.text(Cut(label+" "+o.Shape, labelWidth))
		g.raw("</text>")
		g = group("rn " + class)
		g.raw("<circle cy=")
		g.int(y(i))
		g.raw("></circle>")
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
		g := group("lt " + class)
		g.raw("<text y=")
		g.int(y(i) + 4)
		g.raw(">")
		g.text(Cut(label+" "+d.Shape, labelWidth))
		g.raw("</text>")
		g = group("ln " + class)
		g.raw("<circle cy=")
		g.int(y(i))
		g.raw("></circle>")
		if len(d.UsedBy) == 0 {
			tag := "unused"
			if c, _, ok := strings.Cut(d.Reason, ":"); ok {
				tag += ": " + c
			}
			g = group("tag")
			g.raw("<text y=")
			g.int(y(i) + 4)
			g.raw("><title>")
			g.text(d.UseText())
			g.raw("</title>", tag, "</text>")
		}
		for _, u := range d.UsedBy {
			j, ok := row[u.Output.String()]
			if !ok {
				continue
			}
			g = group("link " + u.Kind.Word())
			g.raw(`<path d="M0 `)
			g.int(y(i))
			g.raw("c", mid, " 0 ", mid, " ")
			g.int(y(j) - y(i))
			g.raw(" ", strconv.Itoa(rightNode-leftNode), " ")
			g.int(y(j) - y(i))
			g.raw(`"></path>`)
		}
	}
	var b htmlBuf
	b.raw(`<div class="cv" style="contain-intrinsic-size:auto `, strconv.Itoa(h), `px">`)
	b.raw(`<svg class="pic" width="`, strconv.Itoa(picWidth), `" height="`, strconv.Itoa(h), `" role="img" aria-label="donors and outputs">`, "\n")
	b.raw(`<text class="h l" x="`, strconv.Itoa(leftText), `" y="16">donors (parameter leaves)</text><text class="h" x="`,
		strconv.Itoa(rightText), `" y="16">output leaves</text>`, "\n")
	// Curves first, under the nodes; then the labels and nodes of each
	// side, each group moved to its column.
	for _, kind := range []string{"may", "must"} {
		if g := groups["link "+kind]; g != nil {
			b.raw(`<g class="`, kind, `" transform="translate(`, strconv.Itoa(leftNode), ` 0)">`, g.String(), "</g>\n")
		}
	}
	for _, side := range []struct {
		prefix, class string
		x             int
	}{
		{"lt ", "l", leftText}, {"ln ", "", leftNode}, {"rn ", "", rightNode}, {"rt ", "", rightText},
	} {
		for _, kind := range []string{"may", "must", "unused", "none"} {
			g := groups[side.prefix+kind]
			if g == nil {
				continue
			}
			b.raw(`<g class="`, strings.TrimSpace(side.class+" "+kind), `" transform="translate(`, strconv.Itoa(side.x), ` 0)">`, g.String(), "</g>\n")
		}
	}
	if g := groups["tag"]; g != nil {
		b.raw(`<g class="tag" transform="translate(`, strconv.Itoa(leftNode+10), ` 0)">`, g.String(), "</g>\n")
	}
	b.raw("</svg></div>")
	return b.html()
}
