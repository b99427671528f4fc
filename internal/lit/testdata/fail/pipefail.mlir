// RUN: fail-tool | cat-tool
