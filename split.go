package mhloalias

import "bytes"

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
	for at, line := 0, 1; at < len(src); line++ {
		next := len(src) // the start of the next line
		if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
			next = at + i + 1
		}
		if string(bytes.TrimRight(src[at:next], " \t\r\n")) == splitMarker {
			cur.end = at
			chunks = append(chunks, cur)
			cur = chunk{start: next, line: line + 1}
		}
		at = next
	}
	cur.end = len(src)
	return append(chunks, cur)
}
