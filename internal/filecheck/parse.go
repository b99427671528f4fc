package filecheck

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// checkString is one positive directive with the CHECK-DAG/CHECK-NOT
// directives that precede it, like LLVM's FileCheckString.
type checkString struct {
	pat     *pattern
	prefix  string
	loc     int // offset of the pattern in the check source
	dagNots []dagNot
}

// dagNot is a CHECK-DAG or CHECK-NOT pattern with the prefix it used.
type dagNot struct {
	pat    *pattern
	prefix string
}

var (
	defaultCheckPrefixes   = []string{"CHECK"}
	defaultCommentPrefixes = []string{"COM", "RUN"}
	validPrefix            = regexp.MustCompile(`^[a-zA-Z0-9_-]*$`)
)

func isPartOfWord(c byte) bool { return isAlpha(c) || isDigit(c) || c == '-' || c == '_' }

// validatePrefixes mirrors FileCheck::ValidateCheckPrefixes.
func validatePrefixes(opts *Options, stderr io.Writer) bool {
	unique := map[string]bool{}
	if len(opts.CheckPrefixes) == 0 {
		for _, p := range defaultCheckPrefixes {
			unique[p] = true
		}
	}
	if len(opts.CommentPrefixes) == 0 {
		for _, p := range defaultCommentPrefixes {
			unique[p] = true
		}
	}
	check := func(kind string, prefixes []string) bool {
		for _, p := range prefixes {
			switch {
			case p == "":
				fmt.Fprintf(stderr, "error: supplied %s prefix must not be the empty string\n", kind)
				return false
			case !validPrefix.MatchString(p):
				fmt.Fprintf(stderr, "error: supplied %s prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '%s'\n", kind, p)
				return false
			case unique[p]:
				fmt.Fprintf(stderr, "error: supplied %s prefix must be unique among check and comment prefixes: '%s'\n", kind, p)
				return false
			}
			unique[p] = true
		}
		return true
	}
	return check("check", opts.CheckPrefixes) && check("comment", opts.CommentPrefixes)
}

// findCheckType classifies the directive starting with prefix at text[pos:].
// It returns the type and the offset just after the directive's suffix.
func findCheckType(text string, pos int, prefix string, comment bool) (checkType, int) {
	none := checkType{kind: ckNone}
	if len(text)-pos <= len(prefix) {
		return none, -1
	}
	i := pos + len(prefix)
	if comment {
		if text[i] == ':' {
			return checkType{kind: ckComment}, i + 1
		}
		return none, -1
	}
	if text[i] == ':' {
		return checkType{kind: ckPlain, count: 1}, i + 1
	}
	if text[i] == '{' {
		return consumeModifiers(text, i, checkType{kind: ckPlain, count: 1})
	}
	misspelled := false
	switch text[i] {
	case '_':
		misspelled = true
	case '-':
	default:
		return none, -1
	}
	ty, end := findSuffix(text, i+1)
	if misspelled && ty.kind != ckNone {
		return checkType{kind: ckMisspelled}, end
	}
	return ty, end
}

// findSuffix parses what follows "PREFIX-".
func findSuffix(text string, i int) (checkType, int) {
	rest := text[i:]
	if strings.HasPrefix(rest, "COUNT-") {
		return parseCount(text, i+len("COUNT-"))
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if strings.HasPrefix(rest, bad) {
			return checkType{kind: ckBadNot}, i
		}
	}
	suffixes := []struct {
		name string
		kind checkKind
	}{{"NEXT", ckNext}, {"SAME", ckSame}, {"NOT", ckNot}, {"DAG", ckDAG}, {"LABEL", ckLabel}, {"EMPTY", ckEmpty}}
	for _, s := range suffixes {
		if strings.HasPrefix(rest, s.name) {
			return consumeModifiers(text, i+len(s.name), checkType{kind: s.kind, count: 1})
		}
	}
	return checkType{kind: ckNone}, i
}

func parseCount(text string, i int) (checkType, int) {
	bad := checkType{kind: ckBadCount}
	j := i
	if j < len(text) && text[j] == '-' {
		j++
	}
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	n, err := strconv.ParseInt(text[i:j], 10, 64)
	if err != nil || text[i:j] == "-" {
		return bad, i
	}
	if n <= 0 || n > 1<<31-1 {
		return bad, j
	}
	if j >= len(text) || (text[j] != ':' && text[j] != '{') {
		return bad, j
	}
	return consumeModifiers(text, j, checkType{kind: ckPlain, count: int(n)})
}

// consumeModifiers parses ":" or "{LITERAL,...}:" at text[i:].
func consumeModifiers(text string, i int, ty checkType) (checkType, int) {
	if i < len(text) && text[i] == ':' {
		return ty, i + 1
	}
	if i >= len(text) || text[i] != '{' {
		return checkType{kind: ckNone}, -1
	}
	i++
	for {
		i = skipSpace(text, i)
		if !strings.HasPrefix(text[i:], "LITERAL") {
			return checkType{kind: ckNone}, i
		}
		ty.literal = true
		i = skipSpace(text, i+len("LITERAL"))
		if i < len(text) && text[i] == ',' {
			i++
			continue
		}
		break
	}
	if !strings.HasPrefix(text[i:], "}:") {
		return checkType{kind: ckNone}, i
	}
	return ty, i + 2
}

func skipSpace(text string, i int) int {
	for i < len(text) && strings.IndexByte(" \t\n\v\f\r", text[i]) >= 0 {
		i++
	}
	return i
}

// prefixMatcher finds the earliest occurrence of any prefix, preferring
// the longest prefix on ties.
type prefixMatcher struct {
	text     string
	prefixes []string
	comment  map[string]bool
}

func newPrefixMatcher(text string, check, comment []string) *prefixMatcher {
	m := &prefixMatcher{text: text, comment: map[string]bool{}}
	m.prefixes = append(append(m.prefixes, check...), comment...)
	for _, c := range comment {
		m.comment[c] = true
	}
	sort.SliceStable(m.prefixes, func(a, b int) bool { return len(m.prefixes[a]) > len(m.prefixes[b]) })
	return m
}

func (m *prefixMatcher) match(from int) (string, int) {
	best, bestPos := "", -1
	for _, p := range m.prefixes {
		i := strings.Index(m.text[from:], p)
		if i >= 0 && (bestPos < 0 || from+i < bestPos) {
			best, bestPos = p, from+i
		}
	}
	return best, bestPos
}

// directive is one directive found in the check file.
type directive struct {
	prefix    string
	prefixPos int
	ty        checkType
	after     int // offset just after the directive's suffix
}

// nextDirective finds the next valid directive at or after from.
func (m *prefixMatcher) nextDirective(from int) (directive, bool) {
	for from < len(m.text) {
		prefix, pos := m.match(from)
		if pos < 0 {
			return directive{}, false
		}
		if pos == from || !isPartOfWord(m.text[pos-1]) {
			ty, after := findCheckType(m.text, pos, prefix, m.comment[prefix])
			if ty.kind != ckNone {
				return directive{prefix: prefix, prefixPos: pos, ty: ty, after: after}, true
			}
		}
		from = pos + len(prefix)
		for from < len(m.text) && isPartOfWord(m.text[from]) {
			from++
		}
	}
	return directive{}, false
}

// checkFile is the parsed check file.
type checkFile struct {
	checks []checkString
}

// readCheckFile parses the (canonicalized) check file, like
// FileCheck::readCheckFile.
func readCheckFile(ctx *context, src *source, opts *Options, stderr io.Writer) (*checkFile, error) {
	if err := defineCmdlineVars(ctx, opts, stderr); err != nil {
		return nil, err
	}
	ctx.createLineVariable()
	implicit, err := implicitNots(ctx, opts, stderr)
	if err != nil {
		return nil, err
	}
	checkPrefixes := opts.CheckPrefixes
	defaultPrefix := len(checkPrefixes) == 0
	if defaultPrefix {
		checkPrefixes = defaultCheckPrefixes
	}
	commentPrefixes := opts.CommentPrefixes
	if len(commentPrefixes) == 0 {
		commentPrefixes = defaultCommentPrefixes
	}
	notFound := map[string]bool{}
	for _, p := range checkPrefixes {
		notFound[p] = true
	}
	distinct := len(notFound)
	cf := &checkFile{}
	dagNots := append([]dagNot(nil), implicit...)
	m := newPrefixMatcher(src.text, checkPrefixes, commentPrefixes)
	text := src.text
	pos := 0
	for {
		d, ok := m.nextDirective(pos)
		if !ok {
			break
		}
		if d.ty.kind != ckComment {
			delete(notFound, d.prefix)
		}
		pos = d.after
		if d.after < 0 || d.after >= len(text) {
			// LLVM resumes right after the prefix when nothing follows
			// the directive's suffix.
			pos = d.prefixPos + len(d.prefix)
		}
		if err := directiveError(d, src, pos, stderr); err != nil {
			return nil, err
		}
		if !(opts.StrictWhitespace && opts.MatchFullLines) {
			for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t') {
				pos++
			}
		}
		eol := pos
		for eol < len(text) && text[eol] != '\n' && text[eol] != '\r' {
			eol++
		}
		patStart := pos
		pos = eol
		if d.ty.kind == ckComment {
			continue
		}
		p, err := parsePattern(ctx, src, patStart, eol, d.ty, d.prefix, opts, stderr)
		if err != nil {
			return nil, err
		}
		if d.ty.kind == ckLabel && p.hasVariable() {
			printDiag(stderr, src, d.prefixPos, kindError, "found '"+d.prefix+"-LABEL:' with variable definition or use")
			return nil, errSetup
		}
		if (d.ty.kind == ckNext || d.ty.kind == ckSame || d.ty.kind == ckEmpty) && len(cf.checks) == 0 {
			name := map[checkKind]string{ckNext: "NEXT", ckSame: "SAME", ckEmpty: "EMPTY"}[d.ty.kind]
			printDiag(stderr, src, d.prefixPos, kindError, "found '"+d.prefix+"-"+name+"' without previous '"+d.prefix+": line")
			return nil, errSetup
		}
		if d.ty.kind == ckDAG || d.ty.kind == ckNot {
			dagNots = append(dagNots, dagNot{pat: p, prefix: d.prefix})
			continue
		}
		cf.checks = append(cf.checks, checkString{pat: p, prefix: d.prefix, loc: patStart, dagNots: dagNots})
		dagNots = append([]dagNot(nil), implicit...)
	}
	noneFound := len(notFound) == distinct
	unused := !opts.AllowUnusedPrefixes && len(notFound) > 0
	if (noneFound || unused) && (len(implicit) == 0 || !defaultPrefix) {
		reportMissingPrefixes(stderr, notFound)
		return nil, errSetup
	}
	if len(dagNots) > 0 {
		eof := &pattern{ty: checkType{kind: ckEOF, count: 1}, src: src, loc: pos, ctx: ctx}
		cf.checks = append(cf.checks, checkString{pat: eof, prefix: checkPrefixes[0], loc: pos, dagNots: dagNots})
	}
	return cf, nil
}

func reportMissingPrefixes(stderr io.Writer, notFound map[string]bool) {
	var names []string
	for p := range notFound {
		names = append(names, "'"+p+":'")
	}
	sort.Strings(names)
	plural := " "
	if len(names) > 1 {
		plural = "es "
	}
	fmt.Fprintf(stderr, "error: no check strings found with prefix%s%s\n", plural, strings.Join(names, ", "))
}

// directiveError reports malformed directives; pos is where scanning
// resumes after the directive.
func directiveError(d directive, src *source, pos int, stderr io.Writer) error {
	switch d.ty.kind {
	case ckMisspelled:
		printDiag(stderr, src, d.prefixPos, kindError, "misspelled directive '"+src.text[d.prefixPos:d.after]+"'")
	case ckBadNot:
		printDiag(stderr, src, pos, kindError, "unsupported -NOT combo on prefix '"+d.prefix+"'")
	case ckBadCount:
		printDiag(stderr, src, pos, kindError, "invalid count in -COUNT specification on prefix '"+d.prefix+"'")
	default:
		return nil
	}
	return errSetup
}

// implicitNots parses the --implicit-check-not patterns, each in its own
// "command line" buffer as LLVM does.
func implicitNots(ctx *context, opts *Options, stderr io.Writer) ([]dagNot, error) {
	var out []dagNot
	for _, pat := range opts.ImplicitCheckNot {
		const head = "-implicit-check-not='"
		src := &source{name: "command line", text: head + pat + "'"}
		p, err := parsePattern(ctx, src, len(head), len(head)+len(pat), checkType{kind: ckNot, count: 1}, "IMPLICIT-CHECK", opts, stderr)
		if se := (*setupError)(nil); errors.As(err, &se) && se.code != 2 {
			return nil, err
		}
		// LLVM reports other parse errors of these patterns but goes on
		// with what it parsed.
		out = append(out, dagNot{pat: p, prefix: "IMPLICIT-CHECK"})
	}
	return out, nil
}

// defineCmdlineVars applies -D NAME=VALUE and -D#NAME=EXPR definitions,
// like FileCheckPatternContext::defineCmdlineVariables: diagnostics point
// into a "Global defines" buffer listing the definitions, and every
// definition is checked before failing.
func defineCmdlineVars(ctx *context, opts *Options, stderr io.Writer) error {
	for _, def := range opts.Defines {
		eq := strings.IndexByte(def, '=')
		switch {
		case eq < 0:
			fmt.Fprintf(stderr, "Missing equal sign in command-line definition '-D%s'\n", def)
			return errSetup
		case eq == 0:
			fmt.Fprintf(stderr, "Missing variable name in command-line definition '-D%s'\n", def)
			return errSetup
		}
	}
	if len(opts.Defines) == 0 {
		return nil
	}
	var buf strings.Builder
	starts := make([]int, len(opts.Defines))
	for i, def := range opts.Defines {
		fmt.Fprintf(&buf, "Global define #%d: ", i+1)
		if strings.HasPrefix(def, "#") {
			eq := strings.IndexByte(def, '=')
			buf.WriteString(def + " (parsed as: [[")
			starts[i] = buf.Len()
			buf.WriteString(def[:eq] + ":" + def[eq+1:] + "]])\n")
			continue
		}
		starts[i] = buf.Len()
		buf.WriteString(def + "\n")
	}
	src := &source{name: "Global defines", text: buf.String()}
	pp := &patternParser{p: &pattern{src: src, ctx: ctx}, opts: opts, stderr: stderr}
	failed := false
	for i, def := range opts.Defines {
		if strings.HasPrefix(def, "#") {
			if !defineNumericVar(pp, def, starts[i]) {
				failed = true
			}
			continue
		}
		name, value, _ := strings.Cut(def, "=")
		parsed, pseudo, rest, err := pp.parseVariable(name, starts[i])
		switch {
		case err != nil:
		case pseudo || rest != "":
			err = pp.errorDiag(starts[i], "invalid name in string variable definition '"+name+"'")
		case ctx.nums[parsed] != nil:
			err = pp.errorDiag(starts[i], "numeric variable with name '"+parsed+"' already exists")
		}
		if err != nil {
			failed = true
			continue
		}
		if _, ok := ctx.vars[name]; !ok {
			ctx.vars[name] = value
		}
		ctx.defined[name] = true
	}
	if failed {
		return errSetup
	}
	return nil
}

// defineNumericVar applies one -D#NAME=EXPR definition, whose "NAME:EXPR"
// form is at offset off of the parser's source, and reports whether it
// succeeded.
func defineNumericVar(pp *patternParser, def string, off int) bool {
	eq := strings.IndexByte(def, '=')
	ast, v, err := pp.parseNumericBlock(def[1:eq]+":"+def[eq+1:], off+1, false)
	if err != nil {
		return false
	}
	if ast == nil {
		// LLVM crashes on an empty expression.
		fmt.Fprintf(pp.stderr, "Missing numeric value in command-line definition '-D%s'\n", def)
		return false
	}
	val, errs := ast.eval()
	if errs != nil {
		for _, e := range errs {
			io.WriteString(pp.stderr, e.msg+"\n")
		}
		return false
	}
	v.value = val
	pp.p.ctx.nums[v.name] = v
	return true
}
