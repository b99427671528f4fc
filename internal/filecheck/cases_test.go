package filecheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A testCase is one FileCheck invocation from testdata/filecheck/*.cases.
//
// The case file format is line based:
//
//	=== name
//	args: --check-prefix=FOO --strict-whitespace
//	exit: 1
//	loose: reason the diagnostics text may differ from LLVM's
//	checkfile: name passed instead of check.txt
//	exit-llvm14: exit code of LLVM releases before 19, where it differs
//	--- check
//	CHECK: foo
//	--- input [noeol] [crlf] [empty]
//	foo
//
// Section bodies run to the next "---" or "===" line and keep their final
// newline unless "noeol" is given. "crlf" turns line feeds into CRLF.
// "empty" makes the section empty. The check file is passed as "check.txt";
// the input is piped on stdin unless args mention --input-file, in which
// case it is also written as "input.txt".
type testCase struct {
	file  string
	line  int
	name  string
	args  []string
	exit  int
	loose string
	// exitOld is the exit code of LLVM releases before 19, if different.
	exitOld *int
	// checkFile overrides the check file argument.
	checkFile string
	check     []byte
	input     []byte
}

const casesDir = "../../testdata/filecheck"

// loadCases reads every case file under testdata/filecheck.
func loadCases(t *testing.T) []*testCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(casesDir, "*.cases"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var all []*testCase
	seen := map[string]bool{}
	for _, f := range files {
		cases, err := parseCaseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			if seen[c.name] {
				t.Fatalf("%s:%d: duplicate case name %q", c.file, c.line, c.name)
			}
			seen[c.name] = true
		}
		all = append(all, cases...)
	}
	if len(all) == 0 {
		t.Fatalf("no cases found in %s", casesDir)
	}
	return all
}

// caseParser holds the state while reading one case file.
type caseParser struct {
	file    string
	cases   []*testCase
	cur     *testCase
	section *bytes.Buffer
	flags   string
}

func parseCaseFile(path string) ([]*testCase, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p := &caseParser{file: filepath.Base(path)}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if err := p.line(sc.Text(), n); err != nil {
			return nil, err
		}
	}
	p.finishSection()
	return p.cases, sc.Err()
}

func (p *caseParser) line(l string, n int) error {
	switch {
	case strings.HasPrefix(l, "=== "):
		p.finishSection()
		p.cur = &testCase{file: p.file, line: n, name: strings.TrimSpace(l[4:])}
		p.cases = append(p.cases, p.cur)
		return nil
	case p.cur == nil:
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			return nil
		}
		return fmt.Errorf("%s:%d: text before the first case", p.file, n)
	case strings.HasPrefix(l, "--- "):
		p.finishSection()
		fields := strings.Fields(l[4:])
		p.section = &bytes.Buffer{}
		p.flags = strings.Join(fields, " ")
		return nil
	case p.section != nil:
		p.section.WriteString(l + "\n")
		return nil
	}
	return p.header(l, n)
}

func (p *caseParser) header(l string, n int) error {
	key, val, ok := strings.Cut(l, ":")
	val = strings.TrimSpace(val)
	switch {
	case strings.TrimSpace(l) == "":
		return nil
	case !ok:
		return fmt.Errorf("%s:%d: expected 'key: value'", p.file, n)
	case key == "args":
		args, err := splitArgs(val)
		p.cur.args = args
		return err
	case key == "exit":
		code, err := strconv.Atoi(val)
		p.cur.exit = code
		return err
	case key == "exit-llvm14":
		code, err := strconv.Atoi(val)
		p.cur.exitOld = &code
		return err
	case key == "loose":
		p.cur.loose = val
		return nil
	case key == "checkfile":
		p.cur.checkFile = val
		return nil
	}
	return fmt.Errorf("%s:%d: unknown key %q", p.file, n, key)
}

func (p *caseParser) finishSection() {
	if p.section == nil {
		return
	}
	fields := strings.Fields(p.flags)
	body := p.section.Bytes()
	for _, f := range fields[1:] {
		switch f {
		case "noeol":
			body = bytes.TrimSuffix(body, []byte("\n"))
		case "crlf":
			body = bytes.ReplaceAll(body, []byte("\n"), []byte("\r\n"))
		case "empty":
			body = nil
		}
	}
	switch fields[0] {
	case "check":
		p.cur.check = body
	case "input":
		p.cur.input = body
	}
	p.section = nil
}

// splitArgs splits a command line on blanks, honouring single and double
// quotes.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inArg, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inArg = c, true
		case c == ' ' || c == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated quote in %q", s)
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args, nil
}

// usesInputFile reports whether the case reads its input from input.txt.
func (c *testCase) usesInputFile() bool {
	for _, a := range c.args {
		if strings.Contains(a, "input-file") {
			return true
		}
	}
	return false
}

// setup writes the case's files into a new temporary directory.
func (c *testCase) setup(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "check.txt"), c.check, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input.txt"), c.input, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// cmdArgs returns the arguments to pass to a FileCheck for this case.
func (c *testCase) cmdArgs() []string {
	name := "check.txt"
	if c.checkFile != "" {
		name = c.checkFile
	}
	return append([]string{name}, c.args...)
}

// stdin returns the input to pipe to FileCheck.
func (c *testCase) stdin() []byte {
	if c.usesInputFile() {
		return nil
	}
	return c.input
}

// firstError returns the location part ("file:line:col") of the first
// line of diagnostics that reports an error, or the whole line when it has
// no location.
func firstError(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if i := strings.Index(l, ": error: "); i >= 0 {
			return l[:i]
		}
		if strings.HasPrefix(l, "error: ") {
			return l
		}
	}
	return ""
}
