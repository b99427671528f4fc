package fileio

import (
	"os"
	"syscall"
)

// dontNeed drops the pages of b, a read-only file mapping, from the
// process's memory; they stay in the page cache.
func dontNeed(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }

// widenPipe asks for f's pipe buffer to hold 1 MiB, so that a stream
// arrives in fewer, larger reads; f may be no pipe, and a refusal (a
// pipe of another user's limits) leaves it as it is.
func widenPipe(f *os.File) {
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(fd uintptr) { syscall.Syscall(syscall.SYS_FCNTL, fd, 1031, 1<<20) }) // F_SETPIPE_SZ
	}
}
