#!/usr/bin/env bash
# LTP on the real system, stock and patched, one boot each, then the table
# of system/ltp_table.py: system/ltp.sh
# Results in build/system/runs/ltp-KIND/output.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BUILD_DIR:-$here/build}/system
runs=()
# madvise09 fills its memory cgroup to make reclaim free MADV_FREE pages:
# the OOM kill it may end with is the test's, not a kernel problem
export QEMU_OOM_OK=1
for kind in stock patched; do
  run=$out/runs/ltp-$kind
  "$here/system/boot.sh" "$kind" "$here/system/jobs/ltp" "$run" || true   # the table says what failed
  runs+=("$kind:$run/output.txt")
done
python3 "$here/system/ltp_table.py" "${runs[@]}"
