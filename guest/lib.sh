# Shell helpers for guest-side tests and scenarios (busybox sh).

# KTAP results: each test script's checks become subtests of one test.
# A script says how many checks it makes ("plan N") before the first one;
# guest/run-tests fails it when it reports another number.
ktap_n=0
ktap_fails=0
plan() { echo "1..$1"; }
ok() { ktap_n=$((ktap_n + 1)); echo "ok $ktap_n $1${2:+ # $2}"; }
not_ok() {
	ktap_n=$((ktap_n + 1)); ktap_fails=$((ktap_fails + 1))
	echo "not ok $ktap_n $1${2:+ # $2}"
}
# skip NAME WHY: a check that cannot run here, and why (make test fails a
# skip it does not expect: tests/run.sh)
skip() { ktap_n=$((ktap_n + 1)); echo "ok $ktap_n $1 # SKIP ${2:?skip needs a reason}"; }
# check NAME EXPECTED ACTUAL
check() {
	if [ "$2" = "$3" ]; then ok "$1" "$3"; else not_ok "$1" "expected $2, got $3"; fi
}
ktap_done() { [ "$ktap_fails" = 0 ]; }	# run-tests checks the plan

# null_blk devices through configfs: nullb_add NAME SIZE_MB [attr=value...]
# Not memory backed unless asked, so even a 128 GiB device costs no RAM.
nullb_add() {
	local d=/sys/kernel/config/nullb/$1 size=$2 kv
	shift 2
	mkdir "$d" || return 1
	echo "$size" > "$d/size"
	echo 0 > "$d/memory_backed"
	for kv in "$@"; do echo "${kv#*=}" > "$d/${kv%%=*}" || return 1; done
	echo 1 > "$d/power"
}
nullb_del() { rmdir "/sys/kernel/config/nullb/$1"; }

ra_kb() { cat "/sys/block/$1/queue/read_ahead_kb"; }
# The virtio disk QEMU gave serial SERIAL (scripts/ioopt-disks.sh), e.g. vdc.
disk_of_serial() {
	local d
	for d in /sys/block/vd*; do
		[ "$(cat $d/serial 2> /dev/null)" = "$1" ] && { basename $d; return; }
	done
}
# The SCSI disk whose INQUIRY product is MODEL (scripts/ioopt-disks.sh), e.g. sda.
scsi_disk_of_model() {
	local d
	for d in /sys/block/sd*; do
		[ "$(cat $d/device/model 2> /dev/null | sed 's/ *$//')" = "$1" ] && { basename $d; return; }
	done
}
# lru_gen_is y|n: MGLRU on (0x0007: every feature) or off, as asked
lru_gen_is() {
	case "$1 $(cat /sys/kernel/mm/lru_gen/enabled)" in "y 0x0007"|"n 0x0000") ;; *) return 1;; esac
}

# cmdline_arg NAME DEFAULT: ra.NAME=a,b from the kernel command line, as "a b".
cmdline_arg() {
	local v
	v=$(sed -n "s/.*ra\.$1=\([^ ]*\).*/\1/p" /proc/cmdline)
	echo "${v:-$2}" | tr ',' ' '
}
# Numbers on stdin -> "min median max" (%.1f).
min_med_max() {
	sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.1f %.1f %.1f\n", v[1], v[int((NR + 1) / 2)], v[NR] }'
}

# Read requests and sectors read by block device DEV since boot (stat fields 1, 3).
dev_reads() { awk '{ print $1, $3 }' "/sys/block/$1/stat"; }
# One counter of /proc/vmstat: vmstat_of NAME.
vmstat_of() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }
# Bytes read from block device DEV since boot (sectors read, field 3 of stat).
dev_read_bytes() { set -- $(dev_reads "$1"); echo $(( $2 * 512 )); }

# memcg_dir CGROUP_DIR: make a child cgroup with the memory controller; a
# kernel without CONFIG_MEMCG gets a clear "not ok setup" instead of
# results measured without a limit.
memcg_dir() {
	echo +memory > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
	mkdir -p "$1"
	[ -f "$1/memory.max" ] && return
	not_ok setup "no memory controller in $1 (CONFIG_MEMCG=n?)"
	return 1
}

# xfs_scratch: a new XFS on the scratch disk, mounted at /xfs (unmount it when done).
xfs_scratch() { mkdir -p /xfs && mkfs.xfs -q -f /dev/vdb && mount -t xfs /dev/vdb /xfs; }

# in_cgroup CGROUP_DIR COMMAND...: run COMMAND as a member of the cgroup.
in_cgroup() { local cg=$1; shift; sh -c "echo \$\$ > $cg/cgroup.procs && exec $*"; }

# Re-commit the queue limits without changing them, as a driver revalidation does.
limits_update() {
	local q=/sys/block/$1/queue
	cat "$q/max_sectors_kb" > "$q/max_sectors_kb"
}

# The seed's table: capacity in MiB, readahead cap in KiB.
seed_table="2 4
8 8
32 16
128 32
512 64
2048 128
8192 256
32768 512
131072 1024"

# raerrors_checks PREFIX [RUNNER]: guest/raerrors on a small file, null_blk
# device nullb0 and a fresh tmpfs (run by RUNNER, e.g. as another user),
# one check per case, then one for the number of cases: $raerrors_cases
# checks + 1.
raerrors_cases=35	# guest/raerrors.c: 14 fadvise, 13 readahead, 8 madvise
raerrors_checks() {
	local c got g want w rc dir=/tmp/raerrors.$1
	mkdir -p $dir && mount -t tmpfs tmpfs $dir && chmod 1777 $dir
	${2:-} raerrors /data/small40k /dev/nullb0 $dir > $dir.out
	rc=$?
	while read -r c got g want w; do
		case $got in
		got) check "$1$c" "$w" "$g";;
		skip) skip "$1$c" "$g $want $w";;
		esac
	done < $dir.out
	check "${1}raerrors_cases" "$raerrors_cases, status 0" \
		"$(grep -c -E '^[a-z_]+ (got|skip) ' $dir.out), status $rc"
	umount $dir
}

# Page cache, tracing and readahead statistics.
TRACING=/sys/kernel/debug/tracing
RA_STATS=/sys/kernel/debug/readahead/stats
drop_caches() { sync; echo 3 > /proc/sys/vm/drop_caches; }
trace_start() {
	echo 0 > $TRACING/tracing_on
	echo > $TRACING/trace
	echo 1 > $TRACING/events/readahead/readahead/enable
	echo 1 > $TRACING/tracing_on
}
trace_stop() { echo 0 > $TRACING/events/readahead/readahead/enable; }
# The readahead events of one inode, without the tracer's prefix.
trace_of() { grep "readahead: dev=[0-9:]* ino=$(printf %x "$1") " $TRACING/trace | sed 's/^.*readahead: //'; }
# unused_watch_start SECS: sample nr_readahead_unused (the series' gauge of
# readahead not yet used) every SECS seconds in the background, until
# unused_watch_peak stops it and prints the largest value seen (pages).
unused_watch_start() {
	( while :; do vmstat_of nr_readahead_unused; sleep "$1"; done ) > /tmp/unused &
	unused_watcher=$!
}
unused_watch_peak() { kill $unused_watcher; sort -n /tmp/unused | tail -1; }
# window_sizes INO: the size (pages) of each readahead window of inode INO
# in trace order; a trace_marker line prints as "marker".
window_sizes() {
	awk -v ino="ino=$(printf %x "$1") " '/tracing_mark_write:/ { print "marker"; next }
		/ readahead: / && index($0, ino) { sub(/.* ra=[0-9]*\+/, ""); sub(/-.*/, ""); print }' $TRACING/trace
}
# ... and without the dev/ino fields, as ra_model_seq prints them.
trace_lines() { trace_of "$1" | sed 's/^dev=[0-9]*:[0-9]* ino=[0-9a-f]* //'; }
ino_of() { stat -c %i "$1"; }
# stat_of PATTERN COLUMN: one number from the statistics table.
stat_of() {
	awk -v p="$1" -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == p { print $col[c] }' $RA_STATS
}

# The readahead windows of a cold sequential read of NPAGES pages, one page
# per read(2), with a maximum window of MAX pages, as 6.12 computes them
# (get_init_ra_size, get_next_ra_size, the marker placed async_size pages
# before the end of what was read, no marker when the file ends first).
# Prints the expected trace lines without the dev/ino fields.  With FIRST,
# the stream starts at page FIRST of an NPAGES file.
ra_model_seq() {
	awk -v np="$(($1 - ${3:-0}))" -v max="$2" -v o="${3:-0}" 'function init(r,  n) { n = 1; while (n < r) n *= 2
			if (n <= max / 32) return 4 * n; if (n <= max / 4) return 2 * n; return max }
		function next_size(c) { if (c < max / 16) return 4 * c; if (c <= max / 2) return 2 * c; return max }
		function min(a, b) { return a < b ? a : b }
		BEGIN {
			s = 0; sz = init(1); as = sz > 1 ? sz - 1 : int(sz / 2)
			printf "pattern=initial req=%d+1 ra=%d+%d-%d async=0 mmap=0 actual=%d\n", o, o + s, sz, as, min(sz, np - s)
			while (1) {
				got = min(sz, np - s); if (got - as < 0) break
				m = s + got - as
				s += sz; n = next_size(sz); sz = n > sz ? n : sz; as = sz
				printf "pattern=subsequent req=%d+1 ra=%d+%d-%d async=1 mmap=0 actual=%d\n", o + m, o + s, sz, as, s < np ? min(sz, np - s) : 0
				if (s >= np) break
			}
		}'
}

# bytes_read DEV COMMAND...: device bytes COMMAND reads from DEV, cold cache.
bytes_read() {
	local dev=$1 before
	shift
	drop_caches
	before=$(dev_read_bytes "$dev")
	"$@" > /dev/null || return 1
	echo $(( $(dev_read_bytes "$dev") - before ))
}
# The seed's probe pattern, as blkid did it: 1 KiB at 0, lseek to 1536, 16 KiB.
probe_pattern() { raload lseek-read "$1" 0 1024 1536 16384; }
# loop_image SIZE_KB [ext2]: /dev/loop1 on a SIZE_KB file in the guest's
# memory, zero-filled or holding an ext2 file system (busybox mke2fs).
loop_image() {
	losetup -d /dev/loop1 2> /dev/null
	rm -f /tmp/loop1.img
	truncate -s "$1"K /tmp/loop1.img
	if [ "$2" = ext2 ]; then
		mke2fs -F /tmp/loop1.img > /dev/null || return 1
	fi
	losetup /dev/loop1 /tmp/loop1.img
}
