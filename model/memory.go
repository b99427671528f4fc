package model

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ByteSizeOf is the size in bytes of the buffers of s, as XLA's
// ShapeUtil::ByteSizeOf counts them: for an array, its element count times
// the element's byte width (pred and the sub-byte types take one byte per
// element, as without a layout element size); for a tuple, the sum of its
// elements' array leaves (the tuple's own index table is not counted);
// tokens and opaque leaves take none. A bounded dynamic dimension counts at
// its bound. The size is unknown (ok false) when some array leaf has an
// unbounded dimension ("?") or a size that does not fit in 64 bits.
func ByteSizeOf(s *Shape) (size int64, ok bool) {
	switch s.Kind {
	case ArrayShape:
		if !s.byteSizeFits() { // an unbounded dimension (-1) does not fit either
			return 0, false
		}
		return s.ByteSize(), true
	case TupleShape:
		for i := range s.Elems() {
			n, ok := ByteSizeOf(&s.Elems()[i])
			if !ok || size+n < size {
				return 0, false
			}
			size += n
		}
	}
	return size, true
}

// Memory is the device-memory accounting of a config, in bytes. Leaves
// whose size is unknown (an unbounded dynamic dimension) are counted in
// UnknownSizeLeaves and in no byte total; the byte totals never guess.
type Memory struct {
	Parameters     int   // array leaves of all parameters
	ParameterBytes int64 // their bytes
	Outputs        int   // array leaves of the output
	OutputBytes    int64 // their bytes

	MustAliases    int   // must-aliases
	MustAliasBytes int64 // bytes of the outputs they alias
	MayAliases     int   // may-aliases
	MayAliasBytes  int64 // bytes of the outputs they alias

	UnusedDonors     int   // donors still registered
	UnusedDonorBytes int64 // the bytes they hold

	UnaliasedOutputs     int   // output array leaves without an alias
	UnaliasedOutputBytes int64 // their bytes

	UnknownSizeLeaves int // parameter and output array leaves of unknown size
}

// MemoryOf accounts c's parameters, outputs, aliases and donors. It is
// linear in the number of leaves.
func MemoryOf(c *Config) Memory { return sumSpaces(MemoryBySpace(c)) }

// sumSpaces adds up the accountings of the spaces.
func sumSpaces(spaces []SpaceMemory) Memory {
	var m Memory
	for _, s := range spaces {
		m.Add(s.Memory)
	}
	return m
}

// SpaceMemory is the accounting of the leaves in one memory space.
type SpaceMemory struct {
	Space int64 // the layout's memory space: 0 device, 5 host
	Memory
}

// MemoryBySpace is MemoryOf split by memory space: one SpaceMemory for
// each space that holds a leaf (an alias counts in its output's space, a
// donor in its parameter's), in ascending order. Device memory and host
// memory are different resources, so their bytes are never added. It is
// linear in the number of leaves, whatever the number of spaces.
func MemoryBySpace(c *Config) []SpaceMemory { return memoryBySpace(c, false) }

// DeviceMemoryBySpace is MemoryBySpace at the sizes one device holds
// (each leaf's sharding's tile) when c.PerDevice, else nil. The counts
// are those of MemoryBySpace.
func DeviceMemoryBySpace(c *Config) []SpaceMemory {
	if !c.PerDevice() {
		return nil
	}
	return memoryBySpace(c, true)
}

// memoryBySpace adds each leaf of c to the Memory of its memory space,
// with perDevice at the size of its sharding's tile.
func memoryBySpace(c *Config, perDevice bool) []SpaceMemory {
	if c == nil {
		return nil // a failed module's: nothing
	}
	at := map[int64]*Memory{}
	in := func(space int64) *Memory {
		m := at[space]
		if m == nil {
			m = new(Memory)
			at[space] = m
		}
		return m
	}
	tile := func(s *Sharding, sub *Shape) *Shape {
		if perDevice {
			return s.TileShape(sub)
		}
		return sub
	}
	for i := range c.Params {
		c.Params[i].ForEachSubshape(func(index ShapeIndex, sub *Shape) {
			if sub.IsArray() {
				m := in(sub.MemorySpace())
				m.leaf(tile(c.ParamSharding(int64(i), index), sub), &m.Parameters, &m.ParameterBytes)
			}
		})
	}
	c.Output().ForEachSubshape(func(out ShapeIndex, sub *Shape) {
		if !sub.IsArray() {
			return
		}
		sub = tile(c.OutputSharding(out), sub)
		m := in(sub.MemorySpace())
		size := m.leaf(sub, &m.Outputs, &m.OutputBytes)
		if a, ok := c.Aliases.GetAliasedParameter(out); ok {
			m.alias(a.Kind, size)
		} else {
			m.UnaliasedOutputs++
			m.UnaliasedOutputBytes += size
		}
	})
	// Aliases of tuple outputs (which Verify rejects) are still counted.
	c.Aliases.ForEachAlias(func(out ShapeIndex, a Alias) {
		if sub, ok := c.Output().Subshape(out); ok && !sub.IsArray() {
			size, _ := ByteSizeOf(sub)
			in(sub.MemorySpace()).alias(a.Kind, size)
		}
	})
	for _, d := range c.Donors.ordered() {
		sub, ok := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
		var space int64
		if ok {
			space = sub.MemorySpace()
		}
		m := in(space)
		m.UnusedDonors++
		if ok {
			size, _ := ByteSizeOf(tile(c.ParamSharding(d.ParamNumber, d.ParamIndex), sub))
			m.UnusedDonorBytes += size
		}
	}
	out := make([]SpaceMemory, 0, len(at))
	for space, m := range at {
		out = append(out, SpaceMemory{space, *m})
	}
	slices.SortFunc(out, func(a, b SpaceMemory) int { return cmp.Compare(a.Space, b.Space) })
	return out
}

// alias counts an alias of kind to an output of size bytes.
func (m *Memory) alias(kind AliasKind, size int64) {
	if kind == MustAlias {
		m.MustAliases++
		m.MustAliasBytes += size
	} else {
		m.MayAliases++
		m.MayAliasBytes += size
	}
}

// leaf counts the array leaf s in *count and adds its size to *bytes, or
// counts it as of unknown size; it returns the size, 0 when unknown.
func (m *Memory) leaf(s *Shape, count *int, bytes *int64) int64 {
	*count++
	n, ok := ByteSizeOf(s)
	if !ok {
		m.UnknownSizeLeaves++
	}
	*bytes += n
	return n
}

// AliasedBytes is the number of bytes the aliases let outputs share with
// parameters: must-aliases always, may-aliases at most.
func (m Memory) AliasedBytes() int64 { return m.MustAliasBytes + m.MayAliasBytes }

// Summary prints m for people, one fact per line, sizes as FormatBytes:
//
//	aliases: 3 (1 must, 2 may) share 2.0 GiB (must 1.0 GiB, may up to 1.0 GiB)
//	donors: 1 unused, 256.0 MiB
//	outputs without alias: 2, 12.0 MiB
//	parameters: 5, 3.3 GiB; outputs: 5, 2.0 GiB
//
// A fifth line counts the leaves of unknown size when there are any.
func (m Memory) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "aliases: %d (%d must, %d may) share %s (must %s, may up to %s)\n",
		m.MustAliases+m.MayAliases, m.MustAliases, m.MayAliases,
		FormatBytes(m.AliasedBytes()), FormatBytes(m.MustAliasBytes), FormatBytes(m.MayAliasBytes))
	fmt.Fprintf(&b, "donors: %d unused, %s\n", m.UnusedDonors, FormatBytes(m.UnusedDonorBytes))
	fmt.Fprintf(&b, "outputs without alias: %d, %s\n", m.UnaliasedOutputs, FormatBytes(m.UnaliasedOutputBytes))
	fmt.Fprintf(&b, "parameters: %d, %s; outputs: %d, %s\n", m.Parameters, FormatBytes(m.ParameterBytes), m.Outputs, FormatBytes(m.OutputBytes))
	if m.UnknownSizeLeaves > 0 {
		fmt.Fprintf(&b, "leaves of unknown size: %d (not counted above)\n", m.UnknownSizeLeaves)
	}
	return b.String()
}

// SpaceName names a memory space for people: "device memory" (0), "host
// memory S(5)" (XLA's host memory space, where pinned_host and
// unpinned_host arguments live), else "memory space S(n)".
func SpaceName(space int64) string {
	switch space {
	case 0:
		return "device memory"
	case 5:
		return "host memory S(5)"
	}
	return "memory space S(" + strconv.FormatInt(space, 10) + ")"
}

// SummaryOf is the accounting of c for people. When every leaf is in
// device memory it is MemoryOf(c).Summary(); otherwise each memory space
// has its own lines, under a heading, for the figures of different
// spaces are not of one resource:
//
//	device memory:
//	  aliases: 1 (0 must, 1 may) share 16 B (must 0 B, may up to 16 B)
//	  ...
//	host memory S(5):
//	  aliases: 2 (0 must, 2 may) share 96.0 GiB (must 0 B, may up to 96.0 GiB)
//	  ...
//
// When c.PerDevice, the same accounting at the sizes one device holds
// (DeviceMemoryBySpace) follows, indented under a heading:
//
//	per device, on each of 2 partitions:
//	  aliases: 1 (0 must, 1 may) share 8 B (must 0 B, may up to 8 B)
//	  ...
func SummaryOf(c *Config) string {
	s := SpacesSummary(MemoryBySpace(c))
	if dev := DeviceMemoryBySpace(c); dev != nil {
		s += fmt.Sprintf("per device, on each of %d partitions:\n", c.Sharding.DeviceCount()) + indent(SpacesSummary(dev))
	}
	return s
}

// indent puts two spaces before each line of s.
func indent(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if line != "" {
			b.WriteString("  " + line)
		}
	}
	return b.String()
}

// SpacesSummary is SummaryOf for the accounting of each space, as
// MemoryBySpace gives it or AddSpaces sums it over modules.
func SpacesSummary(spaces []SpaceMemory) string {
	switch {
	case len(spaces) == 0:
		return Memory{}.Summary()
	case len(spaces) == 1 && spaces[0].Space == 0:
		return spaces[0].Summary()
	}
	var b strings.Builder
	for _, s := range spaces {
		b.WriteString(SpaceName(s.Space) + ":\n" + indent(s.Summary()))
	}
	return b.String()
}

// Add adds o's counts and bytes to m.
func (m *Memory) Add(o Memory) {
	m.Parameters += o.Parameters
	m.ParameterBytes += o.ParameterBytes
	m.Outputs += o.Outputs
	m.OutputBytes += o.OutputBytes
	m.MustAliases += o.MustAliases
	m.MustAliasBytes += o.MustAliasBytes
	m.MayAliases += o.MayAliases
	m.MayAliasBytes += o.MayAliasBytes
	m.UnusedDonors += o.UnusedDonors
	m.UnusedDonorBytes += o.UnusedDonorBytes
	m.UnaliasedOutputs += o.UnaliasedOutputs
	m.UnaliasedOutputBytes += o.UnaliasedOutputBytes
	m.UnknownSizeLeaves += o.UnknownSizeLeaves
}

// AddSpaces returns the sum of two accountings by space, each in
// ascending order of space, as MemoryBySpace gives them: the accounting
// of several modules. It is linear in their lengths.
func AddSpaces(a, b []SpaceMemory) []SpaceMemory {
	out := make([]SpaceMemory, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].Space < b[0].Space:
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || b[0].Space < a[0].Space:
			out, b = append(out, b[0]), b[1:]
		default:
			s := a[0]
			s.Add(b[0].Memory)
			out, a, b = append(out, s), a[1:], b[1:]
		}
	}
	return out
}

// OneLineOf is SummaryOf on one line: the facts joined by "; ", each
// heading's first fact after it and a space.
func OneLineOf(c *Config) string {
	var b strings.Builder
	heading := false
	for i, line := range strings.Split(strings.TrimSuffix(SummaryOf(c), "\n"), "\n") {
		switch {
		case heading:
			b.WriteString(" ")
		case i > 0:
			b.WriteString("; ")
		}
		line = strings.TrimLeft(line, " ")
		b.WriteString(line)
		heading = strings.HasSuffix(line, ":")
	}
	return b.String()
}

// FormatBytes prints a byte count for people: "512 B" below one KiB, else
// KiB, MiB or GiB (powers of 1024) with one decimal: "1.5 KiB", "2.0 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return strconv.FormatInt(n, 10) + " B"
	}
	v, suffix := float64(n)/unit, "KiB"
	for _, s := range []string{"MiB", "GiB"} {
		if v < unit {
			break
		}
		v, suffix = v/unit, s
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + suffix
}

// json prints m's figures as the members of a JSON object, without braces.
func (m Memory) json() string {
	return fmt.Sprintf(`"parameter_bytes": %d, "output_bytes": %d, "must_alias_bytes": %d, "may_alias_bytes": %d, "unused_donor_bytes": %d, "unaliased_output_bytes": %d, "unknown_size_leaves": %d`,
		m.ParameterBytes, m.OutputBytes, m.MustAliasBytes, m.MayAliasBytes, m.UnusedDonorBytes, m.UnaliasedOutputBytes, m.UnknownSizeLeaves)
}

// memoryJSON is the "memory" object of Config.JSON: MemoryOf(c)'s figures,
// then "memory_spaces", the same figures for each space of MemoryBySpace
// with its "memory_space" and "name" (SpaceName) first. When c.PerDevice,
// "per_device" follows: "partitions", then the figures and
// "memory_spaces" of DeviceMemoryBySpace.
func memoryJSON(c *Config) string {
	s := "{" + spacesJSON(MemoryBySpace(c))
	if dev := DeviceMemoryBySpace(c); dev != nil {
		s += fmt.Sprintf(`, "per_device": {"partitions": %d, %s}`, c.Sharding.DeviceCount(), spacesJSON(dev))
	}
	return s + "}"
}

// spacesJSON is the figures of all spaces and "memory_spaces", the
// figures of each, as members of an object.
func spacesJSON(spaces []SpaceMemory) string {
	var b strings.Builder
	b.WriteString(sumSpaces(spaces).json() + `, "memory_spaces": [`)
	for i, s := range spaces {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"memory_space": %d, "name": %s, %s}`, s.Space, JSONString(SpaceName(s.Space)), s.json())
	}
	return b.String() + "]"
}

// jsonBytes prints the byte size of s (nil for none) for JSON: the
// number, or null when it is unknown.
func jsonBytes(s *Shape) string {
	if s == nil {
		return "null"
	}
	n, known := ByteSizeOf(s)
	if !known {
		return "null"
	}
	return strconv.FormatInt(n, 10)
}

// summaryNames is how many unused donors and outputs without an alias
// NamesSummary lists by name before it counts the rest.
const summaryNames = 8

// NamesSummary lists, for people, what SummaryOf only counts: the unused
// donors and the outputs without an alias, each by its label (with the
// name its producer gave it, as ParamLabel and OutputLabel print it) and
// size, at most summaryNames of each, then how many more:
//
//	unused donor: parameter 2 "params['w']" at {}, 1.5 KiB
//	output without alias: output {3} "[3]", 16 B
//	... and 12 more outputs without alias
//
// It is empty when every donor is used and every output aliased. When
// XLA would divide the values per device (PerDevice), each line ends with
// the shape one device holds, its size and the sharding:
//
//	unused donor: parameter 0 at {}, 64 B; a device holds f32[8]{0}, 32 B, sharding {devices=[2]<=[2]}
func NamesSummary(c *Config) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	perDevice := c.PerDevice()
	bytes := func(s *Shape) string {
		n, known := ByteSizeOf(s)
		if !known {
			return "size unknown"
		}
		return FormatBytes(n)
	}
	size := func(s *Shape, sh *Sharding) string { // s is nil for none
		switch {
		case s == nil:
			return "size unknown"
		case !perDevice:
			return bytes(s)
		}
		d := DeviceShape(s, sh)
		return bytes(s) + "; a device holds " + d.StringWithLayout() + ", " + bytes(d) + ", sharding " + sh.String()
	}
	more := func(n int, what string) {
		if n > summaryNames {
			fmt.Fprintf(&b, "... and %d more %s\n", n-summaryNames, what)
		}
	}
	n := 0
	c.Donors.ForEach(func(d Donor) {
		if n++; n <= summaryNames {
			sub, _ := c.ParamSubshape(d.ParamNumber, d.ParamIndex)
			fmt.Fprintf(&b, "unused donor: %s at %s, %s\n", c.ParamLabel(d.ParamNumber, d.ParamIndex), d.ParamIndex, size(sub, c.ParamSharding(d.ParamNumber, d.ParamIndex)))
		}
	})
	more(n, "unused donors")
	n = 0
	c.Output().ForEachSubshape(func(out ShapeIndex, sub *Shape) {
		if !sub.IsArray() || c.Aliases.OutputHasAlias(out) {
			return
		}
		if n++; n <= summaryNames {
			fmt.Fprintf(&b, "output without alias: %s, %s\n", c.OutputLabel(out), size(sub, c.OutputSharding(out)))
		}
	})
	more(n, "outputs without alias")
	return b.String()
}
