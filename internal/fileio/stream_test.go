package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// TestReadInputSpills reads streams below and above MemoryBound: the
// bytes are the stream's, a long one is a mapped file, and a Check sees
// every byte once, in order.
func TestReadInputSpills(t *testing.T) {
	old := MemoryBound
	MemoryBound = 1 << 20
	defer func() { MemoryBound = old }()
	for _, n := range []int{0, 100, 1 << 20, 3<<20 + 17} {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(i % 251)
		}
		var seen bytes.Buffer
		check := func(p []byte, off int) error {
			if off != seen.Len() {
				return fmt.Errorf("piece at %d after %d bytes", off, seen.Len())
			}
			seen.Write(p)
			return nil
		}
		in, err := ReadInput("s", io.MultiReader(bytes.NewReader(src)), check)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(in.Data, src) || !bytes.Equal(seen.Bytes(), src) {
			t.Errorf("%d bytes: read %d, checked %d", n, len(in.Data), seen.Len())
		}
		if spilled := in.File != nil; spilled != (n >= MemoryBound) {
			t.Errorf("%d bytes: spilled %v", n, spilled)
		}
		in.Close()
	}
}

// TestReadInputCheckEnds ends an endless stream at the Check's error.
func TestReadInputCheckEnds(t *testing.T) {
	stop := errors.New("stop")
	read := 0
	in, err := ReadInput("zero", endless{}, func(p []byte, off int) error {
		read = off + len(p)
		if read > 40<<20 {
			return stop
		}
		return nil
	})
	if in != nil || err != stop {
		t.Errorf("input %v, error %v; want the check's", in != nil, err)
	}
}

type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }
