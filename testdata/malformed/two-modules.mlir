// ERROR: 4:1: expected at most one top-level module
module {
}
module {
}
