// UNSUPPORTED: has-feature || other
// RUN: fail-tool
