package lower

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/sharding"
)

// Options are xla-translate's options for building the entry computation.
type Options struct {
	// UseTupleArgs makes all arguments one tuple parameter; argument i is
	// parameter 0 at {i}.
	UseTupleArgs bool
	// ReturnTuple makes the output a tuple even for a single result.
	ReturnTuple bool
	// Partitioned overrides the guess of whether the shapes are already
	// per device: "yes" or "no"; "" or "auto" keeps the guess.
	Partitioned string
	// Release, when set, is told of the text of a long value the lowering
	// reads itself (a location, a sharding string), a step at a time, as
	// parser.Options.Release is.
	Release func(from, to int)
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
	argKeys []valueKeys // the entries read of each argument (dict.go)
	// cur is the argument being read (readOne); argsKnown says their
	// number was known before (startArgs).
	cur       *ast.Arg
	argsKnown bool
	// argNames and resultNames are the names of each argument and
	// result (names.go); locs reads the names of locations.
	argNames    []model.Name
	resultNames []model.Name
	locs        *locReader
	resKeys     []valueKeys // and of each result; nil when none has attributes
	// curRes is the result being read, result curResAt (readResult);
	// resultPoints are where each result is written; reread is the
	// result last decoded again (result).
	curRes       *ast.Result
	curResAt     int
	resultPoints []model.Point
	reread       struct {
		fn  func(ast.ArgSpan) (*ast.Arg, error)
		at  int
		res *ast.Result
	}
	tensors     map[string]model.Shape // tensor shapes by type text (types.go)
	tuples      map[string]model.Shape // tuple shapes by type text (types.go)
	ints        []int64                // room for the dims of copies (types.go)
	intsNext    int                    // the size of the next block of ints
	lines       ast.Cursor             // for pos
	aliasShapes map[string]model.Shape // type aliases' shapes by name (types.go)
	// argLeaves and resultLeaves count the leaves of the arguments and
	// results read so far (leaves).
	argLeaves, resultLeaves int64

	resultTuple   bool           // the output is the tuple of the results
	resultsErr    error          // the first result type that did not convert
	argEntries    []layoutSource // the parameters' module layouts, or nil
	argLayoutsErr error          // the error reading them
	argOut        argOutcome     // what readArgs found
	claims        claimSet       // the arguments' claims, merged (argClaims)
	claimErrs     []error        // the errors reading and merging them
	// shardCache holds the shardings read, by their text (sharding.go);
	// meshMap the module's meshes, once a sdy.sharding needs them.
	shardCache sharding.Cache
	meshMap    sharding.Meshes
}

// arg is argument i of the entry function.
func (l *lowerer) arg(i int) *ast.Arg { return l.file.Entry.Args[i] }

// result is result i of the entry function: the one being read
// (readResult), or when the results' trees were not kept (ast.Func.
// ResultSpans), decoded again from its span, into the nodes of the last
// one decoded.
func (l *lowerer) result(i int) *ast.Result {
	fn := l.file.Entry
	switch {
	case l.curRes != nil && i == l.curResAt:
		return l.curRes
	case fn.Results != nil:
		return fn.Results[i]
	case l.reread.at == i && l.reread.res != nil:
		return l.reread.res
	}
	if l.reread.fn == nil {
		l.reread.fn = fn.Rereader()
	}
	sp := fn.ResultSpans[i]
	a, err := l.reread.fn(sp)
	if err != nil {
		// The decoder read it before: only a changed file gets here.
		l.diag.Add(l.pos(sp.Pos), "%s", err)
		a = &ast.Arg{}
	}
	l.reread.at, l.reread.res = i, &ast.Result{Pos: sp.Pos, EndPos: sp.EndPos, Type: a.Type, Attrs: a.Attrs, Loc: a.Loc}
	return l.reread.res
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
func Lower(f *ast.File, src []byte, opts Options) (*model.Config, ast.ErrorList) {
	return lowerRead(f, src, opts, nil)
}

// lowerRead is Lower, calling read, when it is set, once every argument
// has been read: no step after that reads an argument's tree again, which
// is what lets the arguments be read as they are decoded (a test takes
// the trees away in read).
func lowerRead(f *ast.File, src []byte, opts Options, read func()) (*model.Config, ast.ErrorList) {
	l := &lowerer{file: f, src: src, opts: opts, lines: ast.NewCursor(f.Lines)}
	return l.run(0, read)
}

// run runs the steps from the first-th on (Stream has read the
// arguments: it runs from the second).
func (l *lowerer) run(first int, read func()) (*model.Config, ast.ErrorList) {
	steps := []func() error{l.duplicateKeys, l.shapes, l.layouts, l.memoryKinds, l.build, l.shardings, l.aliases, l.verify}
	for k, step := range steps[first:] {
		if l.diag.HasErrors() {
			break
		}
		if err := step(); err != nil {
			l.addError(err)
		}
		if k == 0 && read != nil {
			read()
		}
	}
	l.diag.Sort()
	if l.diag.HasErrors() {
		return nil, l.diag
	}
	return l.cfg, l.diag
}

// verify adds the model's own checks of the config built.
func (l *lowerer) verify() error {
	l.diag = append(l.diag, model.Verify(l.cfg)...)
	return nil
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

// warnLenient is warn for what the module's consumer would reject
// (ast.Error.Lenient).
func (l *lowerer) warnLenient(pos ast.Pos, format string, args ...any) {
	l.warn(pos, format, args...)
	l.diag[len(l.diag)-1].Lenient = true
}

// readResults reads every result once, in order (readResult), then ends
// their reading (endResults).
func (l *lowerer) readResults(seen map[*ast.AttrDict]bool) {
	for i, r := range l.file.Entry.Results {
		l.readResult(i, r, seen)
	}
	l.endResults()
}

// readResult reads result i, r, the next in order: it checks its
// dictionary's keys and reads its name, its position and its shape; the
// steps after read its tree again only for the entries of its layout,
// memory kind and sharding (result).
func (l *lowerer) readResult(i int, r *ast.Result, seen map[*ast.AttrDict]bool) {
	l.curRes, l.curResAt = r, i
	defer func() { l.curRes = nil }()
	l.resultPoints = append(l.resultPoints, model.PointOf(l.pos(r.Pos)))
	if r.Attrs != nil {
		l.resKeys = growTo(l.resKeys, i+1)
		l.resKeys[i] = l.dictKeys(r.Attrs, seen)
	}
	if name := l.resultName(i, r); !name.IsZero() {
		l.resultNames = growTo(l.resultNames, i+1)
		l.resultNames[i] = name
	}
	s, err := l.shape(r.Type)
	if err == nil {
		err = l.leaves(&s, r.Type, "result", i, &l.resultLeaves)
	}
	l.results = append(l.results, s)
	if err != nil && l.resultsErr == nil {
		l.resultsErr = err
	}
}

// endResults ends the reading of the results: the output is their tuple
// unless there is one, and the lists of what only some results have
// cover them all.
func (l *lowerer) endResults() {
	n := len(l.results)
	l.resultTuple = n != 1 || l.opts.ReturnTuple
	if l.resKeys != nil {
		l.resKeys = growTo(l.resKeys, n)
	}
	if l.resultNames != nil {
		l.resultNames = growTo(l.resultNames, n)
	}
}

// growTo is s grown to length n with zero values, when it is shorter.
func growTo[T any](s []T, n int) []T {
	if len(s) >= n {
		return s
	}
	return append(s, make([]T, n-len(s))...)
}

// shapes reports the first value whose type does not convert: the
// arguments' (readArgs), then the results'.
func (l *lowerer) shapes() error {
	if l.argOut.shape != nil {
		return l.argOut.shape
	}
	return l.resultsErr
}

// build forms the parameters and the output from the arguments and
// results, as xla-translate does.
func (l *lowerer) build() error {
	fn := l.file.Entry
	params := l.args
	if l.opts.UseTupleArgs {
		params = []model.Shape{model.Tuple(l.args...)}
	}
	resultTuple := l.resultTuple
	output := model.Tuple(l.results...)
	if !resultTuple {
		output = l.results[0]
	}
	l.cfg = model.NewConfig(params, output)
	l.cfg.Source = model.Source{Func: fn.Pos, TupleArgs: l.opts.UseTupleArgs, ResultTuple: resultTuple}
	l.cfg.Names = l.names()
	src := &l.cfg.Source
	if len(l.args) > 0 {
		src.Args = l.argOut.points // read with the arguments
	}
	if len(l.results) > 0 {
		src.Results = l.resultPoints // read with the results
	}
	return nil
}

// resolve follows attribute aliases: `#name` defined as `#name = attr`.
func (l *lowerer) resolve(a *ast.Attr) (*ast.Attr, error) {
	for depth := 0; a != nil && a.AsHash() != nil && a.AsHash().Name != "" && a.Suffix == nil; depth++ {
		def, ok := l.file.Aliases[a.AsHash().Name]
		if !ok {
			return a, nil
		}
		if depth >= maxAliasChain {
			return nil, l.chainError(a.Pos, "attribute", a.AsHash().Name, func(name string) (string, bool) {
				def, ok := l.file.Aliases[name]
				if !ok || def.Attr == nil || def.Attr.AsHash() == nil || def.Attr.Suffix != nil {
					return "", false
				}
				return def.Attr.AsHash().Name, true
			})
		}
		if def.Err != nil {
			return nil, def.Err
		}
		a = def.Attr
	}
	return a, nil
}

// chainError is the error at pos for an alias chain from name that
// reaches maxAliasChain: the alias refers to itself through the chain, or
// the chain is longer than the limit. next gives the alias an alias's
// definition names, if it is one.
func (l *lowerer) chainError(pos ast.At, kind, name string, next func(string) (string, bool)) error {
	seen := map[string]bool{}
	for n, ok := name, true; ok && len(seen) <= maxAliasChain; n, ok = next(n) {
		if seen[n] {
			return ast.Errorf(l.pos(pos), "%s alias %s refers to itself", kind, n)
		}
		seen[n] = true
	}
	return ast.Errorf(l.pos(pos), "the chain of %s aliases through %s is longer than %d; at most %d are followed", kind, name, maxAliasChain, maxAliasChain)
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
