// Package hloproto is the third front end: it reads the compiler's binary
// files, xla.HloModuleProto (the Neuron compile cache's
// model.hlo_module.pb), xla.HloProto (XLA's --xla_dump_hlo_as_proto, the
// module in field 1) and xla.HloSnapshot (--xla_dump_hlo_snapshots, an
// HloProto in field 1), into the same model as the HLO text front end.
//
// ReadNamed walks the module's top-level fields by their lengths alone: it
// decodes host_program_shape (4), input_output_alias (8) and buffer_donor
// (18), and of the computations (3) only the name, id and program_shape of
// each, skipping the instructions and their literals unread, and groups
// and unknown fields in one pass. It reads protobuf as protobuf does:
// fields in any order, a scalar that occurs more than once is its last
// value, a message field that occurs more than once (the module in its
// wrappers, a table, a program shape) the merge of all. Rewrite re-encodes
// fields 8 and 18 as XLA's serializer writes them, when their tables
// changed, and adjusts the length prefixes of the enclosing HloProto and
// HloSnapshot; every other byte is kept.
package hloproto

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Kind is the message a file holds.
type Kind uint8

const (
	Unknown     Kind = iota
	ModuleProto      // xla.HloModuleProto
	Proto            // xla.HloProto: the module in field 1
	Snapshot         // xla.HloSnapshot: an HloProto in field 1
)

func (k Kind) String() string {
	if k > Snapshot {
		k = Unknown
	}
	return [...]string{"unknown", "HloModuleProto", "HloProto", "HloSnapshot"}[k]
}

// Error is a malformed file: the byte offset where the problem is and the
// field path, e.g. `byte 18231: HloModuleProto.input_output_alias.entries[3].kind: ...`.
type Error struct {
	Offset int
	Path   string
	Msg    string
}

func (e *Error) Error() string {
	return fmt.Sprintf("byte %d: %s: %s", e.Offset, e.Path, e.Msg)
}

// span is a field as it sits in its message: [Start, End) covers the tag,
// the length and the content; the length prefix starts at Len and the
// content at Body. A message read from the whole file is one span with
// all four at 0 but End.
type span struct {
	Start, Len, Body, End int
}

// File is what ReadNamed found.
type File struct {
	Kind Kind
	Name string // the module's name
	// wraps are the occurrences of the enclosing fields, outer ones first:
	// the HloProto in an HloSnapshot (field 1), the module in an HloProto
	// (field 1). A message field that occurs more than once is merged, so
	// there may be several of each.
	wraps []span
	// mods are the contents the module is merged from, in order: the
	// whole file for an HloModuleProto.
	mods []span
	// modPath is the module's field path, "HloProto.hlo_module".
	modPath string
	// aliases and donors are every occurrence of fields 8 and 18.
	aliases, donors []span
	// aliasEnc and donorEnc are the tables read, as EncodeAliases and
	// EncodeDonors write them: a rewrite of the same tables changes
	// nothing.
	aliasEnc, donorEnc []byte
	// aliasAt and donorAt are where each would be inserted: in the last
	// of mods, before its first field of a higher number, or at its end.
	aliasAt, donorAt int
	// Warnings are what the module holds that does not read but is not
	// needed to read it: a sharding (its value is then sized globally).
	Warnings []*Error
}

// decoder reads a message's fields: the message is merged from the
// contents segs of src (one, unless the field that holds it occurs more
// than once), read in order; pos is the offset in the file of the next
// field, in segs[seg]. Offsets are the file's.
type decoder struct {
	src   []byte
	segs  []span
	seg   int
	pos   int
	path  string
	names map[protowire.Number]string // the message's field names, for errors
	rel   *ast.Behind                 // the walk's, told each field's offset; nil: none
}

// newDecoder returns a decoder of the message merged from segs: protobuf
// reads a message field that occurs more than once as the message of
// their concatenation.
func newDecoder(src []byte, segs []span, path string, names map[protowire.Number]string) *decoder {
	d := &decoder{src: src, segs: segs, path: path, names: names}
	if len(segs) > 0 {
		d.pos = segs[0].Body
	}
	return d
}

// fieldPath is the path of field num of d's message: its name when known.
func (d *decoder) fieldPath(num protowire.Number) string {
	if n, ok := d.names[num]; ok {
		return d.path + "." + n
	}
	return fmt.Sprintf("%s.(field %d)", d.path, num)
}

// The field names of the messages the reader walks.
var (
	snapshotNames   = map[protowire.Number]string{1: "hlo", 2: "arguments", 3: "result", 4: "execution_platform"}
	protoNames      = map[protowire.Number]string{1: "hlo_module", 3: "buffer_assignment"}
	moduleNames     = map[protowire.Number]string{1: "name", 2: "entry_computation_name", 3: "computations", 4: "host_program_shape", 5: "id", 6: "entry_computation_id", 7: "schedule", 8: "input_output_alias", 10: "cross_program_prefetches", 11: "is_dynamic", 12: "spmd_output_sharding", 13: "profile_info", 14: "spmd_parameters_shardings", 15: "device_assignment", 16: "use_auto_spmd_partitioning", 17: "stack_frame_index", 18: "buffer_donor", 19: "frontend_attributes"}
	computationName = map[protowire.Number]string{1: "name", 2: "instructions", 4: "program_shape", 5: "id", 6: "root_id"}
	programNames    = map[protowire.Number]string{1: "parameters", 2: "result", 3: "parameter_names"}
	shapeNames      = map[protowire.Number]string{2: "element_type", 3: "dimensions", 4: "tuple_shapes", 5: "layout", 6: "is_dynamic_dimension"}
	layoutNames     = map[protowire.Number]string{1: "minor_to_major", 6: "tiles", 7: "element_size_in_bits", 8: "memory_space", 9: "dim_level_types", 10: "physical_shape", 11: "index_primitive_type", 12: "pointer_primitive_type", 15: "dynamic_shape_metadata_prefix_bytes", 16: "tail_padding_alignment_in_elements", 17: "split_configs"}
	tableNames      = map[protowire.Number]string{1: "entries"}
	aliasNames      = map[protowire.Number]string{1: "output_shape_index", 2: "parameter_number", 3: "parameter_shape_index", 4: "kind"}
	donorNames      = map[protowire.Number]string{1: "parameter_number", 2: "parameter_shape_index"}
)

// errf is an error at the file's offset off.
func (d *decoder) errf(off int, path, format string, args ...any) *Error {
	return &Error{Offset: off, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// field is one field read: its number, its wire type, where it is and,
// for a varint or fixed field, its value.
type field struct {
	num  protowire.Number
	typ  protowire.Type
	span     // Len is Body but for a length-delimited field
	seg  int // the content of the message it is in (decoder.segs)
	val  uint64
}

// start is the offset of the message's first content, end that of the
// end of its last: where an error in the message as a whole is reported.
func (d *decoder) start() int {
	if len(d.segs) == 0 {
		return 0
	}
	return d.segs[0].Body
}

func (d *decoder) end() int {
	if len(d.segs) == 0 {
		return 0
	}
	return d.segs[len(d.segs)-1].End
}

// done reports whether every field was read, moving to the next content
// when one ends.
func (d *decoder) done() bool {
	for d.seg < len(d.segs) && d.pos >= d.segs[d.seg].End {
		d.seg++
		if d.seg < len(d.segs) {
			d.pos = d.segs[d.seg].Body
		}
	}
	return d.seg >= len(d.segs)
}

// content returns the bytes of a length-delimited field.
func (d *decoder) content(f field) []byte { return d.src[f.Body:f.End] }

// next reads the next field, its content skipped by its length; done must
// have reported false.
func (d *decoder) next() (field, *Error) {
	end := d.segs[d.seg].End
	if d.rel != nil {
		d.rel.At(d.pos)
	}
	f := field{span: span{Start: d.pos}, seg: d.seg}
	num, typ, n := protowire.ConsumeTag(d.src[d.pos:end])
	if n < 0 {
		return f, d.errf(d.pos, d.path, "bad field tag: %v", protowire.ParseError(n))
	}
	f.num, f.typ, f.Len = num, typ, d.pos+n
	var err *Error
	if typ == protowire.StartGroupType {
		f.Body = f.Len
		f.End, err = skipGroup(d.src, num, f.Len, end)
	} else {
		f.Body, f.End, f.val, err = value(d.src, num, typ, f.Len, end)
	}
	if err != nil {
		err.Path = d.fieldPath(num)
		return f, err
	}
	d.pos = f.End
	return f, nil
}

// value reads the value of a field num of wire type typ, not a group,
// that starts at p in a message that ends at end: where its content
// starts (after the length of a length-delimited field) and ends, and the
// value of a varint or fixed field. The error has no path.
func value(src []byte, num protowire.Number, typ protowire.Type, p, end int) (body, fend int, val uint64, err *Error) {
	b := src[p:end]
	var m int
	switch typ {
	case protowire.BytesType:
		v, m := protowire.ConsumeVarint(b)
		if m < 0 {
			return 0, 0, 0, &Error{Offset: p, Msg: fmt.Sprintf("bad length: %v", protowire.ParseError(m))}
		}
		if v > uint64(len(b)-m) {
			return 0, 0, 0, &Error{Offset: p, Msg: fmt.Sprintf("length %d runs past the end of its message (%d bytes left)", v, len(b)-m)}
		}
		return p + m, p + m + int(v), 0, nil
	case protowire.VarintType:
		val, m = protowire.ConsumeVarint(b)
	case protowire.Fixed64Type:
		val, m = protowire.ConsumeFixed64(b)
	case protowire.Fixed32Type:
		var v uint32
		v, m = protowire.ConsumeFixed32(b)
		val = uint64(v)
	default:
		m = protowire.ConsumeFieldValue(num, typ, b)
	}
	if m < 0 {
		return 0, 0, 0, &Error{Offset: p, Msg: protowire.ParseError(m).Error()}
	}
	return p, p + m, val, nil
}

// maxGroupDepth is how deep groups may nest in a field the reader skips,
// as protobuf's own parsers limit it.
const maxGroupDepth = 10000

// skipGroup skips the group of field num whose content starts at p, in a
// message that ends at end, and returns the offset after its end tag.
// It walks the group's fields once, however deep they nest: a group is
// skipped in the time of its bytes.
func skipGroup(src []byte, num protowire.Number, p, end int) (int, *Error) {
	open := []protowire.Number{num}
	for len(open) > 0 {
		if p >= end {
			return 0, &Error{Offset: p, Msg: fmt.Sprintf("group: %v", io.ErrUnexpectedEOF)}
		}
		n, typ, m := protowire.ConsumeTag(src[p:end])
		if m < 0 {
			return 0, &Error{Offset: p, Msg: fmt.Sprintf("group: bad field tag: %v", protowire.ParseError(m))}
		}
		p += m
		switch typ {
		case protowire.StartGroupType:
			if len(open) >= maxGroupDepth {
				return 0, &Error{Offset: p, Msg: fmt.Sprintf("groups nested more than %d deep", maxGroupDepth)}
			}
			open = append(open, n)
		case protowire.EndGroupType:
			if n != open[len(open)-1] {
				return 0, &Error{Offset: p - m, Msg: fmt.Sprintf("group: %v", protowire.ParseError(-5))}
			}
			open = open[:len(open)-1]
		default:
			_, q, _, err := value(src, n, typ, p, end)
			if err != nil {
				err.Msg = "group: " + err.Msg
				return 0, err
			}
			p = q
		}
	}
	return p, nil
}

// sub returns a decoder of a length-delimited field's content.
func (d *decoder) sub(f field, path string, names map[protowire.Number]string) *decoder {
	n := newDecoder(d.src, []span{f.span}, path, names)
	n.rel = d.rel
	return n
}

// want checks a field's wire type, a varint or length-delimited.
func (d *decoder) want(f field, typ protowire.Type, path string) *Error {
	if f.typ == typ {
		return nil
	}
	name := "length-delimited"
	if typ == protowire.VarintType {
		name = "varint"
	}
	return d.errf(f.Start, path, "wire type %d, want %d (%s)", f.typ, typ, name)
}

// ints appends a repeated int64 field's values, packed or not.
func (d *decoder) ints(f field, v []int64) ([]int64, *Error) {
	switch f.typ {
	case protowire.VarintType:
		return append(v, int64(f.val)), nil
	case protowire.BytesType:
		b := d.content(f)
		for p := 0; p < len(b); {
			x, n := protowire.ConsumeVarint(b[p:])
			if n < 0 {
				return nil, d.errf(f.Body+p, d.fieldPath(f.num), "packed varint: %v", protowire.ParseError(n))
			}
			v = append(v, int64(x))
			p += n
		}
		return v, nil
	}
	return nil, d.errf(f.Start, d.fieldPath(f.num), "wire type %d, want a varint or packed varints", f.typ)
}

// Detect finds the kind of src from its content: the kind it reads as, in
// the order HloSnapshot, HloProto, HloModuleProto (a wrapper's first field
// holds a message where a module's holds its name, so at most one of them
// reads). It returns Unknown when src reads as none; Sniff then tells a
// malformed one.
func Detect(src []byte) Kind { return Options{}.Detect(src) }

// Options are the options of a read.
type Options struct {
	// Release, when set, drops the pages of src[from:to] from memory (a
	// mapped file's): a read calls it behind each walk of the fields, so
	// what it holds of the file is bounded whatever the file's size.
	Release func(from, to int)
}

// behind is a new walk's release behind it, nil without Release: each
// walk of the fields drops the pages of the file it has passed, so what
// a read holds of a mapped file is a window whatever the file's size.
func (o Options) behind() *ast.Behind {
	if o.Release == nil {
		return nil
	}
	return &ast.Behind{Release: o.Release}
}

// Detect is the package's Detect with the options o.
func (o Options) Detect(src []byte) Kind {
	if len(src) == 0 {
		return Unknown
	}
	for _, k := range []Kind{Snapshot, Proto, ModuleProto} {
		if _, _, err := o.readKind("", src, k); err == nil {
			return k
		}
	}
	return Unknown
}

// ReadNamed reads src, the file called name, as a message of kind k
// (Unknown: found by Detect, else by Sniff for its error) and lowers its
// entry computation's alias table and donors into a config, verified as
// the HLO text front end verifies its own. The config's positions (of the
// function, the aliases and donors) carry name, for diagnostics.
func ReadNamed(name string, src []byte, k Kind) (*File, *model.Config, error) {
	return Options{}.ReadNamed(name, src, k)
}

// ReadNamed is the package's ReadNamed with the options o.
func (o Options) ReadNamed(name string, src []byte, k Kind) (*File, *model.Config, error) {
	if k == Unknown {
		if k = o.Detect(src); k == Unknown {
			if k = Sniff(src, Unknown); k == Unknown {
				return nil, nil, &Error{Offset: 0, Path: "HloModuleProto", Msg: "not an HloModuleProto, HloProto or HloSnapshot"}
			}
		}
	}
	return o.readKind(name, src, k)
}

// The wrappers: the field (1) that holds the next message in, its name,
// the names of that message's fields, and what a message without it
// lacks.
type step struct {
	name    string
	names   map[protowire.Number]string
	missing string
}

var (
	snapshotStep = step{"hlo", protoNames, "the snapshot holds no module"}
	protoStep    = step{"hlo_module", moduleNames, "the HloProto holds no module"}
)

func (o Options) readKind(name string, src []byte, k Kind) (*File, *model.Config, error) {
	f := &File{Kind: k}
	path := k.String()
	rel := o.behind()
	d := newDecoder(src, []span{{End: len(src)}}, path, map[Kind]map[protowire.Number]string{Snapshot: snapshotNames, Proto: protoNames, ModuleProto: moduleNames}[k])
	d.rel = rel
	// Unwrap: HloSnapshot.hlo (1) holds an HloProto, HloProto.hlo_module
	// (1) the module; either may occur more than once, merged.
	steps := map[Kind][]step{Snapshot: {snapshotStep, protoStep}, Proto: {protoStep}}[k]
	for _, st := range steps {
		var found []span
		for !d.done() {
			fl, err := d.next()
			if err != nil {
				return nil, nil, err
			}
			if fl.num == 1 {
				if err := d.want(fl, protowire.BytesType, path+"."+st.name); err != nil {
					return nil, nil, err
				}
				found = append(found, fl.span)
			}
		}
		if len(found) == 0 {
			return nil, nil, d.errf(d.end(), path+"."+st.name, "missing: %s", st.missing)
		}
		f.wraps = append(f.wraps, found...)
		path += "." + st.name
		d = newDecoder(d.src, found, path, st.names)
		d.rel = rel
	}
	f.mods = d.segs
	m := &module{path: path, file: name, opts: o}
	if err := m.read(d, f); err != nil {
		return nil, nil, err
	}
	cfg, err := m.lower(f, src)
	if err != nil {
		return nil, nil, err
	}
	f.aliasEnc, f.donorEnc = EncodeAliases(cfg.Aliases), EncodeDonors(cfg.Donors)
	cfg.Names = m.names(src, cfg)
	cfg.Sharding, f.Warnings = m.partitioning(src, cfg)
	f.modPath = path
	return f, cfg, nil
}

// module is what the module's fields hold.
type module struct {
	file      string
	path      string
	opts      Options
	entryName string
	entryID   int64
	host      *programShape
	comps     []computation
	// nAliases and nDonors count the entries of the tables, which read
	// checks, and lower reads again into the config, an entry at a time:
	// a table costs the config's entries, whatever its length.
	nAliases, nDonors int
	// The shardings (sharding.go): the module's spmd_parameters_shardings
	// (14) and spmd_output_sharding (12), and the entry's parameter
	// instructions' and root's, by names.
	spmdParams   []textSpan
	spmdOutput   textSpan
	params       []textSpan
	rootSharding textSpan
}

type computation struct {
	name  string
	id    int64
	shape *programShape
	// segs are the computation's message in the file, rootID its root_id:
	// for the names of the entry's parameters and root (names.go).
	segs   []span
	rootID int64
}

type programShape struct {
	params []model.Shape
	result model.Shape
	off    int
}

// tableEntry is an entry of an alias or donor table, at off, of the path
// path; a donor's has no output index and no kind.
type tableEntry struct {
	out, index   []int64
	param, kind  int64
	kindOff, off int
	table        string // the table's path; the entry is its n-th
	n            int
}

// path is the entry's path, for an error.
func (e *tableEntry) path() string { return fmt.Sprintf("%s.entries[%d]", e.table, e.n) }

// entryMark stands for an entry's path in the paths of the errors read
// inside it, which fix puts in: the path is made only for an error.
const entryMark = "\x00"

// fix gives err, an error read inside e, e's path.
func (e *tableEntry) fix(err *Error) *Error {
	err.Path = e.path() + strings.TrimPrefix(err.Path, entryMark)
	return err
}

// The field numbers of an entry's output index, parameter, parameter index
// and kind; 0 for none.
var (
	aliasFields = [4]protowire.Number{1, 2, 3, 4}
	donorFields = [4]protowire.Number{0, 1, 2, 0}
)

// read reads the module's fields, in any order: a scalar field that
// occurs more than once is its last value, a message field the merge of
// all (host_program_shape, and a table's entries one after the other).
func (m *module) read(d *decoder, f *File) *Error {
	f.aliasAt, f.donorAt = -1, -1
	last := len(d.segs) - 1
	var hosts []span
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		if fl.seg == last {
			if fl.num > 8 && f.aliasAt < 0 {
				f.aliasAt = fl.Start
			}
			if fl.num > 18 && f.donorAt < 0 {
				f.donorAt = fl.Start
			}
		}
		switch fl.num {
		case 1, 2:
			if err := d.want(fl, protowire.BytesType, d.fieldPath(fl.num)); err != nil {
				return err
			}
			if fl.num == 1 {
				f.Name = string(d.content(fl))
			} else {
				m.entryName = string(d.content(fl))
			}
		case 3:
			p := fmt.Sprintf("%s.computations[%d]", m.path, len(m.comps))
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			c, err := readComputation(d.sub(fl, p, computationName))
			if err != nil {
				return err
			}
			m.comps = append(m.comps, c)
		case 4:
			if err := d.want(fl, protowire.BytesType, m.path+".host_program_shape"); err != nil {
				return err
			}
			hosts = append(hosts, fl.span)
		case 6:
			if m.entryID, err = d.varint(fl); err != nil {
				return err
			}
		case 8:
			p := m.path + ".input_output_alias"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			f.aliases = append(f.aliases, fl.span)
			if err := readEntries(d.sub(fl, p, tableNames), aliasNames, aliasFields, &m.nAliases, nil); err != nil {
				return err
			}
		case 12: // a sharding of another type is not needed to read the module
			if fl.typ == protowire.BytesType {
				m.spmdOutput = d.span(fl)
			}
		case 14:
			if fl.typ == protowire.BytesType {
				m.spmdParams = append(m.spmdParams, d.span(fl))
			}
		case 18:
			p := m.path + ".buffer_donor"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			f.donors = append(f.donors, fl.span)
			if err := readEntries(d.sub(fl, p, tableNames), donorNames, donorFields, &m.nDonors, nil); err != nil {
				return err
			}
		}
	}
	if hosts != nil {
		ps, err := readProgramShape(newDecoder(d.src, hosts, m.path+".host_program_shape", programNames))
		if err != nil {
			return err
		}
		m.host = ps
	}
	end := d.end()
	if f.aliasAt < 0 {
		f.aliasAt = end
	}
	if f.donorAt < 0 {
		f.donorAt = end
	}
	return nil
}

func readComputation(d *decoder) (computation, *Error) {
	c := computation{segs: d.segs}
	var shapes []span
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return c, err
		}
		switch fl.num {
		case 1:
			if err := d.want(fl, protowire.BytesType, d.path+".name"); err != nil {
				return c, err
			}
			c.name = string(d.content(fl))
		case 4:
			if err := d.want(fl, protowire.BytesType, d.path+".program_shape"); err != nil {
				return c, err
			}
			shapes = append(shapes, fl.span)
		case 5:
			if c.id, err = d.varint(fl); err != nil {
				return c, err
			}
		case 6:
			if fl.typ == protowire.VarintType {
				c.rootID = int64(fl.val)
			}
		}
	}
	if shapes != nil {
		ps, err := readProgramShape(newDecoder(d.src, shapes, d.path+".program_shape", programNames))
		if err != nil {
			return c, err
		}
		c.shape = ps
	}
	return c, nil
}

func readProgramShape(d *decoder) (*programShape, *Error) {
	ps := &programShape{off: d.start()}
	var results []span
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return nil, err
		}
		switch fl.num {
		case 1:
			p := fmt.Sprintf("%s.parameters[%d]", d.path, len(ps.params))
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return nil, err
			}
			var s model.Shape
			if err := readShape(d.sub(fl, p, shapeNames), &s, 0); err != nil {
				return nil, err
			}
			ps.params = append(ps.params, s)
		case 2:
			if err := d.want(fl, protowire.BytesType, d.path+".result"); err != nil {
				return nil, err
			}
			results = append(results, fl.span)
		}
	}
	if results == nil {
		return nil, d.errf(d.end(), d.path+".result", "missing")
	}
	if err := readShape(newDecoder(d.src, results, d.path+".result", shapeNames), &ps.result, 0); err != nil {
		return nil, err
	}
	return ps, nil
}

// XLA's PrimitiveType numbers.
var primitives = map[uint64]model.PrimitiveType{
	1: model.Pred, 26: model.S2, 21: model.S4, 2: model.S8, 3: model.S16, 4: model.S32, 5: model.S64,
	27: model.U2, 22: model.U4, 6: model.U8, 7: model.U16, 8: model.U32, 9: model.U64,
	10: model.F16, 11: model.F32, 16: model.BF16, 12: model.F64,
	19: model.F8E5M2, 28: model.F8E4M3, 20: model.F8E4M3FN, 23: model.F8E4M3B11FNUZ, 29: model.F8E3M4,
	24: model.F8E5M2FNUZ, 25: model.F8E4M3FNUZ, 32: model.F4E2M1FN, 33: model.F8E8M0FNU,
	15: model.C64, 18: model.C128,
}

const (
	primTuple  = 13
	primOpaque = 14
	primToken  = 17
	maxDepth   = 100
)

func readShape(d *decoder, dst *model.Shape, depth int) *Error {
	if depth > maxDepth {
		return d.errf(d.start(), d.path, "shapes nested more than %d deep", maxDepth)
	}
	var elem uint64
	var dims []int64
	var dynamic []bool
	var elems []model.Shape
	var layouts []span
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		switch fl.num {
		case 2:
			v, err := d.varint(fl)
			if err != nil {
				return err
			}
			elem = uint64(v)
		case 3:
			if dims, err = d.ints(fl, dims); err != nil {
				return err
			}
		case 4:
			p := fmt.Sprintf("%s.tuple_shapes[%d]", d.path, len(elems))
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			elems = append(elems, model.Shape{})
			if err := readShape(d.sub(fl, p, shapeNames), &elems[len(elems)-1], depth+1); err != nil {
				return err
			}
		case 5:
			if err := d.want(fl, protowire.BytesType, d.path+".layout"); err != nil {
				return err
			}
			layouts = append(layouts, fl.span)
		case 6:
			v, err := d.ints(fl, nil)
			if err != nil {
				return err
			}
			for _, x := range v {
				dynamic = append(dynamic, x != 0)
			}
		}
	}
	switch elem {
	case primTuple:
		*dst = model.Tuple(elems...)
		return nil
	case primToken:
		*dst = model.Token()
		return nil
	case primOpaque:
		*dst = model.Opaque("opaque[]")
		return nil
	}
	p, ok := primitives[elem]
	if !ok {
		return d.errf(d.start(), d.path+".element_type", "element type %d is not one this tool reads", elem)
	}
	s := model.Shape{Kind: model.ArrayShape, Elem: p, Dims: make([]int64, len(dims))}
	if len(dynamic) > 0 && len(dynamic) != len(dims) {
		return d.errf(d.start(), d.path+".is_dynamic_dimension", "%d entries for %d dimensions", len(dynamic), len(dims))
	}
	if slices.Contains(dynamic, true) {
		s.SetDynamic(dynamic)
	}
	for i, n := range dims {
		switch {
		case n == math.MinInt64 && s.IsDynamicDim(i):
			s.Dims[i] = model.UnboundedSize
		case n < 0:
			return d.errf(d.start(), d.path+".dimensions", "invalid dimension size %d", n)
		default:
			s.Dims[i] = n
		}
	}
	if layouts == nil {
		s.SetDefaultLayout()
	} else if err := readLayout(newDecoder(d.src, layouts, d.path+".layout", layoutNames), &s); err != nil {
		return err
	}
	*dst = s
	return nil
}

func readLayout(d *decoder, s *model.Shape) *Error {
	var m2m []int64
	a := &model.LayoutAttrs{TailPaddingAlignment: 1}
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		switch fl.num {
		case 1:
			if m2m, err = d.ints(fl, m2m); err != nil {
				return err
			}
		case 6:
			p := fmt.Sprintf("%s.tiles[%d]", d.path, len(a.Tiles))
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			td := d.sub(fl, p, map[protowire.Number]string{1: "dimensions"})
			tile := model.Tile{}
			for !td.done() {
				tf, err := td.next()
				if err != nil {
					return err
				}
				if tf.num == 1 {
					if tile, err = td.ints(tf, tile); err != nil {
						return err
					}
				}
			}
			for _, n := range tile {
				if n < 0 && n != model.CombineDimension {
					return d.errf(fl.Start, p+".dimensions", "invalid tile dimension %d", n)
				}
			}
			a.Tiles = append(a.Tiles, tile)
		case 7:
			if a.ElementSizeBits, err = d.varint(fl); err != nil {
				return err
			}
		case 8:
			m, err := d.varint(fl)
			if err != nil {
				return err
			}
			s.SetMemorySpace(m)
		case 9:
			return d.errf(fl.Start, d.path+".dim_level_types", "a sparse layout is not one this tool reads")
		case 10:
			return d.errf(fl.Start, d.path+".physical_shape", "Layout has physical shape, but is not for a sparse array")
		case 11, 12:
			v, err := d.varint(fl)
			if err != nil {
				return err
			}
			var p model.PrimitiveType // 0: the default, as when absent
			if v != 0 {
				var ok bool
				if p, ok = primitives[uint64(v)]; !ok || !p.IsUnsignedInt() {
					return d.errf(fl.Start, d.fieldPath(fl.num), "expecting an unsigned integer type, got %d", v)
				}
			}
			if fl.num == 11 {
				a.IndexType = p
			} else {
				a.PointerType = p
			}
		case 15:
			if a.DynamicMetadataPrefixBytes, err = d.varint(fl); err != nil {
				return err
			}
		case 16:
			v, err := d.varint(fl)
			if err != nil {
				return err
			}
			if v == 0 {
				v = 1 // the default, as when absent
			}
			a.TailPaddingAlignment = v
		case 17:
			p := fmt.Sprintf("%s.split_configs[%d]", d.path, len(a.SplitConfigs))
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			sd := d.sub(fl, p, map[protowire.Number]string{1: "dimension", 2: "split_indices"})
			var sc model.SplitConfig
			for !sd.done() {
				sf, err := sd.next()
				if err != nil {
					return err
				}
				switch sf.num {
				case 1:
					if sc.Dimension, err = sd.varint(sf); err != nil {
						return err
					}
				case 2:
					if sc.Indices, err = sd.ints(sf, sc.Indices); err != nil {
						return err
					}
				}
			}
			a.SplitConfigs = append(a.SplitConfigs, sc)
		}
	}
	if len(m2m) != len(s.Dims) {
		return d.errf(d.start(), d.path+".minor_to_major", "Dimensions size is %d, but minor to major size is %d.", len(s.Dims), len(m2m))
	}
	seen := make([]bool, len(m2m))
	for _, x := range m2m {
		if x < 0 || x >= int64(len(m2m)) || seen[x] {
			return d.errf(d.start(), d.path+".minor_to_major", "layout minor_to_major field is not a permutation: %s", model.ShapeIndex(m2m))
		}
		seen[x] = true
	}
	if m2m == nil {
		m2m = []int64{}
	}
	s.HasLayout, s.MinorToMajor = true, m2m
	if s.MemorySpace() < 0 || a.ElementSizeBits < 0 || a.DynamicMetadataPrefixBytes < 0 || a.TailPaddingAlignment < 1 {
		return d.errf(d.start(), d.path, "a negative layout attribute")
	}
	if !a.IsZero() {
		s.SetAttrs(a)
	}
	return nil
}

// readEntries appends to entries those (field 1) of an alias or donor
// table, whose fields are named names and numbered num (aliasFields,
// donorFields).
func readEntries(d *decoder, names map[protowire.Number]string, num [4]protowire.Number, n *int, each func(*tableEntry) *Error) *Error {
	var e tableEntry // reused: each clones what it keeps
	var ed decoder   // the entry's, reused
	var seg [1]span
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		if fl.num != 1 {
			continue
		}
		e = tableEntry{out: e.out[:0], index: e.index[:0], off: fl.Start, table: d.path, n: *n}
		*n++
		if err := d.want(fl, protowire.BytesType, entryMark); err != nil {
			return e.fix(err)
		}
		seg[0] = fl.span
		ed = decoder{src: d.src, segs: seg[:], pos: fl.Body, path: entryMark, names: names, rel: d.rel}
		for !ed.done() {
			ef, err := ed.next()
			if err != nil {
				return e.fix(err)
			}
			switch ef.num { // a field number is never 0
			case num[0]:
				e.out, err = ed.ints(ef, e.out)
			case num[1]:
				e.param, err = ed.varint(ef)
			case num[2]:
				e.index, err = ed.ints(ef, e.index)
			case num[3]:
				e.kind, err = ed.varint(ef)
				e.kindOff = ef.Start
			}
			if err != nil {
				return e.fix(err)
			}
		}
		// The kind is its last value.
		if e.kind < 0 || e.kind > 2 {
			return &Error{Offset: e.kindOff, Path: e.path() + ".kind", Msg: fmt.Sprintf("unknown alias kind %d (UNDEFINED_ALIAS 0, MAY_ALIAS 1, MUST_ALIAS 2)", e.kind)}
		}
		if each != nil {
			if err := each(&e); err != nil {
				return err
			}
		}
	}
	return nil
}

// varint is a scalar field that must be a varint.
func (d *decoder) varint(f field) (int64, *Error) {
	if f.typ != protowire.VarintType {
		return 0, d.want(f, protowire.VarintType, d.fieldPath(f.num))
	}
	return int64(f.val), nil
}

// Attribute names, as the HLO text header spells them, for origins.
const (
	keyAlias = "input_output_alias"
	keyDonor = "buffer_donor"
)

func (m *module) lower(f *File, src []byte) (*model.Config, error) {
	ps := m.host
	if ps == nil {
		entry := m.entry()
		if entry == nil {
			return nil, &Error{Offset: f.mods[0].Body, Path: m.path, Msg: fmt.Sprintf("no entry computation (id %d, name %s) and no host_program_shape", m.entryID, strconv.Quote(m.entryName))}
		}
		if entry.shape == nil {
			return nil, &Error{Offset: f.mods[0].Body, Path: m.path + ".computations", Msg: fmt.Sprintf("the entry computation %s has no program_shape and the module no host_program_shape", strconv.Quote(entry.name))}
		}
		ps = entry.shape
	}
	cfg := model.NewConfig(ps.params, ps.result)
	cfg.Source.Func = ast.Pos{Filename: m.file, Offset: ps.off}
	cfg.Aliases.Grow(m.nAliases)
	alias := func(e *tableEntry) *Error {
		if err := e.check(len(ps.params)); err != nil {
			return err
		}
		kind := model.MayAlias
		if e.kind == 2 {
			kind = model.MustAlias
		}
		origin := model.Origin{Attr: keyAlias, Pos: ast.Pos{Filename: m.file, Offset: e.off}}
		if err := cfg.Aliases.SetUpAlias(e.out, e.param, e.index, kind, origin); err != nil {
			return &Error{Offset: e.off, Path: e.path(), Msg: err.Error()}
		}
		return nil
	}
	donor := func(e *tableEntry) *Error {
		if err := e.check(len(ps.params)); err != nil {
			return err
		}
		origin := model.Origin{Attr: keyDonor, Pos: ast.Pos{Filename: m.file, Offset: e.off}}
		if err := cfg.Donors.AddBufferDonor(e.param, e.index, origin); err != nil {
			return &Error{Offset: e.off, Path: e.path(), Msg: err.Error()}
		}
		return nil
	}
	for _, t := range []struct {
		spans  []span
		key    string
		names  map[protowire.Number]string
		fields [4]protowire.Number
		each   func(*tableEntry) *Error
	}{{f.aliases, keyAlias, aliasNames, aliasFields, alias}, {f.donors, keyDonor, donorNames, donorFields, donor}} {
		if len(t.spans) == 0 {
			continue
		}
		n := 0
		d := newDecoder(src, t.spans, m.path+"."+t.key, tableNames)
		d.rel = m.opts.behind()
		if err := readEntries(d, t.names, t.fields, &n, t.each); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// Verify checks cfg, the config ReadNamed read with f, as model.Verify
// does: the first error, at the module's alias config. ReadNamed leaves
// it to its caller, who may first say whether the shapes are already per
// device (model.Partitioning.Partitioned).
func (f *File) Verify(cfg *model.Config) error {
	for _, e := range model.Verify(cfg) {
		if e.Severity == ast.SevError {
			return &Error{Offset: f.mods[0].Body, Path: f.modPath + ".input_output_alias", Msg: e.Msg}
		}
	}
	return nil
}

// check checks the indices and the parameter of e, for an entry
// computation of params parameters.
func (e *tableEntry) check(params int) *Error {
	if msg := cmp.Or(nonNegative("output", e.out), nonNegative("parameter", e.index)); msg != "" {
		return &Error{Offset: e.off, Path: e.path(), Msg: msg}
	}
	if e.param >= int64(params) {
		return &Error{Offset: e.off, Path: e.path() + ".parameter_number", Msg: fmt.Sprintf("parameter %d does not exist: the entry has %d parameter(s)", e.param, params)}
	}
	return nil
}

func nonNegative(what string, index []int64) string {
	for _, i := range index {
		if i < 0 {
			return fmt.Sprintf("%s index %s must hold indices >= 0, got %d", what, model.ShapeIndex(index), i)
		}
	}
	return ""
}
