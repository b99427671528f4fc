package lower

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mhlo-alias/mhlo-alias/parser"
)

// TestLazyInputChanged: when the arguments are kept as their spans and
// the input no longer holds what the parser read there (a mapped file
// written to during the run), the lowering reports it as an error, on
// either processor's half, rather than lowering other text or panicking.
func TestLazyInputChanged(t *testing.T) {
	defer func(n int) { parallelValues = n }(parallelValues)
	var args []string
	for i := 0; i < 3000; i++ {
		args = append(args, fmt.Sprintf("%%a%d: tensor<2x3xf32> {mhlo.sharding = \"{replicated}\"}", i))
	}
	text := fn(strings.Join(args, ", "), "tensor<2x3xf32>")
	for _, parallel := range []int{1 << 30, 2} {
		for _, at := range []int{10, 2500} {
			parallelValues = parallel
			src := []byte(text)
			f, err := parser.ParseFile("t.mlir", src, parser.Options{Lazy: 1})
			if err != nil {
				t.Fatal(err)
			}
			if f.Entry.Lazy == nil {
				t.Fatal("the arguments were kept as nodes")
			}
			name := fmt.Sprintf("%%a%d: tensor<2x3xf32>", at)
			i := bytes.Index(src, []byte(name))
			copy(src[i+len(name)-7:], "xf32 ,>")
			cfg, diags := Lower(f, src, Options{})
			if cfg != nil || !strings.Contains(diags.Error(), "t.mlir changed while being read") {
				t.Errorf("argument %d changed, %d values in parallel: config %v, diagnostics %v", at, parallel, cfg != nil, diags)
			}
		}
	}
}
