#!/usr/bin/env python3
"""The regression matrix table from guest/scenarios/matrix output.

   matrix_table.py KIND=OUTPUT.txt...      (KIND: stock, patched, or any
                                           other name, e.g. before, shown
                                           after them)

One row per job, file system and cache state (cold, warm: page cache full of
other clean data).  Rate (MB/s or IOPS) as min/median/max over every run of
that row, then per kernel@read_ahead_kb the median rate and the median bytes
the disk read; ratios of patched@512 to stock@128 and stock@512.  A row is
flagged when patched@512 is below 0.97x the better stock rate or reads more
than 1.03x the bytes of the stock that reads less (the targets of issue 16).
"""
import statistics
import sys

KERNELS = ["stock@128", "stock@512", "patched@512"]


def lower_median(v):
    v = sorted(v)
    return v[(len(v) - 1) // 2]


def main():
    runs = {}       # (job, fs, warm) -> kernel -> [(rate, device, requests, memfree)]
    order = []
    for arg in sys.argv[1:]:
        kind, path = arg.split("=", 1)
        for line in open(path):
            f = line.split()
            if not f or f[0] != "job":
                continue
            v = dict(zip(f[0::2], f[1::2]))
            key = (v["job"], v["fs"], "warm" if v["warm"] == "1" else "cold")
            if key not in runs:
                runs[key] = {}
                order.append(key)
            runs[key].setdefault(f"{kind}@{v['ra_kb']}", []).append(
                (float(v["rate"]), int(v["device"]), int(v["requests"]),
                 int(v["memfree_kb"]), v["unit"]))
    extra = sorted({k for r in runs.values() for k in r} - set(KERNELS))
    kernels = KERNELS + extra     # e.g. before@512: the series before a fix
    print("rate: median (MB/s, IOPS for rand-*), device: median MiB read by the disk;")
    print("p/s128, p/s512: patched@512 over stock@128 and stock@512; ! = misses a target")
    print(f"{'job':<16} {'fs':<4} {'cache':<5} {'unit':<5} "
          + " ".join(f"{k + ' rate':>17} {'MiB':>6}" for k in kernels)
          + f" {'p/s128':>7} {'p/s512':>7} {'dev p/s128':>10} {'dev p/s512':>10} {'free MiB':>8}")
    flagged = 0
    for key in order:
        cols, med, dev = [], {}, {}
        for k in kernels:
            r = runs[key].get(k)
            if not r:
                cols.append(f"{'-':>17} {'-':>6}")
                continue
            med[k] = lower_median([x[0] for x in r])
            dev[k] = lower_median([x[1] for x in r])
            cols.append(f"{min(x[0] for x in r):.1f}/{med[k]:.1f}/{max(x[0] for x in r):.1f}".rjust(17)
                        + f" {dev[k] / 1048576:6.1f}")
        unit = next(iter(runs[key].values()))[0][4]
        free = statistics.median(x[3] for r in runs[key].values() for x in r) / 1024
        ratio = lambda a, b: f"{a / b:.2f}" if b else "-"
        p = "patched@512"
        flag = ""
        if p in med and "stock@128" in med and "stock@512" in med:
            best = max(med["stock@128"], med["stock@512"])
            least = min(dev["stock@128"], dev["stock@512"])
            if med[p] < 0.97 * best or dev[p] > 1.03 * least:
                flag, flagged = "!", flagged + 1
        print(f"{key[0]:<16} {key[1]:<4} {key[2]:<5} {unit:<5} " + " ".join(cols)
              + f" {ratio(med.get(p, 0), med.get('stock@128', 0)):>7}"
              + f" {ratio(med.get(p, 0), med.get('stock@512', 0)):>7}"
              + f" {ratio(dev.get(p, 0), dev.get('stock@128', 0)):>10}"
              + f" {ratio(dev.get(p, 0), dev.get('stock@512', 0)):>10} {free:8.0f} {flag}")
    print(f"{flagged} of {len(order)} rows miss a target")


if __name__ == "__main__":
    main()
