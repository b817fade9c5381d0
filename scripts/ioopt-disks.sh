#!/usr/bin/env bash
# QEMU arguments for three virtio disks that report an optimal I/O size, as
# real devices do (issue 18), for tests/guest/ra-ioopt.sh and bench/ioopt.sh:
#   ioopt-disks.sh DIR    prints the arguments (for QEMU_EXTRA), and makes
#                         the sparse 128 GiB images in DIR if missing
# Found in the guest by serial:
#   bridge    0xffff x 512 bytes (USB-SATA bridges; 6.12: read_ahead_kb 65532)
#   stripe1m  1 MiB (a RAID stripe)
#   nvme32m   32 MiB (some cloud NVMe devices; 6.12: 65536)
# and two SCSI disks (QEMU scsi-hd on virtio-scsi), found by model, whose
# Block Limits VPD page reports the optimal transfer length sd validates:
#   SD_BRIDGE   0xffff blocks of 512 bytes   SD_STRIPE   1 MiB
# The guest's writes go to a throw-away snapshot.  Their PCI slots come after
# those QEMU gives the -drive if=virtio disks, so the data and scratch disks
# stay /dev/vda and /dev/vdb.
set -euo pipefail
dir=$1
slot=27
for d in bridge:33553920 stripe1m:1048576 nvme32m:33554432; do
  name=${d%:*} io_opt=${d#*:} slot=$((slot + 1))
  img=$dir/ioopt-$name.img
  [ -f "$img" ] || truncate -s 128G "$img"
  printf -- '-drive file=%s,if=none,id=%s,format=raw,snapshot=on ' "$img" "$name"
  printf -- '-device virtio-blk-pci,drive=%s,serial=%s,opt_io_size=%s,addr=%#x ' "$name" "$name" "$io_opt" $slot
done
printf -- '-device virtio-scsi-pci,id=ioscsi,addr=%#x ' $((slot + 1))
for d in SD_BRIDGE:33553920 SD_STRIPE:1048576; do
  name=${d%:*} io_opt=${d#*:}
  img=$dir/ioopt-$name.img
  [ -f "$img" ] || truncate -s 1G "$img"
  printf -- '-drive file=%s,if=none,id=%s,format=raw,snapshot=on ' "$img" "$name"
  printf -- '-device scsi-hd,drive=%s,bus=ioscsi.0,product=%s,opt_io_size=%s ' "$name" "$name" "$io_opt"
done
