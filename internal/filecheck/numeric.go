package filecheck

import (
	"math/big"
	"strings"
)

// Numeric substitution blocks, following LLVM's FileCheck: the pseudo
// variable @LINE in string-block syntax ([[@LINE]], [[@LINE+N]],
// [[@LINE-N]]) and numeric blocks [[#...]] whose expressions combine
// unsigned decimal numeric variables and literals with + and -. Values are
// arbitrary-precision integers, as LLVM widens its APInts on overflow.
// Format specifiers, parenthesized expressions, function calls and
// non-decimal literals are reported as unsupported.

// numVar is a numeric variable, like LLVM's NumericVariable.
type numVar struct {
	name string
	// value is nil while the variable is undefined.
	value *big.Int
	// defLine is the check-file line of the directive that created the
	// variable by defining it, or 0.
	defLine int
}

// numDef is a numeric variable defined by a pattern and the capture group
// holding its value.
type numDef struct {
	v     *numVar
	group int
}

// numExpr is a numeric expression.
type numExpr interface {
	// eval returns the value or the diagnostics of the undefined
	// variables it uses.
	eval() (*big.Int, []posMsg)
}

// posMsg is a diagnostic message at an offset of a pattern's source.
type posMsg struct {
	off int
	msg string
}

type numLiteral struct{ v *big.Int }

func (l *numLiteral) eval() (*big.Int, []posMsg) { return l.v, nil }

// numUse is a use of a numeric variable; off is the offset of its name.
type numUse struct {
	v   *numVar
	off int
}

func (u *numUse) eval() (*big.Int, []posMsg) {
	if u.v.value == nil {
		return nil, []posMsg{{u.off, "undefined variable: " + u.v.name}}
	}
	return u.v.value, nil
}

type numBinop struct {
	op          byte // '+' or '-'
	left, right numExpr
}

func (b *numBinop) eval() (*big.Int, []posMsg) {
	l, lerr := b.left.eval()
	r, rerr := b.right.eval()
	if lerr != nil || rerr != nil {
		return nil, append(lerr, rerr...)
	}
	if b.op == '+' {
		return new(big.Int).Add(l, r), nil
	}
	return new(big.Int).Sub(l, r), nil
}

// operandKind says which operands parseOperand accepts, like LLVM's
// AllowedOperand.
type operandKind int

const (
	operandLineVar       operandKind = iota // first operand of a legacy @LINE expression
	operandLegacyLiteral                    // second operand of a legacy @LINE expression
	operandAny
)

// cursor is unparsed expression text and the source offset of its start.
type cursor struct {
	s   string
	off int
}

func (c *cursor) advance(n int) {
	c.s = c.s[n:]
	c.off += n
}

func (c *cursor) ltrim() {
	n := len(c.s) - len(strings.TrimLeft(c.s, " \t"))
	c.advance(n)
}

func (c *cursor) rtrim() { c.s = strings.TrimRight(c.s, " \t") }

// unsupported reports a numeric construct this FileCheck does not
// implement.
func (pp *patternParser) unsupported(off int, what string) error {
	return pp.errorAt(off, what+" in numeric expressions are not supported by this FileCheck")
}

// parseNumericBlock parses the text of a numeric substitution block (after
// the '#'), or of a legacy @LINE expression when legacy is set, like
// Pattern::parseNumericSubstitutionBlock. off is the offset of text in the
// source. It returns the expression (nil when the block has none) and the
// variable the block defines (or nil).
func (pp *patternParser) parseNumericBlock(text string, off int, legacy bool) (numExpr, *numVar, error) {
	if comma := strings.IndexByte(text, ','); comma >= 0 {
		if paren := strings.IndexByte(text, '('); paren < 0 || comma < paren {
			f := cursor{text[:comma], off}
			f.ltrim()
			f.rtrim()
			if !strings.HasPrefix(f.s, "%") {
				return nil, nil, pp.errorDiag(f.off, "invalid matching format specification in expression")
			}
			return nil, nil, pp.unsupported(f.off, "format specifiers")
		}
	}
	c := cursor{text, off}
	var defText *cursor
	if colon := strings.IndexByte(text, ':'); colon >= 0 {
		defText = &cursor{text[:colon], off}
		c = cursor{text[colon+1:], off + colon + 1}
	}
	c.ltrim()
	constraint := strings.HasPrefix(c.s, "==")
	if constraint {
		c.advance(2)
	}
	c.ltrim()
	var ast numExpr
	if c.s == "" {
		if constraint {
			return nil, nil, pp.errorDiag(c.off, "empty numeric expression should not have a constraint")
		}
	} else {
		c.rtrim()
		kind := operandAny
		if legacy {
			kind = operandLineVar
		}
		var err error
		ast, err = pp.parseOperand(&c, kind, !constraint)
		for err == nil && c.s != "" {
			ast, err = pp.parseBinop(&c, ast, legacy)
			if err == nil && legacy && c.s != "" {
				return nil, nil, pp.errorDiag(c.off, "unexpected characters at end of expression '"+c.s+"'")
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if defText == nil {
		return ast, nil, nil
	}
	defText.ltrim()
	v, err := pp.parseNumericDef(defText)
	if err != nil {
		return nil, nil, err
	}
	return ast, v, nil
}

// parseNumericDef parses the variable name of a numeric definition, like
// Pattern::parseNumericVariableDefinition.
func (pp *patternParser) parseNumericDef(c *cursor) (*numVar, error) {
	name, pseudo, rest, err := pp.parseVariable(c.s, c.off)
	if err != nil {
		return nil, err
	}
	if pseudo {
		return nil, pp.errorDiag(c.off, "definition of pseudo numeric variable unsupported")
	}
	ctx := pp.p.ctx
	if ctx.defined[name] {
		return nil, pp.errorDiag(c.off, "string variable with name '"+name+"' already exists")
	}
	r := cursor{rest, c.off + len(name)}
	r.ltrim()
	if r.s != "" {
		return nil, pp.errorDiag(r.off, "unexpected characters after numeric variable name")
	}
	if v, ok := ctx.nums[name]; ok {
		return v, nil
	}
	v := &numVar{name: name, defLine: pp.p.line}
	ctx.nums[name] = v
	return v, nil
}

// parseOperand parses a variable use or a literal, like
// Pattern::parseNumericOperand.
func (pp *patternParser) parseOperand(c *cursor, kind operandKind, maybeConstraint bool) (numExpr, error) {
	if strings.HasPrefix(c.s, "(") {
		if kind != operandAny {
			return nil, pp.errorDiag(c.off, "parenthesized expression not permitted here")
		}
		return nil, pp.unsupported(c.off, "parenthesized expressions")
	}
	if kind == operandLineVar || kind == operandAny {
		if name, pseudo, _, msg := scanVariable(c.s); msg == "" {
			nameOff := c.off
			c.advance(len(name))
			if strings.HasPrefix(strings.TrimLeft(c.s, " \t"), "(") {
				if kind != operandAny {
					return nil, pp.errorDiag(nameOff, "unexpected function call")
				}
				return nil, pp.unsupported(nameOff, "function calls")
			}
			return pp.parseNumericUse(name, pseudo, nameOff)
		}
		if kind == operandLineVar {
			_, _, _, err := pp.parseVariable(c.s, c.off)
			return nil, err
		}
	}
	start := c.off
	digits := c.s
	neg := strings.HasPrefix(digits, "-")
	if neg {
		digits = digits[1:]
	}
	if kind == operandAny && len(digits) > 1 && digits[0] == '0' && strings.IndexByte("0123456789xXbBo", digits[1]) >= 0 {
		return nil, pp.unsupported(start, "non-decimal literals")
	}
	n := 0
	for n < len(digits) && isDigit(digits[n]) {
		n++
	}
	if n == 0 {
		msg := "invalid operand format"
		if maybeConstraint {
			msg = "invalid matching constraint or operand format"
		}
		return nil, pp.errorDiag(start, msg)
	}
	v, _ := new(big.Int).SetString(digits[:n], 10)
	if neg {
		v.Neg(v)
		n++
	}
	c.advance(n)
	return &numLiteral{v}, nil
}

// parseNumericUse resolves a numeric variable use, like
// Pattern::parseNumericVariableUse. A variable not defined yet is created
// undefined, so that a later definition or the match reports it.
func (pp *patternParser) parseNumericUse(name string, pseudo bool, off int) (numExpr, error) {
	if pseudo && name != "@LINE" {
		return nil, pp.errorDiag(off, "invalid pseudo numeric variable '"+name+"'")
	}
	ctx := pp.p.ctx
	v, ok := ctx.nums[name]
	if !ok {
		v = &numVar{name: name}
		ctx.nums[name] = v
	}
	if v.defLine != 0 && pp.p.line != 0 && v.defLine == pp.p.line {
		return nil, pp.errorDiag(off, "numeric variable '"+name+"' defined earlier in the same CHECK directive")
	}
	return &numUse{v: v, off: off}, nil
}

// parseBinop parses "+ operand" or "- operand" after left, like
// Pattern::parseBinop.
func (pp *patternParser) parseBinop(c *cursor, left numExpr, legacy bool) (numExpr, error) {
	c.ltrim()
	if c.s == "" {
		return left, nil
	}
	op, opOff := c.s[0], c.off
	c.advance(1)
	if op != '+' && op != '-' {
		return nil, pp.errorDiag(opOff, "unsupported operation '"+string(op)+"'")
	}
	c.ltrim()
	if c.s == "" {
		return nil, pp.errorDiag(c.off, "missing operand in expression")
	}
	kind := operandAny
	if legacy {
		kind = operandLegacyLiteral
	}
	right, err := pp.parseOperand(c, kind, false)
	if err != nil {
		return nil, err
	}
	return &numBinop{op: op, left: left, right: right}, nil
}

// parseNumericSubst parses a numeric block or legacy @LINE expression in a
// pattern and emits its regex: a capture group for a definition, the
// unsigned-number wildcard when there is no expression, and a substitution
// of the expression's value otherwise.
func (pp *patternParser) parseNumericSubst(text string, off int, legacy bool) error {
	ast, def, err := pp.parseNumericBlock(text, off, legacy)
	if err != nil {
		return err
	}
	insertAt := pp.regex.Len()
	if def != nil {
		pp.regex.WriteString("(")
		insertAt++
		pp.p.numDefs[def.name] = numDef{v: def, group: pp.curParen}
		pp.p.ctx.nums[def.name] = def
		pp.curParen++
	}
	if ast == nil {
		pp.regex.WriteString(unsignedWildcard)
	}
	if def != nil {
		pp.regex.WriteString(")")
	}
	if ast != nil {
		pp.p.subs = append(pp.p.subs, substitution{name: text, expr: ast, insertAt: insertAt, nameOff: off})
	}
	return nil
}

// unsignedWildcard matches a value of the unsigned format.
const unsignedWildcard = "[0-9]+"
