package lit

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// builtin is a command implemented by the shell itself, like those of lit's
// internal shell.
type builtin func(sh *shell, args []string, stdin io.Reader, stdout, stderr io.Writer) int

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		"echo":  builtinEcho,
		"true":  func(*shell, []string, io.Reader, io.Writer, io.Writer) int { return 0 },
		":":     func(*shell, []string, io.Reader, io.Writer, io.Writer) int { return 0 },
		"false": func(*shell, []string, io.Reader, io.Writer, io.Writer) int { return 1 },
		"mkdir": builtinMkdir,
		"rm":    builtinRm,
		"env":   builtinEnv,
	}
}

// builtinEcho prints its arguments; -n omits the newline and -e interprets
// backslash escapes.
func builtinEcho(_ *shell, args []string, _ io.Reader, stdout, _ io.Writer) int {
	newline, escapes := true, false
	for len(args) > 0 && (args[0] == "-n" || args[0] == "-e") {
		newline = newline && args[0] != "-n"
		escapes = escapes || args[0] == "-e"
		args = args[1:]
	}
	text := strings.Join(args, " ")
	if escapes {
		text = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(text)
	}
	if newline {
		text += "\n"
	}
	io.WriteString(stdout, text)
	return 0
}

func builtinMkdir(sh *shell, args []string, _ io.Reader, _, stderr io.Writer) int {
	parents := false
	code := 0
	for _, a := range args {
		if a == "-p" {
			parents = true
			continue
		}
		var err error
		if parents {
			err = os.MkdirAll(sh.abs(a), 0o777)
		} else {
			err = os.Mkdir(sh.abs(a), 0o777)
		}
		if err != nil {
			fmt.Fprintf(stderr, "mkdir: %v\n", err)
			code = 1
		}
	}
	return code
}

func builtinRm(sh *shell, args []string, _ io.Reader, _, stderr io.Writer) int {
	force, recursive := false, false
	code := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			force = force || strings.Contains(a, "f")
			recursive = recursive || strings.ContainsAny(a, "rR")
			continue
		}
		path := sh.abs(a)
		_, statErr := os.Lstat(path)
		if os.IsNotExist(statErr) {
			if !force {
				fmt.Fprintf(stderr, "rm: %s: no such file or directory\n", a)
				code = 1
			}
			continue
		}
		var err error
		if recursive {
			err = os.RemoveAll(path)
		} else {
			err = os.Remove(path)
		}
		if err != nil {
			fmt.Fprintf(stderr, "rm: %v\n", err)
			code = 1
		}
	}
	return code
}

// builtinEnv runs a command with NAME=VALUE assignments and -u NAME
// removals applied to its environment.
func builtinEnv(sh *shell, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sub := *sh
	sub.env = append([]string(nil), sh.env...)
	for len(args) > 0 {
		switch {
		case args[0] == "-u" && len(args) > 1:
			sub.env = unsetEnv(sub.env, args[1])
			args = args[2:]
			continue
		case strings.Contains(args[0], "=") && !strings.HasPrefix(args[0], "="):
			sub.env = append(sub.env, args[0])
			args = args[1:]
			continue
		}
		break
	}
	if len(args) == 0 {
		for _, kv := range sub.env {
			fmt.Fprintln(stdout, kv)
		}
		return 0
	}
	return sub.dispatch(args, stdin, stdout, stderr)
}

func unsetEnv(env []string, name string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}
