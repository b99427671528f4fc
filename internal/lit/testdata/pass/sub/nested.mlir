# RUN: echo-args nested | FileCheck %s
# CHECK: nested
