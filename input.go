package mhloalias

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"google.golang.org/protobuf/encoding/protowire"
)

// input is one input: its bytes and the file or stream they come from
// (package fileio's).
type input = fileio.Input

// ChangedError reports that an input file changed while it was mapped
// and read: truncated under the scan, or rewritten in place before the
// output was committed. Its Name is the input's name as diagnostics print
// it.
type ChangedError = fileio.ChangedError

// readInput reads the stream r to its end, or to where it shows that it
// cannot be a module (streamCheck): then the input is the stream's start
// (for the diagnostic's source line) and the diagnostic says why.
func readInput(display string, r io.Reader) (*input, *ast.Error, error) {
	c := &streamCheck{name: display, line: 1}
	in, err := fileio.ReadInput(display, r, c.piece)
	if err == errNotModule {
		return fileio.BytesInput(display, c.head), c.diagnostic(), nil
	}
	return in, nil, err
}

var errNotModule = errors.New("not a module")

// headKept is how much of a stream's start streamCheck keeps, for the
// message that names the data.
const headKept = 64 << 10

// firstFields are the fields an HloModuleProto, an HloProto or an
// HloSnapshot may start with, each with its wire type plus one.
var firstFields = map[protowire.Number]protowire.Type{
	1: 3, 2: 3, 3: 3, 4: 3, 5: 1, 6: 1, 7: 3, 8: 3, 9: 3, 10: 3, 11: 1, 12: 3, 13: 3, 14: 3, 15: 3, 16: 1, 17: 3, 18: 3, 19: 3,
}

// maxProto is the most a protobuf message holds.
const maxProto = 1<<31 - 1

// streamCheck looks at a stream as it arrives, in constant memory, for
// proof that it is no module: text holds no NUL byte, and a protobuf's
// top-level fields have valid tags, lengths within maxProto and groups
// that close as they open, the first being one the three kinds of module
// have. Once the stream has failed both and its first
// headKept bytes are in, the read ends (a device such as /dev/zero never
// ends by itself).
type streamCheck struct {
	name      string
	head      []byte
	nul       int // offset of the first NUL byte
	seenNUL   bool
	line      int // the line of nul, counted as the text arrives
	lineStart int
	checked   bool // badStart is set: the head is whole
	badStart  int  // noModuleStart of the head
	wire      wireWalk
}

func (c *streamCheck) piece(p []byte, off int) error {
	if len(c.head) < headKept {
		c.head = append(c.head, p[:min(len(p), headKept-len(c.head))]...)
	}
	if !c.seenNUL {
		text := p
		if i := bytes.IndexByte(p, 0); i >= 0 {
			text, c.seenNUL, c.nul = p[:i], true, off+i
		}
		if n := bytes.Count(text, []byte{'\n'}); n > 0 {
			c.line += n
			c.lineStart = off + bytes.LastIndexByte(text, '\n') + 1
		}
	}
	c.wire.walk(p, off)
	if len(c.head) == headKept && !c.checked {
		c.checked, c.badStart = true, c.noModuleStart() // the head is whole
	}
	if c.wire.err != "" && c.checked && (c.seenNUL || c.badStart >= 0) {
		return errNotModule
	}
	return nil
}

// noModuleStart returns the offset of the first token of the stream's
// text when it can start no module, or -1: a word of letters, digits and
// underscores that is neither module nor HloModule (an operation's name
// holds a dot: func.func, builtin.module), or a digit. Anything else, or
// a first token not within head, may start one.
func (c *streamCheck) noModuleStart() int {
	i := 0
	for i < len(c.head) {
		switch b := c.head[i]; {
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			i++
		case bytes.HasPrefix(c.head[i:], []byte("//")):
			k := bytes.IndexByte(c.head[i:], '\n')
			if k < 0 {
				return -1
			}
			i += k
		default:
			j := i
			for j < len(c.head) && (c.head[j] == '_' || c.head[j]|0x20 >= 'a' && c.head[j]|0x20 <= 'z' || c.head[j] >= '0' && c.head[j] <= '9') {
				j++
			}
			if w := string(c.head[i:j]); j > i && j < len(c.head) && c.head[j] != '.' && w != "module" && w != "HloModule" {
				return i
			}
			return -1
		}
	}
	return -1
}

// innerFields is how many fields of a long top-level field wireWalk
// walks as a message of its own, and longField the length from which it
// does: the large fields of the three kinds of module are messages, and
// random bytes do not read as one for long.
const innerFields, longField = 64, 64 << 10

// wireWalk walks protobuf fields as they arrive: the top level of a
// stream, or (inner) the start of one long field of it.
type wireWalk struct {
	skip   int64  // bytes of the field being skipped
	carry  []byte // the start of a field header the last piece cut
	groups []protowire.Number
	inner  *wireWalk // the walk of the long field being skipped
	// limit is, for an inner walk, the bytes of its field left; its
	// walk ends after innerFields of its fields.
	limit, seen int64
	fields      int
	nested      bool
	off         int // where err is
	err         string
}

// walk goes on with the walk over p, which starts at offset off.
func (w *wireWalk) walk(p []byte, off int) {
	for w.err == "" && len(p) > 0 && (!w.nested || w.fields < innerFields) {
		if w.skip > 0 {
			k := int(min(w.skip, int64(len(p))))
			if w.inner != nil {
				if w.inner.walk(p[:k], off); w.inner.err != "" {
					w.off, w.err = w.inner.off, w.inner.err
					return
				}
			}
			p, off, w.skip, w.seen = p[k:], off+k, w.skip-int64(k), w.seen+int64(k)
			continue
		}
		w.inner = nil
		head := append(w.carry, p[:min(len(p), 20)]...) // a tag and a varint
		n, msg := w.field(head, off-len(w.carry))
		if msg != "" {
			w.off, w.err = off-len(w.carry), msg
			return
		}
		if n == 0 { // cut by the piece's end
			w.carry = head
			return
		}
		used := n - len(w.carry)
		w.carry, w.fields = w.carry[:0], w.fields+1
		p, off, w.seen = p[used:], off+used, w.seen+int64(used)
	}
}

// field reads the header of the field at the start of b, at offset at,
// and sets what to skip after it; n is 0 when b ends before the header.
func (w *wireWalk) field(b []byte, at int) (n int, msg string) {
	cut := func(m int) bool { return protowire.ParseError(m) == io.ErrUnexpectedEOF && len(b) < 20 }
	num, typ, n := protowire.ConsumeTag(b)
	if n < 0 {
		if cut(n) {
			return 0, ""
		}
		return 0, "an invalid field tag"
	}
	if at == 0 && firstFields[num] != typ+1 {
		return 0, fmt.Sprintf("field %d of wire type %d starts no HloModuleProto, HloProto or HloSnapshot", num, typ)
	}
	room := int64(maxProto - at)
	if w.nested {
		room = w.limit - w.seen
	}
	switch typ {
	case protowire.VarintType, protowire.BytesType:
		v, m := protowire.ConsumeVarint(b[n:])
		if m < 0 {
			if cut(m) {
				return 0, ""
			}
			return 0, fmt.Sprintf("field %d: a varint of more than 10 bytes", num)
		}
		if typ == protowire.BytesType {
			if v > uint64(room-int64(n+m)) {
				return 0, fmt.Sprintf("field %d: %d bytes run past the message's end", num, v)
			}
			w.skip = int64(v)
			if !w.nested && v >= longField {
				w.inner = &wireWalk{limit: int64(v), nested: true}
			}
		}
		return n + m, ""
	case protowire.Fixed32Type:
		w.skip = 4
	case protowire.Fixed64Type:
		w.skip = 8
	case protowire.StartGroupType:
		w.groups = append(w.groups, num)
	case protowire.EndGroupType:
		if len(w.groups) == 0 || w.groups[len(w.groups)-1] != num {
			return 0, fmt.Sprintf("the end of group %d, which is not open", num)
		}
		w.groups = w.groups[:len(w.groups)-1]
	default:
		return 0, fmt.Sprintf("field %d: wire type %d", num, typ)
	}
	return n, ""
}

// diagnostic is the error of a stream that failed the check: what its
// start names (binaryKind, unknownData), a NUL in what is otherwise
// text, or binary data that is no protobuf, at the byte where its fields
// break.
func (c *streamCheck) diagnostic() *ast.Error {
	pos := ast.Pos{Filename: c.name}
	if what := binaryKind(c.head); what != "" {
		return ast.Errorf(pos, "the file is %s", what)
	}
	if mostlyText(c.head) && !c.seenNUL {
		i := c.badStart
		pos.Offset, pos.Line = i, 1+bytes.Count(c.head[:i], []byte{'\n'})
		pos.Column = i - bytes.LastIndexByte(c.head[:i], '\n')
		j := i
		for j < len(c.head) && j-i < 64 && c.head[j] > ' ' {
			j++
		}
		return ast.Errorf(pos, "the text starts with %q, which starts no module (an operation, a function or an alias definition); the rest of the stream was not read", c.head[i:j])
	}
	if mostlyText(c.head) {
		pos.Offset, pos.Line, pos.Column = c.nul, c.line, c.nul-c.lineStart+1
		return ast.Errorf(pos, "a NUL byte: module text holds none")
	}
	what := unknownData(c.name, c.head)
	d := ast.Errorf(pos, "%s", &NotModuleError{What: what})
	if strings.HasPrefix(what, "binary data") {
		d.Msg = fmt.Sprintf("byte %d: %s; its protobuf fields break there (%s)", c.wire.off, d.Msg, c.wire.err)
	}
	d.Binary = true
	return d
}
