package parser

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"hash/maphash"
	"io"
	"os"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The keys of the dictionaries inside a skipped value are checked for a
// key written twice without keeping the dictionaries: each key is a mark,
// its hash and its offset; a dictionary's marks sorted put a key written
// twice next to its first writing. The marks of the dictionaries being
// read are held innermost last, at most keyBudget of them in memory: when
// there would be more, each open dictionary's are written as a sorted run
// to an unlinked temporary file, and a dictionary's runs are merged at
// its end, so that what the check holds is bounded whatever the number
// of keys and the nesting. Where no temporary file can be made, the marks
// stay in memory.

// keyBudget is the most marks held in memory (16 bytes each).
var keyBudget = 1 << 16

// keyMark is a key of a dictionary inside a skipped value: its hash and
// the offset of its token.
type keyMark struct {
	hash uint64
	at   int
}

func compareMarks(a, b keyMark) int {
	if c := cmp.Compare(a.hash, b.hash); c != 0 {
		return c
	}
	return a.at - b.at
}

// keySeed seeds keyHash: a text cannot be written to make keys collide.
var keySeed = maphash.MakeSeed()

// keyHash is the hash of a key (unquoted), for the check for a key
// written twice in a skipped value.
func keyHash[T string | []byte](k T) uint64 {
	if b, ok := any(k).([]byte); ok {
		return maphash.Bytes(keySeed, b)
	}
	return maphash.String(keySeed, string(k))
}

// keySet holds the marks of the dictionaries being read.
type keySet struct {
	marks    []keyMark
	levels   []keyLevel // the open dictionaries, innermost last
	*keyRuns            // nil until a dictionary has many marks
}

// keyRuns is what a keySet needs only for many marks: the runs and the
// sort's buffer.
type keyRuns struct {
	runs   []keyRun  // the runs written
	file   *os.File  // where the runs are; nil when there are none
	used   int64     // the bytes of file the runs take
	noTmp  bool      // no temporary file could be made: marks stay in memory
	sorted []keyMark // sortMarks's buffer
}

// nRuns is the number of runs written.
func (k *keySet) nRuns() int {
	if k.keyRuns == nil {
		return 0
	}
	return len(k.runs)
}

// keyLevel is an open dictionary: where its marks in memory begin, and
// its runs (those of its depth from runs on).
type keyLevel struct{ marks, runs int }

// keyRun is a sorted run of n marks at offset off of the file, of the
// open dictionary at depth.
type keyRun struct {
	off, n int64
	depth  int
}

const markBytes = 16

// open begins a dictionary; it returns its depth, for cut.
func (k *keySet) open() int {
	k.levels = append(k.levels, keyLevel{len(k.marks), k.nRuns()})
	return len(k.levels) - 1
}

// add notes the key at offset at, of hash h, of the innermost open
// dictionary.
func (k *keySet) add(h uint64, at int) {
	if len(k.marks) >= keyBudget && (k.keyRuns == nil || !k.noTmp) {
		k.spill()
	}
	if len(k.marks) == cap(k.marks) {
		// Doubled, not grown by a quarter as append grows a long slice:
		// the old ones are garbage until a collection. Up to the budget
		// at most, unless the marks stay in memory.
		n := 2*cap(k.marks) + 64
		if len(k.marks) < keyBudget {
			n = min(n, keyBudget)
		}
		k.marks = append(make([]keyMark, 0, n), k.marks...)
	}
	k.marks = append(k.marks, keyMark{h, at})
}

// spill writes the marks in memory of each open dictionary to the file,
// a sorted run of each.
func (k *keySet) spill() {
	if k.keyRuns == nil {
		k.keyRuns = &keyRuns{}
	}
	if k.file == nil {
		f, err := os.CreateTemp("", "mhlo-alias-keys-")
		if err != nil {
			k.noTmp = true
			return
		}
		os.Remove(f.Name()) // unlinked: gone with the process, whatever happens
		k.file = f
	}
	w := bufio.NewWriterSize(io.NewOffsetWriter(k.file, k.used), 64<<10)
	var runs []keyRun
	off := k.used
	for depth, lv := range k.levels {
		end := len(k.marks)
		if depth+1 < len(k.levels) {
			end = k.levels[depth+1].marks
		}
		run := k.marks[lv.marks:end]
		if len(run) == 0 {
			continue
		}
		k.sortMarks(run)
		var b [markBytes]byte
		for _, m := range run {
			binary.LittleEndian.PutUint64(b[:8], m.hash)
			binary.LittleEndian.PutUint64(b[8:], uint64(m.at))
			w.Write(b[:])
		}
		runs = append(runs, keyRun{off, int64(len(run)), depth})
		off += int64(len(run)) * markBytes
	}
	if w.Flush() != nil {
		k.noTmp = true // the marks stay in memory
		return
	}
	k.runs, k.used, k.marks = append(k.runs, runs...), off, k.marks[:0]
	for i := range k.levels {
		k.levels[i].marks = 0
	}
}

// close ends the open dictionary at depth (and any left open inside it,
// by a decoding that failed): it returns the offset of its first key
// written twice, or -1, and drops its marks.
func (k *keySet) close(src []byte, depth int) int {
	k.cut(depth + 1)
	lv := k.levels[depth]
	left, first := k.marks[lv.marks:], -1
	var runs []keyRun
	if k.keyRuns != nil {
		for _, r := range k.runs[lv.runs:] {
			if r.depth == depth {
				runs = append(runs, r)
			}
		}
	}
	k.sortMarks(left)
	if len(runs) == 0 {
		first = firstTwice(src, left)
	} else {
		first = k.merge(src, runs, left)
	}
	k.cut(depth)
	return first
}

// cut ends the open dictionaries from depth on: their marks and runs are
// dropped, and the file with the last run.
func (k *keySet) cut(depth int) {
	if depth >= len(k.levels) {
		return
	}
	lv := k.levels[depth]
	k.marks, k.levels = k.marks[:lv.marks], k.levels[:depth]
	if k.keyRuns == nil {
		return
	}
	// The runs before lv.runs are of dictionaries open before it; after,
	// of it, of those deeper, or of those it is inside (a spill writes
	// every open dictionary's).
	k.runs = slices.DeleteFunc(k.runs, func(r keyRun) bool { return r.depth >= depth })
	if len(k.runs) > 0 {
		last := k.runs[len(k.runs)-1]
		k.used = last.off + last.n*markBytes
	} else if k.file != nil {
		k.file.Close()
		k.file, k.used = nil, 0
	}
}

// sortMarks sorts marks, a dictionary's in the text's order, by hash
// then offset: a sort by hash that keeps the order of equal ones, by
// bytes of the hash from the lowest (a radix sort, linear) when they are
// many.
func (k *keySet) sortMarks(marks []keyMark) {
	if len(marks) < 256 {
		slices.SortFunc(marks, compareMarks)
		return
	}
	if k.keyRuns == nil {
		k.keyRuns = &keyRuns{}
	}
	if cap(k.sorted) < len(marks) {
		k.sorted = make([]keyMark, len(marks))
	}
	from, to := marks, k.sorted[:len(marks)]
	for shift := 0; shift < 64; shift += 8 {
		var count [257]int
		for _, m := range from {
			count[int(byte(m.hash>>shift))+1]++
		}
		if count[int(byte(from[0].hash>>shift))+1] == len(from) {
			continue // one value of this byte: the order stands
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, m := range from {
			b := byte(m.hash >> shift)
			to[count[b]] = m
			count[b]++
		}
		from, to = to, from
	}
	if &from[0] != &marks[0] {
		copy(marks, from)
	}
}

// firstTwice is the offset of the first key in the text of keys, a
// dictionary's sorted by sortMarks, that an earlier one equals, or -1.
func firstTwice(src []byte, keys []keyMark) int {
	g := twiceGroup{first: -1}
	for _, m := range keys {
		g.add(src, m)
	}
	return g.first
}

// twiceGroup finds, in marks sorted by hash then offset, the first key
// written twice. The marks of a hash are in the text's order, and are
// one key but for a collision of the seeded hash: the first of them equal
// to an earlier one (of the first few) is where that key is written
// twice.
type twiceGroup struct {
	hash  uint64
	seen  [4]int // the offsets of the first marks of the hash
	n     int
	done  bool // a key of the hash was found twice
	first int  // the answer so far, -1 for none
}

func (g *twiceGroup) add(src []byte, m keyMark) {
	if g.n == 0 || m.hash != g.hash {
		g.hash, g.n, g.done = m.hash, 0, false
	}
	if g.done {
		return
	}
	for _, at := range g.seen[:g.n] {
		if sameKey(src, at, m.at) {
			if g.first < 0 || m.at < g.first {
				g.first = m.at
			}
			g.done = true
			return
		}
	}
	if g.n < len(g.seen) {
		g.seen[g.n] = m.at
		g.n++
	}
}

// merge merges the runs of one dictionary's marks, and those of its
// marks left in memory: the offset of its first key written twice, or -1.
// A run the file cannot give back ends early.
func (k *keySet) merge(src []byte, runs []keyRun, left []keyMark) int {
	h := make(markHeap, 0, len(runs)+1)
	for _, c := range append([]*runCursor{{mem: left}}, make([]*runCursor, len(runs))...) {
		if c == nil {
			r := runs[0]
			runs = runs[1:]
			c = &runCursor{r: bufio.NewReaderSize(io.NewSectionReader(k.file, r.off, r.n*markBytes), 16<<10), left: r.n}
		}
		if c.next() {
			h = append(h, c)
		}
	}
	heap.Init(&h)
	g := twiceGroup{first: -1}
	for len(h) > 0 {
		c := h[0]
		g.add(src, c.mark)
		if c.next() {
			heap.Fix(&h, 0)
		} else {
			heap.Pop(&h)
		}
	}
	return g.first
}

// runCursor reads a run's marks in order, from the file or from mem.
type runCursor struct {
	r    *bufio.Reader
	left int64
	mem  []keyMark
	mark keyMark
}

func (c *runCursor) next() bool {
	if c.r == nil {
		if len(c.mem) == 0 {
			return false
		}
		c.mark, c.mem = c.mem[0], c.mem[1:]
		return true
	}
	var b [markBytes]byte
	if c.left == 0 {
		return false
	}
	if _, err := io.ReadFull(c.r, b[:]); err != nil {
		return false
	}
	c.left--
	c.mark = keyMark{binary.LittleEndian.Uint64(b[:8]), int(binary.LittleEndian.Uint64(b[8:]))}
	return true
}

// markHeap orders the cursors by their marks.
type markHeap []*runCursor

func (h markHeap) Len() int           { return len(h) }
func (h markHeap) Less(i, j int) bool { return compareMarks(h[i].mark, h[j].mark) < 0 }
func (h markHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *markHeap) Push(x any)        { *h = append(*h, x.(*runCursor)) }
func (h *markHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

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
