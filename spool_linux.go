package mhloalias

import (
	"io"
	"os"
	"syscall"
)

// copyStream copies the rest of r to f. From a pipe the kernel moves the
// pages itself (splice), so the data never passes through this process.
func copyStream(f *os.File, r io.Reader) error {
	if p, ok := r.(*os.File); ok {
		if st, err := p.Stat(); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
			if err := splice(f, p); err != syscall.EINVAL {
				return err
			}
		}
	}
	_, err := io.Copy(f, r)
	return err
}

// splice moves everything from the pipe p to f; EINVAL before the first
// byte means the kernel cannot splice these two, and nothing was read.
func splice(f, p *os.File) error {
	const flags = 0x1 | 0x4 // SPLICE_F_MOVE | SPLICE_F_MORE
	in, out := int(p.Fd()), int(f.Fd())
	first := true
	for {
		n, err := syscall.Splice(in, nil, out, nil, 1<<20, flags)
		switch {
		case err == syscall.EINTR || err == syscall.EAGAIN:
			continue
		case err == syscall.EINVAL && first:
			return err
		case err != nil:
			return err
		case n == 0:
			return nil
		}
		first = false
	}
}
