#!/bin/sh
# Data integrity: files of known content (guest/raverify: every word holds
# the file id, a generation and its offset) on ext4 (the virtio data disk)
# and on XFS (made on the scratch disk: the page cache with large folios),
# read cold through every read path, with and without a memory cgroup far
# smaller than the file, on the classic LRU and MGLRU. Also: reads racing
# with truncation and extension; read_ahead_kb 0; a loop device over a
# file; many paced streams thrashing in a small cgroup (the thrash and
# context readahead paths); pages retained by fadvise under pressure. Every
# byte is checked. The disks are QEMU snapshots: writes are thrown away.
. /guest/lib.sh
paths="read_4096 read_1048576 pread_300 interleave_8 mmap mmap-random_300 fadvise_willneed
fadvise_sequential fadvise_random readahead lseek_300 splice sendfile direct_65536 nowait
io-uring_8 madvise_willneed madvise_sequential madvise_random madvise_hugepage copy procs_4"
npaths=$(echo $paths | wc -w)
# per fs: (paths + sparse + 2 small) x 2 LRUs x 2 memory limits, follow and
# its writer per LRU, ra_kb 0 (2), loop (2), thrash (3), retain (1); setup 1
plan $(( 2 * ((npaths + 3) * 4 + 2 * 2 + 8 + 1) + 1 ))
cg=/sys/fs/cgroup/ra-integrity
memcg_dir $cg || exit 1
echo 8M > $cg/memory.max
[ "$(cat $cg/memory.max)" = 8388608 ] || { not_ok setup "no 8M memory cgroup"; exit 1; }
stats=; [ -r $RA_STATS ] && stats=y
total=0

# verify NAME ARGS...: one cold raverify run, in the cgroup if $mem says so;
# its last line stays in $out
verify() {
	local name=$1 wrap=
	shift
	drop_caches
	[ "$mem" = memcg8M ] && wrap="in_cgroup $cg"
	out=$($wrap raverify "$@" 2>&1)
	if [ $? = 0 ] && [ "$(echo "$out" | tail -1 | cut -d' ' -f1)" = verified ]; then
		set -- $(echo "$out" | tail -1)
		total=$((total + $2))
		echo "# bytes $fs $l $mem $name $2"
		ok "$name"
	else
		not_ok "$name" "$(echo "$out" | head -3 | tr '\n' ' ')"
	fi
}

for fs in ext4 xfs; do
	case $fs in
	ext4)	mount -o remount,rw /data && d=/data/verify && mkdir -p $d || {
			not_ok "${fs}_setup" "/data not writable"; exit 1; };;
	xfs)	xfs_scratch && d=/xfs/verify &&
			mkdir -p $d || { not_ok "${fs}_setup" "mkfs.xfs or mount failed"; exit 1; };;
	esac
	raverify --write $d/big 1 0 $(((16 << 20) + 1234)) && raverify --write $d/small 2 0 5000 &&
		raverify --sparse --write $d/sparse 5 0 $(((8 << 20) + 100)) ||
		{ not_ok "${fs}_setup" "writing the files"; exit 1; }
	ok "${fs}_setup" "$(grep " $(dirname $d) " /proc/mounts | cut -d' ' -f1-3)"
	for lru in n y; do
		echo $lru > /sys/kernel/mm/lru_gen/enabled
		l=classic; [ $lru = y ] && l=mglru
		lru_gen_is $lru || { not_ok "${fs}_${l}_lru" "lru_gen/enabled says $(cat /sys/kernel/mm/lru_gen/enabled)"; exit 1; }
		for mem in nolimit memcg8M; do
			for p in $paths; do
				case $p in copy) args="copy $d/copy";; *) args=$(echo $p | tr _ ' ');; esac
				verify "${fs}_${l}_${mem}_$p" $d/big 1 $args
			done
			verify "${fs}_${l}_${mem}_sparse_read" --sparse $d/sparse 5 read 65536
			verify "${fs}_${l}_${mem}_small_read" $d/small 2 read 4096
			verify "${fs}_${l}_${mem}_small_mmap" $d/small 2 mmap
		done
		# reads racing with truncation and extension: each extension has its
		# own generation, so a page from before a truncation cannot pass
		mem=nolimit
		rm -f /tmp/churn.gen $d/churn
		raverify --write $d/churn 3 0 $((4 << 20))
		raverify --churn $d/churn 3 4 /tmp/churn.gen &
		verify "${fs}_${l}_follow_truncate_extend" $d/churn 3 follow 4 /tmp/churn.gen
		wait $! && ok "${fs}_${l}_churn_writer" || not_ok "${fs}_${l}_churn_writer" "the writer failed"
		echo "# $fs $l follow: $out"
	done
	l=mglru mem=nolimit

	# no readahead at all: read_ahead_kb 0 on the disk
	dev=$(basename $(grep " $(dirname $d) " /proc/mounts | cut -d' ' -f1))
	kb=$(ra_kb $dev)
	echo 0 > /sys/block/$dev/queue/read_ahead_kb
	verify "${fs}_ra_kb_0_read" $d/big 1 read 4096
	verify "${fs}_ra_kb_0_mmap" $d/big 1 mmap
	echo $kb > /sys/block/$dev/queue/read_ahead_kb

	# a loop device over the file: a block device's page cache on top
	losetup -r /dev/loop3 $d/big
	verify "${fs}_loop_read" /dev/loop3 1 read 4096
	verify "${fs}_loop_mmap" /dev/loop3 1 mmap
	losetup -d /dev/loop3

	# 64 streams of 256 KiB at 100 KB/s in 8 MiB: their windows do not fit
	# (with 32, XFS loses a quarter of its readahead without a thrash
	# readahead counted: its large folios, see the regression work)
	mem=memcg8M
	[ $stats ] && rastat reset
	verify "${fs}_thrash_streams" $d/big 1 streams 64 100
	if [ $stats ]; then
		check "${fs}_thrash_readahead_counted" yes "$([ "$(stat_of thrash readahead)" -gt 0 ] && echo yes || echo "no: $(stat_of thrash readahead)")"
		check "${fs}_context_readahead_counted" yes "$([ "$(stat_of context readahead)" -gt 0 ] && echo yes || echo "no: $(stat_of context readahead)")"
	else
		skip "${fs}_thrash_readahead_counted" "no readahead statistics (stock kernel)"
		skip "${fs}_context_readahead_counted" "no readahead statistics (stock kernel)"
	fi

	# retained pages are the right pages: 1 MiB read, the cgroup filled,
	# fadvise(WILLNEED) finds it cached (and retains it), more pressure,
	# then the 1 MiB is read back and checked wherever it came from
	drop_caches
	echo max > $cg/memory.max
	in_cgroup $cg raload range $d/big 0 1048576 > /dev/null
	in_cgroup $cg raload range $d/big 2097152 6291456 65536 > /dev/null
	echo 8M > $cg/memory.max
	in_cgroup $cg raload fadvise $d/big 0 1048576 > /dev/null
	in_cgroup $cg raload range $d/big 8388608 8388608 65536 > /dev/null
	resident=$(raload resident $d/big 0 1048576)
	out=$(in_cgroup $cg raverify $d/big 1 read 65536 2>&1)
	case "$resident: $out" in
	"0: "*) skip "${fs}_retained_pages_right" "no page retained, nothing to check";;
	*": verified "*" mismatches 0") ok "${fs}_retained_pages_right" "$resident of 256 pages resident; $out";;
	*) not_ok "${fs}_retained_pages_right" "$(echo "$out" | head -3 | tr '\n' ' ')";;
	esac
	rm -rf $d
done
umount /xfs
echo y > /sys/kernel/mm/lru_gen/enabled

# The generation check can fail: a writer that gives new pages an older
# generation (what a stale page would hold) is caught.
raverify --write /tmp/stale 4 0 $((4 << 20))
rm -f /tmp/stale.gen
RAVERIFY_STALE=1 raverify --churn /tmp/stale 4 2 /tmp/stale.gen &
out=$(raverify /tmp/stale 4 follow 2 /tmp/stale.gen 2>&1)
wait
case $(echo "$out" | tail -1) in
"verified "*" mismatches 0 "*) not_ok stale_generation_detected "$(echo "$out" | tail -1)";;
"verified "*" mismatches "*) ok stale_generation_detected "$(echo "$out" | tail -1)";;
*) not_ok stale_generation_detected "$(echo "$out" | tail -1)";;
esac
rm -f /tmp/stale /tmp/stale.gen
echo "# verified $total bytes"
rmdir $cg
ktap_done
