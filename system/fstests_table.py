#!/usr/bin/env python3
"""Stock and patched fstests results side by side, from the output of
system/jobs/fstests/run (fstests' ./check output, then one diff per
failure):
  fstests_table.py FS:KIND:OUTPUT...
Per file system: tests run, passed, failed, not run and the summed test
time per kernel; then every test whose result differs between the
kernels, with the failing kernel's diff. Exit status 1 if a test fails
on patched that passes on stock, or a run has no fstests summary.
"""
import re
import sys

LINE = re.compile(r'^((?:generic|ext4|xfs)/\d+)\s+(.*)$')


def parse(path):
    """test -> (status, seconds or None); diffs: test -> text"""
    res, diffs, cur, summary = {}, {}, None, False
    try:
        text = open(path, errors='replace').read()
    except OSError:
        return None, {}
    for line in text.splitlines():
        if line.startswith('=== '):
            cur = line[4:].split(':')[0]
            diffs.setdefault(cur, [])
            continue
        if cur:
            diffs[cur].append(line)
            continue
        if line.startswith(('Passed all', 'Failed ', 'Not run:', 'Ran:')):
            summary = True
        m = LINE.match(line)
        if not m:
            continue
        test, rest = m.groups()
        if '[not run]' in rest or '[expunged]' in rest:
            res[test] = ('notrun', None)
        elif re.search(r'output mismatch|\[failed|_check_|- no qualified', rest):
            res[test] = ('fail', None)
        else:
            t = re.findall(r'(\d+)s', rest)
            res[test] = ('pass', int(t[-1]) if t else None)
    if not summary:
        return None, diffs
    # check prints "Failures:" for tests whose line did not say so
    for line in text.splitlines():
        if line.startswith('Failures:'):
            for test in line.split()[1:]:
                res[test] = ('fail', None)
    return res, {k: '\n'.join(v) for k, v in diffs.items()}


def main():
    runs = {}
    for arg in sys.argv[1:]:
        fs, kind, path = arg.split(':', 2)
        runs.setdefault(fs, {})[kind] = parse(path)
    bad = False
    print('fstests: stock vs patched, one boot each (TCG)')
    print(f'{"fs":6} {"kernel":8} {"run":>5} {"pass":>5} {"fail":>5} {"notrun":>6} {"test s":>7}')
    for fs, kinds in runs.items():
        for kind, (res, _) in kinds.items():
            if res is None:
                print(f'{fs:6} {kind:8} no fstests summary: the boot or check failed')
                bad = True
                continue
            count = {s: sum(1 for v in res.values() if v[0] == s)
                     for s in ('pass', 'fail', 'notrun')}
            secs = sum(v[1] or 0 for v in res.values())
            print(f'{fs:6} {kind:8} {len(res):5} {count["pass"]:5} {count["fail"]:5} '
                  f'{count["notrun"]:6} {secs:7}')
    for fs, kinds in runs.items():
        stock, patched = kinds.get('stock', (None, {})), kinds.get('patched', (None, {}))
        if stock[0] is None or patched[0] is None:
            continue
        for test in sorted(set(stock[0]) | set(patched[0])):
            s = stock[0].get(test, ('absent', None))[0]
            p = patched[0].get(test, ('absent', None))[0]
            if s == p:
                continue
            print(f'\n{fs} {test}: stock {s}, patched {p}')
            if p == 'fail' and s == 'pass':
                bad = True
            for kind, (_, diffs) in (('stock', stock), ('patched', patched)):
                if test in diffs:
                    print(f'--- {kind}:\n{diffs[test]}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
