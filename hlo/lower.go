package hlo

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Lower builds the alias-config model of f's entry computation: the
// parameter and result shapes from entry_computation_layout when the
// header has it, else from the entry's parameter instructions and ROOT
// (a shape without a layout gets the default descending layout); the
// aliases from input_output_alias, the donors from buffer_donor and the
// shardings (sharding.go); then it verifies the config. It returns the
// config (nil if it could not be built) and the diagnostics.
func Lower(f *File, src []byte) (*model.Config, ast.ErrorList) {
	var errs ast.ErrorList
	params, perrs := entryParams(f)
	errs = append(errs, perrs...)
	shapes, out, serrs := entryShapes(f, src, params)
	errs = append(errs, serrs...)
	if errs.HasErrors() {
		errs.Sort()
		return nil, errs
	}
	cfg := model.NewConfig(shapes, out)
	cfg.Source = source(f, params)
	cfg.Names = entryNames(f, src, params, cfg.Output())
	cfg.Sharding = partitioning(f, src, params, cfg, &errs)
	errs = append(errs, aliases(f, src, cfg)...)
	derrs, checked := donors(f, src, cfg)
	errs = append(errs, derrs...)
	if !errs.HasErrors() {
		errs = append(errs, checked...)
		errs = append(errs, model.Verify(cfg)...)
	}
	errs.Sort()
	if errs.HasErrors() {
		return nil, errs
	}
	return cfg, errs
}

// entryParams orders the parameter instructions by number and checks
// that the numbers are 0 to n-1, each once.
func entryParams(f *File) ([]*Instr, ast.ErrorList) {
	var errs ast.ErrorList
	c := f.Entry
	params := slices.Clone(c.Params)
	slices.SortStableFunc(params, func(a, b *Instr) int { return cmp.Compare(a.Param, b.Param) })
	for i, in := range params {
		switch {
		case i > 0 && in.Param == params[i-1].Param:
			errs.Add(f.Pos(in.ParamAt), "parameter number %d is used twice in computation %s: by %s and %s",
				in.Param, ast.Clip(c.Name), ast.Clip(params[i-1].Name), ast.Clip(in.Name))
		case in.Param != int64(i) && (i == 0 || in.Param != params[i-1].Param):
			errs.Add(f.Pos(in.ParamAt), "parameter number %d of computation %s is out of range: it has %d parameter(s), numbered from 0, and no parameter %d",
				in.Param, ast.Clip(c.Name), len(params), i)
			return params, errs
		}
	}
	return params, errs
}

// entryShapes returns the parameter shapes and the result shape.
func entryShapes(f *File, src []byte, params []*Instr) ([]model.Shape, model.Shape, ast.ErrorList) {
	if f.Layout != nil {
		return layoutShapes(f, src, params)
	}
	var errs ast.ErrorList
	shapes := make([]model.Shape, len(params))
	for i, in := range params {
		switch {
		case in.shapeErr != nil:
			errs = append(errs, in.shapeErr)
		case in.shape != nil:
			shapes[i] = *in.shape
		default: // a File ParseFile did not return whole
			errs.Add(f.Pos(in.ShapeAt), "the shape of parameter %s was not read", ast.Clip(in.Name))
		}
	}
	var out model.Shape
	switch root := f.Entry.Root; {
	case root.Param >= 0 && root.Param < int64(len(shapes)):
		out = shapes[root.Param].Clone() // the root is a parameter: lowered once
	case root.shapeErr != nil:
		errs = append(errs, root.shapeErr)
	case root.shape != nil:
		out = *root.shape
	default:
		errs.Add(f.Pos(root.At), "the shape of the ROOT instruction %s is left out: XLA infers it, this tool does not; write it, or give the header an entry_computation_layout", ast.Clip(root.Name))
	}
	return shapes, out, errs
}

// layoutShapes returns the shapes of entry_computation_layout, checking
// that the instructions agree with them but for layout.
func layoutShapes(f *File, src []byte, params []*Instr) ([]model.Shape, model.Shape, ast.ErrorList) {
	var errs ast.ErrorList
	l := f.Layout
	if len(l.Params) != len(params) {
		errs.Add(l.Pos, "entry_computation_layout has %d parameter shape(s), but the entry computation %s has %d parameter(s)",
			len(l.Params), ast.Clip(f.Entry.Name), len(params))
		return nil, model.Shape{}, errs
	}
	bad := map[int]bool{}
	for _, e := range l.Errs {
		errs, bad[e.Index] = append(errs, e.Err), true
	}
	var text []byte // the text of a shape, reused
	behind := ast.Behind{Release: f.release}
	for i := range l.Params {
		want := &l.Params[i]
		if bad[i] {
			continue
		}
		behind.At(params[i].At.Offset)
		got, err := instrShape(f, src, params[i], want, &text)
		if err != nil {
			errs = append(errs, err...)
		} else if !sameShape(got, want) {
			errs.Add(l.ParamPos(i), "entry_computation_layout parameter %d is %s, but parameter %d%s of the entry computation is %s",
				i, want.Written(), i, params[i].Label.Suffix(), got.Written())
		}
	}
	// The config shares the layout's shapes, as configs share theirs:
	// passes never change them.
	res := &l.Result
	if bad[len(l.Params)] {
		return l.Params, *res, errs
	}
	if root := f.Entry.Root; root.HasShape && root.Param < 0 { // a parameter is checked above
		got, err := instrShape(f, src, root, res, &text)
		if err != nil {
			errs = append(errs, err...)
		} else if !sameShape(got, res) {
			errs.Add(l.ResultPos(), "entry_computation_layout result is %s, but the entry computation's ROOT is %s", res.Written(), got.Written())
		}
	}
	return l.Params, *res, errs
}

// instrShape returns the shape the instruction in is written with. Its
// text is parsed only when it is not that of want, with or without its
// layout: a dump prints both alike, and a long entry has thousands. buf
// holds the printed text between calls.
func instrShape(f *File, src []byte, in *Instr, want *model.Shape, buf *[]byte) (*model.Shape, ast.ErrorList) {
	text := src[in.ShapeAt.Offset:in.ShapeEnd]
	if *buf = want.AppendTextUpTo((*buf)[:0], true, len(text)); string(text) == string(*buf) {
		return want, nil
	}
	if *buf = want.AppendTextUpTo((*buf)[:0], false, len(text)); string(text) == string(*buf) {
		return want, nil
	}
	if err := in.readShape(src, f.Name, f.release); err != nil {
		return nil, asList(err).(ast.ErrorList)
	}
	if in.shapeErr != nil {
		return nil, ast.ErrorList{in.shapeErr}
	}
	return in.shape, nil
}

// sameShape reports whether a and b are equal but for their layouts
// (ShapeUtil::Compatible).
func sameShape(a, b *model.Shape) bool { return a == b || a.String() == b.String() }

// source records where the entry's pieces are: each parameter instruction
// and the ROOT, for diagnostics and remarks.
func source(f *File, params []*Instr) model.Source {
	src := model.Source{Func: f.Entry.Pos}
	if len(params) > 0 {
		src.Args = make([]model.Point, 0, len(params))
	}
	for _, in := range params {
		src.Args = append(src.Args, in.At)
	}
	src.Results = []model.Point{f.Entry.Root.At}
	return src
}

// aliases sets up every alias of input_output_alias, in its order.
func aliases(f *File, src []byte, cfg *model.Config) ast.ErrorList {
	if f.Aliases == nil {
		return nil
	}
	l := listErrors{key: keyAlias}
	add := func(e *AliasEntry) {
		if l.full(e.Pos) {
			return
		}
		if err := cmp.Or(nonNegative(e.Pos, "output index", e.Output), nonNegative(e.Pos, "parameter index", e.ParamIndex)); err != nil {
			l.add(&l.errs, err)
			return
		}
		kind := model.MayAlias
		if e.Must {
			kind = model.MustAlias
		}
		origin := model.Origin{Attr: keyAlias, Pos: e.Pos}
		if err := cfg.Aliases.SetUpAlias(e.Output, e.Param, e.ParamIndex, kind, origin); err != nil {
			l.add(&l.errs, ast.Errorf(e.Pos, "%s", err))
		}
	}
	if f.Aliases.Dropped {
		eachEntry(src, f.Header.Attr(keyAlias).Value, f.release, "aliasing description", (*byteCursor).aliasEntry, add)
	} else {
		cfg.Aliases.Grow(len(f.Aliases.Entries))
		for _, e := range f.Aliases.Entries {
			add(e)
		}
	}
	l.done()
	return l.errs
}

// donors registers every donor of buffer_donor. A donor of no parameter
// is not registered: its error, which Verify would give, is in checked,
// so that however many entries name no parameter the config holds the
// donors the parameters can have.
func donors(f *File, src []byte, cfg *model.Config) (errs, checked ast.ErrorList) {
	if f.Donors == nil {
		return nil, nil
	}
	l := listErrors{key: keyDonor}
	add := func(e *DonorEntry) {
		if l.full(e.Pos) {
			return
		}
		if err := nonNegative(e.Pos, "parameter index", e.ParamIndex); err != nil {
			l.add(&l.errs, err)
			return
		}
		origin := model.Origin{Attr: keyDonor, Pos: e.Pos}
		if e.Param >= 0 {
			if _, ok := cfg.ParamSubshape(e.Param, e.ParamIndex); !ok {
				l.add(&checked, ast.Errorf(e.Pos, "%s", cfg.DonorError(model.Donor{ParamNumber: e.Param, ParamIndex: e.ParamIndex, Origin: origin})))
				return
			}
		}
		if err := cfg.Donors.AddBufferDonor(e.Param, e.ParamIndex, origin); err != nil {
			l.add(&l.errs, ast.Errorf(e.Pos, "%s", err))
		}
	}
	if f.Donors.Dropped {
		eachEntry(src, f.Header.Attr(keyDonor).Value, f.release, "buffer donor description", (*byteCursor).donorEntry, add)
	} else {
		for _, e := range f.Donors.Entries {
			add(e)
		}
	}
	l.done()
	return l.errs, checked
}

// maxListErrors is the most errors the entries of a list give; the next
// says that the entries after it are not checked, as a compiler stops at
// its error limit, so that a list of megabytes of wrong entries costs a
// bounded set of diagnostics.
const maxListErrors = 100

// listErrors counts the errors of a list's entries.
type listErrors struct {
	key  string
	errs ast.ErrorList
	n    int
	last *ast.ErrorList // the list the last error went to
	stop *ast.Error     // the error that ends the check
	left int            // the entries not checked, from stop's on
}

// full reports whether the list gave maxListErrors errors, adding, at
// the first entry after them, the error that ends the check (to the list
// the last error went to).
func (l *listErrors) full(pos ast.Pos) bool {
	if l.n < maxListErrors {
		return false
	}
	if l.stop == nil {
		l.stop = &ast.Error{Pos: pos}
		*l.last = append(*l.last, l.stop)
	}
	l.left++
	return true
}

// done words the error that ends the check, if there is one, once the
// entries it leaves are counted.
func (l *listErrors) done() {
	if l.stop != nil {
		l.stop.Msg = fmt.Sprintf("too many errors in %s: this entry and the %d after it are not checked", l.key, l.left-1)
	}
}

// add appends err to the list to.
func (l *listErrors) add(to *ast.ErrorList, err *ast.Error) {
	*to = append(*to, err)
	l.n, l.last = l.n+1, to
}

func nonNegative(pos ast.Pos, what string, index []int64) *ast.Error {
	for _, i := range index {
		if i < 0 {
			return ast.Errorf(pos, "%s %s must hold indices >= 0, got %d", what, model.ShapeIndex(index), i)
		}
	}
	return nil
}

// lowerShape converts a parsed shape into dst, checking its dimensions
// and layout as XLA's parser and ShapeUtil::ValidateShape do.
func lowerShape(n *ShapeNode, dst *model.Shape) *ast.Error {
	if n.Tuple != nil {
		elems := make([]model.Shape, len(n.Tuple.Elems))
		for i, e := range n.Tuple.Elems {
			if err := lowerShape(e, &elems[i]); err != nil {
				return err
			}
		}
		*dst = model.Tuple(elems...)
		return nil
	}
	return lowerArray(n.Array, dst)
}

func lowerArray(a *ArrayNode, dst *model.Shape) *ast.Error {
	switch a.Elem {
	case "token", "opaque":
		if len(a.Dims) > 0 || a.Layout != nil {
			return ast.Errorf(a.Pos, "%s shape must be %s[] without a layout", a.Elem, a.Elem)
		}
		if a.Elem == "token" {
			*dst = model.Token()
		} else {
			*dst = model.Opaque("opaque[]")
		}
		return nil
	}
	elem, ok := model.PrimitiveFromXLA(a.Elem)
	if !ok {
		return ast.Errorf(a.Pos, "expected primitive type, saw %s", printable(a.Elem))
	}
	s := model.Shape{Kind: model.ArrayShape, Elem: elem, Dims: make([]int64, len(a.Dims))}
	for i, d := range a.Dims {
		if err := lowerDim(d, &s, i); err != nil {
			return err
		}
	}
	if a.Layout == nil {
		s.SetDefaultLayout()
	} else if err := lowerLayout(a.Layout, &s); err != nil {
		return err
	}
	*dst = s
	return nil
}

func lowerDim(d *DimNode, s *model.Shape, i int) *ast.Error {
	if d.Unbounded || d.Bounded {
		if s.Dynamic() == nil {
			s.SetDynamic(make([]bool, len(s.Dims)))
		}
		s.Dynamic()[i] = true
	}
	if d.Unbounded {
		s.Dims[i] = model.UnboundedSize
		return nil
	}
	n, err := strconv.ParseInt(d.Size, 10, 64)
	if err != nil || n < 0 {
		return ast.Errorf(d.Pos, "invalid dimension size %s", printable(d.Size))
	}
	s.Dims[i] = n
	return nil
}

// lowerLayout fills in s's layout from l.
func lowerLayout(l *LayoutNode, s *model.Shape) *ast.Error {
	m2m, err := ints(l.Pos, l.MinorToMajor)
	if err != nil {
		return err
	}
	if len(m2m) != len(s.Dims) {
		return ast.Errorf(l.Pos, "Dimensions size is %d, but minor to major size is %d.", len(s.Dims), len(m2m))
	}
	if err := permutation(l.Pos, m2m); err != nil {
		return err
	}
	s.HasLayout, s.MinorToMajor = true, m2m
	if !l.Colon {
		return nil
	}
	// The attributes are read in XLA's order; the first error is the one.
	a := &model.LayoutAttrs{}
	var errs [9]*ast.Error
	var memory int64
	a.Tiles, errs[0] = tiles(l.Tiles)
	a.TailPaddingAlignment, errs[1] = intAttr(l.Padding, 1, "multiple padded to in elements")
	a.IndexType, errs[2] = typeAttr(l.IndexType)
	a.PointerType, errs[3] = typeAttr(l.PointerType)
	a.ElementSizeBits, errs[4] = intAttr(l.ElementSize, 0, "element size in bits")
	memory, errs[5] = intAttr(l.MemorySpace, 0, "memory space")
	a.SplitConfigs, errs[6] = splits(l.Splits)
	a.PhysicalShape, errs[7] = physical(l.Physical)
	a.DynamicMetadataPrefixBytes, errs[8] = intAttr(l.MetadataSize, 0, "dynamic shape metadata prefix bytes")
	if err := cmp.Or(errs[:]...); err != nil {
		return err
	}
	s.SetMemorySpace(memory)
	if a.PhysicalShape != nil {
		// XLA's parser: only a sparse array's layout has one, and HLO
		// text has no sparse dimension level types here.
		return ast.Errorf(l.Physical.Pos, "Layout has physical shape, but is not for a sparse array: %s", layoutText(s, a))
	}
	if !a.IsZero() {
		s.SetAttrs(a)
	}
	return nil
}

// layoutText prints the layout of s with attributes a, for a message.
func layoutText(s *model.Shape, a *model.LayoutAttrs) string {
	c := *s
	c.SetAttrs(a)
	text := c.StringWithLayout()
	if i := strings.IndexByte(text, '{'); i >= 0 {
		return text[i:]
	}
	return text
}

// permutation checks a minor-to-major list as XLA's
// LayoutUtil::ValidateLayoutForShape does.
func permutation(pos ast.Pos, m2m []int64) *ast.Error {
	seen := make([]bool, len(m2m))
	for _, d := range m2m {
		if d < 0 || d >= int64(len(m2m)) {
			return ast.Errorf(pos, "layout minor_to_major field has out-of-bounds value: %s", model.ShapeIndex(m2m))
		}
		if seen[d] {
			return ast.Errorf(pos, "layout minor_to_major field has duplicate values: %s", model.ShapeIndex(m2m))
		}
		seen[d] = true
	}
	return nil
}

func ints(pos ast.Pos, texts []string) ([]int64, *ast.Error) {
	v := make([]int64, len(texts))
	for i, t := range texts {
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return nil, ast.Errorf(pos, "integer %s does not fit in 64 bits", ast.Clip(t))
		}
		v[i] = n
	}
	return v, nil
}

func tiles(nodes []*TileNode) ([]model.Tile, *ast.Error) {
	var out []model.Tile
	for _, t := range nodes {
		tile := model.Tile{}
		for _, d := range t.Dims {
			if d.Combine {
				tile = append(tile, model.CombineDimension)
				continue
			}
			n, err := strconv.ParseInt(d.Size, 10, 64)
			if err != nil || n < 0 {
				return nil, ast.Errorf(d.Pos, "invalid tile dimension %s", printable(d.Size))
			}
			tile = append(tile, n)
		}
		out = append(out, tile)
	}
	return out, nil
}

// intAttr reads L(n), E(n), S(n) or M(n); def is the value when absent.
func intAttr(a *IntAttr, def int64, what string) (int64, *ast.Error) {
	if a == nil {
		return def, nil
	}
	n, err := strconv.ParseInt(a.Value, 10, 64)
	if err != nil || n < 0 || what == "multiple padded to in elements" && n < 1 {
		return 0, ast.Errorf(a.Pos, "invalid %s %s", what, printable(a.Value))
	}
	return n, nil
}

func typeAttr(a *TypeAttr) (model.PrimitiveType, *ast.Error) {
	if a == nil {
		return model.Invalid, nil
	}
	p, ok := model.PrimitiveFromXLA(a.Type)
	if !ok {
		return 0, ast.Errorf(a.Pos, "expected primitive type, saw %s", printable(a.Type))
	}
	if !p.IsUnsignedInt() {
		return 0, ast.Errorf(a.Pos, "expecting an unsigned integer type")
	}
	return p, nil
}

func splits(nodes []*SplitNode) ([]model.SplitConfig, *ast.Error) {
	var out []model.SplitConfig
	for _, n := range nodes {
		v, err := ints(n.Pos, append([]string{n.Dim}, n.Indices...))
		if err != nil {
			return nil, err
		}
		out = append(out, model.SplitConfig{Dimension: v[0], Indices: v[1:]})
	}
	return out, nil
}

func physical(p *PhysicalNode) (*model.Shape, *ast.Error) {
	if p == nil {
		return nil, nil
	}
	var s model.Shape
	if err := lowerShape(p.Shape, &s); err != nil {
		return nil, err
	}
	return &s, nil
}
