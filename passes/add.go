package passes

import (
	"runtime"

	"github.com/mhlo-alias/mhlo-alias/model"
)

const discoveryDoc = `

Parameters are keyed by their whole shape printed with layout, as
Shape::ToString(print_layout=true): "f32[2,3]{1,0}". An unresolved layout
prints nothing, so it never matches a resolved one, while two unresolved
layouts of the same type and dims do match; a scalar prints no layout
either way. Output array leaves are visited in pre-order; each one without
an alias takes the lowest-numbered parameter with the same key that no
output aliases yet and no earlier output took in this run. Existing aliases
are kept. Tuple, token and opaque outputs, and tuple, token and opaque
parameters, never match: with use-tuple-args the only parameter is a tuple,
so nothing is found.

A parameter taken this way stops being a buffer donor, so that a donor is
never also aliased (the compiler leaves that to a later verifier).

Reports a change when at least one alias was added.`

// AddMustAliases is the compiler's add-must-aliases (registry slot 45).
var AddMustAliases = &Pass{
	Name: "add-must-aliases",
	Doc:  "pair identical parameters and outputs as must-aliases" + discoveryDoc,
	Run:  func(c *model.Config, _ Options) (bool, error) { return addNewAliases(c, model.MustAlias) },
}

// AddMayAliases is the compiler's add-may-aliases (registry slot 46).
var AddMayAliases = &Pass{
	Name: "add-may-aliases",
	Doc:  "pair identical parameters and outputs as may-aliases" + discoveryDoc,
	Run:  func(c *model.Config, _ Options) (bool, error) { return addNewAliases(c, model.MayAlias) },
}

// addNewAliases is the compiler's AddNewAliases: the kind is only what the
// new aliases are stamped with; discovery is the same for both passes.
func addNewAliases(c *model.Config, kind model.AliasKind) (bool, error) {
	// Printing the keys is most of the work; the parameters' and the
	// outputs' are printed at once when there are many. Neither side
	// changes the config, and a new alias only ever lands on the output
	// being visited, so reading every output's state first reads what the
	// walk in pre-order would.
	var free map[string]*paramQueue
	var outs []outputKey
	var text []byte
	if len(c.Params) >= parallelKeys && runtime.GOMAXPROCS(0) > 1 {
		done := make(chan struct{})
		go func() {
			defer close(done)
			free = freeParams(c)
		}()
		outs, text = freeOutputKeys(c)
		<-done
	} else {
		free = freeParams(c)
		outs, text = freeOutputKeys(c)
	}
	changed := false
	for _, o := range outs {
		q := free[string(text[o.start:o.end])]
		if q == nil || len(q.params) == 0 {
			continue
		}
		// Consume on match, so two outputs never claim one parameter.
		param := q.params[0]
		q.params = q.params[1:]
		if err := c.Aliases.SetUpAlias(o.out, param, model.ShapeIndex{}, kind, model.Origin{}); err != nil {
			return changed, err
		}
		c.Donors.RemoveBufferDonor(param, model.ShapeIndex{})
		changed = true
	}
	return changed, nil
}

// parallelKeys is the number of parameters from which addNewAliases
// prints the parameters' and the outputs' keys at once (a variable for
// tests).
var parallelKeys = 2048

// outputKey is an output array leaf without an alias and its key,
// text[start:end] of freeOutputKeys.
type outputKey struct {
	out        model.ShapeIndex
	start, end int
}

// freeOutputKeys lists the output array leaves that have no alias, in
// pre-order, with their shapes printed with layout one after the other in
// text.
func freeOutputKeys(c *model.Config) (outs []outputKey, text []byte) {
	// ForEachOutput's indices stay valid, so the list holds them as they
	// are.
	c.Aliases.ForEachOutput(func(out model.ShapeIndex, sub *model.Shape) {
		if !sub.IsArray() || c.Aliases.OutputHasAlias(out) {
			return
		}
		start := len(text)
		text = sub.AppendText(text, true)
		outs = append(outs, outputKey{out, start, len(text)})
	})
	return outs, text
}

// paramQueue is the free parameters of one key, in ascending order; its
// head is the lowest-numbered candidate.
type paramQueue struct{ params []int64 }

// freeParams indexes the array parameters that no output aliases by their
// shape printed with layout. The map is only ever looked up, never ranged
// over, so its order cannot leak into the result.
func freeParams(c *model.Config) map[string]*paramQueue {
	free := map[string]*paramQueue{}
	var buf []byte
	for i := range c.Params {
		p := int64(i)
		s := &c.Params[i]
		if !s.IsArray() || c.Aliases.ParameterHasAlias(p, model.ShapeIndex{}) {
			continue
		}
		buf = s.AppendText(buf[:0], true)
		q := free[string(buf)]
		if q == nil {
			q = &paramQueue{}
			free[string(buf)] = q
		}
		q.params = append(q.params, p)
	}
	return free
}
