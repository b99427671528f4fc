// RUN: not echo-args fine
