package report

import (
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// testConfig has three parameters, parameter 2 a tuple, and an output of
// three leaves: output {0} must-aliases parameter 0, output {1}
// may-aliases parameter 2 at {0}, and parameter 1 is a registered donor
// no output uses; parameter 2 at {1} gives nothing.
func testConfig(t *testing.T) *model.Config {
	t.Helper()
	c := model.NewConfig(
		[]model.Shape{model.Array(model.F32, 2, 3), model.Array(model.F32, 8), model.Tuple(model.Array(model.F32, 4), model.Array(model.S32))},
		model.Tuple(model.Array(model.F32, 2, 3), model.Array(model.F32, 4), model.Array(model.F32, 16)))
	if err := c.Aliases.SetUpAlias(model.ShapeIndex{0}, 0, nil, model.MustAlias, model.Origin{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Aliases.SetUpAlias(model.ShapeIndex{1}, 2, model.ShapeIndex{0}, model.MayAlias, model.Origin{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Donors.AddBufferDonor(1, nil, model.Origin{}); err != nil {
		t.Fatal(err)
	}
	return c
}

func reason(param int64, index model.ShapeIndex) (string, bool) {
	if param == 1 {
		return "none: no output has this shape", true
	}
	return "", false
}

func TestNewTable(t *testing.T) {
	tab := NewTable(testConfig(t), reason)
	if len(tab.Outputs) != 3 || len(tab.Donors) != 3 {
		t.Fatalf("got %d output rows and %d donor rows, want 3 and 3", len(tab.Outputs), len(tab.Donors))
	}
	o := tab.Outputs[1]
	if !o.Aliased || o.Kind != model.MayAlias || o.Param != 2 || !o.ParamIndex.Equal(model.ShapeIndex{0}) || o.Bytes != 16 || o.Shape != "f32[4]{0}" {
		t.Errorf("output {1}: %+v", o)
	}
	if tab.Outputs[2].Aliased {
		t.Errorf("output {2} has no alias: %+v", tab.Outputs[2])
	}
	var got []string
	for _, d := range tab.Donors {
		got = append(got, ParamLabel(d.Param, d.Index)+": "+d.UseText())
	}
	want := []string{"0 {}: output {0} (must)", "1 {}: unused: none: no output has this shape", "2 {0}: output {1} (may)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("donors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if tab.OtherParams != 1 || tab.OtherParamBytes != 4 {
		t.Errorf("other parameters: %d, %d bytes; want 1, 4", tab.OtherParams, tab.OtherParamBytes)
	}
	if tab.Unused() != 1 {
		t.Errorf("Unused() = %d, want 1", tab.Unused())
	}
	if NewTable(nil, nil).Text() == "" {
		t.Error("a nil config's table still has its headings")
	}
}

func TestText(t *testing.T) {
	got := NewTable(testConfig(t), reason).Text()
	want := `outputs: 3
  index  shape          bytes  space   alias  parameter
  {0}    f32[2,3]{1,0}   24 B  device  must   0 {}
  {1}    f32[4]{0}       16 B  device  may    2 {0}
  {2}    f32[16]{0}      64 B  device
donors: 3 (1 unused)
  parameter  shape          bytes  space   used by or why not
  0 {}       f32[2,3]{1,0}   24 B  device  output {0} (must)
  1 {}       f32[8]{0}       32 B  device  unused: none: no output has this shape
  2 {0}      f32[4]{0}       16 B  device  output {1} (may)
memory:
  space   parameters  outputs  must-aliased  may-aliased  without alias  unused donors
  device        76 B    104 B          24 B         16 B           64 B           32 B
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestCut(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "ab…"},
		{"ééééé", 4, "ééé…"},
		{"abc", 1, "…"},
		{"", 5, ""},
	} {
		if got := Cut(c.s, c.n); got != c.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// namedTable is testConfig's table with names, as they will be read from
// a producer's annotations: one long, one with markup.
func namedTable(t *testing.T) *Table {
	tab := NewTable(testConfig(t), reason)
	long := "params['encoder']['layers'][11]['attention']['query']['kernel']"
	tab.Outputs[0].Name, tab.Outputs[0].ParamName = "[0]", long
	tab.Outputs[1].ParamName = "<b>opt</b> & state"
	tab.Donors[0].Name, tab.Donors[2].Name = long, "<b>opt</b> & state"
	return tab
}

func TestTextNames(t *testing.T) {
	text := namedTable(t).Text()
	for _, want := range []string{
		"  index  name  shape          bytes  space   alias  parameter  parameter name\n",
		"  {0}    [0]   f32[2,3]{1,0}   24 B  device  must   0 {}       params['encoder']['layers'][11]['attent…\n",
		"  parameter  name                                      shape",
		"  1 {}                                                 f32[8]{0}",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("line %q ends in a space", line)
		}
	}
	// Without names there is no name column (TestText).
}

// pageOf is the HTML report of the given modules.
func pageOf(t *testing.T, mods ...Module) string {
	t.Helper()
	var b strings.Builder
	if err := (&Report{Title: "report <of> tests", Modules: mods}).WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestHTMLModule(t *testing.T) {
	page := pageOf(t, Module{File: "a.mlir", OK: true, Table: namedTable(t)})
	for _, want := range []string{
		"<title>report &lt;of&gt; tests</title>",
		`<section class="module" id="m0">`,
		"<h2>a.mlir</h2>",
		"<tr class=must><td>{0}<td title=\"[0]\">[0]<td>f32[2,3]{1,0}<td class=n data-v=24>24 B<td>device<td>must<td>0 {}",
		"<tr class=unused><td>1 {}<td title=\"\">",
		"<td class=why>unused: none: no output has this shape",
		"&lt;b&gt;opt&lt;/b&gt; &amp; state",
		`<g class="must" transform="translate(338 0)"><path d="M0 37c142 0 142 0 284 0"></path></g>`,
		"unused: none</text>",
		"parameter leaves that donate nothing, not drawn: 1 (4 B)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "<b>opt") {
		t.Error("a name's markup is not escaped")
	}
	if strings.Contains(page, `id="index"`) {
		t.Error("one module has no index")
	}
	checkSelfContained(t, page)
}

// checkSelfContained fails when the page refers to anything outside it.
func checkSelfContained(t *testing.T, page string) {
	t.Helper()
	for _, bad := range []string{"http:", "https:", "src=", "<link", "@import", "url(", "@font-face"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: it must need nothing from elsewhere", bad)
		}
	}
}

func TestHTMLIndex(t *testing.T) {
	tab := NewTable(testConfig(t), reason)
	page := pageOf(t,
		Module{File: "a.mlir", OK: true, Table: tab},
		Module{File: "b.mlir", Chunk: 0, ShowChunk: true, OK: true, Table: tab},
		Module{File: "b.mlir", Chunk: 1, ShowChunk: true, Diagnostics: []string{"b.mlir:3:1: error: <bad>"}},
	)
	for _, want := range []string{
		`<section id="index">`,
		"3 modules in 2 files, 1 failed",
		`<a href="#m1">b.mlir chunk 0</a>`,
		`<td class="fail">failed`,
		`<section class="module" id="m2">`,
		"b.mlir:3:1: error: &lt;bad&gt;",
		// The totals add the two modules that did not fail.
		"saved 80 B (must 48 B, may up to 32 B); left 128 B of outputs without alias; 64 B in unused donors",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	checkSelfContained(t, page)
}

func TestBars(t *testing.T) {
	bars := barsOf([]model.SpaceMemory{
		{Space: 0, Memory: model.Memory{MustAliasBytes: 300, MayAliasBytes: 100, UnaliasedOutputBytes: 200, UnusedDonorBytes: 1200}},
		{Space: 5, Memory: model.Memory{}},
	})
	if len(bars) != 2 {
		t.Fatalf("%d bars, want one per space", len(bars))
	}
	b := bars[0]
	// The unused donors hold the most bytes: theirs is the full bar.
	if b.Unused != barWidth || b.Must != 150 || b.May != 50 || b.Left != 100 || b.MayX != 150 || b.LeftX != 200 {
		t.Errorf("device bars: %+v", b)
	}
	if bars[1].Name != "host memory S(5)" || bars[1].Must+bars[1].May+bars[1].Left+bars[1].Unused != 0 {
		t.Errorf("an empty space draws nothing: %+v", bars[1])
	}
}

// TestTextPerDevice adds the sharding and the per-device shape of each
// leaf when XLA would divide the values per device.
func TestTextPerDevice(t *testing.T) {
	c := testConfig(t)
	halves := &model.Sharding{Kind: model.Tiled, Tiles: []int64{2}, Devices: 2, Text: "{devices=[2]<=[2]}"}
	c.Sharding = model.Partitioning{Partitions: 2, Params: []*model.Sharding{nil, halves},
		Output: &model.Sharding{Kind: model.TupleSharding, Elems: []model.Sharding{{}, {}, *halves}}}
	got := NewTable(c, reason).Text()
	for _, line := range []string{
		"  index  shape          bytes  space   sharding            per device     alias  parameter",
		"  {2}    f32[16]{0}      64 B  device  {devices=[2]<=[2]}  f32[8]{0}",
		"  parameter  shape          bytes  space   sharding            per device     used by or why not",
		"  1 {}       f32[8]{0}       32 B  device  {devices=[2]<=[2]}  f32[4]{0}      unused: none: no output has this shape",
		"  0 {}       f32[2,3]{1,0}   24 B  device  unspecified         f32[2,3]{1,0}  output {0} (must)",
	} {
		if !strings.Contains(got, line+"\n") {
			t.Errorf("no line %q in\n%s", line, got)
		}
	}
}
