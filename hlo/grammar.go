package hlo

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The grammar of HLO shapes and layouts, as participle struct tags, and
// the nodes of the header values the tool reads, which are read by hand
// (fastalias.go, fastlayout.go). Every node has Pos and EndPos.

// ShapeNode is an HLO shape: `f32[2,3]{1,0}`, `(f32[2]{0}, s32[])`.
type ShapeNode struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Tuple  *TupleNode `parser:"  @@"`
	Array  *ArrayNode `parser:"| @@"`
}

// TupleNode is `(SHAPE, ...)`.
type TupleNode struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Elems  []*ShapeNode `parser:"'(' (@@ (',' @@)*)? ')'"`
}

// ArrayNode is `type[dims]{layout}`; token[] and opaque[] too.
type ArrayNode struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Elem   string      `parser:"@Ident"`
	Dims   []*DimNode  `parser:"'[' (@@ (',' @@)*)? ']'"`
	Layout *LayoutNode `parser:"@@?"`
}

// DimNode is a dimension: `4`, `?`, `<=8`.
type DimNode struct {
	Pos       ast.Pos
	EndPos    ast.Pos
	Unbounded bool   `parser:"(  @'?'"`
	Bounded   bool   `parser:" | @'<='? "`
	Size      string `parser:"   @Int )"`
}

// LayoutNode is `{minor_to_major:T(..)L(n)#(t)*(t)E(n)S(n)SC(..)P(..)M(n)}`,
// the attributes after the colon in XLA's fixed order.
type LayoutNode struct {
	Pos          ast.Pos
	EndPos       ast.Pos
	MinorToMajor []string      `parser:"'{' (@Int (',' @Int)*)?"`
	Colon        bool          `parser:"( @':'"`
	Tiles        []*TileNode   `parser:"  ('T' @@+)?"`
	Padding      *IntAttr      `parser:"  ('L' @@)?"`
	IndexType    *TypeAttr     `parser:"  ('#' @@)?"`
	PointerType  *TypeAttr     `parser:"  ('*' @@)?"`
	ElementSize  *IntAttr      `parser:"  ('E' @@)?"`
	MemorySpace  *IntAttr      `parser:"  ('S' @@)?"`
	Splits       []*SplitNode  `parser:"  ('SC' @@+)?"`
	Physical     *PhysicalNode `parser:"  ('P' @@)?"`
	MetadataSize *IntAttr      `parser:"  ('M' @@)? )? '}'"`
}

// TileNode is one tile, `(8,128)`; a dimension may be `*`.
type TileNode struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Dims   []*TileDim `parser:"'(' (@@ (',' @@)*)? ')'"`
}

// TileDim is a tile's dimension: a size or `*`.
type TileDim struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Combine bool   `parser:"  @'*'"`
	Size    string `parser:"| @Int"`
}

// IntAttr is `(n)` after L, E, S or M.
type IntAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Value  string `parser:"'(' @Int ')'"`
}

// TypeAttr is `(u32)` after # or *.
type TypeAttr struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Type   string `parser:"'(' @Ident ')'"`
}

// SplitNode is one split config, `(dim:i,j)`.
type SplitNode struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Dim     string   `parser:"'(' @Int ':'"`
	Indices []string `parser:"(@Int (',' @Int)*)? ')'"`
}

// PhysicalNode is `(SHAPE)` after P.
type PhysicalNode struct {
	Pos    ast.Pos
	EndPos ast.Pos
	Shape  *ShapeNode `parser:"'(' @@ ')'"`
}

// ComputationLayout is the value of entry_computation_layout:
// `{(P0, P1, ...)->RESULT}`, its shapes lowered to the model as they are
// read (a layout holds one for every parameter, and their nodes would
// cost more than the text).
type ComputationLayout struct {
	Pos    ast.Pos
	EndPos ast.Pos
	// Params and Result are the shapes; one that does not lower is left
	// zero, and Errs says why.
	Params []model.Shape
	Result model.Shape
	// ParamAt and ResultAt are where each shape begins, in Pos's file.
	ParamAt  []model.Point
	ResultAt model.Point
	Errs     []ShapeError
}

// ShapeError is why shape Index of a ComputationLayout does not lower;
// the result's index is len(Params).
type ShapeError struct {
	Index int
	Err   *ast.Error
}

// ParamPos is the position of parameter shape i.
func (c *ComputationLayout) ParamPos(i int) ast.Pos { return c.ParamAt[i].Pos(c.Pos) }

// ResultPos is the position of the result shape.
func (c *ComputationLayout) ResultPos() ast.Pos { return c.ResultAt.Pos(c.Pos) }

// AliasList is the value of input_output_alias:
// `{ {0}: (0, {}, may-alias), ... }`.
type AliasList struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Entries []*AliasEntry
	// Dropped says the list has more entries than a read keeps
	// (maxKept): Entries is nil, and Lower reads the value again, an
	// entry at a time.
	Dropped bool
}

// AliasEntry is `OUTPUT_INDEX: (PARAM, PARAM_INDEX[, KIND])`.
type AliasEntry struct {
	Pos        ast.Pos // the output index
	EndPos     ast.Pos
	Output     []int64
	Param      int64
	ParamPos   ast.Pos
	ParamIndex []int64
	Must       bool // KIND is must-alias (may-alias when absent)
}

// DonorList is the value of buffer_donor: `{ (0, {}), (1, {1}) }`.
type DonorList struct {
	Pos     ast.Pos
	EndPos  ast.Pos
	Entries []*DonorEntry
	Dropped bool // as AliasList's
}

// DonorEntry is `(PARAM, PARAM_INDEX)`.
type DonorEntry struct {
	Pos        ast.Pos
	EndPos     ast.Pos
	Param      int64
	ParamIndex []int64
}

// grammar holds the parser of shapes, built once on first use.
var grammar struct {
	once  sync.Once
	shape *participle.Parser[ShapeNode]
}

// grammarOptions are the options every parser of the grammar is built with.
var grammarOptions = []participle.Option{
	participle.Lexer(definition{}),
	participle.Elide("Whitespace", "Comment"),
	participle.UseLookahead(2),
}

func build() { grammar.shape = participle.MustBuild[ShapeNode](grammarOptions...) }

// parseSpan parses the text of span with p.
func parseSpan[T any](p **participle.Parser[T], src []byte, span ast.Span) (*T, error) {
	grammar.once.Do(build)
	pos := span.Pos
	lex := &hloLexer{src: src, end: span.End.Offset, pos: lexer.Position(pos)}
	peek, err := lexer.Upgrade(lex, tokWhitespace, tokComment)
	if err != nil {
		return nil, convertError(err, pos)
	}
	v, err := (*p).ParseFromLexer(peek)
	if err != nil {
		return nil, convertError(err, pos)
	}
	return v, nil
}

// convertError turns a participle or lexer error into diagnostics.
func convertError(err error, fallback ast.Pos) error {
	var list ast.ErrorList
	if errors.As(err, &list) {
		return list
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		return ast.ErrorList{ast.Errorf(ast.Pos(perr.Position()), "%s", message(perr))}
	}
	return ast.ErrorList{ast.Errorf(fallback, "%s", err.Error())}
}

// message rewords participle's messages.
func message(err participle.Error) string {
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		t := unexpected.Unexpected
		if t.EOF() {
			return "unexpected end of input"
		}
		if unexpected.Expect != "" {
			return fmt.Sprintf("unexpected '%s', expected %s", printable(t.Value), unexpected.Expect)
		}
		return fmt.Sprintf("unexpected '%s'", printable(t.Value))
	}
	return err.Message()
}

// printable shortens a token for a message and escapes what is not
// printable ASCII, so that a diagnostic is one readable line.
func printable(s string) string {
	s = ast.Clip(s)
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}
