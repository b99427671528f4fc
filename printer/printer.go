package printer

import (
	"runtime"
	"sort"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/internal/faults"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Emit is the encoding the aliases are written in.
type Emit int

// The encodings.
const (
	EmitResultAlias Emit = iota // mhlo.result_alias on each aliased argument
	EmitModule                  // the mhlo.input_output_alias module attribute
	EmitTF                      // tf.aliasing_output on each aliased argument
)

// ParseEmit reads an --emit value; "" is the default, result-alias.
func ParseEmit(s string) (Emit, bool) {
	switch s {
	case "", "result-alias":
		return EmitResultAlias, true
	case "module":
		return EmitModule, true
	case "tf":
		return EmitTF, true
	}
	return 0, false
}

// The attributes the printer writes or removes.
const (
	attrResultAlias = "mhlo.result_alias"
	attrAliasingOut = "tf.aliasing_output"
	attrBufferDonor = "jax.buffer_donor"
	attrInputOutput = "mhlo.input_output_alias"
)

// argAlias is an alias as seen from the argument that holds its parameter.
type argAlias struct {
	arg         int
	out         model.ShapeIndex
	param       int64 // the alias's parameter number and index
	paramIndex  model.ShapeIndex
	kind        model.AliasKind
	origin      ast.Pos // where the source states the alias, if it does
	tupleArgs   bool    // the argument is index {arg} of tuple parameter 0
	resultTuple bool    // the output is a tuple, out[0] its result
}

// path is the alias's index inside the argument.
func (a *argAlias) path() model.ShapeIndex {
	if a.tupleArgs {
		return a.paramIndex[1:]
	}
	return a.paramIndex
}

// result is the result that holds the output.
func (a *argAlias) result() int64 {
	if a.resultTuple {
		return a.out[0]
	}
	return 0
}

// rest is the output's index inside the result.
func (a *argAlias) rest() model.ShapeIndex {
	if a.resultTuple {
		return a.out[1:]
	}
	return a.out
}

// aliasTable holds every alias, ordered by argument; the aliases of
// argument i are all[start[i]:start[i+1]].
type aliasTable struct {
	all   []argAlias
	start []int32
}

func (t *aliasTable) of(i int) []argAlias {
	if i+1 >= len(t.start) {
		return nil
	}
	return t.all[t.start[i]:t.start[i+1]]
}

// printer computes the edits for one module.
type printer struct {
	file  *ast.File
	src   []byte
	cfg   *model.Config
	emit  Emit
	errs  ast.ErrorList
	edits []edit.Edit
	texts texts // the edits' new texts
}

// Edits returns the splices that write cfg into the module f was parsed
// from, in the encoding emit. Errors (an alias the encoding cannot state)
// are an ast.ErrorList.
func Edits(f *ast.File, src []byte, cfg *model.Config, emit Emit) ([]edit.Edit, error) {
	p := &printer{file: f, src: src, cfg: cfg, emit: emit}
	// The edits grow as they come: most arguments of a long signature
	// have none, and a list the size of the arguments would be most of
	// the printer's memory.
	perArg := p.argAliases()
	if emit == EmitModule && f.Module == nil {
		p.errs.Add(f.Entry.Pos, "--emit=module needs a module operation to hold %s; the input has bare functions", attrInputOutput)
	}
	if p.errs.HasErrors() {
		return nil, p.errs
	}
	p.arguments(perArg)
	edit.Sort(p.edits)
	n := len(p.edits)
	p.module()
	if p.errs.HasErrors() {
		return nil, p.errs
	}
	edit.SortTail(p.edits, n)
	if err := edit.Validate(len(src), p.edits); err != nil {
		return nil, err
	}
	return p.edits, nil
}

// argAliases lists every alias by the argument and result that hold it.
func (p *printer) argAliases() aliasTable {
	src := p.cfg.Source
	all := make([]argAlias, 0, p.cfg.Aliases.Len())
	sorted := true
	p.cfg.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		aa := argAlias{arg: int(a.ParamNumber), out: out, param: a.ParamNumber, paramIndex: a.ParamIndex,
			kind: a.Kind, origin: a.Origin.Pos, tupleArgs: src.TupleArgs, resultTuple: src.ResultTuple}
		if src.TupleArgs {
			if len(a.ParamIndex) == 0 {
				p.errs.Add(p.aliasPos(a.Origin.Pos, a.ParamNumber, a.ParamIndex), "%s aliases the whole tuple parameter 0, which no argument attribute can state", p.cfg.OutputIndexLabel(out))
				return
			}
			aa.arg = int(a.ParamIndex[0])
		}
		if src.ResultTuple && len(out) == 0 {
			p.errs.Add(p.aliasPos(a.Origin.Pos, a.ParamNumber, a.ParamIndex), "the whole output tuple is aliased, which no result index can state")
			return
		}
		if n := len(all); n > 0 && all[n-1].arg > aa.arg {
			sorted = false
		}
		all = append(all, aa)
	})
	if !sorted {
		sort.SliceStable(all, func(i, j int) bool { return all[i].arg < all[j].arg })
	}
	nargs := p.file.Entry.NumArgs()
	t := aliasTable{all: all, start: make([]int32, nargs+1)}
	k := 0
	for i := 0; i <= nargs; i++ {
		for k < len(all) && all[k].arg < i {
			k++
		}
		t.start[i] = int32(k)
	}
	return t
}

// aliasPos is where the source states an alias (origin), or else where
// its parameter is.
func (p *printer) aliasPos(origin ast.Pos, param int64, index model.ShapeIndex) ast.Pos {
	if origin.IsValid() {
		return origin
	}
	return p.cfg.ParamPos(param, index)
}

// arguments rewrites each argument's dictionary.
func (p *printer) arguments(perArg aliasTable) {
	fn := p.file.Entry
	if fn.Generic {
		generic := make([]dictEdit, len(fn.Args))
		for i, arg := range fn.Args {
			d := &generic[i]
			d.reset(arg.Attrs)
			p.argAlias(d, i, arg, perArg.of(i))
			p.donor(d, i, arg)
		}
		p.genericArgs(generic)
		return
	}
	n := fn.NumArgs()
	if n < parallelArgs || runtime.GOMAXPROCS(0) < 2 {
		p.argRange(perArg, 0, n)
		return
	}
	// Each argument's edits are its own: the second half on a goroutine
	// with a printer of its own, its edits and errors after the first's.
	sub := &printer{file: p.file, src: p.src, cfg: p.cfg, emit: p.emit}
	// A fault on the input's mapping reaches this goroutine (see
	// internal/faults).
	wait := faults.Go(func() { sub.argRange(perArg, n/2, n) })
	p.argRange(perArg, 0, n/2)
	wait()
	p.edits = append(p.edits, sub.edits...)
	p.errs = append(p.errs, sub.errs...)
}

// parallelArgs is the number of arguments from which arguments works on
// two processors (a variable for tests).
var parallelArgs = 2048

// argRange adds the edits of the custom-form arguments [from, to).
func (p *printer) argRange(perArg aliasTable, from, to int) {
	var d dictEdit
	var reread func(ast.ArgSpan) (*ast.Arg, error)
	if fn := p.file.Entry; fn.Args == nil && fn.Rereader != nil {
		reread = fn.Rereader()
	}
	for i := from; i < to; i++ {
		arg := p.arg(i, perArg.of(i), reread)
		if arg == nil {
			continue
		}
		d.reset(arg.Attrs)
		p.argAlias(&d, i, arg, perArg.of(i))
		p.donor(&d, i, arg)
		end := arg.Type.EndPos.Offset
		p.edits = d.appendEdits(p.edits, placement{insertAt: end, before: " ", prevEnd: end}, &p.texts)
	}
}

// The keys of an ast.ArgSpan, by their index in ast.ArgSpanKeys.
const (
	spanResultAlias = iota
	spanAliasingOut
	spanBufferDonor
)

// arg is argument i of the entry function, to have the aliases given.
// When the arguments' trees were not kept (ast.Func.ArgSpans), it is
// decoded again from its span by reread, and nil when nothing of it can
// change: its dictionary has none of the keys the printer rewrites, and
// it is to have no alias and no donor, or a donor and it has
// jax.buffer_donor.
func (p *printer) arg(i int, aliases []argAlias, reread func(ast.ArgSpan) (*ast.Arg, error)) *ast.Arg {
	fn := p.file.Entry
	if fn.Args != nil {
		return fn.Args[i]
	}
	sp := fn.ArgSpans[i]
	if len(aliases) == 0 && !sp.Has(spanResultAlias) && !sp.Has(spanAliasingOut) && p.isDonor(i) == sp.Has(spanBufferDonor) {
		return nil
	}
	a, err := reread(sp)
	if err != nil {
		p.errs.Add(p.file.PosOf(p.src, sp.Pos), "%s", err)
		return nil
	}
	return a
}

// isDonor reports whether argument i is to be a buffer donor.
func (p *printer) isDonor(i int) bool {
	param, index := int64(i), model.ShapeIndex{}
	if p.cfg.Source.TupleArgs {
		param, index = 0, model.ShapeIndex{int64(i)}
	}
	return p.cfg.Donors.ParameterIsBufferDonor(param, index)
}

// argAlias sets the argument's alias attributes for the chosen encoding.
func (p *printer) argAlias(d *dictEdit, i int, arg *ast.Arg, aliases []argAlias) {
	if len(aliases) > 1 && p.emit != EmitModule {
		p.errs.Add(p.file.PosOf(p.src, arg.Pos), "%s has %d aliases (output indices %s), which %s cannot state; use --emit=module", p.cfg.ArgLabel(i), len(aliases), outList(aliases), p.emitAttr())
		return
	}
	var want string
	if len(aliases) == 1 {
		want = p.aliasText(&aliases[0])
	}
	for _, key := range [...]string{attrResultAlias, attrAliasingOut} {
		switch {
		case want == "" || key != p.emitAttr():
			d.Delete(key)
		case !sameAlias(arg.Attrs.Lookup(key), &aliases[0], key):
			d.Set(key, want)
		}
	}
}

func (p *printer) emitAttr() string {
	switch p.emit {
	case EmitTF:
		return attrAliasingOut
	case EmitResultAlias:
		return attrResultAlias
	}
	return attrInputOutput
}

func outList(aliases []argAlias) string {
	parts := make([]string, len(aliases))
	for i, a := range aliases {
		parts[i] = a.out.String()
	}
	return strings.Join(parts, ", ")
}

// aliasText is the attribute value that states a, or "" after an error.
func (p *printer) aliasText(a *argAlias) string {
	pos := p.aliasPos(a.origin, a.param, a.paramIndex)
	switch p.emit {
	case EmitResultAlias:
		if param, out, ok := p.incompatible(a); ok {
			other := "use --emit=module"
			if a.tfStates() {
				other += " or --emit=tf"
			}
			p.errs.Add(pos, "argument %d%s ('%s') is aliased with output index %s ('%s'); %s states only aliases of compatible types: %s",
				a.arg, a.at(), param.MLIR(), a.out, out.MLIR(), attrResultAlias, other)
			return ""
		}
		return p.resultAliasText(a)
	case EmitTF:
		switch {
		case a.kind == model.MustAlias:
			p.errs.Add(pos, "%s is must-aliased with %s; tf.aliasing_output states only may-aliases: use --emit=result-alias or --emit=module", p.cfg.ArgLabel(a.arg), p.cfg.OutputIndexLabel(a.out))
		case len(a.path()) > 0:
			p.errs.Add(pos, "%s is aliased at %s, a part of the argument; tf.aliasing_output aliases whole arguments: use --emit=result-alias or --emit=module", p.cfg.ArgLabel(a.arg), a.path())
		case len(a.rest()) > 0:
			p.errs.Add(pos, "%s is aliased with the nested %s; tf.aliasing_output names a whole result: use --emit=result-alias or --emit=module", p.cfg.ArgLabel(a.arg), p.cfg.OutputIndexLabel(a.out))
		default:
			return p.texts.int(a.result()).str(" : i32").done()
		}
	}
	return ""
}

// incompatible returns the two sides of a when MHLO's verifier of
// mhlo.result_alias would reject it (element types that differ, or
// dimensions that do not match), and reports whether it would.
func (p *printer) incompatible(a *argAlias) (param, out *model.Shape, bad bool) {
	param, ok1 := p.cfg.ParamSubshape(a.param, a.paramIndex)
	out, ok2 := p.cfg.Output().Subshape(a.out)
	if !ok1 || !ok2 || model.Compatible(param, out) {
		return nil, nil, false
	}
	return param, out, true
}

// tfStates reports whether tf.aliasing_output can state a: a may-alias
// of a whole argument with a whole result.
func (a *argAlias) tfStates() bool {
	return a.kind == model.MayAlias && len(a.path()) == 0 && len(a.rest()) == 0
}

// at names the alias's place inside its argument, " at {1}", or "" for
// the whole argument.
func (a *argAlias) at() string {
	if path := a.path(); len(path) > 0 {
		return " at " + path.String()
	}
	return ""
}

// resultAliasText prints MHLO's ArgResultAliasAttr canonically.
func (p *printer) resultAliasText(a *argAlias) string {
	t := &p.texts
	t.str("#mhlo.result_alias<")
	if path := a.path(); len(path) > 0 {
		t.str("tuple_indices = ")
		t.list(path)
		t.str(", ")
	}
	t.str("result_index = [").int(a.result())
	for _, x := range a.rest() {
		t.str(", ").int(x)
	}
	t.str("]")
	if a.kind == model.MustAlias {
		t.str(", must_alias")
	}
	return t.str(">").done()
}

// sameAlias reports whether the existing entry already states a exactly,
// so that its text can stay as it is.
func sameAlias(e *ast.AttrEntry, a *argAlias, key string) bool {
	if e == nil || e.Value == nil {
		return false
	}
	v := e.Value
	if key == attrAliasingOut {
		n, err := ast.ParseInt(v.Num())
		return v.Num() != "" && err == nil && n == a.result() && a.kind == model.MayAlias
	}
	ra := v.AsResultAlias()
	return ra != nil && ra.MustAlias == (a.kind == model.MustAlias) &&
		model.ShapeIndex(ra.TupleIndices).Equal(a.path()) && sameResultIndex(ra.ResultIndex, a)
}

// sameResultIndex reports whether idx is a's result_index.
func sameResultIndex(idx []int64, a *argAlias) bool {
	rest := a.rest()
	if len(idx) != 1+len(rest) || idx[0] != a.result() {
		return false
	}
	return model.ShapeIndex(idx[1:]).Equal(rest)
}

// donor keeps, adds or removes the argument's jax.buffer_donor. A kept
// one keeps its text, even `false`: XLA checks only its presence.
func (p *printer) donor(d *dictEdit, i int, arg *ast.Arg) {
	present := arg.Attrs.Lookup(attrBufferDonor) != nil
	switch donor := p.isDonor(i); {
	case donor && !present:
		d.Set(attrBufferDonor, "true")
	case !donor && present:
		d.Delete(attrBufferDonor)
	}
}

// module writes or removes the mhlo.input_output_alias module attribute.
func (p *printer) module() {
	m := p.file.Module
	if m == nil {
		return
	}
	d := &dictEdit{dict: m.Attrs}
	if p.emit == EmitModule {
		want := p.moduleText()
		if e := m.Attrs.Lookup(attrInputOutput); e == nil || e.Value == nil || p.text(e.Value.Pos, e.Value.EndPos) != want {
			d.Set(attrInputOutput, want)
		}
	} else {
		d.Delete(attrInputOutput)
	}
	if len(d.ops) == 0 {
		return
	}
	pl := placement{insertAt: m.InsertAt.Offset}
	if m.Generic {
		pl.before = " "
		if m.Attrs != nil {
			pl.prevEnd = p.spaceBefore(m.Attrs.Pos.Offset)
		}
	} else {
		pl.after = " "
		if m.Attrs != nil {
			pl.prevEnd = p.spaceBefore(m.AttrsKeyword.Offset)
		}
	}
	edits := d.appendEdits(nil, pl, &p.texts)
	if !m.Generic && m.Attrs == nil && len(edits) == 1 {
		edits[0].New = "attributes " + edits[0].New
		if at := m.InsertAt.Offset; p.spaceBefore(at) == at {
			// `module{` or `module @m{`: the keyword needs a space.
			edits[0].New = " " + edits[0].New
		}
	}
	p.edits = append(p.edits, edits...)
}

// moduleText prints mhlo.input_output_alias as XLA's importer does.
func (p *printer) moduleText() string {
	t, sep := p.texts.str("["), ""
	p.cfg.Aliases.ForEachAlias(func(out model.ShapeIndex, a model.Alias) {
		kind := "may_alias"
		if a.Kind == model.MustAlias {
			kind = "must_alias"
		}
		t.str(sep).str(`{alias = {kind = "`).str(kind).str(`", parameter_index = `).dense(a.ParamIndex)
		t.str(", parameter_number = ").int(a.ParamNumber).str(" : i64}, output_index = ").dense(out).str("}")
		sep = ", "
	})
	return t.str("]").done()
}

func (p *printer) text(pos, end ast.At) string { return string(p.src[pos.Offset:end.Offset]) }

// spaceBefore returns the offset where the white space before off begins.
func (p *printer) spaceBefore(off int) int {
	for off > 0 && strings.IndexByte(" \t\r\n", p.src[off-1]) >= 0 {
		off--
	}
	return off
}

// genericArgs writes a generic-form function's argument dictionaries,
// which live in the arg_attrs array of its properties (or, in older text,
// of its attribute dictionary).
func (p *printer) genericArgs(dicts []dictEdit) {
	fn := p.file.Entry
	if fn.ArgAttrs != nil {
		for i := range dicts {
			p.edits = dicts[i].appendEdits(p.edits, placement{keepEmpty: true}, &p.texts)
		}
		return
	}
	changed := false
	var keys []int
	t := &p.texts
	t.str("[")
	for i := range dicts {
		d := &dicts[i]
		keys = d.added(keys[:0])
		changed = changed || len(keys) > 0
		if i > 0 {
			t.str(", ")
		}
		t.str("{")
		d.join(t, keys)
		t.str("}")
	}
	elems := t.str("]").done()
	if !changed {
		return
	}
	holder := fn.Props
	if holder.Lookup("function_type") == nil {
		holder = fn.Attrs
	}
	d := &dictEdit{dict: holder}
	d.Set("arg_attrs", elems)
	p.edits = d.appendEdits(p.edits, placement{}, &p.texts)
}
