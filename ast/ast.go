package ast

// The grammar lives in the struct tags of the node types below; package
// parser builds a participle parser from them. Token types named in tags
// (Ident, Int, String, ...) are those of parser's lexer. Every node has
// Pos and EndPos, the positions of its first byte and of the byte after
// it, except TensorType and NamedType, which are always the whole of a
// Type and share its span.

// Signature is a custom-form function signature, from the argument list to
// the end of the optional `attributes {...}` clause:
//
//	(%arg0: tensor<2xf32> {mhlo.result_alias = ...}) -> (tensor<2xf32> {...}) attributes {...}
type Signature struct {
	Pos     Pos
	EndPos  Pos
	Args    []*Arg      `parser:"'(' (@@ (',' @@)*)? ')'"`
	Results *ResultList `parser:"('->' @@)?"`
	Attrs   *AttrDict   `parser:"('attributes' @@)?"`
}

// Arg is a function argument: `%name: type {attrs} loc(...)`. A function
// declaration's arguments have no name.
type Arg struct {
	Pos    Pos
	EndPos Pos
	Name   string    `parser:"(@Percent ':')?"`
	Type   *Type     `parser:"@@"`
	Attrs  *AttrDict `parser:"@@?"`
	Loc    *Loc      `parser:"@@?"`
}

// ResultList is what follows `->`: a parenthesized list of results, or a
// single type.
type ResultList struct {
	Pos     Pos
	EndPos  Pos
	Paren   bool      `parser:"( @'('"`
	Results []*Result `parser:"  (@@ (',' @@)*)? ')'"`
	Single  *Type     `parser:"| @@ )"`
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
	Pos    Pos
	EndPos Pos
	Type   *Type     `parser:"@@"`
	Attrs  *AttrDict `parser:"@@?"`
	Loc    *Loc      `parser:"@@?"`
}

// Loc is a location trailer, `loc(...)`, kept whole as one token.
type Loc struct {
	Pos    Pos
	EndPos Pos
	Text   string `parser:"@Loc"`
}

// Type is an MLIR type. Exactly one field is set.
type Type struct {
	Pos    Pos
	EndPos Pos
	Tensor *TensorType   `parser:"  @@"`
	Tuple  *TupleType    `parser:"| @@"`
	Func   *FunctionType `parser:"| @@"`
	Named  *NamedType    `parser:"| @@"`
}

// TensorType is `tensor<2x?xf32, encoding>`. Dims is the dimension list as
// written ("2x?x", "*x" when unranked, "" for a scalar). A tensor type is
// always the whole of a Type, whose Pos and EndPos are its span: it has
// none of its own, as signatures hold thousands of them.
type TensorType struct {
	Dims     string `parser:"'tensor' '<' @Dims?"`
	Elem     *Type  `parser:"@@"`
	Encoding *Attr  `parser:"(',' @@)? '>'"`
}

// TupleType is `tuple<T, ...>`.
type TupleType struct {
	Pos    Pos
	EndPos Pos
	Elems  []*Type `parser:"'tuple' '<' (@@ (',' @@)*)? '>'"`
}

// FunctionType is `(T, ...) -> (T, ...)` or `(T, ...) -> T`.
type FunctionType struct {
	Pos     Pos
	EndPos  Pos
	Inputs  []*Type `parser:"'(' (@@ (',' @@)*)? ')' '->'"`
	Paren   bool    `parser:"( @'('"`
	Results []*Type `parser:"  (@@ (',' @@)*)? ')'"`
	Single  *Type   `parser:"| @@ )"`
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
	Name string    `parser:"@(Bang | BangRaw | Ident)"`
	Body *RawAngle `parser:"@@?"`
}

// AttrDict is an attribute dictionary `{key = value, flag}`.
type AttrDict struct {
	Pos     Pos
	EndPos  Pos
	Entries []*AttrEntry `parser:"'{' (@@ (',' @@)*)? '}'"`
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

// AttrEntry is one `key = value` (or a unit `key`) of a dictionary.
type AttrEntry struct {
	Pos    Pos
	EndPos Pos
	Key    string `parser:"@(Ident | String)"`
	Value  *Attr  `parser:"('=' @@)?"`
}

// Name is the entry's key, unquoted.
func (e *AttrEntry) Name() string {
	if len(e.Key) >= 2 && e.Key[0] == '"' {
		if s, err := Unquote(e.Key); err == nil {
			return s
		}
	}
	return e.Key
}

// Attr is an attribute value, with an optional `: type` suffix. Exactly one
// of the value fields is set. The four alias and donor encodings and the
// layout attributes are built from the typed ones; anything else the tool
// does not interpret is still parsed, as Hash, Type or raw groups, so that
// its span can be copied unchanged.
type Attr struct {
	Pos         Pos
	EndPos      Pos
	String      string           `parser:"( @String"`
	Number      string           `parser:"| @(Int | Float)"`
	ResultAlias *ResultAliasAttr `parser:"| @@"`
	MHLOBounds  *MHLOBoundsAttr  `parser:"| @@"`
	SHLOBounds  *SHLOBoundsAttr  `parser:"| @@"`
	Hash        *HashAttr        `parser:"| @@"`
	Array       *ArrayAttr       `parser:"| @@"`
	Dict        *AttrDict        `parser:"| @@"`
	Bool        string           `parser:"| @('true' | 'false')"`
	DenseArray  *DenseArrayAttr  `parser:"| @@"`
	Dense       *DenseAttr       `parser:"| @@"`
	Loc         *Loc             `parser:"| @@"`
	Symbol      string           `parser:"| @At"`
	Type        *Type            `parser:"| @@ )"`
	Suffix      *Type            `parser:"(':' @@)?"`
}

// ArrayAttr is `[a, b, ...]`. A long array (UnreadArrayBytes or more)
// of scalars only (numbers, strings, booleans, none with a type suffix),
// which the tool never reads, is kept as its span alone: Unread is set
// and Elems is nil, so that a 50 MB array costs one node. Shorter ones
// keep their elements, so that an array the tool reads (arg_attrs, the
// alias table) holding scalars by mistake is reported element by
// element. The parser reads long arrays this way; the grammar gives the
// elements, and Flatten turns its node into the parser's.
type ArrayAttr struct {
	Pos    Pos
	EndPos Pos
	Elems  []*Attr `parser:"'[' (@@ (',' @@)*)? ']'"`
	Unread bool
}

// UnreadArrayBytes is the least length of an array of scalars kept as its
// span alone.
const UnreadArrayBytes = 1 << 10

// Flatten marks a as unread and drops its elements if it spans
// UnreadArrayBytes or more and its elements are all scalars without a
// suffix: the node the parser keeps for such an array.
func (a *ArrayAttr) Flatten() {
	if a.EndPos.Offset-a.Pos.Offset < UnreadArrayBytes || len(a.Elems) == 0 {
		return
	}
	for _, e := range a.Elems {
		if e.Suffix != nil || e.String == "" && e.Number == "" && e.Bool == "" {
			return
		}
	}
	a.Elems, a.Unread = nil, true
}

// DenseArrayAttr is `array<i64: 1, 2>` or the empty `array<i64>`.
type DenseArrayAttr struct {
	Pos    Pos
	EndPos Pos
	Elem   *Type    `parser:"'array' '<' @@"`
	Values []string `parser:"(':' (@(Int | Float | 'true' | 'false') (',' @(Int | Float | 'true' | 'false'))*)?)? '>'"`
}

// DenseAttr is `dense<...>`; its type follows as the Attr's Suffix.
type DenseAttr struct {
	Pos    Pos
	EndPos Pos
	Body   *DenseElem `parser:"'dense' '<' @@? '>'"`
}

// DenseElem is a dense literal: a nested list, a complex pair, or a scalar
// (an integer, float, bool, or a hex string).
type DenseElem struct {
	Pos     Pos
	EndPos  Pos
	List    bool         `parser:"( @'['"`
	Elems   []*DenseElem `parser:"  (@@ (',' @@)*)? ']'"`
	Complex []string     `parser:"| '(' @(Int | Float) ',' @(Int | Float) ')'"`
	Value   string       `parser:"| @(Int | Float | String | 'true' | 'false') )"`
}

// MHLOBoundsAttr is `#mhlo.type_extensions<bounds = [8, ?]>`.
type MHLOBoundsAttr struct {
	Pos    Pos
	EndPos Pos
	Bounds []string `parser:"'#mhlo.type_extensions' '<' 'bounds' '=' '[' (@(Int | '?') (',' @(Int | '?'))*)? ']' '>'"`
}

// SHLOBoundsAttr is `#stablehlo.bounds<8, ?>`.
type SHLOBoundsAttr struct {
	Pos    Pos
	EndPos Pos
	Bounds []string `parser:"'#stablehlo.bounds' '<' (@(Int | '?') (',' @(Int | '?'))*)? '>'"`
}

// HashAttr is an attribute alias `#name` (Name), or a dialect attribute
// the tool does not read, `#dialect.name<...>`, kept whole (Raw).
type HashAttr struct {
	Pos    Pos
	EndPos Pos
	Name   string `parser:"  @Hash"`
	Raw    string `parser:"| @HashRaw"`
}

// RawItem is a token or a balanced group inside a raw construct.
type RawItem struct {
	Token  string     `parser:"  @(Ident | Percent | At | Hash | Bang | Int | Float | String | Dims | Punct | Loc | HashRaw | BangRaw)"`
	Paren  *RawParen  `parser:"| @@"`
	Square *RawSquare `parser:"| @@"`
	Brace  *RawBrace  `parser:"| @@"`
	Angle  *RawAngle  `parser:"| @@"`
}

// RawParen is a balanced `( ... )`.
type RawParen struct {
	Items []*RawItem `parser:"'(' @@* ')'"`
}

// RawSquare is a balanced `[ ... ]`.
type RawSquare struct {
	Items []*RawItem `parser:"'[' @@* ']'"`
}

// RawBrace is a balanced `{ ... }`.
type RawBrace struct {
	Items []*RawItem `parser:"'{' @@* '}'"`
}

// RawAngle is a balanced `< ... >`.
type RawAngle struct {
	Items []*RawItem `parser:"'<' @@* '>'"`
}

// File is what the parser reads of a module: where the module and its
// functions are, the module's attributes, the entry function's signature,
// and the top-level alias definitions (kept as spans until used).
type File struct {
	Name        string
	Module      *Module     // nil when the text holds bare functions
	Funcs       []*FuncDecl // every function of the module, in order
	Entry       *Func
	TypeAliases map[string]Span // `!name = type`: the value's span
	AttrAliases map[string]Span // `#name = attr`: the value's span
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
}
