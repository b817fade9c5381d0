# Shared by the bench scripts: build (or reuse) the stock and patched kernels
# and the initramfs, then boot_kernel runs one guest scenario on one of them.
# Every boot uses the same QEMU settings; QEMU_MEM and QEMU_TIMEOUT may be set.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=${BUILD_DIR:-$here/build}
"$here/scripts/deps.sh"
declare -A kernel
for kind in stock patched; do kernel[$kind]=$("$here/scripts/kernel.sh" "$kind"); done
"$here/scripts/initramfs.sh" "$B/patched/src" "$B/initramfs.cpio.gz"

# boot_kernel KIND RUN SCENARIO [KERNEL_ARGS...]: output in $B/runs/RUN/output.txt
boot_kernel() {
  local kind=$1 run=$2
  shift 2
  "$here/scripts/qemu-run.sh" "${kernel[$kind]}" "$B/initramfs.cpio.gz" "$B/runs/$run" "$@"
}
