//go:build !linux

package fileio

import "errors"

// Reading a mapped file ahead of the scan needs mremap: elsewhere the scan
// reads the mapping.

var AheadMin, AheadChunk = 16 << 20, 2 << 20

const AheadStep = 1 << 20

type ahead struct{ seen int }

func (in *Input) mapAhead(int64) error { return errors.New("no read-ahead") }

func (a *ahead) more(int) []byte { return nil }

func (a *ahead) finish() {}

func (a *ahead) skip(int) []byte { return nil }
