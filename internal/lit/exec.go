package lit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// waitDelay bounds how long a finished program's I/O copying may linger.
const waitDelay = 10 * time.Second

// shell executes parsed RUN commands for one test.
type shell struct {
	ctx   context.Context
	tools map[string]Tool
	cwd   string
	env   []string // KEY=VALUE, last one wins
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// runList runs a command line and returns its exit status.
func (sh *shell) runList(l *list, stdout, stderr io.Writer) int {
	code := sh.runPipeline(l.first, stdout, stderr)
	for _, item := range l.rest {
		switch {
		case item.op == "&&" && code != 0:
			continue
		case item.op == "||" && code == 0:
			continue
		}
		code = sh.runPipeline(item.pipe, stdout, stderr)
	}
	return code
}

// runPipeline runs the commands of a pipeline concurrently, connected by
// pipes. Like lit (with pipefail), the pipeline fails with the status of
// its last failing command.
func (sh *shell) runPipeline(p *pipeline, stdout, stderr io.Writer) int {
	if len(p.cmds) == 1 {
		if code, ok := sh.runShellBuiltin(p.cmds[0], stderr); ok {
			return code
		}
	}
	n := len(p.cmds)
	codes := make([]int, n)
	var wg sync.WaitGroup
	var in io.Reader = strings.NewReader("")
	for i, cmd := range p.cmds {
		out := stdout
		var pw *io.PipeWriter
		var next *io.PipeReader
		if i < n-1 {
			next, pw = io.Pipe()
			out = pw
		}
		stageIn := in
		wg.Add(1)
		go func(i int, cmd *simpleCommand) {
			defer wg.Done()
			codes[i] = sh.runCommand(cmd, stageIn, out, stderr)
			if pw != nil {
				pw.Close()
			}
			// Unblock a writer feeding this stage if it stopped reading.
			if r, ok := stageIn.(*io.PipeReader); ok {
				r.CloseWithError(io.ErrClosedPipe)
			}
		}(i, cmd)
		if next != nil {
			in = next
		}
	}
	wg.Wait()
	code := 0
	for _, c := range codes {
		if c != 0 {
			code = c
		}
	}
	return code
}

// runShellBuiltin runs cd and export, which change the shell's state and
// are only meaningful as a whole pipeline.
func (sh *shell) runShellBuiltin(cmd *simpleCommand, stderr io.Writer) (int, bool) {
	if len(cmd.args) == 0 {
		return 0, false
	}
	switch cmd.args[0] {
	case "cd":
		if len(cmd.args) != 2 {
			fmt.Fprintln(stderr, "'cd' supports only one argument")
			return 1, true
		}
		dir := sh.abs(cmd.args[1])
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			fmt.Fprintf(stderr, "cd: %s: not a directory\n", cmd.args[1])
			return 1, true
		}
		sh.cwd = dir
		return 0, true
	case "export":
		for _, kv := range cmd.args[1:] {
			if !strings.Contains(kv, "=") {
				fmt.Fprintf(stderr, "export: expected NAME=VALUE, got %q\n", kv)
				return 1, true
			}
			sh.env = append(sh.env, kv)
		}
		return 0, true
	}
	return 0, false
}

func (sh *shell) abs(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(sh.cwd, path)
}

// runCommand runs one command with its redirections applied.
func (sh *shell) runCommand(cmd *simpleCommand, stdin io.Reader, stdout, stderr io.Writer) int {
	args, err := sh.expandGlobs(cmd)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 127
	}
	files, in, out, errOut, err := sh.applyRedirects(cmd.redirects, stdin, stdout, stderr)
	defer closeAll(files)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	negate := false
	for len(args) > 0 && args[0] == "not" {
		negate = !negate
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(errOut, "not: missing command")
		return 1
	}
	code := sh.dispatch(args, in, out, errOut)
	if negate {
		if code == 0 {
			return 1
		}
		return 0
	}
	return code
}

func closeAll(files []*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// expandGlobs expands unquoted glob patterns relative to the working
// directory; a pattern that matches nothing is kept as is.
func (sh *shell) expandGlobs(cmd *simpleCommand) ([]string, error) {
	var out []string
	for i, a := range cmd.args {
		if !cmd.globs[i] || i == 0 {
			out = append(out, a)
			continue
		}
		matches, err := filepath.Glob(sh.abs(a))
		if err != nil {
			return nil, fmt.Errorf("bad glob pattern %q: %v", a, err)
		}
		if len(matches) == 0 {
			out = append(out, a)
			continue
		}
		if !filepath.IsAbs(a) {
			for j, m := range matches {
				if rel, err := filepath.Rel(sh.cwd, m); err == nil {
					matches[j] = rel
				}
			}
		}
		out = append(out, matches...)
	}
	return out, nil
}

// applyRedirects opens redirection targets and returns the streams the
// command should use.
func (sh *shell) applyRedirects(rs []redirect, stdin io.Reader, stdout, stderr io.Writer) ([]*os.File, io.Reader, io.Writer, io.Writer, error) {
	var files []*os.File
	open := func(name string, flag int) (*os.File, error) {
		f, err := os.OpenFile(sh.abs(name), flag, 0o666)
		if err == nil {
			files = append(files, f)
		}
		return f, err
	}
	for _, r := range rs {
		switch {
		case r.op == "<":
			f, err := open(r.target, os.O_RDONLY)
			if err != nil {
				return files, nil, nil, nil, err
			}
			stdin = f
		case r.op == ">&" && r.target == "1" && r.fd == 2:
			stderr = stdout
		case r.op == ">&" && r.target == "2" && (r.fd == 1 || r.fd == -1):
			stdout = stderr
		case r.op == ">&" && r.fd == -1, r.op == "&>":
			f, err := open(r.target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
			if err != nil {
				return files, nil, nil, nil, err
			}
			stdout, stderr = f, f
		case r.op == ">" || r.op == ">>":
			flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if r.op == ">>" {
				flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
			}
			f, err := open(r.target, flag)
			if err != nil {
				return files, nil, nil, nil, err
			}
			if r.fd == 2 {
				stderr = f
			} else {
				stdout = f
			}
		default:
			return files, nil, nil, nil, fmt.Errorf("unsupported redirection %d%s%s", r.fd, r.op, r.target)
		}
	}
	return files, stdin, stdout, stderr, nil
}

// dispatch runs a builtin, a configured tool or an external program.
func (sh *shell) dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if tool, ok := sh.tools[args[0]]; ok {
		return runTool(tool, args, stdin, stdout, stderr)
	}
	if b, ok := builtins[args[0]]; ok {
		return b(sh, args[1:], stdin, stdout, stderr)
	}
	return sh.runExternal(args, stdin, stdout, stderr)
}

// runTool runs an in-process tool, turning a panic into a failure.
func runTool(tool Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: panic: %v\n", args[0], r)
			code = 134
		}
	}()
	return tool(args[1:], stdin, stdout, stderr)
}

func (sh *shell) getenv(name string) string {
	for i := len(sh.env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(sh.env[i], name+"="); ok {
			return v
		}
	}
	return ""
}

// lookPath finds an executable using the test environment's PATH.
func (sh *shell) lookPath(name string) (string, error) {
	if strings.ContainsRune(name, '/') {
		return sh.abs(name), nil
	}
	for _, dir := range filepath.SplitList(sh.getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		p := filepath.Join(sh.abs(dir), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: command not found", name)
}

func (sh *shell) runExternal(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	path, err := sh.lookPath(args[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 127
	}
	cmd := exec.CommandContext(sh.ctx, path, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Dir = sh.cwd
	cmd.Env = sh.env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.WaitDelay = waitDelay
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		if code := exit.ExitCode(); code >= 0 {
			return code
		}
		fmt.Fprintf(stderr, "%s: %v\n", args[0], err)
		return 128
	}
	fmt.Fprintf(stderr, "%s: %v\n", args[0], err)
	return 127
}
