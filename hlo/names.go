package hlo

import (
	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/model"
)

// The names of the entry's parameters and outputs. A parameter is named,
// first of these that gives a name, by
//
//  1. its frontend attribute neff_input_names, as torch-neuronx writes it
//     (frontend_attributes={neff_input_names="input14"}): the name the
//     Neuron runtime knows the input by;
//  2. the op_name of its metadata (metadata={op_name="params['w']"}), as
//     JAX writes the argument's path, unless the metadata also has an
//     op_type: then op_name names the operation that made the value
//     (torch-xla's op_type="xla__device_data" op_name="xla__device_data");
//  3. the instruction's name, without its '%' (Arg_0.1, p14.146): the
//     name the module's text refers to it by.
//
// The outputs are named by the ROOT's frontend attribute
// neff_output_names, a comma-separated list with one name for each
// element of a tuple output, or one name for an output that is not a
// tuple.

// The attributes names come from.
const (
	neffInputNames  = "neff_input_names"
	neffOutputNames = "neff_output_names"
)

// names reads the names of the instruction in, whose name is at nameAt,
// from its attributes a: a parameter's Label, and the span of
// neff_output_names for the root.
func (s *scanner) names(in *Instr, nameAt int, a *instrAttrs) {
	src := s.src
	// The attributes are read again behind the scan, which released them:
	// their reading releases on its own.
	var step stepper
	if s.release != nil {
		behind := ast.Behind{Release: s.release}
		step = behind.At
	}
	var neff [2]int
	if a.frontend[1] > 0 {
		eachPair(src, a.frontend[0], a.frontend[1], step, func(key []byte, at, end int, quoted bool) {
			switch {
			case !quoted:
			case string(key) == neffOutputNames:
				in.outNames = [2]int{at, end}
			case string(key) == neffInputNames:
				neff = [2]int{at, end}
			case string(key) == sdySharding:
				in.sdy = [2]int{at, end}
			}
		})
	}
	if in.Param < 0 {
		return
	}
	if n := model.NewName(src, neff[0], neff[1], model.CString); !n.IsZero() {
		in.Label = n
		return
	}
	if a.metadata[1] > 0 {
		var opName [2]int
		opType := false
		eachPair(src, a.metadata[0], a.metadata[1], step, func(key []byte, at, end int, quoted bool) {
			switch string(key) {
			case "op_name":
				if quoted {
					opName = [2]int{at, end}
				}
			case "op_type":
				opType = opType || end > at
			}
		})
		if n := model.NewName(src, opName[0], opName[1], model.CString); !opType && !n.IsZero() {
			in.Label = n
			return
		}
	}
	at := nameAt
	if at < len(src) && src[at] == '%' {
		at++
	}
	in.Label = model.NewName(src, at, in.nameEnd, model.Raw)
}

// entryNames are the names of the entry's parameters, in order, and of
// its outputs, of the shape out.
func entryNames(f *File, src []byte, params []*Instr, out *model.Shape) model.Names {
	names := outputNames(src, f.Entry.Root, out)
	for i, in := range params {
		if !in.Label.IsZero() {
			if names.Params == nil {
				names.Params = make([]model.Name, len(params))
			}
			names.Params[i] = in.Label
		}
	}
	return names
}

// outputNames are the names neff_output_names of the root gives the
// outputs, for an output of the shape out: one for each element of a
// tuple, or the name of an output that is not a tuple.
func outputNames(src []byte, root *Instr, out *model.Shape) model.Names {
	var names model.Names
	at, end := root.outNames[0], root.outNames[1]
	if end <= at || end > len(src) {
		return names
	}
	if !out.IsTuple() {
		names.Output = model.NewName(src, at, end, model.CString)
		return names
	}
	n := len(out.Elems())
	for i, k := at, 0; i <= end && k < n; k++ {
		j := i
		for j < end && src[j] != ',' {
			j++
		}
		if name := model.NewName(src, i, j, model.CString); !name.IsZero() {
			if names.Outputs == nil {
				names.Outputs = make([]model.Name, n)
			}
			names.Outputs[k] = name
		}
		i = j + 1
	}
	return names
}

// eachPair calls f with each key and value of the `{key=value ...}` at
// src[start:end]: a key is a word or a string, pairs are separated by
// white space or commas, and a value is a string (f gets its inside, and
// quoted true) or anything else up to white space, a comma or the closing
// brace, bracket groups (angle brackets too: `#sdy.mesh<[], ...>`) and
// strings inside it skipped.
func eachPair(src []byte, start, end int, step stepper, f func(key []byte, at, end int, quoted bool)) {
	if start >= end || src[start] != '{' {
		return
	}
	i := start + 1
	for {
		for i < end && (isSpace(src[i]) || src[i] == ',') {
			i++
		}
		if i >= end || src[i] == '}' {
			return
		}
		var key []byte
		if src[i] == '"' {
			n, ok := stringLen(src[:end], i, step)
			if !ok {
				return
			}
			key, i = src[i+1:i+n-1], i+n
		} else {
			n := identLen(src[:end], i, step)
			if n == 0 {
				return
			}
			key, i = src[i:i+n], i+n
		}
		for i < end && isSpace(src[i]) {
			i++
		}
		if i >= end || src[i] != '=' {
			return
		}
		i++
		for i < end && isSpace(src[i]) {
			i++
		}
		if i < end && src[i] == '"' {
			n, ok := stringLen(src[:end], i, step)
			if !ok {
				return
			}
			f(key, i+1, i+n-1, true)
			i += n
			continue
		}
		v, depth := i, 0
		for ; i < end; i++ {
			c := src[i]
			if depth == 0 && (isSpace(c) || c == ',' || c == '}') {
				break
			}
			switch c {
			case '{', '[', '(', '<':
				depth++
			case '}', ']', ')', '>':
				depth--
			case '"':
				n, ok := stringLen(src[:end], i, step)
				if !ok {
					return
				}
				i += n - 1
			}
		}
		f(key, v, i, false)
	}
}
