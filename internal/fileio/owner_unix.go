//go:build unix

package fileio

import (
	"os"
	"syscall"
)

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
