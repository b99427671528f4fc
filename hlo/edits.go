package hlo

import (
	"github.com/mhlo-alias/mhlo-alias/edit"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// Edits returns the edits that write cfg into the header of f: only
// `input_output_alias={...}` and `buffer_donor={...}` change, printed as
// HloModule::ToString prints them. A value equal to what was read keeps
// its text; a changed one is replaced in place; a new one is inserted
// where XLA prints it (aliases after the name and is_scheduled, donors
// after the aliases); an emptied one is removed with its leading ", ".
// Every other byte stays.
//
// Edits lowers f again to learn what was read; a caller that lowered f
// itself passes that to EditsSince instead.
func Edits(f *File, src []byte, cfg *model.Config) ([]edit.Edit, error) {
	old, _ := Lower(f, src)
	return EditsSince(f, src, TablesOf(old), cfg)
}

// Tables are a config's alias and donor tables as the header prints
// them: what Edits compares the rewritten config with.
type Tables struct {
	aliases, donors string
	ok              bool // the config could be built
}

// TablesOf returns cfg's tables; cfg nil (a header that could not be
// lowered) gives tables that match nothing.
func TablesOf(cfg *model.Config) Tables {
	if cfg == nil {
		return Tables{}
	}
	return Tables{aliases: cfg.Aliases.ShortString(), donors: cfg.Donors.ShortString(), ok: true}
}

// EditsSince is Edits given f's tables as read: TablesOf the config
// Lower gave, taken before any pass changed it. It spares
// lowering the file a second time, milliseconds for 2000 parameters.
func EditsSince(f *File, src []byte, read Tables, cfg *model.Config) ([]edit.Edit, error) {
	h := f.Header
	aliasAt := h.NameEnd
	if a := h.Attr("is_scheduled"); a != nil {
		aliasAt = a.Value.End.Offset
	}
	donorAt := aliasAt
	if a := h.Attr(keyAlias); a != nil {
		donorAt = a.Value.End.Offset
	}
	var out []edit.Edit
	if s := cfg.Aliases.ShortString(); !read.ok || s != read.aliases {
		out = appendAttrEdit(out, h.Attr(keyAlias), keyAlias, s, aliasAt)
	}
	if s := cfg.Donors.ShortString(); !read.ok || s != read.donors {
		out = appendAttrEdit(out, h.Attr(keyDonor), keyDonor, s, donorAt)
	}
	if len(out) == 2 && out[1].Start < out[0].Start {
		out[0], out[1] = out[1], out[0]
	}
	// An attribute inserted where the header ends with no white space
	// after it (`HloModule m%c {...`) would take what follows into its
	// value: the last insertion there ends with a space.
	for i := range out {
		e := &out[i]
		last := i+1 == len(out) || out[i+1].Start != e.End
		if e.Start == e.End && e.New != "" && last && e.End < len(src) && !isSpace(src[e.End]) && src[e.End] != ',' {
			e.New += " "
		}
	}
	return out, nil
}

// appendAttrEdit appends the edit that writes key with the entries text
// (empty: no attribute) over the attribute a, or inserts it at `at` when
// a is nil.
func appendAttrEdit(edits []edit.Edit, a *HeaderAttr, key, entries string, at int) []edit.Edit {
	switch {
	case a == nil && entries == "":
		return edits
	case a == nil:
		return append(edits, edit.Edit{Start: at, End: at, New: ", " + key + "={ " + entries + " }"})
	case entries == "":
		return append(edits, edit.Edit{Start: a.Comma, End: a.Value.End.Offset})
	}
	return append(edits, edit.Edit{Start: a.Value.Pos.Offset, End: a.Value.End.Offset, New: "{ " + entries + " }"})
}
