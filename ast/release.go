package ast

// ReleaseStep is how much text a pass reads between two calls of a
// release function: a pass front to back over a mapped input holds about
// that much of it in memory, whatever the input's size.
const ReleaseStep = 1 << 20

// Behind tells a release function (the front ends' Options.Release: the
// caller may drop the pages of a range it is told of) the text a pass
// front to back has read, every ReleaseStep bytes. The ranges it tells
// follow each other, so that however the pass moves, what it costs the
// release function is at most the text once. The zero Behind with a
// Release set starts at the first offset it is told of.
type Behind struct {
	Release func(from, to int) // nil: nothing is told
	from    int                // where the text not yet released starts
	started bool
}

// At tells b that the pass has read the text before off. An offset
// before the last range's end (a pass that goes back) tells nothing: the
// text after it was told of already.
func (b *Behind) At(off int) {
	switch {
	case b.Release == nil:
	case !b.started:
		b.from, b.started = off, true
	case off-b.from >= ReleaseStep:
		b.Release(b.from, off)
		b.from = off
	}
}

// ReleaseFrom is release for a text that begins at offset base of the
// input release speaks of, for a reader whose offsets are into that text;
// nil when release is.
func ReleaseFrom(release func(from, to int), base int) func(from, to int) {
	if release == nil {
		return nil
	}
	return func(from, to int) { release(base+from, base+to) }
}
