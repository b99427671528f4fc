//go:build unix && !linux

package fileio

// Elsewhere the mapped input gets no advice: the syscall package has no
// madvise there, and the pages behind the scan stay mapped until the end
// (the memory bound of a run holds on Linux only).
const (
	adviseSequential = iota
	adviseDontNeed
	advisePopulateRead
)

func madvise([]byte, int) error { return nil }
