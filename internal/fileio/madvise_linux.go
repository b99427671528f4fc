package fileio

import (
	"syscall"
	"unsafe"
)

// The advice mapFile gives the kernel about a mapped input.
const (
	adviseSequential = syscall.MADV_SEQUENTIAL
	adviseDontNeed   = syscall.MADV_DONTNEED // drop the pages behind the scan
	// advisePopulateRead maps a range in one call (Linux 5.14 and later;
	// before, the call fails and pages are mapped as they are touched).
	advisePopulateRead = 22
	// adviseHuge asks for huge pages (MADV_HUGEPAGE) where the kernel
	// gives them on request: one page fault for 2 MB.
	adviseHuge = 14
)

func madvise(b []byte, advice int) error { return syscall.Madvise(b, advice) }

// moveOver moves the pages of from over to, of the same length, in one
// step (mremap), leaving from mapped and empty (MREMAP_DONTUNMAP, Linux
// 5.7): a hole there could take another mapping. Used by the pipe's ring
// and by the read-ahead of a large file.
func moveOver(from, to []byte) error {
	const mayMove, fixed, dontUnmap = 1, 2, 4 // MREMAP_MAYMOVE, MREMAP_FIXED, MREMAP_DONTUNMAP
	_, _, e := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(&from[0])), uintptr(len(from)), uintptr(len(from)),
		mayMove|fixed|dontUnmap, uintptr(unsafe.Pointer(&to[0])), 0)
	if e != 0 {
		return e
	}
	return nil
}
