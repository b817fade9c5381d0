#!/usr/bin/env bash
# Validate the emulated disks (guest/devmodels.sh): O_DIRECT reads of 4 KiB
# to 4 MiB, one at a time, against the model access + size / rate.  The
# disks don't depend on the readahead code: one boot of the stock kernel.
#   bench/devmodels.sh [MODELS]     (default hdd,usb,ssd)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
DATA_IMG= boot_kernel stock bench-devmodels scenarios/devmodel-check ra.models=${1:-hdd,usb,ssd}
echo "Device models: us per O_DIRECT read, one at a time, measured vs access + size / rate"
printf '%-6s %8s %12s %12s %8s\n' model KiB measured_us model_us error
awk '$1 == "devmodel" { printf "%-6s %8s %12s %12s %7s%%\n", $2, $4, $6, $8, $10 }' \
  "$B/runs/bench-devmodels/output.txt"
