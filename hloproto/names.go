package hloproto

import (
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// The names of the entry's parameters and outputs (and the spans of
// their shardings, sharding.go), read as the HLO text
// front end reads them (package hlo): a parameter instruction is named
// by its frontend attribute neff_input_names, else by its metadata's
// op_name when the metadata has no op_type, else by its own name; the
// outputs by the root's neff_output_names, one name for each element of
// a tuple output. Only the entry computation's instructions are walked,
// by their tags and lengths; a name is read up to model.NameKeep bytes
// and otherwise kept as its span. A field that does not read as it
// should ends the walk with the names found so far: the names are for
// people, and nothing else depends on them.

// The fields of HloInstructionProto, OpMetadata, FrontendAttributes and
// its map entries that names come from.
const (
	instrName        = 1
	instrOpcode      = 2
	instrMetadata    = 7
	instrParamNumber = 9
	instrID          = 35
	instrFrontend    = 68
	instrSharding    = 40
	metaOpType       = 1
	metaOpName       = 2
	frontendMap      = 1
	mapKey           = 1
	mapValue         = 2
)

// textSpan is a string field's bytes in the file.
type textSpan struct{ at, end int }

// instrNames is what names reads of one instruction.
type instrNames struct {
	name, opName, neffIn, neffOut textSpan
	sharding                      textSpan // an OpSharding message (sharding.go)
	opType, param                 bool
	number, id                    int64
}

// names reads the names of the entry's parameters and outputs of cfg.
func (m *module) names(src []byte, cfg *model.Config) model.Names {
	var names model.Names
	entry := m.entry()
	if entry == nil {
		return names
	}
	d := newDecoder(src, entry.segs, "", nil)
	d.rel = m.opts.behind()
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return names
		}
		if fl.num != 2 || fl.typ != protowire.BytesType {
			continue
		}
		in, ok := readInstr(d.sub(fl, "", nil))
		if !ok {
			return names
		}
		if in.param && in.number >= 0 && in.number < int64(len(cfg.Params)) {
			if n := in.label(src); !n.IsZero() {
				if names.Params == nil {
					names.Params = make([]model.Name, len(cfg.Params))
				}
				names.Params[in.number] = n
			}
			m.paramSharding(in.number, in.sharding, len(cfg.Params))
		}
		if in.id == entry.rootID {
			m.rootSharding = in.sharding
			if in.neffOut.end > in.neffOut.at {
				outputNames(src, in.neffOut, cfg.Output(), &names)
			}
		}
	}
	return names
}

// entry is the entry computation: the one of entry_computation_id (and
// entry_computation_name, when set), else the one of that name; nil when
// there is none.
func (m *module) entry() *computation {
	for i := range m.comps {
		if m.comps[i].id == m.entryID && (m.entryName == "" || m.comps[i].name == m.entryName) {
			return &m.comps[i]
		}
	}
	for i := range m.comps {
		if m.entryName != "" && m.comps[i].name == m.entryName {
			return &m.comps[i]
		}
	}
	return nil
}

// readInstr reads the fields of an instruction that name it.
func readInstr(d *decoder) (instrNames, bool) {
	var in instrNames
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return in, false
		}
		switch {
		case fl.typ == protowire.VarintType && fl.num == instrParamNumber:
			in.number = int64(fl.val)
		case fl.typ == protowire.VarintType && fl.num == instrID:
			in.id = int64(fl.val)
		case fl.typ != protowire.BytesType:
		case fl.num == instrName:
			in.name = d.span(fl)
		case fl.num == instrOpcode:
			in.param = fl.End-fl.Body == len("parameter") && string(d.content(fl)) == "parameter"
		case fl.num == instrMetadata:
			md := d.sub(fl, "", nil)
			for !md.done() {
				mf, err := md.next()
				if err != nil {
					return in, false
				}
				switch {
				case mf.typ != protowire.BytesType:
				case mf.num == metaOpType:
					in.opType = in.opType || mf.End > mf.Body
				case mf.num == metaOpName:
					in.opName = md.span(mf)
				}
			}
		case fl.num == instrSharding:
			in.sharding = d.span(fl)
		case fl.num == instrFrontend:
			if !readFrontend(d.sub(fl, "", nil), &in) {
				return in, false
			}
		}
	}
	return in, true
}

// readFrontend reads neff_input_names and neff_output_names of an
// instruction's FrontendAttributes.
func readFrontend(d *decoder, in *instrNames) bool {
	for !d.done() {
		fl, err := d.next()
		if err != nil {
			return false
		}
		if fl.num != frontendMap || fl.typ != protowire.BytesType {
			continue
		}
		e := d.sub(fl, "", nil)
		var key string
		var value textSpan
		for !e.done() {
			ef, err := e.next()
			if err != nil {
				return false
			}
			switch {
			case ef.typ != protowire.BytesType:
			case ef.num == mapKey && ef.End-ef.Body <= len("neff_output_names"):
				key = string(e.content(ef))
			case ef.num == mapValue:
				value = e.span(ef)
			}
		}
		switch key {
		case "neff_input_names":
			in.neffIn = value
		case "neff_output_names":
			in.neffOut = value
		}
	}
	return true
}

// span is a length-delimited field's content in the file.
func (d *decoder) span(f field) textSpan {
	return textSpan{f.Body, f.End}
}

// label is a parameter's name: neff_input_names, else op_name without an
// op_type, else the instruction's name.
func (in *instrNames) label(src []byte) model.Name {
	if n := nameAt(src, in.neffIn); !n.IsZero() {
		return n
	}
	if !in.opType {
		if n := nameAt(src, in.opName); !n.IsZero() {
			return n
		}
	}
	return nameAt(src, in.name)
}

// nameAt is the name a string field holds.
func nameAt(src []byte, s textSpan) model.Name {
	if s.end <= s.at {
		return model.Name{}
	}
	return model.RawName(src[s.at:min(s.end, s.at+model.NameKeep)], s.at, s.end)
}

// outputNames sets the names neff_output_names gives the outputs of the
// shape out: one for each element of a tuple, separated by commas, or
// the name of an output that is not a tuple.
func outputNames(src []byte, s textSpan, out *model.Shape, names *model.Names) {
	if !out.IsTuple() {
		names.Output = nameAt(src, s)
		return
	}
	n := len(out.Elems())
	// The list is read whole up to a bound: each name is short, and a
	// list of one name per output is at most some bytes per output.
	text := src[s.at:min(s.end, s.at+n*model.NameKeep)]
	for i, k := 0, 0; i <= len(text) && k < n; k++ {
		j := i
		for j < len(text) && text[j] != ',' {
			j++
		}
		if name := model.RawName(text[i:j], s.at+i, s.at+j); !name.IsZero() {
			if names.Outputs == nil {
				names.Outputs = make([]model.Name, n)
			}
			names.Outputs[k] = name
		}
		i = j + 1
	}
}
