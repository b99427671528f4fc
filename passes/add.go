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
//
// Each output in pre-order takes the lowest-numbered free parameter of its
// key that no earlier output took: the i-th free output of a key gets the
// i-th free parameter of that key. So the free outputs are indexed by key
// (a queue of each key's outputs in pre-order), and the parameters, read
// in ascending order, each take the first output still waiting in their
// key's queue: an index of the outputs, not of every parameter.
func addNewAliases(c *model.Config, kind model.AliasKind) (bool, error) {
	outs, text := freeOutputKeys(c)
	if len(outs) == 0 {
		return false, nil
	}
	// queue[k] is the first output of key k still waiting, next[j] the
	// output after output j of the same key; -1 for none.
	keys := make(map[string]int32, len(outs))
	var queue, tail []int32
	next := make([]int32, len(outs))
	for j, o := range outs {
		next[j] = -1
		k, ok := keys[string(text[o.start:o.end])]
		if !ok {
			keys[string(text[o.start:o.end])] = int32(len(queue))
			queue, tail = append(queue, int32(j)), append(tail, int32(j))
			continue
		}
		next[tail[k]], tail[k] = int32(j), int32(j)
	}
	// Printing the parameters' keys is most of the work: when there are
	// many, in two halves at once. Neither changes the config or the
	// index; key[p] is parameter p's key, or -1.
	key := make([]int32, len(c.Params))
	lookUp := func(from, to int) {
		var buf []byte
		for i := from; i < to; i++ {
			key[i] = -1
			s := &c.Params[i]
			if !s.IsArray() || c.Aliases.ParameterHasAlias(int64(i), model.ShapeIndex{}) {
				continue
			}
			buf = s.AppendText(buf[:0], true)
			if k, ok := keys[string(buf)]; ok {
				key[i] = k
			}
		}
	}
	if n := len(c.Params); n >= parallelKeys && runtime.GOMAXPROCS(0) > 1 {
		done := make(chan struct{})
		go func() {
			defer close(done)
			lookUp(n/2, n)
		}()
		lookUp(0, n/2)
		<-done
	} else {
		lookUp(0, n)
	}
	taken := make([]int64, len(outs))
	for j := range taken {
		taken[j] = -1
	}
	for p, k := range key {
		if k >= 0 && queue[k] >= 0 {
			j := queue[k]
			queue[k] = next[j]
			taken[j] = int64(p)
		}
	}
	// In pre-order, as the compiler sets them up.
	changed := false
	for j, param := range taken {
		if param < 0 {
			continue
		}
		if err := c.Aliases.SetUpAlias(outs[j].out, param, model.ShapeIndex{}, kind, model.Origin{}); err != nil {
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
