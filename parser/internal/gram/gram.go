// Package gram is the grammar of record of the MLIR signatures and
// attribute dictionaries mhlo-alias reads: participle builds its parser
// from the struct tags of the node types below. Token types named in tags
// (Ident, Int, String, ...) are those of package parser's lexer. Every
// node has Pos and EndPos, the positions of its first byte and of the byte
// after it, except TensorType and NamedType, which are always the whole of
// a Type and share its span.
//
// The grammar runs only where the parser's decoder gives up (a construct
// outside its subset, or an error), over that piece alone; its nodes are
// then converted to package ast's, which keep offsets instead of
// positions. The node types here and there have the same names and
// fields.
package gram

import "github.com/mhlo-alias/mhlo-alias/ast"

// Signature is a custom-form function signature, from the argument list to
// the end of the optional `attributes {...}` clause:
//
//	(%arg0: tensor<2xf32> {mhlo.result_alias = ...}) -> (tensor<2xf32> {...}) attributes {...}
type Signature struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Args    []*Arg      `parser:"'(' (@@ (',' @@)*)? ')'"`
	Results *ResultList `parser:"('->' @@)?"`
	Attrs   *AttrDict   `parser:"('attributes' @@)?"`
}

// Arg is a function argument: `%name: type {attrs} loc(...)`. A function
// declaration's arguments have no name.
type Arg struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Name   string    `parser:"(@Percent ':')?"`
	Type   *Type     `parser:"@@"`
	Attrs  *AttrDict `parser:"@@?"`
	Loc    *Loc      `parser:"@@?"`
}

// ResultList is what follows `->`: a parenthesized list of results, or a
// single type.
type ResultList struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Paren   bool      `parser:"( @'('"`
	Results []*Result `parser:"  (@@ (',' @@)*)? ')'"`
	Single  *Type     `parser:"| @@ )"`
}

// Result is a function result: `type {attrs} loc(...)`.
type Result struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Type   *Type     `parser:"@@"`
	Attrs  *AttrDict `parser:"@@?"`
	Loc    *Loc      `parser:"@@?"`
}

// Loc is a location trailer, `loc(...)`, kept whole as one token.
type Loc struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Text   string `parser:"@Loc"`
}

// Type is an MLIR type. Exactly one field is set.
type Type struct {
	Pos    ast.Pos
	EndPos ast.Pos
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
	Pos    ast.Pos
	EndPos ast.Pos
	Elems  []*Type `parser:"'tuple' '<' (@@ (',' @@)*)? '>'"`
}

// FunctionType is `(T, ...) -> (T, ...)` or `(T, ...) -> T`.
type FunctionType struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Inputs  []*Type `parser:"'(' (@@ (',' @@)*)? ')' '->'"`
	Paren   bool    `parser:"( @'('"`
	Results []*Type `parser:"  (@@ (',' @@)*)? ')'"`
	Single  *Type   `parser:"| @@ )"`
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
	Pos     ast.Pos
	EndPos  ast.Pos
	Entries []*AttrEntry `parser:"'{' (@@ (',' @@)*)? '}'"`
}

// AttrEntry is one `key = value` (or a unit `key`) of a dictionary.
type AttrEntry struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Key    string `parser:"@(Ident | String)"`
	Value  *Attr  `parser:"('=' @@)?"`
}

// Attr is an attribute value, with an optional `: type` suffix. Exactly one
// of the value fields is set. The four alias and donor encodings and the
// layout attributes are built from the typed ones; anything else the tool
// does not interpret is still parsed, as Hash, Type or raw groups, so that
// its span can be copied unchanged.
type Attr struct {
	Pos         ast.Pos
	EndPos      ast.Pos
	String      string               `parser:"( @String"`
	Number      string               `parser:"| @(Int | Float)"`
	ResultAlias *ast.ResultAliasAttr `parser:"| @@"`
	MHLOBounds  *MHLOBoundsAttr      `parser:"| @@"`
	SHLOBounds  *SHLOBoundsAttr      `parser:"| @@"`
	Hash        *HashAttr            `parser:"| @@"`
	Array       *ArrayAttr           `parser:"| @@"`
	Dict        *AttrDict            `parser:"| @@"`
	Bool        string               `parser:"| @('true' | 'false')"`
	DenseArray  *DenseArrayAttr      `parser:"| @@"`
	Dense       *DenseAttr           `parser:"| @@"`
	Loc         *Loc                 `parser:"| @@"`
	Symbol      string               `parser:"| @At"`
	Type        *Type                `parser:"| @@ )"`
	Suffix      *Type                `parser:"(':' @@)?"`
}

// ArrayAttr is `[a, b, ...]`. A long array (ast.UnreadArrayBytes or more)
// of scalars only (numbers, strings, booleans, none with a type suffix),
// which the tool never reads, is kept as its span alone: Unread is set
// and Elems is nil, so that a 50 MB array costs one node. Shorter ones
// keep their elements, so that an array the tool reads (arg_attrs, the
// alias table) holding scalars by mistake is reported element by
// element. The parser reads long arrays this way; the grammar gives the
// elements, and Flatten turns its node into the parser's.
type ArrayAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Elems  []*Attr `parser:"'[' (@@ (',' @@)*)? ']'"`
	Unread bool
}

// Flatten marks a as unread and drops its elements if it spans
// ast.UnreadArrayBytes or more and its elements are all scalars without a
// suffix: the node the parser keeps for such an array.
func (a *ArrayAttr) Flatten() {
	if a.EndPos.Offset-a.Pos.Offset < ast.UnreadArrayBytes || len(a.Elems) == 0 {
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
	Pos    ast.Pos
	EndPos ast.Pos
	Elem   *Type    `parser:"'array' '<' @@"`
	Values []string `parser:"(':' (@(Int | Float | 'true' | 'false') (',' @(Int | Float | 'true' | 'false'))*)?)? '>'"`
}

// DenseAttr is `dense<...>`; its type follows as the Attr's Suffix.
type DenseAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Body   *DenseElem `parser:"'dense' '<' @@? '>'"`
	Unread bool
}

// Flatten keeps a long dense literal as its span alone, as
// ast.DenseAttr.Unread says.
func (a *DenseAttr) Flatten() {
	if a.EndPos.Offset-a.Pos.Offset >= ast.UnreadArrayBytes {
		a.Body, a.Unread = nil, true
	}
}

// DenseElem is a dense literal: a nested list, a complex pair, or a scalar
// (an integer, float, bool, or a hex string).
type DenseElem struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	List    bool         `parser:"( @'['"`
	Elems   []*DenseElem `parser:"  (@@ (',' @@)*)? ']'"`
	Complex []string     `parser:"| '(' @(Int | Float) ',' @(Int | Float) ')'"`
	Value   string       `parser:"| @(Int | Float | String | 'true' | 'false') )"`
}

// MHLOBoundsAttr is `#mhlo.type_extensions<bounds = [8, ?]>`.
type MHLOBoundsAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Bounds []string `parser:"'#mhlo.type_extensions' '<' 'bounds' '=' '[' (@(Int | '?') (',' @(Int | '?'))*)? ']' '>'"`
}

// SHLOBoundsAttr is `#stablehlo.bounds<8, ?>`.
type SHLOBoundsAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Bounds []string `parser:"'#stablehlo.bounds' '<' (@(Int | '?') (',' @(Int | '?'))*)? '>'"`
}

// HashAttr is an attribute alias `#name` (Name), or a dialect attribute
// the tool does not read, `#dialect.name<...>`, kept whole (Raw).
type HashAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
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
