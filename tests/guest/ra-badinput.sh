#!/bin/sh
# Bad input: each gets a clear error or a defined result, never a crash,
# WARN or hang (the console is checked for those after the run).
#  - queue/read_ahead_kb writes: EINVAL above UINT_MAX and for anything
#    kstrtoul() refuses; values it takes are rounded down to whole pages.
#  - a device with capacity 0 (an unbound loop device), grown, and a
#    device shrunk while it is being read (device-mapper reloads).
#  - the statistics file: any write resets it, reads of any size, while
#    readahead runs.
#  - fadvise, readahead(2), madvise(WILLNEED) with bad ranges and on every
#    kind of file (guest/raerrors: the man pages' errors).
. /guest/lib.sh
. /guest/devmodels.sh
[ -w $RA_STATS ] && stats_checks=10 || stats_checks=1
plan $((15 + 1 + 6 + 3 + stats_checks + raerrors_cases + 1))
nullb_add nullb0 4096 || { not_ok setup "no null_blk device"; exit 1; }
q=/sys/block/nullb0/queue/read_ahead_kb
# ra_write NAME VALUE WANT: one write(2) of VALUE (guest/rawrite); WANT is
# the value read back, or the errno of the write
ra_write() {
	echo 512 > $q
	got=$(rawrite $q "$2")
	case $got in "wrote "*) got=$(cat $q);; esac
	check "read_ahead_kb_$1" "$3" "$got"
}
ra_write zero 0 0
ra_write one_kb 1 0
ra_write 4095 4095 4092
ra_write 4096 4096 4096
ra_write uint_max 4294967295 4294967292
ra_write uint_max_plus_1 4294967296 EINVAL
ra_write ulong_max 18446744073709551615 EINVAL
ra_write overflow 99999999999999999999 EINVAL
ra_write negative -1 EINVAL
ra_write not_a_number abc EINVAL
ra_write empty_write_changes_nothing "" 512
ra_write trailing_garbage 4096abc EINVAL
ra_write leading_space " 4096" EINVAL
ra_write long_string "$(head -c 5000 /dev/zero | tr '\0' 9)" EINVAL
check read_ahead_kb_empty_write_returns "wrote 0" "$(rawrite $q)"
# the largest value it takes, then a read: windows bounded by the file
echo 4294967295 > $q
check huge_window_read 16777216 "$(raload range /dev/nullb0 0 16777216 4096)"
echo 512 > $q

# capacity 0 (an unbound loop device), then bound: grown
check capacity_zero_size 0 "$(cat /sys/block/loop2/size)"
out=$(raload seq /dev/loop2 2>&1)
check capacity_zero_read "0, status 0" "$out, status $?"
echo 4096 > /sys/block/loop2/queue/read_ahead_kb
check capacity_zero_ra_write 4096 "$(cat /sys/block/loop2/queue/read_ahead_kb)"
truncate -s 1M /tmp/grow.img && losetup /dev/loop2 /tmp/grow.img
check grown_size 2048 "$(cat /sys/block/loop2/size)"
check grown_keeps_user_ra 4096 "$(cat /sys/block/loop2/queue/read_ahead_kb)"
check grown_read 1048576 "$(raload seq /dev/loop2)"
losetup -d /dev/loop2
# shrunk under a reader: a device-mapper linear device reloaded smaller
export DM_DISABLE_UDEV=1
echo "0 2097152 linear /dev/nullb0 0" | dmsetup create ra-resize 2> /dev/null
disk=$(devmodel_disk ra-resize)
if [ -n "$disk" ]; then
	raload seq /dev/$disk > /tmp/seq.out 2>&1 &
	reader=$!
	for size in 1048576 65536 2097152 8; do
		echo "0 $size linear /dev/nullb0 0" | dmsetup load ra-resize 2> /dev/null &&
			dmsetup resume ra-resize 2> /dev/null
	done
	wait $reader
	# whatever it got before the end moved, or EIO for a request past the new end
	got="status $?: $(cat /tmp/seq.out)"
	case $got in
	"status 0: "*[0-9]) [ $(( ${got#*: } % 4096 )) = 0 ] && ok shrunk_reader "$got" ||
		not_ok shrunk_reader "$got: not whole pages";;
	"status 1: raload: read: Input/output error") ok shrunk_reader "$got";;
	*) not_ok shrunk_reader "expected whole pages or EIO, got $got";;
	esac
	check shrunk_size 8 "$(cat /sys/block/$disk/size)"
	check shrunk_read 4096 "$(raload seq /dev/$disk)"
	dmsetup remove ra-resize 2> /dev/null
else
	for c in shrunk_reader shrunk_size shrunk_read; do not_ok $c "dmsetup create failed"; done
fi

# the statistics file
if [ -w $RA_STATS ]; then
	raload range /dev/nullb0 0 268435456 > /dev/null &
	reader=$!
	check stats_write_0 "wrote 1" "$(rawrite $RA_STATS 0)"
	check stats_write_empty "wrote 0" "$(rawrite $RA_STATS)"
	check stats_write_text "wrote 7" "$(rawrite $RA_STATS garbage)"
	check stats_write_5000 "wrote 5000" "$(rawrite $RA_STATS "$(printf '%05000d' 7)")"
	check stats_write_64k_binary "wrote 65536" "$(head -c 65536 /dev/urandom | rawrite $RA_STATS -)"
	for bs in 1 7 4096 1048576; do
		dd if=$RA_STATS of=/tmp/stats bs=$bs 2> /dev/null
		check "stats_read_bs_$bs" "10 lines, pattern" "$(wc -l < /tmp/stats) lines, $(head -1 /tmp/stats | cut -d' ' -f1)"
	done
	wait $reader
	echo x > $RA_STATS
	check stats_reset_by_any_write 0 "$(stat_of all readahead)"
else
	skip stats "no readahead statistics in this kernel (stock)"
fi

# the system calls
raerrors_checks ""
nullb_del nullb0
ktap_done
