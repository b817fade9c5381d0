#!/usr/bin/env bash
# The lines of a guest console log that report a kernel problem (panic,
# oops, BUG, WARNING, GPF, a Call Trace, an RCU stall), as LINE:TEXT:
#   scripts/kernel-problems.sh CONSOLE_LOG
# Exit status 0 if there is any, 1 if none. QEMU_OOM_OK=1: the Call Trace
# of an OOM kill's report is expected (LTP's madvise09 fills its memory
# cgroup on purpose); anything else still counts. KCSAN_TRIAGED=1: KCSAN
# reports are triaged elsewhere (scripts/kcsan-compare.sh).
set -uo pipefail
triaged='^$'; [ -n "${KCSAN_TRIAGED:-}" ] && triaged='BUG: KCSAN:'
awk -v ok="${QEMU_OOM_OK:-0}" '
  ok == 1 && /invoked oom-killer/ { oom = 1 }
  /Kernel panic|Oops|BUG:|WARNING:|general protection fault|Call Trace:|RCU stall/ {
    if (oom && /Call Trace:/) { oom = 0; next }
    print NR ":" $0
  }' "$1" 2>/dev/null | grep -vE "$triaged"
