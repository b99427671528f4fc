// ERROR: 3:3: expected a sym_name string in the function's properties or attributes
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>}> ({
  }) : () -> ()
}) : () -> ()
