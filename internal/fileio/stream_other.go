//go:build !linux

package fileio

import (
	"errors"
	"os"
)

// A streamed input needs mremap; elsewhere a pipe is spooled.

type ring struct{ abandon bool }

var ErrAbandon = errors.New("stream abandoned")

var RingChunk, RingChunks = 0, 0

const StreamStep = 256 << 10

func StreamPipe(string, *os.File) (*Input, error) { return nil, errNoSpool }

func (in *Input) KeepSpan(int, int)     {}
func (in *Input) MoreRing(int) []byte   { return nil }
func (g *Growing) Scanned(int)          {}
func (g *Growing) Wrote(int)            {}
func (g *Growing) Stop()                {}
func (g *Growing) RingBase() int        { return 0 }
func (g *Growing) setWriter(func())     {}
func (g *Growing) arrived() (int, bool) { return 0, true }
func (g *Growing) pull(int)             {}
func (g *Growing) WroteOut(int, int64)  {}
func (g *Growing) Flushing() bool       { return false }
func (in *Input) SkipStream(int) []byte { return nil }

func (in *Input) streamWindow() func(int) []byte { return nil }

func (g *Growing) piece(a, b int) []byte { return g.All[a:b] }
