package lower

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// A value's layout comes from the module's entry-computation layouts, else
// from its mhlo.layout_mode, else it is the default descending layout.
// When both sources speak for the same value they must agree.

// valueName names an argument or result, and an element path in it, in
// messages: "argument 3", `argument 3 "x"`, "result 0, element 1". It is
// formatted only for a message, not for every value.
type valueName struct {
	kind  string // "argument" or "result"
	index int
	name  model.Name // the producer's, if any (names.go)
	path  string     // ", element i" for each tuple element entered
}

func (v valueName) String() string {
	return fmt.Sprintf("%s %d%s%s", v.kind, v.index, v.name.Suffix(), v.path)
}

// element names element i of v.
func (v valueName) element(i int) valueName {
	v.path = fmt.Sprintf("%s, element %d", v.path, i)
	return v
}

// layoutSource is one source's word on a value's layout.
type layoutSource struct {
	attr *ast.Attr // an entry of the ..._layouts attribute, or nil
	name string    // the attribute it came from
}

// layouts applies both sources to every argument and result.
func (l *lowerer) layouts() error {
	if l.argLayoutsErr != nil {
		return l.argLayoutsErr
	}
	resEntries, err := l.layoutEntries(AttrResultLayouts, len(l.results), l.results)
	if err != nil {
		return err
	}
	// The arguments' layouts were applied as they were read (readArg).
	if l.argOut.layout != nil {
		return l.argOut.layout
	}
	for i := range l.results {
		src, mode := sourceAt(resEntries, i), l.resultEntry(i, keyLayoutMode)
		if src.attr == nil && mode == nil {
			continue
		}
		what := valueName{kind: "result", index: i}
		if l.resultNames != nil {
			what.name = l.resultNames[i]
		}
		if err := l.layoutOf(&l.results[i], mode, src, what); err != nil {
			return err
		}
	}
	return nil
}

// layoutEntries splits a module layout attribute into one entry per value.
// results, when given, are the result shapes: a one-element array is that
// element, and a single tuple result may be given as the array itself.
// It returns nil, which sourceAt reads as no entry for any value, when the
// module has no such attribute.
func (l *lowerer) layoutEntries(key string, n int, results []model.Shape) ([]layoutSource, error) {
	if l.file.Module == nil {
		return nil, nil
	}
	e, v, err := l.entry(l.file.Module.Attrs, key)
	if err != nil || e == nil {
		return nil, err
	}
	if v == nil || v.AsArray() == nil || v.AsArray().Unread {
		return nil, ast.Errorf(l.pos(e.Pos), "%s must be an array of layouts", key)
	}
	elems := v.AsArray().Elems
	if results != nil && n == 1 && len(elems) != 1 && results[0].IsTuple() {
		elems = []*ast.Attr{v}
	}
	if n >= 0 && len(elems) != n {
		return nil, l.layoutCountError(key, len(elems), n)
	}
	out := make([]layoutSource, len(elems))
	for i, el := range elems {
		out[i] = layoutSource{attr: el, name: key}
	}
	return out, nil
}

// layoutCountError says that the module layout attribute key has n
// entries for want values.
func (l *lowerer) layoutCountError(key string, n, want int) error {
	e, _, _ := l.entry(l.file.Module.Attrs, key)
	return ast.Errorf(l.pos(e.Pos), "%s has %d entries, but the entry function has %d", key, n, want)
}

// sourceAt is entry i of layoutEntries' result; none past its end (the
// arguments read as they are decoded, before their number is checked).
func sourceAt(entries []layoutSource, i int) layoutSource {
	if i >= len(entries) {
		return layoutSource{}
	}
	return entries[i]
}

// layoutOf sets the layout of one value from its sources.
func (l *lowerer) layoutOf(s *model.Shape, modeEntry *ast.AttrEntry, explicit layoutSource, what valueName) error {
	e, mode, err := l.value(modeEntry)
	if err != nil {
		return err
	}
	if explicit.attr != nil {
		if err := l.applyLayout(s, explicit.attr, what); err != nil {
			return err
		}
		if e != nil {
			return l.agree(s, e, mode, explicit, what)
		}
		return nil
	}
	if e == nil {
		return nil
	}
	return l.applyMode(s, e, mode, what)
}

// applyLayout applies a dense<[...]> layout, or an array of them for a
// tuple; an empty one means the default layout.
func (l *lowerer) applyLayout(s *model.Shape, a *ast.Attr, what valueName) error {
	a, err := l.resolve(a)
	if err != nil {
		return err
	}
	switch {
	case a.AsArray() != nil && a.AsArray().Unread:
		// A long array of scalars, kept as its span (ast.ArrayAttr).
		return ast.Errorf(l.pos(a.Pos), "layout of %s: an array of %d bytes of scalars is not a layout", what, a.AsArray().EndPos.Offset-a.AsArray().Pos.Offset)
	case a.AsArray() != nil && len(a.AsArray().Elems) == 0:
		return nil
	case a.AsArray() != nil && s.IsTuple() && len(a.AsArray().Elems) == len(s.Elems()):
		// The elements may be shared with other shapes (typeAlias).
		elems := slices.Clone(s.Elems())
		s.SetElems(elems)
		for i, el := range a.AsArray().Elems {
			if err := l.applyLayout(&elems[i], el, what.element(i)); err != nil {
				return err
			}
		}
		return nil
	case a.AsDense() != nil && a.AsDense().Unread:
		// A long dense literal, kept as its span (ast.DenseAttr).
		return ast.Errorf(l.pos(a.Pos), "layout of %s: a dense literal of %d bytes is not a layout", what, a.AsDense().EndPos.Offset-a.AsDense().Pos.Offset)
	case a.AsDense() != nil && s.IsArray():
		ints, err := denseInts(a.AsDense().Body)
		if err != nil {
			return ast.Errorf(l.pos(a.Pos), "layout of %s: %v", what, err)
		}
		if len(ints) == 0 {
			return nil
		}
		return setLayout(s, ints, l.pos(a.Pos), what)
	}
	return ast.Errorf(l.pos(a.Pos), "layout of %s must be dense<[...]> for an array or an array of layouts for a tuple, to match %s", what, s.Written())
}

// setLayout checks that ints is a permutation of s's dimensions.
func setLayout(s *model.Shape, ints []int64, pos ast.Pos, what valueName) error {
	seen := make([]bool, len(s.Dims))
	for _, d := range ints {
		if d < 0 || d >= int64(len(s.Dims)) || seen[d] || len(ints) != len(s.Dims) {
			return ast.Errorf(pos, "layout %s of %s is not a permutation of the dimensions of %s", ast.Clip(model.ShapeIndex(ints).String()), what, s.Written())
		}
		seen[d] = true
	}
	s.HasLayout, s.MinorToMajor = true, ints
	return nil
}

// applyMode applies mhlo.layout_mode alone.
func (l *lowerer) applyMode(s *model.Shape, e *ast.AttrEntry, mode *ast.Attr, what valueName) error {
	m, err := l.modeString(e, mode)
	if err != nil {
		return err
	}
	switch m {
	case "default":
		return nil
	case "auto":
		unresolve(s)
		return nil
	}
	ints, err := parseLayoutString(m)
	if err != nil || !s.IsArray() {
		return ast.Errorf(l.pos(e.Pos), "mhlo.layout_mode of %s must be \"default\", \"auto\" or a layout such as \"{1,0}\" for an array, got %q", what, ast.Clip(m))
	}
	return setLayout(s, ints, l.pos(e.Pos), what)
}

// agree checks mhlo.layout_mode against the layout s got from the module.
func (l *lowerer) agree(s *model.Shape, e *ast.AttrEntry, mode *ast.Attr, explicit layoutSource, what valueName) error {
	m, err := l.modeString(e, mode)
	if err != nil {
		return err
	}
	want := model.Shape{}
	switch m {
	case "auto":
		return ast.Errorf(l.pos(e.Pos), "mhlo.layout_mode \"auto\" of %s disagrees with its layout %s from %s", what, s.StringWithLayout(), explicit.name)
	case "default":
		want = s.Clone()
		setDefault(&want)
	default:
		want = s.Clone()
		if err := l.applyMode(&want, e, mode, what); err != nil {
			return err
		}
	}
	if !model.Equal(&want, s) {
		return ast.Errorf(l.pos(e.Pos), "mhlo.layout_mode %q of %s disagrees with its layout %s from %s", ast.Clip(m), what, s.StringWithLayout(), explicit.name)
	}
	return nil
}

// modeString is the string mhlo.layout_mode holds. One longer than
// maxModeBytes, which could be no layout of a realistic rank, is an
// error, read no further than its first bytes.
func (l *lowerer) modeString(e *ast.AttrEntry, mode *ast.Attr) (string, error) {
	if mode == nil || mode.Kind != ast.KindString {
		return "", ast.Errorf(l.pos(e.Pos), "mhlo.layout_mode must be a string")
	}
	if n := mode.EndPos.Offset - mode.Pos.Offset; n > maxModeBytes {
		head := l.src[mode.Pos.Offset : mode.Pos.Offset+64]
		return "", ast.Errorf(l.pos(e.Pos), "mhlo.layout_mode is a string of %d bytes, %s...; at most %d are read", n, head, maxModeBytes)
	}
	return ast.Unquote(l.str(mode))
}

// maxModeBytes is the longest mhlo.layout_mode string read, quotes
// included: a layout of rank 5000.
const maxModeBytes = 64 << 10

// unresolve removes the layout of every array in s.
func unresolve(s *model.Shape) {
	if s.IsTuple() {
		*s = s.Clone() // the elements may be shared with other shapes
	}
	s.ForEachSubshape(func(_ model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() {
			sub.HasLayout, sub.MinorToMajor = false, nil
		}
	})
}

// setDefault gives every array in s the default layout.
func setDefault(s *model.Shape) {
	s.ForEachSubshape(func(_ model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() {
			sub.SetDefaultLayout()
		}
	})
}

// parseLayoutString parses "{1,0}".
func parseLayoutString(m string) ([]int64, error) {
	m = strings.TrimSpace(m)
	if !strings.HasPrefix(m, "{") || !strings.HasSuffix(m, "}") {
		return nil, fmt.Errorf("not a layout")
	}
	body := strings.TrimSpace(m[1 : len(m)-1])
	ints := []int64{}
	if body == "" {
		return ints, nil
	}
	for _, f := range strings.Split(body, ",") {
		v, err := ast.ParseInt(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		ints = append(ints, v)
	}
	return ints, nil
}

// denseInts flattens the integers of a dense literal.
func denseInts(d *ast.DenseElem) ([]int64, error) {
	if d == nil {
		return nil, nil
	}
	if !d.List {
		if d.Value == "" {
			return nil, fmt.Errorf("expected integers")
		}
		v, err := ast.ParseInt(d.Value)
		if err != nil {
			return nil, fmt.Errorf("expected integers, got %s", d.Value)
		}
		return []int64{v}, nil
	}
	var out []int64
	for _, e := range d.Elems {
		v, err := denseInts(e)
		if err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	return out, nil
}
