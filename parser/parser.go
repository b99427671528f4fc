package parser

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/internal/arriving"
	"reflect"
	"strconv"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/parser/internal/gram"
)

// gramRoot is the grammar's root: the Mode token the lexer emits first
// says which construct follows. One grammar serves every construct, so it
// is built once, on first use.
type gramRoot struct {
	Sig  *gram.Signature `parser:"  'sig':Mode @@"`
	Dict *gram.AttrDict  `parser:"| 'dict':Mode @@"`
	Type *gram.Type      `parser:"| 'type':Mode @@"`
	Attr *gram.Attr      `parser:"| 'attr':Mode @@"`
	Args *gramArgs       `parser:"| 'args':Mode @@"`
	Tail *gramTail       `parser:"| 'tail':Mode @@"`
}

// gramArgs is a run of a signature's arguments, parsed on its own when a
// long signature is parsed in pieces.
type gramArgs struct {
	Args []*gram.Arg `parser:"@@ (',' @@)*"`
}

// gramTail is what follows a signature's argument list.
type gramTail struct {
	Results *gram.ResultList `parser:"('->' @@)?"`
	Attrs   *gram.AttrDict   `parser:"('attributes' @@)?"`
}

// root is what a parse gives, in package ast's nodes: the decoder's
// result, or the grammar's converted (toAST).
type root struct {
	Sig  *ast.Signature
	Dict *ast.AttrDict
	Type *ast.Type
	Attr *ast.Attr
	Args *argList
	Tail *sigTail
}

type argList struct {
	Args []*ast.Arg
}

type sigTail struct {
	Results *ast.ResultList
	Attrs   *ast.AttrDict
}

var grammar struct {
	once   sync.Once
	parser *participle.Parser[gramRoot]
}

func build() {
	grammar.parser = participle.MustBuild[gramRoot](
		participle.Lexer(definition{}),
		participle.Elide("Whitespace", "Comment"),
		participle.UseLookahead(2),
	)
}

// parseSpan parses src[start:end] as the construct mode names; positions
// are those of the file.
func parseSpan(mode string, s *scanner, start, end int) (*root, error) {
	return parseSpanAt(mode, s.Src, start, end, s.anchor(start))
}

func lexPos(pos ast.Pos) lexer.Position {
	return lexer.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}
}

// parseSpanAt parses src[start:end], whose first byte is at pos; it only
// reads src, so several spans may be parsed at once.
func parseSpanAt(mode string, src []byte, start, end int, pos ast.Pos) (*root, error) {
	lpos := lexer.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}
	if !fastEnabled {
		return grammarParse(mode, src, start, end, pos)
	}
	r, d, ok := fastParseLexer(mode, viewLexer(src, start, end, lpos))
	if ok {
		return r, nil
	}
	if d != nil && len(d.cuts) > 0 {
		if err := grammarParseCut(mode, src, start, end, pos, d.cuts); err != nil {
			return nil, err
		}
	}
	return grammarParse(mode, src, start, end, pos)
}

// grammarParseCut runs the grammar over src[start:end] without the
// insides of the long arrays of scalars and long strings the decoder read
// before it failed (cuts, in order): each array is left with its
// brackets, or with the element before the decoder's failure, each string
// with its quotes, so the grammar meets the same error at the same token,
// having read a few bytes of each instead of all of them. The error's position is that of the token in src. It returns
// nil if the grammar accepts the cut text (the decoder failed on a
// construct outside its subset); the caller then reads the whole.
func grammarParseCut(mode string, src []byte, start, end int, pos ast.Pos, cuts [][2]int) error {
	var buf []byte
	from := start
	for _, c := range cuts {
		buf = append(buf, src[from:c[0]]...)
		from = c[1]
	}
	buf = append(buf, src[from:end]...)
	_, err := grammarParse(mode, buf, 0, len(buf), pos)
	var list ast.ErrorList
	if err == nil || !errors.As(err, &list) {
		return err
	}
	for _, e := range list {
		// From the offset in buf to that in src, then the line and
		// column from the text before it.
		off, shift := e.Pos.Offset+start, 0
		for _, c := range cuts {
			if off+shift < c[0] {
				break
			}
			shift += c[1] - c[0]
		}
		off += shift
		e.Pos.Offset, e.Pos.Line, e.Pos.Column = off, pos.Line, pos.Column+off-start
		if n := bytes.Count(src[start:off], []byte{'\n'}); n > 0 {
			e.Pos.Line += n
			e.Pos.Column = off - start - bytes.LastIndexByte(src[start:off], '\n')
		}
	}
	return list
}

// grammarParse parses src[start:end] with the grammar.
func grammarParse(mode string, src []byte, start, end int, pos ast.Pos) (*root, error) {
	lpos := lexer.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}
	grammar.once.Do(build)
	lex := newLexer(src, start, end, lpos, mode)
	peek, err := lexer.Upgrade(lex, tokWhitespace, tokComment)
	if err != nil {
		return nil, convertError(err, pos)
	}
	g, err := grammar.parser.ParseFromLexer(peek)
	if err != nil {
		return nil, convertError(err, pos)
	}
	flattenArrays(reflect.ValueOf(g))
	r := &root{}
	toAST(reflect.ValueOf(r).Elem(), reflect.ValueOf(g).Elem())
	return r, nil
}

var (
	attrType  = reflect.TypeFor[*ast.Attr]()
	typeType  = reflect.TypeFor[*ast.Type]()
	arrayType = reflect.TypeFor[*gram.ArrayAttr]()
	posType   = reflect.TypeFor[ast.Pos]()
	atType    = reflect.TypeFor[ast.At]()
)

// attrToAST is the Attr of the grammar's g: its one value field set
// becomes the Kind, and the Text or Node.
func attrToAST(g *gram.Attr) *ast.Attr {
	a := &ast.Attr{Pos: ast.At{Offset: g.Pos.Offset}, EndPos: ast.At{Offset: g.EndPos.Offset}}
	node := func(k ast.AttrKind, dst any, src reflect.Value) {
		if src.IsNil() || a.Kind != ast.KindNone {
			return
		}
		v := reflect.New(reflect.TypeOf(dst).Elem())
		toAST(v.Elem(), src)
		a.Kind, a.Node = k, v.Elem().Interface()
	}
	text := func(k ast.AttrKind, s string) {
		if s != "" && a.Kind == ast.KindNone {
			a.Kind, a.Text = k, s
		}
	}
	// In the grammar's order, as exactly one is set.
	if len(g.String) >= ast.UnreadStringBytes {
		a.Kind = ast.KindString // unread: its span alone
	}
	text(ast.KindString, g.String)
	text(ast.KindNumber, g.Number)
	node(ast.KindResultAlias, new(*ast.ResultAliasAttr), reflect.ValueOf(g.ResultAlias))
	node(ast.KindMHLOBounds, new(*ast.MHLOBoundsAttr), reflect.ValueOf(g.MHLOBounds))
	node(ast.KindSHLOBounds, new(*ast.SHLOBoundsAttr), reflect.ValueOf(g.SHLOBounds))
	node(ast.KindHash, new(*ast.HashAttr), reflect.ValueOf(g.Hash))
	if h := a.AsHash(); h != nil && len(h.Raw) >= ast.UnreadStringBytes {
		h.Raw = "" // its span alone, as the decoder keeps it
	}
	node(ast.KindArray, new(*ast.ArrayAttr), reflect.ValueOf(g.Array))
	node(ast.KindDict, new(*ast.AttrDict), reflect.ValueOf(g.Dict))
	text(ast.KindBool, g.Bool)
	node(ast.KindDenseArray, new(*ast.DenseArrayAttr), reflect.ValueOf(g.DenseArray))
	node(ast.KindDense, new(*ast.DenseAttr), reflect.ValueOf(g.Dense))
	node(ast.KindLoc, new(*ast.Loc), reflect.ValueOf(g.Loc))
	text(ast.KindSymbol, g.Symbol)
	node(ast.KindType, new(*ast.Type), reflect.ValueOf(g.Type))
	if g.Suffix != nil {
		a.Suffix = typeToAST(g.Suffix)
	}
	return a
}

// typeToAST is the Type of the grammar's g: its one field set becomes
// the Node.
func typeToAST(g *gram.Type) *ast.Type {
	t := &ast.Type{Pos: ast.At{Offset: g.Pos.Offset}, EndPos: ast.At{Offset: g.EndPos.Offset}}
	for _, n := range []struct {
		dst any
		src reflect.Value
	}{
		{new(ast.TensorType), reflect.ValueOf(g.Tensor)},
		{new(ast.TupleType), reflect.ValueOf(g.Tuple)},
		{new(ast.FunctionType), reflect.ValueOf(g.Func)},
		{new(ast.NamedType), reflect.ValueOf(g.Named)},
	} {
		if !n.src.IsNil() {
			toAST(reflect.ValueOf(n.dst).Elem(), n.src.Elem())
			t.Node = n.dst
			break
		}
	}
	return t
}

// toAST sets dst, a node of package ast (or a field of one), to the
// grammar's node src: the types have the same names and fields, and
// where the grammar's node has a position, ast's may keep the offset
// alone.
func toAST(dst, src reflect.Value) {
	switch {
	case dst.Type() == src.Type():
		dst.Set(src)
	case dst.Type() == atType && src.Type() == posType:
		dst.Set(reflect.ValueOf(ast.At{Offset: src.Interface().(ast.Pos).Offset}))
	case dst.Type() == typeType:
		if !src.IsNil() {
			dst.Set(reflect.ValueOf(typeToAST(src.Interface().(*gram.Type))))
		}
	case dst.Type() == attrType:
		if !src.IsNil() {
			dst.Set(reflect.ValueOf(attrToAST(src.Interface().(*gram.Attr))))
		}
	case dst.Kind() == reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(dst.Type().Elem())
		toAST(p.Elem(), src.Elem())
		dst.Set(p)
	case dst.Kind() == reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(dst.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			toAST(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case dst.Kind() == reflect.Struct:
		for i := 0; i < dst.NumField(); i++ {
			toAST(dst.Field(i), src.FieldByName(dst.Type().Field(i).Name))
		}
	default:
		dst.Set(src.Convert(dst.Type()))
	}
}

// flattenArrays turns the arrays of scalars in the grammar's nodes into
// the unread spans the decoder gives (ast.ArrayAttr.Flatten), inner ones
// first, so that both give the same nodes.
func flattenArrays(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		flattenArrays(v.Elem())
		if v.Type() == arrayType {
			v.Interface().(*gram.ArrayAttr).Flatten()
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			flattenArrays(v.Field(i))
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			flattenArrays(v.Index(i))
		}
	}
}

// parseDict parses the attribute dictionary spanning span.
func parseDict(s *scanner, span [2]int) (*ast.AttrDict, error) {
	r, err := parseSpan("dict", s, span[0], span[1])
	if err != nil {
		return nil, err
	}
	return r.Dict, nil
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

// message rewords participle's messages in MLIR's style.
func message(err participle.Error) string {
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		t := unexpected.Unexpected
		if t.EOF() {
			return "unexpected end of input"
		}
		return fmt.Sprintf("unexpected '%s'", printable(t.Value))
	}
	return err.Message()
}

// printable shortens a token for a message and escapes what is not
// printable ASCII, so that a diagnostic is one readable line.
func printable(s string) string {
	const max = 64
	if len(s) > max {
		s = s[:max] + "..."
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			q := strconv.Quote(s)
			return q[1 : len(q)-1]
		}
	}
	return s
}

// Options say how to read a module.
type Options struct {
	// Entry is the name of the entry function; "" means "main".
	Entry string
	// LineOffset is added to every line number, for a chunk of a larger
	// file (--split-input-file): offsets stay relative to the chunk.
	LineOffset int
	// Release, if set, is called as the scan moves on with an offset
	// before which the scanner will not read again except to parse the
	// few spans it keeps (the module's attributes, the entry signature),
	// so that a caller that maps the file can drop the pages behind it.
	Release func(offset int)
	// Early, if set, is called once, during the scan, as soon as the entry
	// function's signature and the module's attributes are read, with the
	// file as known so far: the module, the entry function, the functions
	// and alias definitions before it. The scan goes on after it returns,
	// and ParseFile's result is what counts: a later error, a second
	// function of the same name or a later alias definition can still
	// change it. A caller can start its work early and check it against
	// the result. Early is not called for a generic-form module (its
	// attributes follow its body) or when the early parse fails.
	Early func(*ast.File)
	// Header, if set, is called once, during the scan, as soon as the
	// attribute dictionary of a custom-form module is read, before its
	// body is scanned, with the module as parsed (the same node that
	// ParseFile's result holds). It is not called for a generic-form
	// module, for bare functions, or when the dictionary does not parse.
	Header func(*ast.Module)
	// Progress, if set, is called as the scan moves on (every few
	// megabytes) with an offset before which the text holds no part of
	// the entry function, unless Early has already been called for it: a
	// caller may treat the text before it as settled while the signature
	// of the entry is still to come.
	Progress func(offset int)
	// More, if set, makes src the first part of an input still arriving
	// (a pipe being spooled): ParseFile calls More when it needs bytes
	// past the end of what it has, and More waits for the input to grow
	// and returns it whole so far, src and what followed it; it returns
	// the input unchanged at its end. Every offset and position is the
	// same as for the whole input read at once.
	More func() []byte
	// Step is how much text the scan reads between two calls of Release
	// and Progress; 0 means 8 MB.
	Step int
	// Lazy, when positive, makes a custom-form entry signature of at
	// least Lazy arguments (by its count of '%'), when the signature's
	// fast reader reads it, keep its arguments and results as their spans
	// rather than their nodes: the result's Entry.Lazy and
	// Entry.LazyResults decode them again when wanted, and Entry.Args and
	// Entry.Results are nil (see ast.Lazy). A signature the grammar reads
	// keeps its nodes. DefaultLazy is the tool's choice: below it, a tree
	// costs little, and a value of megabytes on a few arguments is read
	// once rather than once a reading.
	Lazy int
	// Keep, if set, is called during the scan with each span of src that
	// is read again after the scan has passed it, by ParseFile or by
	// those who lower and print the file it returns: alias definitions,
	// the module's attribute dictionary and the entry function's
	// signature (or a generic form's dictionaries). With Release, a caller
	// that drops the text behind the scan keeps these.
	Keep func(start, end int)
	// Window and SkipTo, when set with More, let the scan pass over a
	// function body that runs past the input it has without growing it:
	// Window returns the input's bytes from an offset on (at least one
	// unless the offset is the input's end; valid until the next call),
	// the body is skipped through it, and SkipTo is told where the scan
	// goes on reading src, returning the input so far as More does, now
	// holding that offset. A caller that reads the input ahead of the
	// scan (a large file) so reads a body once, into memory it reuses.
	Window func(off int) []byte
	SkipTo func(off int) []byte
}

// DefaultLazy is the number of arguments from which the tool keeps a
// signature's arguments as their spans (Options.Lazy).
const DefaultLazy = 8192

// ParseFile reads the structure of the module in src: the module's
// attribute dictionary, every function's name, and the entry function's
// signature. Function bodies are skipped, never tokenized. Errors are an
// ast.ErrorList.
func ParseFile(filename string, src []byte, opts Options) (*ast.File, error) {
	s := &scanner{
		Input:      arriving.Input{Src: src, More: opts.More},
		window:     opts.Window,
		skipTo:     opts.SkipTo,
		step:       opts.Step,
		keepSpan:   opts.Keep,
		entry:      opts.Entry,
		lineOffset: opts.LineOffset,
		release:    opts.Release,
		early:      opts.Early,
		lazyFrom:   opts.Lazy,
		header:     opts.Header,
		progress:   opts.Progress,
		hold:       -1,
		file: &ast.File{
			Name:        filename,
			TypeAliases: map[string]ast.Span{},
			AttrAliases: map[string]ast.Span{},
			Lines:       ast.NewAnchors(filename),
		},
	}
	if s.entry == "" {
		s.entry = "main"
	}
	if s.step <= 0 {
		s.step = releaseStep
	}
	s.Wait = func(end int) { s.releaseAt(end - arriving.Back) }
	if err := s.scanTop(); err != nil {
		return nil, asList(err)
	}
	if err := s.buildModule(); err != nil {
		return nil, err
	}
	for _, f := range s.funcs {
		s.file.Funcs = append(s.file.Funcs, &ast.FuncDecl{Name: f.name, Pos: f.posAt, Generic: f.generic})
	}
	entry, err := s.findEntry()
	if err != nil {
		return nil, asList(err)
	}
	if entry == s.earlyFunc {
		s.file.Entry = s.earlyEntry
		return s.file, nil
	}
	if entry == s.failedFunc {
		return nil, s.failed
	}
	if s.file.Entry, err = s.parseFunc(entry); err != nil {
		return nil, err
	}
	return s.file, nil
}

func asList(err error) error {
	var e *ast.Error
	if errors.As(err, &e) {
		return ast.ErrorList{e}
	}
	return err
}

func (s *scanner) buildModule() error {
	mod := s.earlyModule
	if mod == nil {
		var err error
		if mod, err = s.parseModule(); err != nil {
			return err
		}
	}
	s.file.Module = mod
	return nil
}

// parseModule parses the module's attribute dictionary; nil when there is
// no module.
func (s *scanner) parseModule() (*ast.Module, error) {
	m := s.module
	if m == nil {
		return nil, nil
	}
	mod := &ast.Module{Pos: m.posAt, Generic: m.generic, Name: m.name, InsertAt: s.pos(m.insertAt)}
	if m.attrsKw >= 0 {
		mod.AttrsKeyword = s.pos(m.attrsKw)
	}
	if m.attrs[0] >= 0 {
		d, err := parseDict(s, m.attrs)
		if err != nil {
			return nil, err
		}
		mod.Attrs = d
	}
	return mod, nil
}

// parseFunc parses the entry function's signature.
func (s *scanner) parseFunc(f *funcSpan) (*ast.Func, error) {
	fn := &ast.Func{FuncDecl: ast.FuncDecl{Name: f.name, Pos: f.posAt, Generic: f.generic}}
	if !f.generic {
		sig, err := s.parseSignature(f.sig[0], f.sig[1])
		if err != nil {
			return nil, err
		}
		fn.Sig, fn.Args, fn.Results = sig, sig.Args, sig.Results.List()
		if len(s.lazySpans) > 0 {
			fn.Lazy = &ast.LazyArgs{Spans: s.lazySpans, Decode: decodeArgs(s.file, s.lazySpans)}
		}
		if len(s.lazyResults) > 0 {
			fn.LazyResults = &ast.LazyResults{Spans: s.lazyResults, Decode: decodeResults(s.file, s.lazyResults)}
		}
		return fn, nil
	}
	var err error
	if f.props[0] >= 0 {
		if fn.Props, err = parseDict(s, f.props); err != nil {
			return nil, err
		}
	}
	if f.attrs[0] >= 0 {
		if fn.Attrs, err = parseDict(s, f.attrs); err != nil {
			return nil, err
		}
	}
	return fn, s.genericSignature(fn)
}

// genericSignature fills a generic-form function's Args and Results from
// function_type, arg_attrs and res_attrs, which live in the properties or,
// in older text, in the attribute dictionary.
func (s *scanner) genericSignature(fn *ast.Func) error {
	lookup := func(key string) *ast.AttrEntry {
		if e := fn.Props.Lookup(key); e != nil {
			return e
		}
		return fn.Attrs.Lookup(key)
	}
	ft := lookup("function_type")
	if ft == nil || ft.Value == nil || ft.Value.AsType() == nil || ft.Value.AsType().AsFunc() == nil {
		return ast.ErrorList{ast.Errorf(fn.Pos, "expected a function_type attribute holding a function type")}
	}
	typ := ft.Value.AsType().AsFunc()
	for _, t := range typ.Inputs {
		fn.Args = append(fn.Args, &ast.Arg{Pos: t.Pos, EndPos: t.EndPos, Type: t})
	}
	for _, t := range typ.ResultTypes() {
		fn.Results = append(fn.Results, &ast.Result{Pos: t.Pos, EndPos: t.EndPos, Type: t})
	}
	var err error
	if fn.ArgAttrs, err = s.attrArray(lookup("arg_attrs"), "argument", len(fn.Args)); err != nil {
		return err
	}
	if fn.ResAttrs, err = s.attrArray(lookup("res_attrs"), "result", len(fn.Results)); err != nil {
		return err
	}
	if fn.ArgAttrs != nil {
		for i, a := range fn.ArgAttrs.Elems {
			fn.Args[i].Attrs = a.AsDict()
		}
	}
	if fn.ResAttrs != nil {
		for i, a := range fn.ResAttrs.Elems {
			fn.Results[i].Attrs = a.AsDict()
		}
	}
	return nil
}

// attrArray checks an arg_attrs or res_attrs entry: an array of n
// dictionaries.
func (s *scanner) attrArray(e *ast.AttrEntry, what string, n int) (*ast.ArrayAttr, error) {
	if e == nil {
		return nil, nil
	}
	if e.Value == nil || e.Value.AsArray() == nil || e.Value.AsArray().Unread {
		return nil, ast.ErrorList{ast.Errorf(s.file.PosOf(s.Src, e.Pos), "expected %s attributes to be an array of dictionaries", what)}
	}
	arr := e.Value.AsArray()
	if len(arr.Elems) != n {
		return nil, ast.ErrorList{ast.Errorf(s.file.PosOf(s.Src, e.Pos), "expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d", what, what, len(arr.Elems), n)}
	}
	for _, a := range arr.Elems {
		if a.AsDict() == nil {
			return nil, ast.ErrorList{ast.Errorf(s.file.PosOf(s.Src, a.Pos), "expected %s attributes to be an array of dictionaries", what)}
		}
	}
	return arr, nil
}

// ParseType parses the type spanning span of src (a type alias's value).
func ParseType(src []byte, span ast.Span) (*ast.Type, error) {
	r, err := parseSpan("type", spanScanner(src, span), span.Pos.Offset, span.End.Offset)
	if err != nil {
		return nil, err
	}
	return r.Type, nil
}

// ParseAttr parses the attribute spanning span of src (an attribute
// alias's value).
func ParseAttr(src []byte, span ast.Span) (*ast.Attr, error) {
	r, err := parseSpan("attr", spanScanner(src, span), span.Pos.Offset, span.End.Offset)
	if err != nil {
		return nil, err
	}
	return r.Attr, nil
}

// spanScanner returns a scanner whose position cache starts at span.
func spanScanner(src []byte, span ast.Span) *scanner {
	s := &scanner{Input: arriving.Input{Src: src}, file: &ast.File{Name: span.Pos.Filename}}
	s.lines = ast.NewLineIndex(ast.LinePoint{Off: span.Pos.Offset, Line: span.Pos.Line, LineStart: span.Pos.Offset - span.Pos.Column + 1})
	return s
}
