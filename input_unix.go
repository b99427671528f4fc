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
	_ = madvise(data, adviseSequential)
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
			_ = madvise(data[a:b], adviseDontNeed)
		}
	}
	in.release = func(off int) {
		off -= off % page
		if off > done {
			_ = madvise(data[done:off], adviseDontNeed)
			done = off
			populate(data, off)
		}
	}
	return nil
}

// populateWindow is how much of the file ahead of the scan is mapped at
// once: a little more than the scanner reads between two releases.
const populateWindow = 16 << 20

func populate(data []byte, off int) {
	end := min(off+populateWindow, len(data))
	if off < end {
		_ = madvise(data[off:end], advisePopulateRead)
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
