#!/bin/sh
# The default readahead of devices that report an optimal I/O size (patch 13
# of README's table): twice a plausible one, up to 32 MiB and 1/256 of
# memory (its size rounded up to a power of two); none for one that is not a
# multiple of 4 KiB.  tests/run.sh
# attaches the disks of scripts/ioopt-disks.sh (128 GiB each: no small-device
# cap), found here by serial.  virtio-blk disks count as rotational (the
# driver never says otherwise), and a rotational disk of 128 GiB gets 1 MiB
# (patch 14): the disks are marked non-rotational first, so that io_opt's
# rule is what is seen, and the bridge is marked rotational again at the end.
. /guest/lib.sh
plan 11
default_kb=512
# The largest window io_opt may ask for, in KiB: MemTotal (totalram_pages
# x 4 KiB) rounded up to a power of two, / 256, at most 32 MiB.  A check of
# the guest, not the kernel: in a 1 GiB guest it is 4 MiB.
ram_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
limit_kb=$(awk -v k=$ram_kb 'BEGIN { n = 1; while (n < k) n *= 2; l = n / 256
	print (l > 32768 ? 32768 : l) }')
check guest_is_1G_io_opt_limit_4M 4096 "$limit_kb"
expected_kb() {		# IO_OPT_BYTES
	awk -v b=$1 -v l=$limit_kb -v d=$default_kb 'BEGIN {
		if (b % 4096) { print d; exit }
		w = 2 * b / 1024; if (w > l) w = l; print (w > d ? w : d) }'
}
for dev in bridge:33553920 stripe1m:1048576 nvme32m:33554432; do
	name=${dev%:*} io_opt=${dev#*:}
	disk=$(disk_of_serial $name)
	[ -n "$disk" ] || { not_ok "${name}_present" "no virtio disk with serial $name"; not_ok "${name}_read_ahead_kb"; continue; }
	echo 0 > /sys/block/$disk/queue/rotational
	check "${name}_optimal_io_size" $io_opt "$(cat /sys/block/$disk/queue/optimal_io_size)"
	check "${name}_read_ahead_kb" "$(expected_kb $io_opt)" "$(ra_kb $disk)"
done
# what the three get here, spelled out: the bridge the default, the stripe
# twice its size, the 32 MiB device the cap (6.12: 65532, 2048, 65536)
check read_ahead_kb_bridge_stripe_nvme "512 2048 4096" \
	"$(ra_kb $(disk_of_serial bridge)) $(ra_kb $(disk_of_serial stripe1m)) $(ra_kb $(disk_of_serial nvme32m))"
# a USB disk behind such a bridge is rotational: its io_opt still counts for
# nothing, the 128 GiB rotational disk's 1 MiB applies
disk=$(disk_of_serial bridge)
echo 1 > /sys/block/${disk:-none}/queue/rotational
check bridge_rotational_read_ahead_kb 1024 "$(ra_kb ${disk:-none} 2> /dev/null)"
# sd drops an optimal transfer length that is not a multiple of 4 KiB where
# it reads it, so no user of optimal_io_size (mkfs, md/dm stacking) sees
# the bridge's 0xffff blocks; a plausible one is kept
for dev in SD_BRIDGE:0 SD_STRIPE:1048576; do
	disk=$(scsi_disk_of_model ${dev%:*})
	check "$(echo ${dev%:*} | tr A-Z a-z)_optimal_io_size" ${dev#*:} \
		"$(cat /sys/block/${disk:-none}/queue/optimal_io_size 2> /dev/null || echo "no SCSI disk ${dev%:*}")"
done
ktap_done
