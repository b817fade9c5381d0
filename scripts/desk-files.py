#!/usr/bin/env python3
"""A desktop-like mix of files read once, for the memory footprint benchmark.

   desk-files.py OUT_DIR GUEST_DIR

Writes FILES files of random content whose sizes follow a log-normal
distribution (median 24 KiB, 1 KiB..16 MiB: icons, configs, libraries, a
few large data files) and OUT_DIR/list: per file "GUEST_DIR/NAME LEN", how
much of it a program reads at startup: 40% of the files whole, the others a
prefix of 4 KiB..256 KiB (headers, the start of a library). Fixed seed, so
every image has the same mix.
"""
import math
import os
import random
import sys

FILES = 800


def main():
    out, guest = sys.argv[1], sys.argv[2]
    rng = random.Random(2010)
    os.makedirs(out, exist_ok=True)
    lines = []
    for i in range(FILES):
        size = int(min(16 << 20, max(1024, rng.lognormvariate(math.log(24 << 10), 1.5))))
        read = size if rng.random() < 0.4 else min(size, 4096 << rng.randint(0, 6))
        name = f"f{i:04d}"
        with open(os.path.join(out, name), "wb") as f:
            f.write(rng.randbytes(size))
        lines.append(f"{guest}/{name} {read}\n")
    rng.shuffle(lines)          # not in directory order
    with open(os.path.join(out, "list"), "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
