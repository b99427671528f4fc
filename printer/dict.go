package printer

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/edit"
)

// dictEdit collects the changes to one attribute dictionary and turns them
// into edits that touch nothing else: a replaced value is spliced over the
// old value, a removed entry takes one separator with it, a new entry goes
// where MLIR's sorted order of keys puts it.
//
// The printer changes at most a few keys of a dictionary, so the changes
// are a short list searched linearly, not maps; a dictEdit is reset and
// reused from one argument to the next.
type dictEdit struct {
	dict *ast.AttrDict // nil when there is no dictionary yet
	ops  []keyOp
}

// keyOp is the change to one key: a new value, or its removal.
type keyOp struct {
	key   string
	value string
	del   bool
}

// reset starts the changes to d, keeping the list's storage.
func (d *dictEdit) reset(dict *ast.AttrDict) {
	d.dict = dict
	d.ops = d.ops[:0]
}

func (d *dictEdit) find(key string) int {
	for i := range d.ops {
		if d.ops[i].key == key {
			return i
		}
	}
	return -1
}

// put makes op the change to its key.
func (d *dictEdit) put(op keyOp) {
	if i := d.find(op.key); i >= 0 {
		d.ops[i] = op
	} else {
		d.ops = append(d.ops, op)
	}
}

// Set gives key the value text, adding the entry if there is none.
func (d *dictEdit) Set(key, value string) { d.put(keyOp{key: key, value: value}) }

// Delete removes the entry key, if there is one.
func (d *dictEdit) Delete(key string) {
	if d.dict.Lookup(key) != nil {
		d.put(keyOp{key: key, del: true})
	} else if i := d.find(key); i >= 0 {
		d.ops = append(d.ops[:i], d.ops[i+1:]...)
	}
}

// deleted reports whether the entry key goes.
func (d *dictEdit) deleted(key string) bool {
	i := d.find(key)
	return i >= 0 && d.ops[i].del
}

// value returns the new value of key, if it has one.
func (d *dictEdit) value(key string) (string, bool) {
	i := d.find(key)
	if i < 0 || d.ops[i].del {
		return "", false
	}
	return d.ops[i].value, true
}

// placement says where a dictionary sits in the text.
type placement struct {
	insertAt  int    // where a new dictionary goes
	before    string // written before a new dictionary ("" or " ")
	after     string // written after a new dictionary
	prevEnd   int    // end of the token before the dictionary (see keepEmpty)
	keepEmpty bool   // an emptied dictionary stays as {} instead of going
}

// appendEdits appends the splices that make the change to edits, their
// texts built in t.
func (d *dictEdit) appendEdits(edits []edit.Edit, p placement, t *texts) []edit.Edit {
	if len(d.ops) == 0 {
		return edits
	}
	var addedBuf [4]int
	added := d.added(addedBuf[:0])
	if d.dict == nil {
		if len(added) == 0 {
			return edits
		}
		t.str(p.before).str("{")
		d.join(t, added)
		return append(edits, edit.Edit{Start: p.insertAt, End: p.insertAt, New: t.str("}").str(p.after).done()})
	}
	var keptBuf [8]*ast.AttrEntry
	kept := keptBuf[:0]
	for _, e := range d.dict.Entries {
		if !d.deleted(e.Name()) {
			kept = append(kept, e)
		}
	}
	switch {
	case len(kept) == 0 && len(added) == 0 && !p.keepEmpty:
		return append(edits, edit.Edit{Start: p.prevEnd, End: d.dict.EndPos.Offset})
	case len(kept) == 0:
		d.join(t, added)
		return append(edits, edit.Edit{Start: d.dict.Pos.Offset + 1, End: d.dict.EndPos.Offset - 1, New: t.done()})
	}
	edits = d.removals(edits, kept)
	edits = d.replacements(edits, kept, t)
	return d.insertions(edits, kept, added, t)
}

// added lists (as indices into ops) the keys that are new to the
// dictionary, sorted by key.
func (d *dictEdit) added(keys []int) []int {
	for i, op := range d.ops {
		if !op.del && d.dict.Lookup(op.key) == nil {
			keys = append(keys, i)
		}
	}
	// Insertion sort: there are a few keys at most.
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && d.ops[keys[j]].key < d.ops[keys[j-1]].key; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// entry appends `key = value` of the op i to the text being built.
func (d *dictEdit) entry(t *texts, i int) {
	t.str(d.ops[i].key).str(" = ").str(d.ops[i].value)
}

// join appends the entries of keys, separated by ", ".
func (d *dictEdit) join(t *texts, keys []int) {
	for n, i := range keys {
		if n > 0 {
			t.str(", ")
		}
		d.entry(t, i)
	}
}

// removals deletes removed entries: those before the first kept entry up
// to it, any other with the separator before it.
func (d *dictEdit) removals(edits []edit.Edit, kept []*ast.AttrEntry) []edit.Edit {
	entries := d.dict.Entries
	first := kept[0]
	for i, e := range entries {
		if !d.deleted(e.Name()) {
			continue
		}
		if e.Pos.Offset < first.Pos.Offset {
			if i == 0 {
				edits = append(edits, edit.Edit{Start: e.Pos.Offset, End: first.Pos.Offset})
			}
			continue
		}
		edits = append(edits, edit.Edit{Start: entries[i-1].EndPos.Offset, End: e.EndPos.Offset})
	}
	return edits
}

// replacements splices new values over the old ones of kept entries.
func (d *dictEdit) replacements(edits []edit.Edit, kept []*ast.AttrEntry, t *texts) []edit.Edit {
	for _, e := range kept {
		v, ok := d.value(e.Name())
		if !ok {
			continue
		}
		if e.Value == nil {
			edits = append(edits, edit.Edit{Start: e.EndPos.Offset, End: e.EndPos.Offset, New: t.str(" = ").str(v).done()})
		} else {
			edits = append(edits, edit.Edit{Start: e.Value.Pos.Offset, End: e.Value.EndPos.Offset, New: v})
		}
	}
	return edits
}

// insertions puts each new entry before the first kept entry whose key
// sorts after it, or after the last one.
func (d *dictEdit) insertions(edits []edit.Edit, kept []*ast.AttrEntry, added []int, t *texts) []edit.Edit {
	for _, k := range added {
		key := d.ops[k].key
		i := 0
		for i < len(kept) && kept[i].Name() <= key {
			i++
		}
		if i < len(kept) {
			d.entry(t, k)
			edits = append(edits, edit.Edit{Start: kept[i].Pos.Offset, End: kept[i].Pos.Offset, New: t.str(", ").done()})
		} else {
			end := kept[len(kept)-1].EndPos.Offset
			t.str(", ")
			d.entry(t, k)
			edits = append(edits, edit.Edit{Start: end, End: end, New: t.done()})
		}
	}
	return edits
}
