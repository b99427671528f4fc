// Package fileio is how mhlo-alias reads its inputs and writes its
// outputs. A regular file is mapped read-only (OpenFile), its pages
// dropped behind the scan (Release); a stream (ReadInput) is read into
// memory up to MemoryBound and spilled beyond it to an unlinked temporary
// file, which is then mapped. Reads of a mapping run under Input.Guard,
// which turns the fault of a truncated file into a ChangedError. An
// output is the input with edits spliced in (CopyEdited), written through
// WriteAtomic's temporary file beside the target.
package fileio
