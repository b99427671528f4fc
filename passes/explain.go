package passes

import (
	"fmt"
	"slices"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The remark categories.
const (
	CategoryAliasAdded      = "alias-added"
	CategoryAliasRemoved    = "alias-removed"
	CategoryAliasRekinded   = "alias-rekinded"
	CategoryDonorConsumed   = "donor-consumed"
	CategoryOutputUnaliased = "output-unaliased"
	CategoryDonorUnused     = "donor-unused"
	CategoryDonorRegistered = "donor-registered"
	CategoryMemory          = "memory"
	CategoryPassFailed      = "pass-failed"
)

// The classes of a Missed remark's Reason, nearest first: the Reason text
// starts with one of them and a colon.
const (
	ClassTaken       = "taken"        // same shape, but already aliased or taken in this pass
	ClassLayout      = "layout"       // differs only in layout
	ClassElementType = "element-type" // same dimensions, other element type
	ClassByteSize    = "byte-size"    // other shape, same byte size
	ClassNone        = "none"         // nothing near
	// ClassFree is an unused donor's when an output of its very shape
	// has no alias: no donation pass has paired them (UnusedDonors).
	ClassFree = "free"
)

// explainFunc reports the Missed remarks of one pass, given its options,
// the pipeline it runs in and the config before and after it ran. A
// Suggestion never names a pass of the pipeline: one that ran did not
// help, and one still to come needs no asking.
type explainFunc func(p *Pass, opts Options, pipeline Pipeline, before, after *model.Config, emit func(ast.Remark))

// explainers are the passes that say what they could not do.
var explainers = map[*Pass]explainFunc{
	AddMustAliases:                 explainDiscovery,
	AddMayAliases:                  explainDiscovery,
	BufferDonationToAlias:          explainDonation,
	OptimizeInputOutputBufferAlias: explainXLADonation,
	JAXDonation:                    explainJAXDonation,
}

// explain reports what one pass did (Passed remarks, from the difference
// between before and after) and what it could not do (its explainer's
// Missed remarks).
func explain(p *Pass, opts Options, pipeline Pipeline, before, after *model.Config, emit func(ast.Remark)) {
	reportAliasChanges(p, before, after, emit)
	reportConsumedDonors(p, before, after, emit)
	if f := explainers[p]; f != nil {
		f(p, opts, pipeline, before, after, emit)
	}
}

// runs reports whether the pipeline runs q.
func (pl Pipeline) runs(q *Pass) bool {
	return slices.ContainsFunc(pl, func(st Step) bool { return st.Pass == q })
}

// reportMemory is the Analysis remark made once per module, after the last
// pass: the memory accounting in one line, at the entry function.
func reportMemory(c *model.Config, pipeline Pipeline, emit func(ast.Remark)) {
	name := "mhlo-alias"
	if len(pipeline) > 0 {
		name = pipeline[len(pipeline)-1].Pass.Name
	}
	emit(ast.Remark{
		Pos: c.Source.Func, Kind: ast.RemarkAnalysis, Pass: name, Category: CategoryMemory,
		Message: model.OneLineOf(c),
	})
}

// reportFailure makes a Failure remark of each error a pass returned, at
// the error's position: the pass tried and could not run.
func reportFailure(p *Pass, errs ast.ErrorList, emit func(ast.Remark)) {
	for _, e := range errs {
		emit(ast.Remark{Pos: e.Pos, Kind: ast.RemarkFailure, Pass: p.Name, Category: CategoryPassFailed, Message: e.Msg})
	}
}

// reportAliasChanges compares the alias of every output before and after
// a pass, in output pre-order.
func reportAliasChanges(p *Pass, before, after *model.Config, emit func(ast.Remark)) {
	after.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		old, hadOld := before.Aliases.GetAliasedParameter(out)
		cur, hasCur := after.Aliases.GetAliasedParameter(out)
		if !hadOld && !hasCur {
			return
		}
		r := ast.Remark{Pos: after.OutputPos(out), Kind: ast.RemarkPassed, Pass: p.Name}
		what := after.OutputLabel(out) + " " + sub.StringWithLayout()
		sameTarget := hadOld && hasCur && old.ParamNumber == cur.ParamNumber && old.ParamIndex.Equal(cur.ParamIndex)
		switch {
		case sameTarget && old.Kind == cur.Kind:
			return
		case sameTarget:
			r.Category = CategoryAliasRekinded
			r.Message = fmt.Sprintf("%s alias with %s at %s changed from %s to %s",
				what, after.ParamLabel(cur.ParamNumber, cur.ParamIndex), cur.ParamIndex, old.Kind.Word(), cur.Kind.Word())
			emit(r)
			return
		}
		if hadOld {
			r.Category = CategoryAliasRemoved
			r.Message = fmt.Sprintf("%s no longer %s-aliased with %s at %s", what, old.Kind.Word(), after.ParamLabel(old.ParamNumber, old.ParamIndex), old.ParamIndex)
			emit(r)
		}
		if hasCur {
			r.Category = CategoryAliasAdded
			r.Message = fmt.Sprintf("%s %s-aliased with %s at %s", what, cur.Kind.Word(), after.ParamLabel(cur.ParamNumber, cur.ParamIndex), cur.ParamIndex)
			emit(r)
		}
	})
}

// reportConsumedDonors reports every donor registered before a pass and not
// after it, with the first output in pre-order that now aliases it.
func reportConsumedDonors(p *Pass, before, after *model.Config, emit func(ast.Remark)) {
	before.Donors.ForEach(func(d model.Donor) {
		if after.Donors.ParameterIsBufferDonor(d.ParamNumber, d.ParamIndex) {
			return
		}
		msg := fmt.Sprintf("donor %s at %s %s", after.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex, paramShape(after, d.ParamNumber, d.ParamIndex))
		if out, ok := after.Aliases.GetAliasedOutput(d.ParamNumber, d.ParamIndex); ok {
			msg += " consumed by " + after.OutputLabel(out)
		} else {
			msg += " unregistered"
		}
		emit(ast.Remark{Pos: after.ParamPos(d.ParamNumber, d.ParamIndex), Kind: ast.RemarkPassed, Pass: p.Name,
			Category: CategoryDonorConsumed, Message: msg})
	})
}

// leafKey is a map key for a parameter leaf.
func leafKey(param int64, index model.ShapeIndex) string {
	return fmt.Sprint(param, index)
}

func paramShape(c *model.Config, param int64, index model.ShapeIndex) string {
	if s, ok := c.ParamSubshape(param, index); ok {
		return s.StringWithLayout()
	}
	return "(no such index)"
}

// candidate is one thing a pass could have paired a leaf with: a
// parameter (for add-*) or an output leaf (for donation).
type candidate struct {
	label string // `parameter 2 "name"`, `output {0} "name"` (Config.ParamLabel, OutputLabel)
	shape *model.Shape
	free  bool // not aliased after the pass
	param int64
	index model.ShapeIndex
	// dev is what one device holds of shape (deviceView), sharded as
	// sharding: XLA's pass compares the byte sizes of those.
	dev      *model.Shape
	sharding *model.Sharding
}

// nearIndex finds, for a leaf the pass left unpaired, the nearest
// candidate by class. Each map holds the first candidate of its key, so a
// lookup is constant time and building it is linear: no leaf is ever
// compared with every candidate.
type nearIndex struct {
	items  []candidate
	taken  map[string]int    // exact key -> first candidate not free
	free   map[string]int    // exact key -> first free candidate
	layout map[string]int    // element type and dims -> first free candidate
	dims   map[string]int    // dims -> first free candidate
	size   map[spaceSize]int // memory space and static byte size -> first free candidate
	key    func(*model.Shape) string
}

func newNearIndex(items []candidate, key func(*model.Shape) string) *nearIndex {
	x := &nearIndex{items: items, key: key,
		taken: map[string]int{}, free: map[string]int{}, layout: map[string]int{}, dims: map[string]int{}, size: map[spaceSize]int{}}
	for i := range items {
		s := items[i].shape
		if !items[i].free {
			setFirst(x.taken, key(s), i)
			continue
		}
		setFirst(x.free, key(s), i)
		setFirst(x.layout, s.String(), i)
		setFirst(x.dims, dimsKey(s), i)
		if n, ok := staticSize(items[i].dev); ok {
			setFirst(x.size, spaceSize{s.MemorySpace(), n}, i)
		}
	}
	return x
}

// spaceSize is a static array's memory space and byte size, the key
// under which XLA's optimize_input_output_buffer_alias pairs buffers.
type spaceSize struct{ space, size int64 }

func setFirst[K comparable](m map[K]int, k K, i int) {
	if _, ok := m[k]; !ok {
		m[k] = i
	}
}

// dimsKey is an array's dims with their dynamic marks, without the
// element type: "[4,<=8]".
func dimsKey(s *model.Shape) string {
	return s.String()[len(s.Elem.String()):]
}

// staticSize is the byte size of a static array, as XLA's
// optimize_input_output_buffer_alias compares them (it skips dynamic
// shapes).
func staticSize(s *model.Shape) (int64, bool) {
	if !s.IsArray() || s.IsDynamic() {
		return 0, false
	}
	return model.ByteSizeOf(s)
}

// nearest returns the class of the nearest candidate for s, of which one
// device holds dev, and the candidate, or ClassNone and nil.
func (x *nearIndex) nearest(s, dev *model.Shape) (string, *candidate) {
	if i, ok := x.taken[x.key(s)]; ok {
		return ClassTaken, &x.items[i]
	}
	if i, ok := x.layout[s.String()]; ok {
		return ClassLayout, &x.items[i]
	}
	if i, ok := x.dims[dimsKey(s)]; ok {
		return ClassElementType, &x.items[i]
	}
	if n, ok := staticSize(dev); ok {
		if i, ok := x.size[spaceSize{s.MemorySpace(), n}]; ok {
			return ClassByteSize, &x.items[i]
		}
	}
	return ClassNone, nil
}

// byteSizeReason is the Reason of the byte-size class: c is static and
// has the byte size of self (its label, sharding and shape), per device
// when v says so, in its memory space, so XLA's
// optimize_input_output_buffer_alias would pair them, unless some leaf of
// the output shape is dynamic: then that pass pairs nothing. When either
// side is split, both shardings are named.
func byteSizeReason(c *candidate, self string, sharding *model.Sharding, s, dev *model.Shape, v devices, dynamicOutput bool) string {
	n, _ := staticSize(dev)
	r := fmt.Sprintf("%s: %s %s has the same byte size (%s) but another shape; ", ClassByteSize, c.label, c.shape.StringWithLayout(), v.bytes(n))
	if dev != s || c.dev != c.shape {
		r += holds(c.label, c.sharding, c.dev) + " and " + holds(self, sharding, dev) + "; "
	}
	if dynamicOutput {
		return r + "XLA's optimize_input_output_buffer_alias would not pair them either, as the output shape is dynamic"
	}
	return r + "XLA's optimize_input_output_buffer_alias would pair them"
}

// xlaSuggestion is the Suggestion of a pair XLA's
// optimize_input_output_buffer_alias would make: run it, after donating
// the parameter (label) when it is not a donor (donated). When the
// pipeline runs that pass already, only the donation is suggested, and
// only if one of its steps pairs registered donors alone.
func xlaSuggestion(pipeline Pipeline, label string, donated bool) string {
	if !pipeline.runs(OptimizeInputOutputBufferAlias) {
		if donated {
			return "run xla-buffer-donation"
		}
		return "donate " + label + " and run xla-buffer-donation"
	}
	if donated {
		return ""
	}
	for _, st := range pipeline {
		if st.Pass != OptimizeInputOutputBufferAlias {
			continue
		}
		if opts, err := st.options(); err == nil && opts.Bool(OptRegisteredDonorsOnly) {
			return "donate " + label
		}
	}
	return ""
}

// layoutReason is the Reason and the Suggestion of the layout class for
// pass p: candidate c has the element type and dims of s, the leaf p left
// unpaired, but another layout or memory space. self names s ("the
// donor", "the output"), pair both leaves ("parameter 2 and output {1}").
// Both passes that have this class pair only equal shapes, and a shape's
// layout holds its memory space, so another memory space is said so.
func layoutReason(p *Pass, c *candidate, s *model.Shape, self, pair string) (reason, suggestion string) {
	cs, ss := c.shape.MemorySpace(), s.MemorySpace()
	if cs == ss {
		return fmt.Sprintf("%s: %s is %s", ClassLayout, c.label, layoutText(c.shape)),
			fmt.Sprintf("give %s the same layout", pair)
	}
	what := "memory space"
	moved := *c.shape
	moved.SetMemorySpace(ss)
	if !model.Equal(&moved, s) {
		what = "layout and memory space"
	}
	return fmt.Sprintf("%s: %s %s is in memory space %d and %s in memory space %d; %s pairs only equal shapes, memory space included",
			ClassLayout, c.label, layoutText(c.shape), cs, self, ss, p.Name),
		fmt.Sprintf("give %s the same %s", pair, what)
}

// explainDiscovery reports each output array leaf that add-must-aliases
// or add-may-aliases left without an alias, with the nearest parameter.
func explainDiscovery(p *Pass, _ Options, pipeline Pipeline, before, after *model.Config, emit func(ast.Remark)) {
	var unaliased []model.ShapeIndex
	after.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() && !after.Aliases.OutputHasAlias(out) {
			unaliased = append(unaliased, out.Clone())
		}
	})
	if len(unaliased) == 0 {
		return
	}
	v := deviceView(after)
	var items []candidate
	for i := range after.Params {
		s := &after.Params[i]
		if !s.IsArray() {
			continue
		}
		items = append(items, candidate{label: after.ParamLabel(int64(i), nil), shape: s, free: !after.Aliases.ParameterHasAlias(int64(i), nil), param: int64(i),
			dev: v.param(int64(i), nil, s), sharding: after.ParamSharding(int64(i), nil)})
	}
	x := newNearIndex(items, (*model.Shape).StringWithLayout) // add-*'s key
	dynamicOutput := after.Output().IsDynamic()
	for _, out := range unaliased {
		sub, _ := after.Output().Subshape(out)
		r := ast.Remark{Pos: after.OutputPos(out), Kind: ast.RemarkMissed, Pass: p.Name, Category: CategoryOutputUnaliased,
			Message: fmt.Sprintf("%s %s has no alias", after.OutputLabel(out), sub.StringWithLayout())}
		dev := v.output(out, sub)
		switch class, c := x.nearest(sub, dev); class {
		case ClassTaken:
			by, _ := after.Aliases.GetAliasedOutput(c.param, nil)
			how := "was taken by " + after.OutputLabel(by) + " earlier in this pass"
			if old, ok := before.Aliases.GetAliasedOutput(c.param, nil); ok {
				how = "is already aliased with " + after.OutputLabel(old)
			}
			r.Reason = fmt.Sprintf("%s: %s %s %s", ClassTaken, c.label, c.shape.StringWithLayout(), how)
		case ClassLayout:
			r.Reason, r.Suggestion = layoutReason(p, c, sub, "the output", fmt.Sprintf("%s and %s", c.label, after.OutputLabel(out)))
		case ClassElementType:
			r.Reason = fmt.Sprintf("%s: %s is %s", ClassElementType, c.label, c.shape.StringWithLayout())
		case ClassByteSize:
			r.Reason = byteSizeReason(c, after.OutputLabel(out), after.OutputSharding(out), sub, dev, v, dynamicOutput)
			if !dynamicOutput {
				r.Suggestion = xlaSuggestion(pipeline, c.label, after.Donors.ParameterIsBufferDonor(c.param, model.ShapeIndex{}))
			}
		default:
			r.Reason = ClassNone + ": no parameter has this shape, these dimensions or this byte size"
		}
		emit(r)
	}
}

// layoutText prints a shape with its layout, or says the layout is
// unresolved.
func layoutText(s *model.Shape) string {
	if !s.HasLayout {
		return s.String() + " with an unresolved layout"
	}
	return s.StringWithLayout()
}

// explainDonation reports each donor buffer-donation-to-alias left unused,
// with the nearest output leaf.
func explainDonation(p *Pass, _ Options, pipeline Pipeline, before, after *model.Config, emit func(ast.Remark)) {
	donors := after.Donors.Donors()
	if len(donors) == 0 {
		return
	}
	var items []candidate
	v := deviceView(after)
	after.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() {
			items = append(items, candidate{label: after.OutputLabel(out), shape: sub,
				free: !after.Aliases.OutputHasAlias(out), index: out.Clone(), dev: v.output(out, sub), sharding: after.OutputSharding(out)})
		}
	})
	x := newNearIndex(items, equalKey)
	dynamicOutput := after.Output().IsDynamic()
	for _, d := range donors {
		r := ast.Remark{Pos: after.ParamPos(d.ParamNumber, d.ParamIndex), Kind: ast.RemarkMissed, Pass: p.Name, Category: CategoryDonorUnused}
		in, ok := after.ParamSubshape(d.ParamNumber, d.ParamIndex)
		if !ok || !in.IsArray() {
			r.Message = fmt.Sprintf("donor %s at %s is not used by any output", after.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex)
			r.Reason = ClassNone + ": the donor is not an array, and only arrays are donated"
			emit(r)
			continue
		}
		r.Message = fmt.Sprintf("donor %s at %s %s is not used by any output", after.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex, in.StringWithLayout())
		dev := v.param(d.ParamNumber, d.ParamIndex, in)
		class, c := x.nearest(in, dev)
		if j, ok := x.free[x.key(in)]; ok {
			// Not after the pass, which would have paired them; for the
			// config of a pipeline that ran none (UnusedDonors).
			class, c = ClassFree, &items[j]
		}
		switch class {
		case ClassTaken:
			a, _ := after.Aliases.GetAliasedParameter(c.index)
			how := fmt.Sprintf("was taken by donor %s at %s earlier in this pass", after.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex)
			if old, ok := before.Aliases.GetAliasedParameter(c.index); ok {
				how = fmt.Sprintf("is already aliased with %s at %s", after.ParamLabel(old.ParamNumber, old.ParamIndex), old.ParamIndex)
			}
			r.Reason = fmt.Sprintf("%s: %s %s %s", ClassTaken, c.label, c.shape.StringWithLayout(), how)
		case ClassFree:
			r.Reason = fmt.Sprintf("%s: %s %s has its shape and no alias; no donation pass has paired them", ClassFree, c.label, c.shape.StringWithLayout())
			if !pipeline.runs(BufferDonationToAlias) {
				r.Suggestion = "run buffer-donation-to-alias"
			}
		case ClassLayout:
			r.Reason, r.Suggestion = layoutReason(p, c, in, "the donor", fmt.Sprintf("%s and %s", after.ParamLabel(d.ParamNumber, d.ParamIndex), c.label))
		case ClassElementType:
			r.Reason = fmt.Sprintf("%s: %s is %s", ClassElementType, c.label, c.shape.StringWithLayout())
		case ClassByteSize:
			r.Reason = byteSizeReason(c, after.ParamLabel(d.ParamNumber, nil), after.ParamSharding(d.ParamNumber, d.ParamIndex), in, dev, v, dynamicOutput)
			if !dynamicOutput {
				r.Suggestion = xlaSuggestion(pipeline, fmt.Sprintf("parameter %d", d.ParamNumber), true)
			}
		default:
			r.Reason = ClassNone + ": no output has this shape, these dimensions or this byte size"
		}
		emit(r)
	}
}

// equalKey is a key under which two arrays are equal exactly as
// model.Equal (Shape::Equal, which buffer-donation-to-alias pairs by)
// says: element type, dims, dynamic flags and the whole layout, memory
// space and tiles included (none when unresolved).
func equalKey(s *model.Shape) string { return string(s.AppendEqualKey(nil)) }

// explainXLADonation reports each registered donor that XLA's
// optimize_input_output_buffer_alias, which pairs buffers by byte size
// alone within a memory space, left unused. The pass's own plan, made
// again on the config before it, says which donors were left and which
// donee is nearest in size: an equal one was taken by another donor in
// this pass; else an output of that size already aliased before the pass
// is named; else the nearest size, and an output of that size in another
// memory space. Linear after the pass's own sort.
func explainXLADonation(p *Pass, opts Options, pipeline Pipeline, before, after *model.Config, emit func(ast.Remark)) {
	donors := after.Donors.Donors()
	if len(donors) == 0 {
		return
	}
	plan, err := planXLADonation(before, opts.Bool(OptRegisteredDonorsOnly))
	if err != nil {
		return
	}
	left := map[string]xlaDonor{}
	if plan != nil {
		for _, d := range plan.leftovers() {
			left[leafKey(d.param, d.index)] = d
		}
	}
	v := deviceView(before)
	aliased := map[spaceSize]model.ShapeIndex{} // outputs aliased before the pass, first of each size
	before.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if n, ok := staticSize(v.output(out, sub)); ok && before.Aliases.OutputHasAlias(out) {
			if _, dup := aliased[spaceSize{sub.MemorySpace(), n}]; !dup {
				aliased[spaceSize{sub.MemorySpace(), n}] = out.Clone()
			}
		}
	})
	var equal map[string]model.ShapeIndex // free outputs by equalKey, for a donor the pass cannot consider
	var sized map[int64]otherSpace        // free outputs by byte size
	for _, d := range donors {
		in, ok := after.ParamSubshape(d.ParamNumber, d.ParamIndex)
		if !ok {
			continue
		}
		r := ast.Remark{Pos: after.ParamPos(d.ParamNumber, d.ParamIndex), Kind: ast.RemarkMissed, Pass: p.Name, Category: CategoryDonorUnused,
			Message: fmt.Sprintf("donor %s at %s %s is not used by any output", after.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex, in.StringWithLayout())}
		x, inPlan := left[leafKey(d.ParamNumber, d.ParamIndex)]
		switch {
		case plan == nil || !inPlan:
			r.Reason = ClassNone + ": the output shape is dynamic, and then the pass pairs nothing"
			if plan != nil {
				r.Reason = ClassNone + ": the donor is not a static array, and the pass donates only those"
			}
			// buffer-donation-to-alias pairs equal shapes, dynamic ones too.
			if equal == nil {
				equal = freeByEqualKey(after)
			}
			if out, ok := equal[equalKey(in)]; ok && in.IsArray() && !pipeline.runs(BufferDonationToAlias) {
				r.Suggestion = fmt.Sprintf("run buffer-donation-to-alias, which would pair it with output %s of its very shape", out)
			}
		default:
			if sized == nil {
				sized = freeBySize(after, v)
			}
			r.Reason, r.Suggestion = xlaReason(p, plan, x, after, before, v, aliased[spaceSize{x.space, x.size}], sized[x.size])
		}
		emit(r)
	}
}

// freeByEqualKey maps the equalKey of each output array leaf without an
// alias to the first such leaf in pre-order.
func freeByEqualKey(c *model.Config) map[string]model.ShapeIndex {
	m := map[string]model.ShapeIndex{}
	c.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		if sub.IsArray() && !c.Aliases.OutputHasAlias(out) {
			if k := equalKey(sub); m[k] == nil {
				m[k] = out.Clone()
			}
		}
	})
	return m
}

// otherSpace holds, for one byte size, the first static output array leaf
// without an alias in pre-order and the first one in another memory space
// than that one's, so that for any memory space the first such leaf
// outside it is one of the two.
type otherSpace struct {
	first, second model.ShapeIndex
	firstSpace    int64
}

// outside returns the first leaf of the size outside memory space sp.
func (o otherSpace) outside(sp int64) (model.ShapeIndex, bool) {
	switch {
	case o.first != nil && o.firstSpace != sp:
		return o.first, true
	case o.second != nil:
		return o.second, true
	}
	return nil, false
}

// freeBySize indexes the static output array leaves without an alias by
// byte size, as v sizes them (see otherSpace).
func freeBySize(c *model.Config, v devices) map[int64]otherSpace {
	m := map[int64]otherSpace{}
	c.Output().ForEachSubshape(func(out model.ShapeIndex, sub *model.Shape) {
		n, ok := staticSize(v.output(out, sub))
		if !ok || c.Aliases.OutputHasAlias(out) {
			return
		}
		o := m[n]
		switch sp := sub.MemorySpace(); {
		case o.first == nil:
			o.first, o.firstSpace = out.Clone(), sp
		case o.second == nil && sp != o.firstSpace:
			o.second = out.Clone()
		}
		m[n] = o
	})
	return m
}

// xlaReason explains one donor the size-matching pass left, with a
// Suggestion when an output of its size waits in another memory space.
// Sizes are per device when v says so, and then a reason that compares
// two sizes says how each side is sharded when either is split.
func xlaReason(p *Pass, plan *xlaPlan, d xlaDonor, after, before *model.Config, v devices, aliased model.ShapeIndex, sized otherSpace) (reason, suggestion string) {
	e, ok := plan.nearestDonee(d)
	if ok && e.size == d.size {
		a, _ := after.Aliases.GetAliasedParameter(e.index)
		sub, _ := after.Output().Subshape(e.index)
		return fmt.Sprintf("%s: %s %s of the same byte size (%s) was taken by donor %s at %s earlier in this pass",
			ClassTaken, after.OutputLabel(e.index), sub.StringWithLayout(), v.bytes(d.size), after.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex), ""
	}
	if aliased != nil {
		a, _ := before.Aliases.GetAliasedParameter(aliased)
		sub, _ := before.Output().Subshape(aliased)
		return fmt.Sprintf("%s: %s %s of the same byte size (%s) is already aliased with %s at %s",
			ClassTaken, before.OutputLabel(aliased), sub.StringWithLayout(), v.bytes(d.size), before.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex), ""
	}
	in, _ := after.ParamSubshape(d.param, d.index)
	inDev, inSharding := v.param(d.param, d.index, in), after.ParamSharding(d.param, d.index)
	reason = fmt.Sprintf("%s: no output without an alias has %s in memory space %d", ClassNone, v.bytes(d.size), d.space)
	split, near := inDev != in, ""
	if ok {
		sub, _ := after.Output().Subshape(e.index)
		dev := v.output(e.index, sub)
		split = split || dev != sub
		near = fmt.Sprintf("; the nearest is %s %s with %s", after.OutputLabel(e.index), sub.StringWithLayout(), v.bytes(e.size))
		if split {
			near += " (" + holds(after.OutputLabel(e.index), after.OutputSharding(e.index), dev) + ")"
		}
		if a, taken := after.Aliases.GetAliasedParameter(e.index); taken && !before.Aliases.OutputHasAlias(e.index) {
			near += fmt.Sprintf(", taken by donor %s at %s earlier in this pass", after.ParamLabel(a.ParamNumber, a.ParamIndex), a.ParamIndex)
		}
	}
	if split {
		reason += " (" + holds(after.ParamLabel(d.param, nil), inSharding, inDev) + ")"
	}
	reason += near
	if out, ok := sized.outside(d.space); ok {
		sub, _ := after.Output().Subshape(out)
		reason += fmt.Sprintf("; %s %s has %s but is in memory space %d, and %s pairs only within a memory space",
			after.OutputLabel(out), sub.StringWithLayout(), v.bytes(d.size), sub.MemorySpace(), p.Name)
		suggestion = fmt.Sprintf("give %s and %s the same memory space", after.ParamLabel(d.param, nil), after.OutputLabel(out))
	}
	return reason, suggestion
}
