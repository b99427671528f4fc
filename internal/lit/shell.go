package lit

import (
	"fmt"
	"strings"
)

// This file implements the parser of the small shell language used in RUN
// lines, following lit's internal shell (ShUtil.py): commands with
// arguments and redirections, joined by "|" into pipelines, and pipelines
// joined left to right by ";", "&&" and "||", all of equal precedence.

// token is a lexed word or operator.
type token struct {
	op   string // operator, or "" for a word
	fd   int    // file descriptor of a redirection operator, -1 if none
	word string
	glob bool // the word has unquoted glob characters
}

// redirect is one redirection of a command.
type redirect struct {
	op     string // ">", ">>", "<", ">&", "&>"
	fd     int    // redirected descriptor, -1 for the operator's default
	target string
}

// simpleCommand is a command with its arguments and redirections.
type simpleCommand struct {
	args      []string
	globs     []bool
	redirects []redirect
}

// pipeline is commands joined by "|".
type pipeline struct {
	cmds []*simpleCommand
}

// list is pipelines joined by operators, evaluated left to right.
type list struct {
	first *pipeline
	rest  []listItem
}

type listItem struct {
	op   string // ";", "&&" or "||"
	pipe *pipeline
}

// lexer splits a command line into tokens.
type lexer struct {
	s   string
	pos int
}

func lexCommand(s string) ([]token, error) {
	l := &lexer{s: s}
	var toks []token
	for {
		l.skipSpace()
		if l.pos >= len(l.s) {
			return toks, nil
		}
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
	}
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.s) && (l.s[l.pos] == ' ' || l.s[l.pos] == '\t') {
		l.pos++
	}
}

func (l *lexer) eat(s string) bool {
	if strings.HasPrefix(l.s[l.pos:], s) {
		l.pos += len(s)
		return true
	}
	return false
}

func (l *lexer) next() (token, error) {
	for _, op := range []string{"||", "&&", "&>", ">&", ">>", "|", ";", ">", "<", "&"} {
		if l.eat(op) {
			if op == "&" {
				return token{}, fmt.Errorf("background commands ('&') are not supported")
			}
			return token{op: op, fd: -1}, nil
		}
	}
	// A number directly followed by a redirection names a descriptor.
	start := l.pos
	for l.pos < len(l.s) && l.s[l.pos] >= '0' && l.s[l.pos] <= '9' {
		l.pos++
	}
	if l.pos > start && l.pos < len(l.s) && (l.s[l.pos] == '>' || l.s[l.pos] == '<') {
		fd := 0
		fmt.Sscan(l.s[start:l.pos], &fd)
		for _, op := range []string{">&", ">>", ">", "<"} {
			if l.eat(op) {
				return token{op: op, fd: fd}, nil
			}
		}
	}
	l.pos = start
	return l.word()
}

func isWordEnd(c byte) bool { return strings.IndexByte(" \t|&;<>", c) >= 0 }

func (l *lexer) word() (token, error) {
	var b strings.Builder
	glob := false
	for l.pos < len(l.s) && !isWordEnd(l.s[l.pos]) {
		c := l.s[l.pos]
		l.pos++
		switch c {
		case '\'':
			end := strings.IndexByte(l.s[l.pos:], '\'')
			if end < 0 {
				return token{}, fmt.Errorf("missing closing quote in %q", l.s)
			}
			b.WriteString(l.s[l.pos : l.pos+end])
			l.pos += end + 1
		case '"':
			if err := l.doubleQuoted(&b); err != nil {
				return token{}, err
			}
		case '\\':
			if l.pos < len(l.s) {
				b.WriteByte(l.s[l.pos])
				l.pos++
			}
		default:
			glob = glob || strings.IndexByte("*?[", c) >= 0
			b.WriteByte(c)
		}
	}
	return token{word: b.String(), fd: -1, glob: glob}, nil
}

func (l *lexer) doubleQuoted(b *strings.Builder) error {
	for l.pos < len(l.s) {
		c := l.s[l.pos]
		l.pos++
		switch {
		case c == '"':
			return nil
		case c == '\\' && l.pos < len(l.s) && strings.IndexByte("\"\\$`", l.s[l.pos]) >= 0:
			b.WriteByte(l.s[l.pos])
			l.pos++
		default:
			b.WriteByte(c)
		}
	}
	return fmt.Errorf("missing closing quote in %q", l.s)
}

// parseList parses a whole command line.
func parseList(s string) (*list, error) {
	toks, err := lexCommand(s)
	if err != nil {
		return nil, err
	}
	p := &shParser{toks: toks}
	first, err := p.pipeline()
	if err != nil {
		return nil, err
	}
	l := &list{first: first}
	for p.pos < len(p.toks) {
		op := p.toks[p.pos].op
		if op != ";" && op != "&&" && op != "||" {
			return nil, fmt.Errorf("unexpected %q", op)
		}
		p.pos++
		if p.pos == len(p.toks) {
			return nil, fmt.Errorf("missing argument to operator %q", op)
		}
		pipe, err := p.pipeline()
		if err != nil {
			return nil, err
		}
		l.rest = append(l.rest, listItem{op: op, pipe: pipe})
	}
	return l, nil
}

type shParser struct {
	toks []token
	pos  int
}

func (p *shParser) pipeline() (*pipeline, error) {
	pl := &pipeline{}
	for {
		cmd, err := p.command()
		if err != nil {
			return nil, err
		}
		pl.cmds = append(pl.cmds, cmd)
		if p.pos < len(p.toks) && p.toks[p.pos].op == "|" {
			p.pos++
			continue
		}
		return pl, nil
	}
}

func (p *shParser) command() (*simpleCommand, error) {
	if p.pos >= len(p.toks) || p.toks[p.pos].op != "" {
		return nil, fmt.Errorf("empty command")
	}
	cmd := &simpleCommand{}
	for p.pos < len(p.toks) {
		t := p.toks[p.pos]
		switch t.op {
		case "":
			cmd.args = append(cmd.args, t.word)
			cmd.globs = append(cmd.globs, t.glob)
			p.pos++
		case ">", ">>", "<", ">&", "&>":
			p.pos++
			if p.pos >= len(p.toks) || p.toks[p.pos].op != "" {
				return nil, fmt.Errorf("missing target of redirection %q", t.op)
			}
			cmd.redirects = append(cmd.redirects, redirect{op: t.op, fd: t.fd, target: p.toks[p.pos].word})
			p.pos++
		default:
			return cmd, nil
		}
	}
	return cmd, nil
}
