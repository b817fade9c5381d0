#!/usr/bin/env bash
# Readahead that sizes itself (issue 32) against a sweep of fixed sizes, on
# the patched kernel: guest/scenarios/selfsize on each device model, for
# every read_ahead_kb and "self" (the default, never written), 1 and 8
# readers; then per model and readers the fixed size that read fastest
# and self's ratio to it.
#   bench/selfsize.sh [MODELS [KBS [READERS [MB]]]]
#   (default hdd,ssd,usb,net self,128,256,...,16384 1,8 512)
set -euo pipefail
models=${1:-hdd,ssd,usb,net} kbs=${2:-self,128,256,512,1024,2048,4096,8192,16384} readers=${3:-1,8} mb=${4:-512}
. "$(dirname "$0")/lib.sh"
run=bench-selfsize
DATA_IMG= QEMU_TIMEOUT=5400 boot_kernel patched $run scenarios/selfsize \
  ra.models=$models ra.kbs=$kbs ra.readers=$readers ra.mb=$mb
out=$B/runs/$run/output.txt
echo "Self-sized readahead vs fixed read_ahead_kb, patched kernel ($mb MiB disk read whole and cold, 4 KiB reads)"
awk '$1 == "selfsize" { k = $2 " " $8; print; if ($4 != "self" && $10 > best[k]) { best[k] = $10; at[k] = $4 } }
  $1 == "selfsize" && $4 == "self" { self[$2 " " $8] = $10 }
  END { for (k in self) printf "best %s: fixed %s KiB %.2f MB/s, self %.2f MB/s, self/best %.2f\n",
          k, at[k], best[k], self[k], best[k] ? self[k] / best[k] : 0 }' "$out" | sort
