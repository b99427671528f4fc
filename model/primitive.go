package model

// PrimitiveType is an XLA element type.
type PrimitiveType uint8

// The element types that MHLO and StableHLO tensors can carry.
const (
	Invalid PrimitiveType = iota
	Pred
	S2
	S4
	S8
	S16
	S32
	S64
	U2
	U4
	U8
	U16
	U32
	U64
	F16
	BF16
	F32
	F64
	F8E5M2
	F8E4M3FN
	F8E4M3B11FNUZ
	F8E5M2FNUZ
	F8E4M3FNUZ
	F8E4M3
	F8E3M4
	F8E8M0FNU
	F4E2M1FN
	C64
	C128
)

type primitiveInfo struct {
	xla   string // XLA's lowercase name, as shapes print
	mlir  string // MLIR's builtin type name
	bytes int64  // XLA's ByteWidth: sub-byte types take one byte each
}

var primitives = [...]primitiveInfo{
	Invalid:       {"invalid", "none", 0},
	Pred:          {"pred", "i1", 1},
	S2:            {"s2", "i2", 1},
	S4:            {"s4", "i4", 1},
	S8:            {"s8", "i8", 1},
	S16:           {"s16", "i16", 2},
	S32:           {"s32", "i32", 4},
	S64:           {"s64", "i64", 8},
	U2:            {"u2", "ui2", 1},
	U4:            {"u4", "ui4", 1},
	U8:            {"u8", "ui8", 1},
	U16:           {"u16", "ui16", 2},
	U32:           {"u32", "ui32", 4},
	U64:           {"u64", "ui64", 8},
	F16:           {"f16", "f16", 2},
	BF16:          {"bf16", "bf16", 2},
	F32:           {"f32", "f32", 4},
	F64:           {"f64", "f64", 8},
	F8E5M2:        {"f8e5m2", "f8E5M2", 1},
	F8E4M3FN:      {"f8e4m3fn", "f8E4M3FN", 1},
	F8E4M3B11FNUZ: {"f8e4m3b11fnuz", "f8E4M3B11FNUZ", 1},
	F8E5M2FNUZ:    {"f8e5m2fnuz", "f8E5M2FNUZ", 1},
	F8E4M3FNUZ:    {"f8e4m3fnuz", "f8E4M3FNUZ", 1},
	F8E4M3:        {"f8e4m3", "f8E4M3", 1},
	F8E3M4:        {"f8e3m4", "f8E3M4", 1},
	F8E8M0FNU:     {"f8e8m0fnu", "f8E8M0FNU", 1},
	F4E2M1FN:      {"f4e2m1fn", "f4E2M1FN", 1},
	C64:           {"c64", "complex<f32>", 8},
	C128:          {"c128", "complex<f64>", 16},
}

// byXLAName and byMLIRName find an element type by its XLA and its MLIR
// name.
var byXLAName, byMLIRName = func() (xla, mlir map[string]PrimitiveType) {
	xla = make(map[string]PrimitiveType, len(primitives))
	mlir = make(map[string]PrimitiveType, len(primitives)+8)
	for i, p := range primitives {
		if t := PrimitiveType(i); t != Invalid {
			xla[p.xla], mlir[p.mlir] = t, t
		}
	}
	// Signed integer spellings map to XLA's signed types too.
	for _, w := range []string{"2", "4", "8", "16", "32", "64"} {
		mlir["si"+w] = mlir["i"+w]
	}
	return xla, mlir
}()

// PrimitiveFromXLA returns the element type XLA prints as name ("f32",
// "pred", "s4", "f8e4m3fn"), and reports whether there is one.
func PrimitiveFromXLA(name string) (PrimitiveType, bool) {
	p, ok := byXLAName[name]
	return p, ok
}

// PrimitiveFromMLIR returns the XLA element type of an MLIR builtin element
// type name such as "f32", "i1", "ui8" or "complex<f32>", and reports
// whether XLA has one.
func PrimitiveFromMLIR(name string) (PrimitiveType, bool) {
	p, ok := byMLIRName[name]
	return p, ok
}

// info is what the table says of p, Invalid's for a type it does not know.
func (p PrimitiveType) info() primitiveInfo {
	if int(p) < len(primitives) {
		return primitives[p]
	}
	return primitives[Invalid]
}

// String is XLA's name of the type: "f32", "pred", "s32", "c64".
func (p PrimitiveType) String() string { return p.info().xla }

// MLIR is the MLIR builtin name of the type: "f32", "i1", "complex<f32>".
func (p PrimitiveType) MLIR() string { return p.info().mlir }

// ByteWidth is the number of bytes one element takes in XLA's buffers.
func (p PrimitiveType) ByteWidth() int64 { return p.info().bytes }

// IsUnsignedInt reports whether p is an unsigned integer type, the only
// kind XLA accepts as a layout's index or pointer type.
func (p PrimitiveType) IsUnsignedInt() bool { return p >= U2 && p <= U64 }
