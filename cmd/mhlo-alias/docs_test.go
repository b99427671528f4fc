package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The documents whose examples TestDocCommands runs. docs/performance.md
// is left out: its commands are the benchmark's (bench/run.sh runs them).
var exampleDocs = []string{
	"README.md",
	"docs/user-guide.md",
	"docs/passes.md",
	"docs/decisions.md",
	"docs/testing.md",
}

// docCommand is one command shown in a document: a line of a code block
// that runs the tool. A command shown after "$ " is followed by the output
// it prints (standard output and standard error), up to a blank line or
// the next "$ "; a line "..." there stands for any number of lines.
type docCommand struct {
	doc  string
	line int
	cmd  string
	out  []string
	// shown is set for a "$ " command, whose output is compared.
	shown bool
}

// toolCommand matches a command line that runs the tool, after optional
// variable assignments.
var toolCommand = regexp.MustCompile(`^(?:[A-Z_]+=\S+ )*(?:mhlo-alias|go run \./cmd/mhlo-alias)(?: |$)`)

// docCommands returns the commands of the code blocks of doc: lines
// indented by four spaces after a blank line, and fenced blocks. A command
// line ending in "|" or "\" goes on on the next line. Lines that run
// other programs (go install, go test, the benchmark) are not commands.
func docCommands(doc string, text []byte) []docCommand {
	var cmds []docCommand
	lines := strings.Split(string(text), "\n")
	inFence, inIndented := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "```") {
			inFence = !inFence
			continue
		}
		switch {
		case inFence:
		case strings.HasPrefix(l, "    ") && (inIndented || i == 0 || strings.TrimSpace(lines[i-1]) == ""):
			inIndented = true
		case trimmed == "":
		default:
			inIndented = false
		}
		if !inFence && !inIndented {
			continue
		}
		shown := strings.HasPrefix(trimmed, "$ ")
		cmd := strings.TrimPrefix(trimmed, "$ ")
		if !toolCommand.MatchString(cmd) || strings.Contains(cmd, "[flags]") {
			continue // not the tool, or its synopsis
		}
		c := docCommand{doc: doc, line: i + 1, shown: shown}
		for (strings.HasSuffix(cmd, "|") || strings.HasSuffix(cmd, `\`)) && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
		}
		c.cmd = strings.Replace(cmd, "go run ./cmd/mhlo-alias", "mhlo-alias", 1)
		if shown {
			for i+1 < len(lines) {
				next := strings.TrimSpace(lines[i+1])
				if next == "" || strings.HasPrefix(next, "$ ") || strings.HasPrefix(next, "```") {
					break
				}
				i++
				c.out = append(c.out, strings.TrimPrefix(strings.TrimRight(lines[i], " "), indentOf(l)))
			}
		}
		cmds = append(cmds, c)
	}
	return cmds
}

func indentOf(l string) string {
	return l[:len(l)-len(strings.TrimLeft(l, " "))]
}

// matchOutput reports whether got (lines) is want, where a want line
// "..." stands for any number of lines.
func matchOutput(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchOutput(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && want[0] == got[0] && matchOutput(want[1:], got[1:])
}

// mayDiffer reports whether a command's exit status 1 says "something
// differs" or "a gate failed" rather than that the example broke.
func mayDiffer(cmd string) bool {
	for _, f := range strings.Fields(cmd) {
		if f == "-d" || f == "-l" || f == "--diff" || f == "--unused-donors=error" {
			return true
		}
	}
	return false
}

// TestDocCommands runs every command that the README and the guides show
// (see exampleDocs), in a directory holding the files they name
// (testdata/docs, and a copy of the repository's testdata), with the
// tool on PATH. A command shown with its output must print that output;
// every command must exit 0, or 1 where 1 reports a difference or a
// failed gate (-d, -l, --unused-donors=error). /var/tmp/neuron-compile-cache
// is the directory var/tmp/neuron-compile-cache of the fixtures.
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := toolBinary(t)
	root := filepath.Join("..", "..")
	work := t.TempDir()
	if err := os.CopyFS(work, os.DirFS(filepath.Join(root, "testdata", "docs"))); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"examples", "hlo", "proto"} {
		if err := os.CopyFS(filepath.Join(work, "testdata", sub), os.DirFS(filepath.Join(root, "testdata", sub))); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	total := 0
	for _, doc := range exampleDocs {
		text, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range docCommands(doc, text) {
			total++
			cmd := strings.ReplaceAll(c.cmd, "/var/tmp/", "var/tmp/")
			// A pipe into a program this machine lacks (jq, less) runs
			// without it.
			if i := unquotedPipe(cmd); i > 0 {
				prog := strings.Fields(cmd[i+1:])
				if len(prog) > 0 {
					if _, err := exec.LookPath(prog[0]); err != nil {
						t.Logf("%s:%d: %s is not installed; running the command before the pipe", c.doc, c.line, prog[0])
						cmd = cmd[:i]
					}
				}
			}
			// Each command gets a fresh copy of the files it may rewrite.
			dir := filepath.Join(t.TempDir(), "w")
			if err := os.CopyFS(dir, os.DirFS(work)); err != nil {
				t.Fatal(err)
			}
			sh := exec.Command("bash", "-c", cmd+" 2>&1")
			sh.Dir = dir
			sh.Env = append(os.Environ(), "PATH="+path, "NO_COLOR=", "FORCE_COLOR=")
			out, err := sh.Output()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatalf("%s:%d: %v", c.doc, c.line, err)
			}
			got := strings.ReplaceAll(strings.TrimRight(string(out), "\n"), "var/tmp/", "/var/tmp/")
			okCode := code == 0 || code == 1 && (mayDiffer(cmd) || c.shown)
			if !okCode {
				t.Errorf("%s:%d: %s\nexit %d:\n%s", c.doc, c.line, c.cmd, code, got)
				continue
			}
			if c.shown && !matchOutput(c.out, lines(got)) {
				t.Errorf("%s:%d: %s\nthe document shows:\n%s\nthe command prints:\n%s", c.doc, c.line, c.cmd, strings.Join(c.out, "\n"), got)
			}
		}
	}
	if total < 40 {
		t.Errorf("found %d commands in the documents; the extraction is broken", total)
	}
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, strings.TrimRight(sc.Text(), " "))
	}
	return out
}

// TestDocLitExamples checks that every lit example of the documents (a
// fenced mlir block with RUN lines) is a file of testdata/mlir/docs, byte
// for byte, so that both lit runners (go test's and LLVM's, in CI) run it.
func TestDocLitExamples(t *testing.T) {
	root := filepath.Join("..", "..")
	files := map[string]bool{}
	entries, _ := os.ReadDir(filepath.Join(root, "testdata", "mlir", "docs"))
	for _, e := range entries {
		files[e.Name()] = false
	}
	found := 0
	for _, doc := range exampleDocs {
		text, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range fencedBlocks(text, "mlir") {
			if !bytes.Contains(block, []byte("// RUN:")) {
				continue
			}
			found++
			matched := false
			for name := range files {
				b, err := os.ReadFile(filepath.Join(root, "testdata", "mlir", "docs", name))
				if err == nil && bytes.Equal(b, block) {
					files[name] = true
					matched = true
				}
			}
			if !matched {
				t.Errorf("%s: a lit example is not a file of testdata/mlir/docs:\n%s", doc, block)
			}
		}
	}
	if found == 0 {
		t.Error("no lit example found in the documents")
	}
	for name, used := range files {
		if !used {
			t.Errorf("testdata/mlir/docs/%s is no document's example", name)
		}
	}
}

// fencedBlocks returns the text of each block fenced with ```lang.
func fencedBlocks(text []byte, lang string) [][]byte {
	var blocks [][]byte
	var cur *bytes.Buffer
	for _, l := range strings.SplitAfter(string(text), "\n") {
		t := strings.TrimSpace(l)
		switch {
		case cur == nil && t == "```"+lang:
			cur = &bytes.Buffer{}
		case cur != nil && t == "```":
			blocks = append(blocks, cur.Bytes())
			cur = nil
		case cur != nil:
			cur.WriteString(l)
		}
	}
	return blocks
}

// unquotedPipe returns the offset of the first "|" of cmd outside quotes,
// or -1.
func unquotedPipe(cmd string) int {
	var quote byte
	for i := 0; i < len(cmd); i++ {
		switch c := cmd[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '|':
			return i
		}
	}
	return -1
}
