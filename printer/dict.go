package printer

import (
	"sort"
	"strings"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// dictEdit collects the changes to one attribute dictionary and turns them
// into edits that touch nothing else: a replaced value is spliced over the
// old value, a removed entry takes one separator with it, a new entry goes
// where MLIR's sorted order of keys puts it.
type dictEdit struct {
	dict *ast.AttrDict // nil when there is no dictionary yet
	set  map[string]string
	del  map[string]bool
}

// newDictEdit starts the changes to d. Its maps are made on the first
// change: most dictionaries of a signature of thousands of arguments do
// not change.
func newDictEdit(d *ast.AttrDict) *dictEdit { return &dictEdit{dict: d} }

// Set gives key the value text, adding the entry if there is none.
func (d *dictEdit) Set(key, value string) {
	if d.set == nil {
		d.set = map[string]string{}
	}
	d.set[key] = value
	delete(d.del, key)
}

// Delete removes the entry key, if there is one.
func (d *dictEdit) Delete(key string) {
	if d.dict.Lookup(key) != nil {
		if d.del == nil {
			d.del = map[string]bool{}
		}
		d.del[key] = true
	}
	delete(d.set, key)
}

// changed reports whether the dictionary changes at all.
func (d *dictEdit) changed() bool { return len(d.set) > 0 || len(d.del) > 0 }

// placement says where a dictionary sits in the text.
type placement struct {
	insertAt  int    // where a new dictionary goes
	before    string // written before a new dictionary ("" or " ")
	after     string // written after a new dictionary
	prevEnd   int    // end of the token before the dictionary (see keepEmpty)
	keepEmpty bool   // an emptied dictionary stays as {} instead of going
}

// edits returns the splices that make the change.
func (d *dictEdit) edits(p placement) []Edit {
	if !d.changed() {
		return nil
	}
	added := d.added()
	if d.dict == nil {
		if len(added) == 0 {
			return nil
		}
		return []Edit{{Start: p.insertAt, End: p.insertAt, New: p.before + "{" + d.join(added) + "}" + p.after}}
	}
	var kept []*ast.AttrEntry
	for _, e := range d.dict.Entries {
		if !d.del[e.Name()] {
			kept = append(kept, e)
		}
	}
	switch {
	case len(kept) == 0 && len(added) == 0 && !p.keepEmpty:
		return []Edit{{Start: p.prevEnd, End: d.dict.EndPos.Offset}}
	case len(kept) == 0:
		return []Edit{{Start: d.dict.Pos.Offset + 1, End: d.dict.EndPos.Offset - 1, New: d.join(added)}}
	}
	edits := d.removals(kept)
	edits = append(edits, d.replacements(kept)...)
	return append(edits, d.insertions(kept, added)...)
}

// added lists the keys that are new to the dictionary, sorted.
func (d *dictEdit) added() []string {
	var keys []string
	for k := range d.set {
		if d.dict.Lookup(k) == nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func (d *dictEdit) entry(key string) string { return key + " = " + d.set[key] }

func (d *dictEdit) join(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = d.entry(k)
	}
	return strings.Join(parts, ", ")
}

// removals deletes removed entries: those before the first kept entry up
// to it, any other with the separator before it.
func (d *dictEdit) removals(kept []*ast.AttrEntry) []Edit {
	var edits []Edit
	entries := d.dict.Entries
	first := kept[0]
	for i, e := range entries {
		if !d.del[e.Name()] {
			continue
		}
		if e.Pos.Offset < first.Pos.Offset {
			if i == 0 {
				edits = append(edits, Edit{Start: e.Pos.Offset, End: first.Pos.Offset})
			}
			continue
		}
		edits = append(edits, Edit{Start: entries[i-1].EndPos.Offset, End: e.EndPos.Offset})
	}
	return edits
}

// replacements splices new values over the old ones of kept entries.
func (d *dictEdit) replacements(kept []*ast.AttrEntry) []Edit {
	var edits []Edit
	for _, e := range kept {
		v, ok := d.set[e.Name()]
		if !ok {
			continue
		}
		if e.Value == nil {
			edits = append(edits, Edit{Start: e.EndPos.Offset, End: e.EndPos.Offset, New: " = " + v})
		} else {
			edits = append(edits, Edit{Start: e.Value.Pos.Offset, End: e.Value.EndPos.Offset, New: v})
		}
	}
	return edits
}

// insertions puts each new entry before the first kept entry whose key
// sorts after it, or after the last one.
func (d *dictEdit) insertions(kept []*ast.AttrEntry, added []string) []Edit {
	var edits []Edit
	for _, k := range added {
		i := 0
		for i < len(kept) && kept[i].Name() <= k {
			i++
		}
		if i < len(kept) {
			edits = append(edits, Edit{Start: kept[i].Pos.Offset, End: kept[i].Pos.Offset, New: d.entry(k) + ", "})
		} else {
			end := kept[len(kept)-1].EndPos.Offset
			edits = append(edits, Edit{Start: end, End: end, New: ", " + d.entry(k)})
		}
	}
	return edits
}
