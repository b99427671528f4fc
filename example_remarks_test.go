package mhloalias_test

import (
	"fmt"
	"log"
	"os"

	"github.com/mhlo-alias/mhlo-alias"
	"github.com/mhlo-alias/mhlo-alias/model"
	"github.com/mhlo-alias/mhlo-alias/remarks"
)

// A donor whose shape matches no output: f32[8,4] beside an f32[32].
const unmatched = `func.func @main(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}) -> tensor<32xf32> {
  %0 = "test.op"() : () -> tensor<32xf32>
  return %0 : tensor<32xf32>
}
`

// ExampleResult_WriteRemarks asks why a donor was not used: the Missed
// remark names the nearest output and the class of the difference.
func ExampleResult_WriteRemarks() {
	res, err := mhloalias.Process("step.mlir", []byte(unmatched), mhloalias.Options{
		Passes:  "buffer-donation-to-alias",
		Remarks: remarks.FilterOptions{Missed: ".*"},
	})
	if err != nil {
		log.Fatal(err)
	}
	res.WriteRemarks(os.Stdout)
	// Output:
	// step.mlir:1:17: remark: [Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="byte-size: output {} f32[32]{0} has the same byte size (128 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them", Remark="donor parameter 0 at {} f32[8,4]{1,0} is not used by any output", Suggestion="run xla-buffer-donation"
	// func.func @main(%arg0: tensor<8x4xf32> {jax.buffer_donor = true}) -> tensor<32xf32> {
	//                 ^
}

// ExampleOptions_unusedDonors makes a donor left unused an error, as a CI
// check would.
func ExampleOptions_unusedDonors() {
	_, err := mhloalias.ReadConfig([]byte(unmatched), mhloalias.Options{
		Passes:       "buffer-donation-to-alias",
		UnusedDonors: "error",
	})
	fmt.Println(err)
	// Output:
	// <stdin>:1:17: error: donor parameter 0 at {} f32[8,4]{1,0} is not used by any output: byte-size: output {} f32[32]{0} has the same byte size (128 bytes) but another shape; XLA's optimize_input_output_buffer_alias would pair them
}

// ExampleFormatConfig_summary prints the memory accounting for people.
func ExampleFormatConfig_summary() {
	cfg, err := mhloalias.ReadConfig([]byte(module), mhloalias.Options{Passes: "buffer-donation-to-alias"})
	if err != nil {
		log.Fatal(err)
	}
	text, _ := mhloalias.FormatConfig(cfg, "summary")
	fmt.Print(text)
	fmt.Println(model.MemoryOf(cfg).MayAliasBytes)
	// Output:
	// aliases: 1 (0 must, 1 may) share 16 B (must 0 B, may up to 16 B)
	// donors: 0 unused, 0 B
	// outputs without alias: 0, 0 B
	// parameters: 2, 32 B; outputs: 1, 16 B
	// 16
}
