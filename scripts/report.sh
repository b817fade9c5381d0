#!/usr/bin/env bash
# The main job: build the stock and the patched kernel, boot each in QEMU
# with the same settings, run the report scenarios in the guest, and print
# what the series changes next to the seed's own figures.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/deps.sh" || exit 1
declare -A kernel
for kind in stock patched; do
  kernel[$kind]=$("$here/scripts/kernel.sh" "$kind") || exit 1
done
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz" || exit 1
"$here/scripts/data-image.sh" "$B/data.img" || exit 1
export DATA_IMG=$B/data.img

scenario() {  # scenario NAME: run guest/scenarios/NAME on both kernels
  local kind
  for kind in stock patched; do
    "$here/scripts/qemu-run.sh" "${kernel[$kind]}" "$B/initramfs.cpio.gz" \
      "$B/runs/report-$1-$kind" "scenarios/$1" || return 1
  done
}

echo "Readahead series report: linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12)," \
     "$(grep -vc '^#' "$here/patches/series") patches; QEMU TCG, 2 vCPUs, same settings for both kernels."
echo
scenario ra-table || exit 1
python3 "$here/scripts/report_ra_table.py" \
  "$B/runs/report-ra-table-stock/output.txt" "$B/runs/report-ra-table-patched/output.txt" || exit 1

echo
echo "Cold sequential read of a 64 MiB file (cat, ext4 on virtio-blk)"
scenario seq-read || exit 1
for kind in stock patched; do
  printf '%-8s %s\n' "$kind" "$(head -1 "$B/runs/report-seq-read-$kind/output.txt")"
done
echo
echo "patched: readahead trace excerpt and /sys/kernel/debug/readahead/stats"
sed -n '2,$p' "$B/runs/report-seq-read-patched/output.txt"
