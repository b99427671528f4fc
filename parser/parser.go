package parser

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
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
}

// root is what a parse gives, in package ast's nodes: the decoder's
// result, or the grammar's converted (toAST).
type root struct {
	Sig  *ast.Signature
	Dict *ast.AttrDict
	Type *ast.Type
	Attr *ast.Attr
}

// sigTail is what follows a signature's argument list.
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

func lexPos(pos ast.Pos) lexer.Position {
	return lexer.Position{Filename: pos.Filename, Line: pos.Line, Column: pos.Column}
}

// fastEnabled switches the decoder off, for tests that compare it with
// the grammar.
var fastEnabled = true

// pieceBytes is the most text the grammar reads to place an error: a
// longer span the decoder fails on is cut to a piece first (grammarPiece).
// A variable for tests.
var pieceBytes = 64 << 10

// tailTokens is how many tokens after the decoder's failure the piece
// keeps at first, for the grammar's lookahead.
const tailTokens = 64

// parseSpan parses src[start:end], whose first byte is at pos, as the
// construct mode names; positions are those of the file. The decoder
// reads it; where it fails, the grammar places the error, over the span
// when short, else over the piece the decoder leaves; where the grammar
// finds none there, it reads the whole span.
func parseSpan(mode string, src []byte, start, end int, pos ast.Pos) (*root, error) {
	r, _, err := parseSpanMarks(mode, src, start, end, pos, nil)
	return r, err
}

// parseSpanMarks is parseSpan that also returns the points after long
// constructs whose lines the decoder knows (fastDecoder.marks): anchors
// for turning later offsets into positions without counting the lines
// of those constructs again. release, when set, is told of the text the
// decoder and the lexer's check pass, a step at a time
// (Options.Release).
func parseSpanMarks(mode string, src []byte, start, end int, pos ast.Pos, release func(from, to int)) (*root, []ast.Pos, error) {
	if !fastEnabled {
		r, err := grammarParse(mode, src, start, end, pos)
		return r, nil, err
	}
	r, d, ok := fastParse(mode, src, start, end, lexPos(pos), release)
	if ok {
		var marks []ast.Pos
		for _, p := range d.marks {
			marks = append(marks, d.astPos(p))
		}
		return r, marks, nil
	}
	if end-start > pieceBytes && d.failAt >= 0 {
		if err := grammarPiece(mode, src, start, end, pos, d); err != nil {
			return nil, nil, err
		}
	}
	r, err := grammarParse(mode, src, start, end, pos)
	return r, nil, err
}

// grammarPiece runs the grammar over src[start:end] without the cuts the
// decoder made (fastDecoder.cuts) and without what follows the tail of
// tokens after its failure: the grammar meets the same error at the same
// token, having read a bounded piece. The error's position is that of
// the token in src. An error among the piece's last tokens (tailMargin
// of them, within the grammar's lookahead and the alternatives it backs
// out of) may be the piece's end speaking rather than the text, so the
// piece then grows, four times the tail each time, up to the span. It
// returns nil if the grammar finds no error in the piece that reaches
// the span's end (the decoder failed on a construct outside its subset).
func grammarPiece(mode string, src []byte, start, end int, pos ast.Pos, d *fastDecoder) error {
	// The grammar's lexer reads the whole span before the grammar: its
	// error comes first, wherever it is. The decoder lexed the text
	// before its failure without one; the check goes on from there.
	lex := &d.check
	behind := ast.Behind{Release: lex.release}
	for {
		behind.At(lex.pos.Offset)
		lex.skipIntegers()
		t, err := lex.Next()
		if err != nil {
			return convertError(err, pos)
		}
		if t.EOF() {
			break
		}
	}
	for tail := tailTokens; ; tail *= 4 {
		to := pieceEnd(src, d.failAt, end, tail)
		if ok, err := grammarPieceTo(mode, src, start, end, to, pos, d); ok {
			return err
		}
	}
}

// tailMargin is how many tokens must follow a piece's error, in the
// piece, for the error to be the text's.
const tailMargin = 8

// grammarPieceTo is grammarPiece over the piece that ends at to; ok is
// false when an error is too near the piece's end to be trusted.
func grammarPieceTo(mode string, src []byte, start, end, to int, pos ast.Pos, d *fastDecoder) (ok bool, err error) {
	cuts := mergeCuts(d.cuts, to)
	var buf []byte
	from := start
	for _, c := range cuts {
		buf = append(buf, src[from:c[0]]...)
		from = c[1]
	}
	buf = append(buf, src[from:to]...)
	_, err = grammarParse(mode, buf, 0, len(buf), pos)
	var list ast.ErrorList
	if err == nil || !errors.As(err, &list) {
		return true, nil
	}
	for _, e := range list {
		if to < end && pieceEnd(buf, min(e.Pos.Offset, len(buf)), len(buf), tailMargin) >= len(buf) {
			return false, nil
		}
		// From the offset in buf to that in src, then the line and
		// column from the text before it.
		off := e.Pos.Offset + start
		for _, c := range cuts {
			if off < c[0] {
				break
			}
			off += c[1] - c[0]
		}
		e.Pos.Offset, e.Pos.Line, e.Pos.Column = off, pos.Line, pos.Column+off-start
		if n := bytes.Count(src[start:off], []byte{'\n'}); n > 0 {
			e.Pos.Line += n
			e.Pos.Column = off - start - bytes.LastIndexByte(src[start:off], '\n')
		}
	}
	return true, list
}

// pieceEnd is the end of the n-th token after at that is neither white
// space nor a comment, or end.
func pieceEnd(src []byte, at, end, n int) int {
	l := viewLexer(src, at, end, lexer.Position{})
	for k := 0; k < n && l.pos.Offset < end; {
		typ, m, err := l.scan(l.pos.Offset)
		if err != nil {
			return end
		}
		l.advanceType(typ, m)
		if typ != tokWhitespace && typ != tokComment {
			k++
		}
	}
	return l.pos.Offset
}

// mergeCuts sorts the cuts before to and joins those that overlap.
func mergeCuts(cuts [][2]int, to int) [][2]int {
	slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	for _, c := range cuts {
		c[1] = min(c[1], to)
		if c[0] >= c[1] {
			continue
		}
		if n := len(out); n > 0 && c[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], c[1])
			continue
		}
		out = append(out, c)
	}
	return out
}

// grammarParse parses src[start:end] with the grammar.
func grammarParse(mode string, src []byte, start, end int, pos ast.Pos) (*root, error) {
	grammar.once.Do(build)
	lex := newLexer(src, start, end, lexPos(pos), mode)
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
	if r.Sig != nil {
		ast.DropUnread(r.Sig.Attrs)
		for _, a := range r.Sig.Args {
			ast.DropUnread(a.Attrs)
		}
		for _, res := range r.Sig.Results.List() {
			ast.DropUnread(res.Attrs)
		}
	}
	if mode == "dict" {
		ast.DropUnread(r.Dict)
	}
	return r, nil
}

var (
	attrType  = reflect.TypeFor[*ast.Attr]()
	typeType  = reflect.TypeFor[*ast.Type]()
	arrayType = reflect.TypeFor[*gram.ArrayAttr]()
	denseType = reflect.TypeFor[*gram.DenseAttr]()
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
	if tt := t.AsTensor(); tt != nil && plain(tt, t.EndPos.Offset-t.Pos.Offset) {
		t.Node = ast.Plain
	}
	return t
}

// plain reports whether tt, a tensor type of n bytes, is what the decoder
// reads as ast.Plain: digits or '?' and 'x' for dimensions, a builtin
// element type, nothing else, no white space.
func plain(tt *ast.TensorType, n int) bool {
	e := tt.Elem.AsNamed()
	if tt.Encoding != nil || e == nil || e.Body != nil || e.Name == "" || !isIdentStart(e.Name[0]) || identLen([]byte(e.Name), 0) != len(e.Name) {
		return false
	}
	if n != len("tensor<")+len(tt.Dims)+len(e.Name)+1 {
		return false
	}
	dims, elem := ast.SplitPlainTensor([]byte("tensor<" + tt.Dims + e.Name + ">"))
	return string(dims) == tt.Dims && string(elem) == e.Name
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

// flattenArrays turns the long arrays of scalars and dense literals in the
// grammar's nodes into the unread spans the decoder gives, inner ones
// first, so that both give the same nodes.
func flattenArrays(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		flattenArrays(v.Elem())
		switch v.Type() {
		case arrayType:
			v.Interface().(*gram.ArrayAttr).Flatten()
		case denseType:
			v.Interface().(*gram.DenseAttr).Flatten()
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
	r, marks, err := parseSpanMarks("dict", s.Src, span[0], span[1], s.anchor(span[0]), s.release)
	s.addMarks(marks)
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
	s = ast.Clip(s)
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
	// Release, if set, is called with a range of the text that the
	// reading is done with for now, so that a caller that maps the file
	// can drop its pages: behind the scan as it moves on (it reads again
	// only the few spans it keeps: the module's attributes, the entry
	// signature, alias definitions, meshes), behind the decoding of the
	// entry's arguments, and behind the decoding of them again
	// (ast.Func.Rereader). The text stays readable.
	Release func(from, to int)
	// Values, when set, takes the results and arguments of a custom-form
	// entry function as they are decoded, not kept: File.Entry.Results
	// and Args are then nil, and File.Entry.ResultSpans and ArgSpans say
	// where each is written. ParseFile calls Values.Begin once the
	// module's attributes and the alias definitions are read, then
	// Values.Result for each result in order, then, with the function's
	// attributes read, Values.Arg for each argument in order. If the
	// signature then turns out not to decode, Values.Abandon is called,
	// and the file is read whole after all (Entry.Args and Results are
	// set) or the error is returned.
	Values ValueReader
}

// A ValueReader takes the entry function's results and arguments as they
// are decoded (Options.Values). A value's nodes are reused once Result or
// Arg returns: it must keep none of them.
type ValueReader interface {
	// Begin is called with the file before the first result; the entry
	// function has a Sig with its position alone. About n arguments
	// follow the results, rarely fewer, never more unless they are not
	// named: a hint for sizing.
	Begin(f *ast.File, n int)
	// Result is called with the i-th result.
	Result(i int, r *ast.Result)
	// Arg is called with the i-th argument; the entry function's Sig
	// then has its attributes.
	Arg(i int, a *ast.Arg)
	// Abandon is called when the values handed out turn out not to
	// decode: what was read of them is to be dropped.
	Abandon()
}

// ParseFile reads the structure of the module in src, the whole input:
// the module's attribute dictionary, every function's name, the entry
// function's signature and the values of the alias definitions
// (File.Aliases). Function bodies are skipped, never tokenized. Errors
// are an ast.ErrorList.
func ParseFile(filename string, src []byte, opts Options) (*ast.File, error) {
	s := &scanner{
		Src:        src,
		entry:      opts.Entry,
		lineOffset: opts.LineOffset,
		release:    opts.Release,
		values:     opts.Values,
		bodyStops:  newFinder("{}\"/", ast.NextSpecial),
		groupStops: newFinder("()[]{}\"/", ast.NextGroupSpecial),
		file: &ast.File{
			Name:        filename,
			TypeAliases: map[string]ast.Span{},
			AttrAliases: map[string]ast.Span{},
			Aliases:     map[string]*ast.AliasDef{},
			Lines:       ast.NewAnchors(filename),
		},
	}
	if s.entry == "" {
		s.entry = "main"
	}
	s.bodyStops.passed, s.groupStops.passed = s.releaseAt, s.releaseAt
	if err := s.scanTop(); err != nil {
		return nil, ast.ListOf(err)
	}
	var err error
	if s.file.Module, err = s.parseModule(); err != nil {
		return nil, err
	}
	for _, f := range s.funcs {
		s.file.Funcs = append(s.file.Funcs, &ast.FuncDecl{Name: f.name, Pos: f.posAt, Generic: f.generic})
	}
	entry, err := s.findEntry()
	if err != nil {
		return nil, ast.ListOf(err)
	}
	// The aliases first: a ValueReader reads the types and
	// attributes of the results and arguments as they are decoded.
	spans := [][2]int{entry.refs, entry.props, entry.attrs}
	if s.module != nil {
		spans = append(spans, s.module.attrs)
	}
	s.parseAliases(spans)
	if s.file.Entry, err = s.parseFunc(entry); err != nil {
		return nil, err
	}
	return s.file, nil
}

// streamFunc reads the custom-form entry function f as Options.Values
// asks: each result handed to s.values as it is decoded, the function's
// attributes, then each argument. ok is false when either part does not
// decode: err is then the error the grammar places, or, when it places
// none (or the tail failed), nil, and the caller reads the signature
// whole.
func (s *scanner) streamFunc(f *funcSpan, fn *ast.Func) (bool, error) {
	sigAt, tailAt := s.anchor(f.sig[0]), s.anchor(f.argsEnd)
	// A named argument is written `%name: type`: the '%'s count them,
	// or a few more when a value holds one.
	n := s.count(f.sig[0], f.argsEnd, '%')
	spans := make([]ast.ArgSpan, 0, n)
	var resSpans []ast.ArgSpan
	behind := ast.Behind{Release: s.release}
	behind.At(f.sig[0])
	fn.Sig = &ast.Signature{Pos: sigAt}
	s.file.Entry = fn
	s.values.Begin(s.file, n)
	ok, failed, skips := streamSignature(s.Src, f.sig[0], f.argsEnd, f.sig[1], lexPos(sigAt), lexPos(tailAt), sigReader{
		result: func(r *ast.Result) {
			resSpans = append(resSpans, ast.ArgSpan{Pos: r.Pos, EndPos: r.EndPos})
			s.values.Result(len(resSpans)-1, r)
		},
		tail: func(t *sigTail, end ast.Pos) {
			fn.Sig.EndPos, fn.Sig.Results, fn.Sig.Attrs = end, t.Results, t.Attrs
		},
		arg: func(a *ast.Arg, sp ast.ArgSpan) {
			spans = append(spans, sp)
			s.values.Arg(len(spans)-1, a)
			behind.At(sp.EndPos.Offset)
		},
		mark:   s.file.Lines.Add,
		behind: &behind,
	})
	s.file.Entry = nil
	if !ok {
		fn.Sig = nil
		s.values.Abandon()
		if failed != nil && failed.failAt >= 0 && f.sig[1]-f.sig[0] > pieceBytes {
			// The grammar places the error over a piece, as parseSpan
			// does after the decoder of the whole signature fails at the
			// same token, without decoding the arguments again.
			if err := grammarPiece("sig", s.Src, f.sig[0], f.sig[1], sigAt, failed); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	fn.ArgSpans, fn.ResultSpans = spans, resSpans
	src, name, release := s.Src, s.file.Name, s.release
	fn.Rereader = func() func(sp ast.ArgSpan) (*ast.Arg, error) {
		d := &fastDecoder{file: name, transient: true, jumps: skips}
		behind := ast.Behind{Release: release}
		var inside ast.Behind // the decoding of one value, which can be huge
		if release != nil {
			d.behind = &inside
		}
		return func(sp ast.ArgSpan) (*ast.Arg, error) {
			behind.At(sp.Pos.Offset)
			inside = ast.Behind{Release: release}
			a, ok := d.decodeArg(src, sp.Pos.Offset, sp.EndPos.Offset)
			if !ok {
				return nil, fmt.Errorf("the value at offset %d does not decode again", sp.Pos.Offset)
			}
			return a, nil
		}
	}
	return true, nil
}

// parseAliases parses into File.Aliases the alias definitions that the
// text of spans refers to (`#name`, `!name`), and those their values
// refer to in turn; no other alias is read, however many the file
// defines (a JAX export defines a location alias for each operation).
// A reference is found in the text as it is: a name inside a string
// reads one alias more, never one less.
func (s *scanner) parseAliases(spans [][2]int) {
	for len(spans) > 0 {
		sp := spans[len(spans)-1]
		spans = spans[:len(spans)-1]
		if sp[0] < 0 {
			continue
		}
		text, base := s.Src[sp[0]:sp[1]], sp[0]
		for _, sigil := range []byte("#!") {
			// A pass over the span for each sigil, a step at a time, the
			// text passed released.
			behind := ast.Behind{Release: s.release}
			at := func(off int) { behind.At(base + off) }
			for i := 0; ; {
				k := indexByteBehind(text, i, sigil, at)
				if k < 0 {
					break
				}
				i += k
				j := aliasNameEnd(text, i)
				name := text[i:j]
				i = j
				if _, done := s.file.Aliases[string(name)]; done {
					continue
				}
				defs := s.file.AttrAliases
				if sigil == '!' {
					defs = s.file.TypeAliases
				}
				span, ok := defs[string(name)]
				if !ok {
					continue
				}
				s.file.Aliases[string(name)] = s.parseAlias(string(name), span)
				spans = append(spans, [2]int{span.Pos.Offset, span.End.Offset})
			}
		}
	}
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

// addMarks adds the points the decoder marked (parseSpanMarks) as anchors.
func (s *scanner) addMarks(marks []ast.Pos) {
	for _, p := range marks {
		s.file.Lines.Add(p)
	}
}

// sigParse is the parse of a custom-form signature: the node or the error.
type sigParse struct {
	sig *ast.Signature
	err error
}

// parseSig parses the custom-form signature of f.
func (s *scanner) parseSig(f *funcSpan) *sigParse {
	r, marks, err := parseSpanMarks("sig", s.Src, f.sig[0], f.sig[1], s.anchor(f.sig[0]), s.release)
	if err != nil {
		return &sigParse{err: err}
	}
	s.addMarks(marks)
	return &sigParse{sig: r.Sig}
}

// parseFunc parses the entry function's signature.
func (s *scanner) parseFunc(f *funcSpan) (*ast.Func, error) {
	fn := &ast.Func{FuncDecl: ast.FuncDecl{Name: f.name, Pos: f.posAt, Generic: f.generic}}
	if !f.generic && s.values != nil {
		if ok, err := s.streamFunc(f, fn); ok || err != nil {
			return fn, err
		}
	}
	if !f.generic {
		p := f.parsed
		if p == nil {
			p = s.parseSig(f)
		}
		if p.err != nil {
			return nil, p.err
		}
		sig := p.sig
		fn.Sig, fn.Args, fn.Results = sig, sig.Args, sig.Results.List()
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

// parseAlias parses the value of the alias definition name, spanning span:
// a type for `!name`, an attribute for `#name`.
func (s *scanner) parseAlias(name string, span ast.Span) *ast.AliasDef {
	mode := "attr"
	if name[0] == '!' {
		mode = "type"
	}
	r, _, err := parseSpanMarks(mode, s.Src, span.Pos.Offset, span.End.Offset, span.Pos, s.release)
	if err != nil {
		return &ast.AliasDef{Err: err}
	}
	return &ast.AliasDef{Type: r.Type, Attr: r.Attr}
}

// aliasNameEnd returns the end of the alias name (`#name`, `!name`) whose
// sigil is src[i].
func aliasNameEnd(src []byte, i int) int {
	j := i + 1
	for j < len(src) && (isIdentChar(src[j]) || src[j] == '-') {
		j++
	}
	return j
}
