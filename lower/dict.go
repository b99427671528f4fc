package lower

import (
	"math"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// duplicateKeys reports every key written twice in one dictionary of the
// module's attributes or the entry function's signature, nested ones
// included, as MLIR's parser does: a second mhlo.result_alias or
// jax.buffer_donor on an argument would otherwise be read as the first
// and rewritten as neither. Keys written as strings are compared unquoted.
// It is also where the arguments are read, once, for every step (see
// readArgs and readResults).
func (l *lowerer) duplicateKeys() error {
	seen := l.beginKeys()
	// The results first: the arguments' claims are checked against them.
	l.readResults(seen)
	l.readArgs(seen)
	return nil
}

// beginKeys checks the keys of the dictionaries other than the
// arguments' and the results'. It returns the dictionaries checked in
// generic form, for the arguments' and results' to be checked against;
// nil in custom form.
func (l *lowerer) beginKeys() map[*ast.AttrDict]bool {
	fn := l.file.Entry
	seen := map[*ast.AttrDict]bool{}
	if m := l.file.Module; m != nil {
		l.dictKeys(m.Attrs, seen)
	}
	if fn.Sig != nil {
		l.dictKeys(fn.Sig.Attrs, seen)
	}
	l.dictKeys(fn.Props, seen)
	l.dictKeys(fn.Attrs, seen)
	// In custom form each argument's and result's dictionary is reached
	// once, here; in generic form also through arg_attrs and res_attrs.
	if !fn.Generic {
		return nil
	}
	return seen
}

// argEntry is the entry of argument i's dictionary for key, or nil,
// while argument i is read (readOne).
func (l *lowerer) argEntry(i, key int) *ast.AttrEntry {
	k := l.argKeys[i]
	if !k.has(key) {
		return nil
	}
	return k.entry(l.cur.Attrs, key)
}

// resultEntry is the entry of result i's dictionary for key, or nil
// (resKeys is shorter while the results are read).
func (l *lowerer) resultEntry(i, key int) *ast.AttrEntry {
	if i >= len(l.resKeys) || !l.resKeys[i].has(key) {
		return nil
	}
	return l.resKeys[i].entry(l.result(i).Attrs, key)
}

// valueKeys says where the entries of an argument's or result's
// dictionary that the tool reads are, found in the one walk that checks
// its keys, so that no later step searches the dictionary again: for each
// key, one more than the entry's index in the dictionary, 0 for none. Two
// bytes a key rather than a pointer.
type valueKeys [numKeys]uint16

// farEntry marks an entry whose index 16 bits do not hold: it is looked
// up by its name.
const farEntry = math.MaxUint16

// has reports whether the dictionary has an entry for key.
func (k valueKeys) has(key int) bool { return k[key] != 0 }

// set records entry i of the dictionary for key, unless one is already.
func (k *valueKeys) set(key, i int) {
	if k[key] == 0 {
		k[key] = uint16(min(i+1, farEntry))
	}
}

// entry is the entry for key of d, the dictionary k was read from.
func (k valueKeys) entry(d *ast.AttrDict, key int) *ast.AttrEntry {
	switch x := k[key]; x {
	case 0:
		return nil
	case farEntry:
		return d.Lookup(keyNames[key]) // the first of that name
	default:
		return d.Entries[x-1]
	}
}

// The keys of valueKeys.
const (
	keyResultAlias = iota
	keyAliasingOut
	keyBufferDonor
	keyLayoutMode
	keyMemoryKind
	keyArgInfo
	keyResultInfo
	keyFrontend
	keySharding
	keySdySharding
	numKeys
)

// keyNames are the names of the keys of valueKeys.
var keyNames = [numKeys]string{AttrResultAlias, AttrAliasingOut, AttrBufferDonor, AttrLayoutMode, AttrMemoryKind, AttrArgInfo, AttrResultInfo, AttrFrontend, AttrSharding, AttrSdySharding}

// keyOf returns the valueKeys index of an attribute name, or -1.
func keyOf(name string) int {
	switch name {
	case AttrResultAlias:
		return keyResultAlias
	case AttrAliasingOut:
		return keyAliasingOut
	case AttrBufferDonor:
		return keyBufferDonor
	case AttrLayoutMode:
		return keyLayoutMode
	case AttrMemoryKind:
		return keyMemoryKind
	case AttrArgInfo:
		return keyArgInfo
	case AttrResultInfo:
		return keyResultInfo
	case AttrFrontend:
		return keyFrontend
	case AttrSharding:
		return keySharding
	case AttrSdySharding:
		return keySdySharding
	}
	return -1
}

// dictKeys checks d and the dictionaries nested in its values, each once,
// and returns the entries of d that the tool reads (the first of each
// name). With seen nil, d is known to be reached only once, and only the
// dictionaries nested in it are recorded.
func (l *lowerer) dictKeys(d *ast.AttrDict, seen map[*ast.AttrDict]bool) (known valueKeys) {
	if d == nil {
		return known
	}
	if seen[d] {
		// Checked already (in generic form, as an element of
		// arg_attrs): only its entries are wanted.
		for i, e := range d.Entries {
			if k := keyOf(e.Name()); k >= 0 {
				known.set(k, i)
			}
		}
		return known
	}
	if seen != nil {
		seen[d] = true
	}
	// A dictionary of a few entries, as on each argument, is checked by
	// comparing each key with those before it; a map only for larger ones.
	var keys map[string]bool
	if len(d.Entries) > smallDict {
		keys = make(map[string]bool, len(d.Entries))
	}
	for i, e := range d.Entries {
		name := e.Name()
		if k := keyOf(name); k >= 0 {
			known.set(k, i)
		}
		dup := false
		if keys != nil {
			dup, keys[name] = keys[name], true
		} else {
			for _, f := range d.Entries[:i] {
				dup = dup || f.Name() == name
			}
		}
		if dup {
			l.duplicateKey(e.Pos, name)
		}
		if e.Value != nil && (e.Value.AsDict() != nil || e.Value.AsArray() != nil || e.Value.Twice != nil) {
			if seen == nil {
				seen = map[*ast.AttrDict]bool{d: true}
			}
			l.attrKeys(e.Value, seen)
		}
	}
	return known
}

// smallDict is the most entries a dictionary has for its keys to be
// compared pairwise.
const smallDict = 8

// duplicateKey reports the key name written again at at.
func (l *lowerer) duplicateKey(at ast.At, name string) {
	l.diag.Add(l.pos(at), "duplicate key '%s' in dictionary attribute", ast.Clip(name))
}

// attrKeys checks the dictionaries inside an attribute value; those of a
// value whose insides the parser did not keep, it checked (Attr.Twice).
func (l *lowerer) attrKeys(a *ast.Attr, seen map[*ast.AttrDict]bool) {
	if a != nil && a.Twice != nil {
		l.duplicateKey(a.Twice.Pos, a.Twice.Name)
	}
	switch {
	case a == nil:
	case a.AsDict() != nil:
		l.dictKeys(a.AsDict(), seen)
	case a.AsArray() != nil:
		for _, el := range a.AsArray().Elems {
			l.attrKeys(el, seen)
		}
	}
}
