package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/ast"
)

// progressModule is a custom-form module with a large function before
// @main, a signature longer than the release step, and one after.
func progressModule(mainArgs int) (src string, mainAt int) {
	body := strings.Repeat(`    %c = "stablehlo.constant"() {value = dense<"0x00000000"> : tensor<1xf32>} : () -> tensor<1xf32>`+"\n", 200)
	var b strings.Builder
	b.WriteString("module @m attributes {mhlo.input_output_alias = [], mhlo.num_partitions = 1 : i32} {\n")
	b.WriteString("  func.func private @before() {\n" + body + "    return\n  }\n")
	mainAt = b.Len() + 2
	b.WriteString("  func.func public @main(")
	for i := range mainArgs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%%arg%d: tensor<4xf32> {jax.buffer_donor = true}", i)
	}
	b.WriteString(") -> tensor<4xf32> {\n    return %arg0 : tensor<4xf32>\n  }\n")
	b.WriteString("  func.func private @after() {\n" + body + "    return\n  }\n}\n")
	return b.String(), mainAt
}

func TestHeaderAndProgress(t *testing.T) {
	defer func(step int) { releaseStep = step }(releaseStep)
	releaseStep = 512
	src, mainAt := progressModule(100)
	for _, withEarly := range []bool{true, false} {
		var header *ast.Module
		var early bool
		var before, after []int // Progress offsets before and after Early
		o := Options{
			Header: func(m *ast.Module) {
				if header != nil || len(before) > 0 {
					t.Error("Header called twice, or after Progress")
				}
				header = m
			},
			Progress: func(off int) {
				if early {
					after = append(after, off)
				} else {
					before = append(before, off)
				}
			},
		}
		if withEarly {
			o.Early = func(*ast.File) { early = true }
		}
		f, err := ParseFile("m.mlir", []byte(src), o)
		if err != nil {
			t.Fatal(err)
		}
		if header == nil || header != f.Module || header.Attrs.Lookup("mhlo.input_output_alias") == nil {
			t.Fatalf("Header gave %v; want the result's module with its attributes", header)
		}
		if early != withEarly || len(before) == 0 {
			t.Fatalf("early %v, %d calls of Progress before it", early, len(before))
		}
		for _, off := range before {
			if off > mainAt {
				t.Errorf("Early %v: Progress(%d) before Early passes @main at %d", withEarly, off, mainAt)
			}
		}
		if withEarly {
			// After Early the scan goes on through @main's body and @after.
			if len(after) == 0 || after[len(after)-1] <= mainAt {
				t.Errorf("Progress after Early: %v; want offsets past @main at %d", after, mainAt)
			}
		}
	}
}

// A second @main (an error in the result) pins Progress before it too.
func TestProgressStopsAtSecondEntry(t *testing.T) {
	defer func(step int) { releaseStep = step }(releaseStep)
	releaseStep = 512
	src, _ := progressModule(3)
	second := strings.LastIndex(src, "}")
	src = src[:second] + "  func.func @main() {\n    return\n  }\n" + strings.Repeat("  func.func private @pad() {\n    return\n  }\n", 100) + "}\n"
	at := strings.LastIndex(src, "func.func @main()")
	var last int
	_, err := ParseFile("m.mlir", []byte(src), Options{Early: func(*ast.File) {}, Progress: func(off int) { last = off }})
	if err == nil {
		t.Fatal("a second @main parsed")
	}
	if last > at {
		t.Errorf("Progress(%d) passed the second @main at %d", last, at)
	}
}

// Header is not called for a generic-form module, whose attributes follow
// its body.
func TestHeaderNotForGeneric(t *testing.T) {
	src := `"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "main"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) {mhlo.input_output_alias = []} : () -> ()
`
	called := false
	if _, err := ParseFile("m.mlir", []byte(src), Options{Header: func(*ast.Module) { called = true }}); err != nil {
		t.Fatal(err)
	}
	if called {
		t.Error("Header called for a generic-form module")
	}
}
