package printer

import (
	"strings"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/mhlo-alias/mhlo-alias/edit"
)

// highlightPair returns a removed line and the added line that replaces
// it with the characters each does not share marked in reverse video.
//
// The lines are diffed with go-diff twice over: first word by word (each
// word stands for one rune, as go-diff's line mode does with lines), which
// keeps an entry signature of hundreds of kilobytes on one line fast; then
// each run of changed words character by character, so that a changed
// `must_alias` lights up, not its whole attribute.
func highlightPair(old, new string) (string, string) {
	dmp := diffmatchpatch.New()
	a, b, words := wordsToRunes(old, new)
	if len(words) > maxWords {
		return old, new
	}
	diffs := dmp.DiffMainRunes(a, b, false)
	var ob, nb strings.Builder
	for i := 0; i < len(diffs); i++ {
		d := diffs[i]
		text := runesToWords(d.Text, words)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			ob.WriteString(text)
			nb.WriteString(text)
		case diffmatchpatch.DiffDelete:
			ins := ""
			if i+1 < len(diffs) && diffs[i+1].Type == diffmatchpatch.DiffInsert {
				ins = runesToWords(diffs[i+1].Text, words)
				i++
			}
			markChars(dmp, &ob, &nb, text, ins)
		case diffmatchpatch.DiffInsert:
			markChars(dmp, &ob, &nb, "", text)
		}
	}
	return ob.String(), nb.String()
}

// longLine is the length of a pair of lines past which a line changed in
// place by edits is highlighted edit by edit instead of as a whole: the
// diff of a whole line costs the product of its length and its number of
// changes, and go-diff gives up after its deadline on an entry signature
// of thousands of changed arguments.
const longLine = 16 << 10

// highlightEdits is highlightPair for an old line, at offset at in the
// source, that edits change in place into new: the text between edits is
// common to both, and each edit's old and new text are highlighted as a
// pair: what lies between their common prefix and suffix is marked, which
// costs their length (a diff of each would cost a hundred times more, on
// thousands of edits). It reports false when the edits do not make new of
// old.
func highlightEdits(old, new string, at int, edits []edit.Edit) (string, string, bool) {
	var ob, nb strings.Builder
	pos, npos := 0, 0 // in old, in new
	for _, e := range edits {
		start, end := e.Start-at, e.End-at
		same := old[pos:start]
		if !strings.HasPrefix(new[npos:], same) || !strings.HasPrefix(new[npos+len(same):], e.New) {
			return "", "", false
		}
		ob.WriteString(same)
		nb.WriteString(same)
		markAffix(&ob, &nb, old[start:end], e.New)
		pos, npos = end, npos+len(same)+len(e.New)
	}
	if old[pos:] != new[npos:] {
		return "", "", false
	}
	ob.WriteString(old[pos:])
	nb.WriteString(old[pos:])
	return ob.String(), nb.String(), true
}

// markAffix writes old in ob and new in nb with what lies between their
// common prefix and their common suffix marked.
func markAffix(ob, nb *strings.Builder, old, new string) {
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	q := 0
	for q < len(old)-p && q < len(new)-p && old[len(old)-1-q] == new[len(new)-1-q] {
		q++
	}
	// Whole runes only: back off into neither half of a UTF-8 sequence.
	midRune := func(s string, i int) bool { return i < len(s) && !utf8.RuneStart(s[i]) }
	for p > 0 && (midRune(old, p) || midRune(new, p)) {
		p--
	}
	for q > 0 && midRune(old, len(old)-q) {
		q--
	}
	write := func(b *strings.Builder, s string) {
		b.WriteString(s[:p])
		if mid := s[p : len(s)-q]; mid != "" {
			b.WriteString(colorReverse + mid + colorReset)
		}
		b.WriteString(s[len(s)-q:])
	}
	write(ob, old)
	write(nb, new)
}

// markChars writes a changed run, old in ob and new in nb, with the
// characters they do not share marked.
func markChars(dmp *diffmatchpatch.DiffMatchPatch, ob, nb *strings.Builder, old, new string) {
	for _, d := range dmp.DiffCleanupSemantic(dmp.DiffMain(old, new, false)) {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			ob.WriteString(d.Text)
			nb.WriteString(d.Text)
		case diffmatchpatch.DiffDelete:
			ob.WriteString(colorReverse + d.Text + colorReset)
		case diffmatchpatch.DiffInsert:
			nb.WriteString(colorReverse + d.Text + colorReset)
		}
	}
}

// wordsToRunes splits both texts into words (runs of identifier
// characters, or any other single character) and maps each distinct word
// to a rune.
func wordsToRunes(a, b string) ([]rune, []rune, []string) {
	index := map[string]rune{}
	var words []string
	conv := func(s string) []rune {
		var out []rune
		for s != "" {
			n := wordLen(s)
			w := s[:n]
			if len(words) > maxWords {
				break
			}
			r, ok := index[w]
			if !ok {
				r = wordRune(len(words))
				index[w] = r
				words = append(words, w)
			}
			out = append(out, r)
			s = s[n:]
		}
		return out
	}
	// Sequenced on purpose: in `return conv(a), conv(b), words` the
	// language leaves open when words is read, and Go 1.26 reads a
	// torn slice there (a pointer from before conv(b) grew it, the
	// length from after).
	ra := conv(a)
	rb := conv(b)
	return ra, rb, words
}

func wordLen(s string) int {
	n := 0
	for n < len(s) && isWordByte(s[n]) {
		n++
	}
	if n == 0 {
		return 1
	}
	return n
}

func isWordByte(c byte) bool {
	return c == '_' || c == '.' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z'
}

// wordRune is the rune that stands for word i: runes skip the surrogate
// range, which strings cannot hold.
func wordRune(i int) rune {
	if i >= 0xD800 {
		return rune(i + 0x800)
	}
	return rune(i)
}

func wordIndex(r rune) int {
	if r >= 0xE000 {
		return int(r) - 0x800
	}
	return int(r)
}

// maxWords is how many distinct words a pair of lines may have before
// highlighting gives up (runes end at U+10FFFF).
const maxWords = 0x10FFFF - 0x800

// runesToWords maps runes back to the words they stand for.
func runesToWords(s string, words []string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteString(words[wordIndex(r)])
	}
	return b.String()
}
