#!/bin/sh
# Readahead statistics (PATCH 09): exact counts for scripted workloads, a
# workload spread over both CPUs, reset, and writes of any size and content.
. /guest/lib.sh
plan 23
f=/data/seq64m		# 16384 pages
small=/data/small40k	# 10 pages
[ -r $RA_STATS ] || { not_ok stats_file_exists "no $RA_STATS"; exit 1; }
ok stats_file_exists
check data_disk_default_512K 512 "$(ra_kb vda)"
check stats_rows "pattern initial oversize subsequent context thrash around fadvise random all" \
	"$(awk '{ print $1 }' $RA_STATS | tr '\n' ' ' | sed 's/ $//')"

# row PATTERN: "readahead eof_hit cache_hit io sync_io mmap_io size async_size io_size"
row() { awk -v p="$1" '$1 == p { $1 = ""; sub(/^ /, ""); print }' $RA_STATS; }

# A cold sequential read: the windows of ra_model_seq, summed.
drop_caches; rastat reset
raload seq $f 4096 > /dev/null
ra_model_seq 16384 128 | awk -F'[=+(), -]+' '/subsequent/ {
	n++; size += $8; asz += $9; io += $NF; if ($NF < $8) eof++ }
	END { printf "%d %d 0 %d 0 0 %d %d %d\n", n, eof, n, size / n, asz / n, io / n }' > /tmp/want
check seq_initial_row "1 0 0 1 1 0 4 3 4" "$(row initial)"
check seq_subsequent_row "$(cat /tmp/want)" "$(row subsequent)"
check seq_all_readahead 132 "$(stat_of all readahead)"

# Reading a 10-page file: the second window is cut short by the end of file.
drop_caches; rastat reset
raload seq $small 4096 > /dev/null
check small_file_eof_hit "1 1 0 1 0 0 16 16 6" "$(row subsequent)"

# fadvise, mmap read-around, random reads: one row each.
drop_caches; rastat reset
raload fadvise $f 1048576 262144 > /dev/null
raload mmap $f $((1000 * 4096)) > /dev/null
raload pread $f 4096 $((3000 * 4096)) $((5000 * 4096)) $((7000 * 4096)) > /dev/null
check fadvise_row "1 0 0 1 1 0 64 0 64" "$(row fadvise)"
check around_row "1 0 0 1 1 1 32 8 32" "$(row around)"	# 128 KiB, not ra_pages
check random_row "3 0 0 3 3 0 1 0 1" "$(row random)"
check mixed_all_readahead 5 "$(stat_of all readahead)"

# Cached pages cut a window short: fadvise over a range already half read.
drop_caches; rastat reset
raload fadvise $f 0 131072 > /dev/null
raload fadvise $f 0 262144 > /dev/null
check fadvise_cache_hit "2 0 1 2 2 0 48 0 32" "$(row fadvise)"

# A window that ends on the last page, short by one cached page, is a cache
# hit; a WILLNEED range wholly past the end of the file reads nothing and is
# not counted.
drop_caches
raload pread $f 4096 $((16350 * 4096)) > /dev/null
rastat reset
raload fadvise $f $(( (16384 - 64) * 4096 )) 262144 > /dev/null
raload fadvise $f $((1 << 30)) 262144 > /dev/null
check fadvise_last_page_cache_hit "1 0 1 1 1 0 64 0 63" "$(row fadvise)"
check fadvise_past_eof_not_counted 1 "$(stat_of all readahead)"

# Both CPUs at once: 8 random reads on CPU 0 while CPU 1 reads sequentially.
drop_caches; rastat reset
taskset 1 raload pread $f 4096 $(for p in 9001 9101 9201 9301 9401 9501 9601 9701; do echo $((p * 4096)); done) > /dev/null &
taskset 2 raload seq $small 4096 > /dev/null
wait
check two_cpus_random 8 "$(stat_of random readahead)"
check two_cpus_all "10 1 0 10 9 0" "$(row all | cut -d' ' -f1-6)"

# Reset, whatever is written; reading never fails.
echo 0 > $RA_STATS
check reset_zeroes_all "0 0 0 0 0 0 0 0 0" "$(row all)"
raload seq $small 4096 > /dev/null 2>&1
head -c 1048576 /dev/urandom > $RA_STATS && ok write_1MiB_random_accepted || not_ok write_1MiB_random_accepted
check reset_by_random_write 0 "$(stat_of all readahead)"
drop_caches; raload seq $small 4096 > /dev/null
before=$(stat_of all readahead)
check write_empty_resets "2 before, wrote 0, 0 after" \
	"$before before, $(rawrite $RA_STATS), $(stat_of all readahead) after"
check write_text_accepted "wrote 5" "$(rawrite $RA_STATS reset)"
dd if=$RA_STATS of=/dev/null bs=1 2>/dev/null && ok read_byte_by_byte || not_ok read_byte_by_byte
check stats_readable_after_writes 10 "$(wc -l < $RA_STATS)"

ktap_done
