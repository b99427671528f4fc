//go:build unix

package mhloalias

import (
	"os"
	"syscall"
)

// mapFile maps the whole file read-only. The scan reads it once, front to
// back; the pages it has passed are dropped from memory as it goes, so a
// file of gigabytes is read in bounded memory.
func (in *input) mapFile(size int64) error {
	if int64(int(size)) != size {
		return syscall.EFBIG
	}
	data, err := syscall.Mmap(int(in.file.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return err
	}
	_ = syscall.Madvise(data, syscall.MADV_SEQUENTIAL)
	in.data = data
	in.unmap = func() error { return syscall.Munmap(data) }
	page := os.Getpagesize()
	done := 0
	populate(data, 0)
	in.drop = func(a, b int) {
		a += page - 1
		a -= a % page
		b -= b % page
		if a < b {
			_ = syscall.Madvise(data[a:b], syscall.MADV_DONTNEED)
		}
	}
	in.release = func(off int) {
		off -= off % page
		if off > done {
			_ = syscall.Madvise(data[done:off], syscall.MADV_DONTNEED)
			done = off
			populate(data, off)
		}
	}
	return nil
}

// madvPopulateRead asks the kernel to map a range in one call (Linux 5.14
// and later; elsewhere the call fails and pages are mapped as they are
// touched).
const madvPopulateRead = 22

// populateWindow is how much of the file ahead of the scan is mapped at
// once: a little more than the scanner reads between two releases.
const populateWindow = 16 << 20

func populate(data []byte, off int) {
	end := min(off+populateWindow, len(data))
	if off < end {
		_ = syscall.Madvise(data[off:end], madvPopulateRead)
	}
}

// dupFile returns a new file for the open file f.
func dupFile(f *os.File) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), f.Name()), nil
}
