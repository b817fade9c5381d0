#!/usr/bin/env bash
# The real system's Debian 12 root file system (issue 31), from Debian's
# packages with mmdebstrap, as a tarball cached by the hash of this script
# (its package list): prints the tarball's path, building it if needed
# (about 3 minutes and 250 MB from the mirror the host's apt uses).
#   system/image.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${BUILD_DIR:-$here/build}/system
# minbase + what boots with systemd; the file systems; the tracing tools;
# what fstests and LTP (built on the host, system/suites.sh) run with; the
# applications of the application table
packages=(
  systemd-sysv udev dbus util-linux procps kmod iproute2 initramfs-tools
  e2fsprogs xfsprogs xfsdump dmsetup
  bpftrace trace-cmd
  acl attr bc fio gawk psmisc quota uuid-runtime keyutils file perl python3
  libaio1 liburing2 libgdbm6 libnuma1 libcap2-bin
  postgresql-15 sqlite3 git
)
tar=$out/rootfs-$(cat "$0" | sha256sum | cut -c1-12).tar
if [ -f "$tar" ]; then echo "$tar"; exit 0; fi
"$here/scripts/deps.sh" mmdebstrap
mkdir -p "$out"
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
echo "image: mmdebstrap bookworm (${#packages[@]} packages and their dependencies) -> $tar" >&2
t0=$(date +%s)
# the root file system is /dev/vda; root logs in without a password on the
# console (a throw-away test guest); no getty on ttyS1, the job's channel
mmdebstrap --variant=minbase --mode=root --format=tar \
  --include="$(IFS=,; echo "${packages[*]}")" \
  --customize-hook='echo ra-system > "$1/etc/hostname"' \
  --customize-hook='printf "/dev/vda / ext4 defaults 0 1\n" > "$1/etc/fstab"' \
  --customize-hook='chroot "$1" passwd -d root' \
  --customize-hook='chroot "$1" systemctl mask serial-getty@ttyS1.service' \
  bookworm "$tar.tmp" ${mirror:+"$mirror"} >&2
mv "$tar.tmp" "$tar"
echo "image: built in $(( $(date +%s) - t0 ))s, $(du -m "$tar" | cut -f1) MB" >&2
echo "$tar"
