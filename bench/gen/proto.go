package gen

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// A parameter is f32[256,1024]{1,0}; a constant f32[elems]{0}.
const rows, cols = 256, 1024

func shape(dims ...int64) []byte {
	var b []byte
	b = protowire.AppendTag(b, 2, protowire.VarintType) // element_type
	b = protowire.AppendVarint(b, 11)                   // F32
	var packed, m2m []byte
	for i, d := range dims {
		packed = protowire.AppendVarint(packed, uint64(d))
		m2m = protowire.AppendVarint(m2m, uint64(len(dims)-1-i))
	}
	b = protowire.AppendTag(b, 3, protowire.BytesType) // dimensions
	b = protowire.AppendBytes(b, packed)
	var layout []byte
	layout = protowire.AppendTag(layout, 1, protowire.BytesType) // minor_to_major
	layout = protowire.AppendBytes(layout, m2m)
	b = protowire.AppendTag(b, 5, protowire.BytesType) // layout
	return protowire.AppendBytes(b, layout)
}

func tupleShape(elems [][]byte) []byte {
	var b []byte
	b = protowire.AppendTag(b, 2, protowire.VarintType)
	b = protowire.AppendVarint(b, 13) // TUPLE
	for _, e := range elems {
		b = protowire.AppendTag(b, 4, protowire.BytesType) // tuple_shapes
		b = protowire.AppendBytes(b, e)
	}
	return b
}

func str(b []byte, num protowire.Number, s string) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendString(b, s)
}

func msg(b []byte, num protowire.Number, m []byte) []byte {
	b = protowire.AppendTag(b, num, protowire.BytesType)
	return protowire.AppendBytes(b, m)
}

func varint(b []byte, num protowire.Number, v int64) []byte {
	b = protowire.AppendTag(b, num, protowire.VarintType)
	return protowire.AppendVarint(b, uint64(v))
}

// instr is an HloInstructionProto without its literal: the fields before
// literal (8) and after it.
func instr(name, opcode string, sh []byte, param int64, id int64, operands []int64) (head, tail []byte) {
	head = str(head, 1, name)
	head = str(head, 2, opcode)
	head = msg(head, 3, sh)
	if param >= 0 {
		tail = varint(tail, 9, param)
	}
	tail = varint(tail, 35, id)
	if len(operands) > 0 {
		var p []byte
		for _, o := range operands {
			p = protowire.AppendVarint(p, uint64(o))
		}
		tail = msg(tail, 36, p)
	}
	return head, tail
}

// WriteProto writes an xla.HloModuleProto of about size bytes as XLA
// serializes one: the entry computation holds params parameters of
// f32[256,1024]{1,0}, literal f32 constants of elems values each (most of
// the size) and a tuple root, followed by the module's
// host_program_shape, an input_output_alias table over the first half of
// the parameters and buffer_donor entries for the other half. params must
// be even and at least 2.
func WriteProto(w io.Writer, size int64, params, elems int) error {
	if params < 2 || params%2 != 0 {
		return fmt.Errorf("-params must be even and at least 2")
	}
	ps := shape(rows, cols)
	var instrs [][]byte
	id := int64(1)
	var pshapes [][]byte
	for i := 0; i < params; i++ {
		h, t := instr("p"+strconv.Itoa(i), "parameter", ps, int64(i), id, nil)
		instrs = append(instrs, append(h, t...))
		pshapes = append(pshapes, ps)
		id++
	}
	// The constants: each literal is shape (1) then f32s (8), packed.
	cs := shape(int64(elems))
	litHead := msg(nil, 1, cs)
	litHead = protowire.AppendTag(litHead, 8, protowire.BytesType)
	litHead = protowire.AppendVarint(litHead, uint64(4*elems))
	litLen := len(litHead) + 4*elems
	constLen := func(i int) (head []byte, tail []byte, n int) {
		h, t := instr("constant."+strconv.Itoa(i), "constant", cs, -1, id+int64(i), nil)
		h = protowire.AppendTag(h, 8, protowire.BytesType)
		h = protowire.AppendVarint(h, uint64(litLen))
		return h, t, len(h) + litLen + len(t)
	}
	_, _, one := constLen(0)
	nconst := int((size + int64(one)/2) / int64(one+8))
	if nconst < 1 {
		nconst = 1
	}
	id += int64(nconst)
	// The root: a tuple of the parameters, each output the same shape as
	// its parameter.
	var ops []int64
	for i := 0; i < params; i++ {
		ops = append(ops, int64(i+1))
	}
	rh, rt := instr("tuple", "tuple", tupleShape(pshapes), -1, id, ops)
	root := append(rh, rt...)
	rootID := id

	var prog []byte
	for _, p := range pshapes {
		prog = msg(prog, 1, p)
	}
	prog = msg(prog, 2, tupleShape(pshapes))
	for i := 0; i < params; i++ {
		prog = str(prog, 3, "p"+strconv.Itoa(i))
	}

	// The entry computation's length: name, instructions, program_shape,
	// id, root_id.
	compHead := str(nil, 1, "main.1")
	for _, in := range instrs {
		compHead = msg(compHead, 2, in)
	}
	compLen := len(compHead)
	for i := 0; i < nconst; i++ {
		_, _, n := constLen(i)
		compLen += protowire.SizeTag(2) + protowire.SizeBytes(n)
	}
	var compTail []byte
	compTail = msg(compTail, 2, root)
	compTail = msg(compTail, 4, prog)
	compTail = varint(compTail, 5, 1)
	compTail = varint(compTail, 6, rootID)
	compLen += len(compTail)

	var b []byte
	b = str(b, 1, "jit_train_step")
	b = str(b, 2, "main.1")
	b = protowire.AppendTag(b, 3, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(compLen))
	b = append(b, compHead...)
	if _, err := w.Write(b); err != nil {
		return err
	}
	data := make([]byte, 4*elems)
	for i := 0; i < nconst; i++ {
		h, t, n := constLen(i)
		pre := protowire.AppendTag(nil, 2, protowire.BytesType)
		pre = protowire.AppendVarint(pre, uint64(n))
		for j := 0; j < elems; j++ {
			binary.LittleEndian.PutUint32(data[4*j:], math.Float32bits(float32(i)+float32(j%1000)/1000))
		}
		for _, part := range [][]byte{pre, h, litHead, data, t} {
			if _, err := w.Write(part); err != nil {
				return err
			}
		}
	}
	b = append(compTail[:0:0], compTail...)
	b = msg(b, 4, prog) // host_program_shape
	b = varint(b, 5, 1) // id
	b = varint(b, 6, 1) // entry_computation_id
	// input_output_alias: output {i} aliases parameter i, the first half.
	var aliases []byte
	for i := 0; i < params/2; i++ {
		var e []byte
		e = msg(e, 1, protowire.AppendVarint(nil, uint64(i)))
		if i != 0 {
			e = varint(e, 2, int64(i))
		}
		e = varint(e, 4, 1) // MAY_ALIAS
		aliases = msg(aliases, 1, e)
	}
	b = msg(b, 8, aliases)
	// buffer_donor: the second half.
	var donors []byte
	for i := params / 2; i < params; i++ {
		donors = msg(donors, 1, varint(nil, 1, int64(i)))
	}
	b = msg(b, 18, donors)
	_, err := w.Write(b)
	return err
}
