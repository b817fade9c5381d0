#!/usr/bin/env bash
# The regression matrix (issue 16): what users run, on stock@128 (today's
# default), stock@512 (the bump alone) and patched@512, in one run with the
# same QEMU settings.  fio jobs (bench/fio/*.fio: 1-16 sequential readers of
# their own files, random 4 KiB reads psync / libaio QD32 / mmap, random
# reads of a half-cached file, mmap in order), a file read after
# fadvise(WILLNEED) of all of it, cp -r / tar c / grep -r and the
# fseek-ftell-rewind idiom over a tree of small files, one stream thrashed
# once then left alone, on ext4 and XFS (large folios) on the hdd model,
# cold and with the page cache full of other clean data; and the CPU row
# (a device that takes no time).  Kernels take turns, ROUNDS boots each per
# file system, REPS runs of each job per boot (guest/scenarios/matrix).
# Then large windows: read_ahead_kb 1, 2 and 4 MiB on stock and patched, the
# readers, random, mmap, fadvise and recover jobs on ext4, cold, on each of
# LARGE_MODELS ("" for none).
#   bench/matrix.sh [ROUNDS [REPS [FSES [LARGE_MODELS]]]]
#                                       (default 2 1 ext4,xfs hdd,ssd)
# Timings use QEMU's instruction-counting clock (QEMU_CLOCK=icount, see
# scripts/qemu-run.sh; QEMU_CLOCK=real for the host's): on TCG's real clock
# two runs of one job in one boot differed by up to 25% with the same disk
# requests, under icount by 2%.  Both vCPUs then share one host thread and its
# clock, so CPU-bound rows measure the instructions both kernels execute
# (icount's idle time is real time: see scripts/qemu-run.sh).
# MATRIX_PATCHED_KBS=512,2048 runs the patched kernel at 2048 KiB too, every
# job of the main table: the large-window table then sets it against the
# better of stock@128 and stock@512 (a larger default, issue 19).
# MATRIX_JOBS=tools,fadvise runs only those job groups in the main table
# (guest/scenarios/matrix ra.jobs).  On the icount clock the device models'
# waits pass in real time: one boot of every job (stock, ext4, two sizes,
# cold and warm) took 20 minutes, so the default two rounds take hours.
# MATRIX_TRACE=1 prints each run's readahead trace events under its line
# (the series' kernels; in build/runs/bench-matrix-*/output.txt).
# MATRIX_TOOLWARM=1 runs fio's mmap job on tmpfs after each drop of the
# caches, so that cold runs read no fio code from the data disk.
# MATRIX_BEFORE=<bzImage> adds that kernel at 512 KiB on ext4 in every round
# as "before" (the series before a change, built with the same config).
set -euo pipefail
rounds=${1:-2} reps=${2:-1} fses=${3-ext4,xfs} large=${4-hdd,ssd}
. "$(dirname "$0")/lib.sh"
"$here/scripts/data-image.sh" "$B/data.img" >&2
[ -n "${MATRIX_BEFORE:-}" ] && kernel[before]=$MATRIX_BEFORE
export DATA_IMG=$B/data.img QEMU_TIMEOUT=${QEMU_TIMEOUT:-3600} QEMU_CLOCK=${QEMU_CLOCK:-icount}
outs=()
for round in $(seq "$rounds"); do
  for fs in ${fses//,/ }; do
    kinds="stock patched"
    [ -n "${MATRIX_BEFORE:-}" ] && [ $fs = ext4 ] && kinds="$kinds before"
    for kind in $kinds; do
      kbs=512; [ $kind = stock ] && kbs=128,512
      [ $kind = patched ] && kbs=${MATRIX_PATCHED_KBS:-512}
      cpu=0; [ $fs = ext4 ] && cpu=1
      run=bench-matrix-$fs-$kind-$round
      boot_kernel $kind $run scenarios/matrix ra.fs=$fs ra.kbs=$kbs ra.reps=$reps ra.cpu=$cpu \
        ${MATRIX_JOBS:+ra.jobs=$MATRIX_JOBS} ${MATRIX_TRACE:+ra.trace=1} \
        ${MATRIX_TOOLWARM:+ra.toolwarm=1}
      outs+=("$kind=$B/runs/$run/output.txt")
    done
  done
  for model in ${large//,/ }; do
    for kind in stock patched; do
      run=bench-matrix-large-$model-$kind-$round
      boot_kernel $kind $run scenarios/matrix ra.fs=ext4 ra.model=$model ra.kbs=1024,2048,4096 \
        ra.warm=0 ra.reps=$reps ra.cpu=0 ra.jobs=seq,random,mmap-seq,fadvise,recover
      outs+=("$kind=$B/runs/$run/output.txt")
    done
  done
done
echo "Regression matrix, hdd model (8 ms + size at 100 MB/s; ssd: 0.1 ms + size at 500 MB/s, 64 deep),"
echo "$rounds boots per kernel and file system, $reps run(s) each, QEMU_CLOCK=$QEMU_CLOCK"
python3 "$here/bench/matrix_table.py" "${outs[@]}"
