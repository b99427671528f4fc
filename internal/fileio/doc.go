// Package fileio is how mhlo-alias reads its inputs and writes its
// outputs: the root package's pipeline sees an Input's bytes and hands
// back edits, and everything between those and the files is here.
//
// An Input comes from one of four places. A regular file is mapped
// read-only (OpenFile), and its Data is that mapping, but a file of 16 MB
// or more is not scanned through it: the scan reads the file ahead of
// itself with pread, a chunk of 2 MB at a time, into a fresh huge page
// moved over the mapping at the chunk's place, and the file is mapped back
// over each chunk the scan has left behind (Ahead; Linux). Data holds the
// file's bytes at every moment, through memory where the scan has just
// been and through the mapping elsewhere; only the page faults of the
// mapping, costly on some machines, are saved. An MLIR function body that runs
// past the chunks read is not read into chunks at all: the scan passes
// over it through a window (Window), one buffer it reuses, filled by
// pread, and the reading ahead resumes where the body ends (SkipTo); a
// body is thus read once, into memory already mapped and in the
// processor's cache, with no page to zero or move. A smaller file's scan reads
// the mapping: a window ahead of it is populated in one call and the pages
// behind it are dropped, so a file of gigabytes costs little memory either
// way. A front end that reads only a few fields of a large file reads them
// through the file (MappedReader). A stream (ReadInput) of a few
// megabytes is held in memory; a larger one is spooled to an unlinked
// temporary file, mapped once with room to grow (Growing), so the scan
// starts while the stream still flows. A pipe whose output can
// be written as it is read goes through a ring of memory instead
// (StreamPipe, Linux): the scan reads the pipe itself, and the writer,
// in steps on the scan's goroutine, copies the same bytes; only the spans
// the pipeline reads again are kept. A function body that runs past the
// ring is read from the pipe into one buffer, reused (the window, as for
// a file), the writer copying each piece from it before the next is
// read; where the writer cannot take a piece, the ring takes its rest.
//
// Output goes through an AtomicFile: a temporary file beside the target,
// renamed over it with the target's mode and, where the process may, its
// owner; removed on any error, and by RemoveTemporaryFiles, which the
// command calls on SIGINT and SIGTERM. An output is the input with edits
// spliced in (CopyEdited): the ranges between edits go file to file by
// copy_file_range where they keep their place within a page, and only
// the edits pass through this process; a range moved by other than whole
// pages is read into a buffer and written in whole pieces of the output
// (WritePiece), as is every long range written from memory, because the
// page cache fills pieces that begin and end inside a page at a cost
// several times a plain copy's. A large input's output is written while the scan
// goes on (Speculation): a writer (a goroutine of its own, or for a pipe
// steps taken on the scan's goroutine) copies as far as the caller
// says the edits are known, and the output is committed only if they are
// exactly the result's.
//
// A mapped file that another process truncates faults (SIGBUS) where it
// is read: every read of a mapping runs under Input.Guard, which turns
// the fault into a ChangedError, and before an output is committed the
// file's size and modification time are checked against those it had
// when it was mapped (Input.Unchanged).
//
// The package imports none of the pipeline's packages but printer, for
// the type of an edit; the root package imports it, never the reverse.
package fileio
