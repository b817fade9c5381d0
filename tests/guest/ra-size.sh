#!/bin/sh
# Default readahead size of block devices: the small-device cap (PATCH 01)
# under the 512 KiB default (PATCH 02), applied whenever the capacity or the
# queue limits change, and never applied over a value the user wrote.
. /guest/lib.sh
plan 17	# 9 table rows, 4 loop and large-disk checks, 4 user-value checks
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
check loop_unbound_default $default_kb "$(ra_kb loop0)"
truncate -s 32M /tmp/loopfile
losetup /dev/loop0 /tmp/loopfile
check loop_attached_32M 16 "$(ra_kb loop0)"
# writing back the current size (udev, tuned) keeps it the kernel's
echo 16 > /sys/block/loop0/queue/read_ahead_kb
truncate -s 2G /tmp/loopfile
losetup -c /dev/loop0
check loop_grown_2G_after_same_value_write 128 "$(ra_kb loop0)"
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

ktap_done
