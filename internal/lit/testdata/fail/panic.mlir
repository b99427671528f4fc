// RUN: panic-tool
