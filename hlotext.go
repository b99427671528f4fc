package mhloalias

import (
	"bytes"
	"fmt"

	"github.com/mhlo-alias/mhlo-alias/ast"
	"github.com/mhlo-alias/mhlo-alias/hlo"
)

// HLO text modules (those whose first token is HloModule) go through the
// hlo package instead of parser and lower; passes, verification, the
// configs and the output are the same.

// checkInput reports a UsageError when a chunk of in is HLO text and the
// options hold one that only MLIR has.
func (s *settings) checkInput(in *input) error {
	if err := s.checkProto(in.Display, in.Data); err != nil {
		return err
	}
	for _, ch := range splitChunks(in.Data, s.splits(in)) {
		if err := s.checkHLO(in.Display, in.Data[ch.start:ch.end]); err != nil {
			return err
		}
	}
	return nil
}

// checkHLO reports a UsageError when an option that only MLIR has is
// used on HLO text: the header says where aliases go, and the entry
// computation gives the parameters and the result as they are.
func (s *settings) checkHLO(name string, src []byte) error {
	if !hlo.IsHLO(src) {
		return nil
	}
	flag := s.mlirOnlyFlag()
	if flag == "" {
		return nil
	}
	if name == "" {
		name = "<stdin>"
	}
	return &UsageError{fmt.Sprintf("%s does not apply to HLO text (%s is an HLO module): its header's input_output_alias and buffer_donor are written, and the entry computation's parameters and result are taken as they are", flag, name)}
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
