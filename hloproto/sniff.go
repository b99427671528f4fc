package hloproto

import (
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protowire"
)

// Sniff tells the kind of a file that Detect could not read: the message
// whose fields src begins with, though it may be malformed (truncated, a
// wrong wire type deep inside, no entry computation), for ReadNamed of that
// kind to say what is wrong with it. hint, when not Unknown, is the kind
// the file's name suggests: it is tried first and wins on less evidence.
// Sniff returns Unknown for data that looks like none of the three (a
// flatbuffer, an archive, random bytes).
func Sniff(src []byte, hint Kind) Kind {
	if len(src) == 0 {
		return Unknown
	}
	if hint != Unknown && evidence(src, 0, len(src), hint, 0) >= 1 {
		return hint
	}
	// The kind with the most evidence, at least two fields; on a tie the
	// first.
	best, most := Unknown, 1
	for _, k := range []Kind{Snapshot, Proto, ModuleProto} {
		if n := evidence(src, 0, len(src), k, 0); n > most {
			best, most = k, n
		}
	}
	return best
}

// A message's fields as the sniffer checks them: the wire type of each
// declared field and what its content must look like.
type sniffField struct {
	typ  protowire.Type
	what byte // 's' a string, 'm' a message, 'v' a varint, 'P' an HloProto, 'M' an HloModuleProto
}

var sniffFields = map[Kind]map[protowire.Number]sniffField{
	Snapshot: {1: {protowire.BytesType, 'P'}, 2: {protowire.BytesType, 'm'}, 3: {protowire.BytesType, 'm'}, 4: {protowire.BytesType, 's'}},
	Proto:    {1: {protowire.BytesType, 'M'}, 3: {protowire.BytesType, 'm'}},
	ModuleProto: {
		1: {protowire.BytesType, 's'}, 2: {protowire.BytesType, 's'}, 3: {protowire.BytesType, 'm'}, 4: {protowire.BytesType, 'm'},
		5: {protowire.VarintType, 'v'}, 6: {protowire.VarintType, 'v'}, 7: {protowire.BytesType, 'm'}, 8: {protowire.BytesType, 'm'},
		10: {protowire.BytesType, 'm'}, 11: {protowire.VarintType, 'v'}, 12: {protowire.BytesType, 'm'}, 13: {protowire.BytesType, 'm'},
		14: {protowire.BytesType, 'm'}, 15: {protowire.BytesType, 'm'}, 16: {protowire.VarintType, 'v'}, 17: {protowire.BytesType, 'm'},
		18: {protowire.BytesType, 'm'}, 19: {protowire.BytesType, 'm'},
	},
}

// sniffLimit bounds what the sniffer reads of a string or a message it
// checks: the start tells.
const sniffLimit = 4 << 10

// enough is the evidence after which the sniffer stops looking.
const enough = 16

// evidence walks the message of kind k in [from, to) of src (a prefix of it,
// when the file was cut short) and returns how many of its fields bear k
// out: a declared string that is printable, a declared message whose
// content is a sequence of fields, a wrapped message with evidence of its
// own (counted too). It stops at the first bytes that are no field, or
// once it has enough, and returns -1 when a field contradicts k: a
// declared field of another wire type, a string that is not text, a
// message that is not one, a wrapped message that is text (a module's
// name read as an HloProto's module).
func evidence(src []byte, from, to int, k Kind, depth int) int {
	decl := sniffFields[k]
	n := 0
	for p := from; p < to && n < enough; {
		num, typ, m := protowire.ConsumeTag(src[p:to])
		if m < 0 {
			return n
		}
		p += m
		want, known := decl[num]
		if known && typ != want.typ {
			return -1
		}
		switch typ {
		case protowire.BytesType:
			v, m := protowire.ConsumeVarint(src[p:to])
			if m < 0 {
				return n
			}
			body := p + m
			end := body + int(min(v, uint64(to-body)))
			cut := v > uint64(to-body) // the file ends inside the field
			if known {
				switch want.what {
				case 's':
					if !printable(src[body:min(end, body+sniffLimit)], cut || end-body > sniffLimit) {
						return -1
					}
					if end > body {
						n++
					}
				case 'm':
					if !fields(src, body, min(end, body+sniffLimit), cut || end-body > sniffLimit) {
						return -1
					}
					n++
				case 'P', 'M':
					if depth >= 2 {
						return -1
					}
					if end > body && printable(src[body:min(end, body+sniffLimit)], true) {
						return -1
					}
					inner := map[byte]Kind{'P': Proto, 'M': ModuleProto}[want.what]
					e := evidence(src, body, end, inner, depth+1)
					if e < 0 || e == 0 && end > body && !cut {
						return -1
					}
					n += 1 + e
				}
			}
			if cut {
				return n
			}
			p = end
		case protowire.StartGroupType:
			q, err := skipGroup(src, num, p, to)
			if err != nil {
				return n
			}
			p = q
		default:
			m := protowire.ConsumeFieldValue(num, typ, src[p:to])
			if m < 0 {
				return n
			}
			p += m
		}
	}
	return n
}

// printable reports whether b is text: valid UTF-8 without control
// characters; cut says that b stops short of the string's end, where a
// character may be cut in two.
func printable(b []byte, cut bool) bool {
	for len(b) > 0 {
		c, size := utf8.DecodeRune(b)
		if c == utf8.RuneError && size <= 1 {
			return cut && !utf8.FullRune(b)
		}
		if c < 0x20 || c == 0x7f {
			return false
		}
		b = b[size:]
	}
	return true
}

// fields reports whether [from, to) of src is a sequence of whole fields
// (cut: a prefix of one, the rest of the message beyond to).
func fields(src []byte, from, to int, cut bool) bool {
	for p := from; p < to; {
		num, typ, m := protowire.ConsumeTag(src[p:to])
		if m < 0 {
			return cut && m == truncated
		}
		p += m
		if typ == protowire.StartGroupType {
			q, err := skipGroup(src, num, p, to)
			if err != nil {
				return cut
			}
			p = q
			continue
		}
		// A length past to is truncated too.
		if m = protowire.ConsumeFieldValue(num, typ, src[p:to]); m < 0 {
			return cut && m == truncated
		}
		p += m
	}
	return true
}

// truncated is protowire's error code for data that ends too soon.
const truncated = -1
