package mhloalias_test

import (
	"fmt"
	"log"

	"github.com/mhlo-alias/mhlo-alias"
)

// The same step as HLO text, as XLA dumps it: argument 0 donated.
const hloModule = `HloModule jit_step, buffer_donor={ (0, {}) }, entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}

ENTRY %main.4 (Arg_0.1: f32[4], Arg_1.2: f32[4]) -> f32[4] {
  %Arg_0.1 = f32[4]{0} parameter(0)
  %Arg_1.2 = f32[4]{0} parameter(1)
  ROOT %add.3 = f32[4]{0} add(f32[4]{0} %Arg_0.1, f32[4]{0} %Arg_1.2)
}
`

// ExampleRewrite_hlo runs the same pipeline on HLO text: only the
// header's buffer_donor and input_output_alias change.
func ExampleRewrite_hlo() {
	out, err := mhloalias.Rewrite([]byte(hloModule), mhloalias.Options{
		Passes: "buffer-donation-to-alias,flip-may-aliases",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(out))
	// Output:
	// HloModule jit_step, input_output_alias={ {}: (0, {}, must-alias) }, entry_computation_layout={(f32[4]{0}, f32[4]{0})->f32[4]{0}}
	//
	// ENTRY %main.4 (Arg_0.1: f32[4], Arg_1.2: f32[4]) -> f32[4] {
	//   %Arg_0.1 = f32[4]{0} parameter(0)
	//   %Arg_1.2 = f32[4]{0} parameter(1)
	//   ROOT %add.3 = f32[4]{0} add(f32[4]{0} %Arg_0.1, f32[4]{0} %Arg_1.2)
	// }
}

// ExampleReadConfig_hlo reads the alias table of HLO text.
func ExampleReadConfig_hlo() {
	cfg, err := mhloalias.ReadConfig([]byte(hloModule), mhloalias.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(cfg.ShortString())
	// Output:
	// buffer_donor={ (0, {}) }
}
