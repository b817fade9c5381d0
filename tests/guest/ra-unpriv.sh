#!/bin/sh
# An unprivileged user (uid 1000, no groups, no capabilities; guest/asuser):
#  - cannot reset the readahead statistics, write read_ahead_kb, or set a
#    block device's readahead with BLKRASET/BLKFRASET (EACCES, guest/raioctl
#    on a descriptor root opened), but can read the value (BLKRAGET);
#  - cannot read another user's file, and reads right data through the read
#    paths from its own;
#  - gets the man pages' errors for the readahead system calls, as root does;
#  - cannot make one call read more than one window: fadvise(WILLNEED) of
#    a whole file, readahead(2) of 1 TiB and madvise(WILLNEED) of a whole
#    mapping each bring in at most max(read_ahead_kb, max_sectors_kb) worth
#    of pages (force_page_cache_ra()'s bound), however large the range.
. /guest/lib.sh
user=1000
paths="read_4096 mmap fadvise_willneed readahead direct_65536 nowait io-uring_8 madvise_willneed"
plan $((1 + 1 + 3 + 1 + $(echo $paths | wc -w) + raerrors_cases + 1 + 3))
u() { asuser $user "$@"; }
# errno NAME of a command's failure as busybox and raverify print it
errname() { case $1 in *"Permission denied"*) echo EACCES;; *) echo "$1";; esac; }

if [ -w $RA_STATS ]; then
	# refused twice over: debugfs is root's (0700), and the file takes
	# writes from its owner only
	check stats_write_refused "EACCES, mode 644 uid 0" "$(u rawrite $RA_STATS x), mode $(stat -c '%a uid %u' $RA_STATS)"
else
	skip stats_write_refused "no readahead statistics in this kernel (stock)"
fi
nullb_add nullb0 1024 || { not_ok setup "no null_blk device"; exit 1; }
q=/sys/block/nullb0/queue/read_ahead_kb
echo 512 > $q
check read_ahead_kb_write_refused "EACCES, 512" "$(u rawrite $q 4096), $(cat $q)"
# the ioctls on a descriptor root opened: the capability check, not the open
check blkraset_refused "EACCES, 512" "$(u raioctl fd:3 set 64 3< /dev/nullb0), $(cat $q)"
check blkfraset_refused "EACCES, 512" "$(u raioctl fd:3 fset 64 3< /dev/nullb0), $(cat $q)"
check blkraget_allowed 1024 "$(u raioctl fd:3 get 3< /dev/nullb0)"
chmod 0444 /dev/nullb0	# for raerrors, which opens it itself

# files of known content: root's own (0600) and one the user may read
mount -o remount,rw /data && mkdir -p /data/unpriv || { not_ok setup "/data not writable"; exit 1; }
raverify --write /data/unpriv/root-only 6 0 1048576 && chmod 0600 /data/unpriv/root-only &&
	raverify --write /data/unpriv/shared 7 0 $(((8 << 20) + 321)) && chmod 0644 /data/unpriv/shared ||
	{ not_ok setup "writing the files"; exit 1; }
check other_users_file_refused EACCES "$(errname "$(u raverify /data/unpriv/root-only 6 read 4096 2>&1)")"
for p in $paths; do
	drop_caches
	out=$(u raverify /data/unpriv/shared 7 $(echo $p | tr _ ' ') 2>&1)
	case $(echo "$out" | tail -1) in
	"verified $(((8 << 20) + 321)) mismatches 0") ok "user_$p";;
	*) not_ok "user_$p" "$(echo "$out" | head -2 | tr '\n' ' ')";;
	esac
done

# the system calls' errors, as the user
raerrors_checks user_ u

# one call, one window at most: pages cached after it, and its time
f=/data/seq64m
bound=$(( $(ra_kb vda) > $(cat /sys/block/vda/queue/max_sectors_kb) ? $(ra_kb vda) : $(cat /sys/block/vda/queue/max_sectors_kb) ))
bound=$((bound / 4))
for c in "fadvise $f 0 0" "readahead $f 0 1099511627776" "madvise $f 67108864"; do
	set -- $c
	drop_caches
	t0=$(cut -d' ' -f1 /proc/uptime)
	u raload "$@" > /dev/null
	rc=$?
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo "# $1 as the user: status $rc, $(awk -v a=$t0 -v b=$t1 'BEGIN { printf "%d", (b - a) * 1000 }') ms"
	check "one_${1}_call_at_most_one_window" "$bound pages" "$(raload resident $f 0 67108864) pages"
done
rm -rf /data/unpriv
nullb_del nullb0
ktap_done
