package hlo

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/keyset"
)

// The module's structure: the header's attributes as spans, every
// computation's extent, and the entry computation's top level,
// instruction by instruction. The values the tool reads are parsed later,
// by the grammar (parseValues).

// scanFile finds the header, then every computation.
func (s *scanner) scanFile() error {
	i := s.trivia(0)
	if !s.hasWord(i, "HloModule") {
		return s.errorf(i, "expects HloModule")
	}
	end, err := s.header(i)
	if err != nil {
		return err
	}
	return s.computations(end)
}

// header scans `HloModule name (, key=value)*` at i.
func (s *scanner) header(i int) (int, error) {
	h := &Header{Pos: s.pos(i)}
	s.file.Header = h
	j := s.trivia(i + len("HloModule"))
	h.Name, h.NameEnd = s.word(j)
	if h.Name == "" {
		return 0, s.errorf(j, "expects name")
	}
	// Only the attributes the tool reads are kept; every key is checked
	// for a second writing (keyset: bounded memory, whatever their
	// number), which is the error when it comes before any other, as XLA
	// checks a key before its value.
	var keys keyset.Set
	depth := keys.Open()
	twice := func(err error) error {
		same := func(a, b int) bool { return string(s.src[a:s.wordEnd(a)]) == string(s.src[b:s.wordEnd(b)]) }
		at := keys.Close(depth, same)
		switch {
		case at < 0:
			return err
		case err != nil:
			if l := ast.ListOf(err); len(l) > 0 && l[0].Pos.Offset < at {
				return err
			}
		}
		name, _ := s.word(at)
		return s.errorf(at, "attribute %s already exists", ast.Clip(name))
	}
	end := h.NameEnd
	for {
		s.passed(end) // a header of a million attributes
		j = s.trivia(end)
		if j >= len(s.src) || s.src[j] != ',' {
			h.End = end
			return end, twice(nil)
		}
		key, start, valueEnd, err := s.attr(j)
		if key > 0 {
			keys.Add(keyset.Hash(s.src[key:s.wordEnd(key)]), key)
		}
		if err != nil {
			return 0, twice(err)
		}
		if readKeys[string(s.src[key:s.wordEnd(key)])] {
			name, _ := s.word(key)
			h.Attrs = append(h.Attrs, &HeaderAttr{Key: name, Pos: s.pos(key), Comma: j, Value: s.span(start, valueEnd)})
		}
		end = valueEnd
	}
}

// readKeys are the header attributes the tool reads (Header.Attrs).
var readKeys = map[string]bool{keyAlias: true, keyDonor: true, keyLayout: true, keyPartitions: true, keyFrontend: true, "is_scheduled": true}

// attr scans `, key=value` at the comma i, returning the offsets of the
// key and of the value's start and end; on an error after the key, the
// key's offset still (0 without one).
func (s *scanner) attr(i int) (key, start, end int, err error) {
	key = s.trivia(i + 1)
	j := s.wordEnd(key)
	if j == key || s.src[key] == '%' {
		return 0, 0, 0, s.errorf(key, "expects attribute name")
	}
	name := s.src[key:j]
	j = s.trivia(j)
	if j >= len(s.src) || s.src[j] != '=' {
		return key, 0, 0, s.errorf(j, "expects '=' after attribute name %s", ast.ClipBytes(name))
	}
	start = s.trivia(j + 1)
	end, ok := s.readAhead(name, start)
	if ok {
		return key, start, end, nil
	}
	end, err = s.skipValue(start, end)
	if err != nil {
		w, _ := s.word(key) // cut when long: it names none the tool reads
		if gerr := s.valueError(w, start, end); gerr != nil {
			return key, 0, 0, gerr
		}
		return key, 0, 0, err
	}
	if end == start {
		return key, 0, 0, s.errorf(start, "expects a value for attribute %s", ast.ClipBytes(name))
	}
	return key, start, end, nil
}

// readAhead reads the value of the header attribute key at start, if it
// is a list the tool reads (input_output_alias, buffer_donor), as the
// scan meets it: a list read whole that ends where skipValue would end
// the value is the value, and the scan need not find its end first (a
// donor list of 50 MB is read once, not twice). Otherwise it reports
// false, and the value is scanned, then read, as any other: from where
// the list read well up to (end) when it read entries, for the scan.
func (s *scanner) readAhead(key []byte, start int) (end int, ok bool) {
	var err error
	span := func() ast.Span { return ast.Span{Pos: s.pos(start), End: ast.Pos{Offset: -1}} } // open: see readEntries
	switch string(key) {
	case keyAlias:
		if s.file.Aliases, err = readAliases(s.src, span(), s.release); err == nil {
			return s.readTo(s.file.Aliases.EndPos), true
		}
	case keyDonor:
		if s.file.Donors, err = readDonors(s.src, span(), s.release); err == nil {
			return s.readTo(s.file.Donors.EndPos), true
		}
	default:
		return 0, false
	}
	var p partial
	if !errors.As(err, &p) {
		return 0, false
	}
	return s.readTo(p.at), false
}

// readTo returns the offset of end, a position a reader counted, which the
// line index then counts on from rather than counting the lines of the
// value again.
func (s *scanner) readTo(end ast.Pos) int {
	s.lines.Skip(ast.LinePoint{Off: end.Offset, Line: end.Line - s.lineOffset, LineStart: end.Offset - (end.Column - 1)})
	return end.Offset
}

// valueError is the reader's diagnostic for the value, at start, of a
// header attribute the tool reads whose brackets do not balance: XLA
// parses the value token by token and says what it expected where the
// value goes wrong (a ')' missing, a ShapeIndex where the next attribute
// begins) before any bracket is found unmatched. The reader reads up to
// stop, where the bracket search stopped (after a closing bracket of the
// wrong kind, or at the end of the input, which it then read whole), so
// the text read is the same whether the input is read whole or as it
// arrives. Nil for another key, or when the reader finds no error.
func (s *scanner) valueError(key string, start, stop int) error {
	span := s.span(start, stop)
	var err error
	switch key {
	case keyAlias:
		_, err = readAliases(s.src, span, s.release)
	case keyDonor:
		_, err = readDonors(s.src, span, s.release)
	case keyLayout:
		_, err = readLayout(s.src, span, s.release, 0)
	}
	return err
}

// computations scans every computation after the header. Without an
// ENTRY computation the last one is the entry, as in XLA's parser.
func (s *scanner) computations(i int) error {
	var last *compSpan
	for i = s.trivia(i); i < len(s.src); i = s.trivia(i) {
		if s.hasWord(i, "FileNames") {
			break // the stack frame index XLA prints after the computations
		}
		c, err := s.computation(i)
		if err != nil {
			return err
		}
		s.file.Computations++
		if c.entry && s.file.Entry != nil {
			return s.errorf(c.start, "expects only one ENTRY computation; %s is already the entry", ast.Clip(s.file.Entry.Name))
		}
		if err := s.body(c); err != nil {
			return err
		}
		last = c
		i = c.end
		s.passed(i)
	}
	if s.file.Computations == 0 {
		return s.errorf(i, "expects a computation after the module header")
	}
	if s.file.Entry == nil {
		// Without ENTRY the last computation, skipped, is walked as the
		// entry.
		s.lines.SetPoint(last.bodyPoint)
		_, err := s.walkEntry(last)
		return err
	}
	return nil
}

// body skips the body of c, or walks it when c is the entry, and scans
// what follows it.
func (s *scanner) body(c *compSpan) error {
	var end int
	var err error
	if c.entry {
		end, err = s.walkEntry(c)
	} else {
		end, err = s.skipBody(c.body)
	}
	if err != nil {
		return err
	}
	c.end, err = s.instrAttrs(end, &instrAttrs{}) // execution_thread
	return err
}

// compSpan is what the scanner records of a computation.
type compSpan struct {
	start     int
	name      string
	namePos   ast.Pos
	entry     bool
	body, end int           // the body's '{', and the offset after the computation
	bodyPoint ast.LinePoint // the line count at the body's '{'
}

// computation scans `[ENTRY] name [(params) -> shape] { body }
// [, execution_thread="..."]` at i.
func (s *scanner) computation(i int) (*compSpan, error) {
	c := &compSpan{start: i}
	if s.hasWord(i, "ENTRY") {
		c.entry = true
		i = s.trivia(i + len("ENTRY"))
	}
	var end int
	c.name, end = s.word(i)
	if c.name == "" {
		return nil, s.errorf(i, "expects name")
	}
	c.namePos = s.pos(i)
	j := s.trivia(end)
	if j < len(s.src) && s.src[j] == '(' {
		var err error
		if j, err = s.signatureTail(j); err != nil {
			return nil, err
		}
	}
	if j >= len(s.src) || s.src[j] != '{' {
		return nil, s.errorf(j, "expects '{' at the start of the computation %s", ast.Clip(c.name))
	}
	c.body = j
	s.lines.LineCol(s.src, j)
	c.bodyPoint = s.lines.Point()
	return c, nil
}

// signatureTail skips `(params) -> shape` at the '(' i and returns the
// offset of what follows.
func (s *scanner) signatureTail(i int) (int, error) {
	end, err := s.skipGroup(i)
	if err != nil {
		return 0, err
	}
	j := s.trivia(end)
	if !bytes.HasPrefix(s.src[j:], []byte("->")) {
		return 0, s.errorf(j, "expects '->'")
	}
	return s.skipShape(s.trivia(j + 2))
}

// skipShape skips a shape at i: a tuple, or `type[dims]` with an optional
// layout. A '{' is a layout only when a number or ':' follows it (as in
// XLA's parser), so that `-> f32[4] {` leaves the body alone.
func (s *scanner) skipShape(i int) (int, error) {
	if i < len(s.src) && s.src[i] == '(' {
		end, err := s.skipGroup(i)
		return s.trivia(end), err
	}
	w := s.wordEnd(i)
	if w == i {
		return 0, s.errorf(i, "expects a shape")
	}
	j := s.trivia(w)
	if j >= len(s.src) || s.src[j] != '[' {
		return 0, s.errorf(j, "expects '[' after the element type %s", ast.Clip(string(s.src[i:w])))
	}
	end, err := s.skipGroup(j)
	if err != nil {
		return 0, err
	}
	j = s.trivia(end)
	if j < len(s.src) && s.src[j] == '{' {
		k := s.trivia(j + 1)
		if k < len(s.src) && (isDigit(s.src[k]) || s.src[k] == ':') {
			end, err := s.skipGroup(j)
			return s.trivia(end), err
		}
	}
	return j, nil
}

// walkEntry walks the entry computation's top level, instruction by
// instruction, recording its parameters and root; it returns the offset
// after the body.
func (s *scanner) walkEntry(c *compSpan) (int, error) {
	comp := &Computation{Name: c.name, Pos: c.namePos, Entry: c.entry}
	s.file.Entry = comp
	// Instructions are read into in; the parameters and the root are
	// kept, from slabs of Instrs (an entry can have 200000 parameters),
	// and the last one is kept aside in case no ROOT is marked.
	var in, last Instr
	var slab []Instr
	keep := func(in *Instr) *Instr {
		if len(slab) == cap(slab) {
			slab = make([]Instr, 0, min(max(2*cap(slab), 16), 4096))
		}
		slab = append(slab, *in)
		return &slab[len(slab)-1]
	}
	seen := false
	i := s.trivia(c.body + 1)
	for ; ; i = s.trivia(i) {
		if i >= len(s.src) {
			return 0, s.errorf(c.body, "unbalanced '{': no matching '}'")
		}
		if s.src[i] == '}' {
			break
		}
		root, end, err := s.instruction(i, &in)
		if err != nil {
			return 0, err
		}
		if root && comp.Root != nil {
			return 0, ast.Errorf(s.file.Pos(in.At), "one computation cannot have more than one root instruction")
		}
		if root || in.Param >= 0 {
			p := keep(&in)
			if root {
				comp.Root = p
			}
			if in.Param >= 0 {
				comp.Params = append(comp.Params, p)
			}
		}
		last, seen = in, true
		i = end
	}
	if !seen {
		return 0, ast.Errorf(c.namePos, "computation %s has no instructions", ast.Clip(c.name))
	}
	if comp.Root == nil {
		// XLA takes the last instruction as the root.
		if n := len(comp.Params); n > 0 && comp.Params[n-1].At == last.At {
			comp.Root = comp.Params[n-1]
		} else {
			comp.Root = keep(&last)
		}
	}
	return i + 1, nil
}

// instruction scans `[ROOT] name = SHAPE opcode(operands)[, attr=value]*`
// at i. It reports whether the instruction is the root and returns the
// offset after it.
func (s *scanner) instruction(i int, in *Instr) (bool, int, error) {
	start := i
	root := s.hasWord(i, "ROOT")
	if root {
		i = s.trivia(i + len("ROOT"))
	}
	*in = Instr{Param: -1, At: s.point(start)}
	in.Name, in.nameEnd = s.word(i)
	if in.Name == "" {
		return false, 0, s.errorf(i, "expects instruction name")
	}
	j := s.trivia(in.nameEnd)
	if j >= len(s.src) || s.src[j] != '=' {
		return false, 0, s.errorf(j, "expects '=' in instruction")
	}
	shapeStart := s.trivia(j + 1)
	j = shapeStart
	if s.hasShape(shapeStart) {
		shapeEnd, err := s.skipShape(shapeStart)
		if err != nil {
			return false, 0, err
		}
		shapeEnd = trimTrivia(s.src, shapeStart, shapeEnd)
		in.ShapeAt, in.ShapeEnd, in.HasShape = s.point(shapeStart), shapeEnd, true
		j = s.trivia(shapeEnd)
	}
	k := s.wordEnd(j)
	if k == j || s.src[j] == '%' {
		return false, 0, s.errorf(j, "expects opcode")
	}
	opcode := s.src[j:k]
	j = s.trivia(k)
	if j >= len(s.src) || s.src[j] != '(' {
		return false, 0, s.errorf(j, "expects '(' after the opcode %s", ast.Clip(string(opcode)))
	}
	if string(opcode) == "parameter" {
		if !in.HasShape {
			return false, 0, s.errorf(shapeStart, "expects a shape for the parameter instruction %s", ast.Clip(in.Name))
		}
		if err := s.paramNumber(in, j); err != nil {
			return false, 0, err
		}
	}
	end, err := s.skipGroup(j)
	if err != nil {
		return false, 0, err
	}
	var attrs instrAttrs
	end, err = s.instrAttrs(end, &attrs)
	if err == nil {
		in.sharding = attrs.sharding
		s.names(in, i, &attrs)
	}
	return root, end, err
}

// instrAttrs are the values of an instruction's attributes that name it,
// and its sharding: [start, end) offsets, [0, 0) when absent.
type instrAttrs struct {
	metadata, frontend, sharding [2]int
}

// instrAttrs skips the `, key=value` attributes after an instruction's
// operands or a computation's body, recording those of instrAttrs, and
// returns the offset after them.
func (s *scanner) instrAttrs(end int, a *instrAttrs) (int, error) {
	for {
		s.passed(end)
		j := s.trivia(end)
		if j >= len(s.src) || s.src[j] != ',' {
			return end, nil
		}
		key, start, valueEnd, err := s.attr(j)
		if err != nil {
			return 0, err
		}
		switch string(s.src[key:s.wordEnd(key)]) {
		case "metadata":
			a.metadata = [2]int{start, valueEnd}
		case "frontend_attributes":
			a.frontend = [2]int{start, valueEnd}
		case "sharding":
			a.sharding = [2]int{start, valueEnd}
		}
		end = valueEnd
	}
}

// hasShape reports whether an instruction's shape stands at i: XLA lets
// the shape of an instruction whose shape it can infer be left out
// (`a = add(p0, p1)`).
func (s *scanner) hasShape(i int) bool {
	if i < len(s.src) && s.src[i] == '(' {
		return true
	}
	w := s.wordEnd(i)
	k := s.trivia(w)
	return w > i && k < len(s.src) && s.src[k] == '['
}

// paramNumber reads N in `parameter(N)`, whose '(' is at i.
func (s *scanner) paramNumber(in *Instr, i int) error {
	j := s.trivia(i + 1)
	k := j
	for k < len(s.src) && isDigit(s.src[k]) {
		k++
	}
	n, err := strconv.ParseInt(string(s.src[j:k]), 10, 64)
	if err != nil || s.trivia(k) >= len(s.src) || s.src[s.trivia(k)] != ')' {
		return s.errorf(j, "expects a parameter number in parameter(...)")
	}
	in.Param, in.ParamAt = n, s.point(j)
	return nil
}

// trimTrivia moves end back over white space before it (a shape skip
// stops after the trivia that follows the shape).
func trimTrivia(src []byte, start, end int) int {
	for end > start && isSpace(src[end-1]) {
		end--
	}
	return end
}
