#!/usr/bin/env bash
# Boot the real system to multi-user.target on stock and patched, taking
# turns, ROUNDS times each (default 3): per boot the time multi-user.target
# was reached (systemd's monotonic timestamp, kernel start included) and
# the root disk's reads up to then; then per kernel the median and range.
#   system/boot-time.sh [ROUNDS]
# SYSTEM_MODEL=hdd boots from the root disk under the hdd model (boot.sh).
# Boots in build/system/runs/boot[-MODEL]-KIND-N/ (output.txt:
# system/jobs/boot, with systemd-analyze's own lines).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-3}
out=${BUILD_DIR:-$here/build}/system
rows=$(mktemp)
for n in $(seq "$rounds"); do
  for kind in stock patched; do
    run=$out/runs/boot${SYSTEM_MODEL:+-$SYSTEM_MODEL}-$kind-$n
    "$here/system/boot.sh" "$kind" "$here/system/jobs/boot" "$run" >&2 || {
      echo "boot-time: $kind boot $n failed (console: $run/console.log)" >&2; exit 1; }
    awk -v k="$kind" -v n="$n" '
      /^multi_user_usec/ { mu = $2 / 1e6 }
      /^vda_read_ios/ { ios = $2 }
      /^vda_read_kb/ { kb = $2 }
      /^state/ { st = $2 }
      END { printf "%s %d %.2f %d %.1f %s\n", k, n, mu, ios, kb / 1024, st }
    ' "$run/output.txt" | tee -a "$rows" >&2
  done
done
python3 - "$rows" "${SYSTEM_MODEL:-virtio disk}" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
print('Boot to multi-user.target (system/boot-time.sh), root on %s: median [min-max] of %d boots'
      % (sys.argv[2], len(rows) // 2))
print(f'{"kernel":8} {"multi-user s":>22} {"reads":>16} {"read MiB":>20} state')
for kind in ('stock', 'patched'):
    r = [x for x in rows if x[0] == kind]
    def col(i, fmt):
        v = [float(x[i]) for x in r]
        return f'{statistics.median(v):{fmt}} [{min(v):{fmt}}-{max(v):{fmt}}]'
    print(f'{kind:8} {col(2, ".2f"):>22} {col(3, ".0f"):>16} {col(4, ".1f"):>20} '
          f'{",".join(sorted(set(x[5] for x in r)))}')
PY
rm -f "$rows"
