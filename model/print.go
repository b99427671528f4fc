package model

import (
	"fmt"
	"strconv"
	"strings"
)

// String prints the config as HloInputOutputAliasConfig::ToString.
func (c *AliasConfig) String() string {
	var b strings.Builder
	b.WriteString("HloInputOutputAliasConfig\n  Output shape: ")
	b.WriteString(c.shape.String())
	c.ForEachAlias(func(out ShapeIndex, a Alias) {
		kind := "may-"
		if a.Kind == MustAlias {
			kind = "must-"
		}
		fmt.Fprintf(&b, "\n  OutputIndex %s is %saliased with parameter %d at %s:", out, kind, a.ParamNumber, a.ParamIndex)
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
func (c *Config) LongString() string {
	return c.Aliases.String() + "\n" + c.Donors.String() + "\n"
}

// ShortString prints the configs as the fields of an HLO module header,
// "input_output_alias={ ... }, buffer_donor={ ... }", leaving out an empty
// one as HloModule::ToString does; the line is empty when both are.
func (c *Config) ShortString() string {
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
//	{"output_shape": "(f32[2]{0}, s32[])", "aliases": [{"output_index": [0],
//	"parameter_number": 0, "parameter_index": [], "kind": "may"}],
//	"donors": [{"parameter_number": 1, "parameter_index": []}]}
//
// The order of keys and entries is fixed, so the text can be compared.
func (c *Config) JSON() string {
	var b strings.Builder
	b.WriteString(`{"output_shape": `)
	b.WriteString(strconv.Quote(c.Output().StringWithLayout()))
	b.WriteString(`, "aliases": [`)
	first := true
	c.Aliases.ForEachAlias(func(out ShapeIndex, a Alias) {
		if !first {
			b.WriteString(", ")
		}
		first = false
		kind := "may"
		if a.Kind == MustAlias {
			kind = "must"
		}
		fmt.Fprintf(&b, `{"output_index": %s, "parameter_number": %d, "parameter_index": %s, "kind": %q}`,
			jsonInts(out), a.ParamNumber, jsonInts(a.ParamIndex), kind)
	})
	b.WriteString(`], "donors": [`)
	for i, d := range c.Donors.ordered() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"parameter_number": %d, "parameter_index": %s}`, d.ParamNumber, jsonInts(d.ParamIndex))
	}
	b.WriteString("]}\n")
	return b.String()
}

func jsonInts(v ShapeIndex) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
