package mhloalias

import (
	"io"

	"github.com/mhlo-alias/mhlo-alias/internal/fileio"
)

// The inputs and outputs themselves (mapped files, spools, streams,
// atomic output files, kernel copies) are package fileio's; the pipeline
// reads an input's bytes.

// input is one input: its bytes and the file or stream they come from.
type input = fileio.Input

// ChangedError reports that an input file changed while it was mapped
// and read: truncated under the scan, or rewritten in place before the
// output was committed. Its Name is the input's name as diagnostics print
// it.
type ChangedError = fileio.ChangedError

func bytesInput(display string, src []byte) *input { return fileio.BytesInput(display, src) }

func openFile(path string) (*input, error) { return fileio.OpenFile(path) }

func readInput(display string, r io.Reader) (*input, error) { return fileio.ReadInput(display, r) }
