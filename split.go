package mhloalias

import (
	"bytes"
)

// splitMarker is the line that separates modules with --split-input-file.
const splitMarker = "// -----"

// chunk is one module of the input: src[start:end], beginning on line
// line of the file.
type chunk struct {
	start, end int
	line       int
}

// splitChunks cuts src at every line that reads "// -----" (trailing
// blanks and a carriage return allowed); without split the whole input
// is one chunk. The separator line of chunk i > 0, its line ending
// included, is src[chunks[i-1].end:chunks[i].start]: the output prints it
// as it is.
func splitChunks(src []byte, split bool) []chunk {
	if !split {
		return []chunk{{start: 0, end: len(src), line: 1}}
	}
	var chunks []chunk
	cur := chunk{line: 1}
	line := 1
	for at := 0; at < len(src); line++ {
		end := bytes.IndexByte(src[at:], '\n')
		next := len(src)
		if end >= 0 {
			end += at
			next = end + 1
		} else {
			end = len(src)
		}
		if string(bytes.TrimRight(src[at:end], " \t\r")) == splitMarker {
			cur.end = at
			chunks = append(chunks, cur)
			cur = chunk{start: next, line: line + 1}
		}
		at = next
	}
	cur.end = len(src)
	return append(chunks, cur)
}
