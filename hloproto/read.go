// Package hloproto is the third front end: it reads the compiler's binary
// files, xla.HloModuleProto (the Neuron compile cache's
// model.hlo_module.pb), xla.HloProto (XLA's --xla_dump_hlo_as_proto, the
// module in field 1) and xla.HloSnapshot (--xla_dump_hlo_snapshots, an
// HloProto in field 1), into the same model as the HLO text front end.
//
// Read walks the module's top-level fields by their lengths alone: it
// decodes host_program_shape (4), input_output_alias (8) and buffer_donor
// (18), and of the computations (3) only the name, id and program_shape of
// each, skipping the instructions and their literals unread. Rewrite
// re-encodes fields 8 and 18 as XLA's serializer writes them and adjusts
// the length prefixes of the enclosing HloProto and HloSnapshot; every
// other byte is kept.
package hloproto

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"

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
	switch k {
	case ModuleProto:
		return "HloModuleProto"
	case Proto:
		return "HloProto"
	case Snapshot:
		return "HloSnapshot"
	}
	return "unknown"
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
// the length and the content; the content starts at Body.
type span struct {
	Start, Body, End int
}

// File is what Read found.
type File struct {
	Kind Kind
	Name string // the module's name
	// wraps are the enclosing fields, outermost first: the HloProto in an
	// HloSnapshot, the module in an HloProto.
	wraps []span
	// module is the module's content.
	modStart, modEnd int
	// aliases and donors are every occurrence of fields 8 and 18;
	// aliasRaw and donorRaw the bytes of the first, tag to end.
	aliases, donors    []span
	aliasRaw, donorRaw []byte
	// aliasAt and donorAt are where each would be inserted: before the
	// first top-level field of a higher number, or at the module's end.
	aliasAt, donorAt int
}

// decoder reads a message's fields: the message is size bytes of the
// file from offset base, read through r, and pos counts from base.
type decoder struct {
	r     *source
	base  int // the offset of the message in the file
	size  int
	pos   int
	path  string
	names map[protowire.Number]string // the message's field names, for errors
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

func (d *decoder) errf(off int, path, format string, args ...any) *Error {
	return &Error{Offset: d.base + off, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// field is one field read: its number, its wire type, where its content is
// and, for a varint or fixed field, its value.
type field struct {
	num   protowire.Number
	typ   protowire.Type
	start int // the tag
	body  int // the content (the bytes of a length-delimited field)
	end   int
	val   uint64
}

func (d *decoder) done() bool { return d.pos >= d.size }

// peek returns at most n bytes of the message from p (fewer at its end):
// a look at a tag or a length, valid until the next read.
func (d *decoder) peek(p, n int) []byte {
	return d.r.peek(d.base+p, min(n, d.size-p))
}

// content returns the bytes of a length-delimited field, the decoder's to
// keep.
func (d *decoder) content(f field) []byte {
	return d.r.bytes(d.base+f.body, f.end-f.body)
}

// next reads the next field, its content skipped by its length.
func (d *decoder) next() (field, *Error) {
	f := field{start: d.pos}
	num, typ, n := protowire.ConsumeTag(d.peek(d.pos, maxTag))
	if n < 0 {
		return f, d.errf(d.pos, d.path, "bad field tag: %v", protowire.ParseError(n))
	}
	f.num, f.typ = num, typ
	p := d.pos + n
	switch typ {
	case protowire.VarintType:
		v, m := protowire.ConsumeVarint(d.peek(p, binary.MaxVarintLen64))
		if m < 0 {
			return f, d.errf(p, d.fieldPath(num), "%v", protowire.ParseError(m))
		}
		f.body, f.val, f.end = p, v, p+m
	case protowire.BytesType:
		v, m := protowire.ConsumeVarint(d.peek(p, binary.MaxVarintLen64))
		if m < 0 {
			return f, d.errf(p, d.fieldPath(num), "bad length: %v", protowire.ParseError(m))
		}
		if v > uint64(d.size-p-m) {
			return f, d.errf(p, d.fieldPath(num), "length %d runs past the end of its message (%d bytes left)", v, d.size-p-m)
		}
		f.body, f.end = p+m, p+m+int(v)
	default:
		b := d.peek(p, maxScalar)
		m := protowire.ConsumeFieldValue(num, typ, b)
		if typ == protowire.StartGroupType {
			m = protowire.ConsumeFieldValue(num, typ, d.r.bytes(d.base+p, d.size-p))
		}
		if m < 0 {
			return f, d.errf(p, d.fieldPath(num), "%v", protowire.ParseError(m))
		}
		f.body, f.end = p, p+m
		if typ == protowire.Fixed64Type {
			f.val, _ = protowire.ConsumeFixed64(b)
		} else if typ == protowire.Fixed32Type {
			v, _ := protowire.ConsumeFixed32(b)
			f.val = uint64(v)
		}
	}
	d.pos = f.end
	return f, nil
}

// sub returns a decoder of a length-delimited field's content.
func (d *decoder) sub(f field, path string, names map[protowire.Number]string) *decoder {
	return &decoder{r: d.r, base: d.base + f.body, size: f.end - f.body, path: path, names: names}
}

// want checks a field's wire type.
func (d *decoder) want(f field, typ protowire.Type, path string) *Error {
	if f.typ != typ {
		return d.errf(f.start, path, "wire type %d, want %d (%s)", f.typ, typ, typeName(typ))
	}
	return nil
}

func typeName(t protowire.Type) string {
	switch t {
	case protowire.VarintType:
		return "varint"
	case protowire.BytesType:
		return "length-delimited"
	}
	return "other"
}

// ints appends a repeated int64 field's values, packed or not.
func (d *decoder) ints(f field, path string, v []int64) ([]int64, *Error) {
	switch f.typ {
	case protowire.VarintType:
		return append(v, int64(f.val)), nil
	case protowire.BytesType:
		b := d.content(f)
		for p := 0; p < len(b); {
			x, n := protowire.ConsumeVarint(b[p:])
			if n < 0 {
				return nil, d.errf(f.body+p, path, "packed varint: %v", protowire.ParseError(n))
			}
			v = append(v, int64(x))
			p += n
		}
		return v, nil
	}
	return nil, d.errf(f.start, path, "wire type %d, want a varint or packed varints", f.typ)
}

// Detect finds the kind of src from its content: HloSnapshot, HloProto and
// HloModuleProto all begin with field 1, length-delimited; the nesting
// settles which. A module without a name begins with another field. It
// returns Unknown when src is no such message.
func Detect(src []byte) Kind {
	return detect(memSource(src))
}

// DetectAt is Detect of the size bytes r holds.
func DetectAt(r io.ReaderAt, size int64) Kind {
	src := fileSource(r, size)
	defer src.putWindow()
	return detect(src)
}

func detect(r *source) Kind {
	kinds := []Kind{Snapshot, Proto, ModuleProto}
	if r.size == 0 {
		return Unknown
	}
	if b := r.peek(0, 1); len(b) == 0 || b[0] != 0x0A {
		kinds = kinds[2:]
	}
	for _, k := range kinds {
		if _, _, err := read("", r, k); err == nil {
			return k
		}
	}
	return Unknown
}

// Read reads src as a message of kind k (Unknown: found by Detect) and
// lowers its entry computation's alias table and donors into a config,
// verified as the HLO text front end verifies its own.
func Read(src []byte, k Kind) (*File, *model.Config, error) {
	return ReadNamed("", src, k)
}

// ReadNamed is Read of the file called name: the config's positions (of
// the function, the aliases and donors) carry it, for diagnostics.
func ReadNamed(name string, src []byte, k Kind) (*File, *model.Config, error) {
	return read(name, memSource(src), k)
}

// ReadAt is ReadNamed of the size bytes r holds, a file: the walk reads
// each field's tag and length, and the content of the fields it decodes,
// through r, and nothing else. Read a large file this way rather than
// through a mapping of it: a walk that touches one page every few
// megabytes costs more in page faults (and in unmapping) than in reads.
func ReadAt(name string, r io.ReaderAt, size int64, k Kind) (*File, *model.Config, error) {
	src := fileSource(r, size)
	defer src.putWindow() // what the File keeps was copied out of it
	return read(name, src, k)
}

func read(name string, r *source, k Kind) (*File, *model.Config, error) {
	if k == Unknown {
		if k = detect(r); k == Unknown {
			return nil, nil, &Error{Offset: 0, Path: "HloModuleProto", Msg: "not an HloModuleProto, HloProto or HloSnapshot"}
		}
	}
	f, cfg, err := readKind(name, r, k)
	if r.err != nil {
		return nil, nil, &Error{Offset: 0, Path: k.String(), Msg: r.err.Error()}
	}
	return f, cfg, err
}

func readKind(name string, r *source, k Kind) (*File, *model.Config, error) {
	f := &File{Kind: k}
	d := &decoder{r: r, size: r.size, path: k.String(), names: map[Kind]map[protowire.Number]string{Snapshot: snapshotNames, Proto: protoNames, ModuleProto: moduleNames}[k]}
	path := k.String()
	// Unwrap: HloSnapshot.hlo (1) holds an HloProto, HloProto.hlo_module (1)
	// the module.
	steps := map[Kind][]string{Snapshot: {"hlo", "hlo_module"}, Proto: {"hlo_module"}}[k]
	for _, name := range steps {
		var found *field
		for !d.done() {
			fl, err := d.next()
			if err != nil {
				return nil, nil, err
			}
			if fl.num == 1 {
				if err := d.want(fl, protowire.BytesType, path+"."+name); err != nil {
					return nil, nil, err
				}
				if found != nil {
					return nil, nil, d.errf(fl.start, path+"."+name, "the field occurs twice")
				}
				c := fl
				found = &c
			}
		}
		if found == nil {
			return nil, nil, d.errf(d.size, path+"."+name, "missing")
		}
		f.wraps = append(f.wraps, span{Start: d.base + found.start, Body: d.base + found.body, End: d.base + found.end})
		path += "." + name
		d = d.sub(*found, path, map[string]map[protowire.Number]string{"hlo": protoNames, "hlo_module": moduleNames}[name])
	}
	f.modStart, f.modEnd = d.base, d.base+d.size
	m := &module{path: path, file: name}
	if err := m.read(d, f); err != nil {
		return nil, nil, err
	}
	cfg, err := m.lower(f)
	if err != nil {
		return nil, nil, err
	}
	cfg.Names = m.names(r, cfg)
	return f, cfg, nil
}

// module is what the module's fields hold.
type module struct {
	file      string
	path      string
	entryName string
	entryID   int64
	host      *programShape
	comps     []computation
	aliases   []aliasEntry
	donors    []donorEntry
}

type computation struct {
	name  string
	id    int64
	shape *programShape
	// at and size are the computation's message in the file, rootID its
	// root_id: for the names of the entry's parameters and root (names.go).
	at, size int
	rootID   int64
}

type programShape struct {
	params []model.Shape
	result model.Shape
	off    int
}

type aliasEntry struct {
	out, index []int64
	param      int64
	kind       int64
	off        int
	path       string
}

type donorEntry struct {
	param int64
	index []int64
	off   int
	path  string
}

func (m *module) read(d *decoder, f *File) *Error {
	f.aliasAt, f.donorAt = -1, -1
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		if fl.num > 8 && f.aliasAt < 0 {
			f.aliasAt = d.base + fl.start
		}
		if fl.num > 18 && f.donorAt < 0 {
			f.donorAt = d.base + fl.start
		}
		switch fl.num {
		case 1, 2:
			name := map[protowire.Number]string{1: "name", 2: "entry_computation_name"}[fl.num]
			if err := d.want(fl, protowire.BytesType, m.path+"."+name); err != nil {
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
			p := m.path + ".host_program_shape"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			ps, err := readProgramShape(d.sub(fl, p, programNames))
			if err != nil {
				return err
			}
			m.host = ps
		case 6:
			if err := d.want(fl, protowire.VarintType, m.path+".entry_computation_id"); err != nil {
				return err
			}
			m.entryID = int64(fl.val)
		case 8:
			p := m.path + ".input_output_alias"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			if f.aliases == nil {
				f.aliasRaw = d.r.bytes(d.base+fl.start, fl.end-fl.start)
			}
			f.aliases = append(f.aliases, span{d.base + fl.start, d.base + fl.body, d.base + fl.end})
			if err := m.readAliases(d.sub(fl, p, tableNames)); err != nil {
				return err
			}
		case 18:
			p := m.path + ".buffer_donor"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			if f.donors == nil {
				f.donorRaw = d.r.bytes(d.base+fl.start, fl.end-fl.start)
			}
			f.donors = append(f.donors, span{d.base + fl.start, d.base + fl.body, d.base + fl.end})
			if err := m.readDonors(d.sub(fl, p, tableNames)); err != nil {
				return err
			}
		}
	}
	end := d.base + d.size
	if f.aliasAt < 0 {
		f.aliasAt = end
	}
	if f.donorAt < 0 {
		f.donorAt = end
	}
	return nil
}

func readComputation(d *decoder) (computation, *Error) {
	c := computation{at: d.base, size: d.size}
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
			p := d.path + ".program_shape"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return c, err
			}
			ps, err := readProgramShape(d.sub(fl, p, programNames))
			if err != nil {
				return c, err
			}
			c.shape = ps
		case 5:
			if err := d.want(fl, protowire.VarintType, d.path+".id"); err != nil {
				return c, err
			}
			c.id = int64(fl.val)
		case 6:
			if fl.typ == protowire.VarintType {
				c.rootID = int64(fl.val)
			}
		}
	}
	return c, nil
}

func readProgramShape(d *decoder) (*programShape, *Error) {
	ps := &programShape{off: d.base}
	hasResult := false
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
			p := d.path + ".result"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return nil, err
			}
			if err := readShape(d.sub(fl, p, shapeNames), &ps.result, 0); err != nil {
				return nil, err
			}
			hasResult = true
		}
	}
	if !hasResult {
		return nil, d.errf(d.size, d.path+".result", "missing")
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
		return d.errf(0, d.path, "shapes nested more than %d deep", maxDepth)
	}
	var elem uint64
	var dims []int64
	var dynamic []bool
	var elems []model.Shape
	var layout *field
	var layoutDec *decoder
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		switch fl.num {
		case 2:
			if err := d.want(fl, protowire.VarintType, d.path+".element_type"); err != nil {
				return err
			}
			elem = fl.val
		case 3:
			if dims, err = d.ints(fl, d.path+".dimensions", dims); err != nil {
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
			p := d.path + ".layout"
			if err := d.want(fl, protowire.BytesType, p); err != nil {
				return err
			}
			c := fl
			layout, layoutDec = &c, d.sub(fl, p, layoutNames)
		case 6:
			v, err := d.ints(fl, d.path+".is_dynamic_dimension", nil)
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
		return d.errf(0, d.path+".element_type", "element type %d is not one this tool reads", elem)
	}
	s := model.Shape{Kind: model.ArrayShape, Elem: p, Dims: make([]int64, len(dims))}
	if len(dynamic) > 0 && len(dynamic) != len(dims) {
		return d.errf(0, d.path+".is_dynamic_dimension", "%d entries for %d dimensions", len(dynamic), len(dims))
	}
	anyDynamic := false
	for _, b := range dynamic {
		anyDynamic = anyDynamic || b
	}
	if anyDynamic {
		s.SetDynamic(dynamic)
	}
	for i, n := range dims {
		switch {
		case n == math.MinInt64 && s.IsDynamicDim(i):
			s.Dims[i] = model.UnboundedSize
		case n < 0:
			return d.errf(0, d.path+".dimensions", "invalid dimension size %d", n)
		default:
			s.Dims[i] = n
		}
	}
	if layout == nil {
		s.SetDefaultLayout()
	} else if err := readLayout(layoutDec, &s); err != nil {
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
		varint := func(name string) (int64, *Error) {
			if err := d.want(fl, protowire.VarintType, d.path+"."+name); err != nil {
				return 0, err
			}
			return int64(fl.val), nil
		}
		switch fl.num {
		case 1:
			if m2m, err = d.ints(fl, d.path+".minor_to_major", m2m); err != nil {
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
					if tile, err = td.ints(tf, p+".dimensions", tile); err != nil {
						return err
					}
				}
			}
			for _, n := range tile {
				if n < 0 && n != model.CombineDimension {
					return d.errf(fl.start, p+".dimensions", "invalid tile dimension %d", n)
				}
			}
			a.Tiles = append(a.Tiles, tile)
		case 7:
			if a.ElementSizeBits, err = varint("element_size_in_bits"); err != nil {
				return err
			}
		case 8:
			m, err := varint("memory_space")
			if err != nil {
				return err
			}
			s.SetMemorySpace(m)
		case 9:
			return d.errf(fl.start, d.path+".dim_level_types", "a sparse layout is not one this tool reads")
		case 10:
			return d.errf(fl.start, d.path+".physical_shape", "Layout has physical shape, but is not for a sparse array")
		case 11, 12:
			name := map[protowire.Number]string{11: "index_primitive_type", 12: "pointer_primitive_type"}[fl.num]
			v, err := varint(name)
			if err != nil {
				return err
			}
			if v == 0 {
				continue
			}
			p, ok := primitives[uint64(v)]
			if !ok || !p.IsUnsignedInt() {
				return d.errf(fl.start, d.path+"."+name, "expecting an unsigned integer type, got %d", v)
			}
			if fl.num == 11 {
				a.IndexType = p
			} else {
				a.PointerType = p
			}
		case 15:
			if a.DynamicMetadataPrefixBytes, err = varint("dynamic_shape_metadata_prefix_bytes"); err != nil {
				return err
			}
		case 16:
			v, err := varint("tail_padding_alignment_in_elements")
			if err != nil {
				return err
			}
			if v != 0 {
				a.TailPaddingAlignment = v
			}
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
					if err := sd.want(sf, protowire.VarintType, p+".dimension"); err != nil {
						return err
					}
					sc.Dimension = int64(sf.val)
				case 2:
					if sc.Indices, err = sd.ints(sf, p+".split_indices", sc.Indices); err != nil {
						return err
					}
				}
			}
			a.SplitConfigs = append(a.SplitConfigs, sc)
		}
	}
	if len(m2m) != len(s.Dims) {
		return d.errf(0, d.path+".minor_to_major", "Dimensions size is %d, but minor to major size is %d.", len(s.Dims), len(m2m))
	}
	seen := make([]bool, len(m2m))
	for _, x := range m2m {
		if x < 0 || x >= int64(len(m2m)) || seen[x] {
			return d.errf(0, d.path+".minor_to_major", "layout minor_to_major field is not a permutation: %s", model.ShapeIndex(m2m))
		}
		seen[x] = true
	}
	if m2m == nil {
		m2m = []int64{}
	}
	s.HasLayout, s.MinorToMajor = true, m2m
	if s.MemorySpace() < 0 || a.ElementSizeBits < 0 || a.DynamicMetadataPrefixBytes < 0 || a.TailPaddingAlignment < 1 {
		return d.errf(0, d.path, "a negative layout attribute")
	}
	if !a.IsZero() {
		s.SetAttrs(a)
	}
	return nil
}

// readEntries reads the repeated entries (field 1) of an alias or donor
// table: each is checked to be a message, and field reads the entry's
// fields one by one, with the entry's path; end gets the entry's path and
// byte offset once its fields are read.
func readEntries(d *decoder, names map[protowire.Number]string, count func() int, field func(ed *decoder, ef field, p string) *Error, end func(p string, off int)) *Error {
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return err
		}
		if fl.num != 1 {
			continue
		}
		p := fmt.Sprintf("%s.entries[%d]", d.path, count())
		if err := d.want(fl, protowire.BytesType, p); err != nil {
			return err
		}
		ed := d.sub(fl, p, names)
		for !ed.done() {
			ef, err := ed.next()
			if err != nil {
				return err
			}
			if err := field(ed, ef, p); err != nil {
				return err
			}
		}
		end(p, d.base+fl.start)
	}
	return nil
}

// varint is a scalar field that must be a varint.
func (d *decoder) varint(f field, path string) (int64, *Error) {
	if err := d.want(f, protowire.VarintType, path); err != nil {
		return 0, err
	}
	return int64(f.val), nil
}

func (m *module) readAliases(d *decoder) *Error {
	var e aliasEntry
	return readEntries(d, aliasNames, func() int { return len(m.aliases) }, func(ed *decoder, ef field, p string) *Error {
		var err *Error
		switch ef.num {
		case 1:
			e.out, err = ed.ints(ef, p+".output_shape_index", e.out)
		case 2:
			e.param, err = ed.varint(ef, p+".parameter_number")
		case 3:
			e.index, err = ed.ints(ef, p+".parameter_shape_index", e.index)
		case 4:
			if e.kind, err = ed.varint(ef, p+".kind"); err == nil && (e.kind < 0 || e.kind > 2) {
				err = ed.errf(ef.start, p+".kind", "unknown alias kind %d (UNDEFINED_ALIAS 0, MAY_ALIAS 1, MUST_ALIAS 2)", e.kind)
			}
		}
		return err
	}, func(p string, off int) {
		e.off, e.path = off, p
		m.aliases = append(m.aliases, e)
		e = aliasEntry{}
	})
}

func (m *module) readDonors(d *decoder) *Error {
	var e donorEntry
	return readEntries(d, donorNames, func() int { return len(m.donors) }, func(ed *decoder, ef field, p string) *Error {
		var err *Error
		switch ef.num {
		case 1:
			e.param, err = ed.varint(ef, p+".parameter_number")
		case 2:
			e.index, err = ed.ints(ef, p+".parameter_shape_index", e.index)
		}
		return err
	}, func(p string, off int) {
		e.off, e.path = off, p
		m.donors = append(m.donors, e)
		e = donorEntry{}
	})
}

// Attribute names, as the HLO text header spells them, for origins.
const (
	keyAlias = "input_output_alias"
	keyDonor = "buffer_donor"
)

func (m *module) lower(f *File) (*model.Config, error) {
	ps := m.host
	if ps == nil {
		var entry *computation
		for i := range m.comps {
			if m.comps[i].id == m.entryID && (m.entryName == "" || m.comps[i].name == m.entryName) {
				entry = &m.comps[i]
				break
			}
		}
		if entry == nil && m.entryName != "" {
			for i := range m.comps {
				if m.comps[i].name == m.entryName {
					entry = &m.comps[i]
					break
				}
			}
		}
		if entry == nil {
			return nil, &Error{Offset: f.modStart, Path: m.path, Msg: fmt.Sprintf("no entry computation (id %d, name %s) and no host_program_shape", m.entryID, strconv.Quote(m.entryName))}
		}
		if entry.shape == nil {
			return nil, &Error{Offset: f.modStart, Path: m.path + ".computations", Msg: fmt.Sprintf("the entry computation %s has no program_shape and the module no host_program_shape", strconv.Quote(entry.name))}
		}
		ps = entry.shape
	}
	cfg := model.NewConfig(ps.params, ps.result)
	cfg.Source.Func = ast.Pos{Filename: m.file, Offset: ps.off}
	cfg.Aliases.Grow(len(m.aliases))
	for _, e := range m.aliases {
		if err := nonNegative(e.out, e.index); err != "" {
			return nil, &Error{Offset: e.off, Path: e.path, Msg: err}
		}
		if e.param >= int64(len(ps.params)) {
			return nil, &Error{Offset: e.off, Path: e.path + ".parameter_number", Msg: fmt.Sprintf("parameter %d does not exist: the entry has %d parameter(s)", e.param, len(ps.params))}
		}
		kind := model.MayAlias
		if e.kind == 2 {
			kind = model.MustAlias
		}
		origin := model.Origin{Attr: keyAlias, Pos: ast.Pos{Filename: m.file, Offset: e.off}}
		if err := cfg.Aliases.SetUpAlias(e.out, e.param, e.index, kind, origin); err != nil {
			return nil, &Error{Offset: e.off, Path: e.path, Msg: err.Error()}
		}
	}
	for _, e := range m.donors {
		if err := nonNegative(nil, e.index); err != "" {
			return nil, &Error{Offset: e.off, Path: e.path, Msg: err}
		}
		if e.param >= int64(len(ps.params)) {
			return nil, &Error{Offset: e.off, Path: e.path + ".parameter_number", Msg: fmt.Sprintf("parameter %d does not exist: the entry has %d parameter(s)", e.param, len(ps.params))}
		}
		origin := model.Origin{Attr: keyDonor, Pos: ast.Pos{Filename: m.file, Offset: e.off}}
		if err := cfg.Donors.AddBufferDonor(e.param, e.index, origin); err != nil {
			return nil, &Error{Offset: e.off, Path: e.path, Msg: err.Error()}
		}
	}
	for _, e := range model.Verify(cfg) {
		if e.Severity == ast.SevError {
			return nil, &Error{Offset: f.modStart, Path: m.path + ".input_output_alias", Msg: e.Msg}
		}
	}
	return cfg, nil
}

func nonNegative(out, index []int64) string {
	for _, i := range out {
		if i < 0 {
			return fmt.Sprintf("output index %s must hold indices >= 0, got %d", model.ShapeIndex(out), i)
		}
	}
	for _, i := range index {
		if i < 0 {
			return fmt.Sprintf("parameter index %s must hold indices >= 0, got %d", model.ShapeIndex(index), i)
		}
	}
	return ""
}
