// ERROR: 3:76: Shape and memory space of the result at index {} (f32[16]{0}) must be the same as the shape and memory spaceof aliased parameter 0 at index {} (f32[16]{0:S(5)})
module {
  func.func @main(%arg0: tensor<16xf32> {mhlo.memory_kind = "pinned_host", mhlo.result_alias = #mhlo.result_alias<result_index = [0], must_alias>}) -> tensor<16xf32> {
    return %arg0 : tensor<16xf32>
  }
}
