#!/usr/bin/env bash
# The application table (issue 31): PostgreSQL, SQLite, git, dpkg and tar
# on the real system, stock@128 (stock's default), stock@512 (every disk set
# to 512 KiB by the initramfs, so the boot reads with it too) and patched
# (its own defaults), one boot each per device model, the root and the data
# disk (system/appdata.sh) both under the model; then per model the table
# of system/apps_table.py:
#   system/apps.sh [MODELS [REPS]]     (default hdd,ssd and 3)
# APPS_CONFIGS="stock@512 patched" (KIND[@KB], as BOOT_CONFIGS) and
# APPS="git_log git_grep" (names of system/jobs/apps/run) run fewer.
# The guest has 1 GiB, less than the 1.5 GB database. Runs in
# build/system/runs/apps-MODEL-CONFIG/ (output.txt: system/jobs/apps/run).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
models=${1:-hdd,ssd} reps=${2:-3}
out=${BUILD_DIR:-$here/build}/system
img=$("$here/system/appdata.sh" | tail -1)
[ -f "$img" ] || { echo "apps: system/appdata.sh made no data disk ('$img')" >&2; exit 1; }
job=$out/jobs/apps
rm -rf "$job" && mkdir -p "$job" && cp "$here/system/jobs/apps/run" "$job/" && echo "$reps" > "$job/reps"
[ -z "${APPS:-}" ] || echo "$APPS" > "$job/apps"
export QEMU_MEM=1G QEMU_TIMEOUT=5400 SYSTEM_DRIVES="-drive file=$img,if=virtio,format=raw,snapshot=on"
runs=()
for model in ${models//,/ }; do
  for config in ${APPS_CONFIGS:-stock@128 stock@512 patched}; do
    args=(ra.model_disks=vdb)
    case $config in *@*) args+=("ra.kb=${config#*@}") ;; esac   # as boot-time.sh
    run=$out/runs/apps-$model-$config
    echo "apps: $config on the $model model, $reps rounds of ${APPS:-9 applications} cold and warm" >&2
    SYSTEM_MODEL=$model "$here/system/boot.sh" "${config%@*}" "$job" "$run" "${args[@]}" || true  # the table says what failed
    runs+=("$model:$config:$run/output.txt")
  done
done
python3 "$here/system/apps_table.py" "${runs[@]}"
