#!/usr/bin/env python3
"""The application table from system/jobs/apps/run's lines
"row APP cold|warm REP SECONDS READ_IOS READ_KB":
    apps_table.py MODEL:CONFIG:OUTPUT...
One table per device model: per application and cache state, each
configuration's median time [min-max] and median MiB read, then patched
against the better stock: speed (the faster stock's median time / patched's)
and bytes (patched's MiB / the stock that reads less, if that is 1 MiB or
more). Rows below 0.97 speed or above 1.03 bytes are marked '<'. Exit
status 1 if a run failed or printed no rows.
"""
import statistics
import sys


def parse(path):
    rows, fails = {}, []
    try:
        lines = open(path, errors='replace').read().splitlines()
    except OSError:
        return rows, ['no output']
    for line in lines:
        f = line.split()
        if f[:1] == ['row'] and len(f) == 7:
            rows.setdefault((f[1], f[2]), []).append((float(f[4]), int(f[5]), int(f[6]) / 1024))
        elif f[:1] == ['fail']:
            fails.append(line)
    return rows, fails


def main():
    runs, bad = {}, False
    for arg in sys.argv[1:]:
        model, config, path = arg.split(':', 2)
        rows, fails = parse(path)
        runs.setdefault(model, {})[config] = rows
        for f in fails or ([] if rows else ['no rows']):
            print(f'{model} {config}: {f}')
            bad = True
    for model, configs in runs.items():
        names = list(configs)
        print(f'\nApplications on the {model} model (system/apps.sh): median [min-max] seconds, median MiB read')
        print(f'{"app":14} {"cache":5} ' + ' '.join(f'{n:>26}' for n in names) + f' {"speed":>6} {"bytes":>6}')
        keys = sorted({k for rows in configs.values() for k in rows},
                      key=lambda k: (k[0], k[1] != 'cold'))
        for key in keys:
            cells, med = [], {}
            for n in names:
                r = configs[n].get(key, [])
                if not r:
                    cells.append(f'{"-":>26}')
                    continue
                t = [x[0] for x in r]
                med[n] = (statistics.median(t), statistics.median(x[2] for x in r))
                cells.append(f'{med[n][0]:6.2f} [{min(t):5.1f}-{max(t):5.1f}] {med[n][1]:7.1f}')
            stock = [v for n, v in med.items() if n.startswith('stock')]
            speed = bytes_ = mark = ''
            if 'patched' in med and stock:
                s = min(v[0] for v in stock) / med['patched'][0]
                least = min(v[1] for v in stock)
                # a run that reads under 1 MiB has no byte ratio worth a mark
                b = med['patched'][1] / least if least >= 1 else None
                speed, bytes_ = f'{s:.2f}', f'{b:.2f}' if b else '-'
                mark = ' <' if s < 0.97 or (b or 0) > 1.03 else ''
            print(f'{key[0]:14} {key[1]:5} ' + ' '.join(cells) + f' {speed:>6} {bytes_:>6}{mark}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
