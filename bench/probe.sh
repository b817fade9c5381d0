#!/usr/bin/env bash
# Probing readers, stock vs patched in one run: device bytes read by the
# seed's probe pattern (1 KiB at 0, lseek to 1536, 16 KiB) and by util-linux
# blkid -p, on small and large devices (guest/scenarios/probe).
#   bench/probe.sh
set -euo pipefail
. "$(dirname "$0")/lib.sh"
for kind in stock patched; do
  DATA_IMG= boot_kernel $kind bench-probe-$kind scenarios/probe
done
echo "Probing readers: device bytes read, cold cache"
printf '%-11s %10s %8s %8s %12s %12s %7s\n' case device_kb stock_ra patch_ra stock_bytes patch_bytes ratio
join <(awk '$1 == "probe" { print $2 "@" $4, $6, $8 }' "$B/runs/bench-probe-stock/output.txt" | sort) \
     <(awk '$1 == "probe" { print $2 "@" $4, $6, $8 }' "$B/runs/bench-probe-patched/output.txt" | sort) |
  sort -t@ -k2n | awk '{ split($1, c, "@")
    printf "%-11s %10s %8s %8s %12s %12s %7.2f\n", c[1], c[2], $2, $4, $3, $5, $5 / $3 }'
