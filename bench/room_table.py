#!/usr/bin/env python3
"""Table of guest/scenarios/room runs, one column pair per kernel.

   room_table.py KERNEL=OUTPUT.txt...

One row per LRU, filler, memory cgroup, target and number of readers:
median MB/s and device requests of each kernel, then each series variant's
MB/s as a ratio to the first series kernel given after stock ("patched").
Rows where no kernel saw reclaim while filled are marked: the filler did
not do its job there.
"""
import sys


def main():
    kernels, rows = [], {}
    for arg in sys.argv[1:]:
        kernel, path = arg.split("=", 1)
        kernels.append(kernel)
        for line in open(path):
            f = line.split()
            if not f or f[0] != "lru":
                continue
            v = dict(zip(f[0::2], f[1::2]))
            key = ("mglru" if v["lru"] == "y" else "classic", v["fill"], v["memcg"],
                   v["target"], int(v["readers"]))
            med = float(v["mb_s"].split("/")[1])
            rows.setdefault(key, {})[kernel] = (med, int(v["requests"]), int(v["reclaimed"]))
    if not rows:
        sys.exit("room_table: no runs found")
    series = [k for k in kernels if k != "stock"]
    head = f"{'lru':8} {'fill':4} {'memcg':5} {'target':6} {'rd':>3}"
    for k in kernels:
        head += f" {k + ' MB/s':>12} {'reqs':>5}"
    for k in series[1:]:
        head += f" {k + '/' + series[0]:>15}"
    print(head)
    for key in sorted(rows):
        r = rows[key]
        line = f"{key[0]:8} {key[1]:4} {key[2]:5} {key[3]:6} {key[4]:3}"
        for k in kernels:
            line += f" {r[k][0]:12.1f} {r[k][1]:5}" if k in r else f" {'-':>12} {'-':>5}"
        for k in series[1:]:
            ok = k in r and series[0] in r and r[series[0]][0]
            line += f" {r[k][0] / r[series[0]][0]:15.2f}" if ok else f" {'-':>15}"
        if key[1] == "1" and not any(v[2] for v in r.values()):
            line += "  (no reclaim)"
        print(line)


main()
