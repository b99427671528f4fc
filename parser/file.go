package parser

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// scanner finds the structure of a module in src.
type scanner struct {
	Src   []byte
	file  *ast.File
	lines ast.LineIndex

	entry      string
	lineOffset int // added to every line number
	release    func(from, to int)
	released   int // the offset up to which release was last called
	funcs      []*funcSpan
	module     *moduleSpan
	values     ValueReader // Options.Values
	// entrySeen says that function has been scanned.
	entrySeen bool
	// bodyStops and groupStops find the bytes skipBraces and skipGroup stop at.
	bodyStops, groupStops finder
}

// moduleSpan is what the scanner records of the module operation. The
// positions (line and column) it needs later are computed while the scan
// passes them, so that no later lookup reads the file again.
type moduleSpan struct {
	pos      int
	posAt    ast.Pos
	generic  bool
	name     string
	attrsKw  int    // custom: offset of `attributes`, or -1
	attrs    [2]int // the dictionary's span, or {-1, -1}
	insertAt int
}

// funcSpan is what the scanner records of a function.
type funcSpan struct {
	name    string
	pos     int // the symbol (custom) or the op name string (generic)
	posAt   ast.Pos
	generic bool
	sig     [2]int // custom: from '(' to the end of the attributes clause
	argsEnd int    // custom: the offset after the argument list's ')'
	props   [2]int // generic: the properties dictionary, or {-1, -1}
	attrs   [2]int // generic: the attribute dictionary, or {-1, -1}
	// parsed is the custom-form signature's parse, when the scan made it.
	parsed *sigParse
	// refs is the part of sig after which references to aliases may be
	// found (parseAliases): the scan notes it when it parses sig, while
	// the text is in memory, so that only that part is read again.
	refs [2]int
}

var noSpan = [2]int{-1, -1}

// At reports whether the input has a byte at i.
func (s *scanner) At(i int) bool { return i < len(s.Src) }

// HasPrefix reports whether the input holds p at i.
func (s *scanner) HasPrefix(i int, p string) bool {
	return i <= len(s.Src) && bytes.HasPrefix(s.Src[i:], []byte(p))
}

// releaseAt tells the caller, through Options.Release, that the scanner is
// done with the text before off, after counting its lines.
func (s *scanner) releaseAt(off int) {
	if off-s.released < ast.ReleaseStep {
		return
	}
	if s.release != nil {
		s.lines.LineCol(s.Src, off)
		s.release(s.released, off)
	}
	s.released = off
}

func (s *scanner) errorf(off int, format string, args ...any) *ast.Error {
	return ast.Errorf(s.pos(off), format, args...)
}

// anchor is the position of off, which begins a piece of text parsed
// into nodes: it is recorded for converting their offsets (ast.Anchors).
func (s *scanner) anchor(off int) ast.Pos {
	p := s.pos(off)
	s.file.Lines.Add(p)
	return p
}

func (s *scanner) pos(off int) ast.Pos {
	line, col := s.lines.LineCol(s.Src, off)
	return ast.Pos{Filename: s.file.Name, Offset: off, Line: line + s.lineOffset, Column: col}
}

// hasWord reports whether the keyword w stands at i, not followed by more
// identifier characters.
func (s *scanner) hasWord(i int, w string) bool {
	return s.HasPrefix(i, w) && (!s.At(i+len(w)) || !isIdentChar(s.Src[i+len(w)]))
}

// scanTop walks the top level: alias definitions, the resource trailer,
// one module, or bare functions.
func (s *scanner) scanTop() error {
	for i := s.skipTrivia(0); s.At(i); i = s.skipTrivia(i) {
		var err error
		switch c := s.Src[i]; {
		case c == '#' || c == '!':
			i, err = s.aliasDef(i)
		case s.HasPrefix(i, "{-#"):
			i, err = s.resources(i)
		case s.hasWord(i, "module") || s.hasWord(i, "builtin.module"):
			if s.module != nil {
				return s.errorf(i, "expected at most one top-level module")
			}
			i, err = s.customModule(i)
		case c == '"' && s.HasPrefix(i, `"builtin.module"`):
			if s.module != nil {
				return s.errorf(i, "expected at most one top-level module")
			}
			i, err = s.genericModule(i)
		default:
			i, err = s.item(i)
		}
		if err != nil {
			return err
		}
		s.releaseAt(i)
	}
	if s.module != nil && len(s.funcs) > 0 && s.funcs[0].pos < s.module.pos {
		return s.errorf(s.funcs[0].pos, "expected functions inside the module, not beside it")
	}
	return nil
}

// item handles one piece of a module body (or of the top level): a
// function, or any other token or group, which is skipped.
func (s *scanner) item(i int) (int, error) {
	switch c := s.Src[i]; {
	case s.hasWord(i, "func.func"):
		return s.customFunc(i)
	case s.hasWord(i, "sdy.mesh"):
		return s.customMesh(i)
	case c == '"':
		if s.HasPrefix(i, `"func.func"`) {
			return s.genericFunc(i)
		}
		if s.HasPrefix(i, `"sdy.mesh"`) {
			return s.genericMesh(i)
		}
		return s.skipQuotedOrComment(i)
	case c == '(' || c == '[' || c == '{':
		return s.skipGroup(i)
	case c == ')' || c == ']' || c == '}':
		return 0, s.errorf(i, "unexpected '%c'", c)
	case isIdentStart(c):
		return i + identLen(s.Src, i), nil
	}
	return i + 1, nil
}

// aliasDef records `#name = attr` or `!name = type`.
func (s *scanner) aliasDef(i int) (int, error) {
	j := aliasNameEnd(s.Src, i)
	if j == i+1 {
		return 0, s.errorf(i, "expected an alias name after '%c'", s.Src[i])
	}
	name := string(s.Src[i:j])
	k := s.skipTrivia(j)
	if !s.At(k) || s.Src[k] != '=' {
		return 0, s.errorf(k, "expected '=' in alias definition of %s", name)
	}
	start := s.skipTrivia(k + 1)
	var end int
	var err error
	if s.Src[i] == '!' {
		end, err = s.skipType(start)
	} else {
		end, err = s.skipAttrValue(start)
	}
	if err != nil {
		return 0, err
	}
	if end == start {
		return 0, s.errorf(start, "expected a value in alias definition of %s", name)
	}
	span := ast.Span{Pos: s.anchor(start), End: s.pos(end)}
	aliases := s.file.AttrAliases
	if s.Src[i] == '!' {
		aliases = s.file.TypeAliases
	}
	if _, dup := aliases[name]; dup {
		return 0, s.errorf(i, "redefinition of alias %s", name)
	}
	aliases[name] = span
	return end, nil
}

// resources skips the `{-# dialect_resources ... #-}` trailer.
func (s *scanner) resources(i int) (int, error) {
	for j := i + 3; s.At(j); {
		switch {
		case s.Src[j] == '"':
			end, err := s.skipQuotedOrComment(j)
			if err != nil {
				return 0, err
			}
			j = end
		case s.HasPrefix(j, "#-}"):
			return j + 3, nil
		default:
			j++
		}
	}
	return 0, s.errorf(i, "expected '#-}' to end the file metadata")
}

// customModule scans `module @name attributes {...} { body } loc(...)`.
func (s *scanner) customModule(i int) (int, error) {
	m := &moduleSpan{pos: i, posAt: s.pos(i), attrsKw: -1, attrs: noSpan}
	s.module = m
	j := s.skipTrivia(i + identLen(s.Src, i))
	if end, name, ok := s.symbol(j); ok {
		m.name = name
		j = s.skipTrivia(end)
	} else if s.At(j) && s.Src[j] == '@' {
		return 0, s.errorf(j, "invalid module name")
	}
	m.insertAt = j
	if s.hasWord(j, "attributes") {
		m.attrsKw = j
		dict, err := s.attributesClause(j)
		if err != nil {
			return 0, err
		}
		m.attrs = dict
		m.insertAt = s.skipTrivia(dict[1])
		j = m.insertAt
	}
	if !s.At(j) || s.Src[j] != '{' {
		return 0, s.errorf(j, "expected '{' to begin the module body")
	}
	end, err := s.body(j)
	if err != nil {
		return 0, err
	}
	return s.trailingLoc(end)
}

// genericModule scans `"builtin.module"() <{...}> ({ body }) {attrs} : () -> ()`.
func (s *scanner) genericModule(i int) (int, error) {
	m := &moduleSpan{pos: i, posAt: s.pos(i), generic: true, attrsKw: -1, attrs: noSpan}
	s.module = m
	op, err := s.genericOp(i, len(`"builtin.module"`), true)
	if err != nil {
		return 0, err
	}
	m.attrs, m.insertAt = op.attrs, op.regionEnd
	if op.props[0] >= 0 {
		if name, ok := s.dictString(op.props, "sym_name"); ok {
			m.name = name
		}
	}
	return op.end, nil
}

// body scans the region `{ ... }` at i for functions; it returns the
// offset after the closing brace.
func (s *scanner) body(i int) (int, error) {
	for j := s.skipTrivia(i + 1); s.At(j); j = s.skipTrivia(j) {
		if s.Src[j] == '}' {
			return j + 1, nil
		}
		if s.HasPrefix(j, "^bb") {
			// A block label, as in a generic-form region: skip it.
			j++
			continue
		}
		end, err := s.item(j)
		if err != nil {
			return 0, err
		}
		j = end
		s.releaseAt(j)
	}
	return 0, s.errorf(i, "unbalanced '{': no matching '}'")
}

// trailingLoc skips an optional `loc(...)` after an operation.
func (s *scanner) trailingLoc(i int) (int, error) {
	j := s.skipTrivia(i)
	if s.hasWord(j, "loc") {
		k := s.skipTrivia(j + 3)
		if s.At(k) && s.Src[k] == '(' {
			return s.skipGroup(k)
		}
	}
	return i, nil
}

// customFunc scans `func.func [visibility] @name(args) [-> results]
// [attributes {...}] [{ body }] [loc(...)]`.
func (s *scanner) customFunc(i int) (int, error) {
	j := s.skipTrivia(i + len("func.func"))
	for _, v := range []string{"public", "private", "nested"} {
		if s.hasWord(j, v) {
			j = s.skipTrivia(j + len(v))
			break
		}
	}
	end, name, ok := s.symbol(j)
	if !ok {
		return 0, s.errorf(j, "expected a function name (@name) after 'func.func'")
	}
	f := &funcSpan{name: name, pos: j, posAt: s.pos(j), props: noSpan, attrs: noSpan}
	j = s.skipTrivia(end)
	if !s.At(j) || s.Src[j] != '(' {
		return 0, s.errorf(j, "expected '(' in function signature")
	}
	// Without a ValueReader the entry's signature is parsed as soon as
	// it is scanned. With one, its arguments are read after the scan
	// (which the reader needs whole: the module, the alias definitions,
	// the meshes); the scan drops the pages of the text it passes, and
	// the reading brings them back a step at a time, so that a huge value
	// costs a window of memory, not its size.
	entry := name == s.entry && !s.entrySeen
	s.entrySeen = s.entrySeen || entry
	argsEnd, sigEnd, err := s.signatureEnd(j)
	if err != nil {
		return 0, err
	}
	f.sig, f.argsEnd, f.refs = [2]int{j, sigEnd}, argsEnd, [2]int{j, sigEnd}
	if entry {
		if s.values == nil {
			f.parsed = s.parseSig(f)
		}
		f.refs = s.firstRef(j, sigEnd)
	}
	s.funcs = append(s.funcs, f)
	j = s.skipTrivia(sigEnd)
	if s.At(j) && s.Src[j] == '{' {
		end, err := s.skipBraces(j)
		if err != nil {
			return 0, err
		}
		return s.trailingLoc(end)
	}
	return s.trailingLoc(sigEnd)
}

// firstRef is the span from the first '#' or '!' in src[from:to] (where a
// reference to an alias may be) to to, or noSpan.
func (s *scanner) firstRef(from, to int) [2]int {
	ref := noSpan
	s.steps(from, to, func(a int, chunk []byte) bool {
		k := bytes.IndexByte(chunk, '#')
		if b := bytes.IndexByte(chunk, '!'); b >= 0 && (k < 0 || b < k) {
			k = b
		}
		if k >= 0 {
			ref = [2]int{a + k, to}
		}
		return k < 0
	})
	return ref
}

// count is the number of bytes c in src[from:to].
func (s *scanner) count(from, to int, c byte) int {
	n := 0
	s.steps(from, to, func(_ int, chunk []byte) bool {
		n += bytes.Count(chunk, []byte{c})
		return true
	})
	return n
}

// steps is eachStep over the text, dropping the pages behind: a search
// of the text the scan has passed costs a window of memory.
func (s *scanner) steps(from, to int, each func(at int, chunk []byte) bool) {
	behind := ast.Behind{Release: s.release}
	eachStep(s.Src, from, to, behind.At, each)
}

// signatureEnd returns the ends of a custom-form signature starting with
// the '(' at i: of its argument list, and of the whole (the argument
// list, results, and attributes clause).
func (s *scanner) signatureEnd(i int) (argsEnd, end int, err error) {
	end, err = s.skipGroup(i)
	if err != nil {
		return 0, 0, err
	}
	argsEnd = end
	j := s.skipTrivia(end)
	if s.HasPrefix(j, "->") {
		j = s.skipTrivia(j + 2)
		if s.At(j) && s.Src[j] == '(' {
			end, err = s.skipGroup(j)
		} else {
			end, err = s.skipType(j)
		}
		if err != nil {
			return 0, 0, err
		}
		j = s.skipTrivia(end)
	}
	if s.hasWord(j, "attributes") {
		dict, err := s.attributesClause(j)
		return argsEnd, dict[1], err
	}
	return argsEnd, end, nil
}

// attributesClause returns the span of the dictionary of the clause
// `attributes {...}` whose keyword is at j.
func (s *scanner) attributesClause(j int) ([2]int, error) {
	k := s.skipTrivia(j + len("attributes"))
	if !s.At(k) || s.Src[k] != '{' {
		return noSpan, s.errorf(k, "expected '{' after 'attributes'")
	}
	end, err := s.skipBraces(k)
	return [2]int{k, end}, err
}

// genericOpSpan is what the scanner records of a generic-form operation.
type genericOpSpan struct {
	props     [2]int
	attrs     [2]int
	regionEnd int
	end       int
}

// genericOp scans `"name"(operands) <{props}> (regions) {attrs} : type loc`
// from the name at i (nameLen bytes long). With scanRegion, the region's
// body is searched for functions (the module); otherwise it is skipped.
func (s *scanner) genericOp(i, nameLen int, scanRegion bool) (genericOpSpan, error) {
	op := genericOpSpan{props: noSpan, attrs: noSpan}
	j := s.skipTrivia(i + nameLen)
	if !s.At(j) || s.Src[j] != '(' {
		return op, s.errorf(j, "expected '(' to begin the operand list")
	}
	end, err := s.skipGroup(j)
	if err != nil {
		return op, err
	}
	j = s.skipTrivia(end)
	if s.At(j) && s.Src[j] == '<' {
		k := s.skipTrivia(j + 1)
		if !s.At(k) || s.Src[k] != '{' {
			return op, s.errorf(k, "expected '{' in properties")
		}
		end, err := s.skipBraces(k)
		if err != nil {
			return op, err
		}
		op.props = [2]int{k, end}
		j = s.skipTrivia(end)
		if !s.At(j) || s.Src[j] != '>' {
			return op, s.errorf(j, "expected '>' to end properties")
		}
		j = s.skipTrivia(j + 1)
	}
	op.regionEnd = j
	if s.At(j) && s.Src[j] == '(' {
		if end, err = s.regions(j, scanRegion); err != nil {
			return op, err
		}
		op.regionEnd = end
		j = s.skipTrivia(end)
	}
	if s.At(j) && s.Src[j] == '{' {
		end, err := s.skipBraces(j)
		if err != nil {
			return op, err
		}
		op.attrs = [2]int{j, end}
		j = s.skipTrivia(end)
	}
	if !s.At(j) || s.Src[j] != ':' {
		return op, s.errorf(j, "expected ':' followed by the operation's type")
	}
	if end, err = s.functionType(s.skipTrivia(j + 1)); err != nil {
		return op, err
	}
	op.end, err = s.trailingLoc(end)
	return op, err
}

// functionType returns the end of the function type `(...) -> ...` at i,
// the type every generic operation states.
func (s *scanner) functionType(i int) (int, error) {
	if !s.At(i) || s.Src[i] != '(' {
		return 0, s.errorf(i, "expected '(' to begin a function type")
	}
	end, err := s.skipGroup(i)
	if err != nil {
		return 0, err
	}
	j := s.skipTrivia(end)
	if !s.HasPrefix(j, "->") {
		return 0, s.errorf(j, "expected '->' in function type")
	}
	return s.skipType(s.skipTrivia(j + 2))
}

// regions skips the region list `({...}, {...})` at i; with scan, the
// regions' bodies are searched for functions.
func (s *scanner) regions(i int, scan bool) (int, error) {
	if !scan {
		return s.skipGroup(i)
	}
	j := s.skipTrivia(i + 1)
	for s.At(j) && s.Src[j] == '{' {
		end, err := s.body(j)
		if err != nil {
			return 0, err
		}
		j = s.skipTrivia(end)
		if s.At(j) && s.Src[j] == ',' {
			j = s.skipTrivia(j + 1)
		}
	}
	if !s.At(j) || s.Src[j] != ')' {
		return 0, s.errorf(j, "expected ')' to end the region list")
	}
	return j + 1, nil
}

// genericFunc scans a generic-form `"func.func"` operation.
func (s *scanner) genericFunc(i int) (int, error) {
	op, err := s.genericOp(i, len(`"func.func"`), false)
	if err != nil {
		return 0, err
	}
	f := &funcSpan{pos: i, posAt: s.pos(i), generic: true, props: op.props, attrs: op.attrs}
	name, ok := s.dictString(op.props, "sym_name")
	if !ok {
		name, ok = s.dictString(op.attrs, "sym_name")
	}
	if !ok {
		return 0, s.errorf(i, "expected a sym_name string in the function's properties or attributes")
	}
	f.name = name
	s.funcs = append(s.funcs, f)
	return op.end, nil
}

// dictString finds `key = "value"` at the top level of the dictionary
// spanning d and returns the unquoted value.
func (s *scanner) dictString(d [2]int, key string) (string, bool) {
	v := s.dictValue(d, key)
	if v[0] < 0 || s.Src[v[0]] != '"' {
		return "", false
	}
	end, ok := skipString(s.Src[:v[1]], v[0])
	if !ok {
		return "", false
	}
	str, err := ast.Unquote(string(s.Src[v[0]:end]))
	return str, err == nil
}

// dictValue finds `key = value` at the top level of the dictionary
// spanning d and returns the value's span, noSpan when there is none.
func (s *scanner) dictValue(d [2]int, key string) [2]int {
	if d[0] < 0 {
		return noSpan
	}
	src := s.Src[:d[1]-1]
	for j := s.skipTrivia(d[0] + 1); j < len(src); j = s.skipTrivia(j) {
		value := -1
		if s.hasWord(j, key) {
			if k := s.skipTrivia(j + len(key)); k < len(src) && src[k] == '=' {
				value = s.skipTrivia(k + 1)
				j = value
			}
		}
		// Skip to the next top-level comma.
		end := j
		for j < len(src) && src[j] != ',' {
			e, err := s.skipToken(j)
			if err != nil {
				return noSpan
			}
			end, j = e, s.skipTrivia(e)
		}
		if value >= 0 && end > value {
			return [2]int{value, end}
		}
		j++
	}
	return noSpan
}

// customMesh records `sdy.mesh @name = <[...]>` (File.Meshes). Any
// other text after `sdy.mesh` is scanned on as any other: the tool reads
// meshes, it does not check them.
func (s *scanner) customMesh(i int) (int, error) {
	j := s.skipTrivia(i + len("sdy.mesh"))
	end, name, ok := s.symbol(j)
	if !ok {
		return j, nil
	}
	j = s.skipTrivia(end)
	if !s.At(j) || s.Src[j] != '=' {
		return j, nil
	}
	start := s.skipTrivia(j + 1)
	if !s.At(start) || s.Src[start] != '<' {
		return start, nil
	}
	end, err := s.skipAngle(start)
	if err != nil {
		return 0, err
	}
	s.mesh(name, [2]int{start, end})
	return s.trailingLoc(end)
}

// genericMesh records `"sdy.mesh"() <{mesh = #sdy.mesh<...>, sym_name =
// "name"}> : () -> ()` (File.Meshes).
func (s *scanner) genericMesh(i int) (int, error) {
	op, err := s.genericOp(i, len(`"sdy.mesh"`), false)
	if err != nil {
		return 0, err
	}
	for _, d := range [][2]int{op.props, op.attrs} {
		if name, ok := s.dictString(d, "sym_name"); ok {
			s.mesh(name, s.dictValue(d, "mesh"))
			break
		}
	}
	return op.end, nil
}

// mesh records the mesh name, whose value spans v, unless one of that
// name is recorded already.
func (s *scanner) mesh(name string, v [2]int) {
	if v[0] < 0 {
		return
	}
	if s.file.Meshes == nil {
		s.file.Meshes = map[string]ast.Span{}
	}
	if _, dup := s.file.Meshes[name]; !dup {
		s.file.Meshes[name] = ast.Span{Pos: s.anchor(v[0]), End: s.pos(v[1])}
	}
}

// funcNames lists the names of the functions found, for diagnostics.
func (s *scanner) funcNames() string {
	if len(s.funcs) == 0 {
		return "no functions were found"
	}
	names := make([]string, len(s.funcs))
	for i, f := range s.funcs {
		names[i] = "@" + ast.Clip(f.name)
	}
	sort.Strings(names)
	const most = 20
	if len(names) > most {
		names = append(names[:most], fmt.Sprintf("and %d more", len(names)-most))
	}
	return "functions found: " + strings.Join(names, ", ")
}

func (s *scanner) findEntry() (*funcSpan, error) {
	var found *funcSpan
	for _, f := range s.funcs {
		if f.name != s.entry {
			continue
		}
		if found != nil {
			return nil, ast.ErrorList{ast.Errorf(f.posAt, "redefinition of symbol named '%s'", s.entry)}
		}
		found = f
	}
	if found == nil {
		pos := s.pos(0)
		if s.module != nil {
			pos = s.module.posAt
		}
		return nil, ast.Errorf(pos, "entry function @%s not found; %s", ast.Clip(s.entry), s.funcNames())
	}
	return found, nil
}

// skipToken skips one token or bracketed group of an attribute value.
func (s *scanner) skipToken(i int) (int, error) {
	switch c := s.Src[i]; {
	case c == '"':
		return s.skipQuotedOrComment(i)
	case c == '(' || c == '[' || c == '{':
		return s.skipGroup(i)
	case c == '<':
		return s.skipAngle(i)
	case isIdentStart(c):
		return i + identLen(s.Src, i), nil
	}
	return i + 1, nil
}
