//go:build unix

package fileio

import (
	"os"
	"syscall"
	"unsafe"
)

// mapFile maps the whole file read-only. The scan reads it once, front to
// back; the pages it has passed are dropped from memory as it goes, so a
// file of gigabytes is read in bounded memory.
func (in *Input) mapFile(size int64) error {
	if int64(int(size)) != size {
		return syscall.EFBIG
	}
	state, _ := statOf(in.File)
	data, err := syscall.Mmap(int(in.File.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return err
	}
	in.mapped, in.state = true, state
	in.Data = data
	mappings.Store(unsafe.SliceData(data), in)
	in.unmap = func() error {
		mappings.Delete(unsafe.SliceData(data))
		return syscall.Munmap(data)
	}
	in.setRelease(data, func() int { return len(data) })
	return nil
}

// reserveBytes is the length of the mapping of a growing input: its file
// is mapped once, with room for whatever it grows to, so that the slice
// the scan reads never moves. Pages past the file's end are never read.
const reserveBytes = 1 << 40

// reserveMapping maps the file f, which is still growing, with room for
// reserveBytes.
func reserveMapping(f *os.File) ([]byte, func() error, error) {
	if int64(int(reserveBytes)) != reserveBytes {
		return nil, nil, syscall.EFBIG
	}
	all, err := syscall.Mmap(int(f.Fd()), 0, int(reserveBytes), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	return all, func() error { return syscall.Munmap(all) }, nil
}

// setRelease sets up the memory advice for the mapping data, of which
// size() bytes are the file's: the scan's pages are mapped ahead of it in
// windows and dropped behind it.
func (in *Input) setRelease(data []byte, size func() int) {
	_ = madvise(data, adviseSequential)
	page := os.Getpagesize()
	done := 0
	populate(data, 0, size())
	in.Drop = func(a, b int) {
		a += page - 1
		a -= a % page
		b -= b % page
		if a < b {
			_ = madvise(data[a:b], adviseDontNeed)
		}
	}
	in.Release = func(off int) {
		off -= off % page
		if off > done {
			_ = madvise(data[done:off], adviseDontNeed)
			done = off
			populate(data, off, size())
		}
	}
}

// populateWindow is how much of the file ahead of the scan is mapped at
// once: a little more than the scanner reads between two releases.
const populateWindow = 16 << 20

func populate(data []byte, off, size int) {
	end := min(off+populateWindow, size)
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
