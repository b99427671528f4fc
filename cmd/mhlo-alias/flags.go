package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mhlo-alias/mhlo-alias"
)

const usage = `usage: mhlo-alias [flags] [file ...]

Reads MLIR modules (stdin when no file or "-" is given), runs the Neuron
compiler's input/output alias passes on the entry function's alias table,
and writes the module back with only the alias attributes changed.

Reading:
  --entry=NAME            entry function (default "main")
  --use-tuple-args        all arguments form parameter 0 (xla-translate's -emit-use-tuple-args)
  --return-tuple          the output is a tuple even for one result
  --split-input-file      treat "// -----" chunks as separate modules

Passes:
  --passes=a,b,c          passes to run, in order (see --list-passes)
  --verify-each           verify the config after every pass (default true)
  --list-passes           print every pass with its alias and summary

Writing:
  --emit=FORMAT           alias encoding to write: result-alias (default), module, tf
  -o FILE                 write the output to FILE
  -w                      rewrite the named files in place
  -d, --diff              print a unified diff instead of the module
  --print-config[=FORM]   print the final config instead of the module:
                          long (default, XLA's ToString), short, json
  --verify-diagnostics    check "// expected-error ..." annotations

  --version               print the version
`

// options are the command-line flags: those of the library in lib, the
// command's own beside them.
type options struct {
	lib         mhloalias.Options
	verifyEach  bool
	listPasses  bool
	output      string
	write       bool
	diff        bool
	printConfig string
	version     bool
	help        bool
	files       []string
}

// configForm is the value of --print-config: a flag that may stand alone.
type configForm struct{ s *string }

func (f configForm) String() string {
	if f.s == nil {
		return ""
	}
	return *f.s
}

func (f configForm) Set(v string) error {
	switch v {
	case "true":
		v = "long"
	case "false":
		v = ""
	case "long", "short", "json":
	default:
		return fmt.Errorf("invalid form %q: valid forms are long, short, json", v)
	}
	*f.s = v
	return nil
}

func (configForm) IsBoolFlag() bool { return true }

var errUsage = errors.New("usage")

// parseFlags reads args; flags and files may be mixed, and "--" ends flags.
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{}
	fs := flag.NewFlagSet("mhlo-alias", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.lib.Entry, "entry", "main", "")
	fs.BoolVar(&o.lib.UseTupleArgs, "use-tuple-args", false, "")
	fs.BoolVar(&o.lib.ReturnTuple, "return-tuple", false, "")
	fs.BoolVar(&o.lib.SplitInputFile, "split-input-file", false, "")
	fs.StringVar(&o.lib.Passes, "passes", "", "")
	fs.BoolVar(&o.verifyEach, "verify-each", true, "")
	fs.BoolVar(&o.listPasses, "list-passes", false, "")
	fs.StringVar(&o.lib.Emit, "emit", "", "")
	fs.StringVar(&o.output, "o", "", "")
	fs.BoolVar(&o.write, "w", false, "")
	fs.BoolVar(&o.diff, "d", false, "")
	fs.BoolVar(&o.diff, "diff", false, "")
	fs.Var(configForm{&o.printConfig}, "print-config", "")
	fs.BoolVar(&o.lib.VerifyDiagnostics, "verify-diagnostics", false, "")
	fs.BoolVar(&o.version, "version", false, "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintf(stderr, "mhlo-alias: %v\n\n%s", err, usage)
			return nil, errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			o.files = append(o.files, rest...)
			break
		}
		o.files, args = append(o.files, rest[0]), rest[1:]
	}
	if *help {
		o.help = true
		return o, nil
	}
	return o, o.check(stderr)
}

// check validates flag combinations and resolves the pass list.
func (o *options) check(stderr io.Writer) error {
	fail := func(format string, args ...any) error {
		fmt.Fprintf(stderr, "mhlo-alias: "+format+"\n", args...)
		return errUsage
	}
	o.lib.SkipVerifyEach = !o.verifyEach
	if err := o.lib.Check(); err != nil {
		return fail("%v", err)
	}
	if o.write && len(o.files) == 0 {
		return fail("-w needs at least one file to rewrite")
	}
	if o.write && (o.output != "" || o.diff || o.printConfig != "") {
		return fail("-w cannot be combined with -o, --diff or --print-config")
	}
	if o.write && containsStdin(o.files) {
		return fail("-w cannot rewrite standard input")
	}
	if o.output != "" && len(o.files) > 1 {
		return fail("-o takes one input file")
	}
	if strings.TrimPrefix(o.lib.Entry, "@") == "" {
		return fail("--entry needs a function name")
	}
	return nil
}

func containsStdin(files []string) bool {
	for _, f := range files {
		if f == "-" {
			return true
		}
	}
	return false
}
