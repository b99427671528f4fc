package ast

import "testing"

func TestEscape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text\tand\nlines", "plain text\tand\nlines"},
		{"a\x00b", `a\x00b`},
		{"\xff\xfe", `\xff\xfe`},
		{"é ok", "é ok"},
		{"\x1b[31m", `\x1b[31m`},
		{"zero\u200bwidth", `zero\u200bwidth`},
	} {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"\x00x", `'\x00'`}, {"\xffx", `'\xff'`}, {"éx", "'é'"}, {"a", "'a'"}, {"", "end of input"},
	} {
		if got := QuoteChar([]byte(tt.in)); got != tt.want {
			t.Errorf("QuoteChar(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	e := &Error{Pos: Pos{Filename: "f", Line: 1, Column: 2}, Msg: "bad \x00 \xff"}
	if got, want := e.Error(), `f:1:2: error: bad \x00 \xff`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
