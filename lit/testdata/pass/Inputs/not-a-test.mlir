// RUN: fail-tool
