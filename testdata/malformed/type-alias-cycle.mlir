// ERROR: 3:6: type alias !a refers to itself
!a = !b
!b = !a
func.func @main(%arg0: !a) -> tensor<2xf32>
