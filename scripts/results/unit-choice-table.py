#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""unit-choice-table.py OUT.csv LOG...: the unit choice of each boot of the test suite,
from its console logs ($RSHA_CACHE/logs/<target>-<cpu>.log, which scripts/test.sh
writes): per boot, each module's choice at its first load with unit=auto, the clock
step the measurements saw and the longest measurement of a CPU type in the boot (every
auto load: the robustness cycles load the modules again). Documentation/drivers.rst
shows the table (Documentation/unit-choice.csv). A log without a measurement line, or
of a boot that did not reach its end ("@@RSHA done"), is left out, with a note on
standard error."""
import csv
import os
import re
import sys

MODE = re.compile(r"(\w+)_rs: unit=(\w+) \(available")
TYPE = re.compile(r"(\w+)_rs: CPU type \S+ \(\d+ CPUs?\): .*\(clock step (\d+) ns, .* in (\d+) us\): (\w+)$")


def boot(path):
    """(target, cpu) of a log's name: the target ends in -test."""
    name = os.path.basename(path)[:-len(".log")]
    target, _, cpu = name.partition("-test-")
    return target + "-test", cpu


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: unit-choice-table.py OUT.csv LOG... (the suite's boot logs, $RSHA_CACHE/logs/*-test-*.log)")
    rows = []
    for path in sorted(sys.argv[2:]):
        mode, first, steps, longest, ended = {}, {}, [], 0, False
        for line in open(path, errors="replace"):
            ended |= line.startswith("@@RSHA done")
            if m := MODE.search(line):
                mode[m[1]] = m[2]
            elif (m := TYPE.search(line)) and mode.get(m[1]) == "auto":
                first.setdefault(m[1], m[4])
                steps.append(int(m[2]))
                longest = max(longest, int(m[3]))
        if not first or not ended:
            why = "the boot did not reach its end" if first else "no measurement of a load with unit=auto"
            print(f"{path}: {why}: left out", file=sys.stderr)
            continue
        target, cpu = boot(path)
        choices = ", ".join(f"{alg} {unit}" for alg, unit in sorted(
            (mod.split("_")[0], unit) for mod, unit in first.items()))
        step = f"{min(steps)}" if min(steps) == max(steps) else f"{min(steps)}-{max(steps)}"
        rows.append([target, cpu, choices, step, f"{longest / 1000:.1f}"])
    with open(sys.argv[1], "w", newline="") as out:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["target", "CPU", "choice at the first load", "clock step (ns)", "longest measurement (ms)"])
        w.writerows(rows)


if __name__ == "__main__":
    main()
