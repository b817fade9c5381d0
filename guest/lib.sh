# Shell helpers for guest-side tests and scenarios (busybox sh).

# KTAP results: each test script's checks become subtests of one test.
ktap_n=0
ktap_fails=0
ok() { ktap_n=$((ktap_n + 1)); echo "ok $ktap_n $1${2:+ # $2}"; }
not_ok() {
	ktap_n=$((ktap_n + 1)); ktap_fails=$((ktap_fails + 1))
	echo "not ok $ktap_n $1${2:+ # $2}"
}
skip() { ktap_n=$((ktap_n + 1)); echo "ok $ktap_n $1 # SKIP $2"; }
# check NAME EXPECTED ACTUAL
check() {
	if [ "$2" = "$3" ]; then ok "$1" "$3"; else not_ok "$1" "expected $2, got $3"; fi
}
ktap_done() { [ "$ktap_fails" = 0 ]; }

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
