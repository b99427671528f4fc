package mhloalias

import (
	"bytes"
	"cmp"
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/hlo"
	"github.com/mhlo-alias/mhlo-alias/hloproto"
)

// HLO text modules (those whose first token is HloModule) go through the
// hlo package instead of parser and lower; passes, verification, the
// configs and the output are the same.

// checkInput reports a UsageError when in is a proto, or a chunk of it is
// HLO text, and the options hold one that only MLIR has: the proto's
// fields or the HLO header say where aliases go, and the entry gives the
// parameters and the result as they are.
func (s *settings) checkInput(in *input) error {
	flag := s.mlirOnlyFlag()
	if flag == "" {
		return nil
	}
	if k, err := s.protoKind(in.Display, in.Data); err == nil && k != hloproto.Unknown {
		return &UsageError{fmt.Sprintf("%s does not apply to %s (%s): its input_output_alias and buffer_donor fields are written, and the entry's parameters and result are taken as they are", flag, k, in.Display)}
	}
	for _, ch := range splitChunks(in.Data, s.splits(in)) {
		if hlo.IsHLO(in.Data[ch.start:ch.end]) {
			return &UsageError{fmt.Sprintf("%s does not apply to HLO text (%s is an HLO module): its header's input_output_alias and buffer_donor are written, and the entry computation's parameters and result are taken as they are", flag, cmp.Or(in.Display, "<stdin>"))}
		}
	}
	return nil
}

// mlirOnlyFlag names the first option set that only an MLIR input takes,
// or is "": --emit, --use-tuple-args, --return-tuple.
func (s *settings) mlirOnlyFlag() string {
	switch {
	case s.Emit != "":
		return "--emit"
	case s.UseTupleArgs:
		return "--use-tuple-args"
	case s.ReturnTuple:
		return "--return-tuple"
	}
	return ""
}

// hloHint adds a note to an MLIR read that found no function in text that
// looks like HLO: the keyword HloModule or ENTRY is there, but HloModule
// is not the first token.
func hloHint(src []byte, diags ast.ErrorList) ast.ErrorList {
	if len(diags) == 0 || !bytes.Contains([]byte(diags[0].Msg), []byte("no functions were found")) {
		return diags
	}
	for _, w := range []string{"HloModule", "ENTRY"} {
		if i := bytes.Index(src, []byte(w)); i >= 0 {
			note := &ast.Error{Pos: diags[0].Pos, Severity: ast.SevNote,
				Msg: fmt.Sprintf("the text holds %s: an HLO text module must begin with the keyword HloModule (after white space and comments) to be read as HLO", w)}
			return append(diags, note)
		}
	}
	return diags
}
