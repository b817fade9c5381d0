#!/usr/bin/env python3
"""The fstests of issue 31 for one file system, from a fstests tree:
every test of the quick group that is also in rw, mmap, aio, pattern, eio
or copy_range, and every test that uses fadvise, madvise, readahead or
mincore; generic/ and the file system's own folder.
  fstests_select.py XFSTESTS_DIR FSTYP [quick] [--part K/N]
("quick": the whole group; --part: the K-th of N consecutive slices of
it, so that a selection too long for one session runs over several)
"""
import glob
import os
import re
import sys

GROUPS = {'rw', 'mmap', 'aio', 'pattern', 'eio', 'copy_range'}
CALLS = re.compile(r'fadvise|madvise|readahead|mincore')


def part_of(tests, part):
    """The K-th of N consecutive slices of tests, for part "K/N"."""
    m = re.fullmatch(r'(\d+)/(\d+)', part)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        sys.exit(f'fstests_select: --part wants K/N with 1 <= K <= N, not {part!r}')
    k, n = int(m.group(1)), int(m.group(2))
    size = -(-len(tests) // n)
    return tests[(k - 1) * size:k * size]


def main():
    args = sys.argv[1:]
    part = None
    if '--part' in args:
        i = args.index('--part')
        if i + 1 >= len(args):
            sys.exit(__doc__)
        part = args[i + 1]
        del args[i:i + 2]
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] != 'quick'):
        sys.exit(__doc__)
    root, fstyp = args[0], args[1]
    whole = len(args) == 3
    chosen = []
    for folder in ('generic', fstyp):
        for path in sorted(glob.glob(os.path.join(root, 'tests', folder, '[0-9]*'))):
            if not re.fullmatch(r'\d+', os.path.basename(path)):
                continue
            text = open(path, errors='replace').read()
            m = re.search(r'^_begin_fstest (.*)$', text, re.M)
            if not m:
                continue
            groups = set(m.group(1).split())
            quick = 'quick' in groups
            if (whole and quick) or (quick and groups & GROUPS) or \
                    (not whole and CALLS.search(text)):
                chosen.append(f'{folder}/{os.path.basename(path)}')
    if not chosen:
        sys.exit(f'fstests_select: no tests found under {root}/tests')
    if part:
        chosen = part_of(chosen, part)
    print(' '.join(chosen))


if __name__ == '__main__':
    main()
