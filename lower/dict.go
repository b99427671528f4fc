package lower

import "github.com/mhlo-alias/mhlo-alias/ast"

// duplicateKeys reports every key written twice in one dictionary of the
// module's attributes or the entry function's signature, nested ones
// included, as MLIR's parser does: a second mhlo.result_alias or
// jax.buffer_donor on an argument would otherwise be read as the first
// and rewritten as neither. Keys written as strings are compared unquoted.
func (l *lowerer) duplicateKeys() error {
	seen := make(map[*ast.AttrDict]bool, len(l.file.Entry.Args)+len(l.file.Entry.Results)+4)
	if m := l.file.Module; m != nil {
		l.dictKeys(m.Attrs, seen)
	}
	fn := l.file.Entry
	if fn.Sig != nil {
		l.dictKeys(fn.Sig.Attrs, seen)
	}
	l.dictKeys(fn.Props, seen)
	l.dictKeys(fn.Attrs, seen)
	for _, a := range fn.Args {
		l.dictKeys(a.Attrs, seen)
	}
	for _, r := range fn.Results {
		l.dictKeys(r.Attrs, seen)
	}
	return nil
}

// dictKeys checks d and the dictionaries nested in its values, each once.
func (l *lowerer) dictKeys(d *ast.AttrDict, seen map[*ast.AttrDict]bool) {
	if d == nil || seen[d] {
		return
	}
	seen[d] = true
	// A dictionary of a few entries, as on each argument, is checked by
	// comparing each key with those before it; a map only for larger ones.
	var keys map[string]bool
	if len(d.Entries) > smallDict {
		keys = make(map[string]bool, len(d.Entries))
	}
	for i, e := range d.Entries {
		name := e.Name()
		if keys != nil {
			if keys[name] {
				l.diag.Add(e.Pos, "duplicate key '%s' in dictionary attribute", name)
			}
			keys[name] = true
		} else {
			for _, f := range d.Entries[:i] {
				if f.Name() == name {
					l.diag.Add(e.Pos, "duplicate key '%s' in dictionary attribute", name)
					break
				}
			}
		}
		l.attrKeys(e.Value, seen)
	}
}

// smallDict is the most entries a dictionary has for its keys to be
// compared pairwise.
const smallDict = 8

// attrKeys checks the dictionaries inside an attribute value.
func (l *lowerer) attrKeys(a *ast.Attr, seen map[*ast.AttrDict]bool) {
	switch {
	case a == nil:
	case a.Dict != nil:
		l.dictKeys(a.Dict, seen)
	case a.Array != nil:
		for _, el := range a.Array.Elems {
			l.attrKeys(el, seen)
		}
	}
}
