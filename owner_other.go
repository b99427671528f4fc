//go:build !unix

package mhloalias

import "os"

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, os.FileInfo) {}
