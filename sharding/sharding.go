// Package sharding reads the encodings of a value's sharding into a
// model.Sharding: XLA's HloSharding text (mhlo.sharding, HLO text's
// sharding=), Shardy's #sdy.sharding with its module's sdy.mesh, and the
// OpSharding protobuf message. Each reader takes the encoding's bytes and
// costs at most a constant per byte; a Sharding holds the tile counts,
// never the device list.
package sharding

import (
	"errors"

	"github.com/mhlo-alias/mhlo-alias/model"
)

// Error is a sharding that does not read, at Offset bytes into the text
// given to the reader, in XLA's (or Shardy's) words where they have some.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Mesh is a Shardy mesh: its axes' names and sizes, in order, and its
// device ids when written.
type Mesh struct {
	Axes    []Axis
	Devices int64 // the product of the axes' sizes, or the device_ids count of a maximal mesh
}

// Axis is one axis of a mesh.
type Axis struct {
	Name string
	Size int64
}

// Meshes are a module's meshes by symbol name (without '@').
type Meshes map[string]Mesh

var errTODO = errors.New("sharding: not implemented")

// ParseHLO reads HloSharding text, as mhlo.sharding and HLO text's
// sharding= write it: `{devices=[2,1]<=[2]}`, `{{replicated}, {maximal device=0}}`,
// the named form `{mesh['a'=2], [{'a'}]}`. The binary OpSharding JAX writes
// for more than 100 devices is not text: the error says so.
func ParseHLO(text []byte) (model.Sharding, error) { return model.Sharding{}, errTODO }

// ParseShardy reads a Shardy tensor sharding, `#sdy.sharding<@mesh, [{"x"}, {}]>`
// (with or without its `#sdy.sharding` prefix), sizing its axes from meshes.
func ParseShardy(text []byte, meshes Meshes) (model.Sharding, error) {
	return model.Sharding{}, errTODO
}

// ParseMesh reads a Shardy mesh attribute, `<["x"=2, "y"=4]>` or
// `#sdy.mesh<["x"=2]>`, optionally with `device_ids=[...]`.
func ParseMesh(text []byte) (Mesh, error) { return Mesh{}, errTODO }

// FromProto reads an OpSharding message's wire bytes.
func FromProto(b []byte) (model.Sharding, error) { return model.Sharding{}, errTODO }
