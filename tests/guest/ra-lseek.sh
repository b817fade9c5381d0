#!/bin/sh
# No start-of-file readahead after lseek (PATCH 10): what a probing reader
# gets from the device, which seeks mark the file (a position query does
# not, nor does a rewind: a seek back to 0 from elsewhere), and a reader
# that seeks to 0 once still ramps up to the full window.
. /guest/lib.sh
plan 12
max=128			# 512 KiB in 4 KiB pages
f=/data/seq64m		# 16384 pages
ino=$(ino_of $f)

# The seed's case: blkid on a 505 KiB device.  Small-device cap and this
# patch together: 1 page for the first read, then pages 1-4 (the 16 KiB
# read, a window of the request as it exceeds the capped maximum).
loop_image 505
echo "# 505 KiB device: read_ahead_kb $(ra_kb loop1)"
bytes=$(bytes_read loop1 probe_pattern /dev/loop1)
[ "$bytes" -le 20480 ] && ok probe_505k_at_most_20k "$bytes" || not_ok probe_505k_at_most_20k "$bytes bytes"
check probe_505k_exact 20480 "$bytes"
loop_image 505 ext2
out=$(drop_caches; blkid -p /dev/loop1)
case $out in *'TYPE="ext2"'*) ok blkid_finds_ext2;; *) not_ok blkid_finds_ext2 "$out";; esac
echo "# blkid -p on a 505 KiB ext2 device read $(bytes_read loop1 blkid -p /dev/loop1) bytes"
losetup -d /dev/loop1

# A 1 KiB read at 0 on a fresh fd: 4 pages without a seek, 1 with one.
seek_read() {
	drop_caches
	trace_start
	raload lseek-read $f "$1" 1024 > /dev/null
	trace_stop
	trace_lines $ino
}
initial_4="pattern=initial req=0+1 ra=0+4-3 async=0 mmap=0 actual=4"
initial_1="pattern=initial req=0+1 ra=0+1-0 async=0 mmap=0 actual=1"
check no_seek_start_of_file "$initial_4" "$(seek_read -)"
check seek_set_0_fresh_fd "$initial_1" "$(seek_read 0)"
check seek_cur_0_is_a_query "$initial_4" "$(seek_read cur:0)"
check rewind_from_end_is_no_probe "$initial_4" "$(drop_caches; trace_start
	raload lseek-read $f end:0 0 cur:-67108864 1024 > /dev/null; trace_stop; trace_lines $ino)"
# stdio's fseek(END)/ftell/rewind before reading the file whole: the first
# window is that of a read with no seek at all (64 KiB, fread's chunk here)
first_event() { drop_caches; trace_start; "$@" > /dev/null; trace_stop; trace_lines $ino | head -1; }
check stdio_slurp_idiom_as_plain_read "$(first_event raload lseek-read $f - 65536)" \
	"$(first_event raload stdio $f)"

# Block devices seek through fixed_size_llseek(): count device bytes.
nullb_add nullb0 4096 || { not_ok setup "no null_blk device"; exit 1; }
check blockdev_no_seek 16384 "$(bytes_read nullb0 raload lseek-read /dev/nullb0 - 1024)"
check blockdev_seek_set_0 4096 "$(bytes_read nullb0 raload lseek-read /dev/nullb0 0 1024)"
echo "# probe pattern on a 4 GiB device read $(bytes_read nullb0 probe_pattern /dev/nullb0) bytes"
nullb_del nullb0

# Seek to 0 once, then read the file 4 KiB at a time: the first read gets
# its page, the mark is gone, and from page 1 on the windows are those of a
# cold sequential read starting there, up to the full 128 pages.
drop_caches
trace_start
raload range $f 0 67108864 4096 > /dev/null
trace_stop
trace_lines $ino > /tmp/seek-seq.trace
{ echo "$initial_1"; ra_model_seq 16384 $max 1; } > /tmp/seek-seq.model
if cmp -s /tmp/seek-seq.model /tmp/seek-seq.trace; then
	ok seek_then_sequential_exact_windows "$(wc -l < /tmp/seek-seq.trace) events"
else
	not_ok seek_then_sequential_exact_windows "first difference: $(diff /tmp/seek-seq.model /tmp/seek-seq.trace | grep '^[-+][^-+]' | head -2 | tr '\n' ' ')"
fi
check seek_then_sequential_largest_window $max \
	"$(sed 's/.*ra=[0-9]*+\([0-9]*\)-.*/\1/' /tmp/seek-seq.trace | sort -n | tail -1)"
ktap_done
