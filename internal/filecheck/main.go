package filecheck

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// cmdline holds the parsed command line of the FileCheck tool.
type cmdline struct {
	opts      Options
	checkFile string
	inputFile string
	help      bool
	dumpHelp  bool
}

// optKind says how an option takes its value.
type optKind int

const (
	optBool optKind = iota
	optString
	optList      // may repeat
	optCommaList // may repeat; values split on commas
)

type optSpec struct {
	kind  optKind
	apply func(c *cmdline, v string)
}

func listAppend(dst *[]string) func(*cmdline, string) {
	return func(_ *cmdline, v string) { *dst = append(*dst, v) }
}

func (c *cmdline) specs() map[string]optSpec {
	o := &c.opts
	flag := func(dst *bool) optSpec {
		return optSpec{kind: optBool, apply: func(_ *cmdline, v string) { *dst = v == "true" }}
	}
	ignore := optSpec{kind: optString, apply: func(*cmdline, string) {}}
	return map[string]optSpec{
		"check-prefix":                 {kind: optList, apply: listAppend(&o.CheckPrefixes)},
		"check-prefixes":               {kind: optCommaList, apply: listAppend(&o.CheckPrefixes)},
		"comment-prefixes":             {kind: optCommaList, apply: listAppend(&o.CommentPrefixes)},
		"implicit-check-not":           {kind: optList, apply: listAppend(&o.ImplicitCheckNot)},
		"D":                            {kind: optList, apply: listAppend(&o.Defines)},
		"input-file":                   {kind: optString, apply: func(c *cmdline, v string) { c.inputFile = v }},
		"strict-whitespace":            flag(&o.StrictWhitespace),
		"match-full-lines":             flag(&o.MatchFullLines),
		"ignore-case":                  flag(&o.IgnoreCase),
		"allow-empty":                  flag(&o.AllowEmpty),
		"allow-unused-prefixes":        flag(&o.AllowUnusedPrefixes),
		"enable-var-scope":             flag(&o.EnableVarScope),
		"allow-deprecated-dag-overlap": flag(&o.AllowDeprecatedDagOverlap),
		"v":                            flag(&o.Verbose),
		"vv":                           {kind: optBool, apply: func(c *cmdline, v string) { o.Verbose = o.Verbose || v == "true" }},
		"color":                        {kind: optBool, apply: func(*cmdline, string) {}},
		"help":                         {kind: optBool, apply: func(c *cmdline, v string) { c.help = v == "true" }},
		"dump-input": {kind: optList, apply: func(c *cmdline, v string) {
			c.dumpHelp = c.dumpHelp || v == "help"
		}},
		"dump-input-context": ignore,
		"dump-input-filter":  ignore,
	}
}

// usageError is a command-line error; LLVM's option parser exits with 1.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// parseArgs parses FileCheck's command line (without the program name).
func parseArgs(args []string) (*cmdline, error) {
	c := &cmdline{inputFile: "-"}
	specs := c.specs()
	var positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			positional = append(positional, a)
			continue
		}
		if rest, ok := strings.CutPrefix(a, "-D"); ok {
			// -D is a prefix option: its value must be attached.
			if rest == "" {
				return nil, &usageError{"FileCheck: for the -D option: requires a value!"}
			}
			c.opts.Defines = append(c.opts.Defines, rest)
			continue
		}
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		spec, ok := specs[name]
		if !ok {
			return nil, &usageError{fmt.Sprintf("FileCheck: Unknown command line argument '%s'.", a)}
		}
		if spec.kind == optBool {
			v, err := boolValue(value, hasValue)
			if err != nil {
				return nil, &usageError{fmt.Sprintf("FileCheck: for the --%s option: %v", name, err)}
			}
			spec.apply(c, v)
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, &usageError{fmt.Sprintf("FileCheck: for the --%s option: requires a value!", name)}
			}
			i++
			value = args[i]
		}
		if spec.kind == optCommaList {
			for _, v := range strings.Split(value, ",") {
				spec.apply(c, v)
			}
			continue
		}
		spec.apply(c, value)
	}
	if len(positional) > 1 {
		return nil, &usageError{"FileCheck: Too many positional arguments specified!"}
	}
	if len(positional) == 1 {
		c.checkFile = positional[0]
	}
	return c, nil
}

func boolValue(v string, has bool) (string, error) {
	if !has {
		return "true", nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return "", fmt.Errorf("'%s' is invalid value for boolean argument! Try 0 or 1", v)
	}
	return strconv.FormatBool(b), nil
}

// Main runs FileCheck with command-line arguments args (without the program
// name) and returns its exit status: 0 when all checks pass, 1 when a check
// fails (or the command line is malformed), 2 for invalid check files,
// options or input.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if env := os.Getenv("FILECHECK_OPTS"); env != "" {
		args = append(strings.Fields(env), args...)
	}
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if c.help {
		fmt.Fprintln(stdout, "USAGE: FileCheck [options] <check-file>")
		return 0
	}
	if c.dumpHelp {
		fmt.Fprintln(stdout, "The input dump is not implemented by this FileCheck.")
		return 0
	}
	if c.checkFile == "" {
		fmt.Fprintln(stderr, "<check-file> not specified")
		return 2
	}
	return c.run(stdin, stderr)
}

func (c *cmdline) run(stdin io.Reader, stderr io.Writer) int {
	if !validatePrefixes(&c.opts, stderr) {
		return 2
	}
	checkText, err := readFileOrStdin(c.checkFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", c.checkFile, errText(err))
		return 2
	}
	c.opts.CheckFileName = c.checkFile
	prep, code := prepare(checkText, &c.opts, stderr)
	if prep == nil {
		return code
	}
	input, err := readFileOrStdin(c.inputFile, stdin)
	name := c.inputFile
	if name == "-" {
		name = "<stdin>"
	}
	if err != nil {
		fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", name, errText(err))
		return 2
	}
	return prep.checkInput(input, name, stderr)
}

func readFileOrStdin(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		if stdin == nil {
			return nil, nil
		}
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// errText renders a file error like LLVM's error_code messages.
func errText(err error) string {
	if os.IsNotExist(err) {
		return "No such file or directory"
	}
	if os.IsPermission(err) {
		return "Permission denied"
	}
	return err.Error()
}
