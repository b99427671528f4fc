// ERROR: 3:19: expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1
"builtin.module"() ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
  }) : () -> ()
}) : () -> ()
