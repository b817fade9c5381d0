#!/usr/bin/env bash
# Boot a kernel in QEMU and run one guest command:
#   qemu-run.sh <bzImage> <initramfs> <run-dir> <guest-command> [kernel args...]
# <guest-command> is a path under /guest in the initramfs (run-tests,
# scenarios/ra-table, ...); its stdout arrives in <run-dir>/output.txt. The
# console log is kept in <run-dir>/console.log. Exit status 0 only when the
# guest command succeeded and the kernel logged no panic, oops, BUG or WARN;
# 2 when the guest command failed and the kernel is otherwise clean (a test
# failed), 1 for anything else.
# Environment: QEMU_MEM (default 1G), QEMU_SMP (2), QEMU_TIMEOUT seconds
# (900), QEMU_ACCEL (tcg; kvm is opt-in, it hangs on some hosts),
# QEMU_CLOCK (real, or icount: TCG's virtual clock counts 1 ns per guest
# instruction, so the guest's work takes the same time however busy the
# host is; idle time passes as real time, sleep=on: with sleep=off an idle
# guest waiting for a virtio completion jumps to its next timer, up to a
# 4 ms tick per request), DATA_IMG
# (a disk image, /dev/vda in the guest, mounted read-only at /data, and next
# to it a blank 1 GiB scratch.img, /dev/vdb; QEMU keeps the guest's writes
# to both in a throw-away snapshot, the images never change),
# KCSAN_TRIAGED (set: KCSAN reports do not fail the run, the caller sorts them
# with scripts/kcsan-triage.py; a boot whose KCSAN selftest did not pass
# fails, as KCSAN reports nothing when it is not running).
set -uo pipefail
kernel=$1 initrd=$2 dir=$3 cmd=$4; shift 4
mkdir -p "$dir"; rm -f "$dir"/{console.log,ttyS1.raw,output.txt}
accel=${QEMU_ACCEL:-tcg}
cpu=max; [ "$accel" = kvm ] && cpu=host,-arch-capabilities
clock=()
case ${QEMU_CLOCK:-real} in
  real) ;;
  icount) [ "$accel" = tcg ] || { echo "qemu-run: QEMU_CLOCK=icount needs TCG" >&2; exit 1; }
          clock=(-icount shift=0,sleep=on) ;;
  *) echo "qemu-run: QEMU_CLOCK must be real or icount, not '$QEMU_CLOCK'" >&2; exit 1 ;;
esac
# TCG runs a KASAN kernel's ACPI link setup with 9 s gaps before /init; the
# default 21 s RCU stall timeout then WARNs (rcu_check_gp_start_stall, seen
# twice in debug boots): give emulated boots the longest timeout, 300 s.
stall=; [ "$accel" = tcg ] && stall=rcupdate.rcu_cpu_stall_timeout=300
disk=()
if [ -n "${DATA_IMG:-}" ]; then
  # and a blank scratch disk (/dev/vdb) for file systems the guest makes itself
  scratch=$(dirname "$DATA_IMG")/scratch.img
  [ -f "$scratch" ] || truncate -s 1G "$scratch"
  disk=(-drive "file=$DATA_IMG,if=virtio,format=raw,snapshot=on"
        -drive "file=$scratch,if=virtio,format=raw,snapshot=on")
fi

timeout -k 10 "${QEMU_TIMEOUT:-900}" qemu-system-x86_64 \
  -accel "$accel" -M pc -cpu "$cpu" -smp "${QEMU_SMP:-2}" -m "${QEMU_MEM:-1G}" \
  -nodefaults -nographic -no-reboot \
  -serial "file:$dir/console.log" -serial "file:$dir/ttyS1.raw" \
  -device isa-debug-exit,iobase=0xf4,iosize=4 \
  -kernel "$kernel" -initrd "$initrd" "${clock[@]}" "${disk[@]}" \
  -append "console=ttyS0 panic=-1 oops=panic softlockup_panic=1 null_blk.nr_devices=0 $stall ra.run=$cmd $*" \
  ${QEMU_EXTRA:-} </dev/null >"$dir/qemu.log" 2>&1
rc=$?
tr -d '\r' < "$dir/ttyS1.raw" > "$dir/output.txt" 2>/dev/null

status=0
case $rc in
  1) [ -e "$dir/ttyS1.raw" ] || {                   # guest command exited 0, or
       echo "qemu-run: qemu failed: $(tail -3 "$dir/qemu.log")" >&2   # qemu never ran
       status=1; } ;;
  124|137) echo "qemu-run: timeout after ${QEMU_TIMEOUT:-900}s ($dir)" >&2; status=1 ;;
  0) echo "qemu-run: guest reset or panicked before reporting ($dir)" >&2; status=1 ;;
  *) if [ $(( rc & 1 )) = 1 ]; then
       echo "qemu-run: guest command '$cmd' exited with $(( (rc - 1) / 2 ))" >&2
       status=2
     else
       echo "qemu-run: qemu failed with status $rc: $(tail -3 "$dir/qemu.log")" >&2
     fi
     [ $status = 2 ] || status=1 ;;
esac
if "$(dirname "$0")/kernel-problems.sh" "$dir/console.log" > "$dir/kernel-problems.txt"; then
  echo "qemu-run: the kernel reported problems ($dir/console.log):" >&2
  head -20 "$dir/kernel-problems.txt" >&2
  status=1
fi
if [ -n "${KCSAN_TRIAGED:-}" ] && ! grep -q 'kcsan: selftest: .* passed' "$dir/console.log" 2>/dev/null; then
  echo "qemu-run: KCSAN is not running (no passed selftest in $dir/console.log)" >&2
  status=1
fi
exit $status
