// Command floor measures the least a program can take to do what
// mhlo-alias does file to file, on the machine it runs on: read every
// byte of a file, look at it, and write it to another file. It parses
// nothing, so its time against cp's is a floor for the tool's ratio, not
// a figure of the tool. bench/run.sh runs it beside cp in section 4.
//
// Usage:
//
//	floor MODE IN OUT
//
// MODE is one of:
//
//	scanwrite  IN is read into a 2 MB buffer, each piece searched for '"'
//	           and its newlines counted (the scan's kernel), and written
//	           to OUT from the buffer: one reading of the input in all
//	beside     IN is read and searched as scanwrite does on one
//	           goroutine, while the kernel copies IN to OUT on another
//	           (copy_file_range, as cp does): the shape of a run that
//	           scans its input while the output is copied file to file.
//	           As in such a run's output, the last quarter is written
//	           611 bytes further on than it is read (an edit that
//	           lengthens the text at three quarters of the file)
//	ordered    as beside, but the last quarter is copied only once the
//	           search has read the first three quarters: a run whose
//	           entry function is three quarters into the file cannot
//	           know its edit, and so where the rest goes, before then
//	shifted    as ordered, and the output is also shifted from the end of
//	           the first line on (headShift bytes), as the module's own
//	           edit shifts the tool's output when it adds an attribute to
//	           the module's dictionary or drops one from it: nearly every
//	           byte is then copied to an offset of another alignment than
//	           its own, which costs the kernel's copy more than cp's copy,
//	           of each page to the same place in another file
//	copy       the copy of shifted alone, reading and searching nothing:
//	           what the output's layout costs the kernel against cp
//	pieces     the same copy with the parts that move by other than whole
//	           pages read into a buffer and written in whole 256 KB
//	           pieces of the output, as mhlo-alias writes them (the
//	           kernel's copy writes each page of such a part in two)
//	stream     IN, a pipe (/dev/stdin), is read into one 2 MB buffer as
//	           it comes, one read at a time (the pipe given mhlo-alias's
//	           1 MiB buffer), each piece searched and then written to OUT:
//	           the floor of the rows that read a pipe, against
//	           cat | cat >OUT
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
)

const (
	chunk = 2 << 20 // the pieces read
	shift = 611     // how much longer than IN the output of beside is

	headShift = 37 // how much further shifted also shifts the rest
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: floor scanwrite|beside|ordered|shifted|copy|pieces|stream IN OUT")
		os.Exit(2)
	}
	n, err := run(os.Args[1], os.Args[2], os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
	// The count is printed so that the search is not optimized away.
	fmt.Println(n)
}

func run(mode, inPath, outPath string) (int, error) {
	in, err := os.Open(inPath)
	if err != nil {
		return 0, err
	}
	defer in.Close()
	out, err := os.Create(outPath)
	if err != nil {
		return 0, err
	}
	defer out.Close()
	st, err := in.Stat()
	if err != nil {
		return 0, err
	}
	at := st.Size() / 4 * 3
	head := int64(-1) // shifted: the end of the first line
	if mode == "shifted" || mode == "copy" || mode == "pieces" {
		line := make([]byte, 4096)
		m, _ := in.ReadAt(line, 0)
		head = int64(min(bytes.IndexByte(line[:m], '\n')+1, m))
		if head <= 0 || head > at {
			head = 0
		}
	}
	var n int
	switch mode {
	case "scanwrite":
		n, err = readAll(in, func(_ int64, b []byte) error {
			_, err := out.Write(b)
			return err
		})
	case "stream":
		widen(in)
		buf := make([]byte, chunk)
		for {
			m, rerr := in.Read(buf)
			if m > 0 {
				n += search(buf[:m])
				if _, err = out.Write(buf[:m]); err != nil {
					break
				}
			}
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				err = rerr
				break
			}
		}
	case "copy", "pieces":
		passed := make(chan struct{})
		close(passed)
		err = copyShifted(out, inPath, head, at, passed, mode == "pieces")
	case "beside", "ordered", "shifted":
		passed := make(chan struct{})
		if mode == "beside" {
			close(passed)
		}
		var wg sync.WaitGroup
		var cerr error
		wg.Add(1)
		go func() {
			defer wg.Done()
			cerr = copyShifted(out, inPath, head, at, passed, false)
		}()
		n, err = readAll(in, func(off int64, b []byte) error {
			if mode != "beside" && off < at && off+int64(len(b)) >= at {
				close(passed)
			}
			return nil
		})
		wg.Wait()
		if err == nil {
			err = cerr
		}
	default:
		return 0, fmt.Errorf("unknown mode %q", mode)
	}
	if err != nil {
		return 0, err
	}
	return n, out.Close()
}

// copyShifted copies the file at path to out with headShift spaces
// inserted at head (unless it is negative) and shift spaces at at, the
// part after at once passed is closed, each part by the kernel (io.Copy
// between two files is copy_file_range on Linux), or with pieces each
// part moved by other than whole pages through a buffer (copyPart).
func copyShifted(out *os.File, path string, head, at int64, passed <-chan struct{}, pieces bool) error {
	src, err := os.Open(path)
	if err != nil {
		return err
	}
	defer src.Close()
	from := int64(0)
	if head >= 0 {
		if _, err := io.Copy(out, io.LimitReader(src, head)); err != nil {
			return err
		}
		if _, err := out.Write(bytes.Repeat([]byte{' '}, headShift)); err != nil {
			return err
		}
		from = head
	}
	if err := copyPart(out, src, from, at-from, pieces); err != nil {
		return err
	}
	<-passed
	if _, err := out.Write(bytes.Repeat([]byte{' '}, shift)); err != nil {
		return err
	}
	st, err := src.Stat()
	if err != nil {
		return err
	}
	return copyPart(out, src, at, st.Size()-at, pieces)
}

// piece is the size of the pieces of the output copyPart writes.
const piece = 256 << 10

// copyPart copies n bytes of src from its offset off to out at out's
// offset: by the kernel, or with pieces, when the part moves by other
// than whole pages, read into a buffer and written in whole pieces of
// the output (each write from one multiple of piece to the next).
func copyPart(out, src *os.File, off, n int64, pieces bool) error {
	o, err := out.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if !pieces || (o-off)%4096 == 0 {
		if _, err := src.Seek(off, io.SeekStart); err != nil {
			return err
		}
		_, err := io.Copy(out, io.LimitReader(src, n))
		return err
	}
	buf := make([]byte, piece)
	for end := off + n; off < end; {
		k := min(end-off, piece-o%piece)
		if _, err := src.ReadAt(buf[:k], off); err != nil {
			return err
		}
		if _, err := out.Write(buf[:k]); err != nil {
			return err
		}
		off, o = off+k, o+k
	}
	return nil
}

// readAll reads r to its end in pieces of chunk bytes, searches each and
// hands it, with its offset, to use; it returns how many quotes and
// newlines it saw.
func readAll(r io.Reader, use func(int64, []byte) error) (int, error) {
	buf := make([]byte, chunk)
	seen := 0
	for off := int64(0); ; {
		m, err := io.ReadFull(r, buf)
		if m > 0 {
			seen += search(buf[:m])
			if uerr := use(off, buf[:m]); uerr != nil {
				return seen, uerr
			}
			off += int64(m)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return seen, nil
		}
		if err != nil {
			return seen, err
		}
	}
}

// search is the scan's kernel: a count of the newlines, and a vector
// search for each quote.
func search(b []byte) int {
	n := bytes.Count(b, []byte{'\n'})
	for {
		i := bytes.IndexByte(b, '"')
		if i < 0 {
			return n
		}
		n++
		b = b[i+1:]
	}
}
