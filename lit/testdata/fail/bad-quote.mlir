// RUN: echo-args 'unterminated
