#!/bin/sh
# Faults under readahead:
#  - read errors: a memory-backed null_blk device of known content with a
#    bad range (its badblocks): the pages holding a bad sector fail with
#    EIO, every other page is right, whether readahead or the single-page
#    retry read it; once the range is good again, the same pages read right
#    without dropping the cache (no failed page is served);
#  - a device that goes away under a reader (null_blk powered off) and one
#    whose capacity drops to 0 (a loop device over a file truncated to 0):
#    the reader ends (data or EIO), nothing hangs;
#  - memory allocation failures (fail_page_alloc and failslab, in the debug
#    kernel, which has fault injection): reads retried after ENOMEM or EIO
#    (ext4 fails a folio whose extent lookup cannot allocate), every byte
#    still right.
. /guest/lib.sh
plan 8
nb=/sys/kernel/config/nullb
nullb_add nullb1 64 memory_backed=1 blocksize=4096 || { not_ok setup "no memory-backed null_blk"; exit 1; }
raverify --write /dev/nullb1 8 0 $((64 << 20)) || { not_ok setup "writing the device"; exit 1; }
# sectors 8195..8203: two pages (4 MiB + 4 KiB .. 4 MiB + 8 KiB, and the next)
echo "+8195-8203" > $nb/nullb1/badblocks
for kb in 512 0; do
	echo $kb > /sys/block/nullb1/queue/read_ahead_kb
	drop_caches
	out=$(raverify /dev/nullb1 8 eio $((8195 * 512)) $((8204 * 512)) 2>&1)
	case $(echo "$out" | tail -1) in
	"verified 67108864 mismatches 0") ok "read_error_ra_kb_${kb}" "$(echo "$out" | grep EIO)";;
	*) not_ok "read_error_ra_kb_${kb}" "$(echo "$out" | head -3 | tr '\n' ' ')";;
	esac
done
echo 512 > /sys/block/nullb1/queue/read_ahead_kb
echo "-8195-8203" > $nb/nullb1/badblocks
out=$(raverify /dev/nullb1 8 read 4096 2>&1)
check no_failed_page_served "verified 67108864 mismatches 0" "$(echo "$out" | tail -1)"
nullb_del nullb1

# reader_ends NAME DEV COMMAND...: a cold read of DEV while COMMAND takes
# the device away; the reader must end (data or an error), within 60 s
reader_ends() {
	local name=$1 dev=$2 reader rc
	shift 2
	drop_caches
	timeout 60 raload seq $dev > /tmp/$name.out 2>&1 &
	reader=$!
	sleep 0.2
	"$@"
	wait $reader
	rc=$?
	echo "# $name: reader status $rc, $(cat /tmp/$name.out)"
	check "${name}_reader_ended" yes "$([ $rc != 124 ] && [ $rc != 143 ] && echo yes || echo "no: status $rc")"
}

# a device powered off under a reader
nullb_add nullb2 1024 memory_backed=1 || { not_ok setup "no null_blk"; exit 1; }
reader_ends removed_device /dev/nullb2 sh -c "echo 0 > $nb/nullb2/power"
check removed_device_gone yes "$([ ! -e /sys/block/nullb2 ] && echo yes || echo no)"
nullb_del nullb2

# a loop device whose file drops to 0 bytes under a reader
truncate -s 256M /tmp/shrink.img
losetup /dev/loop4 /tmp/shrink.img
reader_ends shrunk_to_0 /dev/loop4 sh -c "truncate -s 0 /tmp/shrink.img && losetup -c /dev/loop4"
check shrunk_to_0_size 0 "$(cat /sys/block/loop4/size)"
losetup -d /dev/loop4
rm -f /tmp/shrink.img

# allocation failures during readahead: only the debug kernel injects them
fi=/sys/kernel/debug
if [ -d $fi/fail_page_alloc ] && [ -d $fi/failslab ]; then
	mount -o remount,rw /data && mkdir -p /data/faults &&
		raverify --write /data/faults/f 9 0 $((8 << 20)) || { not_ok setup "writing the file"; exit 1; }
	echo 0 > $fi/fail_page_alloc/min-order	# order-0 page cache folios too
	for f in fail_page_alloc failslab; do
		echo 20 > $fi/$f/probability
		echo -1 > $fi/$f/times
		echo 1 > $fi/$f/task-filter
		echo 1 > $fi/$f/verbose		# one line a failure, no stack: counted below
	done
	echo N > $fi/fail_page_alloc/ignore-gfp-wait
	echo N > $fi/fail_page_alloc/ignore-gfp-highmem	# page cache folios are highmem-movable
	echo N > $fi/failslab/ignore-gfp-wait
	drop_caches
	before=$(dmesg | grep -c 'FAULT_INJECTION: forcing a failure')
	# raverify sets its own make-it-fail once loaded: only its reads get them
	out=$(RAVERIFY_ENOMEM_OK=1 raverify /data/faults/f 9 read 65536 2>&1)
	injected=$(( $(dmesg | grep -c 'FAULT_INJECTION: forcing a failure') - before ))
	for f in fail_page_alloc failslab; do echo 0 > $fi/$f/probability; done
	echo "# $(echo "$out" | tr '\n' ' ')"
	# most failures shorten a readahead; a few reach read(2) as ENOMEM, or
	# as EIO where ext4's read_folio fails a folio (stock ext4)
	retried=$(echo "$out" | sed -n 's/^raverify: \(.* reads retried .*\)$/\1/p')
	case "$(echo "$out" | tail -1), $injected" in
	"verified 8388608 mismatches 0, 0") not_ok alloc_failures_data_right "no allocation failed";;
	"verified 8388608 mismatches 0, "*) ok alloc_failures_data_right "$injected failures; $retried";;
	*) not_ok alloc_failures_data_right "$(echo "$out" | head -3 | tr '\n' ' ')";;
	esac
	rm -rf /data/faults
else
	skip alloc_failures_data_right "no fault injection in this kernel (the debug kernel has it)"
fi
ktap_done
