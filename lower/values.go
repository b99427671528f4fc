package lower

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The arguments are read once, in order, and each argument goes through
// the per-argument part of every step right away: its keys
// (duplicateKeys), its shape, its layout, its memory kind, its alias
// claims and its donor. What an argument's parts find is kept for the steps, which report
// it in their order, as if each had read every argument in turn: a step
// reports the first error of its part, the lowest argument's, and only
// when no step before it failed (argOutcome).

// argOutcome is what the per-argument parts of the steps found in a run of
// arguments.
type argOutcome struct {
	// shape, layout and memory are the first error of each part, in
	// order; an argument whose shape failed goes no further.
	shape, layout, memory error
	// points are where each argument is written; shardings each one's
	// sharding, nil when it has none, or nil for all when none has one;
	// shardDiags the warnings reading them gave, for the shardings step.
	points     []model.Point
	shardings  []*model.Sharding
	shardDiags ast.ErrorList
	// claims and donors are the arguments' alias and donor attributes as
	// read, in order, for aliases and donors; the claims are merged once
	// all are read (mergeClaims), when their number is known.
	claims chunks[argClaim]
	donors chunks[argDonor]
}

// chunks is a list that grows a chunk at a time, so that growing it
// copies nothing: claims and donors are counted by the ten thousand.
type chunks[T any] struct {
	list [][]T
	n    int
}

// chunkLen is the length of one chunk.
const chunkLen = 1024

func (c *chunks[T]) add(v T) {
	switch k := len(c.list); {
	case k == 0:
		c.list = append(c.list, nil) // the first chunk grows by append
	case len(c.list[k-1]) == chunkLen:
		c.list = append(c.list, make([]T, 0, chunkLen))
	}
	last := &c.list[len(c.list)-1]
	*last = append(*last, v)
	c.n++
}

// each calls f with each element in order.
func (c *chunks[T]) each(f func(*T)) {
	for _, chunk := range c.list {
		for i := range chunk {
			f(&chunk[i])
		}
	}
}

// argClaim is what resultAlias or aliasingOutput read.
type argClaim struct {
	c   claim
	ok  bool
	err error
}

// argDonor is an argument's jax.buffer_donor: err when its value does not
// resolve, isFalse when it is written `false`.
type argDonor struct {
	arg     int
	pos     ast.Pos
	isFalse bool
	err     error
}

// readArgs reads every argument (see above); with seen, in generic form,
// their dictionaries' keys are checked against those checked already.
func (l *lowerer) readArgs(seen map[*ast.AttrDict]bool) {
	n := len(l.file.Entry.Args)
	l.startArgs(n, n)
	for i := 0; i < n; i++ {
		l.readOne(i, l.arg(i), seen)
	}
	l.endArgs()
}

// startArgs prepares for reading n arguments, or an unknown number, as
// they are decoded, when n is -1; about size are expected.
func (l *lowerer) startArgs(n, size int) {
	size = max(size, 0)
	l.args = make([]model.Shape, 0, size)
	l.argKeys = make([]valueKeys, 0, size)
	l.argNames = make([]model.Name, 0, size)
	l.argOut.points = make([]model.Point, 0, size)
	l.argsKnown = n >= 0
	l.argEntries, l.argLayoutsErr = l.layoutEntries(AttrParamLayouts, n, nil)
}

// endArgs ends the reading of the arguments: when their number was not
// known, the module's parameter layouts, applied as they were read, are
// checked against it now, as startArgs checks them when it is; and the
// claims are merged.
func (l *lowerer) endArgs() {
	n := len(l.args)
	if !l.argsKnown && l.argEntries != nil && len(l.argEntries) != n {
		// The same outcome as when the number is known: that error, and
		// no argument's layout error.
		l.argLayoutsErr = l.layoutCountError(AttrParamLayouts, len(l.argEntries), n)
		l.argOut.layout = nil
	}
	if out := &l.argOut; out.shardings != nil && len(out.shardings) < n {
		out.shardings = append(out.shardings, make([]*model.Sharding, n-len(out.shardings))...)
	}
	if !anyName(l.argNames) {
		l.argNames = nil // most modules name nothing
	}
	l.mergeClaims(&l.argOut.claims)
}

// mergeClaims merges the runs' claims in order, the set grown for all of
// them at once.
func (l *lowerer) mergeClaims(runs ...*chunks[argClaim]) {
	n := 0
	for _, run := range runs {
		n += run.n
	}
	l.claims.grow(n)
	l.claims.names = l.nameConfig()
	for _, run := range runs {
		run.each(func(c *argClaim) {
			if err := l.claims.read(c.c, c.ok, c.err); err != nil {
				l.claimErrs = append(l.claimErrs, err)
			}
		})
		*run = chunks[argClaim]{}
	}
}

// readOne reads argument i, a, the next in order.
func (l *lowerer) readOne(i int, a *ast.Arg, seen map[*ast.AttrDict]bool) {
	l.cur = a
	l.args = append(l.args, model.Shape{})
	l.argOut.points = append(l.argOut.points, model.PointOf(l.pos(a.Pos)))
	l.argKeys = append(l.argKeys, l.dictKeys(a.Attrs, seen))
	l.argNames = append(l.argNames, l.argName(i, a))
	l.readArg(i, a)
	l.cur = nil
}

// readArg runs the per-argument parts of the steps after duplicateKeys
// on argument i.
func (l *lowerer) readArg(i int, a *ast.Arg) {
	out := &l.argOut
	s, err := l.shape(a.Type)
	if err == nil {
		err = l.leaves(&s, a.Type, "argument", i, &l.argLeaves)
	}
	l.args[i] = s
	if err != nil {
		if out.shape == nil {
			out.shape = err
		}
		return
	}
	if l.argLayoutsErr == nil {
		src, mode := sourceAt(l.argEntries, i), l.argEntry(i, keyLayoutMode)
		if src.attr != nil || mode != nil {
			if err := l.layoutOf(&l.args[i], mode, src, valueName{kind: "argument", index: i, name: l.argNames[i]}); err != nil {
				if out.layout == nil {
					out.layout = err
				}
				return
			}
		}
	}
	if err := l.memoryKind(&l.args[i], l.argEntry(i, keyMemoryKind)); err != nil {
		if out.memory == nil {
			out.memory = err
		}
		return
	}
	k := l.argKeys[i]
	if k.has(keyResultAlias) {
		c, ok, err := l.resultAlias(i)
		l.claim(c, ok, err)
	}
	if k.has(keyAliasingOut) {
		c, ok, err := l.aliasingOutput(i)
		l.claim(c, ok, err)
	}
	if k.has(keyBufferDonor) {
		e, v, err := l.value(l.argEntry(i, keyBufferDonor))
		d := argDonor{arg: i, err: err}
		if err == nil {
			d.pos, d.isFalse = l.pos(e.Pos), v != nil && v.BoolText() == "false"
		}
		out.donors.add(d)
	}
	l.readSharding(i)
}

// readSharding reads argument i's sharding, once its shape and layout
// are known; the warnings it gives wait for the shardings step, which
// runs only when no step before it failed.
func (l *lowerer) readSharding(i int) {
	mark := len(l.diag)
	s := l.valueSharding(l.argEntry(i, keySharding), l.argEntry(i, keySdySharding), &l.args[i], func() string { return l.argLabel(i) })
	out := &l.argOut
	if s != nil {
		if out.shardings == nil {
			out.shardings = make([]*model.Sharding, 0, cap(l.args))
		}
		for len(out.shardings) <= i {
			out.shardings = append(out.shardings, nil)
		}
		out.shardings[i] = s
	}
	if len(l.diag) > mark {
		out.shardDiags = append(out.shardDiags, l.diag[mark:]...)
		l.diag = l.diag[:mark]
	}
}

// claim keeps an argument's claim for mergeClaims.
func (l *lowerer) claim(c claim, ok bool, err error) {
	l.argOut.claims.add(argClaim{c, ok, err})
}
