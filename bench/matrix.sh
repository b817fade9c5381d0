#!/usr/bin/env bash
# The regression matrix (issue 16): what users run, on stock@128 (today's
# default), stock@512 (the bump alone) and patched@512, in one run with the
# same QEMU settings.  fio jobs (bench/fio/*.fio: 1-16 sequential readers of
# their own files, random 4 KiB reads psync / libaio QD32 / mmap, random
# reads of a half-cached file, mmap in order), cp -r / tar c / grep -r and the
# fseek-ftell-rewind idiom over a tree of small files, one stream thrashed
# once then left alone, on ext4 and XFS (large folios) on the hdd model,
# cold and with the page cache full of other clean data; and the CPU row
# (a device that takes no time).  Kernels take turns, ROUNDS boots each per
# file system, REPS runs of each job per boot (guest/scenarios/matrix).
#   bench/matrix.sh [ROUNDS [REPS [FSES]]]     (default 2 1 ext4,xfs)
# MATRIX_BEFORE=<bzImage> adds that kernel at 512 KiB on ext4 in every round
# as "before" (the series before a change, built with the same config).
set -euo pipefail
rounds=${1:-2} reps=${2:-1} fses=${3:-ext4,xfs}
. "$(dirname "$0")/lib.sh"
"$here/scripts/data-image.sh" "$B/data.img" >&2
[ -n "${MATRIX_BEFORE:-}" ] && kernel[before]=$MATRIX_BEFORE
export DATA_IMG=$B/data.img QEMU_TIMEOUT=${QEMU_TIMEOUT:-3600}
outs=()
for round in $(seq "$rounds"); do
  for fs in ${fses//,/ }; do
    kinds="stock patched"
    [ -n "${MATRIX_BEFORE:-}" ] && [ $fs = ext4 ] && kinds="$kinds before"
    for kind in $kinds; do
      kbs=512; [ $kind = stock ] && kbs=128,512
      cpu=0; [ $fs = ext4 ] && cpu=1
      run=bench-matrix-$fs-$kind-$round
      boot_kernel $kind $run scenarios/matrix ra.fs=$fs ra.kbs=$kbs ra.reps=$reps ra.cpu=$cpu
      outs+=("$kind=$B/runs/$run/output.txt")
    done
  done
done
echo "Regression matrix, hdd model (8 ms + size at 100 MB/s), $rounds boots per kernel and file system, $reps run(s) each"
python3 "$here/bench/matrix_table.py" "${outs[@]}"
