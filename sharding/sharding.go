package sharding

import (
	"errors"
	"fmt"

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

// ErrLong is the error of a sharding written with escapes and longer than
// model.UnescapeLimit, the most a front end unescapes.
var ErrLong = fmt.Errorf("it holds escapes and is longer than %d bytes, the most the tool unescapes", model.UnescapeLimit)

// ErrorOffset is the offset into the text read of a reader's error, 0
// for an error that is not an *Error.
func ErrorOffset(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Offset
	}
	return 0
}

// Cache keeps the shardings of a module's values by their text, as
// written: the values of thousands of arguments share a handful. A text
// longer than model.ShardingTextKeep is not kept, so that the cache costs
// at most a constant per value. Its zero value is empty.
type Cache struct{ m map[string]*model.Sharding }

// Get is the sharding kept for text.
func (c *Cache) Get(text []byte) (*model.Sharding, bool) {
	if len(text) > model.ShardingTextKeep {
		return nil, false // never kept: not hashed either, the text may be megabytes
	}
	s, ok := c.m[string(text)]
	return s, ok
}

// Keep returns s as a value of its own, kept for text.
func (c *Cache) Keep(text []byte, s model.Sharding) *model.Sharding {
	if len(text) <= model.ShardingTextKeep {
		if c.m == nil {
			c.m = map[string]*model.Sharding{}
		}
		c.m[string(text)] = &s
	}
	return &s
}
