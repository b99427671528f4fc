// ERROR: 1:1: entry function @main not found; no functions were found
