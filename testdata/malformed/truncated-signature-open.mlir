// ERROR: 3:18: unbalanced '(': no matching closing bracket
module {
  func.func @main(
