#!/bin/sh
# The default readahead of devices that report an optimal I/O size (PATCH
# 13): twice a plausible one, up to 32 MiB and 1/256 of memory (a power of
# two); none for one that is not a whole number of pages.  tests/run.sh
# attaches the disks of scripts/ioopt-disks.sh (128 GiB each: no small-device
# cap), found here by serial.
. /guest/lib.sh
plan 8
default_kb=512
disk_of() {
	local d
	for d in /sys/block/vd*; do
		[ "$(cat $d/serial 2> /dev/null)" = "$1" ] && { basename $d; return; }
	done
}
# The window io_opt asks for, in KiB, from MemTotal (totalram_pages x 4 KiB).
ram_pages=$(awk '/^MemTotal:/ { print int($2 / 4) }' /proc/meminfo)
limit_kb=$(awk -v p=$ram_pages 'BEGIN { l = int(p / 256); if (l > 8192) l = 8192
	n = 1; while (n * 2 <= l) n *= 2; print n * 4 }')
# 1/256 of this 1 GiB guest's memory is 3.9 MiB: a 2 MiB window at most
check io_opt_limit_1G_guest 2048 "$limit_kb"
expected_kb() {		# IO_OPT_BYTES
	awk -v b=$1 -v l=$limit_kb -v d=$default_kb 'BEGIN {
		if (b % 4096) { print d; exit }
		w = 2 * b / 1024; if (w > l) w = l; print (w > d ? w : d) }'
}
for dev in bridge:33553920 stripe1m:1048576 nvme32m:33554432; do
	name=${dev%:*} io_opt=${dev#*:}
	disk=$(disk_of $name)
	[ -n "$disk" ] || { not_ok "${name}_present" "no virtio disk with serial $name"; not_ok "${name}_read_ahead_kb"; continue; }
	check "${name}_optimal_io_size" $io_opt "$(cat /sys/block/$disk/queue/optimal_io_size)"
	check "${name}_read_ahead_kb" "$(expected_kb $io_opt)" "$(ra_kb $disk)"
done
# what the three get here, spelled out: the bridge and the 32 MiB device
# no longer read ahead 64 MiB
echo "# read_ahead_kb: bridge $(ra_kb $(disk_of bridge)), stripe1m $(ra_kb $(disk_of stripe1m)), nvme32m $(ra_kb $(disk_of nvme32m))"
check bridge_at_most_default 1 "$([ "$(ra_kb $(disk_of bridge))" -le $default_kb ] && echo 1 || echo 0)"
ktap_done
