package model

import "github.com/mhlo-alias/mhlo-alias/ast"

// Config is the entry computation as the alias passes see it: its
// parameter shapes, its input/output alias config (which also holds the
// output shape) and its buffer donor config. Passes rewrite Aliases and
// Donors; they never change the shapes.
type Config struct {
	Params  []Shape
	Aliases *AliasConfig
	Donors  *DonorConfig
	Source  Source
	// Names are the names the producer gave the parameters and outputs
	// (ParamName, OutputName); passes never change them.
	Names Names
	// Sharding says how the entry computation is split across devices;
	// passes never change it.
	Sharding Partitioning
}

// Source says where the entry function's pieces are in the text, so that
// diagnostics about a parameter or an output can point at it. Its zero
// value is valid: positions are then unknown.
type Source struct {
	Func        ast.Pos // the entry function's symbol
	Args        []Point // where each function argument starts
	Results     []Point // where each function result starts
	TupleArgs   bool    // all arguments form parameter 0; argument i is {i}
	ResultTuple bool    // the output is the tuple of the results
}

// Point is a position in the file of Source.Func: an ast.Pos without its
// file name, in 16 bytes rather than 40, as a config holds one for each
// of up to hundreds of thousands of parameters.
type Point struct {
	Offset       int
	Line, Column int32
}

// PointOf is the point of p, which must be in Source.Func's file.
func PointOf(p ast.Pos) Point {
	return Point{Offset: p.Offset, Line: int32(p.Line), Column: int32(p.Column)}
}

// Pos is the position of p in the file of the entry function at fn.
func (p Point) Pos(fn ast.Pos) ast.Pos {
	return ast.Pos{Filename: fn.Filename, Offset: p.Offset, Line: int(p.Line), Column: int(p.Column)}
}

// NewConfig returns a config with no aliases and no donors.
func NewConfig(params []Shape, output Shape) *Config {
	return &Config{Params: params, Aliases: NewAliasConfig(output), Donors: &DonorConfig{}}
}

// Output is the entry computation's result shape.
// A nil config (that of a module that failed) has none.
func (c *Config) Output() *Shape {
	if c == nil {
		return nil
	}
	return c.Aliases.Shape()
}

// Clone returns a deep copy of c; the shapes are shared, as passes never
// change them.
func (c *Config) Clone() *Config {
	if c == nil {
		return nil
	}
	d := *c
	d.Aliases = c.Aliases.Clone()
	d.Donors = c.Donors.Clone()
	return &d
}

// ParamSubshape returns parameter param's subshape at index, if both exist.
func (c *Config) ParamSubshape(param int64, index ShapeIndex) (*Shape, bool) {
	if c == nil || param < 0 || param >= int64(len(c.Params)) {
		return nil, false
	}
	return c.Params[param].Subshape(index)
}

// ParamPos is the position of the argument that holds parameter param at
// index, or the function's position when that is unknown.
func (c *Config) ParamPos(param int64, index ShapeIndex) ast.Pos {
	if c == nil {
		return ast.Pos{}
	}
	return spanPos(c.Source.Args, c.arg(param, index), c.Source.Func)
}

// arg is the number of the function argument that holds parameter param
// at index, or -1 with Source.TupleArgs for the tuple of all arguments.
func (c *Config) arg(param int64, index ShapeIndex) int64 {
	switch {
	case !c.Source.TupleArgs:
		return param
	case param != 0 || len(index) == 0:
		return -1
	}
	return index[0]
}

// OutputPos is the position of the result that holds output index out, or
// the function's position when that is unknown.
func (c *Config) OutputPos(out ShapeIndex) ast.Pos {
	if c == nil {
		return ast.Pos{}
	}
	res := int64(0)
	if c.Source.ResultTuple {
		if len(out) == 0 {
			return c.Source.Func
		}
		res = out[0]
	}
	return spanPos(c.Source.Results, res, c.Source.Func)
}

func spanPos(points []Point, i int64, fn ast.Pos) ast.Pos {
	if i >= 0 && i < int64(len(points)) && points[i].Line > 0 {
		return points[i].Pos(fn)
	}
	return fn
}
