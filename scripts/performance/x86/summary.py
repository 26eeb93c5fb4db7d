#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""summary.py CYCLES_CSV: the table of Documentation/x86-cycles.csv from
cycles.sh's cycles.csv, one row per algorithm and unit of ours: our core and
the kernel's core of the same unit (the generic C for scalar) on 6.12 and
7.3, in core cycles a block (median of 64-block calls) and a one-block call;
each model's cycles over the measured ones for our core (llvm-mca-19 znver4
and sapphirerapids), and the model's ratio ours / kernel over the measured
ratio: how far the model misjudges the comparison it is used for on ARM."""
import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))


def find(alg, unit, source, kernel):
    for r in rows:
        if (r["alg"], r["unit"], r["source"], r["kernel"]) == (alg, unit, source, kernel) \
                and r["status"] == "ok":
            return r
    return None


out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["algorithm", "unit", "ours", "kernel 6.12", "kernel 7.3", "ours / kernel",
              "1-block call: ours", "1-block call: kernel", "model / measured: ours (znver4)",
              "(sapphirerapids)", "ratio (znver4)", "(sapphirerapids)"])


def ratio_error(ours, theirs, column):
    """The model's ours/theirs over the measured ours/theirs."""
    if not ours[column] or not theirs[column]:
        return ""
    return f"{float(ours[column]) / float(theirs[column]):.2f}"


for r in rows:
    if r["source"] != "ours" or r["status"] != "ok":
        continue
    alg, unit = r["alg"], r["unit"]
    src = "generic" if unit == "scalar" else None
    k612 = find(alg, unit, src or "6.12", "6.12")
    k73 = find(alg, unit, src or "7.3", "7.3")
    if not k612:
        continue
    ours, theirs = float(r["cycles_per_block_median"]), float(k612["cycles_per_block_median"])
    out.writerow([alg.replace("sha", "SHA-"), unit if unit != "ni" else "SHA-NI", f"{ours:.1f}",
                  f"{theirs:.1f}", f"{float(k73['cycles_per_block_median']):.1f}" if k73 else "",
                  f"{ours / theirs:.3f}", r["call1_cycles_median"], k612["call1_cycles_median"],
                  r["model_error"], r["model_host_error"], ratio_error(r, k612, "model_error"),
                  ratio_error(r, k612, "model_host_error")])
