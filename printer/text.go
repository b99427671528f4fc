package printer

import (
	"strconv"
	"unsafe"
)

// texts builds the new texts of edits into shared chunks, so that the
// edits of thousands of arguments cost a few allocations, not several
// each. Bytes handed out are never written again: a text is appended
// after the previous one, and a text that does not fit starts a new chunk
// (the old one stays alive as long as a string points into it).
type texts struct {
	buf   []byte // the current chunk, all of it: buf[:n] is used
	n     int
	start int // where the text being built begins
	chunk int // the size of the next chunk
}

// textChunk is the largest size of a chunk; chunks double up to it from
// 256 bytes, so that a small module holds a small one. A longer text gets
// a chunk of its own.
const textChunk = 32 << 10

// grow makes room for n more bytes of the text being built, moving it to
// a new chunk when the current one is full. Filling a chunk only moves
// the index n, so that building texts stores no pointers.
func (t *texts) grow(n int) {
	if t.n+n <= len(t.buf) {
		return
	}
	cur := t.buf[t.start:t.n]
	t.chunk = min(max(2*t.chunk, 256), textChunk)
	nb := make([]byte, max(t.chunk, 2*(len(cur)+n)))
	copy(nb, cur)
	t.buf, t.start, t.n = nb, 0, len(cur)
}

func (t *texts) str(s string) *texts {
	t.grow(len(s))
	t.n += copy(t.buf[t.n:], s)
	return t
}

func (t *texts) int(v int64) *texts {
	t.grow(20)
	t.n += len(strconv.AppendInt(t.buf[t.n:t.n], v, 10))
	return t
}

// done ends the text being built and returns it.
func (t *texts) done() string {
	b := t.buf[t.start:t.n]
	t.start = t.n
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// list appends [a, b, c].
func (t *texts) list(v []int64) *texts {
	t.str("[")
	for i, x := range v {
		if i > 0 {
			t.str(", ")
		}
		t.int(x)
	}
	return t.str("]")
}

// dense appends array<i64: a, b>, or array<i64> when v is empty.
func (t *texts) dense(v []int64) *texts {
	t.str("array<i64")
	sep := ": "
	for _, x := range v {
		t.str(sep).int(x)
		sep = ", "
	}
	return t.str(">")
}
