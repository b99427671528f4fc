// RUN: echo-args 'single  quoted' "double \"quoted\"" unquoted\ space | FileCheck %s --strict-whitespace
// CHECK: {{^}}single  quoted{{$}}
// CHECK-NEXT: {{^}}double "quoted"{{$}}
// CHECK-NEXT: {{^}}unquoted space{{$}}
