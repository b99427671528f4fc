package mhloalias

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// TestRemarkPrintsAWindow: a remark under a one-line signature of
// thousands of donors no output can take prints a window of that line,
// not the line: at most 1 KB of text per remark, whatever the line's
// length.
func TestRemarkPrintsAWindow(t *testing.T) {
	const donors = 2000
	var b strings.Builder
	b.WriteString("func.func @main(")
	for i := range donors {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%%arg%d: tensor<4x8xf32> {jax.buffer_donor = true}", i)
	}
	b.WriteString(") -> tensor<2xi8> {\n  %0 = \"test.op\"() : () -> tensor<2xi8>\n  return %0 : tensor<2xi8>\n}\n")
	res, err := Process("donors.mlir", []byte(b.String()), Options{
		Passes:  "buffer-donation-to-alias",
		Remarks: remarks.FilterOptions{Missed: ".*"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := res.WriteRemarks(&out); err != nil {
		t.Fatal(err)
	}
	// Each remark is its "remark:" line and the lines after it.
	blocks := strings.Split(out.String(), "donors.mlir:")[1:]
	if len(blocks) != donors {
		t.Fatalf("%d remarks, want one per donor (%d)", len(blocks), donors)
	}
	for i, bl := range blocks {
		if n := len("donors.mlir:") + len(bl); n > 1024 {
			t.Fatalf("remark %d prints %d bytes, more than 1 KB:\n%.300s...", i, n, bl)
		}
	}
}
