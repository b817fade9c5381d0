#!/bin/sh
# Readahead sensors (issue 32): exact counts of readahead pages issued,
# used, used late, evicted unused and dropped unused, in /proc/vmstat, a
# memory cgroup's memory.stat and the device's bdi stats, for scripted
# workloads: a cold sequential read, a hint dropped unused, faults on hinted
# pages, a read that waits for a hint in flight on a slow disk, and a hint
# evicted by reclaim.
. /guest/lib.sh
plan 19
f=/data/seq64m		# 16384 pages
cg=/sys/fs/cgroup/ra-sensors
memcg_dir $cg || exit 1

# counts [FILE]: issued used late evicted_unused dropped_unused
counts() {
	awk 'BEGIN { split("issued used late evicted_unused dropped_unused", k)
		for (i = 1; i <= 5; i++) { at["readahead_" k[i]] = i; v[i] = "-" } }
		$1 in at { v[at[$1]] = $2 }
		END { print v[1], v[2], v[3], v[4], v[5] }' "${1:-/proc/vmstat}"
}
# memcg_counts: the cgroup's, after anonymous pages charged to it make the
# next read of memory.stat flush the per-CPU counts
memcg_counts() {
	in_cgroup $cg dd if=/dev/zero of=/dev/null bs=2M count=1 2> /dev/null
	counts $cg/memory.stat
}
# bdi_counts MAJ:MIN: the same five of one backing device, kB to pages
bdi_counts() {
	awk 'BEGIN { split("Issued Used Late EvictedUnused DroppedUnused", k)
		for (i = 1; i <= 5; i++) { at["Readahead" k[i] ":"] = i; v[i] = "-" } }
		$1 in at { v[at[$1]] = $2 / 4 }
		END { print v[1], v[2], v[3], v[4], v[5] }' "/sys/kernel/debug/bdi/$1/stats"
}
data_bdi=$(awk '$5 == "/data" { print $3 }' /proc/self/mountinfo)
# delta BEFORE AFTER: counter by counter
delta() {
	echo "$1 $2" | awk '{ print $6 - $1, $7 - $2, $8 - $3, $9 - $4, $10 - $5 }'
}
within() { [ "$1" -le "$2" ] && echo yes || echo "no: $1 > $2"; }

[ "$(counts)" != "- - - - -" ] || { not_ok vmstat_has_sensors "no readahead_* in /proc/vmstat"; exit 1; }

# A cold read of the whole file, 4 KiB a call: readahead reads every page,
# all but the first read's own page ahead of its use, and all are used.
drop_caches
b=$(counts) mb=$(memcg_counts) bb=$(bdi_counts $data_bdi)
in_cgroup $cg raload seq $f 4096 > /dev/null
set -- $(delta "$b" "$(counts)")
check seq_issued_all_but_the_first_page 16383 "$1"
check seq_used_every_issued_page 16383 "$2"
check seq_late_within_used yes "$(within "$3" "$2")"
check seq_nothing_wasted "0 0" "$4 $5"
check seq_memcg_counts_the_same "$*" "$(delta "$mb" "$(memcg_counts)")"
check seq_bdi_counts_the_same "$*" "$(delta "$bb" "$(bdi_counts $data_bdi)")"
echo "# seq: $3 of $2 pages used late"

# The same file read 1 MiB a call, twice the window: the pages each read
# waits for (the request, also when it hits a marker) are not issued;
# every issued page is used.
drop_caches
b=$(counts)
raload seq $f 1048576 > /dev/null
set -- $(delta "$b" "$(counts)")
check seq_1m_every_issued_page_used "$1 0 0" "$2 $4 $5"
echo "# seq 1 MiB reads: $1 pages issued, $3 late"

# A hint never used, then dropped by POSIX_FADV_DONTNEED.
drop_caches
b=$(counts)
raload fadvise $f $((32 << 20)) 262144 > /dev/null
check hint_issued "64 0 0 0 0 64" "$(delta "$b" "$(counts)") $(raload resident $f $((32 << 20)) 262144)"
raload dontneed $f $((32 << 20)) 262144 > /dev/null
check hint_dropped_unused "64 0 0 0 64" "$(delta "$b" "$(counts)")"

# Faults on hinted pages: each found page is used, once; nothing is read
# around them (they are cached).
drop_caches
b=$(counts)
raload fadvise $f 0 65536 > /dev/null
raload mmap-range $f 0 65536 > /dev/null
set -- $(delta "$b" "$(counts)")
check faults_use_hinted_pages "16 16 0 0" "$1 $2 $4 $5"
check faults_late_within_used yes "$(within "$3" "$2")"

# On a disk that takes 20 ms a request (null_blk completing on a timer), a
# read right after a 256 KiB hint (one request) waits for its first page:
# one page late; the rest, read later, is not.  Held open meanwhile: the
# last close of a block device drops its page cache (dropped unused).
nullb_add ra_late 64 irqmode=2 completion_nsec=20000000 max_sectors=8192 ||
	{ not_ok slow_disk_setup "nullb_add failed"; exit 1; }
exec 3< /dev/ra_late
late_bdi=$(cat /sys/block/ra_late/dev)
b=$(counts) bb=$(bdi_counts $late_bdi) db=$(bdi_counts $data_bdi)
raload willneed-read /dev/ra_late 0 262144 4096 > /dev/null
check read_waits_for_the_hint "64 1 1 0 0" "$(delta "$b" "$(counts)")"
raload range /dev/ra_late 0 262144 > /dev/null
check rest_used_not_late "64 64 1 0 0" "$(delta "$b" "$(counts)")"
check slow_disk_bdi_counts_them "64 64 1 0 0" "$(delta "$bb" "$(bdi_counts $late_bdi)")"
check data_bdi_counts_none_of_them "0 0 0 0 0" "$(delta "$db" "$(bdi_counts $data_bdi)")"
exec 3<&-
check last_close_drops_nothing_unused "64 64 1 0 0" "$(delta "$b" "$(counts)")"
nullb_del ra_late

# Reclaim in a 24 MiB cgroup: a 256 KiB hint, then 48 MiB read without
# readahead (POSIX_FADV_RANDOM) evicts the hint's pages unused.
drop_caches
echo 24M > $cg/memory.max
b=$(counts) mb=$(memcg_counts)
in_cgroup $cg raload fadvise $f 0 262144 > /dev/null
in_cgroup $cg env RALOAD_ADVICE=random raload range $f 1048576 $((48 << 20)) 65536 > /dev/null
left=$(raload resident $f 0 262144)
check pressure_reached_the_hint yes "$(within "$left" 63)"
set -- $(delta "$b" "$(counts)")
check evicted_unused "64 0 0 $((64 - left)) 0" "$*"
check evicted_memcg_counts_the_same "$*" "$(delta "$mb" "$(memcg_counts)")"
echo "# reclaim: $left of 64 hinted pages left; memory.peak $(cat $cg/memory.peak 2> /dev/null)"
echo max > $cg/memory.max
rmdir $cg
ktap_done
