#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn a guest console log (written by scripts/guest/initramfs/init) into named results.

    parse-console.py LOG --label L --drivers d1,d2 [--absent d3,d4] --negative-control D
                     --selected alg=driver
        prints one "PASS <L>: <check>" or "FAIL <L>: <check>: <why>" line per check.
    parse-console.py LOG --table
        prints the tcrypt speed tables found in the log.

Exit status: the number of failed checks (capped at 100); 0 when all passed.
"""
import argparse
import re
import sys

MARK = "@@RSHA "


def sections(lines):
    """Map 'kind name' -> text of every '@@RSHA begin X' .. '@@RSHA end X' section."""
    out, current, buf = {}, None, []
    for line in lines:
        if line.startswith(MARK + "begin "):
            current, buf = line[len(MARK + "begin "):].strip(), []
        elif line.startswith(MARK + "end ") and current is not None:
            out.setdefault(current, []).extend(buf)
            current = None
        elif current is not None:
            buf.append(line)
    return out


def proc_crypto(text):
    """Parse /proc/crypto into a list of dicts, one per algorithm instance."""
    algs, cur = [], {}
    for line in text:
        if not line.strip():
            if cur:
                algs.append(cur)
            cur = {}
            continue
        key, _, value = line.partition(":")
        cur[key.strip()] = value.strip()
    if cur:
        algs.append(cur)
    return algs


def steps(lines):
    """'@@RSHA step NAME rc=N msg' -> {NAME: (rc, msg)}."""
    out = {}
    for line in lines:
        m = re.match(re.escape(MARK) + r"step (\S+) rc=(\d+)\s*(.*)", line)
        if m:
            out[m.group(1)] = (int(m.group(2)), m.group(3))
    return out


# Kernel messages that mean something went wrong, whatever the step.
SPLAT = re.compile(r"Oops|BUG:|WARNING:|Kernel panic|Unable to handle|Call trace:|"
                   r"general protection|UBSAN:|KASAN:|rcu_sched self-detected|"
                   r"soft lockup|hung_task|kernel BUG|suspected memory leak")


def check(args, lines):
    results = []

    def res(ok, what, why=""):
        results.append((ok, what, why))

    sec = sections(lines)
    st = steps(lines)
    started = any(l.startswith(MARK + "start") for l in lines)
    res(started, "boot reaches /init", "no start marker: the kernel did not run the initramfs")
    res(any(l.startswith(MARK + "done") for l in lines), "guest runs to the end",
        "no done marker")
    if not started:
        return results

    for name, (rc, msg) in sorted(st.items()):
        if name.startswith(("insmod-", "rmmod-", "selftests-settled-")):
            res(rc == 0, name, f"exit {rc}: {msg}")

    algs = proc_crypto(sec.get("proc-crypto", []))
    by_driver = {a.get("driver"): a for a in algs}
    for drv in filter(None, args.drivers.split(",")):
        a = by_driver.get(drv)
        if a is None:
            res(False, f"{drv} registered", "not in /proc/crypto")
            continue
        res(a.get("selftest") == "passed", f"{drv} registered, selftest passed",
            f"selftest: {a.get('selftest')}")
        res(a.get("module") not in (None, "kernel"), f"{drv} belongs to its module",
            f"module: {a.get('module')}")

    for drv in filter(None, args.absent.split(",")):
        res(drv not in by_driver, f"{drv} not registered (CPU without NEON)",
            "registered although the CPU has no NEON")

    # Self-test failures of our drivers, in any kernel message.
    kmsgs = [l for k, v in sec.items() if k.startswith("dmesg ") for l in v]
    neg = args.negative_control
    for drv in filter(None, args.drivers.split(",")):
        bad = [l for l in kmsgs if "alg:" in l and drv in l and "failed" in l]
        res(not bad, f"{drv} passes testmgr (incl. extra fuzz tests)", bad[0] if bad else "")

    if neg:
        negmsgs = sec.get("dmesg insmod-negative-control", [])
        hit = [l for l in negmsgs if f"alg: self-tests for sha256 using {neg} failed" in l]
        res(bool(hit), "negative control: testmgr reports the wrong digest",
            "no self-test failure reported for the deliberately wrong driver: "
            "the self-tests did not run")

    # Splats anywhere, except the WARN that testmgr raises for the negative control.
    for k, v in sec.items():
        if not k.startswith("dmesg ") or (neg and k == "dmesg insmod-negative-control"):
            continue
        splat = [l for l in v if SPLAT.search(l)]
        res(not splat, f"no oops/warning/BUG ({k[6:]})", splat[0] if splat else "")
    panic = [l for l in lines if "Kernel panic" in l]
    res(not panic, "no kernel panic", panic[0] if panic else "")

    tcrypt = tcrypt_runs(sec)
    for want in filter(None, args.selected.split(",")):
        alg, drv = want.split("=")
        runs = [(d, rows) for a, d, rows in tcrypt if a == alg]
        res(any(d == drv for d, _ in runs), f"tcrypt {alg} selects {drv}",
            f"tcrypt used {', '.join(d for d, _ in runs)}" if runs
            else f"tcrypt printed no {alg} speed test")
        res(any(rows for _, rows in runs), f"tcrypt {alg} prints its speed table",
            "no result rows")
    return results


def tcrypt_runs(sec):
    """[(alg, driver, rows)] for every "testing speed of ALG (DRIVER)" block."""
    runs = []
    for k, v in sec.items():
        if not k.startswith("dmesg tcrypt"):
            continue
        for l in v:
            m = re.search(r"testing speed of (?:async )?(\S+) \((\S+)\)", l)
            if m:
                runs.append((m.group(1), m.group(2), []))
            elif runs and re.search(r"test\s+\d+ \(\s*\d+ byte blocks", l):
                runs[-1][2].append(l)
    return runs


def table(lines):
    """Print the tcrypt speed tables of the log.

    busybox insmod retries with init_module() when finit_module() fails, and
    tcrypt always fails on purpose (-EAGAIN) once done, so each tcrypt run appears
    twice: only the first copy of each "testing speed" block is printed.
    """
    sec = sections(lines)
    for k, v in sec.items():
        if not k.startswith("dmesg tcrypt"):
            continue
        seen, show = set(), False
        for l in v:
            l = re.sub(r"^\[\s*[\d.]+\]\s*", "", l.rstrip())
            if "testing speed" in l:
                show = l not in seen
                seen.add(l)
            if show and ("testing speed" in l or re.search(r"test\s+\d+ \(", l)):
                print(l)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--label", default="guest")
    ap.add_argument("--drivers", default="")
    ap.add_argument("--absent", default="", help="drivers that must not register")
    ap.add_argument("--negative-control", default="")
    ap.add_argument("--selected", default="")
    ap.add_argument("--table", action="store_true")
    args = ap.parse_args()
    with open(args.log, errors="replace") as f:
        lines = [l.rstrip("\r\n") for l in f]
    if args.table:
        table(lines)
        return 0
    return report(args.label, check(args, lines))


def report(label, results):
    """Print (ok, what, why) results as PASS/FAIL lines; the number failed, at most 100."""
    failed = 0
    for ok, what, why in results:
        if ok:
            print(f"PASS {label}: {what}")
        else:
            failed += 1
            print(f"FAIL {label}: {what}: {why}")
    return min(failed, 100)


if __name__ == "__main__":
    sys.exit(main())
