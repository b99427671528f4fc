package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mhlo-alias/mhlo-alias"
)

const usage = `usage: mhlo-alias [flags] [file or directory ...]

Reads MLIR modules, HLO text modules and HLO protobufs (HloModuleProto,
HloProto, HloSnapshot; stdin when no file or "-" is given), runs the
Neuron compiler's input/output alias passes on the entry function's
alias table, and writes the module back with only the alias attributes
changed. A directory (a compile cache, a dump directory) is walked: each
*.mlir, *.hlo, *.pb and HLO *.txt file under it is an input, in the
lexical order of the paths; symbolic links and files that are not
regular (FIFOs, devices, sockets) under it are skipped with a note.

Reading:
  --entry=NAME            entry function (default "main")
  --use-tuple-args        all arguments form parameter 0 (xla-translate's -emit-use-tuple-args)
  --return-tuple          the output is a tuple even for one result
  --split-input-file      treat "// -----" chunks of text as separate modules
  --input-format=FORMAT   mlir, hlo, hlo-module-proto, hlo-proto or
                          hlo-snapshot (default: from the content, the file
                          name a hint)
  --partitioned=MODE      are the entry's shapes already per device? auto
                          (default: MLIR no; HLO and protos yes when the
                          entry is named ..._spmd), yes (never divide them),
                          no (divide sharded values per device when there
                          is more than one)

Passes:
  --passes=a,b,c          passes to run, in order (see --list-passes)
  --verify-each           verify the config after every pass (default true)
  --list-passes           print every pass with its alias and summary
  --assume-default-layouts
                          give every unresolved layout (mhlo.layout_mode =
                          "auto") XLA's default before the passes run, with
                          an Analysis remark (layout-assumed) for each

Writing:
  --emit=FORMAT           alias encoding to write: result-alias (default), module, tf
  -o FILE                 write the output to FILE ("-": standard output)
  -w                      rewrite the named files in place
  -d, --diff              print a unified diff instead of the module; exit 1
                          when it printed one, 2 on any trouble (as diff(1))
  -l                      list the inputs whose output differs instead of
                          printing them (with -w: the files changed); exit 1
                          when it listed one, 2 on any trouble
  --print-config[=FORM]   print the final config instead of the module:
                          long (default, XLA's ToString), short, json,
                          summary (memory accounting), table, compare; several modules are
                          labelled "// FILE [chunk N]", json is JSON Lines
                          with "file" and "chunk"; table: the output
                          leaves, the donors (used by, or why not), the
                          memory of each space in aligned columns and the
                          donation rules side by side; compare: for each
                          donated leaf of the module as read, what JAX's
                          pairing, XLA's pass and Neuron's would do, and why
  --report=FILE           also write an HTML report of the final alias
                          tables to FILE: one self-contained page with a
                          picture of each table (an index first when there
                          are several modules)
  --error-limit=N         print at most N errors of a module, then a count
                          of the others (default 20, 0: no limit)
  --verify-diagnostics    check "// expected-error ..." annotations
                          (also -warning, -note and -remark)

Explaining (as mlir-opt's remark flags):
  --remarks-filter=REGEX  show remarks of every kind whose category or pass
                          name matches REGEX as a whole
  --remarks-filter-passed=REGEX, --remarks-filter-missed=REGEX,
  --remarks-filter-failed=REGEX, --remarks-filter-analyse=REGEX
                          the same for one kind
  --remark-format=FORM    emitRemark (default: diagnostics on stderr) or yaml
  --remarks-output-file=FILE
                          where yaml remarks go (default mhlo-alias-remarks.yaml)
  --unused-donors=MODE    a donor left unused after the last pass: ignore
                          (default), warn, or error (the run fails)

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
	list        bool
	printConfig string
	report      string
	remarkForm  string
	remarksFile string
	errorLimit  int
	// remarksFileSet is set when --remarks-output-file is given.
	remarksFileSet bool
	version        bool
	help           bool
	files          []string
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
	default:
		if !slices.Contains(mhloalias.ConfigForms, v) {
			return fmt.Errorf("invalid form %q: valid forms are %s", v, strings.Join(mhloalias.ConfigForms, ", "))
		}
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
	fs.StringVar(&o.lib.InputFormat, "input-format", "", "")
	fs.StringVar(&o.lib.Partitioned, "partitioned", "auto", "")
	fs.StringVar(&o.lib.Passes, "passes", "", "")
	fs.BoolVar(&o.verifyEach, "verify-each", true, "")
	fs.BoolVar(&o.listPasses, "list-passes", false, "")
	fs.StringVar(&o.lib.Emit, "emit", "", "")
	fs.StringVar(&o.output, "o", "", "")
	fs.BoolVar(&o.write, "w", false, "")
	fs.BoolVar(&o.diff, "d", false, "")
	fs.BoolVar(&o.diff, "diff", false, "")
	fs.BoolVar(&o.list, "l", false, "")
	fs.Var(configForm{&o.printConfig}, "print-config", "")
	fs.StringVar(&o.report, "report", "", "")
	fs.BoolVar(&o.lib.VerifyDiagnostics, "verify-diagnostics", false, "")
	fs.StringVar(&o.lib.Remarks.All, "remarks-filter", "", "")
	fs.StringVar(&o.lib.Remarks.Passed, "remarks-filter-passed", "", "")
	fs.StringVar(&o.lib.Remarks.Missed, "remarks-filter-missed", "", "")
	fs.StringVar(&o.lib.Remarks.Failed, "remarks-filter-failed", "", "")
	fs.StringVar(&o.lib.Remarks.Analysis, "remarks-filter-analyse", "", "")
	fs.StringVar(&o.remarkForm, "remark-format", "emitRemark", "")
	fs.StringVar(&o.remarksFile, "remarks-output-file", "mhlo-alias-remarks.yaml", "")
	fs.StringVar(&o.lib.UnusedDonors, "unused-donors", "ignore", "")
	fs.BoolVar(&o.lib.AssumeDefaultLayouts, "assume-default-layouts", false, "")
	fs.IntVar(&o.errorLimit, "error-limit", 20, "")
	fs.BoolVar(&o.version, "version", false, "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if msg := cmp.Or(checkConfigFormArgs(args), checkBoolArgs(fs, args)); msg != "" {
		fmt.Fprintf(stderr, "mhlo-alias: %s\n", msg)
		return nil, errUsage
	}
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintf(stderr, "mhlo-alias: %s\n", flagError(err, args))
			return nil, errUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			o.files = append(o.files, rest...)
			break
		}
		o.files, args = append(o.files, rest[0]), rest[1:]
	}
	if *help {
		o.help = true
		return o, nil
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "remarks-output-file" {
			o.remarksFileSet = true
		}
	})
	return o, o.check(stderr)
}

// check validates flag combinations and resolves the pass list.
func (o *options) check(stderr io.Writer) error {
	fail := func(format string, args ...any) error {
		fmt.Fprintf(stderr, "mhlo-alias: "+format+"\n", args...)
		return errUsage
	}
	o.lib.SkipVerifyEach = !o.verifyEach
	// A JSON record, the table and the report say why each unused donor
	// is unused.
	o.lib.ExplainDonors = o.printConfig == "json" || o.printConfig == "table" || o.report != ""
	o.lib.CompareDonations = o.printConfig == "compare" || o.printConfig == "table" || o.report != ""
	// The config is printed, not the module: the encoding's limits do not
	// apply.
	o.lib.ConfigOnly = o.printConfig != ""
	if err := o.lib.Check(); err != nil {
		return fail("%v", err)
	}
	if o.write && len(o.files) == 0 {
		return fail("-w needs at least one file to rewrite")
	}
	if o.write && (o.output != "" || o.diff || o.printConfig != "") {
		return fail("-w cannot be combined with -o, --diff or --print-config")
	}
	if o.write && slices.Contains(o.files, "-") {
		return fail("-w cannot rewrite standard input")
	}
	if o.list && (o.output != "" || o.diff || o.printConfig != "") {
		return fail("-l cannot be combined with -o, --diff or --print-config")
	}
	if o.output == "-" {
		o.output = "" // standard output, as mlir-opt's -o -
	}
	if o.output != "" && len(o.files) > 1 {
		return fail("-o takes one input file")
	}
	if o.remarkForm != "emitRemark" && o.remarkForm != "yaml" {
		return fail("invalid --remark-format=%s: valid formats are emitRemark, yaml", o.remarkForm)
	}
	if o.remarksFileSet && o.remarkForm != "yaml" {
		return fail("--remarks-output-file needs --remark-format=yaml: emitRemark remarks go to standard error")
	}
	if o.report == "-" {
		return fail("--report needs a file name: the report does not go to standard output")
	}
	if o.errorLimit < 0 {
		return fail("--error-limit=%d: the limit is a count of errors, 0 for none", o.errorLimit)
	}
	if strings.TrimPrefix(o.lib.Entry, "@") == "" {
		return fail("--entry needs a function name")
	}
	return nil
}

// flagError is the one-line message for an error of the flag package,
// naming the flag as the user wrote it.
func flagError(err error, args []string) string {
	msg := err.Error()
	spelt := func(name string) string {
		for _, a := range args {
			if a == "--" {
				break
			}
			n, _, _ := strings.Cut(a, "=")
			if strings.HasPrefix(n, "-") && strings.TrimLeft(n, "-") == name {
				return n
			}
		}
		if len(name) == 1 {
			return "-" + name // as the usage writes it
		}
		return "--" + name
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return fmt.Sprintf("unknown flag %s (see --help)", spelt(name))
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return fmt.Sprintf("flag %s needs a value (see --help)", spelt(name))
	}
	if name, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return fmt.Sprintf("bad flag syntax %s (see --help)", name)
	}
	// invalid value "V" for flag -NAME: ERR, or invalid boolean value.
	for _, prefix := range []string{" for flag -", " for -"} {
		if i := strings.Index(msg, prefix); i >= 0 {
			head, rest := msg[:i], msg[i+len(prefix):]
			name, why, _ := strings.Cut(rest, ": ")
			return fmt.Sprintf("%s for %s: %s (see --help)", head, spelt(name), why)
		}
	}
	return msg + " (see --help)"
}

// checkBoolArgs finds a boolean flag followed by "true" or "false" as a
// separate word, which the flag package would take as a file name. It
// returns the message, or "".
func checkBoolArgs(fs *flag.FlagSet, args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || strings.Contains(a, "=") || i+1 == len(args) {
			continue
		}
		v := args[i+1]
		if v != "true" && v != "false" {
			continue
		}
		f := fs.Lookup(strings.TrimLeft(a, "-"))
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			continue
		}
		return fmt.Sprintf("a boolean flag takes its value after \"=\": write %s=%s (a file named %s: write ./%s)", a, v, v, v)
	}
	return ""
}

// checkConfigFormArgs finds the two ways of getting --print-config wrong
// that the flag package would report as an "invalid boolean value" or as
// a missing file: a form given as the next argument instead of after "=",
// and a misspelt form. It returns the message, or "".
func checkConfigFormArgs(args []string) string {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "print-config" || !strings.HasPrefix(a, "-") {
			continue
		}
		if !hasVal {
			if i+1 < len(args) && slices.Contains(mhloalias.ConfigForms, args[i+1]) {
				return fmt.Sprintf("--print-config takes its form after \"=\": write --print-config=%s (a file named %s: write ./%s)", args[i+1], args[i+1], args[i+1])
			}
			continue
		}
		if val == "true" || val == "false" || slices.Contains(mhloalias.ConfigForms, val) {
			continue
		}
		msg := fmt.Sprintf("invalid --print-config=%s: valid forms are %s", val, strings.Join(mhloalias.ConfigForms, ", "))
		if near := nearest(val, mhloalias.ConfigForms); near != "" {
			msg += fmt.Sprintf(" (did you mean --print-config=%s?)", near)
		}
		return msg
	}
	return ""
}

// nearest is the choice within two edits of s, or "".
func nearest(s string, choices []string) string {
	best, bestD := "", 3
	for _, c := range choices {
		if d := editDistance(strings.ToLower(s), c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
