package ast

// RemarkKind is the kind of an optimization remark, as MLIR names them.
type RemarkKind int

// The remark kinds, as MLIR's remark engine prints them in brackets.
const (
	RemarkPassed   RemarkKind = iota // the pass did something
	RemarkMissed                     // the pass could have, but did not
	RemarkFailure                    // the pass tried and failed
	RemarkAnalysis                   // a fact about the module
)

func (k RemarkKind) String() string {
	switch k {
	case RemarkMissed:
		return "Missed"
	case RemarkFailure:
		return "Failure"
	case RemarkAnalysis:
		return "Analysis"
	}
	return "Passed"
}

// Remark is an optimization remark: what a pass did, or did not do, and
// why, at the argument or result it is about. It is data; printing it as
// MLIR's emitRemark line or as a YAML record is the caller's business.
type Remark struct {
	Pos      Pos
	Kind     RemarkKind
	Pass     string // the pass's registry name
	Category string // alias-added, alias-removed, alias-rekinded, donor-consumed, output-unaliased, donor-unused, memory, pass-failed
	Function string // the entry function's name
	// Reason, Message and Suggestion are the remark's text fields
	// (MLIR's Reason=, Remark= and Suggestion=); each may be empty.
	Reason     string
	Message    string
	Suggestion string
}
