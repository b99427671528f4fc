package fileio

import "syscall"

// dontNeed drops the pages of b, a read-only file mapping, from the
// process's memory; they stay in the page cache.
func dontNeed(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
