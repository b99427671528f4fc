// ERROR: 2:8: unbalanced '{': no matching '}'
module {
