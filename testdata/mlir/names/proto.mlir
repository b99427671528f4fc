// The compiler's binary module, an HloModuleProto as torch-neuronx writes
// it to the Neuron compile cache (model.hlo_module.pb), names its
// parameters and outputs as HLO text does: the NEFF input names of the
// parameters' frontend attributes, else an op_name without an op_type,
// else the instruction's name; the NEFF output names of the root.
// Inputs/torch-neuronx.hlo_module.pb is built by hloproto's
// TestNamesProtoFile (namesProto); one of its names is longer than the
// bytes a config keeps of a name, and the JSON record reads it again from
// the file.

// RUN: mhlo-alias --passes=buffer-donation-to-alias --remarks-filter='donor-.*|alias-added' %S/Inputs/torch-neuronx.hlo_module.pb -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mhlo-alias --passes=buffer-donation-to-alias --unused-donors=warn %S/Inputs/torch-neuronx.hlo_module.pb -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=json %S/Inputs/torch-neuronx.hlo_module.pb | FileCheck %s --check-prefix=JSON
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=summary %S/Inputs/torch-neuronx.hlo_module.pb | FileCheck %s --check-prefix=SUMMARY
// RUN: mhlo-alias --passes=buffer-donation-to-alias --print-config=table %S/Inputs/torch-neuronx.hlo_module.pb | FileCheck %s --check-prefix=TABLE

// SUMMARY: unused donor: parameter 2 "p2.3" at {}, 16 B
// SUMMARY-NEXT: unused donor: parameter 3 "params['layer/{{(layer/)+}}lay..." at {}, 16 B

// TABLE:      {0} output0 f32[4]{0} 16 B device must 0 {} input0
// TABLE-NEXT: {1} output1 f32[4]{0} 16 B device may 1 {} input1
// TABLE:      2 {} p2.3 f32[4]{0} 16 B device unused: taken: {{.*}}
// TABLE-NEXT: 3 {} params['layer/{{(layer/)*}}l… f32[4]{0} 16 B device unused: taken: {{.*}}

// REMARK: torch-neuronx.hlo_module.pb: remark: [Passed] aws_neuron_buffer_donation_to_alias | Category:alias-added | Remark="output {1} "output1" f32[4]{0} may-aliased with parameter 1 "input1" at {}"
// REMARK: torch-neuronx.hlo_module.pb: remark: [Passed] aws_neuron_buffer_donation_to_alias | Category:donor-consumed | Remark="donor parameter 1 "input1" at {} f32[4]{0} consumed by output {1} "output1""
// REMARK: torch-neuronx.hlo_module.pb: remark: [Missed] aws_neuron_buffer_donation_to_alias | Category:donor-unused | Reason="taken: output {0} "output0" f32[4]{0} is already aliased with parameter 0 "input0" at {}", Remark="donor parameter 2 "p2.3" at {} f32[4]{0} is not used by any output"

// WARN: warning: donor parameter 3 "params['layer/layer/layer/layer/layer/layer/layer/layer/layer/layer/layer/lay..." at {} f32[4]{0} is not used by any output: taken: output {0} "output0" f32[4]{0} is already aliased with parameter 0 "input0" at {}

// JSON: "parameters": [{"parameter_number": 0, "name": "input0", {{.*}}}, {"parameter_number": 1, "name": "input1", {{.*}}}, {"parameter_number": 2, "name": "p2.3", {{.*}}}, {"parameter_number": 3, "name": "params['{{(layer/){200}(layer/){200}w}}']", {{.*}}}], "outputs": [{"output_index": [0], "name": "output0", {{.*}}}, {"output_index": [1], "name": "output1", {{.*}}}]
