# Shared by the bench scripts: build (or reuse) the stock and patched kernels
# and the initramfs, then boot_kernel runs one guest scenario on one of them.
# Every boot uses the same QEMU settings; QEMU_MEM and QEMU_TIMEOUT may be set.
# Only the tables go to stdout (bench/all.sh collects them); the rest to stderr.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/deps.sh" >&2
declare -A kernel
for kind in stock patched; do kernel[$kind]=$("$here/scripts/kernel.sh" "$kind"); done
# the device-model module is built against the stock kernel: the series
# changes nothing it uses (bio, device mapper), and both have one vermagic
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz" "$B/stock/obj" >&2

# boot_kernel KIND RUN SCENARIO [KERNEL_ARGS...]: output in $B/runs/RUN/output.txt
boot_kernel() {
  local kind=$1 run=$2
  shift 2
  "$here/scripts/qemu-run.sh" "${kernel[$kind]}" "$B/initramfs.cpio.gz" "$B/runs/$run" "$@" >&2
}
