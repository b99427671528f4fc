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
	Devices int64          // the product of the axes' sizes; 1 for a maximal mesh, 0 for the empty mesh
	index   map[string]int // axis positions by name, set by ParseMesh; nil when built by hand
}

// Axis is one axis of a mesh.
type Axis struct {
	Name string
	Size int64
}

// Meshes are a module's meshes by symbol name (without '@').
type Meshes map[string]Mesh
