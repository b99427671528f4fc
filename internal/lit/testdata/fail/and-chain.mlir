// RUN: echo-args one && fail-tool && echo-args never
