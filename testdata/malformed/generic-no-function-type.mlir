// ERROR: 3:3: expected a function_type attribute holding a function type
"builtin.module"() ({
  "func.func"() <{sym_name = "main"}> ({
  }) : () -> ()
}) : () -> ()
