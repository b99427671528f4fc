// This file has no directives for the runner and is skipped.
// CHECK: nothing
