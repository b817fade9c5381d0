#!/usr/bin/env python3
"""Thrash stress table from guest/scenarios/thrash output.

   thrash_table.py KERNEL=OUTPUT.txt...

One row per kernel, memory limit, LRU and read_ahead_kb, min/median/max over
the repetitions: I/O amplification (device bytes / consumed bytes), wasted
(read and evicted unused: device - consumed - still cached ahead of the
streams at the end, / consumed), streams that kept their rate, and thrashed
readahead windows (kernels with readahead statistics).
"""
import sys

from spread import min_med_max as mmm


def main():
    rows = {}
    for arg in sys.argv[1:]:
        kernel, path = arg.split("=", 1)
        for line in open(path):
            f = line.split()
            if not f or f[0] != "ra_kb":
                continue
            v = dict(zip(f[0:-3:2], f[1:-3:2]))
            total, thrash = f[-2], f[-1]
            key = (kernel, v["memcg"], "mglru" if v["lru_gen"] == "y" else "classic",
                   v["ra_kb"])
            consumed, device = int(v["consumed"]), int(v["device"])
            if not consumed:
                sys.exit(f"thrash_table: nothing consumed in {path}: {line.strip()}")
            r = rows.setdefault(key, {"amp": [], "waste": [], "kept": [], "th": [],
                                      "streams": v["streams"]})
            r["amp"].append(device / consumed)
            r["waste"].append(100 * (device - consumed - int(v["cached_ahead"])) / consumed)
            r["kept"].append(int(v["kept_rate"]))
            if total != "-" and int(total):
                r["th"].append(100 * int(thrash) / int(total))
    if not rows:
        sys.exit("thrash_table: no runs found")
    reps = {len(r["amp"]) for r in rows.values()}
    streams = "/".join(sorted({r["streams"] for r in rows.values()}))
    print(f"min/median/max over {'/'.join(map(str, sorted(reps)))} runs per row;"
          f" kept_rate: streams (of {streams}) that read >= 95% of their rate")
    fmt = "%-8s %-7s %-7s %-6s %20s %17s %12s %15s"
    print(fmt % ("kernel", "memcg", "lru", "ra_kb", "amplification", "wasted_%",
                 "kept_rate", "thrashed_%"))
    for key, r in rows.items():
        print(fmt % (*key, mmm(r["amp"], "%.3f"), mmm(r["waste"], "%.1f"),
                     mmm(r["kept"], "%d"),
                     mmm(r["th"], "%.1f") if r["th"] else "-"))


if __name__ == "__main__":
    main()
