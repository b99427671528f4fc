package mhloalias

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/passes"
	"github.com/mhlo-alias/mhlo-alias/printer"
	"github.com/mhlo-alias/mhlo-alias/report"
)

// WriteTo writes the output text to w: every module that is OK, with its
// edits applied; each but the first written is preceded by the separator
// line that precedes it in the input, as it is there (trailing blanks,
// "\r\n"), so that with nothing changed the output is the input.
// Unchanged ranges go file to file in the kernel when both ends are files,
// so the bulk of a large module is neither read into nor written from
// this process. A file that changed since it was processed is its
// ChangedError.
func (r *Result) WriteTo(w io.Writer) (int64, error) {
	in, err := r.output()
	if err != nil {
		return 0, err
	}
	if w == nil {
		return 0, r.errorf("no writer")
	}
	if err := in.Unchanged(); err != nil {
		return 0, err
	}
	var n int64
	gerr := in.Guard(func() {
		first := true
		for i, m := range r.Modules {
			if !m.OK {
				continue
			}
			start := m.Start
			if !first {
				start = r.Modules[i-1].End // the separator line before m
			}
			first = false
			var k int64
			k, err = in.CopyEdited(w, start, m.End, m.Edits)
			if n += k; err != nil {
				return
			}
		}
	})
	// A copy from a file that changed can fail otherwise (EFAULT).
	return n, cmp.Or(in.Unchanged(), gerr, err)
}

// Bytes returns the output text, as WriteTo writes it; nil when WriteTo
// fails (a file changed since it was processed, a closed Result), which
// WriteTo reports.
func (r *Result) Bytes() []byte {
	b := bytes.NewBuffer([]byte{})
	if _, err := r.WriteTo(b); err != nil {
		return nil
	}
	return b.Bytes()
}

// DiffOptions say how WriteDiff prints.
type DiffOptions struct {
	// Color marks removed and added lines, and the changed words in them,
	// with ANSI colors.
	Color bool
}

// WriteDiff writes a unified diff from the input to the output text, with
// "a/NAME" and "b/NAME" headers; nothing when nothing changes. A file that
// changed since it was processed is its ChangedError, and nothing is
// written.
func (r *Result) WriteDiff(w io.Writer, o DiffOptions) error {
	in, err := r.output()
	if err != nil {
		return err
	}
	if w == nil {
		return r.errorf("no writer")
	}
	var b bytes.Buffer
	gerr := in.Guard(func() {
		var proto bool
		if proto, err = r.writeProtoDiff(&b, in, o); proto {
			return
		}
		var edits []edit.Edit
		for _, m := range r.Modules {
			edits = append(edits, m.Edits...)
		}
		err = printer.Diff(&b, in.Data, edits, printer.DiffOptions{
			OldName: "a/" + r.Name, NewName: "b/" + r.Name, Color: o.Color,
			CountLines: in.CountLines,
		})
	})
	if err = cmp.Or(gerr, err, in.Unchanged()); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// WriteFile writes the output text to the file at path, as the function
// WriteFile does.
func (r *Result) WriteFile(path string) error {
	if _, err := r.output(); err != nil {
		return err
	}
	return WriteFile(path, func(w io.Writer) error {
		_, err := r.WriteTo(w)
		return err
	})
}

// WriteFile writes the file at path with write. A regular file (or a new
// one) is written atomically: through a temporary file in the same
// directory, renamed over it, keeping every mode bit and, where the process may, the owner
// and group (a symbolic link is written through); on any error path is left
// as it was and nothing else remains. Anything else, such as /dev/null or
// a pipe, is written directly. A nil write is an error. When write
// panics, the temporary file is removed and the file at path left as it
// was, and the panic goes on: it is the caller's, not an error of the
// output.
func WriteFile(path string, write func(w io.Writer) error) error {
	if write == nil {
		return fmt.Errorf("writing %s: no write function", path)
	}
	if st, err := os.Stat(path); err != nil || st.Mode().IsRegular() {
		return fileio.WriteAtomic(path, false, func(f *os.File) error { return write(f) })
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close() // when write panics
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// WriteInPlace rewrites the input file with the output text, atomically,
// the data synced to disk before the rename, when anything changed. It
// needs a Result of ProcessFile; a symbolic link is followed, so the link
// stays a link.
func (r *Result) WriteInPlace() error {
	if _, err := r.output(); err != nil {
		return err
	}
	if r.in == nil || r.in.Path == "" {
		return r.errorf("only a named file can be rewritten in place")
	}
	path, err := filepath.EvalSymlinks(r.in.Path)
	if err != nil {
		return err
	}
	if !r.Changed() {
		return nil
	}
	return fileio.WriteAtomic(path, true, func(f *os.File) error {
		_, err := r.WriteTo(f)
		return err
	})
}

// ProcessFileTo processes the file at path and, when the result is OK,
// writes the output text to the file out, as Result.WriteFile does; when
// out is path itself the file is rewritten in place, as
// Result.WriteInPlace does. The Result must be closed.
func ProcessFileTo(path, out string, o Options) (*Result, error) {
	if sameFile(path, out) {
		if f, ok, _ := openStream(path); ok {
			f.Close()
			return nil, fmt.Errorf("%s: only a regular file can be rewritten in place", path)
		}
	}
	res, err := ProcessFile(path, o)
	return res, res.writeOut(out, err, sameFile(path, out))
}

// ProcessReaderTo is ProcessReader writing the output text, when the
// result is OK, to the file out, as Result.WriteFile does. The Result
// must be closed.
func ProcessReaderTo(name string, r io.Reader, out string, o Options) (*Result, error) {
	res, err := ProcessReader(name, r, o)
	return res, res.writeOut(out, err, false)
}

// writeOut writes r's output to out (in place when inPlace) when r is OK
// and err, the processing's error, is nil; else it returns err.
func (r *Result) writeOut(out string, err error, inPlace bool) error {
	if err != nil || !r.OK() {
		return err
	}
	if inPlace {
		return r.WriteInPlace()
	}
	return r.WriteFile(out)
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// RewriteFile processes the file at path and, when the result is OK and
// anything changed, rewrites it in place as WriteInPlace does. It reports
// whether the file changed; when the input has errors the file is left as
// it was and the error is the diagnostics.
func RewriteFile(path string, o Options) (changed bool, err error) {
	res, err := ProcessFile(path, o)
	if err != nil {
		return false, err
	}
	defer res.Close()
	if err = res.Err(); err == nil {
		err = res.WriteInPlace()
	}
	return err == nil && res.Changed(), err
}

// Rewrite returns the module text src rewritten as o asks; the common case
// of the library, as go/format.Source is for Go. Its error is a UsageError
// or the input's diagnostics (an ast.ErrorList).
func Rewrite(src []byte, o Options) ([]byte, error) {
	res, err := processOK(src, o)
	if err != nil {
		return nil, err
	}
	return res.Bytes(), nil
}

// ReadConfig returns the alias table of the module text src after the
// passes o names (none by default): the model XLA keeps, verified.
func ReadConfig(src []byte, o Options) (*model.Config, error) {
	o.ConfigOnly = true
	res, err := processOK(src, o)
	if err != nil {
		return nil, err
	}
	return res.Config(), nil
}

// processOK is Process of src named o.Name, with the diagnostics as the
// error when the Result is not OK.
func processOK(src []byte, o Options) (*Result, error) {
	res, err := Process(o.Name, src, o)
	if err == nil {
		err = res.Err()
	}
	return res, err
}

// errNoConfig is the error for a nil config: a module that failed has
// none.
var errNoConfig = errors.New("no config: the module failed (see its Diagnostics)")

// RemoveTemporaryFiles removes the temporary files of every write under
// way (Result.WriteFile, WriteInPlace, ProcessFileTo, ...) and makes them
// and any later write fail, leaving their targets as they were. It is for
// a program that exits on a signal: after it, no write of this package
// renames anything into place.
func RemoveTemporaryFiles() { fileio.RemoveTemporaryFiles() }

// ConfigForms are the forms FormatConfig prints.
var ConfigForms = []string{"long", "short", "json", "summary", "table", "compare"}

// FormatConfig prints cfg in one of ConfigForms: "long" is XLA's ToString
// of the alias and donor configs, "short" the fields of an HLO module
// header, "json" one JSON object (with the memory accounting), "summary"
// the memory accounting for people (model.SummaryOf) and the unused
// donors and unaliased outputs by name (model.NamesSummary), "table" the
// output leaves, the donors and the memory of each space in aligned
// columns (report.Table.Text), each unused donor with the reason
// buffer-donation-to-alias's explanation gives for cfg
// (passes.UnusedDonors), "compare" what JAX's pairing, XLA's donation
// pass and Neuron's would each do with every donated parameter leaf of
// cfg (passes.Compare, report.Table.CompareText).
func FormatConfig(cfg *model.Config, form string) (string, error) {
	return formatConfig(cfg, form, nil, nil)
}

// FormatConfig prints m's config as the function FormatConfig does, but
// the donors of "table" and "json" carry the reasons m.UnusedDonors
// gives (those of the pipeline's last donation pass) when it has them,
// and "table" and "compare" show m.Compared, the comparison of the module
// as read, when it has one.
func (m *Module) FormatConfig(form string) (string, error) {
	if m == nil {
		return "", errNoConfig
	}
	return formatConfig(m.Config, form, m.UnusedDonors, m.Compared)
}

// formatConfig is FormatConfig with the unused donors explained, or nil,
// and the comparison of the donation rules, or nil (then "compare"
// compares cfg).
func formatConfig(cfg *model.Config, form string, unused []passes.UnusedDonor, compared []model.Comparison) (string, error) {
	if cfg == nil {
		return "", errNoConfig
	}
	switch form {
	case "long", "":
		return cfg.LongString(), nil
	case "short":
		return cfg.ShortString(), nil
	case "json":
		return cfg.JSONRecord("", reasonsOf(unused).donor), nil
	case "summary":
		return model.SummaryOf(cfg) + model.NamesSummary(cfg), nil
	case "table":
		return newTable(cfg, unused, compared).Text(), nil
	case "compare":
		if compared == nil {
			var err error
			if compared, err = passes.Compare(cfg, nil); err != nil {
				return "", err
			}
		}
		t := &report.Table{}
		t.SetCompared(cfg, compared)
		return t.CompareText(), nil
	}
	return "", &UsageError{fmt.Sprintf("invalid config form %q: valid forms are %s", form, strings.Join(ConfigForms, ", "))}
}

// newTable is the table of cfg, its unused donors explained as
// donorReasons says, with the comparison when there is one.
func newTable(cfg *model.Config, unused []passes.UnusedDonor, compared []model.Comparison) *report.Table {
	t := report.NewTable(cfg, donorReasons(cfg, unused).reason)
	if compared != nil {
		t.SetCompared(cfg, compared)
	}
	return t
}

// donorReasons says why each unused donor of cfg is unused: as unused
// says, or when it is nil, as passes.UnusedDonors says of cfg itself (the
// explanation of the remarks, never a second one).
func donorReasons(cfg *model.Config, unused []passes.UnusedDonor) unusedReasons {
	if unused == nil {
		unused = passes.UnusedDonors(cfg, nil, nil)
	}
	return reasonsOf(unused)
}
