// XFAIL: has-feature
// RUN: echo-args fine
