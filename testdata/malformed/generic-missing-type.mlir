// ERROR: 5:1: expected ':' followed by the operation's type
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main"}> ({
  })
}) : () -> ()
