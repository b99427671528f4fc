package filecheck

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// checkKind is the kind of a directive.
type checkKind int

const (
	ckNone checkKind = iota
	ckPlain
	ckNext
	ckSame
	ckNot
	ckDAG
	ckLabel
	ckEmpty
	ckComment
	ckEOF
	ckBadNot
	ckBadCount
	ckMisspelled
)

// checkType is a directive kind plus its modifiers.
type checkType struct {
	kind    checkKind
	count   int
	literal bool
}

// description returns the directive name used in diagnostics, e.g.
// "CHECK-NEXT" or "CHECK{LITERAL}".
func (t checkType) description(prefix string) string {
	mods := ""
	if t.literal {
		mods = "{LITERAL}"
	}
	switch t.kind {
	case ckPlain:
		if t.count > 1 {
			return prefix + "-COUNT" + mods
		}
		return prefix + mods
	case ckNext:
		return prefix + "-NEXT" + mods
	case ckSame:
		return prefix + "-SAME" + mods
	case ckNot:
		return prefix + "-NOT" + mods
	case ckDAG:
		return prefix + "-DAG" + mods
	case ckLabel:
		return prefix + "-LABEL" + mods
	case ckEmpty:
		return prefix + "-EMPTY" + mods
	case ckComment:
		return prefix
	case ckEOF:
		return "implicit EOF"
	}
	return "invalid"
}

// substitution is a use of a string variable defined by an earlier
// directive (or on the command line), or a numeric expression, spliced into
// the regex at match time.
type substitution struct {
	// name is the variable name, or the text of the numeric block.
	name string
	// expr is the numeric expression, nil for a string variable.
	expr     numExpr
	insertAt int // index in the regex string
	nameOff  int // offset of name in the check source, for diagnostics
}

// pattern is one compiled directive pattern, mirroring LLVM's Pattern.
type pattern struct {
	ty  checkType
	src *source
	loc int // offset of the pattern text in src
	// line is the check-file line of the directive, the value of @LINE;
	// 0 for --implicit-check-not patterns.
	line    int
	fixed   string
	regex   string
	subs    []substitution
	varDefs map[string]int // variable name -> capture group
	numDefs map[string]numDef
	// captures holds the input ranges captured by the last match.
	captures map[string]span
	// invalid marks a pattern whose parsing failed; it never matches.
	invalid bool
	icase   bool
	ctx     *context
}

// context holds variable values shared by all patterns of one run.
type context struct {
	vars    map[string]string
	defined map[string]bool
	// nums holds the numeric variables by name, including @LINE.
	nums map[string]*numVar
	// line is @LINE, set to the line of each pattern with substitutions
	// before it is matched.
	line  *numVar
	cache map[string]*compiledRE
}

func newContext() *context {
	return &context{vars: map[string]string{}, defined: map[string]bool{}, nums: map[string]*numVar{}, cache: map[string]*compiledRE{}}
}

// createLineVariable makes the @LINE pseudo variable.
func (c *context) createLineVariable() {
	c.line = &numVar{name: "@LINE"}
	c.nums["@LINE"] = c.line
}

// clearLocalVars forgets variables whose names do not start with '$'
// (including @LINE, as LLVM does).
func (c *context) clearLocalVars() {
	for name := range c.vars {
		if !strings.HasPrefix(name, "$") {
			delete(c.vars, name)
		}
	}
	for name, v := range c.nums {
		if !strings.HasPrefix(name, "$") {
			v.value = nil
			delete(c.nums, name)
		}
	}
}

func (p *pattern) hasVariable() bool { return len(p.subs) > 0 || len(p.varDefs) > 0 }

// setupError is a check-file or option error, reported with exit code 2
// (or the given code).
type setupError struct {
	code int
}

func (e *setupError) Error() string { return fmt.Sprintf("FileCheck setup failed (exit %d)", e.code) }

var errSetup = &setupError{code: 2}

// regexEscape escapes the characters special to POSIX EREs, like LLVM's
// Regex::escape.
func regexEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`()^$|*+?.[]\{}`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// patternParser carries the state for parsing one pattern.
type patternParser struct {
	p        *pattern
	opts     *Options
	stderr   io.Writer
	prefix   string
	curParen int
	regex    strings.Builder
}

// parsePattern parses the pattern text src.text[start:end] of a directive of
// type ty, reporting errors to stderr.
func parsePattern(ctx *context, src *source, start, end int, ty checkType, prefix string, opts *Options, stderr io.Writer) (*pattern, error) {
	p := &pattern{ty: ty, src: src, loc: start, line: src.lineNumber(start), icase: opts.IgnoreCase, ctx: ctx, varDefs: map[string]int{}, numDefs: map[string]numDef{}}
	fullLines := opts.MatchFullLines && ty.kind != ckNot
	text := src.text[start:end]
	if !(opts.StrictWhitespace && opts.MatchFullLines) {
		text = strings.TrimRight(text, " \t")
	}
	if text == "" && ty.kind != ckEmpty {
		printDiag(stderr, src, start, kindError, "found empty check string with prefix '"+prefix+":'")
		p.invalid = true
		return p, errSetup
	}
	if text != "" && ty.kind == ckEmpty {
		printDiag(stderr, src, start, kindError, "found non-empty check string for empty check with prefix '"+prefix+":'")
		return nil, errSetup
	}
	if ty.kind == ckEmpty {
		p.regex = "(\n$)"
		return p, nil
	}
	if ty.literal {
		p.fixed = text
		return p, nil
	}
	if !fullLines && (len(text) < 2 || (!strings.Contains(text, "{{") && !strings.Contains(text, "[["))) {
		p.fixed = text
		return p, nil
	}
	pp := &patternParser{p: p, opts: opts, stderr: stderr, prefix: prefix, curParen: 1}
	err := pp.parse(text, start, fullLines)
	p.regex = pp.regex.String()
	if err != nil && p.regex == "" {
		// LLVM keeps the partial pattern; an empty one never matches.
		p.invalid = true
	}
	return p, err
}

func (pp *patternParser) errorAt(off int, msg string, ranges ...span) error {
	printDiag(pp.stderr, pp.p.src, off, kindError, msg, ranges...)
	return errSetup
}

// errorDiag reports an error the way LLVM logs an ErrorDiagnostic, which is
// followed by an empty line.
func (pp *patternParser) errorDiag(off int, msg string) error {
	err := pp.errorAt(off, msg)
	io.WriteString(pp.stderr, "\n")
	return err
}

func (pp *patternParser) parse(text string, base int, fullLines bool) error {
	if fullLines {
		pp.regex.WriteString("^")
		if !pp.opts.StrictWhitespace {
			pp.regex.WriteString(" *")
		}
	}
	pos := 0
	for pos < len(text) {
		rest := text[pos:]
		switch {
		case strings.HasPrefix(rest, "{{"):
			n, err := pp.parseRegexBlock(text, pos, base)
			if err != nil {
				return err
			}
			pos = n
		case strings.HasPrefix(rest, "[[") && !strings.HasPrefix(rest, "[[["):
			n, err := pp.parseVarBlock(text, pos, base)
			if err != nil {
				return err
			}
			pos = n
		default:
			end := len(rest)
			if i := strings.Index(rest[1:], "{{"); i >= 0 {
				end = i + 1
			}
			if i := strings.Index(rest[1:], "[["); i >= 0 && i+1 < end {
				end = i + 1
			}
			pp.regex.WriteString(regexEscape(rest[:end]))
			pos += end
		}
	}
	if fullLines {
		if !pp.opts.StrictWhitespace {
			pp.regex.WriteString(" *")
		}
		pp.regex.WriteString("$")
	}
	return nil
}

// addRegex validates one regex piece and appends it.
func (pp *patternParser) addRegex(re string, off int) error {
	_, ngroups, err := parseERE(re, 0)
	if err != nil {
		return pp.errorAt(off, "invalid regex: "+err.Error())
	}
	pp.regex.WriteString(re)
	pp.curParen += ngroups
	return nil
}

func (pp *patternParser) parseRegexBlock(text string, pos, base int) (int, error) {
	rest := text[pos:]
	end := strings.Index(rest, "}}")
	if end < 0 {
		return 0, pp.errorAt(base+pos, "found start of regex string with no end '}}'")
	}
	alt := strings.Contains(rest, "|")
	if alt {
		pp.regex.WriteString("(")
		pp.curParen++
	}
	if err := pp.addRegex(rest[2:end], base+pos+2); err != nil {
		return 0, err
	}
	if alt {
		pp.regex.WriteString(")")
	}
	return pos + end + 2, nil
}

// findVarEnd finds the "]]" closing a substitution block in s, skipping
// escaped characters and nested brackets, like Pattern::FindRegexVarEnd.
// It returns -1 when there is none and -2 (with the offset of the stray
// bracket) for an unbalanced "]".
func findVarEnd(s string) (int, int) {
	depth := 0
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "]]") && depth == 0 {
			return i, 0
		}
		if s[i] == '\\' {
			i += 2
			continue
		}
		switch s[i] {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return -2, i
			}
			depth--
		}
		i++
	}
	return -1, 0
}

func isVarNameStart(c byte) bool { return c == '_' || isAlpha(c) }

// scanVariable parses a variable name at the start of s, like
// Pattern::parseVariable, returning the name, whether it is a pseudo
// variable (@...), and the rest of s; on error it returns the offset in s
// and message of the diagnostic.
func scanVariable(s string) (name string, pseudo bool, errOff int, msg string) {
	if s == "" {
		return "", false, 0, "empty variable name"
	}
	i := 0
	pseudo = s[0] == '@'
	if s[0] == '$' || pseudo {
		i++
	}
	if i == len(s) {
		kind := "global "
		if pseudo {
			kind = "pseudo "
		}
		return "", false, i, "empty " + kind + "variable name"
	}
	if !isVarNameStart(s[i]) {
		return "", false, 0, "invalid variable name"
	}
	i++
	for i < len(s) && (s[i] == '_' || isAlpha(s[i]) || isDigit(s[i])) {
		i++
	}
	return s[:i], pseudo, 0, ""
}

// parseVariable is scanVariable reporting its error; it also returns the
// rest of s.
func (pp *patternParser) parseVariable(s string, off int) (string, bool, string, error) {
	name, pseudo, errOff, msg := scanVariable(s)
	if msg != "" {
		return "", false, "", pp.errorDiag(off+errOff, msg)
	}
	return name, pseudo, s[len(name):], nil
}

func (pp *patternParser) parseVarBlock(text string, pos, base int) (int, error) {
	inner := text[pos+2:]
	innerOff := base + pos + 2
	end, stray := findVarEnd(inner)
	if end == -2 {
		printDiag(pp.stderr, pp.p.src, innerOff+stray, kindError, `missing closing "]" for regex variable`)
		return 0, &setupError{code: 1}
	}
	if end < 0 {
		return 0, pp.errorAt(base+pos, "Invalid substitution block, no ]] found")
	}
	match := inner[:end]
	next := pos + 2 + end + 2
	if strings.HasPrefix(match, "#") {
		return next, pp.parseNumericSubst(match[1:], innerOff+1, false)
	}
	colon := strings.IndexByte(match, ':')
	nameEnd := len(match)
	if colon >= 0 {
		nameEnd = colon
	}
	if sp := strings.IndexAny(match[:nameEnd], " \t"); sp >= 0 {
		return 0, pp.errorAt(innerOff+sp, "unexpected whitespace")
	}
	name, pseudo, rest, err := pp.parseVariable(match, innerOff)
	if err != nil {
		return 0, err
	}
	if colon < 0 {
		if pseudo {
			// A legacy @LINE expression: [[@LINE]], [[@LINE+N]], [[@LINE-N]].
			return next, pp.parseNumericSubst(match, innerOff, true)
		}
		if rest != "" {
			return 0, pp.errorAt(innerOff, "invalid name in string variable use")
		}
		return next, pp.addUse(name, innerOff)
	}
	if pseudo || !strings.HasPrefix(rest, ":") {
		return 0, pp.errorAt(innerOff, "invalid name in string variable definition")
	}
	if _, ok := pp.p.ctx.nums[name]; ok {
		return 0, pp.errorAt(innerOff, "numeric variable with name '"+name+"' already exists")
	}
	re := rest[1:]
	reOff := innerOff + len(match) - len(re)
	pp.regex.WriteString("(")
	pp.p.varDefs[name] = pp.curParen
	pp.p.ctx.defined[name] = true
	pp.curParen++
	if re != "" {
		if err := pp.addRegex(re, reOff); err != nil {
			return 0, err
		}
	}
	pp.regex.WriteString(")")
	return next, nil
}

// backrefLimit is the largest capture group a same-line use may refer to.
const backrefLimit = 20

func (pp *patternParser) addUse(name string, off int) error {
	if group, ok := pp.p.varDefs[name]; ok {
		if group < 1 || group > backrefLimit {
			return pp.errorAt(off, fmt.Sprintf("Can't back-reference more than %d variables", backrefLimit))
		}
		if group > 9 {
			return pp.errorAt(off, "back-references to capture groups above 9 are not supported by this FileCheck")
		}
		fmt.Fprintf(&pp.regex, "\\%d", group)
		return nil
	}
	pp.p.subs = append(pp.p.subs, substitution{name: name, insertAt: pp.regex.Len(), nameOff: off})
	return nil
}

// errNotFound reports that a pattern has no match in the searched range.
var errNotFound = errors.New("no match")

// substError lists the substitutions that failed: uses of variables
// without a value and expressions whose value is negative.
type substError struct {
	diags []posMsg
}

func (e *substError) Error() string { return "substitution failed" }

// match finds the pattern in s.text[start:end]; it returns the match start
// and length as absolute offsets.
func (p *pattern) match(s *subject, start, end int) (int, int, error) {
	if p.ty.kind == ckEOF {
		return end, 0, nil
	}
	if p.invalid {
		return 0, 0, errNotFound
	}
	if p.fixed != "" {
		i := indexFold(s.text[start:end], p.fixed, p.icase)
		if i < 0 {
			return 0, 0, errNotFound
		}
		return start + i, len(p.fixed), nil
	}
	expr, err := p.substitute()
	if err != nil {
		return 0, 0, err
	}
	re, ok := p.ctx.cache[expr]
	if !ok {
		if re, err = compileERE(expr, p.icase); err != nil {
			return 0, 0, err
		}
		p.ctx.cache[expr] = re
	}
	loc := re.find(s, start, end)
	if loc == nil {
		return 0, 0, errNotFound
	}
	p.captures = map[string]span{}
	for name, group := range p.varDefs {
		if 2*group+1 < len(loc) && loc[2*group] >= 0 {
			p.ctx.vars[name] = s.text[loc[2*group]:loc[2*group+1]]
			p.captures[name] = span{loc[2*group], loc[2*group+1]}
		}
	}
	for name, d := range p.numDefs {
		if 2*d.group+1 < len(loc) && loc[2*d.group] >= 0 {
			text := s.text[loc[2*d.group]:loc[2*d.group+1]]
			d.v.value, _ = new(big.Int).SetString(text, 10)
			p.captures[name] = span{loc[2*d.group], loc[2*d.group+1]}
		}
	}
	skip := 0
	if p.ty.kind == ckEmpty {
		skip = 1
	}
	return loc[0] + skip, loc[1] - loc[0] - skip, nil
}

// substitute splices the current values of used variables and numeric
// expressions into the regex.
func (p *pattern) substitute() (string, error) {
	if len(p.subs) == 0 {
		return p.regex, nil
	}
	if p.line > 0 {
		p.ctx.line.value = big.NewInt(int64(p.line))
	}
	var b strings.Builder
	var errs []posMsg
	last := 0
	for _, sub := range p.subs {
		b.WriteString(p.regex[last:sub.insertAt])
		last = sub.insertAt
		v, diag := p.substValue(sub)
		if diag != nil {
			errs = append(errs, diag...)
			continue
		}
		b.WriteString(v)
	}
	b.WriteString(p.regex[last:])
	if errs != nil {
		return "", &substError{diags: errs}
	}
	return b.String(), nil
}

// substValue returns the regex a substitution inserts, or why it cannot.
func (p *pattern) substValue(sub substitution) (string, []posMsg) {
	if sub.expr == nil {
		v, ok := p.ctx.vars[sub.name]
		if !ok {
			return "", []posMsg{{sub.nameOff, "undefined variable: " + sub.name}}
		}
		return regexEscape(v), nil
	}
	v, errs := sub.expr.eval()
	if errs != nil {
		return "", errs
	}
	if v.Sign() < 0 {
		return "", []posMsg{{sub.nameOff, "unable to substitute variable or numeric expression: overflow error"}}
	}
	return v.String(), nil
}

func indexFold(s, sub string, fold bool) int {
	if !fold {
		return strings.Index(s, sub)
	}
	ls, lsub := asciiLower(s), asciiLower(sub)
	return strings.Index(ls, lsub)
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerByte(c)
	}
	return string(b)
}
