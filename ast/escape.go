package ast

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with every byte that is not printable UTF-8 written
// as \xNN (a control byte, DEL, a byte of invalid UTF-8) and every other
// unprintable character as \uNNNN, so that a message quoting input bytes
// is one printable line whatever the input holds. Newlines and tabs stay.
func Escape(s string) string {
	if printable(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f:
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		case !unicode.IsPrint(r) && r != ' ':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			return false
		}
	}
	return true
}

// QuoteChar names the character that begins src for a message: 'c' for a
// printable one, '\xNN' for a byte that is not printable UTF-8 ('\x00',
// '\xff'), as every front end writes it.
func QuoteChar(src []byte) string {
	if len(src) == 0 {
		return "end of input"
	}
	r, n := utf8.DecodeRune(src)
	if r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f || !unicode.IsPrint(r) {
		return fmt.Sprintf(`'\x%02x'`, src[0])
	}
	return "'" + string(r) + "'"
}
