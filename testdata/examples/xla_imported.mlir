// Imported from HLO: the module attribute carries the aliases, and the
// entry layouts come from the module (argument 1 is column-major).
module @xla_computation_f attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [{alias = {kind = "must_alias", parameter_index = array<i64>, parameter_number = 0 : i64}, output_index = array<i64: 0>}, {alias = {kind = "may_alias", parameter_index = array<i64>, parameter_number = 1 : i64}, output_index = array<i64: 1>}], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false, mhlo.xla_entry_computation_parameter_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], mhlo.xla_entry_computation_result_layout = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>]} {
  func.func @main(%Arg_0.1: tensor<2x3xf32>, %Arg_1.2: tensor<3x2xf32>, %Arg_2.3: tensor<i32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
    return %Arg_0.1, %Arg_1.2 : tensor<2x3xf32>, tensor<3x2xf32>
  }
}
