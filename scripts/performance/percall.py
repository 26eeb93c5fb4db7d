#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Rewrites the rows of Documentation/percall.csv whose benchmark CSV is given.

    percall.py CSV... [--doc Documentation/percall.csv]

Each CSV is bench-report.py's output of an -icount run with RSHA_BENCH_UNITS=0
(scripts/performance/bench.sh): <arch>[-<cpu>]-icount.csv, arch one of arm64,
arm, arm64-7.3, arm-7.3. A row's figures: thousands of guest instructions per
digest() of 16, 64, 256 and 1024 bytes (tcrypt mode=300, block size = update
size), ours / the kernel's driver the row names, and instructions per block
(what an 8 KiB digest executes more than a 4 KiB one, per block); misses
lists the columns where ours executes more.
"""
import argparse
import csv
import os
import re
import sys

COLUMNS = (("16 B", 16), ("64 B", 64), ("256 B", 256), ("1 KiB", 1024))
BLOCK = {"sha1": 64, "sha256": 64, "sha512": 128}
DEFAULT_CPU = {"arm64": "cortex-a57", "arm": "cortex-a15", "x86_64": "max"}


def row_key(path):
    """(kernel, 'arm64 max' / 'ARM cortex-a15') of a benchmark CSV's name."""
    m = re.fullmatch(r"(arm64|arm|x86_64)(-7\.3)?(?:-([\w.]+))?-icount\.csv", os.path.basename(path))
    if not m:
        raise SystemExit(f"error: {path}: not an <arch>[-7.3][-<cpu>]-icount.csv of bench.sh")
    arch, k73, cpu = m.groups()
    return ("7.3" if k73 else "6.12", f"{ {'arm': 'ARM'}.get(arch, arch)} {cpu or DEFAULT_CPU[arch]}", arch)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--doc", default=os.path.join(os.path.dirname(__file__), "../../Documentation/percall.csv"))
    a = ap.parse_args()
    with open(a.doc, newline="") as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    done = 0
    for path in a.csv:
        kernel, where, arch = row_key(path)
        ops = {}
        try:
            with open(path, newline="") as f:
                for r in csv.DictReader(l for l in f if not l.startswith("#")):
                    if r["block_size"] == r["update_size"]:
                        ops[(r["driver"], int(r["block_size"]))] = float(r["ops_per_s"])
        except (OSError, KeyError, ValueError) as e:
            raise SystemExit(f"error: {path}: not a readable bench-report.py CSV ({e})")
        for r in body:
            if r[0] != kernel or not r[1].startswith(where + " "):
                continue
            alg = r[1].split()[-1].lower().replace("-", "")
            ours = f"{alg}-{arch}-auto-rs"
            theirs = r[2].split("``")[1]
            try:
                cells = [(1e6 / ops[(ours, n)], 1e6 / ops[(theirs, n)]) for _, n in COLUMNS]
                per_block = [(1e9 / ops[(d, 8192)] - 1e9 / ops[(d, 4096)]) / (4096 // BLOCK[alg])
                             for d in (ours, theirs)]
            except KeyError as e:
                raise SystemExit(f"error: {path}: no mode=300 row of {e.args[0]}")
            r[3:7] = [f"{o:.3f}/{t:.3f}" for o, t in cells]
            r[7] = f"{per_block[0]:.0f}/{per_block[1]:.0f}"
            names = [c for c, _ in COLUMNS] + ["block"]
            more = [n for n, (o, t) in zip(names, cells + [tuple(round(x) for x in per_block)]) if o > t]
            r[8] = "all" if len(more) == len(names) else ", ".join(more) or "none"
            r[8] = r[8].replace(" B", "")
            done += 1
    if not done:
        raise SystemExit("error: no row of Documentation/percall.csv matched")
    with open(a.doc, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([head] + body)
    print(f"{a.doc}: {done} rows rewritten")


if __name__ == "__main__":
    sys.exit(main())
