package lower

import (
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The names of the parameters and outputs. An argument is named, first
// of these that gives a name, by
//
//  1. jax.arg_info = "params['w']" (older JAX exports),
//  2. mhlo.frontend_attributes = {neff_input_names = "input14"} (an HLO
//     module of torch-neuronx imported into MLIR),
//  3. its location: a name location loc("params['w']"), the name inside a
//     fused location (the first part that has one) or a call-site
//     location (the callee's, else the caller's), a #loc reference
//     followed to its definition. A file location, loc("f.py":3:1), or
//     loc(unknown) is no name.
//
// A result is named by jax.result_info, else by its location. The
// attribute comes first: a producer writes it to name the value, while a
// location is debugging information that may describe where the value
// came from. Each is read once; a long name is kept as its beginning and
// its span (model.Name).

// The attributes names come from.
const (
	AttrArgInfo    = "jax.arg_info"
	AttrResultInfo = "jax.result_info"
	AttrFrontend   = "mhlo.frontend_attributes"
	neffInputNames = "neff_input_names"
)

// argName reads argument i's name.
func (l *lowerer) argName(i int, a *ast.Arg) model.Name {
	if n := l.stringName(l.argEntry(i, keyArgInfo)); !n.IsZero() {
		return n
	}
	if e := l.argEntry(i, keyFrontend); e != nil {
		if _, v, err := l.value(e); err == nil && v != nil {
			if n := l.stringName(v.AsDict().Lookup(neffInputNames)); !n.IsZero() {
				return n
			}
		}
	}
	return l.locName(a.Loc)
}

// resultName reads result i's name.
func (l *lowerer) resultName(i int, r *ast.Result) model.Name {
	if n := l.stringName(l.resultEntry(i, keyResultInfo)); !n.IsZero() {
		return n
	}
	return l.locName(r.Loc)
}

// stringName is the name an entry's string value gives, or none.
func (l *lowerer) stringName(e *ast.AttrEntry) model.Name {
	if e == nil {
		return model.Name{}
	}
	_, v, err := l.value(e)
	lit := l.strBytes(v)
	if err != nil || lit == nil {
		return model.Name{}
	}
	return model.NewName(l.src, v.Pos.Offset+1, v.Pos.Offset+len(lit)-1, model.MLIRString)
}

// strBytes is the string literal v is, its quotes included, as the
// input writes it; nil when v is no string.
func (l *lowerer) strBytes(v *ast.Attr) []byte {
	if v == nil || v.Kind != ast.KindString {
		return nil
	}
	at, end := v.Pos.Offset, v.EndPos.Offset
	if v.Suffix != nil {
		end = v.Suffix.Pos.Offset
	}
	for end > at && isLocSpace(l.src[end-1]) {
		end--
	}
	if end-at < 2 || l.src[at] != '"' || l.src[end-1] != '"' {
		return nil
	}
	return l.src[at:end]
}

// locName is the name a location trailer gives, or none.
func (l *lowerer) locName(loc *ast.Loc) model.Name {
	if loc == nil {
		return model.Name{}
	}
	if l.locs == nil {
		l.locs = &locReader{src: l.src, aliases: l.file.AttrAliases, release: l.opts.Release}
	}
	n, _, _ := l.locs.read(loc.Pos.Offset, 0)
	if !n.ok {
		return model.Name{}
	}
	return model.NewName(l.src, n.at, n.end, model.MLIRString)
}

// argLabel is `argument N "name"`, or `argument N` without a name.
func (l *lowerer) argLabel(i int) string {
	return (&model.Config{Names: model.Names{Params: l.argNames}}).ArgLabel(i)
}

// nameConfig is a config that holds only what names need, for the
// messages written before the config is built.
func (l *lowerer) nameConfig() *model.Config {
	return &model.Config{Source: model.Source{TupleArgs: l.opts.UseTupleArgs}, Names: l.names()}
}

// names are the names read, as the config keeps them.
func (l *lowerer) names() model.Names {
	var n model.Names
	if anyName(l.argNames) {
		n.Params = l.argNames
	}
	if l.resultTuple {
		if anyName(l.resultNames) {
			n.Outputs = l.resultNames
		}
	} else if len(l.resultNames) > 0 {
		n.Output = l.resultNames[0]
	}
	return n
}

func anyName(names []model.Name) bool {
	return slices.ContainsFunc(names, func(n model.Name) bool { return !n.IsZero() })
}

// locReader finds the name in a location. Each #loc definition is read
// at most once (memo), so that a thousand arguments referring to one
// cost one reading of it. Each reading of a location, and of a
// definition it refers to, tells release of the text it passes, a step
// at a time, as the parser does, so that a location of any length costs
// a bounded part of a mapped input.
type locReader struct {
	src     []byte
	aliases map[string]ast.Span
	memo    map[string]locName
	release func(from, to int) // Options.Release
	behind  ast.Behind         // the reading's, begun again at each location read
	next    int                // the offset at which behind is told next
}

// read reads the location at i, as full.
func (r *locReader) read(i, depth int) (locName, int, bool) {
	saved, next := r.behind, r.next
	r.behind, r.next = ast.Behind{Release: r.release}, 0
	defer func() { r.behind, r.next = saved, next }()
	return r.full(i, depth)
}

// passed tells behind of the text before j, once j is a step past the
// last offset it told.
func (r *locReader) passed(j int) {
	if j >= r.next {
		r.behind.At(j)
		r.next = j + ast.ReleaseStep
	}
}

// locName is a name found in a location: the inside of its string
// literal, src[at:end].
type locName struct {
	at, end int
	ok      bool
}

// maxLocDepth bounds the nesting of locations, #loc references included,
// that is followed.
const maxLocDepth = 64

// full reads `loc(BODY)` at i. It returns the name, when there is one,
// and otherwise the offset after the location and whether it could be
// read at all.
func (r *locReader) full(i, depth int) (locName, int, bool) {
	i = r.space(i)
	if !r.word(i, "loc") {
		return locName{}, i, false
	}
	i = r.space(i + 3)
	if i >= len(r.src) || r.src[i] != '(' {
		return locName{}, i, false
	}
	n, end, ok := r.body(i+1, depth)
	if n.ok || !ok {
		return n, end, ok
	}
	end = r.space(end)
	if end >= len(r.src) || r.src[end] != ')' {
		return locName{}, end, false
	}
	return locName{}, end + 1, true
}

// body reads a location without `loc(...)` around it at i: a name or
// file location, #name, unknown, fused[...] or callsite(... at ...).
func (r *locReader) body(i, depth int) (locName, int, bool) {
	i = r.space(i)
	if depth > maxLocDepth || i >= len(r.src) {
		return locName{}, i, false
	}
	switch c := r.src[i]; {
	case c == '"':
		end, ok := r.stringEnd(i)
		if !ok {
			return locName{}, i, false
		}
		j := r.space(end)
		if j < len(r.src) && r.src[j] == ':' {
			// A file location, "f.py":3:1 [to [3]:9]: no name.
			for {
				switch {
				case j < len(r.src) && r.src[j] == ':':
					j++
				case j < len(r.src) && r.src[j] >= '0' && r.src[j] <= '9':
				case r.word(j, "to"):
					j += 2
				default:
					return locName{}, j, true
				}
				for j < len(r.src) && r.src[j] >= '0' && r.src[j] <= '9' {
					r.passed(j)
					j++
				}
				j = r.space(j)
			}
		}
		// A name location, with or without a child location.
		return locName{at: i + 1, end: end - 1, ok: end-1 > i+1}, end, true
	case c == '#':
		j := i + 1
		for j < len(r.src) && isAliasChar(r.src[j]) {
			r.passed(j)
			j++
		}
		return r.alias(string(r.src[i:j]), depth), j, true
	case r.word(i, "unknown"):
		return locName{}, i + len("unknown"), true
	case r.word(i, "fused"):
		j := r.space(i + len("fused"))
		if j < len(r.src) && r.src[j] == '<' {
			var ok bool
			if j, ok = r.skipAngle(j); !ok {
				return locName{}, j, false
			}
			j = r.space(j)
		}
		if j >= len(r.src) || r.src[j] != '[' {
			return locName{}, j, false
		}
		for j++; ; {
			n, end, ok := r.body(j, depth+1)
			if n.ok || !ok {
				return n, end, ok
			}
			j = r.space(end)
			switch {
			case j < len(r.src) && r.src[j] == ',':
				j++
			case j < len(r.src) && r.src[j] == ']':
				return locName{}, j + 1, true
			default:
				return locName{}, j, false
			}
		}
	case r.word(i, "callsite"):
		j := r.space(i + len("callsite"))
		if j >= len(r.src) || r.src[j] != '(' {
			return locName{}, j, false
		}
		n, end, ok := r.body(j+1, depth+1) // the callee
		if n.ok || !ok {
			return n, end, ok
		}
		j = r.space(end)
		if !r.word(j, "at") {
			return locName{}, j, false
		}
		n, end, ok = r.body(j+2, depth+1) // the caller
		if n.ok || !ok {
			return n, end, ok
		}
		j = r.space(end)
		if j >= len(r.src) || r.src[j] != ')' {
			return locName{}, j, false
		}
		return locName{}, j + 1, true
	}
	return locName{}, i, false
}

// alias is the name the location defined as `#name = loc(...)` gives.
func (r *locReader) alias(name string, depth int) locName {
	if n, ok := r.memo[name]; ok {
		return n
	}
	span, ok := r.aliases[name]
	if !ok {
		return locName{}
	}
	if r.memo == nil {
		r.memo = map[string]locName{}
	}
	r.memo[name] = locName{} // a reference to itself names nothing
	n, _, _ := r.read(span.Pos.Offset, depth+1)
	r.memo[name] = n
	return n
}

// space skips white space and comments at i.
func (r *locReader) space(i int) int {
	for i < len(r.src) {
		r.passed(i)
		switch c := r.src[i]; {
		case isLocSpace(c):
			i++
		case c == '/' && i+1 < len(r.src) && r.src[i+1] == '/':
			for i < len(r.src) && r.src[i] != '\n' {
				r.passed(i)
				i++
			}
		default:
			return i
		}
	}
	return i
}

// word reports whether the keyword w stands at i.
func (r *locReader) word(i int, w string) bool {
	return i+len(w) <= len(r.src) && string(r.src[i:i+len(w)]) == w &&
		(i+len(w) == len(r.src) || !isAliasChar(r.src[i+len(w)]))
}

// stringEnd returns the offset after the string literal at i.
func (r *locReader) stringEnd(i int) (int, bool) {
	for j := i + 1; j < len(r.src); j++ {
		r.passed(j)
		switch r.src[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		case '\n':
			return j, false
		}
	}
	return len(r.src), false
}

// skipAngle returns the offset after the `<...>` at i, strings and nested
// brackets inside.
func (r *locReader) skipAngle(i int) (int, bool) {
	depth := 0
	for j := i; j < len(r.src); j++ {
		r.passed(j)
		switch r.src[j] {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
			if depth == 0 {
				return j + 1, true
			}
		case '"':
			end, ok := r.stringEnd(j)
			if !ok {
				return end, false
			}
			j = end - 1
		}
	}
	return len(r.src), false
}

func isLocSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isAliasChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-'
}
