// A NUL, a control byte or a byte of invalid UTF-8 in the input is named
// escaped, '\x00' or '\xff', in the message and in the source line, the
// same way by the MLIR and the HLO front ends.

// RUN: not mhlo-alias %S/Inputs/nul-byte.txt 2>&1 | FileCheck %s --check-prefix=NUL
// RUN: not mhlo-alias %S/Inputs/ff-byte.txt 2>&1 | FileCheck %s --check-prefix=FF
// RUN: not mhlo-alias %S/../hlo/Inputs/nul-byte.txt 2>&1 | FileCheck %s --check-prefix=HLONUL
// RUN: not mhlo-alias %S/../hlo/Inputs/ff-byte.txt 2>&1 | FileCheck %s --check-prefix=HLOFF

// NUL: nul-byte.txt:1:30: error: unexpected character '\x00'
// NUL-NEXT: func.func @main(%a: tensor<2x\x00f32>) -> tensor<2xf32>
// NUL-NEXT: {{^                             \^$}}
// FF: ff-byte.txt:1:30: error: unexpected character '\xff'
// FF-NEXT: func.func @main(%a: tensor<2x\xfff32>) -> tensor<2xf32>
// HLONUL: nul-byte.txt:1:52: error: unexpected character '\x00'
// HLONUL-NEXT: HloModule m, input_output_alias={ {0}: (0, {}, may-\x00) }
// HLOFF: ff-byte.txt:1:52: error: unexpected character '\xff'
