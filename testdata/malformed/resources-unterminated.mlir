// ERROR: 3:1: unbalanced '{': no matching '}'
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
{-#
  dialect_resources: {}
