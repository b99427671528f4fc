// Package sharding reads the encodings of a value's sharding into a
// model.Sharding: XLA's HloSharding text (mhlo.sharding, HLO text's
// sharding=), Shardy's #sdy.sharding with its module's sdy.mesh, and the
// OpSharding protobuf message. Each reader takes the encoding's bytes and
// costs at most a constant per byte; a Sharding holds the tile counts,
// never the device list.
package sharding

// Error is a sharding that does not read, at Offset bytes into the text
// given to the reader, in XLA's (or Shardy's) words where they have some.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Mesh is a Shardy mesh: its axes' names and sizes, in order, and its
// device count.
type Mesh struct {
	Axes    []Axis
	Devices int64 // the product of the axes' sizes; 1 for a maximal mesh, 0 for the empty mesh
	index   map[string]int
}

// Axis is one axis of a mesh.
type Axis struct {
	Name string
	Size int64
}

// Meshes are a module's meshes by symbol name (without '@').
type Meshes map[string]Mesh
