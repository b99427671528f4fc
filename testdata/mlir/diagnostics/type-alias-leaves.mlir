// A type alias chain !tN = tuple<!tN-1, !tN-1> names 2^N leaves in a few
// lines. A value may have at most four leaves per byte of the file (at
// least 1024, at most 2^20): a longer one is an error at its type, found
// without expanding it, and no message prints it whole.

// RUN: mhlo-alias --split-input-file --verify-diagnostics %s

!t0 = tensor<2xf32>
!t1 = tuple<!t0, !t0>
!t2 = tuple<!t1, !t1>
!t3 = tuple<!t2, !t2>
!t4 = tuple<!t3, !t3>
!t5 = tuple<!t4, !t4>
!t6 = tuple<!t5, !t5>
!t7 = tuple<!t6, !t6>
!t8 = tuple<!t7, !t7>
!t9 = tuple<!t8, !t8>
!t10 = tuple<!t9, !t9>
!t11 = tuple<!t10, !t10>
!t12 = tuple<!t11, !t11>
!t13 = tuple<!t12, !t12>
!t14 = tuple<!t13, !t13>
!t15 = tuple<!t14, !t14>
!t16 = tuple<!t15, !t15>
!t17 = tuple<!t16, !t16>
!t18 = tuple<!t17, !t17>
!t19 = tuple<!t18, !t18>
!t20 = tuple<!t19, !t19>
!t21 = tuple<!t20, !t20>
!t22 = tuple<!t21, !t21>
!t23 = tuple<!t22, !t22>
!t24 = tuple<!t23, !t23>
!t25 = tuple<!t24, !t24>
!t26 = tuple<!t25, !t25>
!t27 = tuple<!t26, !t26>
!t28 = tuple<!t27, !t27>
!t29 = tuple<!t28, !t28>
!t30 = tuple<!t29, !t29>
!t31 = tuple<!t30, !t30>
!t32 = tuple<!t31, !t31>
!t33 = tuple<!t32, !t32>
!t34 = tuple<!t33, !t33>
!t35 = tuple<!t34, !t34>
!t36 = tuple<!t35, !t35>
!t37 = tuple<!t36, !t36>
!t38 = tuple<!t37, !t37>
!t39 = tuple<!t38, !t38>
!t40 = tuple<!t39, !t39>

// expected-error @+1 {{argument 0 has 1099511627776 leaves; at most}}
func.func @main(%arg0: !t40 {jax.buffer_donor = true}) -> tensor<2xf32> {
  %0 = "test.op"(%arg0) : (!t40) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

!t0 = tensor<2xf32>
!t1 = tuple<!t0, !t0>
!t2 = tuple<!t1, !t1>
!t3 = tuple<!t2, !t2>
!t4 = tuple<!t3, !t3>
!t5 = tuple<!t4, !t4>
!t6 = tuple<!t5, !t5>
!t7 = tuple<!t6, !t6>
!t8 = tuple<!t7, !t7>
!t9 = tuple<!t8, !t8>
!t10 = tuple<!t9, !t9>
!t11 = tuple<!t10, !t10>
!t12 = tuple<!t11, !t11>
!t13 = tuple<!t12, !t12>
!t14 = tuple<!t13, !t13>
!t15 = tuple<!t14, !t14>
!t16 = tuple<!t15, !t15>
!t17 = tuple<!t16, !t16>
!t18 = tuple<!t17, !t17>
!t19 = tuple<!t18, !t18>
!t20 = tuple<!t19, !t19>
!t21 = tuple<!t20, !t20>
!t22 = tuple<!t21, !t21>
!t23 = tuple<!t22, !t22>
!t24 = tuple<!t23, !t23>
!t25 = tuple<!t24, !t24>
!t26 = tuple<!t25, !t25>
!t27 = tuple<!t26, !t26>
!t28 = tuple<!t27, !t27>
!t29 = tuple<!t28, !t28>
!t30 = tuple<!t29, !t29>
!t31 = tuple<!t30, !t30>
!t32 = tuple<!t31, !t31>
!t33 = tuple<!t32, !t32>
!t34 = tuple<!t33, !t33>
!t35 = tuple<!t34, !t34>
!t36 = tuple<!t35, !t35>
!t37 = tuple<!t36, !t36>
!t38 = tuple<!t37, !t37>
!t39 = tuple<!t38, !t38>
!t40 = tuple<!t39, !t39>

// expected-error @+1 {{result 1 has 1099511627776 leaves; at most}}
func.func @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>, !t40) {
  %0 = "test.op"(%arg0) : (tensor<2xf32>) -> !t40
  return %arg0, %0 : tensor<2xf32>, !t40
}

// -----

!t0 = tensor<2xf32>
!t1 = tuple<!t0, !t0>
!t2 = tuple<!t1, !t1>
!t3 = tuple<!t2, !t2>
!t4 = tuple<!t3, !t3>
!t5 = tuple<!t4, !t4>
!t6 = tuple<!t5, !t5>
!t7 = tuple<!t6, !t6>
!t8 = tuple<!t7, !t7>

// 256 leaves are within the bound; the message prints the shape cut.
// expected-error @+1 {{is not an array: ((((((((f32[2], f32[2]), (f32[2], f32[2])), ((f32}}
func.func @main(%arg0: !t8 {jax.buffer_donor = true}) -> !t8 {
  return %arg0 : !t8
}
