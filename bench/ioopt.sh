#!/usr/bin/env bash
# Devices that report an optimal I/O size (issue 18), stock and patched in
# one run: the read_ahead_kb each kernel gives the disk of a USB-SATA bridge
# (0xffff x 512 bytes), a 1 MiB RAID stripe and a 32 MiB NVMe, each under
# its device model (usb, hdd, ssd), and a cold sequential read's MB/s at it.
#   bench/ioopt.sh [REPS]   (default 3; min/median/max MB/s)
set -euo pipefail
reps=${1:-3}
. "$(dirname "$0")/lib.sh"
export QEMU_EXTRA="${QEMU_EXTRA:-} $("$here/scripts/ioopt-disks.sh" "$B")"
for kind in stock patched; do
  DATA_IMG= boot_kernel $kind bench-ioopt-$kind scenarios/ioopt ra.reps=$reps
done
echo "Devices reporting an optimal I/O size, 1 GiB guest, each under its device model:"
echo "cold sequential read (4 KiB reads), MB/s min/median/max of $reps"
printf '%-9s %-5s %10s %9s %9s %20s %20s %7s\n' device model io_opt stock_kb patch_kb stock_MB/s patched_MB/s ratio
mmm() { awk -v d=$1 '$1 == "ioopt" && $2 == d { print $12 }' "$2" | sort -n |
  awk '{ v[NR] = $1 } END { printf "%.1f/%.1f/%.1f", v[1], v[int((NR + 1) / 2)], v[NR] }'; }
field() { awk -v d=$1 -v f=$2 '$1 == "ioopt" && $2 == d { print $f; exit }' "$3"; }
for dev in bridge stripe1m nvme32m; do
  s=$B/runs/bench-ioopt-stock/output.txt p=$B/runs/bench-ioopt-patched/output.txt
  sm=$(mmm $dev "$s") pm=$(mmm $dev "$p")
  printf '%-9s %-5s %10s %9s %9s %20s %20s %7.2f\n' $dev "$(field $dev 4 "$p")" "$(field $dev 6 "$p")" \
    "$(field $dev 8 "$s")" "$(field $dev 8 "$p")" "$sm" "$pm" \
    "$(awk -v a="${sm#*/}" -v b="${pm#*/}" 'BEGIN { split(a, x, "/"); split(b, y, "/"); print y[1] / x[1] }')"
done
