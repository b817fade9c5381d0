#!/usr/bin/env bash
# LTP on the real system, stock and patched, one boot each, then the table
# of system/ltp_table.py:
#   LTP_RUNTESTS="syscalls mm ltp-aiodio.part4" system/ltp.sh   (the default)
# runtest files of /opt/ltp/runtest; of each, the tests system/suites.sh built.
# Results in build/system/runs/ltp-KIND/output.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BUILD_DIR:-$here/build}/system
runtests=${LTP_RUNTESTS:-syscalls mm ltp-aiodio.part4}
opt=$("$here/system/suites.sh")
for rt in $runtests; do
  [ -f "$opt/ltp/runtest/$rt" ] ||
    { echo "ltp: no runtest file '$rt' (LTP_RUNTESTS; see $opt/ltp/runtest)" >&2; exit 2; }
done
runs=()
# madvise09 fills its memory cgroup to make reclaim free MADV_FREE pages:
# the OOM kill it may end with is the test's, not a kernel problem
export QEMU_OOM_OK=1
for kind in stock patched; do
  run=$out/runs/ltp-$kind job=$out/jobs/ltp-$kind
  rm -rf "$job" && mkdir -p "$job" && cp "$here/system/jobs/ltp/run" "$job/"
  echo "$runtests" > "$job/runtests"
  echo "ltp: $kind, runtest files: $runtests" >&2
  "$here/system/boot.sh" "$kind" "$job" "$run" || true   # the table says what failed
  runs+=("$kind:$run/output.txt")
done
python3 "$here/system/ltp_table.py" "${runs[@]}"
