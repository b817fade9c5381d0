#!/usr/bin/env bash
# Check that the series is bisectable: apply patches/series one patch at a
# time onto a fresh extract (build/bisect/src) and build the kernel after each,
# with the KUnit options of the series enabled where they exist.
# FROM=N builds only after patches N and later (the earlier ones are applied),
# TO=N stops after patch N; KEEP_IMAGES=1 keeps each kernel as
# build/bisect/images/NNNN.bzImage (NNNN: the patch file's number).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
B=${BUILD_DIR:-$here/build}/bisect
"$here/scripts/tree.sh" "$B/src" stock
n=0
while read -r p _; do
  case "$p" in ''|\#*) continue;; esac
  n=$((n + 1))
  git -C "$B/src" am -q "$here/patches/$p"
  [ "$n" -lt "${FROM:-1}" ] && { echo "ok $n $p # SKIP not built (FROM=${FROM})"; continue; }
  t0=$(date +%s)
  rm -f "$B/obj/.fragments.sha"   # re-merge: this patch may add options
  if ASSERT_CONFIG=0 "$here/scripts/build-kernel.sh" "$B/src" "$B/obj" \
       "$here/kconfig/guest.config" "$here/kconfig/series.config" >/dev/null; then
    echo "ok $n $p # built in $(( $(date +%s) - t0 ))s"
    if [ -n "${KEEP_IMAGES:-}" ]; then
      mkdir -p "$B/images" && cp "$B/obj/arch/x86/boot/bzImage" "$B/images/${p%%-*}.bzImage"
    fi
  else
    echo "not ok $n $p # build failed, see $B/obj/make.log"; exit 1
  fi
  if [ "$n" -ge "${TO:-1000}" ]; then break; fi
done < "$here/patches/series"
