#!/usr/bin/env python3
"""Sum test results from KTAP files into one "N passed, M failed" line.

Leaf tests count; a test with subtests counts through its subtests. A KTAP
document whose plan promises more tests than it reports (a crash or hang
mid-run) counts the missing ones as failed, and so does a document with no
results at all.
"""
import argparse
import re
import sys

RESULT = re.compile(r'^(\s*)(not ok|ok) (\d+) ?(.*)$')
SUBTEST = re.compile(r'^(\s*)# Subtest: (\S+)')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)\s*$')
PRINTK = re.compile(r'^\[\s*\d+\.\d+\] ?')


def ktap_lines(path):
    """The KTAP lines of a file, printk timestamps removed, from the first
    'KTAP version' line on (the console has boot messages before it)."""
    try:
        with open(path, errors='replace') as f:
            lines = [PRINTK.sub('', l.rstrip('\r\n')) for l in f]
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.strip().startswith('KTAP version'):
            return lines[i:]
    return []


def leaf_results(lines):
    """(passed, skipped, failed names, missing) for one KTAP document."""
    results, top_plan, suite = [], None, {}
    for line in lines:
        m = PLAN.match(line)
        if m and not m.group(1) and top_plan is None:
            top_plan = int(m.group(2))
            continue
        m = SUBTEST.match(line)
        if m:   # names the tests at this indentation
            suite[len(m.group(1))] = m.group(2)
            continue
        m = RESULT.match(line)
        if m:
            indent = len(m.group(1))
            results.append((indent, m.group(2) == 'ok', m.group(4),
                            suite.get(indent)))
    passed, skipped, failed = 0, 0, []
    for k, (indent, ok, desc, parent) in enumerate(results):
        has_children = k > 0 and results[k - 1][0] > indent
        if has_children:
            continue
        if '# SKIP' in desc:
            skipped += 1
        elif ok:
            passed += 1
        else:
            failed.append(f'{parent}/{desc}' if parent else desc)
    top = sum(1 for r in results if r[0] == 0)
    missing = max(0, (top_plan or 0) - top) if results else max(1, top_plan or 1)
    return passed, skipped, failed, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--ktap', action='append', default=[], help='LABEL=file')
    ap.add_argument('--guest-status', type=int, default=0)
    ap.add_argument('--log', help='console log shown on a guest failure')
    args = ap.parse_args()

    total_pass = total_skip = total_fail = 0
    for label, path in (k.split('=', 1) for k in args.ktap):
        lines = ktap_lines(path)
        if lines is None:
            print(f'{label}: no results file {path}')
            total_fail += 1
            continue
        passed, skipped, failed, missing = leaf_results(lines)
        for name in failed:
            print(f'FAIL {label}: {name}')
        if missing:
            print(f'FAIL {label}: {missing} test(s) missing from {path}')
        print(f'{label}: {passed} passed, {len(failed) + missing} failed, '
              f'{skipped} skipped')
        total_pass += passed
        total_skip += skipped
        total_fail += len(failed) + missing
    if args.guest_status:
        print('FAIL guest: the run did not end cleanly (see above)')
        total_fail += 1
    if total_skip:
        print(f'{total_skip} skipped')
    print(f'{total_pass} passed, {total_fail} failed')
    return 1 if total_fail else 0


if __name__ == '__main__':
    sys.exit(main())
