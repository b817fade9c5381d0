#!/usr/bin/env python3
"""Sum test results from KTAP files into one "N passed, M failed" line.

Leaf tests count; a test with subtests counts through its subtests. What
counts as a failure, besides a leaf "not ok":
  - a parent "not ok" none of whose subtests failed (a script that exited
    with an error after its last check, a suite the kernel marked failed);
  - a plan, at any level, that does not match the results reported under
    it (a crash or hang mid-run, a case that vanished, one too many), or
    results without a plan;
  - a results file that is missing, empty, or older than --since (left over
    from an earlier run);
  - a test named by --expect that did not report (a suite not built), or
    reported another number of cases than --expect says (a case dropped);
  - a SKIP without a reason, or one that --allow-skip does not match.
"""
import argparse
import os
import re
import sys

RESULT = re.compile(r'^(\s*)(not ok|ok) (\d+) ?(.*)$')
SUBTEST = re.compile(r'^(\s*)# Subtest: (\S+)')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)\s*$')
PRINTK = re.compile(r'^\[\s*\d+\.\d+\] ?')
SKIP = re.compile(r'#\s*SKIP\b\s*(.*)$', re.I)


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


class Totals:
    def __init__(self):
        self.passed, self.skipped, self.failed = 0, 0, []


def leaf_results(lines, allow_skip=None):
    """Totals of one KTAP document: passed, skipped, failed (descriptions)."""
    t = Totals()
    results = []            # (indent, ok, desc, parent name)
    suite = {}              # indent -> name of the test whose subtests these are
    blocks = {}             # indent -> [plan or None, results seen]

    def close_deeper(indent):
        for i in sorted(k for k in blocks if k > indent):
            plan, seen = blocks.pop(i)
            where = suite.get(i) or 'top level'
            if plan is None:
                t.failed.append(f'{where}: {seen} results without a plan')
            elif seen != plan:
                t.failed.append(f'{where}: plan 1..{plan}, {seen} results'
                                + (' (cut short)' if seen < plan else ''))

    for line in lines:
        m = PLAN.match(line)
        if m:
            indent = len(m.group(1))
            if indent in blocks and blocks[indent][1]:
                continue        # a plan after results: not KTAP, ignore
            blocks[indent] = [int(m.group(2)), 0]
            continue
        m = SUBTEST.match(line)
        if m:   # names the tests at this indentation
            suite[len(m.group(1))] = m.group(2)
            continue
        m = RESULT.match(line)
        if m:
            indent = len(m.group(1))
            close_deeper(indent)
            blocks.setdefault(indent, [None, 0])[1] += 1
            results.append((indent, m.group(2) == 'ok', m.group(4),
                            suite.get(indent)))
    close_deeper(-1)
    if not results:
        t.failed.append('no results')

    counted_failed = []     # per result: did it add a failure
    for k, (indent, ok, desc, parent) in enumerate(results):
        name = f'{parent}/{desc}' if parent else desc
        before = len(t.failed)
        # the subtests of a result come before it, more indented
        j = k
        while j > 0 and results[j - 1][0] > indent:
            j -= 1
        skip = SKIP.search(desc)
        if j < k:
            if not ok and not any(counted_failed[j:k]):
                t.failed.append(f'{name} (parent not ok, no subtest failed)')
        elif skip and not ok:
            t.failed.append(f'{name} (not ok, whatever the SKIP says)')
        elif skip:
            reason = skip.group(1).strip()
            if not reason:
                t.failed.append(f'{name} (SKIP without a reason)')
            elif allow_skip and re.search(allow_skip, name):
                t.skipped += 1
            else:
                t.failed.append(f'{name} (SKIP not allowed here)')
        elif ok:
            t.passed += 1
        else:
            t.failed.append(name)
        counted_failed.append(len(t.failed) > before)
    return t


def top_leaf_counts(lines):
    """Top-level test name -> number of leaf results under it (1 for a leaf)."""
    counts, leaves, prev_indent = {}, 0, None
    for m in map(RESULT.match, lines):
        if not m:
            continue
        indent = len(m.group(1))
        if indent:
            leaves += 1
            if prev_indent is not None and prev_indent > indent:
                leaves -= 1     # that result was a parent: its subtests counted
        else:
            name = re.sub(r'\s*#.*$', '', m.group(4)).strip()
            counts[name] = leaves or 1
            leaves = 0
        prev_indent = indent
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--ktap', action='append', default=[], help='LABEL=file')
    ap.add_argument('--expect', action='append', default=[],
                    help='LABEL=name[:N],...: top-level tests that must report '
                         '(with N leaf results)')
    ap.add_argument('--allow-skip', action='append', default=[],
                    help='LABEL=regex: skips whose name matches are allowed')
    ap.add_argument('--since', type=float,
                    help='results files older than this (epoch seconds) are stale')
    ap.add_argument('--guest-status', type=int, default=0,
                    help='exit status of qemu-run.sh: 0 clean, 2 a guest test '
                         'failed, anything else a crash, hang or kernel report')
    args = ap.parse_args()
    expect = dict(e.split('=', 1) for e in args.expect)
    allow = dict(a.split('=', 1) for a in args.allow_skip)

    total_pass = total_skip = total_fail = 0
    for label, path in (k.split('=', 1) for k in args.ktap):
        lines = ktap_lines(path)
        if lines is None:
            fails, t = [f'no results file {path}'], Totals()
        elif args.since is not None and os.path.getmtime(path) < args.since:
            fails, t = [f'stale results file {path} (older than this run)'], Totals()
        else:
            t = leaf_results(lines, allow.get(label))
            fails = t.failed
            counts = top_leaf_counts(lines)
            for want in filter(None, expect.get(label, '').split(',')):
                name, _, n = want.partition(':')
                if name not in counts:
                    fails.append(f'{name}: did not report')
                elif n and counts[name] != int(n):
                    fails.append(f'{name}: {counts[name]} cases, {n} expected')
        for name in fails:
            print(f'FAIL {label}: {name}')
        print(f'{label}: {t.passed} passed, {len(fails)} failed, {t.skipped} skipped')
        total_pass += t.passed
        total_skip += t.skipped
        total_fail += len(fails)
    if args.guest_status == 2 and not total_fail:
        print('FAIL guest: the guest command failed, yet no test did')
        total_fail += 1
    elif args.guest_status not in (0, 2):
        print('FAIL guest: the run did not end cleanly (crash, hang or kernel report; see above)')
        total_fail += 1
    if total_skip:
        print(f'{total_skip} skipped')
    print(f'{total_pass} passed, {total_fail} failed')
    return 1 if total_fail else 0


if __name__ == '__main__':
    sys.exit(main())
