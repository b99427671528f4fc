// The remark filters, with mlir-opt 22's semantics: a remark of a kind is
// shown when --remarks-filter or the filter of its kind matches the whole
// of its category (or, here, of its pass name); without a filter no
// remark is made. An expression that does not compile is a usage error.

// Every kind: the two Passed remarks, the Missed one and the memory one.
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter='.*' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// ALL-COUNT-2: remark: [Passed] add-may-aliases | Category:{{alias-added|donor-consumed}}
// ALL-NEXT:    {{^}}func.func
// ALL-NEXT:    {{^ *}}^
// ALL-NEXT:    remark: [Missed] add-may-aliases | Category:output-unaliased
// ALL:         remark: [Analysis] add-may-aliases | Category:memory

// A whole-name match: "alias" matches no category and no pass name.
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter=alias %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE --allow-empty
// RUN: mhlo-alias --passes=add-may-aliases %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: remark

// By category, by pass name, and one kind only.
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter='alias-.*' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CATEGORY
// CATEGORY:     Category:alias-added
// CATEGORY-NOT: remark:
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter-missed='add-may-aliases' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MISSED
// MISSED:     remark: [Missed] add-may-aliases | Category:output-unaliased | Reason="none: no parameter has this shape, these dimensions or this byte size", Remark="output {1} f32[3]{0} has no alias"
// MISSED-NOT: remark:

// The general filter and a kind's filter add up; an anchored expression
// is taken as it is.
// RUN: mhlo-alias --passes=add-may-aliases --remarks-filter=memory --remarks-filter-passed='^donor-consumed$' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=UNION
// UNION:     Category:donor-consumed
// UNION:     Category:memory
// UNION-NOT: remark:

// RUN: not mhlo-alias --remarks-filter-analyse='(' %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: mhlo-alias: invalid --remarks-filter-analyse=(: error parsing regexp: missing closing ): `(`
// RUN: not mhlo-alias --remark-format=bitstream --remarks-filter='.*' %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: mhlo-alias: invalid --remark-format=bitstream: valid formats are emitRemark, yaml

func.func @main(%arg0: tensor<2xf32> {jax.buffer_donor = true}) -> (tensor<2xf32>, tensor<3xf32>) {
  %0 = "test.op"() : () -> tensor<3xf32>
  return %arg0, %0 : tensor<2xf32>, tensor<3xf32>
}
