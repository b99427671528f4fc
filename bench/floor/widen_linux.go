package main

import (
	"os"
	"syscall"
)

// widen gives a pipe the 1 MiB buffer mhlo-alias gives the pipe it reads
// (F_SETPIPE_SZ); any other file is left as it is.
func widen(f *os.File) {
	const setPipeSize = 1031
	_, _, _ = syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), setPipeSize, 1<<20)
}
