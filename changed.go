package mhloalias

import (
	"bytes"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// "Changed" has one meaning for every format and every output (-d, -l,
// -w, Result.Changed, RewriteFile): the output's bytes differ from the
// input's. A module's Edits are therefore kept only when applying them
// changes a byte: effective drops every edit that writes the bytes it
// replaces, and all of them when together they give the input back.

// effective returns edits (sorted, not overlapping, offsets into src; it
// reuses their array) without those that change nothing: nil when src with edits applied is
// src. It reads src only at the edits, and between them only where the
// text shifted, so the bulk of a large input is not touched.
func effective(src []byte, edits []edit.Edit) []edit.Edit {
	for _, e := range edits {
		if e.Start < 0 || e.End > len(src) || e.Start > e.End {
			return edits // not edits of src: left to the writer to refuse
		}
	}
	// The no-ops are dropped in place: edits is the caller's to give up.
	out := edits[:0]
	delta := 0
	for _, e := range edits {
		if e.End-e.Start == len(e.New) && string(src[e.Start:e.End]) == e.New {
			continue
		}
		out = append(out, e)
		delta += len(e.New) - (e.End - e.Start)
	}
	if len(out) == 0 || delta == 0 && same(src, out) {
		return nil
	}
	return out
}

// same reports whether src with edits applied (none a no-op, their
// lengths summing to no change) is src: output byte i is compared with
// input byte i, piece by piece; a stretch copied from the input to where
// it was needs no look.
func same(src []byte, edits []edit.Edit) bool {
	o := 0 // the output written so far
	// put writes piece at o; it is src there when it came from src at o.
	put := func(piece []byte, from int) bool {
		ok := o+len(piece) <= len(src) && (from == o || bytes.Equal(piece, src[o:o+len(piece)]))
		o += len(piece)
		return ok
	}
	at := 0 // the input copied up to at
	for _, e := range edits {
		if !put(src[at:e.Start], at) || !put([]byte(e.New), -1) {
			return false
		}
		at = e.End
	}
	return o == at // the rest is copied in place
}
