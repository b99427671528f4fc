package model

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// String prints the config as HloInputOutputAliasConfig::ToString.
func (c *AliasConfig) String() string {
	var b strings.Builder
	b.WriteString("HloInputOutputAliasConfig\n  Output shape: ")
	b.WriteString(c.shape.String())
	c.ForEachAlias(func(out ShapeIndex, a Alias) {
		fmt.Fprintf(&b, "\n  OutputIndex %s is %s-aliased with parameter %d at %s:", out, a.Kind.Word(), a.ParamNumber, a.ParamIndex)
	})
	return b.String()
}

// ShortString prints the aliases as HloInputOutputAliasConfig::ToShortString:
// "{0}: (0, {}, must-alias), {1}: (2, {}, may-alias)".
func (c *AliasConfig) ShortString() string {
	var parts []string
	c.ForEachAlias(func(out ShapeIndex, a Alias) {
		parts = append(parts, out.String()+": "+a.String())
	})
	return strings.Join(parts, ", ")
}

// String prints the donors as HloBufferDonorConfig::ToString.
func (c *DonorConfig) String() string {
	var b strings.Builder
	b.WriteString("HloBufferDonorConfig")
	for _, d := range c.ordered() {
		fmt.Fprintf(&b, "\n  Parameter %d at %s is registered as a buffer donor.", d.ParamNumber, d.ParamIndex)
	}
	return b.String()
}

// ShortString prints the donors as HloBufferDonorConfig::ToShortString:
// "(1, {}), (2, {0})".
func (c *DonorConfig) ShortString() string {
	donors := c.ordered()
	parts := make([]string, len(donors))
	for i, d := range donors {
		parts[i] = fmt.Sprintf("(%d, %s)", d.ParamNumber, d.ParamIndex)
	}
	return strings.Join(parts, ", ")
}

// LongString prints both configs as XLA's ToString texts, one after the
// other, each line ending in a newline.
//
// The print methods of a nil config (a failed module's) print "".
func (c *Config) LongString() string {
	if c == nil {
		return ""
	}
	return c.Aliases.String() + "\n" + c.Donors.String() + "\n"
}

// ShortString prints the configs as the fields of an HLO module header,
// "input_output_alias={ ... }, buffer_donor={ ... }", leaving out an empty
// one as HloModule::ToString does; the line is empty when both are.
func (c *Config) ShortString() string {
	if c == nil {
		return ""
	}
	var parts []string
	if s := c.Aliases.ShortString(); s != "" {
		parts = append(parts, "input_output_alias={ "+s+" }")
	}
	if s := c.Donors.ShortString(); s != "" {
		parts = append(parts, "buffer_donor={ "+s+" }")
	}
	return strings.Join(parts, ", ") + "\n"
}

// JSON prints the configs as one JSON object on one line:
//
//	{"output_shape": "(f32[2]{0}, s32[])", "parameters": [{"parameter_number": 0,
//	"name": "x", "shape": "f32[2]{0}", "bytes": 8, "memory_space": 0}, ...],
//	"outputs": [{"output_index": [0], "shape": "f32[2]{0}", "bytes": 8,
//	"memory_space": 0}, ...], "aliases": [{"output_index": [0],
//	"parameter_number": 0, "parameter_index": [], "parameter_name": "x",
//	"kind": "may", "bytes": 8, "parameter_shape": "f32[2]{0}", "output_shape":
//	"f32[2]{0}", "memory_space": 0}], "donors": [{"parameter_number": 1,
//	"parameter_index": [], "bytes": 4, "shape": "s32[]", "memory_space": 0}],
//	"memory": {"parameter_bytes": 12, ..., "memory_spaces": [...]}}
//
// "bytes" is the output's byte size for an alias and the parameter's for a
// donor (null when unknown); a parameter's is the sum of its array leaves,
// and its "memory_space" that of its leaves, null when they differ or it
// has none. "outputs" are the elements of a tuple output, or the one
// output that is not a tuple, each as a parameter. A parameter's,
// output's and donor's "name", an alias's "output_name" and
// "parameter_name", are the producer's (ParamName, OutputName), each
// only when there is one, right after the number or index it names;
// JSON prints a name whole, but without the module's text a long one is
// its first NameKeep bytes (see WriteJSONRecord). "memory" is MemoryOf(c), with
// "memory_spaces" the same figures for each memory space (MemoryBySpace).
// When XLA would divide the values per device (PerDevice), a parameter or
// output also has its "sharding" (when it has one) and "device_shape",
// the shape one device holds, last.
// The order of keys and entries is fixed, so the text can be compared.
func (c *Config) JSON() string { return c.JSONRecord("", nil) }

// JSONRecord is JSON with head (keys and values, each followed by ", ")
// written first, and each donor for which reason returns true with a
// "reason" key last: why it is unused.
func (c *Config) JSONRecord(head string, reason func(Donor) (string, bool)) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	c.WriteJSONRecord(&b, head, nil, reason)
	return b.String()
}

// WriteJSONRecord writes JSONRecord's text to w, long names whole: src is
// the text of the module the config was read from (Name.WriteJSON), which
// a name's span counts in; nil writes their beginnings.
func (c *Config) WriteJSONRecord(w JSONWriter, head string, src []byte, reason func(Donor) (string, bool)) {
	if c == nil {
		return
	}
	w.WriteByte('{')
	w.WriteString(head)
	w.WriteString(`"output_shape": `)
	w.WriteString(JSONString(c.Output().StringWithLayout()))
	w.WriteString(`, "parameters": [`)
	perDevice := c.PerDevice()
	for i := range c.Params {
		if i > 0 {
			w.WriteString(", ")
		}
		fmt.Fprintf(w, `{"parameter_number": %d`, i)
		writeJSONName(w, "name", c.ParamName(int64(i), nil), src)
		writeJSONValue(w, &c.Params[i], c.ParamSharding(int64(i), nil), perDevice)
	}
	w.WriteString(`], "outputs": [`)
	if out := c.Output(); out.IsTuple() {
		for i := range out.Elems() {
			if i > 0 {
				w.WriteString(", ")
			}
			fmt.Fprintf(w, `{"output_index": [%d]`, i)
			writeJSONName(w, "name", c.OutputName(ShapeIndex{int64(i)}), src)
			writeJSONValue(w, &out.Elems()[i], c.OutputSharding(ShapeIndex{int64(i)}), perDevice)
		}
	} else {
		w.WriteString(`{"output_index": []`)
		writeJSONName(w, "name", c.OutputName(nil), src)
		writeJSONValue(w, out, c.OutputSharding(nil), perDevice)
	}
	w.WriteString(`], "aliases": [`)
	first := true
	c.Aliases.ForEachAlias(func(out ShapeIndex, a Alias) {
		if !first {
			w.WriteString(", ")
		}
		first = false
		fmt.Fprintf(w, `{"output_index": %s`, jsonInts(out))
		writeJSONName(w, "output_name", c.OutputName(out), src)
		fmt.Fprintf(w, `, "parameter_number": %d, "parameter_index": %s`, a.ParamNumber, jsonInts(a.ParamIndex))
		writeJSONName(w, "parameter_name", c.ParamName(a.ParamNumber, a.ParamIndex), src)
		fmt.Fprintf(w, `, "kind": %q`, a.Kind.Word())
		outShape, _ := c.Output().Subshape(out)
		paramShape, _ := c.ParamSubshape(a.ParamNumber, a.ParamIndex)
		fmt.Fprintf(w, `, "bytes": %s, "parameter_shape": %s, "output_shape": %s, "memory_space": %s}`,
			jsonBytes(outShape), jsonShape(paramShape), jsonShape(outShape), jsonSpace(outShape))
	})
	w.WriteString(`], "donors": [`)
	for i, d := range c.Donors.ordered() {
		if i > 0 {
			w.WriteString(", ")
		}
		sub, _ := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
		fmt.Fprintf(w, `{"parameter_number": %d, "parameter_index": %s`, d.ParamNumber, jsonInts(d.ParamIndex))
		writeJSONName(w, "name", c.ParamName(d.ParamNumber, d.ParamIndex), src)
		fmt.Fprintf(w, `, "bytes": %s, "shape": %s, "memory_space": %s`, jsonBytes(sub), jsonShape(sub), jsonSpace(sub))
		if reason != nil {
			if r, ok := reason(d.Donor); ok {
				w.WriteString(`, "reason": ` + JSONString(r))
			}
		}
		w.WriteByte('}')
	}
	w.WriteString(`], "memory": `)
	w.WriteString(memoryJSON(c))
	w.WriteString("}\n")
}

// writeJSONName writes `, "key": "name"`, or nothing for no name.
func writeJSONName(w JSONWriter, key string, n Name, src []byte) {
	if n.IsZero() {
		return
	}
	w.WriteString(`, "` + key + `": `)
	n.WriteJSON(w, src)
}

// writeJSONValue ends the object of a parameter or an output after its
// name: its shape with layout, its bytes (the sum of its array leaves,
// null when unknown) and its memory space; with perDevice its sharding
// sh (when it has one) and the shape one device holds.
func writeJSONValue(w JSONWriter, s *Shape, sh *Sharding, perDevice bool) {
	fmt.Fprintf(w, `, "shape": %s, "bytes": %s, "memory_space": %s`, JSONString(s.StringWithLayout()), jsonBytes(s), jsonSpace(s))
	if perDevice && sh != nil {
		fmt.Fprintf(w, `, "sharding": %s`, JSONString(sh.String()))
	}
	if perDevice {
		fmt.Fprintf(w, `, "device_shape": %s`, JSONString(DeviceShape(s, sh).StringWithLayout()))
	}
	w.WriteByte('}')
}

// jsonSpace is the memory space of the array leaves of s (nil for none)
// as JSON: the number, or null when they are in different spaces or
// there are none.
func jsonSpace(s *Shape) string {
	if s == nil {
		return "null"
	}
	space, seen, mixed := int64(0), false, false
	s.ForEachSubshape(func(_ ShapeIndex, sub *Shape) {
		if !sub.IsArray() {
			return
		}
		if seen && sub.MemorySpace() != space {
			mixed = true
		}
		space, seen = sub.MemorySpace(), true
	})
	if !seen || mixed {
		return "null"
	}
	return strconv.FormatInt(space, 10)
}

// jsonShape prints a subshape with its layout as a JSON string, or null
// for none (nil).
func jsonShape(s *Shape) string {
	if s == nil {
		return "null"
	}
	return JSONString(s.StringWithLayout())
}

// JSONString quotes s as a JSON string: strconv.Quote's escapes are
// JSON's for everything but a few control and non-UTF-8 bytes, which are
// written as \u escapes here.
func JSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func jsonInts(v ShapeIndex) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
