package ast

import (
	"reflect"
	"slices"
)

// The node types below are what package parser reads of a signature and
// of the attribute dictionaries. Every node has Pos and EndPos, where its
// first byte is and the byte after it, except TensorType and NamedType,
// which are always the whole of a Type and share its span. The nodes of
// which a signature holds one or more per argument (Arg, Result, Type,
// Loc, AttrDict, AttrEntry, Attr and the attribute kinds) keep them as
// offsets (At); File.PosOf gives the line and column when a diagnostic
// needs them. The two that stand once per signature (Signature,
// ResultList) keep whole positions. The
// grammar of record is a parallel set of types in package parser, with
// the same names and fields.

// Signature is a custom-form function signature, from the argument list to
// the end of the optional `attributes {...}` clause:
//
//	(%arg0: tensor<2xf32> {mhlo.result_alias = ...}) -> (tensor<2xf32> {...}) attributes {...}
type Signature struct {
	Pos     Pos
	EndPos  Pos
	Args    []*Arg
	Results *ResultList
	Attrs   *AttrDict
}

// Arg is a function argument: `%name: type {attrs} loc(...)`. A function
// declaration's arguments have no name.
type Arg struct {
	Pos    At
	EndPos At
	Name   string
	Type   *Type
	Attrs  *AttrDict
	Loc    *Loc
}

// ResultList is what follows `->`: a parenthesized list of results, or a
// single type.
type ResultList struct {
	Pos     Pos
	EndPos  Pos
	Paren   bool
	Results []*Result
	Single  *Type
}

// List returns the results as a list, wrapping a single type.
func (r *ResultList) List() []*Result {
	if r == nil {
		return nil
	}
	if !r.Paren {
		return []*Result{{Pos: r.Single.Pos, EndPos: r.Single.EndPos, Type: r.Single}}
	}
	return r.Results
}

// Result is a function result: `type {attrs} loc(...)`.
type Result struct {
	Pos    At
	EndPos At
	Type   *Type
	Attrs  *AttrDict
	Loc    *Loc
}

// Loc is a location trailer, `loc(...)`: its span alone, as the tool
// never reads one.
type Loc struct {
	Pos    At
	EndPos At
}

// Type is an MLIR type: Node is a *TensorType, *TupleType, *FunctionType
// or *NamedType, which the As methods give typed, or Plain.
type Type struct {
	Pos    At
	EndPos At
	Node   any
}

// The type's node of each kind; nil when it is of another.
func (t *Type) AsTensor() *TensorType { x, _ := t.Node.(*TensorType); return x }
func (t *Type) AsTuple() *TupleType   { x, _ := t.Node.(*TupleType); return x }
func (t *Type) AsFunc() *FunctionType { x, _ := t.Node.(*FunctionType); return x }
func (t *Type) AsNamed() *NamedType   { x, _ := t.Node.(*NamedType); return x }

// TensorType is `tensor<2x?xf32, encoding>`. Dims is the dimension list as
// written ("2x?x", "*x" when unranked, "" for a scalar). A tensor type is
// always the whole of a Type, whose Pos and EndPos are its span: it has
// none of its own, as signatures hold thousands of them.
type TensorType struct {
	Dims     string
	Elem     *Type
	Encoding *Attr
}

// PlainTensor is the node of the commonest tensor type, read whole:
// `tensor<2x?x3xf32>`, dimensions of digits or '?', a builtin element
// type, no encoding, no white space. It holds nothing: the text is the
// Type's span, which SplitPlainTensor splits, so that a signature of
// thousands of such arguments costs one Type node each. Every such Type
// shares the one node, Plain.
type PlainTensor struct{}

// Plain is the node of every plain tensor type.
var Plain = &PlainTensor{}

// SplitPlainTensor splits the text of a plain tensor type,
// `tensor<2x?x3xf32>`, into its dimension list as written, "2x?x3x",
// and its element type, "f32".
func SplitPlainTensor(text []byte) (dims, elem []byte) {
	body := text[len("tensor<") : len(text)-1]
	j := 0
	for {
		k := j
		if k < len(body) && body[k] == '?' {
			k++
		} else {
			for k < len(body) && body[k] >= '0' && body[k] <= '9' {
				k++
			}
		}
		if k == j || k >= len(body) || body[k] != 'x' {
			return body[:j], body[j:]
		}
		j = k + 1
	}
}

// TupleType is `tuple<T, ...>`.
type TupleType struct {
	Pos    At
	EndPos At
	Elems  []*Type
}

// FunctionType is `(T, ...) -> (T, ...)` or `(T, ...) -> T`.
type FunctionType struct {
	Pos     At
	EndPos  At
	Inputs  []*Type
	Paren   bool
	Results []*Type
	Single  *Type
}

// ResultTypes returns the result types as a list.
func (f *FunctionType) ResultTypes() []*Type {
	if !f.Paren {
		return []*Type{f.Single}
	}
	return f.Results
}

// NamedType is any other type: a builtin such as `i32` or `complex<f32>`,
// a dialect type such as `!mhlo.token`, or a type alias `!name`. A dialect
// type with a body, `!quant.uniform<...>`, is one token, all in Name. Like
// TensorType it is the whole of a Type, and its span is the Type's.
type NamedType struct {
	Name string
	Body *RawAngle
}

// AttrDict is an attribute dictionary `{key = value, flag}`.
type AttrDict struct {
	Pos     At
	EndPos  At
	Entries []*AttrEntry
}

// Lookup returns the entry named key, or nil. Keys written as strings are
// compared unquoted.
func (d *AttrDict) Lookup(key string) *AttrEntry {
	if d == nil {
		return nil
	}
	for _, e := range d.Entries {
		if e.Name() == key {
			return e
		}
	}
	return nil
}

// AttrEntry is one `key = value` (or a unit `key`, Value nil) of a
// dictionary. In a top-level dictionary (the module's, the entry
// function's generic properties and attributes or custom `attributes`,
// and those of its arguments and results), the value of a key the tool
// does not read (ReadsValue) is not kept: a scalar one (a string, number
// or boolean, with any type suffix) is Unkept, shared by every such
// entry; any other (a dictionary, an array, a dense literal, a type, ...)
// is a node of its own kind with no Node (Skipped), its span alone,
// unless some dictionary inside it has a key twice (which lower
// reports). The value of a key the tool reads some keys of (ReadsKeys), a
// dictionary, keeps the entries of those keys alone, under the same
// condition. The entry's span still covers the value.
type AttrEntry struct {
	Pos    At
	EndPos At
	Key    string
	Value  *Attr
}

// Unkept is the Value of an entry whose value is not kept (AttrEntry).
var Unkept = &Attr{}

// ReadsValue reports whether the tool reads the value of key in a
// top-level dictionary (AttrEntry).
func ReadsValue(key string) bool {
	switch key {
	case "mhlo.result_alias", "tf.aliasing_output", "jax.buffer_donor", "mhlo.layout_mode",
		"mhlo.memory_kind", "jax.arg_info", "jax.result_info", "mhlo.frontend_attributes",
		"sdy.sharding", "mhlo.num_partitions",
		"mhlo.input_output_alias", "mhlo.xla_entry_computation_parameter_layouts",
		"mhlo.xla_entry_computation_result_layout", "function_type", "arg_attrs", "res_attrs",
		"sym_name", "sym_visibility":
		return true
	}
	return false
}

// ReadsKeys is, for a top-level key whose value is a dictionary the tool
// reads some keys of, those keys (AttrEntry); nil for any other key.
func ReadsKeys(key string) []string {
	if key == "mhlo.frontend_attributes" {
		return frontendKeys
	}
	return nil
}

var frontendKeys = []string{"neff_input_names"}

// DropUnread sets the Value of each entry of d, a top-level dictionary,
// that AttrEntry says is not kept to Unkept or to a Skipped value, and
// keeps of a dictionary ReadsKeys names the entries of its keys; the
// first key written twice among what it drops is the value's Twice.
func DropUnread(d *AttrDict) {
	if d == nil {
		return
	}
	for _, e := range d.Entries {
		v, keys := e.Value, ReadsKeys(e.Name())
		switch {
		case v != nil && keys != nil && v.Kind == KindDict && v.Node != nil:
			in := *v.AsDict()
			in.Entries = nil
			var dropped []*AttrEntry
			for _, x := range v.AsDict().Entries {
				if slices.Contains(keys, x.Name()) {
					in.Entries = append(in.Entries, x)
				} else {
					dropped = append(dropped, x)
				}
			}
			w := *v
			w.Node, w.Twice = &in, firstTwice(reflect.ValueOf(&AttrDict{Entries: dropped}), nil)
			e.Value = &w
		case v == nil || ReadsValue(e.Name()):
		case scalar(v.Kind):
			e.Value = Unkept
		default:
			e.Value = &Attr{Pos: v.Pos, EndPos: v.EndPos, Kind: v.Kind, Twice: firstTwice(reflect.ValueOf(v), nil)}
		}
	}
}

// Skipped reports whether a is a value kept as its span alone
// (AttrEntry): one of a kind with a node, without it.
func (a *Attr) Skipped() bool { return a.Node == nil && !scalar(a.Kind) && a.Kind != KindSymbol }

// firstTwice is the key written twice, in some dictionary among the nodes
// under v, that comes first in the text, or first if that comes before.
func firstTwice(v reflect.Value, first *Twice) *Twice {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return first
		}
		if d, ok := v.Interface().(*AttrDict); ok {
			seen := map[string]bool{}
			for _, e := range d.Entries {
				if n := e.Name(); !seen[n] {
					seen[n] = true
				} else if first == nil || e.Pos.Offset < first.Pos.Offset {
					first = &Twice{Pos: At{Offset: e.Pos.Offset}, Name: Clip(n)}
				}
			}
		}
		return firstTwice(v.Elem(), first)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				first = firstTwice(v.Field(i), first)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			first = firstTwice(v.Index(i), first)
		}
	}
	return first
}

// scalar reports whether a value of kind k is one AttrEntry may not keep.
func scalar(k AttrKind) bool { return k == KindString || k == KindNumber || k == KindBool }

// Name is the entry's key, unquoted.
func (e *AttrEntry) Name() string {
	if len(e.Key) >= 2 && e.Key[0] == '"' {
		if s, err := Unquote(e.Key); err == nil {
			return s
		}
	}
	return e.Key
}

// Attr is an attribute value, with an optional `: type` suffix. Kind says
// which value it is: a string, a number, a boolean or a symbol is its
// token, Text, as written; any other kind is a node, Node, which the As
// methods give typed. The four alias and donor encodings and the layout
// attributes are built from the typed ones; anything else the tool does
// not interpret is still parsed, as a hash attribute, a type or raw
// groups, so that its span can be copied unchanged. An Attr is 72 bytes,
// whatever its kind. A string of UnreadStringBytes or more is kept as
// its span alone (Unread): its Text is "", its text the input's bytes
// between Pos and EndPos, so that a 50 MB string costs one node.
type Attr struct {
	Pos    At
	EndPos At
	Kind   AttrKind
	Text   string // KindString (quoted), KindNumber, KindBool, KindSymbol
	Node   any    // the other kinds: *ArrayAttr, *AttrDict, ...
	Suffix *Type
	// Twice, for a value whose insides are not kept (Skipped, or a
	// dictionary of which only the keys ReadsKeys names are kept), is the
	// first key written twice in a dictionary among those insides; nil
	// when there is none.
	Twice *Twice
}

// Twice is a key written again in a dictionary: its second writing.
type Twice struct {
	Pos  At
	Name string // unquoted, cut as Clip cuts
}

// AttrKind says which value an Attr holds.
type AttrKind uint8

// The kinds of attribute values, in the grammar's order.
const (
	KindNone AttrKind = iota
	KindString
	KindNumber
	KindResultAlias
	KindMHLOBounds
	KindSHLOBounds
	KindHash
	KindArray
	KindDict
	KindBool
	KindDenseArray
	KindDense
	KindLoc
	KindSymbol
	KindType
)

// text is the token of a value of kind k, or "".
func (a *Attr) text(k AttrKind) string {
	if a.Kind != k {
		return ""
	}
	return a.Text
}

// Str is the quoted string the value is, or "" (also for an unread
// string, whose text is the input's).
func (a *Attr) Str() string { return a.text(KindString) }

// Unread reports whether a is a string kept as its span alone: one of
// UnreadStringBytes or more. No string token is empty, so Text is "" for
// no other.
func (a *Attr) Unread() bool { return a.Kind == KindString && a.Text == "" }

// UnreadStringBytes is the least length, quotes included, of a string
// value kept as its span alone.
const UnreadStringBytes = 1 << 10

// Num is the integer or float the value is, as written, or "".
func (a *Attr) Num() string { return a.text(KindNumber) }

// BoolText is "true" or "false" if the value is a boolean, or "".
func (a *Attr) BoolText() string { return a.text(KindBool) }

// Sym is the symbol reference (@name) the value is, or "".
func (a *Attr) Sym() string { return a.text(KindSymbol) }

// The typed nodes of the other kinds; nil when the value is of another.
func (a *Attr) AsResultAlias() *ResultAliasAttr { x, _ := a.Node.(*ResultAliasAttr); return x }
func (a *Attr) AsMHLOBounds() *MHLOBoundsAttr   { x, _ := a.Node.(*MHLOBoundsAttr); return x }
func (a *Attr) AsSHLOBounds() *SHLOBoundsAttr   { x, _ := a.Node.(*SHLOBoundsAttr); return x }
func (a *Attr) AsHash() *HashAttr               { x, _ := a.Node.(*HashAttr); return x }
func (a *Attr) AsArray() *ArrayAttr             { x, _ := a.Node.(*ArrayAttr); return x }
func (a *Attr) AsDict() *AttrDict               { x, _ := a.Node.(*AttrDict); return x }
func (a *Attr) AsDenseArray() *DenseArrayAttr   { x, _ := a.Node.(*DenseArrayAttr); return x }
func (a *Attr) AsDense() *DenseAttr             { x, _ := a.Node.(*DenseAttr); return x }
func (a *Attr) AsType() *Type                   { x, _ := a.Node.(*Type); return x }

// ArrayAttr is `[a, b, ...]`. A long array (UnreadArrayBytes or more)
// of scalars only (numbers, strings, booleans, none with a type suffix),
// which the tool never reads, is kept as its span alone: Unread is set
// and Elems is nil, so that a 50 MB array costs one node. Shorter ones
// keep their elements, so that an array the tool reads (arg_attrs, the
// alias table) holding scalars by mistake is reported element by
// element.
type ArrayAttr struct {
	Pos    At
	EndPos At
	Elems  []*Attr
	Unread bool
}

// UnreadArrayBytes is the least length of an array of scalars kept as its
// span alone.
const UnreadArrayBytes = 1 << 10

// DenseArrayAttr is `array<i64: 1, 2>` or the empty `array<i64>`.
type DenseArrayAttr struct {
	Pos    At
	EndPos At
	Elem   *Type
	Values []string
}

// DenseAttr is `dense<...>`; its type follows as the Attr's Suffix.
// A long one (UnreadArrayBytes or more, from `dense` to its '>'), which
// the tool never reads, is kept as its span alone: Unread is set and Body
// is nil.
type DenseAttr struct {
	Pos    At
	EndPos At
	Body   *DenseElem
	Unread bool
}

// DenseElem is a dense literal: a nested list, a complex pair, or a scalar
// (an integer, float, bool, or a hex string).
type DenseElem struct {
	Pos     At
	EndPos  At
	List    bool
	Elems   []*DenseElem
	Complex []string
	Value   string
}

// MHLOBoundsAttr is `#mhlo.type_extensions<bounds = [8, ?]>`.
type MHLOBoundsAttr struct {
	Pos    At
	EndPos At
	Bounds []string
}

// SHLOBoundsAttr is `#stablehlo.bounds<8, ?>`.
type SHLOBoundsAttr struct {
	Pos    At
	EndPos At
	Bounds []string
}

// HashAttr is an attribute alias `#name` (Name), or a dialect attribute
// the tool does not read, `#dialect.name<...>`, kept whole (Raw), or as
// its span alone when it is UnreadStringBytes or longer (Raw is then "",
// its text the input's between Pos and EndPos).
type HashAttr struct {
	Pos    At
	EndPos At
	Name   string
	Raw    string
}

// RawItem is a token or a balanced group inside a raw construct.
type RawItem struct {
	Token  string
	Paren  *RawParen
	Square *RawSquare
	Brace  *RawBrace
	Angle  *RawAngle
}

// RawParen is a balanced `( ... )`.
type RawParen struct {
	Items []*RawItem
}

// RawSquare is a balanced `[ ... ]`.
type RawSquare struct {
	Items []*RawItem
}

// RawBrace is a balanced `{ ... }`.
type RawBrace struct {
	Items []*RawItem
}

// RawAngle is a balanced `< ... >`.
type RawAngle struct {
	Items []*RawItem
}

// File is what the parser reads of a module: where the module and its
// functions are, the module's attributes, the entry function's signature,
// and the top-level alias definitions.
type File struct {
	Name        string
	Module      *Module     // nil when the text holds bare functions
	Funcs       []*FuncDecl // every function of the module, in order
	Entry       *Func
	TypeAliases map[string]Span // `!name = type`: the value's span
	AttrAliases map[string]Span // `#name = attr`: the value's span
	// Meshes are the module's Shardy meshes, `sdy.mesh @name = <[...]>`
	// (custom form) or the mesh property of a generic "sdy.mesh": the
	// value's span by the symbol's name (without '@'); nil when there
	// are none. The first of a name is kept.
	Meshes map[string]Span
	// Aliases holds the value of each alias definition, by its name
	// (with its '!' or '#').
	Aliases map[string]*AliasDef
	// Lines turns the offsets of the nodes into positions (PosOf).
	Lines *Anchors
}

// Module is the `module` operation, in custom or generic form.
type Module struct {
	Pos     Pos // the `module` keyword or the "builtin.module" string
	Generic bool
	Name    string
	// Attrs is the module's attribute dictionary, or nil. In custom form
	// AttrsKeyword is the position of the `attributes` keyword before it.
	Attrs        *AttrDict
	AttrsKeyword Pos
	// InsertAt is where a new attribute dictionary would go when there is
	// none: before the body's '{' in custom form, after the region's ')'
	// in generic form.
	InsertAt Pos
}

// FuncDecl is a function found at module level.
type FuncDecl struct {
	Name    string
	Pos     Pos // the symbol, @name (custom) or the op name (generic)
	Generic bool
}

// Func is the entry function's signature, in either form. Args and
// Results are the same in both: in generic form an argument's type comes
// from function_type and its attributes from arg_attrs.
type Func struct {
	FuncDecl
	Sig     *Signature // custom form
	Props   *AttrDict  // generic form: the properties <{...}>, or nil
	Attrs   *AttrDict  // generic form: the attribute dictionary, or nil
	Args    []*Arg
	Results []*Result
	// ArgAttrs and ResAttrs are the generic form's arg_attrs and res_attrs
	// arrays, or nil.
	ArgAttrs *ArrayAttr
	ResAttrs *ArrayAttr
	// ArgSpans and ResultSpans, when the arguments and results were
	// handed out one by one as they were decoded and their trees not
	// kept (Args and Results are then nil), are where each is written.
	// Rereader returns a function that decodes the argument or result at
	// a span again (a result is read as an argument without a name);
	// each such function reuses its nodes from one call to the next, so
	// a goroutine has one of its own.
	ArgSpans    []ArgSpan
	ResultSpans []ArgSpan
	Rereader    func() func(sp ArgSpan) (*Arg, error)
}

// NumArgs is the number of the function's arguments.
func (f *Func) NumArgs() int {
	if f.Args == nil {
		return len(f.ArgSpans)
	}
	return len(f.Args)
}

// ArgSpan is where an argument (or a result: no TypeEnd, no Keys) is
// written, kept when its tree is not.
type ArgSpan struct {
	Pos, EndPos At // the argument
	TypeEnd     At // the end of its type
	// Keys has bit k set when the argument's dictionary has the key
	// ArgSpanKeys[k].
	Keys uint8
}

// ArgSpanKeys are the keys of an argument's dictionary that ArgSpan
// notes: those a rewrite of the alias table adds or removes.
var ArgSpanKeys = [...]string{"mhlo.result_alias", "tf.aliasing_output", "jax.buffer_donor"}

// Has reports whether the argument's dictionary has the key
// ArgSpanKeys[k].
func (s ArgSpan) Has(k int) bool { return s.Keys&(1<<k) != 0 }

// AliasDef is the value of an alias definition: Type for `!name`, Attr
// for `#name`, or Err, the diagnostics of a value that does not parse,
// for whoever uses the alias to report.
type AliasDef struct {
	Type *Type
	Attr *Attr
	Err  error
}
