// RUN: echo-args ok
// RUN: echo-args a \
// RUN:   b | not cat-tool
