//go:build !unix

package fileio

import (
	"errors"
	"os"
)

// mapFile is not available here: the file is read instead.
func (in *Input) mapFile(os.FileInfo) error { return errors.New("no mmap") }

func dupFile(*os.File) (*os.File, error) { return nil, errors.New("no dup") }

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, os.FileInfo) {}
