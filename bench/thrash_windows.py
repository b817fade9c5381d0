#!/usr/bin/env python3
"""Readahead windows over time of the traced stream of the thrash stress.

   thrash_windows.py LRU OUT.dat KERNEL=OUTPUT.txt...

Reads the "trace" lines guest/scenarios/thrash prints (the page cache
insertions of one stream) for LRU (n or y) and joins insertions of adjacent
pages less than 2 ms apart into one readahead window. Writes OUT.dat, one
gnuplot data set per kernel@ra_kb (seconds, window KiB), and prints per
kernel@ra_kb: windows, median window, pages inserted and how many of them
were inserted again (read twice: thrashed).
"""
import sys

GAP = 0.002


def windows(events):
    out = []
    for t, index, pages in sorted(events):
        if out and index == out[-1][2] and t - out[-1][3] < GAP:
            start, kib, _, _ = out[-1]
            out[-1] = (start, kib + 4 * pages, index + pages, t)
        else:
            out.append((t, 4 * pages, index + pages, t))
    return [(t, kib) for t, kib, _, _ in out]


def main():
    lru, dat = sys.argv[1], sys.argv[2]
    series = {}
    for arg in sys.argv[3:]:
        kernel, path = arg.split("=", 1)
        for line in open(path):
            f = line.split()
            if len(f) == 8 and f[0] == "trace" and f[4] == lru:
                series.setdefault(f"{kernel}@{f[2]}", []).append(
                    (float(f[5]), int(f[6]), int(f[7])))
    if not series:
        sys.exit("thrash_windows: no trace lines")
    print("%-14s %8s %12s %8s %12s" % ("kernel@ra_kb", "windows", "median_KiB", "pages",
                                       "read_twice"))
    with open(dat, "w") as out:
        for name, events in series.items():
            t0 = min(e[0] for e in events)
            w = windows(events)
            out.write(f"{name} KiB\n")          # the column header: the title
            out.writelines(f"{t - t0:.3f} {kib}\n" for t, kib in w)
            out.write("\n\n")
            pages = sum(e[2] for e in events)
            distinct = len({e[1] + i for e in events for i in range(e[2])})
            kibs = sorted(k for _, k in w)
            print("%-14s %8d %12d %8d %12d" % (name, len(w), kibs[(len(kibs) - 1) // 2],
                                               pages, pages - distinct))


if __name__ == "__main__":
    main()
