//go:build unix

package fileio

import (
	"os"
	"syscall"
)

// mapFile maps the whole of in.File, of which st is the stat, read-only.
// Release drops the pages before an offset, so that a scan front to back
// holds a bounded part of the file in memory.
func (in *Input) mapFile(st os.FileInfo) error {
	size := st.Size()
	if int64(int(size)) != size {
		return syscall.EFBIG
	}
	data, err := syscall.Mmap(int(in.File.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return err
	}
	in.mapped, in.state = true, st
	in.Data = data
	in.unmap = func() error { return syscall.Munmap(data) }
	page, done := os.Getpagesize(), 0
	in.Release = func(off int) {
		off = min(off, len(data))
		off -= off % page
		if off > done {
			dontNeed(data[done:off])
			done = off
		}
	}
	return nil
}

// dupFile returns a new file for the open file f.
func dupFile(f *os.File) (*os.File, error) {
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), f.Name()), nil
}

// keepOwner gives f the owner and group of the file st describes, where
// the process may (root may give any; others may keep their own user and
// choose among their groups); a refusal leaves f as it is.
func keepOwner(f *os.File, st os.FileInfo) {
	if st == nil {
		return
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if f.Chown(int(sys.Uid), int(sys.Gid)) != nil {
		f.Chown(-1, int(sys.Gid))
	}
}
