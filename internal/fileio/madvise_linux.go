package fileio

import "syscall"

// The advice mapFile gives the kernel about a mapped input.
const (
	adviseSequential = syscall.MADV_SEQUENTIAL
	adviseDontNeed   = syscall.MADV_DONTNEED // drop the pages behind the scan
	// advisePopulateRead maps a range in one call (Linux 5.14 and later;
	// before, the call fails and pages are mapped as they are touched).
	advisePopulateRead = 22
)

func madvise(b []byte, advice int) error { return syscall.Madvise(b, advice) }
