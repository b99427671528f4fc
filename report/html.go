package report

import (
	"bufio"
	_ "embed"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Report is the HTML report of the alias tables of some modules.
type Report struct {
	// Title heads the page.
	Title   string
	Modules []Module
}

// Module is one module of a report.
type Module struct {
	File  string // the input's name
	Chunk int    // the module's number in the input, from 0
	// ShowChunk names the chunk: the input holds several modules.
	ShowChunk bool
	// OK says the module was read, rewritten and verified; only then is
	// there a Table.
	OK bool
	// Diagnostics are the messages of a module that failed, as printed.
	Diagnostics []string
	Table       *Table
}

// Name is the module's name in the report: "FILE" or "FILE chunk N".
func (m *Module) Name() string {
	if m.ShowChunk {
		return m.File + " chunk " + strconv.Itoa(m.Chunk)
	}
	return m.File
}

//go:embed report.html.tmpl
var pageText string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"space":   SpaceText,
	"fmt":     model.FormatBytes,
	"rules":   func() [3]struct{ Head, Pass string } { return Rules },
	"verdict": VerdictText,
}).Parse(pageText))

// Each table heading is marked sortable (aria-sort "none"), and the
// page's script, one click handler on the document that does nothing
// until a click, sorts a heading's column, ascending first, then
// descending: a cell's data-v as a number, else its text in numeric
// order ("{10}" after "{9}").

// WriteHTML writes the report as one self-contained HTML page: no
// network, no external script, font or style. With more than one module
// an index with the totals comes first; then each module has a section:
// the bytes its aliases save and leave in each memory space as bars, a
// picture of its donors on the left and its output leaves on the right
// with a link for each alias (may and must in their colours, an unused
// donor marked with the class of its reason), and the table, whose
// columns sort on a click.
func (r *Report) WriteHTML(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := page.Execute(bw, r.view()); err != nil {
		return err
	}
	return bw.Flush()
}

// pageView is what the template shows.
type pageView struct {
	Title   string
	Index   bool // more than one module
	Facts   string
	Totals  []barsView
	Rows    []indexRow
	Modules []moduleView
}

type indexRow struct {
	ID, Name      string
	OK            bool
	Outputs       int
	Must, May     int
	Unused        int
	Saved, Left   string
	SavedV, LeftV int64 // sort keys: the sums over spaces
}

type moduleView struct {
	ID, Name    string
	OK          bool
	Diagnostics []string
	Facts       string
	Bars        []barsView
	// Picture, OutputRows and DonorRows are written by hand (render.go),
	// as the template costs too much for their thousands of elements.
	Picture    template.HTML
	Other      string // the parameters the picture leaves out
	OutputRows template.HTML
	// OutputsH and DonorsH guess the tables' heights, in pixels, for
	// the browser to skip their layout while they are out of view.
	OutputsH, DonorsH int
	DonorRows         template.HTML
	T                 *Table
	OutNames          bool
	ParamNames        bool
	Unknown           bool // some space has leaves of unknown size
}

// barsView draws one memory space's bytes: the output bytes aliased by
// must-aliases, by may-aliases and without alias on one bar, the bytes
// of unused donors on a second, at one scale.
type barsView struct {
	Name                    string
	W                       int // of a full bar
	Must, May, Left, Unused int // widths in pixels
	MayX, LeftX             int
	Legend                  string
	Outputs, Donors         string // the bars' labels
	LabelX                  int
}

// barWidth is the width of a full bar, in pixels.
const barWidth = 600

func barsOf(spaces []model.SpaceMemory) []barsView {
	var out []barsView
	for _, s := range spaces {
		outBytes := s.MustAliasBytes + s.MayAliasBytes + s.UnaliasedOutputBytes
		scale := max(outBytes, s.UnusedDonorBytes)
		px := func(n int64) int {
			if scale == 0 || n <= 0 {
				return 0
			}
			return max(1, int(float64(n)/float64(scale)*barWidth+0.5))
		}
		b := barsView{Name: model.SpaceName(s.Space), W: barWidth + 180, LabelX: barWidth + 8,
			Must: px(s.MustAliasBytes), May: px(s.MayAliasBytes), Left: px(s.UnaliasedOutputBytes), Unused: px(s.UnusedDonorBytes),
			Outputs: "outputs " + model.FormatBytes(outBytes), Donors: "unused donors " + model.FormatBytes(s.UnusedDonorBytes),
			Legend: "saved " + model.FormatBytes(s.AliasedBytes()) + " (must " + model.FormatBytes(s.MustAliasBytes) +
				", may up to " + model.FormatBytes(s.MayAliasBytes) + "); left " + model.FormatBytes(s.UnaliasedOutputBytes) +
				" of outputs without alias; " + model.FormatBytes(s.UnusedDonorBytes) + " in unused donors"}
		b.MayX, b.LeftX = b.Must, b.Must+b.May
		if s.UnknownSizeLeaves > 0 {
			b.Legend += "; " + strconv.Itoa(s.UnknownSizeLeaves) + " leaves of unknown size not counted"
		}
		out = append(out, b)
	}
	return out
}

// facts is a module's figures in one line.
func facts(t *Table) string {
	must, may := 0, 0
	for _, o := range t.Outputs {
		if o.Aliased && o.Kind == model.MustAlias {
			must++
		} else if o.Aliased {
			may++
		}
	}
	return count(len(t.Outputs), "output leaf", "output leaves") + ", " + count(must+may, "alias", "aliases") + " (" +
		strconv.Itoa(must) + " must, " + strconv.Itoa(may) + " may), " + count(len(t.Donors), "donor", "donors") + " (" +
		strconv.Itoa(t.Unused()) + " unused)"
}

// count is n and the noun, singular when n is 1.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func (r *Report) view() pageView {
	v := pageView{Title: r.Title, Index: len(r.Modules) > 1}
	var totals []model.SpaceMemory
	files := map[string]bool{}
	failed := 0
	for i := range r.Modules {
		m := &r.Modules[i]
		files[m.File] = true
		mv := moduleView{ID: "m" + strconv.Itoa(i), Name: m.Name(), OK: m.OK && m.Table != nil, Diagnostics: m.Diagnostics}
		row := indexRow{ID: mv.ID, Name: mv.Name, OK: mv.OK}
		if !mv.OK {
			failed++
		} else {
			t := m.Table
			mv.T, mv.Facts, mv.Bars = t, facts(t), barsOf(t.Spaces)
			mv.OutNames, mv.ParamNames = t.HasOutputNames(), t.HasParamNames()
			mv.Picture = picture(t)
			mv.OutputsH, mv.DonorsH = 20*(len(t.Outputs)+1), 20*(len(t.Donors)+1)
			mv.OutputRows, mv.DonorRows = outputRows(t, mv.OutNames, mv.ParamNames), donorRows(t, mv.ParamNames)
			if t.OtherParams > 0 {
				mv.Other = "parameter leaves that donate nothing, not drawn: " + strconv.Itoa(t.OtherParams) + " (" +
					model.FormatBytes(t.OtherParamBytes) + ")"
			}
			totals = model.AddSpaces(totals, t.Spaces)
			row.Outputs, row.Unused = len(t.Outputs), t.Unused()
			var saved, left []string
			for _, s := range t.Spaces {
				mv.Unknown = mv.Unknown || s.UnknownSizeLeaves > 0
				row.Must += s.MustAliases
				row.May += s.MayAliases
				row.SavedV += s.AliasedBytes()
				row.LeftV += s.UnaliasedOutputBytes
				prefix := ""
				if len(t.Spaces) > 1 || s.Space != 0 {
					prefix = SpaceText(s.Space) + " "
				}
				saved = append(saved, prefix+model.FormatBytes(s.AliasedBytes()))
				left = append(left, prefix+model.FormatBytes(s.UnaliasedOutputBytes))
			}
			row.Saved, row.Left = strings.Join(saved, ", "), strings.Join(left, ", ")
		}
		v.Modules = append(v.Modules, mv)
		v.Rows = append(v.Rows, row)
	}
	v.Totals = barsOf(totals)
	v.Facts = count(len(r.Modules), "module", "modules") + " in " + count(len(files), "file", "files") + ", " + strconv.Itoa(failed) + " failed"
	return v
}
