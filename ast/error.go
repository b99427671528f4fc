package ast

import (
	"fmt"
	"sort"
	"strings"
)

// Severity says how serious a diagnostic is.
type Severity int

// The severities, in MLIR's words.
const (
	SevError Severity = iota
	SevWarning
	SevNote
)

func (s Severity) String() string {
	switch s {
	case SevWarning:
		return "warning"
	case SevNote:
		return "note"
	}
	return "error"
}

// Error is a diagnostic at a position: "file:line:col: error: message".
type Error struct {
	Pos      Pos
	Severity Severity
	Msg      string
	// Binary marks an error in a binary file (a protobuf), which has no
	// lines: it prints as "file: message", the message starting with the
	// byte offset and the field path ("byte 22: HloModuleProto..."); a
	// warning as "file: warning: message".
	Binary bool
	// Lenient marks a warning about what the module's consumer would
	// reject (a sharding that does not read) but the tool can go on
	// without: with verified diagnostics it is an error, as the
	// consumer's.
	Lenient bool
}

func (e *Error) Error() string {
	if e.Binary && e.Severity == SevError {
		return fmt.Sprintf("%s: %s", e.Pos, Escape(e.Msg))
	}
	return fmt.Sprintf("%s: %s: %s", e.Pos, e.Severity, Escape(e.Msg))
}

// Errorf returns an error diagnostic at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList is a list of diagnostics; as an error it prints one per line.
type ErrorList []*Error

// Add appends an error diagnostic.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, Errorf(pos, format, args...))
}

// ListOf is err as diagnostics: an ErrorList as it is, an *Error as a
// list of one, any other error as one diagnostic without a position.
func ListOf(err error) ErrorList {
	switch e := err.(type) {
	case ErrorList:
		return e
	case *Error:
		return ErrorList{e}
	}
	return ErrorList{&Error{Msg: err.Error()}}
}

// Sort orders the list by position, keeping the order of equal positions.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset })
}

// HasErrors reports whether any diagnostic in l is an error.
func (l ErrorList) HasErrors() bool {
	for _, e := range l {
		if e.Severity == SevError {
			return true
		}
	}
	return false
}

// Err returns l as an error, or nil when l holds no error diagnostic.
func (l ErrorList) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Clip shortens a name quoted in a message to at most 64 bytes, so that a
// diagnostic about a megabyte identifier stays one readable line.
func Clip(s string) string {
	const max = 64
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}

// ClipBytes is Clip of a text given as bytes, which it does not copy
// whole.
func ClipBytes(b []byte) string { return Clip(string(b[:min(len(b), 65)])) }
