package lower

import (
	"runtime"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/internal/faults"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/parser"
)

// Options are xla-translate's options for building the entry computation.
type Options struct {
	// UseTupleArgs makes all arguments one tuple parameter; argument i is
	// parameter 0 at {i}.
	UseTupleArgs bool
	// ReturnTuple makes the output a tuple even for a single result.
	ReturnTuple bool
}

// The attributes the tool reads.
const (
	AttrResultAlias   = "mhlo.result_alias"
	AttrAliasingOut   = "tf.aliasing_output"
	AttrBufferDonor   = "jax.buffer_donor"
	AttrInputOutput   = "mhlo.input_output_alias"
	AttrLayoutMode    = "mhlo.layout_mode"
	AttrParamLayouts  = "mhlo.xla_entry_computation_parameter_layouts"
	AttrResultLayouts = "mhlo.xla_entry_computation_result_layout"
)

type lowerer struct {
	file *ast.File
	src  []byte
	opts Options
	diag ast.ErrorList // errors and warnings

	args    []model.Shape // each argument's shape, with layout
	results []model.Shape // each result's shape, with layout
	cfg     *model.Config
	argKeys []valueKeys            // the entries read of each argument (dict.go)
	resKeys []valueKeys            // and of each result; nil when none has attributes
	tensors map[string]model.Shape // tensor shapes by type text (types.go)
	ints    []int64                // room for the dims of copies (types.go)
	lines   ast.Cursor             // for pos
	window  argWindow              // the arguments decoded last (arg)
}

// argWindow is a run of the entry function's arguments decoded again,
// when the parser kept only their spans (ast.LazyArgs).
type argWindow struct {
	buf   ast.Buffer
	first int
	args  []*ast.Arg
}

// windowArgs is how many arguments one window holds.
const windowArgs = 1024

// arg is argument i of the entry function. Kept only as spans, it is
// decoded again with those around it, in windowArgs runs that reuse one
// buffer: a step reads the arguments in order, and a node is valid only
// until that step reads one of another window. Should the input no
// longer hold what the parser read, arg panics with a changedInput, which
// Lower turns into its error.
func (l *lowerer) arg(i int) *ast.Arg {
	fn := l.file.Entry
	if fn.Lazy == nil {
		return fn.Args[i]
	}
	w := &l.window
	if i < w.first || i >= w.first+len(w.args) {
		from := i / windowArgs * windowArgs
		args, err := fn.Lazy.Decode(&w.buf, l.src, from, min(from+windowArgs, fn.NumArgs()))
		if err != nil {
			w.args = nil
			panic(changedInput{err})
		}
		w.first, w.args = from, args
	}
	return w.args[i-w.first]
}

// changedInput is arg's panic: the input is not what the parser read.
type changedInput struct{ err error }

// recoverChanged, deferred, stores in *dst the changedInput a panic
// carries, stopping it; any other panic goes on.
func recoverChanged(dst *any) {
	if r := recover(); r != nil {
		if _, ok := r.(changedInput); !ok {
			panic(r)
		}
		*dst = r
	}
}

// pos is the position of the offset at, for a diagnostic.
func (l *lowerer) pos(at ast.At) ast.Pos {
	p := l.lines.Pos(l.src, at)
	if p.Filename == "" {
		p.Filename = l.file.Name
	}
	return p
}

// Lower builds the alias-config model of f's entry function: parameter and
// output shapes with layouts, the aliases of every encoding, merged and
// checked, and the donors; then it verifies the result. It returns the
// config (nil if it could not be built) and the diagnostics, warnings
// included; the config is valid when the list holds no error.
func Lower(f *ast.File, src []byte, opts Options) (cfg *model.Config, diags ast.ErrorList) {
	defer func() {
		if r := recover(); r != nil {
			c, ok := r.(changedInput)
			if !ok {
				panic(r)
			}
			cfg, diags = nil, asList(c.err)
		}
	}()
	l := &lowerer{file: f, src: src, opts: opts, lines: ast.NewCursor(f.Lines)}
	steps := []func() error{l.duplicateKeys, l.shapes, l.layouts, l.memoryKinds, l.build, l.aliases}
	for _, step := range steps {
		if err := step(); err != nil {
			l.addError(err)
		}
		if l.diag.HasErrors() {
			l.diag.Sort()
			return nil, l.diag
		}
	}
	l.diag = append(l.diag, model.Verify(l.cfg)...)
	l.diag.Sort()
	if l.diag.HasErrors() {
		return nil, l.diag
	}
	return l.cfg, l.diag
}

// asList is err as diagnostics.
func asList(err error) ast.ErrorList {
	switch e := err.(type) {
	case *ast.Error:
		return ast.ErrorList{e}
	case ast.ErrorList:
		return e
	}
	return ast.ErrorList{ast.Errorf(ast.Pos{}, "%s", err)}
}

// addError adds err, a single diagnostic or a list, to the diagnostics.
func (l *lowerer) addError(err error) {
	switch e := err.(type) {
	case *ast.Error:
		l.diag = append(l.diag, e)
	case ast.ErrorList:
		l.diag = append(l.diag, e...)
	default:
		l.diag.Add(l.file.Entry.Pos, "%s", err)
	}
}

func (l *lowerer) warn(pos ast.Pos, format string, args ...any) {
	e := ast.Errorf(pos, format, args...)
	e.Severity = ast.SevWarning
	l.diag = append(l.diag, e)
}

// shapes converts every argument and result type.
func (l *lowerer) shapes() error {
	fn := l.file.Entry
	nargs := fn.NumArgs()
	l.args = make([]model.Shape, nargs)
	l.results = make([]model.Shape, len(fn.Results))
	return l.parallel(nargs+len(fn.Results), func(sub *lowerer, i int) (err error) {
		if i < nargs {
			sub.args[i], err = sub.shape(sub.arg(i).Type)
			return err
		}
		i -= nargs
		sub.results[i], err = sub.shape(fn.Results[i].Type)
		return err
	})
}

// parallelValues is the number of values from which parallel works on two
// processors (a variable for tests).
var parallelValues = 2048

// parallel calls f(sub, i) for i in [0, n) in order and returns the first
// error, as a loop would. From parallelValues on, the second half runs on
// a goroutine of its own, with sub a lowerer of its own: the same file,
// shapes and entry tables, its own tensor memo and diagnostics, which are
// added to l's unless the first half failed (a loop would not have
// reached them). f may write only element i of the shared slices. The
// values of a long signature are read from a tree far larger than the
// caches, so two processors wait for memory at once.
func (l *lowerer) parallel(n int, f func(sub *lowerer, i int) error) error {
	if n < parallelValues || runtime.GOMAXPROCS(0) < 2 {
		for i := 0; i < n; i++ {
			if err := f(l, i); err != nil {
				return err
			}
		}
		return nil
	}
	mid := n / 2
	sub := &lowerer{file: l.file, src: l.src, opts: l.opts, args: l.args, results: l.results, argKeys: l.argKeys, resKeys: l.resKeys,
		lines: ast.NewCursor(l.file.Lines)}
	var err2 error
	var changed any
	// The values are read from the input, which may be a mapped file: a
	// fault there reaches this goroutine (see internal/faults), and so
	// does arg's panic when the input changed.
	wait := faults.Go(func() {
		defer recoverChanged(&changed)
		for i := mid; i < n && err2 == nil; i++ {
			err2 = f(sub, i)
		}
	})
	var err error
	var changedHere any
	func() {
		defer recoverChanged(&changedHere)
		for i := 0; i < mid && err == nil; i++ {
			err = f(l, i)
		}
	}()
	wait()
	for _, c := range []any{changedHere, changed} {
		if c != nil {
			panic(c)
		}
	}
	if err != nil {
		return err
	}
	l.diag = append(l.diag, sub.diag...)
	return err2
}

// build forms the parameters and the output from the arguments and
// results, as xla-translate does.
func (l *lowerer) build() error {
	fn := l.file.Entry
	params := l.args
	if l.opts.UseTupleArgs {
		params = []model.Shape{model.Tuple(l.args...)}
	}
	resultTuple := len(l.results) != 1 || l.opts.ReturnTuple
	output := model.Tuple(l.results...)
	if !resultTuple {
		output = l.results[0]
	}
	l.cfg = model.NewConfig(params, output)
	l.cfg.Source = model.Source{Func: fn.Pos, TupleArgs: l.opts.UseTupleArgs, ResultTuple: resultTuple}
	src := &l.cfg.Source
	if nargs := fn.NumArgs(); nargs > 0 {
		src.Args = make([]model.Point, nargs)
	}
	if len(fn.Results) > 0 {
		src.Results = make([]model.Point, len(fn.Results))
	}
	// In order, one cursor counting the lines once.
	for i := range src.Args {
		src.Args[i] = model.PointOf(l.pos(fn.ArgPos(i)))
	}
	for i, r := range fn.Results {
		src.Results[i] = model.PointOf(l.pos(r.Pos))
	}
	return nil
}

// resolve follows attribute aliases: `#name` defined as `#name = attr`.
func (l *lowerer) resolve(a *ast.Attr) (*ast.Attr, error) {
	for depth := 0; a != nil && a.AsHash() != nil && a.AsHash().Name != "" && a.Suffix == nil; depth++ {
		span, ok := l.file.AttrAliases[a.AsHash().Name]
		if !ok {
			return a, nil
		}
		if depth >= maxAliasChain {
			return nil, ast.Errorf(l.pos(a.Pos), "attribute alias %s refers to itself", a.AsHash().Name)
		}
		def, err := parser.ParseAttr(l.src, span)
		if err != nil {
			return nil, err
		}
		a = def
	}
	return a, nil
}

// entry returns the value of key in d, aliases resolved, and the entry.
func (l *lowerer) entry(d *ast.AttrDict, key string) (*ast.AttrEntry, *ast.Attr, error) {
	return l.value(d.Lookup(key))
}

// value returns e and its value, aliases resolved; nil for nil.
func (l *lowerer) value(e *ast.AttrEntry) (*ast.AttrEntry, *ast.Attr, error) {
	if e == nil {
		return nil, nil, nil
	}
	v, err := l.resolve(e.Value)
	return e, v, err
}
