package parser

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// The grammar of record is the participle grammar in the struct tags of
// package ast. Building it and running it cost tens of microseconds per
// argument, most of it reflection, so the common constructs of a
// signature (tensor and named types, attribute dictionaries of strings,
// numbers, booleans, symbols, arrays and the result alias) are first read
// by the hand-written decoder below, over the same lexer. It produces
// exactly the nodes the grammar would, with the same positions; on
// anything outside that subset, and on any error, it gives up and the
// span is parsed by the grammar, so every diagnostic is the grammar's.
// FuzzFastDecoder checks that the two agree on every input the decoder
// accepts.

// fastEnabled switches the decoder off for tests that compare it with
// the grammar.
var fastEnabled = true

// errSlow is how the decoder gives up.
type errSlow struct{}

// fastDecoder reads tokens from a sigLexer with one token of lookahead.
type fastDecoder struct {
	lex     *sigLexer
	tok     lexer.Token    // the next significant token
	tokEnd  lexer.Position // the position after tok
	lastEnd lexer.Position // the position after the last consumed token
	ok      bool
}

// fastParse parses src[start:end] as the construct mode names, or reports
// false if the grammar has to.
func fastParse(mode string, src []byte, start, end int, pos lexer.Position) (*root, bool) {
	if !fastEnabled {
		return nil, false
	}
	d := &fastDecoder{lex: newLexer(src, start, end, pos, ""), ok: true}
	d.lastEnd = d.lex.pos
	d.advance()
	r := &root{}
	switch mode {
	case "sig":
		r.Sig = d.signature()
	case "dict":
		if d.is(tokBracket, "{") {
			r.Dict = d.dict()
		} else {
			d.fail()
		}
	case "type":
		r.Type = d.typ()
	case "attr":
		r.Attr = d.attr()
	case "args":
		r.Args = &argList{Args: d.args()}
	case "tail":
		r.Tail = d.tail()
		if r.Tail.Results == nil && r.Tail.Attrs == nil {
			// The grammar reports an empty tail as a missing node.
			d.fail()
		}
	default:
		d.fail()
	}
	if !d.ok || d.tok.Type != tokEOF {
		return nil, false
	}
	return r, true
}

// advance reads the next significant token.
func (d *fastDecoder) advance() {
	for d.ok {
		t, err := d.lex.Next()
		if err != nil {
			d.ok = false
			d.tok = lexer.Token{Type: tokEOF}
			return
		}
		if t.Type == tokWhitespace || t.Type == tokComment {
			continue
		}
		d.tok, d.tokEnd = t, d.lex.pos
		return
	}
}

// next consumes the next token and returns it.
func (d *fastDecoder) next() lexer.Token {
	t := d.tok
	d.lastEnd = d.tokEnd
	d.advance()
	return t
}

func (d *fastDecoder) fail() { d.ok = false }

func (d *fastDecoder) is(typ lexer.TokenType, v string) bool {
	return d.ok && d.tok.Type == typ && d.tok.Value == v
}

// punct consumes the punctuation or bracket v, or fails.
func (d *fastDecoder) expect(typ lexer.TokenType, v string) {
	if !d.is(typ, v) {
		d.fail()
		return
	}
	d.next()
}

func (d *fastDecoder) pos() ast.Pos { return ast.Pos(d.tok.Pos) }
func (d *fastDecoder) end() ast.Pos { return ast.Pos(d.lastEnd) }

// signature is `'(' (Arg (',' Arg)*)? ')' ('->' ResultList)? ('attributes' AttrDict)?`.
func (d *fastDecoder) signature() *ast.Signature {
	sig := &ast.Signature{Pos: d.pos()}
	d.expect(tokBracket, "(")
	if !d.is(tokBracket, ")") {
		sig.Args = d.args()
	}
	d.expect(tokBracket, ")")
	t := d.tail()
	sig.Results, sig.Attrs = t.Results, t.Attrs
	sig.EndPos = d.end()
	return sig
}

// args is `Arg (',' Arg)*`.
func (d *fastDecoder) args() []*ast.Arg {
	var args []*ast.Arg
	for d.ok {
		args = append(args, d.arg())
		if !d.is(tokPunct, ",") {
			break
		}
		d.next()
	}
	return args
}

// tail is `('->' ResultList)? ('attributes' AttrDict)?`.
func (d *fastDecoder) tail() *sigTail {
	t := &sigTail{}
	if d.is(tokPunct, "->") {
		d.next()
		t.Results = d.resultList()
	}
	if d.is(tokIdent, "attributes") {
		d.next()
		if !d.is(tokBracket, "{") {
			d.fail()
			return t
		}
		t.Attrs = d.dict()
	}
	return t
}

// arg is `(Percent ':')? Type AttrDict? Loc?`.
func (d *fastDecoder) arg() *ast.Arg {
	a := &ast.Arg{Pos: d.pos()}
	if d.ok && d.tok.Type == tokPercent {
		a.Name = d.next().Value
		d.expect(tokPunct, ":")
	}
	a.Type = d.typ()
	a.Attrs, a.Loc = d.trailer()
	a.EndPos = d.end()
	return a
}

// trailer is `AttrDict? Loc?`.
func (d *fastDecoder) trailer() (*ast.AttrDict, *ast.Loc) {
	var dict *ast.AttrDict
	var loc *ast.Loc
	if d.is(tokBracket, "{") {
		dict = d.dict()
	}
	if d.ok && d.tok.Type == tokLoc {
		loc = &ast.Loc{Pos: d.pos()}
		loc.Text = d.next().Value
		loc.EndPos = d.end()
	}
	return dict, loc
}

// resultList is `'(' (Result (',' Result)*)? ')' | Type`.
func (d *fastDecoder) resultList() *ast.ResultList {
	r := &ast.ResultList{Pos: d.pos()}
	if !d.is(tokBracket, "(") {
		r.Single = d.typ()
		r.EndPos = d.end()
		return r
	}
	d.next()
	r.Paren = true
	for d.ok && !d.is(tokBracket, ")") {
		res := &ast.Result{Pos: d.pos()}
		res.Type = d.typ()
		res.Attrs, res.Loc = d.trailer()
		res.EndPos = d.end()
		r.Results = append(r.Results, res)
		if !d.is(tokPunct, ",") {
			break
		}
		d.next()
		if d.is(tokBracket, ")") {
			d.fail() // a trailing comma
		}
	}
	d.expect(tokBracket, ")")
	r.EndPos = d.end()
	return r
}

// keywords are the identifiers the grammar gives a meaning somewhere; a
// type or value spelled as one is left to the grammar.
func keyword(s string) bool {
	switch s {
	case "tensor", "tuple", "true", "false", "array", "dense", "attributes", "loc", "bounds":
		return true
	}
	return false
}

// typ is a tensor type `tensor<Dims? Type (',' Attr)?>` or a named type
// without a body; any other type fails.
func (d *fastDecoder) typ() *ast.Type {
	if !d.ok {
		return nil
	}
	t := &ast.Type{Pos: d.pos()}
	switch d.tok.Type {
	case tokIdent:
		if d.tok.Value == "tensor" {
			t.Tensor = d.tensor()
			break
		}
		if keyword(d.tok.Value) {
			d.fail()
			return nil
		}
		t.Named = d.named()
	case tokBang, tokBangRaw:
		t.Named = d.named()
	default:
		d.fail()
		return nil
	}
	t.EndPos = d.end()
	return t
}

// named is a NamedType without a body.
func (d *fastDecoder) named() *ast.NamedType {
	n := &ast.NamedType{Pos: d.pos()}
	n.Name = d.next().Value
	n.EndPos = d.end()
	if d.is(tokBracket, "<") {
		d.fail() // a body: the grammar's RawAngle
	}
	return n
}

// tensor is `'tensor' '<' Dims? Type (',' Attr)? '>'`.
func (d *fastDecoder) tensor() *ast.TensorType {
	t := &ast.TensorType{Pos: d.pos()}
	d.next()
	d.expect(tokBracket, "<")
	if d.ok && d.tok.Type == tokDims {
		t.Dims = d.next().Value
	}
	t.Elem = d.typ()
	if d.is(tokPunct, ",") {
		d.next()
		t.Encoding = d.attr()
	}
	d.expect(tokBracket, ">")
	t.EndPos = d.end()
	return t
}

// dict is `'{' (AttrEntry (',' AttrEntry)*)? '}'`, at a '{'.
func (d *fastDecoder) dict() *ast.AttrDict {
	dict := &ast.AttrDict{Pos: d.pos()}
	d.next()
	for d.ok && !d.is(tokBracket, "}") {
		e := &ast.AttrEntry{Pos: d.pos()}
		if d.tok.Type != tokIdent && d.tok.Type != tokString {
			d.fail()
			return nil
		}
		e.Key = d.next().Value
		if d.is(tokPunct, "=") {
			d.next()
			e.Value = d.attr()
		}
		e.EndPos = d.end()
		dict.Entries = append(dict.Entries, e)
		if !d.is(tokPunct, ",") {
			break
		}
		d.next()
		if d.is(tokBracket, "}") {
			d.fail() // a trailing comma
		}
	}
	d.expect(tokBracket, "}")
	dict.EndPos = d.end()
	return dict
}

// attr is an attribute value with an optional `: Type` suffix.
func (d *fastDecoder) attr() *ast.Attr {
	if !d.ok {
		return nil
	}
	a := &ast.Attr{Pos: d.pos()}
	switch t := d.tok; t.Type {
	case tokString:
		a.String = d.next().Value
	case tokInt, tokFloat:
		a.Number = d.next().Value
	case tokHash:
		switch t.Value {
		case "#mhlo.result_alias":
			a.ResultAlias = d.resultAlias()
		case "#mhlo.type_extensions", "#stablehlo.bounds":
			d.fail()
			return nil
		default:
			h := &ast.HashAttr{Pos: d.pos()}
			h.Name = d.next().Value
			h.EndPos = d.end()
			a.Hash = h
		}
	case tokHashRaw:
		h := &ast.HashAttr{Pos: d.pos()}
		h.Raw = d.next().Value
		h.EndPos = d.end()
		a.Hash = h
	case tokAt:
		a.Symbol = d.next().Value
	case tokBracket:
		switch t.Value {
		case "[":
			a.Array = d.array()
		case "{":
			a.Dict = d.dict()
		default:
			d.fail()
			return nil
		}
	case tokIdent:
		if t.Value == "true" || t.Value == "false" {
			a.Bool = d.next().Value
			break
		}
		if t.Value == "array" {
			a.DenseArray = d.denseArray()
			break
		}
		a.Type = d.typ()
	default:
		a.Type = d.typ()
	}
	if d.is(tokPunct, ":") {
		d.next()
		a.Suffix = d.typ()
	}
	a.EndPos = d.end()
	return a
}

// array is `'[' (Attr (',' Attr)*)? ']'`, at a '['.
func (d *fastDecoder) array() *ast.ArrayAttr {
	arr := &ast.ArrayAttr{Pos: d.pos()}
	d.next()
	for d.ok && !d.is(tokBracket, "]") {
		arr.Elems = append(arr.Elems, d.attr())
		if !d.is(tokPunct, ",") {
			break
		}
		d.next()
		if d.is(tokBracket, "]") {
			d.fail() // a trailing comma
		}
	}
	d.expect(tokBracket, "]")
	arr.EndPos = d.end()
	return arr
}

// denseArray is `'array' '<' Type (':' (Value (',' Value)*)?)? '>'`, at
// 'array'; a value is an integer, a float, true or false.
func (d *fastDecoder) denseArray() *ast.DenseArrayAttr {
	arr := &ast.DenseArrayAttr{Pos: d.pos()}
	d.next()
	d.expect(tokBracket, "<")
	arr.Elem = d.typ()
	if d.is(tokPunct, ":") {
		d.next()
		for d.ok && !d.is(tokBracket, ">") {
			switch t := d.tok; {
			case t.Type == tokInt || t.Type == tokFloat || t.Type == tokIdent && (t.Value == "true" || t.Value == "false"):
				arr.Values = append(arr.Values, d.next().Value)
			default:
				d.fail()
				return nil
			}
			if !d.is(tokPunct, ",") {
				break
			}
			d.next()
			if d.is(tokBracket, ">") {
				d.fail() // a trailing comma
			}
		}
	}
	d.expect(tokBracket, ">")
	arr.EndPos = d.end()
	return arr
}

// resultAlias hands `#mhlo.result_alias<...>` to the attribute's own
// parser (ResultAliasAttr implements participle.Parseable), over the
// tokens up to the '>' that closes its '<'.
func (d *fastDecoder) resultAlias() *ast.ResultAliasAttr {
	toks := []lexer.Token{d.tok}
	depth := 0
	for {
		t, err := d.lex.Next()
		if err != nil || t.EOF() {
			d.fail()
			return nil
		}
		toks = append(toks, t)
		if t.Type == tokWhitespace || t.Type == tokComment {
			continue
		}
		if depth == 0 && !(t.Type == tokBracket && t.Value == "<") {
			d.fail()
			return nil
		}
		if t.Type == tokBracket && t.Value == "<" {
			depth++
		} else if t.Type == tokBracket && t.Value == ">" {
			depth--
		}
		if depth == 0 {
			d.lastEnd = d.lex.pos
			break
		}
	}
	peek, err := lexer.Upgrade(&tokenList{toks: toks, eof: d.lastEnd}, tokWhitespace, tokComment)
	if err != nil {
		d.fail()
		return nil
	}
	a := &ast.ResultAliasAttr{}
	if err := a.Parse(peek); err != nil || !peek.Peek().EOF() {
		d.fail()
		return nil
	}
	d.advance()
	return a
}

// tokenList replays tokens, then EOF at eof.
type tokenList struct {
	toks []lexer.Token
	eof  lexer.Position
}

func (l *tokenList) Next() (lexer.Token, error) {
	if len(l.toks) == 0 {
		return lexer.EOFToken(l.eof), nil
	}
	t := l.toks[0]
	l.toks = l.toks[1:]
	return t, nil
}
