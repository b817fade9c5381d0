#!/usr/bin/env bash
# Boot one kernel's system disk (system/rootfs.sh) to multi-user.target and
# run a job there:
#   system/boot.sh stock|patched <job-dir> <run-dir> [kernel args...]
# <job-dir> holds an executable "run"; systemd starts it once the boot has
# finished (system/image/ra-job) and its output arrives in
# <run-dir>/output.txt, the console in console.log. The disk is /dev/vda,
# used with snapshot=on: every boot starts from the same image. Exit status
# as scripts/qemu-run.sh's (0 job passed, 2 job failed, 1 anything else);
# the boot's duration and status go to stderr.
# Environment: QEMU_MEM (default 2G), QEMU_TIMEOUT (1800), SYSTEM_DRIVES
# (more -drive options: the suites' test and scratch disks), SYSTEM_MODEL
# (hdd or ssd: the root disk under that device model, set up by the
# initramfs as an LVM root would be; default none).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kind=$1 job=$2 dir=$3; shift 3
[ -x "$job/run" ] || { echo "boot: $job/run is not an executable" >&2; exit 2; }
img=$("$here/system/rootfs.sh" "$kind")
mkdir -p "$dir"
tar -C "$job" -cf "$dir/job.tar" .
root=/dev/vda
[ -n "${SYSTEM_MODEL:-}" ] && root="/dev/mapper/$SYSTEM_MODEL ra.model=$SYSTEM_MODEL"
t0=$(date +%s) status=0
QEMU_MEM=${QEMU_MEM:-2G} QEMU_TIMEOUT=${QEMU_TIMEOUT:-1800} \
QEMU_EXTRA="-drive file=$img,if=virtio,format=raw,snapshot=on ${SYSTEM_DRIVES:-} -fw_cfg name=opt/ra/job,file=$dir/job.tar ${QEMU_EXTRA:-}" \
  "$here/scripts/qemu-run.sh" "${img%.img}.vmlinuz" "${img%.img}.initrd" "$dir" "job:${job##*/}" \
  root=$root ro kunit.enable=0 "$@" || status=$?
echo "boot: $kind ${job##*/} took $(( $(date +%s) - t0 ))s, status $status (console: $dir/console.log)" >&2
exit $status
