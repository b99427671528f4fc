package parser

import "testing"

// TestBadInShortString: the one-pass reading of a short string body finds
// what the IndexByte one finds, for every body of up to five bytes from
// an alphabet of the bytes that matter.
func TestBadInShortString(t *testing.T) {
	alphabet := []byte{'a', '\\', '"', 'n', 't', '4', 'f', '\n', '\v', '\f'}
	body := make([]byte, 0, 5)
	var walk func()
	walk = func() {
		k1, m1 := badInShortString(body)
		k2, m2 := badInLongString(body, 0, nil)
		if k1 != k2 || m1 != m2 {
			t.Fatalf("%q: one pass %d %q, IndexByte %d %q", body, k1, m1, k2, m2)
		}
		if len(body) == cap(body) {
			return
		}
		for _, c := range alphabet {
			body = append(body, c)
			walk()
			body = body[:len(body)-1]
		}
	}
	walk()
}
