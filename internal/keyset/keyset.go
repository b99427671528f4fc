// Package keyset finds a key written twice in a dictionary of any
// length in bounded memory. Each key is a mark, its hash and its offset;
// a dictionary's marks sorted put a key written twice next to its first
// writing. The marks of the dictionaries being read (nested, innermost
// last) are held, at most Budget of them in memory: when there would be
// more, each open dictionary's are written as a sorted run to an unlinked
// temporary file, and a dictionary's runs are merged at its end, so that
// what the check holds is bounded whatever the number of keys and the
// nesting. Where no temporary file can be made, the marks stay in memory.
package keyset

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"hash/maphash"
	"io"
	"os"
	"slices"
)

// Budget is the most marks a Set holds in memory (16 bytes each).
var Budget = 1 << 15

// keyMark is a key: its hash and the offset of its token.
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

// keySeed seeds Hash: a text cannot be written to make keys collide.
var keySeed = maphash.MakeSeed()

// Hash is the hash of a key, as Set.Add takes it.
func Hash[T string | []byte](k T) uint64 {
	if b, ok := any(k).([]byte); ok {
		return maphash.Bytes(keySeed, b)
	}
	return maphash.String(keySeed, string(k))
}

// Set holds the marks of the dictionaries being read. Its zero value is
// empty.
type Set struct {
	marks    []keyMark
	levels   []keyLevel // the open dictionaries, innermost last
	*keyRuns            // nil until a dictionary has many marks
}

// keyRuns is what a Set needs only for many marks: the runs and the
// sort's buffer.
type keyRuns struct {
	runs   []keyRun  // the runs written
	file   *os.File  // where the runs are; nil when there are none
	used   int64     // the bytes of file the runs take
	noTmp  bool      // no temporary file could be made: marks stay in memory
	sorted []keyMark // sortMarks's buffer
}

// nRuns is the number of runs written.
func (k *Set) nRuns() int {
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

// Depth is the number of open dictionaries.
func (k *Set) Depth() int { return len(k.levels) }

// Open begins a dictionary; it returns its depth, for Close and Cut.
func (k *Set) Open() int {
	k.levels = append(k.levels, keyLevel{len(k.marks), k.nRuns()})
	return len(k.levels) - 1
}

// Add notes the key at offset at, of hash h (Hash of the key as the
// dictionary's reader compares keys), of the innermost open dictionary.
func (k *Set) Add(h uint64, at int) {
	if len(k.marks) >= Budget && (k.keyRuns == nil || !k.noTmp) {
		k.spill()
	}
	if len(k.marks) == cap(k.marks) {
		// Doubled, not grown by a quarter as append grows a long slice:
		// the old ones are garbage until a collection. Up to the budget
		// at most, unless the marks stay in memory.
		n := 2*cap(k.marks) + 64
		if len(k.marks) < Budget {
			n = min(n, Budget)
		}
		k.marks = append(make([]keyMark, 0, n), k.marks...)
	}
	k.marks = append(k.marks, keyMark{h, at})
}

// spill writes the marks in memory of each open dictionary to the file,
// a sorted run of each.
func (k *Set) spill() {
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

// Close ends the open dictionary at depth (and any left open inside it,
// by a reading that failed): it returns the offset of its first key
// written twice, or -1, and drops its marks. same reports whether the
// keys at two offsets are one key; it is asked only of keys of one hash.
func (k *Set) Close(depth int, same func(a, b int) bool) int {
	k.Cut(depth + 1)
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
		first = firstTwice(left, same)
	} else {
		first = k.merge(runs, left, same)
	}
	k.Cut(depth)
	return first
}

// Cut ends the open dictionaries from depth on: their marks and runs are
// dropped, and the file with the last run.
func (k *Set) Cut(depth int) {
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
func (k *Set) sortMarks(marks []keyMark) {
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
func firstTwice(keys []keyMark, same func(a, b int) bool) int {
	g := twiceGroup{first: -1}
	for _, m := range keys {
		g.add(m, same)
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

func (g *twiceGroup) add(m keyMark, same func(a, b int) bool) {
	if g.n == 0 || m.hash != g.hash {
		g.hash, g.n, g.done = m.hash, 0, false
	}
	if g.done {
		return
	}
	for _, at := range g.seen[:g.n] {
		if same(at, m.at) {
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
func (k *Set) merge(runs []keyRun, left []keyMark, same func(a, b int) bool) int {
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
		g.add(c.mark, same)
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
	buf  [markBytes]byte // a mark read, here rather than on a stack it would escape from
}

func (c *runCursor) next() bool {
	if c.r == nil {
		if len(c.mem) == 0 {
			return false
		}
		c.mark, c.mem = c.mem[0], c.mem[1:]
		return true
	}
	if c.left == 0 {
		return false
	}
	b := c.buf[:]
	if _, err := io.ReadFull(c.r, b); err != nil {
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
