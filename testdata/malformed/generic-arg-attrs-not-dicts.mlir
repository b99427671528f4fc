// ERROR: 3:32: expected argument attributes to be an array of dictionaries
"builtin.module"() ({
  "func.func"() <{arg_attrs = [1], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
  }) : () -> ()
}) : () -> ()
