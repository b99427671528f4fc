package lit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// command is one RUN command after joining continuation lines.
type command struct {
	line int    // line of the first RUN: line of the command
	text string // the command before substitutions
}

// script is what a test file declares.
type script struct {
	commands    []command
	requires    []string
	unsupported []string
	xfail       []string
}

var keywordRE = regexp.MustCompile(`(RUN|REQUIRES|UNSUPPORTED|XFAIL|END\.):(.*)`)

// parseScript extracts RUN lines and test conditions from a test file, the
// way lit's integrated test format does: a keyword can appear anywhere on a
// line (usually after a comment leader like "//" or "#"), and a RUN line
// ending in a backslash continues on the next RUN line.
func parseScript(path string) (*script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := &script{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for n := 1; sc.Scan(); n++ {
		m := keywordRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		if m[1] == "END." {
			if strings.TrimSpace(m[2]) == "" {
				break
			}
			continue
		}
		if err := s.add(m[1], strings.TrimRight(m[2], " \t\r"), n); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if k := len(s.commands); k > 0 && strings.HasSuffix(s.commands[k-1].text, "\\") {
		return nil, fmt.Errorf("%s:%d: RUN line ends with a continuation backslash", path, s.commands[k-1].line)
	}
	return s, nil
}

func (s *script) add(keyword, value string, line int) error {
	switch keyword {
	case "RUN":
		value = strings.ReplaceAll(value, "%(line)", fmt.Sprint(line))
		if k := len(s.commands); k > 0 && strings.HasSuffix(s.commands[k-1].text, "\\") {
			prev := &s.commands[k-1]
			prev.text = strings.TrimSuffix(prev.text, "\\") + value
			return nil
		}
		s.commands = append(s.commands, command{line: line, text: value})
	case "REQUIRES":
		return appendExprs(&s.requires, value)
	case "UNSUPPORTED":
		return appendExprs(&s.unsupported, value)
	case "XFAIL":
		return appendExprs(&s.xfail, value)
	}
	return nil
}

// appendExprs splits a comma-separated list of feature expressions and
// checks that each parses.
func appendExprs(dst *[]string, value string) error {
	for _, e := range strings.Split(value, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		if e != "*" {
			if _, err := evalFeatureExpr(e, nil); err != nil {
				return err
			}
		}
		*dst = append(*dst, e)
	}
	return nil
}

// substitute applies lit's default substitutions to a command: %s (test
// path), %S and %p (its directory), %t (a per-test temporary path), %T (the
// temporary directory), %basename_t, %{pathsep} and %% (a literal %), then
// the configured substitutions in order.
func substitute(text string, v *vars, extra []Substitution) string {
	const marker = "\x00PERCENT\x00"
	pairs := []string{
		"%%", marker,
		"%basename_t", v.basenameT,
		"%{pathsep}", string(os.PathListSeparator),
		"%s", v.source,
		"%S", v.sourceDir,
		"%p", v.sourceDir,
		"%t", v.tmpBase,
		"%T", v.tmpDir,
	}
	out := replaceInOrder(text, pairs)
	for _, sub := range extra {
		out = sub.apply(out)
	}
	return strings.ReplaceAll(out, marker, "%")
}

// replaceInOrder applies each (from, to) pair in turn.
func replaceInOrder(s string, pairs []string) string {
	for i := 0; i < len(pairs); i += 2 {
		s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
	}
	return s
}

// vars are the values of the default substitutions for one test.
type vars struct {
	source, sourceDir          string
	tmpBase, tmpDir, basenameT string
}

// Substitution replaces occurrences of From in RUN lines with To. When
// WordBoundary is set, only whole words (not preceded or followed by a
// letter, digit, '_', '-' or '.') are replaced, like lit's ToolSubst.
type Substitution struct {
	From, To     string
	WordBoundary bool
}

func (s Substitution) apply(text string) string {
	if !s.WordBoundary {
		return strings.ReplaceAll(text, s.From, s.To)
	}
	var b strings.Builder
	for {
		i := strings.Index(text, s.From)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := i + len(s.From)
		if (i > 0 && isToolChar(text[i-1])) || (end < len(text) && isToolChar(text[end])) {
			b.WriteString(text[:end])
		} else {
			b.WriteString(text[:i])
			b.WriteString(s.To)
		}
		text = text[end:]
	}
}

func isToolChar(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '/' || (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}
