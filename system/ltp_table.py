#!/usr/bin/env python3
"""Stock and patched LTP results side by side, from system/jobs/ltp/run's
"NAME STATUS SECONDS" lines:  ltp_table.py KIND:OUTPUT...
Counts per kernel and runtest file, then every test whose status differs,
with the output of the failing run. Exit status 1 if a test fails on patched
that passes (or is not supported) on stock, or a run printed no results.
"""
import re
import sys

RESULT = re.compile(r'^(\S+) (pass|conf|warn|fail) (\d+)$')


def parse(path):
    res, tails, cur = {}, {}, None
    try:
        lines = open(path, errors='replace').read().splitlines()
    except OSError:
        return {}, {}
    for line in lines:
        if line.startswith('=== end'):
            cur = None
        elif line.startswith('=== '):
            cur = line[4:].split()[0]
            tails[cur] = []
        elif cur:
            tails[cur].append(line)
        elif (m := RESULT.match(line)):
            res[m.group(1)] = (m.group(2), int(m.group(3)))
    return res, {k: '\n'.join(v) for k, v in tails.items()}


def runtest(name):
    """The runtest file of a result: RUNTEST:NAME, or syscalls."""
    return name.split(':')[0] if ':' in name else 'syscalls'


def main():
    runs = {}
    for arg in sys.argv[1:]:
        kind, path = arg.split(':', 1)
        runs[kind] = parse(path)
    bad = False
    print('LTP: stock vs patched, one boot each (TCG)')
    print(f'{"kernel":8} {"runtest":18} {"tests":>5} {"pass":>5} {"conf":>5} {"warn":>5} '
          f'{"fail":>5} {"secs":>6}')
    for kind, (res, _) in runs.items():
        if not res:
            print(f'{kind:8} no results: the boot or the job failed')
            bad = True
            continue
        for rt in sorted({runtest(n) for n in res}):
            v = [r for n, r in res.items() if runtest(n) == rt]
            c = {s: sum(1 for r in v if r[0] == s) for s in ('pass', 'conf', 'warn', 'fail')}
            print(f'{kind:8} {rt:18} {len(v):5} {c["pass"]:5} {c["conf"]:5} {c["warn"]:5} '
                  f'{c["fail"]:5} {sum(r[1] for r in v):6}')
    if 'stock' in runs and 'patched' in runs:
        (s_res, s_tail), (p_res, p_tail) = runs['stock'], runs['patched']
        for name in sorted(set(s_res) | set(p_res)):
            s = s_res.get(name, ('absent', 0))[0]
            p = p_res.get(name, ('absent', 0))[0]
            if s == p:
                continue
            print(f'\n{name}: stock {s}, patched {p}')
            if p == 'fail' and s in ('pass', 'conf'):
                bad = True
            for kind, tail in (('stock', s_tail), ('patched', p_tail)):
                if name in tail:
                    print(f'--- {kind}:\n{tail[name]}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
