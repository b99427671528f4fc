package model

import "slices"

// ShardingKind is the kind of an HloSharding.
type ShardingKind uint8

// The kinds of sharding, as XLA's OpSharding names them. The zero
// Sharding is replicated.
const (
	Replicated      ShardingKind = iota // every device holds the whole value
	Maximal                             // one device holds the whole value
	Manual                              // the program handles the split itself
	UnknownSharding                     // to be decided by the partitioner
	Unreduced                           // every device holds a partial value
	Tiled                               // each device holds a tile
	TupleSharding                       // one sharding per leaf of a tuple
)

var shardingKinds = [...]string{"replicated", "maximal", "manual", "unknown", "unreduced", "tiled", "tuple"}

// String is the kind as HloSharding text spells it.
func (k ShardingKind) String() string {
	if int(k) < len(shardingKinds) {
		return shardingKinds[k]
	}
	return "sharding?"
}

// ShardingTextKeep is the most bytes of a sharding's spelling a Sharding
// holds (Text): a longer spelling is cut, so that a sharding costs at
// most a constant whatever its text.
const ShardingTextKeep = 256

// Sharding is how a value is split across the devices of a partitioned
// program, whichever encoding wrote it (HloSharding text, Shardy's
// sdy.sharding, an OpSharding proto). It holds only what sizing needs: a
// tiled sharding's tile counts per data dimension, not its device list.
type Sharding struct {
	Kind ShardingKind
	// Tiles is a tiled sharding's number of tiles along each data
	// dimension, major to minor: the tile assignment's dimensions without
	// those that only replicate (last_tile_dim_replicate, last_tile_dims,
	// Shardy's replicated axes).
	Tiles []int64
	// Devices is the number of devices the sharding spans: the product of
	// all the tile assignment's dimensions for a tiled sharding, 0 for
	// the other kinds.
	Devices int64
	// Elems are a tuple sharding's shardings, one per tuple element,
	// nested as the value's tuple type is (see NestSharding).
	Elems []Sharding
	// Text is the sharding as its encoding wrote it, for messages; at most
	// ShardingTextKeep bytes, a longer spelling cut with "...".
	Text string
}

// ShardingText cuts a sharding's spelling for Sharding.Text.
func ShardingText(b []byte) string {
	if len(b) <= ShardingTextKeep {
		return string(b)
	}
	return string(b[:ShardingTextKeep-3]) + "..."
}

// String is the sharding as written, or its kind when its spelling is
// unknown.
func (s *Sharding) String() string {
	if s == nil {
		return "unspecified"
	}
	if s.Text != "" {
		return s.Text
	}
	return "{" + s.Kind.String() + "}"
}

// Sub is the sharding of the subvalue at index of a value sharded as s:
// s itself for an array, the element's for a tuple, nil when s is nil or
// has no such element. A non-tuple sharding of a tuple applies to all its
// leaves, as in XLA.
func (s *Sharding) Sub(index ShapeIndex) *Sharding {
	for _, i := range index {
		if s == nil || s.Kind != TupleSharding {
			return s
		}
		if i < 0 || i >= int64(len(s.Elems)) {
			return nil
		}
		s = &s.Elems[i]
	}
	return s
}

// NestSharding turns the flat tuple sharding s, whose Elems are the
// shardings of shape's array leaves in pre-order (as HloSharding text and
// OpSharding write them), into one nested as shape's tuples are. It
// reports false when the number of leaves differs.
func NestSharding(s Sharding, shape *Shape) (Sharding, bool) {
	if s.Kind != TupleSharding {
		return s, true
	}
	if !shape.IsTuple() {
		return s, false
	}
	next := 0
	var nest func(sh *Shape) Sharding
	nest = func(sh *Shape) Sharding {
		if !sh.IsTuple() {
			if next++; next > len(s.Elems) {
				return Sharding{}
			}
			return s.Elems[next-1]
		}
		elems := sh.Elems()
		t := Sharding{Kind: TupleSharding, Elems: make([]Sharding, len(elems))}
		for i := range elems {
			t.Elems[i] = nest(&elems[i])
		}
		return t
	}
	t := nest(shape)
	t.Text = s.Text
	return t, next == len(s.Elems)
}

// Splits reports whether s divides an array of the given rank: a tiled
// sharding with one tile count per dimension, not all of them 1.
func (s *Sharding) Splits(rank int) bool {
	if s == nil || s.Kind != Tiled || len(s.Tiles) != rank {
		return false
	}
	return slices.ContainsFunc(s.Tiles, func(t int64) bool { return t > 1 })
}

// TileShape is the shape each device holds of the array a when it is
// sharded as s, as XLA's HloSharding::TileShape computes it: each tiled
// dimension is the ceiling of its size over its tile count. Any other
// sharding, or a tiled one whose rank differs from a's, leaves a as it
// is (the result is then a itself).
func (s *Sharding) TileShape(a *Shape) *Shape {
	if !a.IsArray() || !s.Splits(len(a.Dims)) {
		return a
	}
	t := *a
	t.Dims = make([]int64, len(a.Dims))
	for i, d := range a.Dims {
		if n := s.Tiles[i]; n > 1 && d > 0 {
			d = (d + n - 1) / n
		}
		t.Dims[i] = d
	}
	return &t
}

// DeviceShape is the shape one device holds of a value of the shape s
// sharded as sh: TileShape of each array leaf, with its leaf's sharding.
func DeviceShape(s *Shape, sh *Sharding) *Shape {
	if !s.IsTuple() {
		return sh.TileShape(s)
	}
	elems := make([]Shape, len(s.Elems()))
	for i := range elems {
		elems[i] = *DeviceShape(&s.Elems()[i], sh.Sub(ShapeIndex{int64(i)}))
	}
	t := Tuple(elems...)
	return &t
}

// Partitioning is what a module says about how its entry computation is
// split across devices.
type Partitioning struct {
	// Partitions is the partition count the module states
	// (mhlo.num_partitions, the HLO header's num_partitions), 0 when it
	// states none (an HloModuleProto holds none). Once a module is read
	// it is never 0: a count not stated is DeviceCount's guess.
	Partitions int64
	// Partitioned reports whether the entry computation's shapes are
	// already those of one device (XLA's partitioner has run), so that
	// they must not be divided again.
	Partitioned bool
	// Params are the shardings of the parameters, by parameter number;
	// nil (or shorter than the parameters) where none is written.
	Params []*Sharding
	// Output is the sharding of the output, nested as its shape; nil
	// when none is written. For a function of several results it is a
	// tuple sharding whose element i is result i's (the zero Sharding,
	// replicated, where a result has none: see OutputUnspecified).
	Output *Sharding
	// OutputUnspecified[i] reports that result i has no sharding written
	// (JAX writes none for an unspecified or unconstrained result).
	OutputUnspecified []bool
}

// PartitionedAs is whether a module's shapes are already per device: as
// flag says ("yes" or "no", the command's --partitioned), else ("auto"
// or "") the front end's guess.
func PartitionedAs(guess bool, flag string) bool {
	switch flag {
	case "yes":
		return true
	case "no":
		return false
	}
	return guess
}

// DeviceCount is the number of partitions the entry computation runs on:
// the count the module states, or, when it states none, the largest
// number of devices a sharding of a parameter or of the output spans
// (at least 1).
func (p *Partitioning) DeviceCount() int64 {
	if p.Partitions > 0 {
		return p.Partitions
	}
	n := int64(1)
	var walk func(s *Sharding)
	walk = func(s *Sharding) {
		if s == nil {
			return
		}
		n = max(n, s.Devices)
		for i := range s.Elems {
			walk(&s.Elems[i])
		}
	}
	for _, s := range p.Params {
		walk(s)
	}
	walk(p.Output)
	return n
}

// PerDevice reports whether XLA would partition the entry computation
// before pairing donors with outputs: it runs on more than one device and
// its shapes are not yet per device.
func (c *Config) PerDevice() bool {
	return c != nil && !c.Sharding.Partitioned && c.Sharding.DeviceCount() > 1
}

// ParamSharding is the sharding of parameter param at index, nil when
// none is written.
func (c *Config) ParamSharding(param int64, index ShapeIndex) *Sharding {
	if c == nil || param < 0 || param >= int64(len(c.Sharding.Params)) {
		return nil
	}
	return c.Sharding.Params[param].Sub(index)
}

// OutputSharding is the sharding of the output at index, nil when none is
// written.
func (c *Config) OutputSharding(index ShapeIndex) *Sharding {
	if c == nil {
		return nil
	}
	return c.Sharding.Output.Sub(index)
}

// ShardingsWritten reports whether parameter param at index and the
// output at out both have a sharding written: a result JAX left
// unspecified has none (Partitioning.OutputUnspecified).
func (c *Config) ShardingsWritten(param int64, index, out ShapeIndex) bool {
	return c.ParamSharding(param, index) != nil && c.outputShardingWritten(out)
}

// outputShardingWritten reports whether the output at out has a sharding
// written.
func (c *Config) outputShardingWritten(out ShapeIndex) bool {
	if c.OutputSharding(out) == nil {
		return false
	}
	res := int64(0)
	if c.Source.ResultTuple && len(out) > 0 {
		res = out[0]
	}
	u := c.Sharding.OutputUnspecified
	return res < 0 || res >= int64(len(u)) || !u[res]
}

// DeviceParam is the subshape of parameter param at index that one device
// holds: the tile of its sharding when PerDevice, else the subshape
// itself.
func (c *Config) DeviceParam(param int64, index ShapeIndex) (*Shape, bool) {
	sub, ok := c.ParamSubshape(param, index)
	if !ok || !c.PerDevice() {
		return sub, ok
	}
	return c.ParamSharding(param, index).TileShape(sub), true
}

// DeviceOutput is the subshape of the output at index that one device
// holds: the tile of its sharding when PerDevice, else the subshape
// itself.
func (c *Config) DeviceOutput(index ShapeIndex) (*Shape, bool) {
	if c == nil {
		return nil, false
	}
	sub, ok := c.Output().Subshape(index)
	if !ok || !c.PerDevice() {
		return sub, ok
	}
	return c.OutputSharding(index).TileShape(sub), true
}
