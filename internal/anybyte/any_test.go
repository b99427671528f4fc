package anybyte

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// The sets the module scanners search for.
var (
	bodyBytes  = [4]byte{'{', '}', '"', '/'}
	groupBytes = [8]byte{'(', ')', '{', '}', '[', ']', '"', '/'}
)

// naiveBody is the first of { } " / in b, or -1.
func naiveBody(b []byte) int {
	return bytes.IndexAny(b, "{}\"/")
}

func TestIndexAny4(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("0123456789., -e{}\"/\n()[]")
	buf := make([]byte, 300)
	for n := range 20000 {
		size := r.IntN(len(buf))
		off := r.IntN(len(buf) - size + 1) // every alignment
		b := buf[off : off+size]
		for i := range b {
			b[i] = '5'
		}
		// Zero to three specials, anywhere, some in the tail.
		for range r.IntN(4) {
			if size > 0 {
				b[r.IntN(size)] = alphabet[r.IntN(len(alphabet))]
			}
		}
		want := naiveBody(b[:len(b)&^15])
		if got := indexAny4(b, &bodyBytes); Vector && got != want {
			t.Fatalf("case %d: indexAny4(%q) = %d, want %d", n, b, got, want)
		}
		if useAVX2 {
			want = naiveBody(b[:len(b)&^31])
			if got := indexAny4AVX2(b, &bodyBytes); got != want {
				t.Fatalf("case %d: indexAny4AVX2(%q) = %d, want %d", n, b, got, want)
			}
		}
		want8 := bytes.IndexAny(b[:len(b)&^15], "(){}[]\"/")
		if got := indexAny8(b, &groupBytes); Vector && got != want8 {
			t.Fatalf("case %d: indexAny8(%q) = %d, want %d", n, b, got, want8)
		}
		if got, want := Index8(b, &groupBytes), bytes.IndexAny(b, "(){}[]\"/"); got != want {
			t.Fatalf("case %d: Index8(%q) = %d, want %d", n, b, got, want)
		}
		if got, want := Index4(b, &bodyBytes), naiveBody(b); got != want {
			t.Fatalf("case %d: Index4(%q) = %d, want %d", n, b, got, want)
		}
	}
}

// Every byte value, in every position of a block: only the four match.
func TestIndexAny4Bytes(t *testing.T) {
	if !Vector {
		t.Skip("no vector search on this architecture")
	}
	for c := range 256 {
		for pos := range 32 {
			b := bytes.Repeat([]byte{'x'}, 48)
			b[pos] = byte(c)
			want := -1
			if bytes.IndexByte([]byte("{}\"/"), byte(c)) >= 0 {
				want = pos
			}
			if c == 'x' {
				want = -1
			}
			if got := indexAny4(b, &bodyBytes); got != want {
				t.Fatalf("byte %#x at %d: got %d, want %d", c, pos, got, want)
			}
			if got := Index4(b, &bodyBytes); got != want {
				t.Fatalf("Index4: byte %#x at %d: got %d, want %d", c, pos, got, want)
			}
			want = -1
			if bytes.IndexByte([]byte("(){}[]\"/"), byte(c)) >= 0 {
				want = pos
			}
			if got := indexAny8(b, &groupBytes); got != want {
				t.Fatalf("indexAny8: byte %#x at %d: got %d, want %d", c, pos, got, want)
			}
		}
	}
}

// FuzzIndexAny: the vector searches agree with bytes.IndexAny on their
// whole blocks, and Index4 and Index8 on the whole input.
func FuzzIndexAny(f *testing.F) {
	f.Add([]byte(`{0.5, -1.25}, "a/b" [1] (x)`), 3)
	f.Fuzz(func(t *testing.T, b []byte, off int) {
		if len(b) == 0 {
			return
		}
		off = (off%len(b) + len(b)) % len(b)
		b = b[off:]
		if Vector {
			if got, want := indexAny4(b, &bodyBytes), naiveBody(b[:len(b)&^15]); got != want {
				t.Fatalf("indexAny4(%q) = %d, want %d", b, got, want)
			}
			if got, want := indexAny8(b, &groupBytes), bytes.IndexAny(b[:len(b)&^15], "(){}[]\"/"); got != want {
				t.Fatalf("indexAny8(%q) = %d, want %d", b, got, want)
			}
		}
		if useAVX2 {
			if got, want := indexAny4AVX2(b, &bodyBytes), naiveBody(b[:len(b)&^31]); got != want {
				t.Fatalf("indexAny4AVX2(%q) = %d, want %d", b, got, want)
			}
		}
		if got, want := Index4(b, &bodyBytes), naiveBody(b); got != want {
			t.Fatalf("Index4(%q) = %d, want %d", b, got, want)
		}
		if got, want := Index2(b, '"', '\n'), bytes.IndexAny(b, "\"\n"); got != want {
			t.Fatalf("Index2(%q) = %d, want %d", b, got, want)
		}
		if got, want := Index8(b, &groupBytes), bytes.IndexAny(b, "(){}[]\"/"); got != want {
			t.Fatalf("Index8(%q) = %d, want %d", b, got, want)
		}
	})
}

// Index2 and its vector search agree with bytes.IndexAny, at every
// alignment and length, matches in the blocks and in the tail.
func TestIndex2(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []byte("\"\n5{}")
	buf := make([]byte, 400)
	for n := range 20000 {
		size := r.IntN(len(buf))
		off := r.IntN(len(buf) - size + 1)
		b := buf[off : off+size]
		for i := range b {
			b[i] = '5'
		}
		for range r.IntN(4) {
			if size > 0 {
				b[r.IntN(size)] = alphabet[r.IntN(len(alphabet))]
			}
		}
		if useAVX2 {
			want := bytes.IndexAny(b[:len(b)&^63], "\"\n")
			if got := indexAny2AVX2(b, '"', '\n'); got != want {
				t.Fatalf("case %d: indexAny2AVX2(%q) = %d, want %d", n, b, got, want)
			}
		}
		if got, want := Index2(b, '"', '\n'), bytes.IndexAny(b, "\"\n"); got != want {
			t.Fatalf("case %d: Index2(%q) = %d, want %d", n, b, got, want)
		}
	}
}

func BenchmarkIndex2(b *testing.B) {
	s := bytes.Repeat([]byte("0123456789ABCDEF"), 32<<10) // 512 KB, no match
	b.SetBytes(int64(len(s)))
	for range b.N {
		Index2(s, '"', '\n')
	}
}

func BenchmarkIndex4Quote(b *testing.B) {
	s := bytes.Repeat([]byte("0123456789ABCDEF"), 32<<10)
	set := [4]byte{'"', '\n', '"', '"'}
	b.SetBytes(int64(len(s)))
	for range b.N {
		Index4(s, &set)
	}
}

func BenchmarkIndexByteCount(b *testing.B) {
	s := bytes.Repeat([]byte("0123456789ABCDEF"), 32<<10)
	b.SetBytes(int64(len(s)))
	for range b.N {
		bytes.IndexByte(s, '"')
		bytes.Count(s, []byte{'\n'})
	}
}
