package mhloalias

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// childEnv names the test that a test binary started by inChild runs.
const childEnv = "MHLOALIAS_TEST_CHILD"

// inChild runs f in a new process of the test binary, so that a fault,
// which ends the process, fails t rather than ending the test binary.
// t must be a top-level test: its name selects it in the child, where f
// runs as its body.
func inChild(t *testing.T, f func(t *testing.T)) {
	if os.Getenv(childEnv) == t.Name() {
		f(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		if len(out) > 8000 {
			out = out[:8000]
		}
		t.Fatalf("%v:\n%s", err, out)
	}
}

// changedFile writes src to a new file in dir, an hour old (so that a
// change moves its modification time however coarse the clock).
func changedFile(t *testing.T, dir, name string, src []byte) string {
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	return path
}

// lateReads are the methods of a Result that read its input after
// processing; each returns the method's error.
var lateReads = map[string]func(res *Result, dir string) error{
	"WriteTo": func(res *Result, _ string) error {
		_, err := res.WriteTo(io.Discard)
		return err
	},
	"WriteTo a file": func(res *Result, dir string) error {
		f, err := os.Create(filepath.Join(dir, "out"))
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = res.WriteTo(f)
		return err
	},
	"Bytes": func(res *Result, _ string) error {
		if b := res.Bytes(); b != nil {
			return fmt.Errorf("Bytes returned %d bytes", len(b))
		}
		_, err := res.WriteTo(io.Discard)
		return err
	},
	"WriteDiff": func(res *Result, _ string) error {
		var b bytes.Buffer
		err := res.WriteDiff(&b, DiffOptions{})
		if err != nil && b.Len() > 0 {
			return fmt.Errorf("WriteDiff wrote %d bytes and failed: %v", b.Len(), err)
		}
		return err
	},
	"WriteFile": func(res *Result, dir string) error {
		return res.WriteFile(filepath.Join(dir, "out"))
	},
	"WriteInPlace": func(res *Result, _ string) error { return res.WriteInPlace() },
	"WriteRemarks": func(res *Result, _ string) error {
		if len(res.Modules) == 0 || len(res.Modules[0].Remarks) == 0 {
			return errors.New("no remarks to write")
		}
		return res.WriteRemarks(io.Discard)
	},
	"Source": func(res *Result, _ string) error {
		src, err := res.Source()
		n := 0
		for _, c := range src {
			n += int(c)
		}
		return err
	},
	"ReadAt the end": func(res *Result, _ string) error {
		in := res.in.Data
		p := make([]byte, 100)
		_, err := res.ReadAt(p, int64(len(in)-len(p)))
		return err
	},
	"ReadAt the start": func(res *Result, _ string) error {
		_, err := res.ReadAt(make([]byte, 100), 0)
		return err
	},
}

// TestNoFaultAfterChange: a file truncated or rewritten after ProcessFile
// (and before the Result reads it again) is "FILE changed while being
// read" from every method that reads it, never a fault; after Close,
// every such method is an error too. The methods that only read the
// modules still work.
func TestNoFaultAfterChange(t *testing.T) {
	inChild(t, func(t *testing.T) {
		pb, err := os.ReadFile("testdata/proto/jit-train-step.pb")
		if err != nil {
			t.Fatal(err)
		}
		mlir := Options{Passes: "buffer-donation-to-alias", Remarks: remarks.FilterOptions{All: ".*"}}
		inputs := []struct {
			name string
			src  []byte
			o    Options
		}{
			{"small.mlir", mainFirstModule(200 << 10), mlir},
			{"large.mlir", mainFirstModule(24 << 20), mlir}, // pages dropped behind the scan
			{"model.hlo_module.pb", pb, Options{Passes: "flip-may-aliases"}},
		}
		changes := map[string]func(path string, n int) error{
			"truncated to zero": func(path string, _ int) error { return os.Truncate(path, 0) },
			"truncated to half": func(path string, n int) error { return os.Truncate(path, int64(n/2)) },
			"rewritten in place": func(path string, n int) error {
				f, err := os.OpenFile(path, os.O_WRONLY, 0)
				if err != nil {
					return err
				}
				defer f.Close()
				_, err = f.WriteAt([]byte("xx"), int64(n-10))
				return err
			},
		}
		for _, in := range inputs {
			for change, do := range changes {
				for name, read := range lateReads {
					if name == "WriteRemarks" && in.o.Remarks.All == "" {
						continue
					}
					t.Run(in.name+" "+change+" "+name, func(t *testing.T) {
						dir := t.TempDir()
						path := changedFile(t, dir, in.name, in.src)
						res, err := ProcessFile(path, in.o)
						if err != nil || !res.OK() || !res.Changed() {
							t.Fatalf("%v %v", err, res.Diagnostics())
						}
						defer res.Close()
						if err := do(path, len(in.src)); err != nil {
							t.Fatal(err)
						}
						err = read(res, dir)
						var ce *ChangedError
						if !errors.As(err, &ce) || err.Error() != path+" changed while being read" {
							t.Errorf("error %v; want %s changed while being read", err, path)
						}
						if _, err := os.Stat(filepath.Join(dir, "out")); name != "WriteTo a file" && err == nil {
							t.Error("an output file was written")
						}
						if entries, _ := os.ReadDir(dir); len(entries) > 2 {
							t.Errorf("%d files left", len(entries))
						}
						// What the modules hold is still there.
						if err := res.WriteJSON(io.Discard, JSONOptions{}); err != nil {
							t.Errorf("WriteJSON: %v", err)
						}
						if _, err := FormatConfig(res.Config(), "long"); err != nil {
							t.Errorf("FormatConfig: %v", err)
						}
					})
				}
			}
			t.Run(in.name+" closed", func(t *testing.T) {
				dir := t.TempDir()
				path := changedFile(t, dir, in.name, in.src)
				res, err := ProcessFile(path, in.o)
				if err != nil || !res.OK() {
					t.Fatalf("%v %v", err, res.Diagnostics())
				}
				if err := res.Close(); err != nil {
					t.Fatal(err)
				}
				if err := res.Close(); err != nil {
					t.Errorf("second Close: %v", err)
				}
				for name, read := range lateReads {
					if name == "WriteRemarks" && in.o.Remarks.All == "" {
						continue
					}
					if err := read(res, dir); err == nil || !strings.Contains(err.Error(), "closed") {
						t.Errorf("%s after Close: %v", name, err)
					}
				}
				if got, _ := os.ReadFile(path); !bytes.Equal(got, in.src) {
					t.Error("the input was changed")
				}
			})
		}
	})
}

// smallModule is a module whose alias table is read and verified.
const smallModule = "module {\n  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}) -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n}\n"

// printerEdit is an edit of bytes a to b.
func printerEdit(a, b int) edit.Edit { return edit.Edit{Start: a, End: b, New: "x"} }

// exportedFuncs are the names of the package's exported functions and
// methods, a method as its receiver type's name, a dot and its name; and
// ChangedError.Error, the method of a type the package names.
func exportedFuncs(t *testing.T) []string {
	names := []string{"ChangedError.Error"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				names = append(names, fd.Name.Name)
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.IsExported() {
				names = append(names, id.Name+"."+fd.Name.Name)
			}
		}
	}
	return names
}

// noPanic runs f and fails t if it panics.
func noPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if v := recover(); v != nil {
			t.Errorf("%s panicked: %v", name, v)
		}
	}()
	f()
}

// zeroCalls call every exported function and method of the package with
// nil or zero arguments and receivers; each says what is wrong with the
// outcome, "" when it is the documented one. Keyed by the function's
// name, or the method's receiver type and name.
func zeroCalls(t *testing.T) map[string][]func() string {
	dir := t.TempDir()
	want := func(cond bool, format string, args ...any) string {
		if cond {
			return ""
		}
		return fmt.Sprintf(format, args...)
	}
	isErr := func(err error) string { return want(err != nil, "no error") }
	// The Results a caller may hold: nil, zero, built by hand with a nil
	// module or one outside its input, closed.
	results := map[string]func() *Result{
		"nil":  func() *Result { return nil },
		"zero": func() *Result { return &Result{} },
		"nil module": func() *Result {
			return &Result{Name: "x", Modules: []*Module{nil}}
		},
		"module outside": func() *Result {
			return &Result{Name: "x", Modules: []*Module{{Start: 5, End: 10, OK: true, Passed: true}}}
		},
		"edit outside": func() *Result {
			res, _ := Process("x", []byte(smallModule), Options{})
			res.Modules[0].Edits = append(res.Modules[0].Edits, printerEdit(1000, 1010))
			return res
		},
		"edits out of order": func() *Result {
			res, _ := Process("x", []byte(smallModule), Options{})
			res.Modules[0].Edits = append(res.Modules[0].Edits, printerEdit(5, 6), printerEdit(1, 2))
			return res
		},
		"closed": func() *Result {
			path := filepath.Join(dir, "closed.mlir")
			os.WriteFile(path, []byte(smallModule), 0o644)
			res, err := ProcessFile(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			res.Close()
			return res
		},
	}
	calls := map[string][]func() string{
		"FailureJSON": {func() string {
			s := FailureJSON("", nil, JSONOptions{})
			return want(strings.Contains(s, `"message": "failed"`), "record %s", s)
		}},
		"FormatConfig": {func() string {
			_, err := FormatConfig(nil, "")
			return isErr(err)
		}},
		"Report.Add": {func() string {
			var r Report
			r.Add(nil)
			(*Report)(nil).Add(&Result{})
			r.Add(&Result{Modules: []*Module{nil}})
			return want(r.Len() == 0, "a module was added")
		}},
		"Report.AddError": {func() string {
			var r Report
			r.AddError("", nil)
			(*Report)(nil).AddError("x", nil)
			return want(r.Len() == 1, "no failed module added")
		}},
		"Report.Append": {func() string {
			var r Report
			r.Append(nil)
			(*Report)(nil).Append(&r)
			return want(r.Len() == 0, "a module was added")
		}},
		"Report.Len": {func() string { return want((*Report)(nil).Len() == 0, "a nil report has modules") }},
		"Report.WriteHTML": {func() string {
			var b strings.Builder
			if err := (*Report)(nil).WriteHTML(&b); err != nil {
				return "a nil report: " + err.Error()
			}
			return isErr((&Report{}).WriteHTML(nil))
		}},
		"Report.WriteFile": {func() string { return isErr((&Report{}).WriteFile("")) }},
		"Module.FormatConfig": {func() string {
			_, err := (*Module)(nil).FormatConfig("long")
			if e := isErr(err); e != "" {
				return e
			}
			_, err = (&Module{}).FormatConfig("long")
			return isErr(err)
		}},
		"ReadConfig": {func() string {
			_, err := ReadConfig(nil, Options{})
			return isErr(err)
		}},
		"RemoveTemporaryFiles": {func() string {
			return "" // no argument; called here, it would end every later write of the tests
		}},
		"Rewrite": {func() string {
			_, err := Rewrite(nil, Options{})
			return isErr(err)
		}},
		"RewriteFile": {func() string {
			_, err := RewriteFile("", Options{})
			return isErr(err)
		}},
		"WriteFile": {
			func() string { return isErr(WriteFile("", nil)) },
			func() string {
				path := filepath.Join(dir, "nil-write")
				err := WriteFile(path, nil)
				_, serr := os.Stat(path)
				return want(err != nil && serr != nil, "error %v, file written %v", err, serr == nil)
			},
		},
		"Process": {func() string {
			res, err := Process("", nil, Options{})
			return want(err == nil && !res.OK(), "error %v, OK %v", err, res.OK())
		}},
		"ProcessFile": {func() string {
			_, err := ProcessFile("", Options{})
			return isErr(err)
		}},
		"ProcessFileTo": {func() string {
			_, err := ProcessFileTo("", "", Options{})
			return isErr(err)
		}},
		"ProcessReader": {func() string {
			_, err := ProcessReader("", nil, Options{})
			return isErr(err)
		}},
		"ProcessReaderTo": {
			func() string {
				_, err := ProcessReaderTo("", nil, "", Options{})
				return isErr(err)
			},
			func() string {
				_, err := ProcessReaderTo("", strings.NewReader(smallModule), "", Options{})
				return isErr(err)
			},
		},
		"Options.Check": {func() string { return want(Options{}.Check() == nil, "the zero Options are not valid") }},
		"UsageError.Error": {func() string {
			var e *UsageError
			return want(e.Error() != "", "no message")
		}},
		"ChangedError.Error": {func() string {
			var e *ChangedError
			return want(e.Error() != "", "no message")
		}},
		"NotModuleError.Error": {func() string {
			var e *NotModuleError
			return want(e.Error() != "", "no message")
		}},
	}
	// errFor is what a method that returns err gives for the Result of
	// kind: an error for the kinds listed, none for the others.
	errFor := func(kind string, err error, kinds ...string) string {
		for _, k := range kinds {
			if k == kind {
				return want(err != nil, "no error")
			}
		}
		return want(err == nil, "error %v", err)
	}
	// The output methods fail on every Result but the zero one (which
	// writes nothing), those that read the text only on a nil or closed
	// one, those that read the modules only on a nil one or a nil Module.
	notOutput := []string{"nil", "nil module", "module outside", "edit outside", "edits out of order", "closed"}
	notText := []string{"nil", "closed"}
	notModules := []string{"nil", "nil module"}
	edited := func(kind string) bool { return strings.HasPrefix(kind, "edit") }
	for kind, get := range results {
		add := func(name string, f func(res *Result) string) {
			calls[name] = append(calls[name], func() string {
				if msg := f(get()); msg != "" {
					return kind + " Result: " + msg
				}
				return ""
			})
		}
		add("Result.OK", func(res *Result) string {
			ok := res.OK()
			return want(ok == (kind != "nil" && kind != "nil module"), "OK %v", ok)
		})
		add("Result.Changed", func(res *Result) string {
			return want(res.Changed() == edited(kind), "changed %v", res.Changed())
		})
		add("Result.Config", func(res *Result) string {
			cfg := res.Config()
			return want((cfg != nil) == (edited(kind) || kind == "closed"), "config %v", cfg)
		})
		add("Result.Diagnostics", func(res *Result) string {
			return want(len(res.Diagnostics()) == 0, "diagnostics %v", res.Diagnostics())
		})
		add("Result.Err", func(res *Result) string {
			return errFor(kind, res.Err(), notModules...)
		})
		add("Result.Close", func(res *Result) string {
			return want(res.Close() == nil && res.Close() == nil, "Close failed")
		})
		add("Result.Source", func(res *Result) string {
			src, err := res.Source()
			return errFor(kind, err, notText...) + want((len(src) > 0) == edited(kind), "source %q", src)
		})
		add("Result.ReadAt", func(res *Result) string {
			n, err := res.ReadAt(make([]byte, 4), 0)
			if edited(kind) {
				return want(n == 4 && err == nil, "read %d, error %v", n, err)
			}
			return want(n == 0 && err != nil, "read %d, error %v", n, err)
		})
		add("Result.Bytes", func(res *Result) string {
			b := res.Bytes()
			return want((b == nil) == (kind != "zero") && len(b) == 0, "bytes %q", b)
		})
		add("Result.WriteTo", func(res *Result) string {
			var b bytes.Buffer
			_, err := res.WriteTo(&b)
			_, nerr := res.WriteTo(nil)
			return errFor(kind, err, notOutput...) + want(b.Len() == 0 && nerr != nil, "wrote %q; error for no writer %v", b.String(), nerr)
		})
		add("Result.WriteDiff", func(res *Result) string {
			var b bytes.Buffer
			err := res.WriteDiff(&b, DiffOptions{})
			nerr := res.WriteDiff(nil, DiffOptions{})
			return errFor(kind, err, notOutput...) + want(b.Len() == 0 && nerr != nil, "wrote %q; error for no writer %v", b.String(), nerr)
		})
		add("Result.WriteFile", func(res *Result) string {
			path := filepath.Join(t.TempDir(), "out")
			err := res.WriteFile(path)
			_, serr := os.Stat(path)
			return errFor(kind, err, notOutput...) + want((serr == nil) == (err == nil), "file written %v", serr == nil)
		})
		add("Result.WriteInPlace", func(res *Result) string {
			return want(res.WriteInPlace() != nil, "no error")
		})
		add("Result.WriteJSON", func(res *Result) string {
			nerr := res.WriteJSON(nil, JSONOptions{})
			return errFor(kind, res.WriteJSON(io.Discard, JSONOptions{}), notModules...) + want(nerr != nil, "no error for no writer")
		})
		add("Result.WriteRemarks", func(res *Result) string {
			nerr := res.WriteRemarks(nil)
			return errFor(kind, res.WriteRemarks(io.Discard), notModules...) + want(nerr != nil, "no error for no writer")
		})
		add("Result.WriteRemarksYAML", func(res *Result) string {
			nerr := res.WriteRemarksYAML(nil)
			return errFor(kind, res.WriteRemarksYAML(io.Discard), notModules...) + want(nerr != nil, "no error for no writer")
		})
	}
	return calls
}

// TestNilAndZeroArguments: every exported function and method, called
// with nil or zero arguments and receivers, returns an error or its
// documented zero result; none panics.
func TestNilAndZeroArguments(t *testing.T) {
	calls := zeroCalls(t)
	for _, name := range exportedFuncs(t) {
		if len(calls[name]) == 0 {
			t.Errorf("%s has no call with zero arguments here", name)
		}
	}
	for name, fs := range calls {
		for i, f := range fs {
			noPanic(t, name, func() {
				if msg := f(); msg != "" {
					t.Errorf("%s #%d: %s", name, i, msg)
				}
			})
		}
	}
}

// badReader yields src, then breaks the io.Reader contract as bad says
// once it has yielded at bytes.
type badReader struct {
	src []byte
	at  int
	bad string
}

var errRead = errors.New("the disk is on fire")

func (r *badReader) Read(p []byte) (int, error) {
	if r.at > 0 {
		n := copy(p, r.src[:r.at])
		r.src, r.at = r.src[n:], r.at-n
		return n, nil
	}
	switch r.bad {
	case "too many":
		return len(p) + 1, nil
	case "negative":
		return -1, nil
	case "error with data":
		n := copy(p, r.src[:min(len(r.src), 10)])
		r.src = r.src[n:]
		return n, errRead
	case "panic":
		panic("the reader's own bug")
	}
	n := copy(p, r.src)
	r.src = r.src[n:]
	if len(r.src) == 0 {
		return n, io.EOF // "EOF with data"
	}
	return n, nil
}

// TestMisbehavingReader: a reader that returns a count out of range, or
// panics, ends ProcessReader and ProcessReaderTo with an error, whether
// it misbehaves at once or after the stream was spooled in part (on the
// spooler's goroutine); an error with data is the reader's error; EOF
// with data is the end of a good stream. No output file is left behind.
func TestMisbehavingReader(t *testing.T) {
	small := []byte(smallModule)
	large := mainFirstModule(fileio.MemoryBound + 2<<20)
	wantErr := map[string]string{
		"too many":        "the reader returned",
		"negative":        "the reader returned -1 bytes",
		"error with data": errRead.Error(),
		"panic":           "the reader panicked: the reader's own bug",
		"EOF with data":   "",
	}
	for _, src := range [][]byte{small, large} {
		for _, at := range []int{0, len(src) / 2, len(src) - 10} {
			for bad, want := range wantErr {
				for _, to := range []bool{false, true} {
					name := fmt.Sprintf("%d bytes %s at %d to a file %v", len(src), bad, at, to)
					t.Run(name, func(t *testing.T) {
						dir := t.TempDir()
						out := filepath.Join(dir, "out.mlir")
						r := &badReader{src: src, at: at, bad: bad}
						o := Options{Passes: "buffer-donation-to-alias"}
						var res *Result
						var err error
						if to {
							res, err = ProcessReaderTo("in", r, out, o)
						} else {
							res, err = ProcessReader("in", r, o)
						}
						if res != nil {
							defer res.Close()
						}
						entries, _ := os.ReadDir(dir)
						if want == "" {
							if err != nil || !res.OK() || to && len(entries) != 1 {
								t.Errorf("%s: error %v, files %d", name, err, len(entries))
							}
							return
						}
						if err == nil || !strings.Contains(err.Error(), want) || len(entries) != 0 {
							t.Errorf("%s: error %v, files %d; want an error with %q", name, err, len(entries), want)
						}
					})
				}
			}
		}
	}
}

// TestWriteFilePanics: a write callback that panics (or ends its
// goroutine) leaves the target as it was and no temporary file; the panic
// goes on to the caller.
func TestWriteFilePanics(t *testing.T) {
	for _, exists := range []bool{false, true} {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.mlir")
		if exists {
			if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var got any
		func() {
			defer func() { got = recover() }()
			WriteFile(path, func(w io.Writer) error {
				io.WriteString(w, "new")
				panic("the callback's own bug")
			})
		}()
		if got != "the callback's own bug" {
			t.Errorf("recovered %v", got)
		}
		done := make(chan bool)
		go func() {
			defer close(done)
			WriteFile(path, func(w io.Writer) error {
				io.WriteString(w, "new")
				runtime.Goexit()
				return nil
			})
		}()
		<-done
		entries, _ := os.ReadDir(dir)
		data, err := os.ReadFile(path)
		if exists && (len(entries) != 1 || string(data) != "old") || !exists && (len(entries) != 0 || err == nil) {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("target exists %v: files %v, content %q", exists, names, data)
		}
	}
}
