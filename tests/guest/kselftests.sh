#!/bin/sh
# The kernel tree's own selftests that exercise readahead and page cache
# residency: mincore (its file test checks the readahead window mincore
# reports, on ext4 here) and cachestat. Each selftest case becomes a check,
# and each binary's exit status one more; a binary that runs fewer cases
# than it has (a crash, an early exit) fails the plan.
# scripts/stock-and-patched.sh runs this on the stock kernel too.
. /guest/lib.sh
cases="mincore_selftest 5
test_cachestat 9"
plan $(echo "$cases" | awk '{ n += $2 + 2 } END { print n }')	# cases, count, exit
if ! mount -o remount,rw /data; then
	not_ok setup "/data not writable"
	exit 1
fi
mkdir -p /dev/shm && mount -t tmpfs tmpfs /dev/shm
echo 2 > /proc/sys/vm/nr_hugepages	# mincore's check_huge_pages maps one
while read -r name n; do
	(cd /data && /guest/selftests/$name) < /dev/null > /tmp/kst.out 2>&1
	rc=$?
	# the harness's TAP lines: "ok N global.case", "not ok N ...", "... # SKIP why"
	grep -E '^(not )?ok [0-9]+ ' /tmp/kst.out > /tmp/kst.res
	while read -r line; do
		case $line in
		"not ok "*) c=${line#not ok }; not_ok "${name}_${c#* }";;
		*) c=${line#ok }; ok "${name}_${c#* }";;
		esac
	done < /tmp/kst.res
	check "${name}_cases" $n "$(grep -c . /tmp/kst.res)"
	echo "# $name: $(grep -E '^# (Totals|PASSED|FAILED)' /tmp/kst.out | tr '\n' ' ')"
	# 0, or 4 (KSFT_SKIP) when a case skipped: anything else is a crash or a harness failure
	case $rc in 0|4) ok "${name}_exit" "status $rc";; *) not_ok "${name}_exit" "exit status $rc";; esac
done <<EOT
$cases
EOT
umount /dev/shm
echo 0 > /proc/sys/vm/nr_hugepages
ktap_done
