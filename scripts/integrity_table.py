#!/usr/bin/env python3
"""Bytes verified by the integrity test, per read path and file system x LRU.

    integrity_table.py OUTPUT.TXT      (the guest output of a run with ra-integrity)

Reads the "# bytes FS LRU MEM NAME BYTES" lines tests/guest/ra-integrity.sh
prints and writes a Markdown table: one row per read path, one column per
file system and LRU (both memory limits summed), and the total.
"""
import collections
import re
import sys

LINE = re.compile(r'^\s*# bytes (\S+) (\S+) (\S+) (\S+) (\d+)$')


def main():
    cells = collections.defaultdict(int)
    cols, rows = [], []
    with open(sys.argv[1], errors='replace') as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            fs, lru, _mem, name, nbytes = m.groups()
            path = re.sub(rf'^{fs}_({lru}_)?(nolimit_|memcg8M_)?', '', name)
            col = f'{fs} {lru}'
            cols += [col] if col not in cols else []
            rows += [path] if path not in rows else []
            cells[path, col] += int(nbytes)
    if not rows:
        sys.exit('integrity_table: no "# bytes" lines')
    print('| read path | ' + ' | '.join(cols) + ' |')
    print('|---|' + '---:|' * len(cols))
    for r in rows:
        print(f'| {r} | ' + ' | '.join(f'{cells[r, c]:,}' if (r, c) in cells else '-'
                                       for c in cols) + ' |')
    print('| **total** | ' + ' | '.join(f'{sum(cells[r, c] for r in rows):,}' for c in cols) + ' |')


if __name__ == '__main__':
    main()
