#!/usr/bin/env bash
# Configure and build one kernel tree: build-kernel.sh <src-dir> <obj-dir> [fragment...]
# The fragments are merged onto allnoconfig; any requested option that Kconfig drops
# fails the build (unless ASSERT_CONFIG=0, for bisecting a series whose
# early patches lack options named in the fragments). ccache keeps rebuilds short.
set -euo pipefail
src=$(realpath "$1"); obj=$(realpath -m "$2"); shift 2
frags=("$@")
[ ${#frags[@]} -gt 0 ] || frags=("$(dirname "$0")/../kconfig/guest.config")
frags=($(realpath "${frags[@]}"))
mkdir -p "$obj"
export ARCH=x86_64
export KBUILD_BUILD_TIMESTAMP='2024-01-01' KBUILD_BUILD_USER=ra KBUILD_BUILD_HOST=ra
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ra-ccache} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-2G}
export CCACHE_BASEDIR=$(dirname "$(dirname "$src")") CCACHE_COMPILERCHECK=content
export CCACHE_NOHASHDIR=1

# Reconfigure only when a fragment changed, so an unchanged config keeps make incremental.
stamp=$obj/.fragments.sha
want=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -f "$obj/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  (cd "$src" && scripts/kconfig/merge_config.sh -n -O "$obj" "${frags[@]}" >"$obj/merge.log" 2>&1) \
    || { cat "$obj/merge.log"; exit 1; }
  bad=0
  while IFS= read -r line; do
    case "$line" in CONFIG_*=*) ;; *) continue;; esac
    if ! grep -qxF "$line" "$obj/.config"; then
      echo "build-kernel: $line requested but Kconfig gave: $(grep -E "^(# )?${line%%=*}[= ]" "$obj/.config" || echo 'nothing')" >&2
      bad=1
    fi
  done < <(grep -hE '^CONFIG_' "${frags[@]}")
  grep -q '^CONFIG_EVENT_TRACING=y' "$obj/.config" || { echo "build-kernel: EVENT_TRACING missing" >&2; bad=1; }
  [ $bad = 0 ] || [ "${ASSERT_CONFIG:-1}" = 0 ] || exit 1
  echo "$want" > "$stamp"
fi
# A cold build is silent for minutes: say once a minute that it is moving.
(trap 'kill $nap 2>/dev/null; exit' TERM; start=$SECONDS
 while :; do
   sleep 60 & nap=$!; wait $nap
   echo "build-kernel: $(basename "$(dirname "$obj")"): $(grep -c '^  CC' "$obj/make.log") files compiled, $(( (SECONDS - start) / 60 )) min"
 done) >&2 &
ticker=$!
trap 'kill $ticker 2>/dev/null' EXIT
# "modules" too: it writes Module.symvers, which the guest's test module needs.
# LOCALVERSION= (set, empty): no "+" for a git tree past its tag, so stock and
# patched have one release string and the guest module loads in both.
make -C "$src" O="$obj" -j"$(nproc)" CC="ccache gcc" LOCALVERSION= bzImage modules >"$obj/make.log" 2>&1 \
  || { tail -40 "$obj/make.log"; echo "build-kernel: build failed in $src (log: $obj/make.log)" >&2; exit 1; }
echo "$obj/arch/x86/boot/bzImage"
