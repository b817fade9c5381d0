#!/usr/bin/env bash
# One kernel's system disk: the cached Debian root (system/image.sh) with
# that kernel's packages installed by dpkg, as users install a kernel
# (system/kernel-debs.sh), the peer suites in /opt (system/suites.sh) and
# the job runner (system/image/); written as an
# ext4 image by mke2fs -d, without mounting anything on the host:
#   system/rootfs.sh stock|patched
# Prints the image's path; its kernel (the packaged /boot/vmlinuz) is next
# to it as KIND.vmlinuz. Remade only when one of its inputs changed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
kind=$1
case $kind in stock|patched) ;; *) echo "rootfs: stock or patched, not '$kind'" >&2; exit 2;; esac
out=${BUILD_DIR:-$here/build}/system
tar=$("$here/system/image.sh")
opt=$("$here/system/suites.sh")
debs=($("$here/system/kernel-debs.sh" "$kind"))
img=$out/$kind.img
want=$(cat "$tar.sha" 2>/dev/null || sha256sum "$tar" | tee "$tar.sha"; \
       echo "$opt"; cat "${debs[@]}" "$here"/system/image/* "$here/guest/qexit.c" "$0" | sha256sum)
if [ -f "$img" ] && [ "$(cat "$img.stamp" 2>/dev/null)" = "$want" ]; then echo "$img"; exit 0; fi
echo "rootfs: $kind disk: Debian root + ${debs[*]##*/}" >&2
dir=$out/$kind.root
rm -rf "$dir" && mkdir -p "$dir"
tar -x -C "$dir" -f "$tar"
cp "${debs[@]}" "$dir/tmp/"
chroot "$dir" sh -c 'dpkg -i /tmp/linux-*.deb && rm /tmp/linux-*.deb' >&2
install -m 755 "$here/system/image/ra-job" "$dir/usr/local/sbin/ra-job"
install -m 644 "$here/system/image/ra-job.service" "$dir/etc/systemd/system/"
chroot "$dir" systemctl enable ra-job.service >&2
gcc -O2 -Wall -Werror -static -o "$dir/usr/local/sbin/qexit" "$here/guest/qexit.c"
# fstests and LTP as /opt/xfstests and /opt/ltp, with the users fstests asks for
cp -a "$opt"/. "$dir/opt/"
for u in fsgqa fsgqa2 123456-fsgqa; do chroot "$dir" useradd -m "$u"; done
cp "$dir"/boot/vmlinuz-* "$out/$kind.vmlinuz"
rm -f "$img"
mke2fs -q -t ext4 -L root -d "$dir" "$img" 8G
rm -rf "$dir"
echo "$want" > "$img.stamp"
echo "$img"
