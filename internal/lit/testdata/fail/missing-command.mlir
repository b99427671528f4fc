// RUN: this-command-does-not-exist-anywhere
