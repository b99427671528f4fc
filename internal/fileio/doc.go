// Package fileio is how mhlo-alias reads its inputs and writes its
// outputs: the root package's pipeline reads an Input's bytes and hands
// back edits, and everything between those and the files is here.
//
// A regular file is mapped read-only (OpenFile); Release drops the pages
// a scan has passed. A stream (ReadInput: a pipe, a FIFO, a device) is
// read as it arrives into memory up to MemoryBound and spilled beyond it
// to an unlinked temporary file, which is then mapped; a Check sees each
// piece as it arrives, and its first error ends the read.
//
// A mapped file that another process truncates faults (SIGBUS) where it
// is read: every read of a mapping runs under Input.Guard, which turns
// the fault into a ChangedError, and before an output is committed the
// file's size and modification time are checked against those it had
// when it was mapped (Input.Unchanged).
//
// An output is the input with edits spliced in (CopyEdited): the ranges
// between edits are copied from the input file, by copy_file_range when
// the output is a file too. It goes through an AtomicFile: a temporary
// file beside the target, renamed over it with the target's mode and,
// where the process may, its owner; removed on any error, and by
// RemoveTemporaryFiles, which the command calls on SIGINT and SIGTERM.
//
// The package imports none of the pipeline's packages but edit; the root
// package imports it, never the reverse.
package fileio
