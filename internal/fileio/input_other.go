//go:build !unix

package fileio

import (
	"errors"
	"os"
)

// mapFile is not available here: the file is read instead.
func (in *Input) mapFile(int64) error { return errors.New("no mmap") }

func reserveMapping(*os.File) ([]byte, func() error, error) { return nil, nil, errors.New("no mmap") }

func (in *Input) setRelease([]byte, func() int) {}

func dupFile(*os.File) (*os.File, error) { return nil, errors.New("no dup") }
