package hloproto

import (
	"bytes"
	"sort"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// EncodeAliases returns the HloInputOutputAliasProto of c as XLA's
// serializer writes it: the entries in output order, each with its
// output_shape_index (1) and parameter_shape_index (3) packed and left out
// when empty, parameter_number (2) left out when 0, and kind (4) always
// written, MAY_ALIAS 1 or MUST_ALIAS 2. An empty table is nil.
func EncodeAliases(c *model.AliasConfig) []byte {
	var b, e []byte
	c.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		kind := uint64(1)
		if a.Kind == model.MustAlias {
			kind = 2
		}
		e = appendPacked(e[:0], 1, out)
		e = appendVarint(e, 2, uint64(a.ParamNumber))
		e = appendPacked(e, 3, a.ParamIndex)
		e = appendVarint(e, 4, kind)
		b = appendBytes(b, 1, e)
	})
	return b
}

// EncodeDonors returns the HloBufferDonorProto of c: the donors in order
// (parameter, then index), parameter_number (1) left out when 0,
// parameter_shape_index (2) packed and left out when empty. An empty
// table is nil.
func EncodeDonors(c *model.DonorConfig) []byte {
	var b, e []byte
	c.ForEach(func(d model.Donor) {
		e = appendVarint(e[:0], 1, uint64(d.ParamNumber))
		e = appendPacked(e, 2, d.ParamIndex)
		b = appendBytes(b, 1, e)
	})
	return b
}

// appendVarint appends the varint field num, left out when v is 0.
func appendVarint(b []byte, num protowire.Number, v uint64) []byte {
	if v == 0 {
		return b
	}
	return protowire.AppendVarint(protowire.AppendTag(b, num, protowire.VarintType), v)
}

// appendBytes appends the length-delimited field num.
func appendBytes(b []byte, num protowire.Number, body []byte) []byte {
	return protowire.AppendBytes(protowire.AppendTag(b, num, protowire.BytesType), body)
}

// appendPacked appends the packed repeated field num, left out when empty.
func appendPacked(b []byte, num protowire.Number, v []int64) []byte {
	if len(v) == 0 {
		return b
	}
	var p []byte
	for _, x := range v {
		p = protowire.AppendVarint(p, uint64(x))
	}
	return appendBytes(b, num, p)
}

// encodeField returns the whole field num with content body, or nothing
// when body is empty: an empty message is dropped with its tag.
func encodeField(num protowire.Number, body []byte) string {
	if len(body) == 0 {
		return ""
	}
	return string(appendBytes(nil, num, body))
}

// Edits returns the edits that write cfg's aliases and donors into the
// file f was read from (src, which Edits does not read: it may be nil).
// A table equal to the one read gives no edit, however the file wrote it
// (an empty message, an entry without a kind, entries out of order, the
// table split over several occurrences of its field): a pipeline that
// leaves the tables as they were leaves the file byte for byte. A table
// that changed is written, as XLA's serializer writes it, where the last
// occurrence of input_output_alias (8) or buffer_donor (18) was (the
// others removed), or when there was none, inserted in the last
// occurrence of the module before its first field of a higher number;
// an emptied table is removed with its tag. The length prefix of each
// enclosing occurrence of HloProto and HloSnapshot that holds an edit is
// rewritten. The edits are in order and do not overlap.
func (f *File) Edits(src []byte, cfg *model.Config) []edit.Edit {
	var edits []edit.Edit
	add := func(spans []span, read []byte, at int, num protowire.Number, body []byte) {
		if bytes.Equal(read, body) {
			return
		}
		text := encodeField(num, body)
		if len(spans) == 0 && text != "" {
			edits = append(edits, edit.Edit{Start: at, End: at, New: text})
		}
		for i, s := range spans {
			e := edit.Edit{Start: s.Start, End: s.End}
			if i == len(spans)-1 {
				e.New = text
			}
			edits = append(edits, e)
		}
	}
	add(f.aliases, f.aliasEnc, f.aliasAt, 8, EncodeAliases(cfg.Aliases))
	add(f.donors, f.donorEnc, f.donorAt, 18, EncodeDonors(cfg.Donors))
	if len(edits) == 0 {
		return nil
	}
	// The enclosing lengths, innermost first (f.wraps holds the outer
	// ones first): each grows by what the edits inside it grow by, the
	// rewritten prefixes of the inner ones included.
	for i := len(f.wraps) - 1; i >= 0; i-- {
		w := f.wraps[i]
		delta := 0
		for _, e := range edits {
			if w.Body <= e.Start && e.End <= w.End {
				delta += len(e.New) - (e.End - e.Start)
			}
		}
		if delta == 0 {
			continue
		}
		n := protowire.AppendVarint(nil, uint64(w.End-w.Body+delta))
		edits = append(edits, edit.Edit{Start: w.Len, End: w.Body, New: string(n)})
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	return edits
}

// Rewrite returns src with cfg's aliases and donors written in: Edits
// applied.
func (f *File) Rewrite(src []byte, cfg *model.Config) []byte {
	out, err := edit.Bytes(src, f.Edits(src, cfg))
	if err != nil {
		panic(err) // the edits are in order and within src
	}
	return out
}
