package fileio

import (
	"os"
	"syscall"
)

// Preallocate asks the file system for n bytes of f at once, so that the
// copy into it does not reserve its blocks page by page (on ext4, a 420
// MB module written while scanned: 3-5% less time and CPU time, perf stat
// of 8 runs each, alternating); the writer truncates f to what it wrote.
// Failure changes nothing: the blocks are then reserved as the copy goes.
func Preallocate(f *os.File, n int) {
	if n > 0 {
		_ = syscall.Fallocate(int(f.Fd()), 0, 0, int64(n))
	}
}
