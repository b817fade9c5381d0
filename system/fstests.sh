#!/usr/bin/env bash
# fstests on the real system, stock and patched, one boot per kernel and
# file system (test and scratch devices: blank 8 GiB virtio disks, fresh
# every boot), then the table of system/fstests_table.py:
#   system/fstests.sh [FSES [TESTS]]      (default ext4,xfs and the selection
#                                          of system/fstests_select.py)
# TESTS: "quick" for the whole quick group, or a list ("generic/209 ...").
# FSTESTS_PART=K/N runs the K-th of N slices of the selection or of quick.
# Results in build/system/runs/fstests-FS-KIND/output.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fses=${1:-ext4,xfs} tests=${2:-}
out=${BUILD_DIR:-$here/build}/system
opt=$("$here/system/suites.sh")
for disk in test scratch; do
  [ -f "$out/$disk.img" ] || truncate -s 8G "$out/$disk.img"
done
export SYSTEM_DRIVES="-drive file=$out/test.img,if=virtio,format=raw,snapshot=on -drive file=$out/scratch.img,if=virtio,format=raw,snapshot=on"
runs=()
for fs in ${fses//,/ }; do
  case $tests in
    ''|quick) list=$(python3 "$here/system/fstests_select.py" "$opt/xfstests" "$fs" $tests \
                 ${FSTESTS_PART:+--part "$FSTESTS_PART"}) ;;
    *) list=$tests ;;
  esac
  for kind in stock patched; do
    run=$out/runs/fstests-$fs-$kind job=$out/jobs/fstests-$fs-$kind
    rm -rf "$job" && mkdir -p "$job" && cp "$here/system/jobs/fstests/run" "$job/"
    echo "$fs" > "$job/fstyp" && echo "$list" > "$job/tests"
    echo "fstests: $kind, $fs, $(echo $list | wc -w) tests" >&2
    "$here/system/boot.sh" "$kind" "$job" "$run" || true   # the table says what failed
    runs+=("$fs:$kind:$run/output.txt")
  done
done
python3 "$here/system/fstests_table.py" "${runs[@]}"
