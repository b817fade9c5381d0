#!/usr/bin/env bash
# The setup of the report against 6.17's larger default for rotational disks
# (issue 19): a 1 GiB guest, MGLRU with min_ttl_ms=1000, READERS readers of
# a 2 TiB rotational disk behind the hdd model (guest/scenarios/
# rotational-readers).  Stock at its default (128 KiB) and at 6.17's
# 2 x max_sectors_kb, patched at its default and at 2 x max_sectors_kb, in
# one run.  DISK scsi: a sparse 2 TiB image as a virtio-scsi disk, QEMU's
# scsi-hd with rotation_rate=7200, as in the report; nullb: a null_blk in
# the guest marked rotational.
#   bench/rotational.sh [READERS [KBPS [SECS [DISK]]]]   (default 256 200 30 scsi)
# ROT_RUNS="patched:default before:default" picks the runs (KERNEL:KB);
# ROT_BEFORE=<bzImage> is the kernel "before" (the series without a patch).
set -euo pipefail
readers=${1:-256} kbps=${2:-200} secs=${3:-30} disk=${4:-scsi}
. "$(dirname "$0")/lib.sh"
export QEMU_MEM=1G QEMU_TIMEOUT=$(( 10 * secs + 600 ))
case $disk in
scsi) img=$B/rotational-2t.img
      [ -f "$img" ] || truncate -s 2T "$img"
      export QEMU_EXTRA="-device virtio-scsi-pci,id=scsi0 -drive file=$img,if=none,id=rot,format=raw,snapshot=on
        -device scsi-hd,drive=rot,bus=scsi0.0,rotation_rate=7200" ;;
nullb) ;;
*) echo "rotational.sh: DISK is scsi or nullb, not '$disk'" >&2; exit 2 ;;
esac
[ -n "${ROT_BEFORE:-}" ] && kernel[before]=$ROT_BEFORE
runs=${ROT_RUNS:-stock:default stock:2xmax patched:default patched:2xmax}
args="ra.readers=$readers ra.kbps=$kbps ra.secs=$secs ra.disk=$disk"
for run in $runs; do
  DATA_IMG= boot_kernel ${run%:*} bench-rotational-$disk-${run/:/-} scenarios/rotational-readers ra.kb=${run#*:} $args ||
    echo "rotational ${run/:/ } failed (see $B/runs/bench-rotational-$disk-${run/:/-}/console.log)" >&2
done
echo "Rotational disk (2 TiB, $disk, hdd model), 1 GiB guest, MGLRU min_ttl_ms=1000: $readers readers x 4 KiB at $kbps KB/s, $secs s"
echo "wasted: read from the disk, neither consumed nor still cached ahead of the readers; amplif: (device - cached ahead) / consumed"
printf '%-8s %-8s %6s %6s %6s %12s %5s %10s %10s %10s %7s %4s %9s %10s\n' kernel kb sd_kb max_kb ra_kb \
  consumed_MiB kept ahead_MiB device_MiB wasted_MiB amplif oom thrashed unused_MiB
for run in $runs; do
  d=$B/runs/bench-rotational-$disk-${run/:/-}
  # no line, or no count from the readers: the OOM killer took them
  { cat $d/output.txt 2> /dev/null || :; } | awk -v k=${run%:*} -v r=${run#*:} \
    -v killed="$(grep -c 'Out of memory: Killed process' $d/console.log 2> /dev/null)" '
    $1 == "rotational" { for (i = 2; i < NF; i += 2) v[$i] = $(i + 1) }
    END {
      if (v["consumed"] == "" || v["consumed"] == "-") {
        printf "%-8s %-8s no result: %s processes killed by the OOM killer\n", k, r, killed
        exit
      }
      m = 1048576; thr = v["ra_all"] == "-" ? "-" : sprintf("%.2f%%", 100 * v["ra_thrash"] / v["ra_all"])
      un = v["unused_peak_pages"] == "" || v["unused_peak_pages"] == "-" ? "-" : sprintf("%.1f", v["unused_peak_pages"] / 256)
      printf "%-8s %-8s %6s %6s %6s %12.1f %5s %10.1f %10.1f %10.1f %7s %4s %9s %10s\n", k, r, v["sd_kb"],
        v["max_sectors_kb"], v["ra_kb"], v["consumed"] / m, v["kept_rate"], v["cached_ahead"] / m,
        v["device"] / m, (v["device"] - v["consumed"] - v["cached_ahead"]) / m,
        sprintf("%.3f", (v["device"] - v["cached_ahead"]) / v["consumed"]), v["oom_kills"], thr, un }'
done
