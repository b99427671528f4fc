//go:build !unix

package main

import "errors"

// mapFile is not available here: the file is read instead.
func (in *input) mapFile(int64) error { return errors.New("no mmap") }
