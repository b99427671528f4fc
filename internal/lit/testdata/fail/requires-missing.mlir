// REQUIRES: missing-feature
// RUN: fail-tool
