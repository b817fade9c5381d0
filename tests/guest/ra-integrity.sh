#!/bin/sh
# Data integrity: files of known content (guest/raverify: every word holds
# the file id and its offset) written to ext4 on the virtio disk, then read
# cold through every read path, with and without a memory cgroup far
# smaller than the file, on the classic LRU and MGLRU; and read while
# another process truncates and extends the file. Every byte is checked.
# The disk is a QEMU snapshot: what is written here is thrown away.
. /guest/lib.sh
d=/data/verify cg=/sys/fs/cgroup/ra-integrity
if ! mount -o remount,rw /data || ! mkdir -p $d; then
	not_ok setup "/data not writable"
	exit 1
fi
raverify --write $d/big 1 0 $(((16 << 20) + 1234)) && raverify --write $d/small 2 0 5000 &&
	raverify --write $d/churn 3 0 $((4 << 20)) || { not_ok setup "writing the files"; exit 1; }
memcg_dir $cg || exit 1
echo 8M > $cg/memory.max
[ "$(cat $cg/memory.max)" = 8388608 ] || { not_ok setup "no 8M memory cgroup"; exit 1; }
total=0
# verify NAME FILE ID PATH...: one cold run, in the cgroup if $mem says so
verify() {
	local name=$1 wrap= out
	shift
	drop_caches
	[ $mem = memcg8M ] && wrap="in_cgroup $cg"
	out=$($wrap raverify "$@" 2>&1)
	if [ $? = 0 ] && [ "${out%% *}" = verified ]; then
		set -- $out
		total=$((total + $2))
		ok "$name"
	else
		not_ok "$name" "$(echo "$out" | head -3 | tr '\n' ' ')"
	fi
}
for lru in n y; do
	echo $lru > /sys/kernel/mm/lru_gen/enabled
	l=classic; [ $lru = y ] && l=mglru
	for mem in nolimit memcg8M; do
		for p in "read 4096" "read 1048576" "pread 300" "interleave 8" mmap "mmap-random 300" \
			 "fadvise willneed" "fadvise sequential" "fadvise random" readahead "lseek 300" \
			 splice sendfile; do
			verify "${l}_${mem}_$(echo $p | tr ' ' _)" $d/big 1 $p
		done
		verify "${l}_${mem}_small_read" $d/small 2 read 4096
		verify "${l}_${mem}_small_mmap" $d/small 2 mmap
	done
	# reads racing with truncation and extension
	mem=nolimit
	raverify --churn $d/churn 3 4 &
	verify "${l}_follow_truncate_extend" $d/churn 3 follow 4
	wait $! || not_ok "${l}_churn" "the writer failed"
done
echo y > /sys/kernel/mm/lru_gen/enabled
echo "# verified $total bytes"
rm -rf $d
rmdir $cg
ktap_done
