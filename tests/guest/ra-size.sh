#!/bin/sh
# Default readahead size of block devices: the small-device cap (PATCH 01)
# under the 512 KiB default (PATCH 02), applied whenever the capacity or the
# queue limits change, and never applied over a value the user wrote; a
# large rotational disk's larger default (patch 14 of README's table).
. /guest/lib.sh
. /guest/devmodels.sh	# devmodel_disk
plan 27	# 9 table rows, 7 loop and large-disk checks, 4 user-value checks, 6 rotational, 1 scan bound
default_kb=512
min() { [ "$1" -lt "$2" ] && echo "$1" || echo "$2"; }

# Every row of the seed's table, on null_blk devices of that size.
while read -r mb kb; do
	if nullb_add nullb0 "$mb"; then
		check "table_${mb}M" "$(min "$kb" $default_kb)" "$(ra_kb nullb0)"
		nullb_del nullb0
	else
		not_ok "table_${mb}M" "cannot create a $mb MiB null_blk device"
	fi
done <<EOT
$seed_table
EOT

# A large disk gets the default.
nullb_add nullb0 1048576
check large_disk_1T $default_kb "$(ra_kb nullb0)"
nullb_del nullb0

# A loop device has no capacity when added: no cap until a file is attached.
loop_resize() { truncate -s "$1" /tmp/loopfile && losetup -c /dev/loop0; }
check loop_unbound_default $default_kb "$(ra_kb loop0)"
truncate -s 32M /tmp/loopfile
losetup /dev/loop0 /tmp/loopfile
check loop_attached_32M 16 "$(ra_kb loop0)"
# writing back the current size (udev, tuned) keeps it the kernel's
echo 16 > /sys/block/loop0/queue/read_ahead_kb
loop_resize 2G
check loop_grown_2G_after_same_value_write 128 "$(ra_kb loop0)"
# another value pins the size; writing the kernel's choice hands it back
echo 64 > /sys/block/loop0/queue/read_ahead_kb
loop_resize 8G
check loop_user_value_survives_growth 64 "$(ra_kb loop0)"
echo 256 > /sys/block/loop0/queue/read_ahead_kb	# the 8 GiB default
loop_resize 32G
check loop_default_written_back_follows_growth 512 "$(ra_kb loop0)"
# a user's size that becomes the default stays the user's when written back
loop_resize 2G
echo 256 > /sys/block/loop0/queue/read_ahead_kb
loop_resize 8G
echo 256 > /sys/block/loop0/queue/read_ahead_kb	# now the default too
loop_resize 32G
check loop_write_back_keeps_user_value 256 "$(ra_kb loop0)"
losetup -d /dev/loop0
rm -f /tmp/loopfile

# A user-written value survives later limits updates, lower or higher.
nullb_add nullb0 2048
check limits_update_keeps_default 128 "$(limits_update nullb0; ra_kb nullb0)"
echo 64 > /sys/block/nullb0/queue/read_ahead_kb
limits_update nullb0
check user_lower_value_survives 64 "$(ra_kb nullb0)"
nullb_del nullb0
nullb_add nullb0 8
echo 2048 > /sys/block/nullb0/queue/read_ahead_kb
limits_update nullb0
check user_higher_value_survives 2048 "$(ra_kb nullb0)"
blockdev --setra 96 /dev/nullb0
limits_update nullb0
check blkraset_value_survives 48 "$(ra_kb nullb0)"
nullb_del nullb0

# A rotational disk: the capacity rule extended up from the default to 4 MiB
# (256 GiB is 2^17 units of 2 MiB: 4 KiB << 8), at most 1/512 of memory,
# which a 1 GiB guest's 1000 MiB round up to (2 MiB: 16 TiB would have 4).
# Marking the queue rotational is a limits update, as a driver's probe is.
rotational() { echo $2 > /sys/block/$1/queue/rotational; }
nullb_add nullb0 262144
rotational nullb0 1
check rotational_256G 1024 "$(ra_kb nullb0)"
rotational nullb0 0
check rotational_cleared_256G $default_kb "$(ra_kb nullb0)"
nullb_del nullb0
nullb_add nullb0 16777216
rotational nullb0 1
check rotational_16T_memory_bound 2048 "$(ra_kb nullb0)"
echo 1024 > /sys/block/nullb0/queue/read_ahead_kb
rotational nullb0 0
rotational nullb0 1
check rotational_user_value_survives 1024 "$(ra_kb nullb0)"
nullb_del nullb0
# small rotational disks keep the small-device cap
nullb_add nullb0 8192
rotational nullb0 1
check rotational_8G 256 "$(ra_kb nullb0)"
nullb_del nullb0
# the null_blk under a device-mapper target makes it rotational too
nullb_add nullb0 1048576
rotational nullb0 1
echo "0 $((1048576 * 2048)) linear /dev/nullb0 0" | DM_DISABLE_UDEV=1 dmsetup create ra-rot
disk=$(devmodel_disk ra-rot)
check rotational_stacked_dm 2048 "$(ra_kb ${disk:-none} 2> /dev/null)"
DM_DISABLE_UDEV=1 dmsetup remove ra-rot
nullb_del nullb0

# read_ahead_kb has no upper bound, the history scan has: 272 MiB (69632
# pages) cached, then at read_ahead_kb 4 GiB one 4 KiB read right after
# them.  The scan walks at most READAHEAD_SCAN_MAX = 65536 slots (256 MiB)
# under RCU: the context window is those and the request, 65537 pages with
# an async eighth (1 + 65537 / 8), where an unbounded scan would reach the
# start of the device and read twice its 69632 pages.
# (fd 3 keeps the device open: its last close would drop its page cache)
nullb_add nullb0 1024
exec 3< /dev/nullb0
echo 128 > /sys/block/nullb0/queue/read_ahead_kb
raload range /dev/nullb0 0 285212672 1048576 > /dev/null
raload dontneed /dev/nullb0 285212672 0 > /dev/null
echo 4194304 > /sys/block/nullb0/queue/read_ahead_kb
trace_start
t0=$(cut -d' ' -f1 /proc/uptime)
raload pread /dev/nullb0 4096 285212672 > /dev/null
t1=$(cut -d' ' -f1 /proc/uptime)
trace_stop
check scan_bound_4G_window "pattern=context req=69632+1 ra=69632+65537-8193" \
	"$(grep -o 'pattern=[a-z]* req=69632+1 ra=[0-9+-]*' $TRACING/trace | head -1)"
echo "# the 4 KiB read that read the 256 MiB window: uptime $t0 s before, $t1 s after"
exec 3<&-
nullb_del nullb0
drop_caches

ktap_done
