#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Results of the robustness tests (scripts/guest/initramfs/robustness.sh), from a guest log.

    parse-robustness.py LOG --label L --drivers d1,d2,... [--absent d3,...]
                        --modules m1,m2,... --negative-control D [--latency-out FILE]

Prints one "PASS <L>: <check>" or "FAIL <L>: <check>: <why>" line per check;
exit status: the number of failures (capped at 100). --latency-out appends one
CSV row per NEON driver (label, driver, sections, largest section in bytes,
mean and largest section in ns): a measurement, never a pass/fail criterion.
"""
import argparse
import importlib.util
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    "parse_console", os.path.join(os.path.dirname(__file__), "parse-console.py"))
console = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(console)

MARK = console.MARK
# What rust/testing/robustness_test.rs reports for every driver present.
PER_DRIVER_TESTS = ["ctx-task", "ctx-preempt-off", "ctx-irqs-off", "ctx-softirq",
                    "ctx-hardirq", "misalign", "zero-length", "import-random",
                    "counter-wrap", "export-interop"]
# kernel_neon_begin() sections are cut at this many bytes (rust/rsha/simd.rs).
NEON_SECTION_BYTES = 4096


def stats(lines):
    """'@@RSHA stat DRIVER COUNTER VALUE' -> {DRIVER: {COUNTER: VALUE}}."""
    out = {}
    for line in lines:
        m = re.match(re.escape(MARK) + r"stat (\S+) (\S+) (\d+)$", line)
        if m:
            out.setdefault(m.group(1), {})[m.group(2)] = int(m.group(3))
    return out


def check(args, lines):
    results = []

    def res(ok, what, why=""):
        results.append((ok, what, why))

    drivers = [d for d in args.drivers.split(",") if d]
    absent = [d for d in args.absent.split(",") if d]
    modules = [m for m in args.modules.split(",") if m]
    sec = console.sections(lines)
    # '@@RSHA step robust-<what> rc=N msg' lines of scripts/guest/initramfs/robustness.sh.
    st = {k[len("robust-"):]: v for k, v in console.steps(lines).items()
          if k.startswith("robust-")}
    if "missing" in st:
        res(False, "robustness tests run", st["missing"][1])
        return results

    # 1. Module lifetime.
    for m in modules:
        rc, msg = st.get(f"cycles-{m}", (None, "no report"))
        res(rc == 0, f"{m}: rmmod/insmod cycles", msg if rc is None else f"{rc} failed: {msg}")
        rc, msg = st.get(f"reload-{m}", (None, "no report"))
        res(rc == 0, f"{m}: loads again with the self-tests on", msg)
    by_driver = {a.get("driver"): a for a in
                 console.proc_crypto(sec.get("proc-crypto-reloaded", []))}
    for d in drivers:
        a = by_driver.get(d, {})
        res(a.get("selftest") == "passed", f"{d} registered after reload, selftest passed",
            f"selftest: {a.get('selftest')}" if a else "not in /proc/crypto after reload")

    # 2. The test module.
    rc, msg = st.get("insmod-test", (None, "no report"))
    res(rc == 0, "rsha-robustness-test loads", msg)
    text = sec.get("dmesg robustness-test", [])
    seen = {}
    absent_seen = set()
    done = False
    neg = args.negative_control
    rc, msg = st.get("insmod-negative-control", (None, "no report"))
    res(rc == 0, "negative control loads (self-tests off)", msg)
    for line in text:
        m = re.search(r"RESULT (PASS|FAIL) (\S+) (\S+): (.*)", line)
        if m:
            ok, test, drv, detail = m.group(1) == "PASS", m.group(2), m.group(3), m.group(4)
            seen.setdefault(drv, set()).add(test)
            if drv == neg:
                res(not ok, f"negative control: {test} detects the wrong digests",
                    f"passed on the deliberately wrong driver: {detail}")
            else:
                res(ok, f"{test} {drv}", detail)
            continue
        m = re.search(r"RESULT ABSENT (\S+)", line)
        if m:
            absent_seen.add(m.group(1))
        if re.search(r"RESULT DONE \d+ passed, \d+ failed", line):
            done = True
    res(done, "robustness test module ran to the end", "no RESULT DONE line")
    for d in drivers + [neg]:
        missing = [t for t in PER_DRIVER_TESTS if t not in seen.get(d, set())]
        res(not missing, f"{d}: every robustness test reported",
            "missing: " + ", ".join(missing))
    res("threads" in seen.get("all-drivers", set()), "threads test reported", "no threads result")
    res(absent_seen == set(absent), "drivers absent exactly where the CPU lacks NEON",
        f"absent: {sorted(absent_seen)}, expected: {sorted(absent)}")

    # 3. Statistics.
    counters = stats(lines)
    for d in drivers:
        c = counters.get(d)
        if c is None:
            res(False, f"{d}: debugfs statistics", "no statistics for this driver")
            continue
        neon = "-neon-" in d
        for ctx in ("hardirq", "irqsoff"):
            res(c.get(f"blocks_neon_{ctx}", -1) == 0 and c.get(f"blocks_scalar_{ctx}", 0) > 0,
                f"{d}: {ctx} calls took the scalar core",
                f"neon {c.get(f'blocks_neon_{ctx}')}, scalar {c.get(f'blocks_scalar_{ctx}')} blocks")
        if neon:
            for ctx in ("task", "softirq"):
                res(c.get(f"blocks_neon_{ctx}", 0) > 0, f"{d}: {ctx} calls used NEON",
                    f"no NEON blocks in {ctx} context (scalar: {c.get(f'blocks_scalar_{ctx}')})")
            largest = c.get("neon_section_max_bytes", -1)
            res(0 < largest <= NEON_SECTION_BYTES,
                f"{d}: NEON sections at most {NEON_SECTION_BYTES} bytes",
                f"largest section {largest} bytes")
            if args.latency_out:
                with open(args.latency_out, "a") as f:
                    sections = c.get("neon_sections", 0)
                    mean = c.get("neon_section_total_ns", 0) // max(sections, 1)
                    f.write(f"{args.label},{d},{sections},{largest},{mean},"
                            f"{c.get('neon_section_max_ns')}\n")
        else:
            used = sum(v for k, v in c.items() if k.startswith("blocks_neon_"))
            res(used == 0, f"{d}: the scalar driver never used NEON", f"{used} NEON blocks")

    # 4. Unloading while held.
    for m in modules:
        rc, msg = st.get(f"rmmod-held-{m}", (None, "no report"))
        res(rc is not None and rc != 0 and "still-loaded=1" in msg,
            f"{m}: rmmod refused while a transform is held", f"rmmod exit {rc}: {msg}")
    rc, msg = st.get("rmmod-test", (None, "no report"))
    res(rc == 0, "rsha-robustness-test unloads", msg)
    rc, msg = st.get("rmmod-negative-control", (None, "no report"))
    res(rc == 0, "negative control unloads after it", msg)

    # 5. Leaks: kmemleak's report after the last scan.
    if "kmemleak" in sec:
        leaks = [l for l in sec["kmemleak"] if "unreferenced object" in l]
        res(not leaks, "kmemleak finds no leak", f"{len(leaks)} objects, first: "
            + (leaks[0] if leaks else ""))
    else:
        res(False, "kmemleak report present", "no kmemleak section (CONFIG_DEBUG_KMEMLEAK?)")
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--label", default="guest")
    ap.add_argument("--drivers", required=True)
    ap.add_argument("--absent", default="")
    ap.add_argument("--modules", required=True)
    ap.add_argument("--negative-control", required=True)
    ap.add_argument("--latency-out")
    args = ap.parse_args()
    with open(args.log, errors="replace") as f:
        lines = [l.rstrip("\r\n") for l in f]
    return console.report(args.label, check(args, lines))


if __name__ == "__main__":
    sys.exit(main())
