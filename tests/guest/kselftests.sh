#!/bin/sh
# The kernel tree's own selftests that exercise readahead and page cache
# residency: mincore (its file test checks the readahead window mincore
# reports, on ext4 here) and cachestat. Each selftest case becomes a check;
# scripts/stock-and-patched.sh runs this on the stock kernel too.
. /guest/lib.sh
if ! mount -o remount,rw /data; then
	not_ok setup "/data not writable"
	exit 1
fi
mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm
for t in /guest/selftests/*; do
	name=$(basename $t)
	(cd /data && $t) > /tmp/kst.out 2>&1
	rc=$?
	# the harness's TAP lines: "ok N global.case", "not ok N ...", "... # SKIP why"
	grep -E '^(not )?ok [0-9]+ ' /tmp/kst.out > /tmp/kst.res
	while read -r line; do
		case $line in
		"not ok "*) c=${line#not ok }; not_ok "${name}_${c#* }";;
		*) c=${line#ok }; ok "${name}_${c#* }";;
		esac
	done < /tmp/kst.res
	grep -q . /tmp/kst.res || not_ok "$name" "no results (exit status $rc)"
	# 0, or 4 (KSFT_SKIP): anything else is a crash or a harness failure
	case $rc in 0|4) ;; *) not_ok "${name}_exit" "exit status $rc";; esac
	echo "# $name: exit status $rc; $(grep -E '^# (Totals|PASSED|FAILED)' /tmp/kst.out | tr '\n' ' ')"
done
umount /dev/shm
ktap_done
