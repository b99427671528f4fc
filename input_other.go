//go:build !unix

package mhloalias

import (
	"errors"
	"os"
)

// mapFile is not available here: the file is read instead.
func (in *input) mapFile(int64) error { return errors.New("no mmap") }

func reserveMapping(*os.File) ([]byte, func() error, error) { return nil, nil, errors.New("no mmap") }

func (in *input) setRelease([]byte, func() int) {}

func dupFile(*os.File) (*os.File, error) { return nil, errors.New("no dup") }
