// Package sharding reads the encodings of a value's sharding into a
// model.Sharding: XLA's HloSharding text (mhlo.sharding, HLO text's
// sharding=), Shardy's #sdy.sharding with its module's sdy.mesh, and the
// OpSharding protobuf message. Each reader takes the encoding's bytes and
// costs at most a constant per byte; a Sharding holds the tile counts,
// never the device list.
//
// A malformed encoding is an *Error with the offset of the problem. Its
// message is XLA's HLO parser's or Shardy's where those have words for
// the problem; a few malformations XLA's text parser does not check (a
// device list or an iota whose size is not the product of the tile
// dimensions, subgroup dimensions beyond the tile assignment's) are
// rejected in words of this package's own.
package sharding
