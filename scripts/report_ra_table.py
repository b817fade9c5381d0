#!/usr/bin/env python3
"""Print the device size -> read_ahead_kb table measured in the guest next to
the seed's table. Arguments: the stock and patched outputs of
guest/scenarios/ra-table ("capacity_mb read_ahead_kb" lines)."""
import sys

SEED = {2: 4, 8: 8, 32: 16, 128: 32, 512: 64, 2048: 128, 8192: 256,
        32768: 512, 131072: 1024}
DEFAULT_MAX_KB = 512   # the series' default maximum readahead


def load(path):
    with open(path) as f:
        return {int(a): int(b) for a, b in (l.split() for l in f if l.strip())}


def size(mb):
    return f'{mb // 1024}G' if mb >= 1024 else f'{mb}M'


def main(stock_path, patched_path):
    stock, patched = load(stock_path), load(patched_path)
    print('Default read_ahead_kb by device size (null_blk devices in the guest)')
    print(f'{"capacity":>9} {"seed 2010":>10} {"expected":>9} {"stock":>7} {"patched":>8}')
    bad = 0
    for mb in sorted(set(stock) | set(patched)):
        seed = SEED.get(mb)
        want = min(seed, DEFAULT_MAX_KB) if seed else DEFAULT_MAX_KB
        got = patched.get(mb)
        bad += got != want
        print(f'{size(mb):>9} {seed or "-":>10} {want:>9} {stock.get(mb, "?"):>7} '
              f'{got if got is not None else "?":>8} {"" if got == want else "  MISMATCH"}')
    print('expected = the seed\'s value, never above the 512 KiB default maximum')
    print(f'{len(patched) - bad} of {len(patched)} rows as expected')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(*sys.argv[1:3]))
