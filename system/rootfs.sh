#!/usr/bin/env bash
# One kernel's system disk: the cached Debian root (system/image.sh) with
# that kernel's packages installed by dpkg, as users install a kernel
# (system/kernel-debs.sh), the peer suites in /opt (system/suites.sh), the
# job runner (system/image/) and the test-only dm-model target in the
# initramfs (system/image/initramfs/: a root on the hdd model); written as
# an ext4 image by mke2fs -d, without mounting anything on the host:
#   system/rootfs.sh stock|patched
# Prints the image's path; the packaged kernel and the initramfs dpkg made
# are next to it as KIND.vmlinuz and KIND.initrd. Remade only when one of
# its inputs changed.
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
       echo "$opt"; cat "${debs[@]}" $(find "$here/system/image" -type f | sort) \
         "$here"/guest/qexit.c "$here"/guest/dm-model/* "$0" | sha256sum)
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
for u in fsgqa fsgqa2 123456-fsgqa; do chroot "$dir" useradd --badname -m "$u"; done
# a machine id of its own: every boot (from the same snapshot) is then an
# ordinary boot, not systemd's first boot with its presets and prompts
echo 5ea1d0b0a7ce11eda1b2c3d4e5f60718 > "$dir/etc/machine-id"
# dm-model built against this kernel, into its modules and the initramfs
rel=$(ls "$dir/lib/modules")
B=${BUILD_DIR:-$here/build}
rm -rf "$out/dm-model-$kind" && cp -r "$here/guest/dm-model" "$out/dm-model-$kind"
make -C "$B/$kind-system/obj" M="$out/dm-model-$kind" modules > "$out/dm-model-$kind/build.log" 2>&1 \
  || { cat "$out/dm-model-$kind/build.log"; exit 1; }
# page-types from the kernel's tools/mm: the boot's footprint (system/jobs/boot)
t=$B/$kind/src/tools
gcc -O2 -static -I "$t/include" -I "$t/lib" -I "$t/lib/api" -o "$dir/usr/local/sbin/page-types" \
  "$t/mm/page-types.c" "$t/lib/api/fs/fs.c" "$t/lib/api/debug.c" 2> "$out/page-types-$kind.log" \
  || { cat "$out/page-types-$kind.log"; exit 1; }
install -D -m 644 "$out/dm-model-$kind/dm-model.ko" "$dir/lib/modules/$rel/extra/dm-model.ko"
install -D -m 755 "$here/system/image/initramfs/hook" "$dir/etc/initramfs-tools/hooks/ra-model"
install -D -m 755 "$here/system/image/initramfs/local-top" "$dir/etc/initramfs-tools/scripts/local-top/ra-model"
chroot "$dir" sh -c "depmod $rel && update-initramfs -u -k $rel" >&2
cp "$dir/boot/vmlinuz-$rel" "$out/$kind.vmlinuz"
cp "$dir/boot/initrd.img-$rel" "$out/$kind.initrd"
rm -f "$img"
# stdout is the image path for the caller: mke2fs says "Creating regular file" there
mke2fs -q -t ext4 -L root -d "$dir" "$img" 8G >&2
rm -rf "$dir"
echo "$want" > "$img.stamp"
echo "$img"
