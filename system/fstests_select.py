#!/usr/bin/env python3
"""The fstests of issue 31 for one file system, from a fstests tree:
every test of the quick group that is also in rw, mmap, aio, pattern, eio
or copy_range, and every test that uses fadvise, madvise, readahead or
mincore; generic/ and the file system's own folder.
  fstests_select.py XFSTESTS_DIR FSTYP [quick]   ("quick": the whole group)
"""
import glob
import os
import re
import sys

GROUPS = {'rw', 'mmap', 'aio', 'pattern', 'eio', 'copy_range'}
CALLS = re.compile(r'fadvise|madvise|readahead|mincore')


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    root, fstyp = sys.argv[1], sys.argv[2]
    whole = len(sys.argv) == 4 and sys.argv[3] == 'quick'
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
    print(' '.join(chosen))


if __name__ == '__main__':
    main()
