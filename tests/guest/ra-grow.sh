#!/bin/sh
# Windows that size themselves (issue 32): on a disk taking 50 ms a request
# (null_blk completing on a timer), a reader of 256 KiB calls waits for its
# readahead, and the stream's windows double past the maximum while two
# windows of the new size fit in the budget (vm.readahead_budget_percent of
# memory, and of memory.max in a memory cgroup): from the maximum M, to the
# largest M * 2^k with 2 * M * 2^k within the budget; when the budget
# falls, a grown window halves until two of it fit again (at 0, to M), and
# a read_ahead_kb written takes it back to M at its next marker.  A
# read_ahead_kb a user wrote, and a budget of 0, keep the maximum exactly.
. /guest/lib.sh
plan 13
budget=/proc/sys/vm/readahead_budget_percent
[ -w $budget ] || { not_ok budget_sysctl_exists "no $budget"; exit 1; }
ok budget_sysctl_exists
late_max=16384		# 64 MiB in 4 KiB pages
nullb_add ra_grow 65536 irqmode=2 completion_nsec=50000000 hw_queue_depth=64 max_sectors=8192 ||
	{ not_ok slow_disk_setup "nullb_add failed"; exit 1; }
dev=/dev/ra_grow
# a block device's page cache is its bdev inode's, numbered by dev_t
bdev_ino=$(IFS=: read -r maj min < /sys/block/ra_grow/dev; echo $(( (maj << 20) | min )))
kb=$(ra_kb ra_grow) max=$(( $(ra_kb ra_grow) / 4 ))
# budget_changes CMD: one open file read by two dd processes, its windows
# grown by the first; CMD runs between them (a marker line in the trace).
# Prints the last window before CMD, then the windows after it.  The
# file's maximum stays what it was at open (f_ra.ra_pages).
budget_changes() {
	echo 1 > /proc/sys/vm/drop_caches
	exec 3< $dev
	trace_start
	dd bs=256k count=384 <&3 > /dev/null 2>&1
	eval "$1"
	echo budget_changed > $TRACING/trace_marker
	dd bs=256k count=128 <&3 > /dev/null 2>&1
	exec 3<&-
	trace_stop
	window_sizes $bdev_ino | awk '$1 == "marker" { after = 1; print last; next }
		after { print; next } { last = $0 }'
}
# windows [CGROUP] MB: the readahead windows (pages) of a cold read of the
# disk's first MB MiB, 256 KiB a call; the last line is the late pages counted
windows() {
	local cg=$1 late
	shift
	echo 1 > /proc/sys/vm/drop_caches
	late=$(vmstat_of readahead_late)
	trace_start
	if [ -n "$cg" ]; then
		in_cgroup $cg raload range $dev 0 $(($1 << 20)) 262144 > /dev/null
	else
		raload range $dev 0 $(($1 << 20)) 262144 > /dev/null
	fi
	trace_stop
	window_sizes $bdev_ino
	echo "late $(( $(vmstat_of readahead_late) - late ))"
}
largest() { grep -v late "$1" | sort -n | tail -1; }
# each window past the maximum twice the one before or the same
grows_by_doubling() {
	grep -v late "$1" | awk -v max=$max 'p >= max && $1 != p && $1 != 2 * p { bad = bad " " p "->" $1 }
		{ p = $1 } END { print bad ? "no:" bad : "yes" }'
}
# the largest window for a budget of LIMIT pages: doubles from the maximum
# while two windows of twice the size fit
top_for() { awk -v s=$max -v l=$1 -v m=$late_max 'BEGIN { while (4 * s <= l && 2 * s <= m) s *= 2; print s }'; }
# the windows after a grown window of TOP pages, when the budget falls to
# LIMIT pages: it halves while the budget has no room for another window
# of its size, down to the maximum.  The window in flight is what is
# unused at a marker (the budget below leaves 1024 pages for the others)
halving_for() {
	awk -v s=$1 -v l=$2 -v max=$max 'BEGIN { do { if (s > max && 2 * s > l) s /= 2; printf "%s%d", sep, s; sep = " " } while (s > max && 2 * s > l); print "" }'
}

echo 6 > $budget
unused_watch_start 0.1
windows "" 384 > /tmp/grow
peak=$(unused_watch_peak)
pages=$(awk '/^MemTotal:/ { print int($2 / 4) }' /proc/meminfo)
limit=$(( pages / 100 * 6 ))
top=$(largest /tmp/grow)
check reader_waited_for_readahead yes "$([ "$(sed -n 's/^late //p' /tmp/grow)" -gt 0 ] && echo yes)"
check grows_by_doubling yes "$(grows_by_doubling /tmp/grow)"
check largest_window_for_the_budget "$(top_for $limit)" "$top"
check unused_within_the_budget yes "$([ -n "$peak" ] && [ "$peak" -le $limit ] && echo yes || echo "no: $peak > $limit")"
echo "# windows past $max pages: $(awk -v m=$max '$1 > m' /tmp/grow | grep -v late | uniq -c | awk '{ printf "%sx%s ", $1, $2 }')(budget $limit pages, nr_readahead_unused at most $peak)"

# When the budget falls, grown windows halve until they fit in it: the
# reader's memory cgroup's memory.max, unlimited while the windows grow,
# set to 200 MiB, is a budget of 3072 pages whatever the guest's memory:
# 1024 pages to spare for two windows of 1024, 1024 short for two of 2048;
# the 128 MiB the two dd read and the windows in flight stay below it.
# At 0, down to the maximum; a read_ahead_kb written takes them back to it.
after() { sed 1d "$1" | uniq | tr '\n' ' ' | sed 's/ $//'; }
cgf=/sys/fs/cgroup/ra-grow-fall
memcg_dir $cgf || exit 1
echo $$ > $cgf/cgroup.procs
budget_changes "echo 200M > $cgf/memory.max" > /tmp/fall
echo $$ > /sys/fs/cgroup/cgroup.procs
rmdir $cgf
# "grown": the window before the change was past the maximum, or the
# check would hold without testing anything
grown() { head -1 "$1" | awk -v m=$max '$1 > m { print "grown" }'; }
check halves_when_the_budget_falls "grown $(halving_for $(head -1 /tmp/fall) $(( (200 << 20) / 4096 / 100 * 6 )))" \
	"$(grown /tmp/fall) $(after /tmp/fall)"
budget_changes "echo 0 > $budget" > /tmp/fall0
check budget_zero_halves_to_the_maximum "grown $(halving_for $(head -1 /tmp/fall0) 0)" \
	"$(grown /tmp/fall0) $(after /tmp/fall0)"
echo 6 > $budget
budget_changes "echo $((kb / 2)) > /sys/block/ra_grow/queue/read_ahead_kb" > /tmp/capped
echo $kb > /sys/block/ra_grow/queue/read_ahead_kb	# the default: no cap
check user_kb_caps_a_grown_window "grown $max" "$(grown /tmp/capped) $(after /tmp/capped)"

# A user's read_ahead_kb is a hard cap.
echo $((kb / 2)) > /sys/block/ra_grow/queue/read_ahead_kb
windows "" 64 > /tmp/cap
check user_kb_is_a_hard_cap $((max / 2)) "$(largest /tmp/cap)"
echo $kb > /sys/block/ra_grow/queue/read_ahead_kb	# the default again: not a cap
windows "" 64 > /tmp/again
check default_again_grows yes "$([ "$(largest /tmp/again)" -gt $max ] && echo yes)"

# No budget, no growth.
echo 0 > $budget
windows "" 64 > /tmp/zero
check budget_zero_keeps_the_maximum $max "$(largest /tmp/zero)"

# In a 56 MiB memory cgroup the cgroup's budget (6% of memory.max: 858
# pages, 166 short of two 512-page windows, more than the 128 pages the
# cgroup's statistics may lag by) binds.
echo 6 > $budget
cg=/sys/fs/cgroup/ra-grow
memcg_dir $cg || exit 1
echo 56M > $cg/memory.max
windows $cg 128 > /tmp/memcg
cglimit=$(( (56 << 20) / 4096 / 100 * 6 ))
top=$(largest /tmp/memcg)
check memcg_grows_by_doubling yes "$(grows_by_doubling /tmp/memcg)"
check memcg_largest_window_for_its_budget "$(top_for $cglimit)" "$top"
echo "# memcg windows past $max pages: $(awk -v m=$max '$1 > m' /tmp/memcg | grep -v late | uniq -c | awk '{ printf "%sx%s ", $1, $2 }')(budget $cglimit pages)"
rmdir $cg
echo 0 > $budget	# as run-tests left it for the other tests
nullb_del ra_grow
ktap_done
