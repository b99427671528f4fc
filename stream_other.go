//go:build !linux

package mhloalias

import (
	"errors"
	"os"
)

// A streamed input needs mremap; elsewhere a pipe is spooled.

type ring struct{ abandon bool }

var errAbandon = errors.New("stream abandoned")

var ringChunk, ringChunks = 0, 0

const streamStep = 1 << 20

func streamPipe(string, *os.File) (*input, error) { return nil, errNoSpool }

func (in *input) keepSpan(int, int)   {}
func (in *input) moreRing(int) []byte { return nil }
func (g *growing) scanned(int)        {}
func (g *growing) wrote(int)          {}
func (g *growing) writerIdle(bool)    {}
func (g *growing) stop()              {}
func (g *growing) poke()              {}
func (g *growing) awaitPoke()         {}

func (g *growing) waitWriter(have int) (int, bool) { return g.wait(have) }
func (g *growing) ringBase() int                   { return 0 }
