//go:build unix

package fileio

import (
	"os"
	"syscall"
)

// mapFile maps the whole of in.File, of which st is the stat, read-only.
// Release drops the pages of a range, so that a pass front to back holds
// a bounded part of the file in memory.
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
	page := os.Getpagesize()
	in.Release = func(from, to int) {
		from = max(from, 0)
		from += (page - from%page) % page
		to = min(to, len(data))
		to -= to % page
		if to > from {
			dontNeed(data[from:to])
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
