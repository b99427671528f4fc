package main

import (
	"context"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias"
)

// chromium returns the path of chromium, or skips the test; with
// MHLO_ALIAS_REQUIRE_CHROMIUM=1 (as CI sets it) a missing browser fails it.
func chromium(t *testing.T) string {
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("MHLO_ALIAS_REQUIRE_CHROMIUM") == "1" {
			t.Fatal("chromium is required (MHLO_ALIAS_REQUIRE_CHROMIUM=1) but not on PATH")
		}
		t.Skip("chromium not on PATH; set MHLO_ALIAS_REQUIRE_CHROMIUM=1 to require it")
	}
	return path
}

// headless runs chromium headless on the page at path with the given
// flags and returns what it printed on standard output.
func headless(t *testing.T, browser, path string, flags ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir()}, flags...)
	cmd := exec.CommandContext(ctx, browser, append(args, "file://"+abs)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", flags, err, stderr.String())
	}
	return string(out)
}

// exampleTable is what --print-config=table says of one example: the
// number of output and donor rows, and each unused donor's reason.
type exampleTable struct {
	name            string
	outputs, donors int
	reasons         []string
}

var tableCount = regexp.MustCompile(`(?m)^(outputs|donors): (\d+)`)

func readExampleTable(t *testing.T, name string, text string) exampleTable {
	e := exampleTable{name: name}
	for _, m := range tableCount.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "outputs" {
			e.outputs = n
		} else {
			e.donors = n
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if _, reason, ok := strings.Cut(line, "  unused: "); ok {
			e.reasons = append(e.reasons, reason)
		}
	}
	return e
}

// TestReportInBrowser renders the report of every bundled example, one
// page with an index and a section each, in headless chromium: the DOM
// it builds has, in each section, a row for each output leaf and donor
// that --print-config=table prints and each unused donor's reason; the
// inline script sorts a table on a click on its header (a script added
// to a copy of the page clicks); and a screenshot of the page is not
// blank and shows the colour of the may-aliases.
func TestReportInBrowser(t *testing.T) {
	if !longTests() {
		t.Skip("renders the examples in a browser for seconds; set MHLO_ALIAS_LONG_TESTS=1")
	}
	browser := chromium(t)
	files, err := filepath.Glob("../../testdata/examples/*.mlir")
	if err != nil || len(files) < 12 {
		t.Fatalf("want at least 12 examples, found %d (%v)", len(files), err)
	}
	var rep mhloalias.Report
	var want []exampleTable
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		flags := exampleFlags(src)
		o, err := parseFlags(append(flags, "--report=unused.html", file), io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		res, err := mhloalias.ProcessFile(file, o.lib)
		if err != nil || !res.OK() {
			t.Fatalf("%s: %v %v", file, err, res.Diagnostics())
		}
		rep.Add(res)
		res.Close()
		code, out, errs := runTool(append(flags, "--print-config=table", file), nil)
		if code != 0 {
			t.Fatalf("%s: --print-config=table exited %d: %s", file, code, errs)
		}
		want = append(want, readExampleTable(t, filepath.Base(file), out))
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "examples.html")
	if err := rep.WriteFile(page); err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// The copy clicks the bytes header of every outputs table once.
	click := `<script>document.querySelectorAll("table.outputs").forEach(function (t) {
  Array.prototype.forEach.call(t.tHead.rows[0].cells, function (th) { if (th.textContent === "bytes") th.click(); });
});</script></body>`
	sorted := filepath.Join(dir, "sorted.html")
	if err := os.WriteFile(sorted, []byte(strings.Replace(string(html), "</body>", click, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := headless(t, browser, sorted, "--dump-dom")
	sections := strings.Split(dom, `<section class="module" id="m`)
	if len(sections) != len(want)+1 {
		t.Fatalf("the DOM has %d module sections, want %d", len(sections)-1, len(want))
	}
	if !strings.Contains(sections[0], `<section id="index">`) || strings.Count(sections[0], `<a href="#m`) != len(want) {
		t.Errorf("the index does not link every module:\n%s", sections[0])
	}
	escape := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	for i, w := range want {
		sec := sections[i+1]
		if got := bodyRows(sec, "outputs"); len(got) != w.outputs {
			t.Errorf("%s: %d output rows in the DOM, want %d", w.name, len(got), w.outputs)
		} else if !ascending(got) {
			t.Errorf("%s: a click on bytes did not sort the outputs: %q", w.name, got)
		}
		if got := bodyRows(sec, "donors"); len(got) != w.donors {
			t.Errorf("%s: %d donor rows in the DOM, want %d", w.name, len(got), w.donors)
		}
		for _, r := range w.reasons {
			if !strings.Contains(sec, escape.Replace(r)) {
				t.Errorf("%s: the DOM lacks the reason %q", w.name, r)
			}
		}
		if !strings.Contains(sec, `aria-sort="ascending">bytes</th>`) {
			t.Errorf("%s: the sorted column's header is not marked ascending", w.name)
		}
	}

	shot := filepath.Join(dir, "examples.png")
	headless(t, browser, page, "--screenshot="+shot, "--window-size=1200,1600")
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	inked, blue := countPixels(img)
	if inked < 20000 {
		t.Errorf("the screenshot has %d pixels that are not white: the page looks blank", inked)
	}
	if blue < 200 {
		t.Errorf("the screenshot has %d pixels of the may-alias blue: the styles did not apply", blue)
	}
}

// bodyRows returns, for the table of the given class in one section of
// the DOM, the sort key (data-v) of the bytes cell of each body row.
func bodyRows(section, class string) []string {
	_, rest, ok := strings.Cut(section, `<table class="sort `+class+`">`)
	if !ok {
		return nil
	}
	table, _, _ := strings.Cut(rest, "</table>")
	_, body, _ := strings.Cut(table, "<tbody>")
	var keys []string
	for _, row := range strings.Split(body, "<tr")[1:] {
		_, v, _ := strings.Cut(row, `data-v="`)
		v, _, _ = strings.Cut(v, `"`)
		keys = append(keys, v)
	}
	return keys
}

// ascending reports whether the numbers keys are in ascending order.
func ascending(keys []string) bool {
	prev := int64(-1 << 62)
	for _, k := range keys {
		n, err := strconv.ParseInt(k, 10, 64)
		if err != nil || n < prev {
			return false
		}
		prev = n
	}
	return true
}

// countPixels counts the pixels of img that are not near white, and
// those near the may-alias blue #4299e1.
func countPixels(img image.Image) (inked, blue int) {
	near := func(a, b uint32) bool { return a>>8+12 >= b && b+12 >= a>>8 }
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 < 240 || g>>8 < 240 || b>>8 < 240 {
				inked++
			}
			if near(r, 0x42) && near(g, 0x99) && near(b, 0xe1) {
				blue++
			}
		}
	}
	return inked, blue
}
