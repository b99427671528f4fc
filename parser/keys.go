package parser

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The keys of the dictionaries inside a skipped value are checked for a
// key written twice without keeping the dictionaries (keyset.Set): a key
// is hashed unquoted (keyset.Hash), as the tokens name it, and keys of
// one hash are compared by sameKey.

// noteTwice notes at, the offset of a key written twice, or -1, for the
// skipped value being read: the first in the text is kept.
func (d *fastDecoder) noteTwice(at int) {
	if at >= 0 && (d.skimTwice < 0 || at < d.skimTwice) {
		d.skimTwice = at
	}
}

// twiceAt is the Twice of the key at offset at.
func (d *fastDecoder) twiceAt(at int) *ast.Twice {
	return &ast.Twice{Pos: ast.At{Offset: at}, Name: ast.Clip(keyName(d.lex.src, at))}
}

// keyName is the name of the key whose token is at src[at]: the
// identifier, or the string unquoted. A string of more than cutBytes is
// its text between the quotes, escapes not undone.
func keyName(src []byte, at int) string {
	if at >= len(src) || src[at] != '"' {
		return string(src[at : at+identLen(src, at)])
	}
	end, ok := skipString(src, at)
	if !ok {
		return ""
	}
	if end-at > cutBytes {
		return string(src[at+1 : end-1])
	}
	name, err := ast.Unquote(string(src[at:end]))
	if err != nil {
		return string(src[at+1 : end-1])
	}
	return name
}

// sameKey reports whether the keys whose tokens are at src[a] and src[b]
// are one key: the same token, or the same string unquoted.
func sameKey(src []byte, a, b int) bool {
	ta, tb := keyToken(src, a), keyToken(src, b)
	if string(ta) == string(tb) {
		return true
	}
	if len(ta) > cutBytes || len(tb) > cutBytes {
		return false // too long to unquote: told apart by their text
	}
	return keyName(src, a) == keyName(src, b)
}

// keyToken is the token of the key at src[at].
func keyToken(src []byte, at int) []byte {
	if at < len(src) && src[at] == '"' {
		end, _ := skipString(src, at)
		return src[at:end]
	}
	return src[at : at+identLen(src, at)]
}
