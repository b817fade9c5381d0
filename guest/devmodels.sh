# Emulated disks for the benchmarks, sourced after lib.sh.  A null_blk that
# adds no latency, under the test-only dm-model target (guest/dm-model,
# loaded from /guest/dm-model.ko): every request (bio) takes
# access + size / rate on one of DEPTH servers.  (null_blk alone gives the
# larger of a completion time and a bandwidth cap, not their sum.)
#   model  access   rate          depth  size
#   hdd    8 ms     100000 KiB/s  1      40 GiB  (the seed's cover letter)
#   usb    1 ms     20000 KiB/s   1      4 GiB   (a slow USB stick)
#   ssd    0.1 ms   512000 KiB/s  64     40 GiB  (fast, deep queue)
#   net    4 ms     4 GiB/s       32     40 GiB  (network or cloud block
#                                                 storage: latency, whatever the size)
devmodel_params() {	# MODEL -> access_us kib_per_s queue_depth size_mb
	case $1 in
	hdd) echo 8000 100000 1 40960;;
	usb) echo 1000 20000 1 4096;;
	ssd) echo 100 512000 64 40960;;
	net) echo 4000 4194304 32 40960;;
	*) return 1;;
	esac
}
# devmodel_add MODEL [SIZE_MB [ROTATIONAL]]: prints the path of the new
# device; SIZE_MB instead of the model's size, ROTATIONAL 1 marks the
# null_blk below rotational (the device-mapper disk inherits it).
devmodel_add() {
	local model=$1 access rate depth size
	set -- $(devmodel_params "$model") "${2:-}" "${3:-0}" || return 1
	access=$1 rate=$2 depth=$3 size=${5:-$4}
	grep -q '^dm_model ' /proc/modules || insmod /guest/dm-model.ko || return 1
	nullb_add "${model}_raw" "$size" hw_queue_depth="$depth" max_sectors=8192 || return 1
	if [ "$6" = 1 ]; then echo 1 > "/sys/block/${model}_raw/queue/rotational" || return 1; fi
	# no udev here: devtmpfs makes /dev/dm-N, and libdevmapper must not wait
	echo "0 $((size * 2048)) model /dev/${model}_raw $access $rate $depth" |
		DM_DISABLE_UDEV=1 dmsetup create "$model" || return 1
	devmodel_path "$model"
}
# devmodel_over NAME DISK MODEL: a model over an existing disk (the scratch
# disk /dev/vdb, for file systems), under the name NAME; MODEL "fast" takes
# no time, so a benchmark lays out its files and fills caches quickly, then
# devmodel_retune NAME DISK MODEL gives the mounted disk its speed.
devmodel_table() {	# DISK MODEL -> the dm table line
	local p="0 67108864 64"
	[ "$2" = fast ] || p=$(devmodel_params "$2") || return 1
	set -- "$1" $p
	echo "0 $(cat /sys/class/block/$1/size) model /dev/$1 $2 $3 $4"
}
devmodel_over() {
	local table
	grep -q '^dm_model ' /proc/modules || insmod /guest/dm-model.ko || return 1
	table=$(devmodel_table "$2" "$3") || return 1
	echo "$table" | DM_DISABLE_UDEV=1 dmsetup create "$1" || return 1
	devmodel_path "$1"
}
devmodel_retune() {	# NAME DISK MODEL
	local table
	table=$(devmodel_table "$2" "$3") || return 1
	echo "$table" | DM_DISABLE_UDEV=1 dmsetup reload "$1" &&
		DM_DISABLE_UDEV=1 dmsetup resume "$1"
}
# devmodel_remove NAME: the model alone (devmodel_over's); devmodel_del also
# removes the null_blk below it (devmodel_add's).
devmodel_remove() { DM_DISABLE_UDEV=1 dmsetup remove "$1"; }
devmodel_del() { devmodel_remove "$1" && nullb_del "$1_raw"; }
# The kernel's name of a model's disk (for /sys/block/NAME), and its path.
devmodel_disk() {
	local d
	for d in /sys/block/dm-*; do
		[ "$(cat "$d/dm/name" 2> /dev/null)" = "$1" ] && { basename "$d"; return; }
	done
	return 1
}
devmodel_path() { echo "/dev/$(devmodel_disk "$1")"; }
