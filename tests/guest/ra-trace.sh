#!/bin/sh
# The readahead trace event (PATCH 08): exact windows for a cold sequential
# read, and the pattern of fadvise, mmap read-around and random reads; on
# XFS (large folios), a window that meets cached folios reads no more than
# its size, and a fault in a MADV_HUGEPAGE mapping reads PMD folios.
. /guest/lib.sh
fields="s_dev i_ino index req_count start size async_size actual pattern async mmap"
plan $((15 + $(echo $fields | wc -w)))
max=128			# 512 KiB in 4 KiB pages
f=/data/seq64m		# 16384 pages
[ -r $TRACING/events/readahead/readahead/format ] || { not_ok trace_event_exists "no events/readahead/readahead"; exit 1; }
ok trace_event_exists
check data_disk_default_512K 512 "$(ra_kb vda)"
ino=$(ino_of $f)

# The format file must name every field the printed line uses.
fmt=$TRACING/events/readahead/readahead/format
for field in $fields; do
	grep -q "field:.* $field;" $fmt && ok "format_field_$field" || not_ok "format_field_$field" "missing"
done
grep -q '__print_symbolic' $fmt && ok format_uses_print_symbolic || not_ok format_uses_print_symbolic
# The host decodes it with libtraceevent, as trace-cmd and perf do (tests/host/trace-format.c).
sed 's/^/# format: /' $fmt

drop_caches
trace_start
raload seq $f 4096 > /dev/null
trace_stop
trace_lines $ino > /tmp/seq.trace
ra_model_seq 16384 $max > /tmp/seq.model
check seq_read_event_count "$(wc -l < /tmp/seq.model)" "$(wc -l < /tmp/seq.trace)"
if cmp -s /tmp/seq.model /tmp/seq.trace; then
	ok seq_read_exact_windows
else
	not_ok seq_read_exact_windows "first difference: $(diff /tmp/seq.model /tmp/seq.trace | grep '^[-+][^-+]' | head -2 | tr '\n' ' ')"
fi
check seq_read_pages_submitted 16384 "$(sed 's/.* actual=//' /tmp/seq.trace | awk '{ s += $1 } END { print s }')"
head -1 /tmp/seq.trace | grep -q "^pattern=initial " && ok seq_first_is_initial || not_ok seq_first_is_initial
trace_of $ino | head -3 | sed 's/^/# /'

# posix_fadvise(WILLNEED) of 256 KiB at 1 MiB: one fadvise event, all read.
drop_caches
trace_start
raload fadvise $f 1048576 262144 > /dev/null
trace_stop
check fadvise_event "pattern=fadvise req=256+64 ra=256+64-0 async=0 mmap=0 actual=64" "$(trace_lines $ino)"

# readahead(2) goes the same way.
drop_caches
trace_start
raload readahead $f 2097152 8192 > /dev/null
trace_stop
check readahead_syscall_event "pattern=fadvise req=512+2 ra=512+2-0 async=0 mmap=0 actual=2" "$(trace_lines $ino)"

# One mmap fault at page 1000: read-around of 128 KiB (32 pages, not the
# 128 of ra_pages) centred on it.
drop_caches
trace_start
raload mmap $f $((1000 * 4096)) > /dev/null
trace_stop
check mmap_around_event "pattern=around req=1000+1 ra=984+32-8 async=0 mmap=1 actual=32" \
	"$(trace_lines $ino | head -1)"
# Faults in order from there hit the mark and ramp up to the full window.
drop_caches
trace_start
raload mmap-range $f $((1000 * 4096)) $((4 << 20)) > /dev/null
trace_stop
check mmap_in_order_ramps_to_ra_pages "32 64 128" \
	"$(trace_lines $ino | sed 's/.*ra=[0-9]*+\([0-9]*\)-.*/\1/' | sort -nu | tr '\n' ' ' | sed 's/ $//')"

# Random 4 KiB preads far apart: each reads just its page.
drop_caches
trace_start
raload pread $f 4096 $((3000 * 4096)) $((5000 * 4096)) $((7000 * 4096)) > /dev/null
trace_stop
check random_events "pattern=random req=3000+1 ra=3000+1-0 async=0 mmap=0 actual=1
pattern=random req=5000+1 ra=5000+1-0 async=0 mmap=0 actual=1
pattern=random req=7000+1 ra=7000+1-0 async=0 mmap=0 actual=1" "$(trace_lines $ino)"

# XFS: pages 64-79 of a cold 4 MiB file cached by WILLNEED (small folios),
# then 1 MiB reads from the start: the first window is the read's 256 pages
# (a read larger than read_ahead_kb may take up to io_pages), added in
# 16 KiB folios up to page 64, where the cached ones stop them, then in
# small folios for pages 80-255: 240 pages (6.12's fallback read a whole
# window from page 64 on: 304).
if xfs_scratch && raverify --write /xfs/fallback 1 0 $((4 << 20)) &&
   raverify --write /xfs/fallback-8m 1 0 $((8 << 20)); then
	drop_caches
	raload fadvise /xfs/fallback $((64 * 4096)) $((16 * 4096)) > /dev/null
	trace_start
	raload seq /xfs/fallback 1048576 > /dev/null
	trace_stop
	check xfs_window_meets_cached_folios "pattern=initial req=0+256 ra=0+256-128 async=0 mmap=0 actual=240" \
		"$(trace_lines $(ino_of /xfs/fallback) | head -1)"
	# A fault at page 1000 of a MADV_HUGEPAGE mapping reads PMD folios:
	# the fault's (pages 512-1023) and the next, whose first page is the
	# marker; with MADV_RANDOM too, the fault's alone.
	for advice in hugepage hugepage,random; do
		drop_caches
		trace_start
		RALOAD_ADVICE=$advice raload mmap /xfs/fallback-8m $((1000 * 4096)) > /dev/null
		trace_stop
		size=$([ $advice = hugepage ] && echo 1024 || echo 512)
		check "xfs_fault_$(echo $advice | tr , _)" \
			"pattern=around req=1000+1 ra=512+$size-512 async=0 mmap=1 actual=$size" \
			"$(trace_lines $(ino_of /xfs/fallback-8m) | head -1)"
	done
	umount /xfs
else
	not_ok xfs_window_meets_cached_folios "mkfs.xfs, mount or writing the file failed"
	not_ok xfs_fault_hugepage "no XFS"
	not_ok xfs_fault_hugepage_random "no XFS"
fi

ktap_done
