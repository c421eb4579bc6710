// Counters module: see the issue that builds it.
