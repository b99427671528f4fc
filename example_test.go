package mhloalias_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/mhlo-alias/mhlo-alias"
)

// A JAX export with one argument donated (jax.buffer_donor) and an output
// of the same shape.
const module = `module @jit_step {
  func.func public @main(%arg0: tensor<4xf32> {jax.buffer_donor = true}, %arg1: tensor<4xf32>) -> (tensor<4xf32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
`

// ExampleReadConfig reads a module's alias table as XLA prints it.
func ExampleReadConfig() {
	cfg, err := mhloalias.ReadConfig([]byte(module), mhloalias.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(cfg.LongString())
	// Output:
	// HloInputOutputAliasConfig
	//   Output shape: f32[4]
	// HloBufferDonorConfig
	//   Parameter 0 at {} is registered as a buffer donor.
}

// ExampleRewrite turns the donor into a may-alias with Neuron's donation
// pass, then makes it a must-alias, and prints the rewritten module.
func ExampleRewrite() {
	out, err := mhloalias.Rewrite([]byte(module), mhloalias.Options{
		Passes: "buffer-donation-to-alias,flip-may-aliases",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(out))
	// Output:
	// module @jit_step {
	//   func.func public @main(%arg0: tensor<4xf32> {mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}, %arg1: tensor<4xf32>) -> (tensor<4xf32>) {
	//     %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
	//     return %0 : tensor<4xf32>
	//   }
	// }
}

// ExampleProcess shows what a pipeline changed: the config after the
// passes, and the splices into the text.
func ExampleProcess() {
	res, err := mhloalias.Process("step.mlir", []byte(module), mhloalias.Options{
		Passes: "buffer-donation-to-alias",
		Emit:   "module",
	})
	if err != nil {
		log.Fatal(err)
	}
	m := res.Modules[0]
	fmt.Print(m.Config.ShortString())
	for _, e := range m.Edits {
		fmt.Printf("[%d,%d) -> %q\n", e.Start, e.End, e.New)
	}
	// Output:
	// input_output_alias={ {}: (0, {}, may-alias) }
	// [17,17) -> "attributes {mhlo.input_output_alias = [{alias = {kind = \"may_alias\", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64>}]} "
	// [64,90) -> ""
}

// ExampleRewriteFile rewrites a file in place, atomically.
func ExampleRewriteFile() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "step.mlir")
	if err := os.WriteFile(path, []byte(module), 0o644); err != nil {
		log.Fatal(err)
	}
	changed, err := mhloalias.RewriteFile(path, mhloalias.Options{Passes: "buffer-donation-to-alias"})
	if err != nil {
		log.Fatal(err)
	}
	cfg, err := mhloalias.ReadConfig(must(os.ReadFile(path)), mhloalias.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(changed)
	fmt.Print(cfg.LongString())
	// Output:
	// true
	// HloInputOutputAliasConfig
	//   Output shape: f32[4]
	//   OutputIndex {} is may-aliased with parameter 0 at {}:
	// HloBufferDonorConfig
}

func must(b []byte, err error) []byte {
	if err != nil {
		log.Fatal(err)
	}
	return b
}
