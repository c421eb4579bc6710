#!/bin/bash
# alternate modes, one fresh process each, pinned to CPU 1
n=${1:-60}; shift; modes=("$@")
for i in $(seq $n); do for m in "${modes[@]}"; do taskset -c 1 /tmp/rot/rot $m; done; done
