#!/usr/bin/env bash
# LTP on the real system, stock and patched, one boot each, then the table
# of system/ltp_table.py: system/ltp.sh
# Results in build/system/runs/ltp-KIND/output.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BUILD_DIR:-$here/build}/system
runs=()
for kind in stock patched; do
  run=$out/runs/ltp-$kind
  echo "ltp: $kind (console: $run/console.log)" >&2
  t0=$(date +%s)
  "$here/system/boot.sh" "$kind" "$here/system/jobs/ltp" "$run" || echo "ltp: the $kind boot failed (status $?)" >&2
  echo "ltp: $kind took $(( $(date +%s) - t0 ))s" >&2
  runs+=("$kind:$run/output.txt")
done
python3 "$here/system/ltp_table.py" "${runs[@]}"
