// Package prototest builds large HloModuleProtos for tests: a small
// module read from testdata, after a computation whose one instruction
// holds a literal of the size asked, as XLA writes constants before the
// module's tables.
package prototest

import (
	"bytes"
	"os"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
)

// Large returns the HloModuleProto in the file small (a path) after a
// computation holding a literal of about n bytes of f32s (1.0 each).
func Large(t testing.TB, small string, n int) []byte {
	t.Helper()
	tail, err := os.ReadFile(small)
	if err != nil {
		t.Fatal(err)
	}
	lit := protowire.AppendTag(nil, 8, protowire.BytesType) // HloInstructionProto.literal
	lit = protowire.AppendBytes(lit, bytes.Repeat([]byte{0, 0, 0x80, 0x3f}, n/4))
	instr := protowire.AppendTag(nil, 8, protowire.BytesType)
	instr = protowire.AppendBytes(instr, lit)
	comp := protowire.AppendTag(nil, 2, protowire.BytesType) // HloComputationProto.instructions
	comp = protowire.AppendBytes(comp, instr)
	out := protowire.AppendTag(nil, 3, protowire.BytesType) // HloModuleProto.computations
	out = protowire.AppendBytes(out, comp)
	return append(out, tail...)
}
