#!/usr/bin/env bash
# Boot the real system to multi-user.target as stock@128 (stock's default),
# stock@512 (the initramfs sets every disk to 512 KiB before the root is
# mounted) and patched, taking turns, ROUNDS times each (default 3): per
# boot the time multi-user.target was reached (systemd's monotonic
# timestamp, kernel start included), the root disk's reads up to then, and
# the seed's footprint measure (system/jobs/boot/run): the share of the
# boot's file pages that were used. Then per configuration the median and
# range.
#   system/boot-time.sh [ROUNDS]
# BOOT_CONFIGS: other configurations, KIND[@KB] (KB: read_ahead_kb of every
# disk, set by the initramfs), e.g. "patched@128 patched".
# SYSTEM_MODEL=hdd boots from the root disk under the hdd model (boot.sh).
# Boots in build/system/runs/boot[-MODEL]-CONFIG-N/.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
out=${BUILD_DIR:-$here/build}/system
rows=$(mktemp)
for n in $(seq "$rounds"); do
  for config in ${BOOT_CONFIGS:-stock@128 stock@512 patched}; do
    run=$out/runs/boot${SYSTEM_MODEL:+-$SYSTEM_MODEL}-$config-$n
    args=()
    case $config in *@*) args=("ra.kb=${config#*@}") ;; esac
    "$here/system/boot.sh" "${config%@*}" "$here/system/jobs/boot" "$run" "${args[@]}" >&2 || {
      echo "boot-time: $config boot $n failed (console: $run/console.log)" >&2; exit 1; }
    awk -v k="$config" -v n="$n" '
      /^multi_user_usec/ { mu = $2 / 1e6 }
      /^vda_read_ios/ { ios = $2 }
      /^vda_read_kb/ { kb = $2 }
      /^file_pages / { pages = $2 }
      /^file_pages_unused/ { unused = $2 }
      /^state/ { st = $2 }
      /^vmstat readahead_/ { ra[substr($2, 11)] = $3; sensors = 1 }
      END { printf "%s %d %.2f %d %.1f %.1f %.1f %s", k, n, mu, ios, kb / 1024,
                   pages / 256, (pages - unused) / 256, st
            if (sensors) printf " %d %d %d %d %d", ra["issued"], ra["used"], ra["late"],
                                ra["evicted_unused"], ra["dropped_unused"]
            printf "\n" }
    ' "$run/output.txt" | tee -a "$rows" >&2
  done
done
python3 - "$rows" "${SYSTEM_MODEL:-virtio disk}" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
configs = list(dict.fromkeys(x[0] for x in rows))
print('Boot to multi-user.target (system/boot-time.sh), root on %s: median [min-max] of %d boots;'
      % (sys.argv[2], len(rows) // len(configs)))
print('footprint: MiB of file pages in the page cache, MiB of them used, used/cached')
print(f'{"config":9} {"multi-user s":>20} {"reads":>16} {"read MiB":>18} '
      f'{"cached":>7} {"used":>7} {"hit":>5} state')
for config in configs:
    r = [x for x in rows if x[0] == config]
    def v(i):
        return [float(x[i]) for x in r]
    def col(i, fmt):
        return f'{statistics.median(v(i)):{fmt}} [{min(v(i)):{fmt}}-{max(v(i)):{fmt}}]'
    cached, used = statistics.median(v(5)), statistics.median(v(6))
    print(f'{config:9} {col(2, ".2f"):>20} {col(3, ".0f"):>16} {col(4, ".1f"):>18} '
          f'{cached:7.1f} {used:7.1f} {statistics.median(u / c for u, c in zip(v(6), v(5))):5.0%} '
          f'{",".join(sorted(set(x[7] for x in r)))}')
# the readahead sensors of the kernels that have them (patch 29), at the
# same moment: pages read ahead of their use, and what became of them
sensed = [c for c in configs if all(len(x) == 13 for x in rows if x[0] == c)]
if sensed:
    print('readahead sensors (/proc/vmstat) when the job starts: median MiB of pages')
    print(f'{"config":9} {"issued":>7} {"used":>7} {"late":>7} {"evicted":>7} {"dropped":>7} {"used/issued":>11}')
for config in sensed:
    r = [x for x in rows if x[0] == config]
    m = [statistics.median(float(x[i]) for x in r) for i in range(8, 13)]
    print(f'{config:9} ' + ' '.join(f'{p / 256:7.1f}' for p in m) + f' {m[1] / max(m[0], 1):11.0%}')
PY
rm -f "$rows"
