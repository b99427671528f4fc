package lower

import (
	"bytes"
	"math"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// maxAliasChain bounds how many type aliases may refer to each other.
const maxAliasChain = 64

// shape converts an MLIR type into a model shape. Arrays get the default
// layout; layouts are applied later.
func (l *lowerer) shape(t *ast.Type) (model.Shape, error) {
	return l.shapeDepth(t, 0)
}

func (l *lowerer) shapeDepth(t *ast.Type, depth int) (model.Shape, error) {
	switch {
	case t.Node == ast.Plain:
		return l.plainTensor(t, depth)
	case t.AsTensor() != nil:
		return l.tensor(t, depth)
	case t.AsTuple() != nil:
		return l.tuple(t, depth)
	case t.AsNamed() != nil:
		return l.named(t, depth)
	}
	return model.OpaqueOf(l.src[t.Pos.Offset:t.EndPos.Offset]), nil
}

// leaves reports an error at t when s, the shape of the what (argument
// or result) i, has more leaves than leafLimit allows, or when the values
// read so far (*total, which it adds to) have more together. Each leaf a
// text spells costs it a few bytes, so only type aliases reach the limit,
// and every later walk over the leaves stays bounded by the input.
func (l *lowerer) leaves(s *model.Shape, t *ast.Type, what string, i int, total *int64) error {
	n, m := model.Counts(s)
	*total += min(m, math.MaxInt64/2) // every walk costs the shapes, leaves and tuples
	limit := l.leafLimit()
	switch {
	case n > limit:
		return ast.Errorf(l.pos(t.Pos), "%s %d has %d leaves; at most %d are supported (in a file of %d bytes)", what, i, n, limit, len(l.src))
	case m > limit:
		return ast.Errorf(l.pos(t.Pos), "%s %d is made of %d shapes (tuples and their elements); at most %d are supported (in a file of %d bytes)", what, i, m, limit, len(l.src))
	case *total > limit:
		return ast.Errorf(l.pos(t.Pos), "the %ss up to %s %d have more than %d leaves together; at most %d are supported (in a file of %d bytes)", what, what, i, limit, limit, len(l.src))
	}
	return nil
}

// leafLimit is the most leaves the arguments, and the results, may have
// together: four per byte of the input (at least 1024), at most
// model.MaxLeaves.
func (l *lowerer) leafLimit() int64 {
	return min(model.MaxLeaves, max(1024, 4*int64(len(l.src))))
}

// builtinForm shows what a tensor or tuple type looks like.
var builtinForm = map[string]string{
	"tensor": "tensor<2x?xf32> with dimensions >= 0 and an element type",
	"tuple":  "tuple<T, ...>",
}

// named handles tokens, type aliases and every other named type.
func (l *lowerer) named(t *ast.Type, depth int) (model.Shape, error) {
	name := t.AsNamed().Name
	if _, ok := l.file.TypeAliases[name]; ok && t.AsNamed().Body == nil {
		return l.typeAlias(t, depth)
	}
	switch {
	case name == "!mhlo.token" || name == "!stablehlo.token":
		return model.Token(), nil
	case strings.HasPrefix(name, "!") && !strings.Contains(name, "."):
		return model.Shape{}, ast.Errorf(l.pos(t.Pos), "undefined symbol alias id '%s'", ast.Clip(name[1:]))
	case name == "tensor" || name == "tuple":
		// The grammar reads a builtin type it could not parse, such as
		// tensor<-1xf32>, as a named type; MLIR rejects it.
		return model.Shape{}, ast.Errorf(l.pos(t.Pos), "invalid %s type: expected %s", name, builtinForm[name])
	}
	return model.OpaqueOf(l.src[t.Pos.Offset:t.EndPos.Offset]), nil
}

// typeAlias resolves `!name` through the file's `!name = type`
// definitions. Each alias is converted once: every use shares its shape
// (and a tuple's elements), so a chain of aliases that doubles at each
// step costs its length, not its expansion.
func (l *lowerer) typeAlias(t *ast.Type, depth int) (model.Shape, error) {
	name := t.AsNamed().Name
	if s, ok := l.aliasShapes[name]; ok {
		return s, nil
	}
	if _, busy := l.aliasShapes[name+"?"]; busy {
		return model.Shape{}, ast.Errorf(l.pos(t.Pos), "type alias %s refers to itself", name)
	}
	if depth >= maxAliasChain {
		return model.Shape{}, ast.Errorf(l.pos(t.Pos), "the chain of type aliases through %s is longer than %d; at most %d are followed", name, maxAliasChain, maxAliasChain)
	}
	def := l.file.Aliases[name]
	if def == nil {
		// The parser reads the definitions the signature's text names.
		return model.Shape{}, ast.Errorf(l.pos(t.Pos), "type alias %s was not read with the signature", name)
	}
	if def.Err != nil {
		return model.Shape{}, def.Err
	}
	if l.aliasShapes == nil {
		l.aliasShapes = map[string]model.Shape{}
	}
	// name+"?", not a type's name, marks the alias being converted.
	l.aliasShapes[name+"?"] = model.Shape{}
	s, err := l.shapeDepth(def.Type, depth+1)
	delete(l.aliasShapes, name+"?")
	if err != nil {
		return s, err
	}
	l.aliasShapes[name] = s
	return s, nil
}

// tuple converts `tuple<...>`. A tuple type is converted once for each
// text: the arguments spelled alike share their elements, as the uses of
// a type alias do (whatever changes a shape's elements copies them first).
func (l *lowerer) tuple(t *ast.Type, depth int) (model.Shape, error) {
	text := l.src[t.Pos.Offset:t.EndPos.Offset]
	if s, ok := l.tuples[string(text)]; ok {
		return s, nil
	}
	elems := make([]model.Shape, len(t.AsTuple().Elems))
	for i, e := range t.AsTuple().Elems {
		s, err := l.shapeDepth(e, depth)
		if err != nil {
			return model.Shape{}, err
		}
		elems[i] = s
	}
	s := model.Tuple(elems...)
	if l.tuples == nil {
		l.tuples = map[string]model.Shape{}
	}
	if len(l.tuples) < maxMemo {
		l.tuples[string(text)] = s
	}
	return s, nil
}

// maxMemo bounds how many distinct tensor or tuple types are remembered.
const maxMemo = 1024

// tensor converts `tensor<dims x elem, encoding>`. A tensor type without
// encoding whose element type is builtin depends on its text alone, and a
// signature of thousands of parameters spells a few dozen of them: each
// is converted once, and a copy handed out for every other argument. The
// copies' dims and layouts are cut from shared blocks (l.ints), so that a
// copy costs no allocation of its own.
func (l *lowerer) tensor(typ *ast.Type, depth int) (model.Shape, error) {
	t := typ.AsTensor()
	n := strings.Count(t.Dims, "x")
	if err := l.rank(typ, n); err != nil {
		return model.Shape{}, err
	}
	if t.Encoding != nil || t.Elem == nil || t.Elem.AsNamed() == nil || strings.HasPrefix(t.Elem.AsNamed().Name, "!") {
		return l.convertTensor(typ, depth)
	}
	// The commonest tensors are read faster than the memo finds them.
	if t.Elem.AsNamed().Body == nil {
		if s, ok := l.staticTensor([]byte(t.Dims), []byte(t.Elem.AsNamed().Name), n); ok {
			return s, nil
		}
	}
	text := l.src[typ.Pos.Offset:typ.EndPos.Offset]
	if s, ok := l.tensors[string(text)]; ok {
		return l.copyArray(s), nil
	}
	s, err := l.convertTensor(typ, depth)
	if err != nil {
		return s, err
	}
	if l.tensors == nil {
		l.tensors = map[string]model.Shape{}
	}
	if len(l.tensors) < maxMemo {
		l.tensors[string(text)] = l.copyArray(s)
	}
	return s, nil
}

// plainTensor converts a tensor type the parser read as ast.Plain: a
// static one of an XLA element type at once (staticTensor), any other
// through the node tensor would have had.
func (l *lowerer) plainTensor(typ *ast.Type, depth int) (model.Shape, error) {
	text := l.src[typ.Pos.Offset:typ.EndPos.Offset]
	dims, elem := ast.SplitPlainTensor(text)
	n := bytes.Count(dims, []byte("x"))
	if err := l.rank(typ, n); err != nil {
		return model.Shape{}, err
	}
	if s, ok := l.staticTensor(dims, elem, n); ok {
		return s, nil
	}
	if s, ok := l.tensors[string(text)]; ok {
		return l.copyArray(s), nil // before a node is made for it
	}
	return l.tensor(l.expandPlain(typ), depth)
}

// rank checks that the tensor type typ, of n dimensions, has at most
// model.MaxRank; the error is at the type, as the leaves' bound's is.
func (l *lowerer) rank(typ *ast.Type, n int) error {
	if n <= model.MaxRank {
		return nil
	}
	return ast.Errorf(l.pos(typ.Pos), "%s", model.RankError)
}

// expandPlain returns a type of the same span as typ, a plain tensor,
// with the node the parser gives any other tensor type.
func (l *lowerer) expandPlain(typ *ast.Type) *ast.Type {
	dims, elem := ast.SplitPlainTensor(l.src[typ.Pos.Offset:typ.EndPos.Offset])
	at := typ.Pos.Offset + len("tensor<") + len(dims)
	e := &ast.Type{Pos: ast.At{Offset: at}, EndPos: ast.At{Offset: at + len(elem)}, Node: &ast.NamedType{Name: string(elem)}}
	return &ast.Type{Pos: typ.Pos, EndPos: typ.EndPos, Node: &ast.TensorType{Dims: string(dims), Elem: e}}
}

// staticTensor converts the commonest tensor type, static dimensions
// written without white space (list, as written) and a builtin element
// type, as convertTensor would, with its dims and layout cut from
// l.ints; n is the count of 'x' in list. ok is false for any other
// (convertTensor's then).
func (l *lowerer) staticTensor(list, name []byte, n int) (model.Shape, bool) {
	elem, ok := model.PrimitiveFromMLIR(string(name))
	if !ok {
		return model.Shape{}, false
	}
	var dims []int64 // nil for a scalar, as convertTensor gives
	if n > 0 {
		dims = l.grabInts(n)
	}
	d, v := 0, int64(0)
	for i := 0; i < len(list); i++ {
		c := list[i]
		switch {
		case c >= '0' && c <= '9' && v <= (1<<62)/10:
			v = 10*v + int64(c-'0')
		case c == 'x' && i > 0 && list[i-1] != 'x':
			dims[d], d, v = v, d+1, 0
		default:
			return model.Shape{}, false // '?', white space, large, hex
		}
	}
	if d != n || (n > 0 && list[len(list)-1] != 'x') {
		return model.Shape{}, false
	}
	layout := l.grabInts(n)
	for i := range layout {
		layout[i] = int64(n - 1 - i)
	}
	return model.Shape{Kind: model.ArrayShape, Elem: elem, Dims: dims, HasLayout: true, MinorToMajor: layout}, true
}

// grabInts returns n integers cut from l.ints, their capacity n; an empty
// slice for 0, as DefaultLayout gives.
func (l *lowerer) grabInts(n int) []int64 {
	if n == 0 {
		return []int64{}
	}
	if n > len(l.ints) {
		// Blocks double from 16 up to intsBlock, so that a small module
		// holds a small block.
		l.intsNext = min(max(2*l.intsNext, 16), intsBlock)
		l.ints = make([]int64, max(l.intsNext, n))
	}
	c := l.ints[:n:n]
	l.ints = l.ints[n:]
	return c
}

// intsBlock is how many integers one block of l.ints holds.
const intsBlock = 4096

// copyArray returns a copy of s, an array or opaque leaf of the memo (no
// tuple elements, no layout attributes), its dims and layout taken from
// l.ints. Each slice's capacity is its length, so an append to it never
// writes into another's.
func (l *lowerer) copyArray(s model.Shape) model.Shape {
	// The rare fields (which dimensions are dynamic, ...) are shared: a
	// setter copies them before it changes one (model.Shape), and none is
	// changed in place once the shape is made.
	s.Dims = l.takeInts(s.Dims)
	s.MinorToMajor = l.takeInts(s.MinorToMajor)
	return s
}

// takeInts returns a copy of v cut from l.ints; nil for nil.
func (l *lowerer) takeInts(v []int64) []int64 {
	if v == nil {
		return nil
	}
	c := l.grabInts(len(v))
	copy(c, v)
	return c
}

// convertTensor converts a tensor type, typ.Tensor.
func (l *lowerer) convertTensor(typ *ast.Type, depth int) (model.Shape, error) {
	t := typ.AsTensor()
	if t.Dims == "*x" {
		return model.OpaqueOf(l.src[typ.Pos.Offset:typ.EndPos.Offset]), nil
	}
	elem, ok := l.elementType(t.Elem, depth)
	if !ok {
		return model.OpaqueOf(l.src[typ.Pos.Offset:typ.EndPos.Offset]), nil
	}
	s := model.Shape{Kind: model.ArrayShape, Elem: elem}
	list := t.Dims
	if strings.ContainsAny(list, " \t\r\n") {
		list = strings.Join(strings.Fields(list), "")
	}
	if list != "" {
		rest := strings.TrimSuffix(list, "x")
		n := strings.Count(rest, "x") + 1
		s.Dims = make([]int64, 0, n)
		for i := 0; i < n; i++ {
			d, tail, _ := strings.Cut(rest, "x")
			rest = tail
			if d == "?" {
				if s.Dynamic() == nil {
					s.SetDynamic(make([]bool, n))
				}
				s.Dims = append(s.Dims, model.UnboundedSize)
				s.Dynamic()[i] = true
				continue
			}
			v, err := ast.ParseInt(d)
			if err != nil {
				return model.Shape{}, ast.Errorf(l.pos(typ.Pos), "dimension size %s does not fit in 64 bits", d)
			}
			s.Dims = append(s.Dims, v)
		}
	}
	if t.Encoding != nil {
		if err := l.encoding(&s, t); err != nil {
			return model.Shape{}, err
		}
		if s.Kind == model.OpaqueShape {
			return model.OpaqueOf(l.src[typ.Pos.Offset:typ.EndPos.Offset]), nil
		}
	}
	s.SetDefaultLayout()
	return s, nil
}

// elementType maps an MLIR element type to XLA's, resolving aliases.
func (l *lowerer) elementType(t *ast.Type, depth int) (model.PrimitiveType, bool) {
	if t.AsNamed() == nil {
		return model.Invalid, false
	}
	if strings.HasPrefix(t.AsNamed().Name, "!") {
		s, err := l.named(t, depth)
		if err != nil || s.Kind != model.ArrayShape || len(s.Dims) != 0 {
			return model.Invalid, false
		}
		return s.Elem, true
	}
	if t.AsNamed().Body == nil {
		// A name without a body is one token: the type's whole text.
		return model.PrimitiveFromMLIR(t.AsNamed().Name)
	}
	return model.PrimitiveFromMLIR(strings.Join(strings.Fields(l.text(t.Pos, t.EndPos)), ""))
}

// encoding applies a bounds encoding; any other encoding makes the tensor
// something XLA does not model (an opaque leaf).
func (l *lowerer) encoding(s *model.Shape, t *ast.TensorType) error {
	enc := t.Encoding
	var bounds []string
	switch {
	case enc.AsMHLOBounds() != nil:
		bounds = enc.AsMHLOBounds().Bounds
	case enc.AsSHLOBounds() != nil:
		bounds = enc.AsSHLOBounds().Bounds
	default:
		s.Kind = model.OpaqueShape
		return nil
	}
	if len(bounds) != len(s.Dims) {
		return ast.Errorf(l.pos(enc.Pos), "bounds length is %d, expected to be equal to rank(%d) of the tensor", len(bounds), len(s.Dims))
	}
	for i, b := range bounds {
		if b == "?" {
			continue
		}
		if !s.IsDynamicDim(i) {
			return ast.Errorf(l.pos(enc.Pos), "static dimension %d cannot have a bound, use ? to indicate a missing bound", i)
		}
		n, err := ast.ParseInt(b)
		if err != nil || n < 0 {
			return ast.Errorf(l.pos(enc.Pos), "bound %s of dimension %d must be a non-negative 64-bit integer", b, i)
		}
		s.Dims[i] = n
	}
	return nil
}

// text returns the source between two positions.
func (l *lowerer) text(pos, end ast.At) string {
	return string(l.src[pos.Offset:end.Offset])
}

// str is the quoted string a is, read from the input when it is a long
// one kept as its span (ast.Attr.Unread), or "" when a is no string.
func (l *lowerer) str(a *ast.Attr) string {
	if a.Unread() {
		return l.text(a.Pos, a.EndPos)
	}
	return a.Str()
}
