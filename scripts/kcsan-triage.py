#!/usr/bin/env python3
"""Sort the KCSAN reports of guest console logs into the series' and stock's.

A report belongs to the series when a frame of either stack is a function
the series adds or changes (from `git diff BASE HEAD` of the patched tree;
a new static inline helper shows up as the changed function that calls
it). Frames below an interrupt or exception entry (asm_*) are the code the
handler interrupted, not part of the racing access, and are not counted.
Series reports fail the run unless their title is in the known-races file,
where each entry says why it is stock 6.12's race. Reports whose stacks
are all in code the series does not touch are stock 6.12's: listed, not
failed. Exit status 1 when a series report is not known, 2 on bad input.

  kcsan-triage.py --tree SRC --known FILE console.log...
"""
import argparse
import re
import subprocess
import sys
from collections import Counter

HUNK = re.compile(r'^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@')
TITLE = re.compile(r'BUG: KCSAN: (.*\S)')
FRAME = re.compile(r'^\s+([A-Za-z_][\w.]*)\+0x[0-9a-f]+/0x[0-9a-f]+')
NAME = re.compile(r'([A-Za-z_]\w*)\s*\(')
STAMP = re.compile(r'^\[\s*\d+\.\d+\] ?')


def git(tree, *args):
    return subprocess.run(['git', '-C', tree, *args], check=True,
                          capture_output=True, text=True).stdout


def enclosing_function(lines, n):
    """Name of the function whose body holds line n (0-based), or None.
    Kernel style: a body opens with '{' and closes with '}' in column 0."""
    for i in range(min(n, len(lines) - 1), -1, -1):
        if lines[i].startswith('}') and i < n:
            return None                  # n is between two functions
        if lines[i].startswith('{'):
            head = []
            for j in range(i - 1, max(i - 8, -1), -1):
                if not lines[j].strip() or lines[j].rstrip().endswith((';', '}', '*/')):
                    break
                head.insert(0, lines[j])
            m = NAME.search(' '.join(head))
            return m.group(1) if m else None
    return None


def changed_functions(tree):
    """Functions of .c/.h files with a line added, changed or removed."""
    base = git(tree, 'rev-list', '--max-parents=0', 'HEAD').split()[0]
    funcs, path, lines = set(), None, []
    for line in git(tree, 'diff', '-U0', base, 'HEAD', '--', '*.c', '*.h').splitlines():
        if line.startswith('+++ '):
            path = line[6:] if line != '+++ /dev/null' else None
            lines = git(tree, 'show', 'HEAD:' + path).splitlines() if path else []
            continue
        m = HUNK.match(line)
        if m and path:
            start, count = int(m.group(1)), int(m.group(2) or 1)
            for n in range(start - 1, start - 1 + max(count, 1)):
                f = enclosing_function(lines, n)
                if f:
                    funcs.add(f)
    return funcs


def reports(path):
    """(title, frame functions) of each KCSAN report in a console log."""
    out, cur, interrupted = [], None, False
    with open(path, errors='replace') as f:
        for raw in f:
            line = STAMP.sub('', raw.rstrip('\r\n'))
            m = TITLE.search(line)
            fm = FRAME.match(line)
            if m:
                cur = (m.group(1), set())
                out.append(cur)
            elif cur and line.startswith('Reported by'):
                cur = None
            elif cur and fm:
                interrupted = interrupted or fm.group(1).startswith('asm_')
                if not interrupted:
                    cur[1].add(fm.group(1).split('.')[0])
            else:
                interrupted = False      # the next stack starts
    return out


def known_titles(path):
    with open(path) as f:
        return {l.strip() for l in f if l.strip() and not l.startswith('#')}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tree', required=True, help='the patched kernel tree (git)')
    ap.add_argument('--known', required=True, help='titles of known stock races')
    ap.add_argument('logs', nargs='+')
    a = ap.parse_args()
    try:
        series = changed_functions(a.tree)
        known = known_titles(a.known)
        found = [r for log in a.logs for r in reports(log)]
    except (OSError, subprocess.CalledProcessError) as e:
        print(f'kcsan-triage: {e}', file=sys.stderr)
        return 2
    count = Counter(t for t, _ in found)
    verdict = {}
    for title, frames in found:
        mine = sorted(frames & series)
        if not mine:
            verdict.setdefault(title, 'stock code')
        elif title in known:
            verdict[title] = 'known: ' + ', '.join(mine)
        else:
            verdict[title] = 'SERIES: ' + ', '.join(mine)
    for title in sorted(verdict):
        print(f'{count[title]:3}  {verdict[title]:40}  {title}')
    bad = sum(v.startswith('SERIES') for v in verdict.values())
    print(f'kcsan-triage: {len(found)} reports, {len(verdict)} races, '
          f'{bad} in series code and not known as stock')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
