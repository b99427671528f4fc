package model

import (
	"bufio"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"
)

func TestNewNameEscapes(t *testing.T) {
	for _, tt := range []struct {
		text string
		esc  Escapes
		want string
	}{
		{`params['w']`, MLIRString, `params['w']`},
		{`[\"out\"]\5C\0A\t`, MLIRString, "[\"out\"]\\\n\t"},
		{`a\qb`, MLIRString, `a\qb`}, // not an escape: kept
		{`\x41\101\u00e9\U0001F600\'\?\r`, CString, "AAé😀'?\r"},
		{`a\\b`, Raw, `a\\b`},
		{``, MLIRString, ``},
	} {
		src := []byte(`"` + tt.text + `"`)
		n := NewName(src, 1, len(src)-1, tt.esc)
		if n.String() != tt.want || n.Long() || n.IsZero() != (tt.want == "") {
			t.Errorf("NewName(%s) = %q (long %v), want %q", src, n.String(), n.Long(), tt.want)
		}
	}
}

func TestNameCut(t *testing.T) {
	short := nameOf(strings.Repeat("é", NameChars))
	if short.Cut() != short.String() {
		t.Errorf("a name of %d characters is cut: %q", NameChars, short.Cut())
	}
	long := nameOf(strings.Repeat("é", NameChars+1))
	if got, want := long.Cut(), strings.Repeat("é", NameChars-3)+"..."; got != want {
		t.Errorf("Cut = %q, want %q", got, want)
	}
	if got := nameOf("say \"hi\"\x00").Suffix(); got != ` "say \"hi\"\x00"` {
		t.Errorf("Suffix = %s", got)
	}
	if (Name{}).Suffix() != "" {
		t.Errorf("no name has a suffix")
	}
}

// A long name keeps its first NameKeep bytes, prints cut, and is written
// whole in JSON from the text, characters split between the pieces read
// included.
func TestLongNameJSON(t *testing.T) {
	text := strings.Repeat(`aé\22😀`, 3000) // 9 bytes written, 8 read, 3000 times
	src := []byte(`x = "` + text + `"`)
	n := NewName(src, 5, len(src)-1, MLIRString)
	if !n.Long() || len(n.String()) < NameKeep || len(n.String()) > NameKeep+8 {
		t.Fatalf("long name keeps %d bytes (long %v)", len(n.String()), n.Long())
	}
	want := strings.Repeat("aé\"😀", 3000)
	if !strings.HasPrefix(want, n.String()) {
		t.Errorf("kept %q", n.String()[:40])
	}
	if got := []rune(n.Cut()); len(got) != NameChars {
		t.Errorf("Cut has %d characters", len(got))
	}
	var b strings.Builder
	n.WriteJSON(&b, src)
	var got string
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil || got != want {
		t.Errorf("WriteJSON: %v, %d bytes, want %d", err, len(got), len(want))
	}
	// Without the text: its beginning.
	b.Reset()
	n.WriteJSON(&b, nil)
	if b.String() != JSONString(n.String()) {
		t.Errorf("WriteJSON without the text = %.40s", b.String())
	}
}

// A 50 MB name costs NameKeep bytes to read and is written to JSON a
// piece at a time.
func TestHugeName(t *testing.T) {
	src := []byte(`"` + strings.Repeat(`params['w']\0A`, 50<<20/14) + `"`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n := NewName(src, 1, len(src)-1, MLIRString)
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 16*NameKeep {
		t.Errorf("reading a 50 MB name allocated %d bytes", d)
	}
	w := bufio.NewWriter(io.Discard)
	runtime.ReadMemStats(&before)
	n.WriteJSON(w, src)
	w.Flush()
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("writing a 50 MB name to JSON allocated %d bytes", d)
	}
	if !strings.HasSuffix(n.Quoted(), `..."`) || len(n.Quoted()) > 4*NameChars {
		t.Errorf("Quoted = %s", n.Quoted())
	}
}

func TestParamAndOutputNames(t *testing.T) {
	c := NewConfig([]Shape{Array(F32, 4), Array(F32, 4)}, Tuple(Array(F32, 4), Tuple(Array(F32), Array(F32))))
	c.Names = Names{Params: []Name{nameOf("x"), {}}, Outputs: []Name{{}, nameOf("[1]")}, Output: nameOf("all")}
	for _, tt := range []struct{ got, want string }{
		{c.ParamLabel(0, nil), `parameter 0 "x"`},
		{c.ParamLabel(1, nil), `parameter 1`},
		{c.ParamLabel(7, nil), `parameter 7`},
		{c.OutputLabel(ShapeIndex{1, 0}), `output {1,0} "[1]"`},
		{c.OutputLabel(ShapeIndex{0}), `output {0} "all"`},
		{c.OutputIndexLabel(nil), `output index {} "all"`},
	} {
		if tt.got != tt.want {
			t.Errorf("got %s, want %s", tt.got, tt.want)
		}
	}
	// With tuple arguments argument i is parameter 0 at {i}.
	c = NewConfig([]Shape{Tuple(Array(F32), Array(F32))}, Array(F32))
	c.Source.TupleArgs = true
	c.Names.Params = []Name{{}, nameOf("y")}
	if got := c.ParamLabel(0, ShapeIndex{1}); got != `parameter 0 "y"` {
		t.Errorf("tuple argument: %s", got)
	}
	if got := c.ParamLabel(0, nil); got != `parameter 0` {
		t.Errorf("the tuple: %s", got)
	}
	var nilConfig *Config
	if nilConfig.ParamLabel(0, nil) != "parameter 0" || !nilConfig.OutputName(nil).IsZero() {
		t.Errorf("a nil config names something")
	}
}

// TestEscapedOffset maps offsets of the text a string holds back to the
// escapes that write them.
func TestEscapedOffset(t *testing.T) {
	tests := []struct {
		src  string
		esc  Escapes
		text string
		offs map[int]int // text offset -> src offset
	}{
		{`{devices=[2]<=[2]}`, MLIRString, `{devices=[2]<=[2]}`, map[int]int{0: 0, 5: 5, 18: 18}},
		{`a\22b\5Cc`, MLIRString, `a"b\c`, map[int]int{1: 1, 2: 4, 3: 5, 4: 8}},
		{`x=\"y\"`, CString, `x="y"`, map[int]int{2: 2, 3: 4, 4: 5, 5: 7}},
		{`\u00e9!`, CString, "é!", map[int]int{1: 0, 2: 6}},
		{`a\"b`, Raw, `a\"b`, map[int]int{0: 0, 2: 2, 4: 4, 9: 4}},
	}
	for _, tt := range tests {
		if got, _ := Unescaped([]byte(tt.src), tt.esc, nil); string(got) != tt.text {
			t.Errorf("Unescaped(%q) = %q, want %q", tt.src, got, tt.text)
		}
		for off, want := range tt.offs {
			if got := EscapedOffset([]byte(tt.src), tt.esc, off); got != want {
				t.Errorf("EscapedOffset(%q, %d) = %d, want %d", tt.src, off, got, want)
			}
		}
	}
	plain := []byte("{replicated}")
	if got, ok := Unescaped(plain, MLIRString, nil); !ok || &got[0] != &plain[0] {
		t.Error("Unescaped copies a text without escapes")
	}
	long := []byte(strings.Repeat("a", UnescapeLimit) + `\22`)
	if _, ok := Unescaped(long, MLIRString, nil); ok {
		t.Error("Unescaped copies a text with escapes longer than UnescapeLimit")
	}
	if _, ok := Unescaped(long[3:], MLIRString, nil); !ok {
		t.Error("Unescaped does not copy a text with escapes of UnescapeLimit bytes")
	}
}

// nameOf is the name s, given whole.
func nameOf(s string) Name { return NewName([]byte(s), 0, len(s), Raw) }
