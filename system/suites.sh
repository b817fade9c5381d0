#!/usr/bin/env bash
# The peer test suites, built on the host (Debian 12, as the image) from the
# sources pinned in ../shared/vendor (never copied into this repository):
# fstests whole, LTP's library and the test directories the series touches.
#   system/suites.sh      prints the folder that goes into the image as /opt
# Cached by the hash of the tarballs and this script.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
vendor=${VENDOR_DIR:-$(cd "$here/.." && pwd)/shared/vendor}
out=${BUILD_DIR:-$here/build}/system
fstests_tar=$(ls "$vendor"/xfstests-*.tar.xz) ltp_tar=$(ls "$vendor"/ltp-*.tar.xz)
# LTP (folders under testcases/kernel): the syscalls of issue 31, the file
# mmap stress tests of runtest/mm, and the direct I/O tests whose buffered
# readers race appends and truncates (runtest/ltp-aiodio.part4)
ltp_dirs="syscalls/readahead syscalls/fadvise syscalls/madvise syscalls/mmap syscalls/mincore
  syscalls/cachestat syscalls/read syscalls/pread syscalls/preadv syscalls/preadv2
  syscalls/sendfile syscalls/splice mem/mmapstress mem/mtest06 io/ltp-aiodio"
key=$(cat "$fstests_tar" "$ltp_tar" "$0" | sha256sum | cut -c1-12)
opt=$out/opt-$key
if [ -f "$opt/.done" ]; then echo "$opt"; exit 0; fi
pkgs=(xfslibs-dev uuid-dev libtool-bin automake autoconf libacl1-dev libaio-dev
      libgdbm-dev liburing-dev libattr1-dev libcap-dev pkgconf make gcc)
"$here/scripts/deps.sh" "${pkgs[@]}"
src=$out/src
rm -rf "$src" "$opt" && mkdir -p "$src" "$opt"
t0=$(date +%s)
echo "suites: building fstests (log: $src/fstests.log)" >&2
tar -x -C "$src" -f "$fstests_tar"
make -C "$src/xfstests" -j"$(nproc)" > "$src/fstests.log" 2>&1 \
  || { tail -20 "$src/fstests.log"; exit 1; }
cp -a "$src/xfstests" "$opt/xfstests"
echo "suites: building LTP's library and" $ltp_dirs "(log: $src/ltp.log)" >&2
tar -x -C "$src" -f "$ltp_tar"
(
  cd "$src/ltp"
  make autotools && ./configure --prefix=/opt/ltp
  make -C lib -j"$(nproc)"
  for d in $ltp_dirs; do
    make -C "testcases/kernel/$d" -j"$(nproc)"
    make -C "testcases/kernel/$d" install DESTDIR="$src/root"
  done
  make -C runtest install DESTDIR="$src/root"
) > "$src/ltp.log" 2>&1 || { tail -20 "$src/ltp.log"; exit 1; }
mv "$src/root/opt/ltp" "$opt/ltp"
touch "$opt/.done"
echo "suites: built in $(( $(date +%s) - t0 ))s" >&2
echo "$opt"
