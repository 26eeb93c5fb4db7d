#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn a scripts/performance/bench.sh guest console log into a CSV, charts and a summary.

    bench-report.py LOG --arch ARCH --cpu CPU --out DIR [--no-charts] [--icount]
                    [--reference generic|lib]
    bench-report.py LOG --tcrypt --arch ARCH --cpu CPU [--icount] [--reference generic|lib] [--csv F]
    bench-report.py --tcrypt-list --selected DRIVERS --intree DRIVERS [--sec N] [--passes N]
                    [--reference generic|lib]

writes DIR/ARCH.csv (one line per driver and tcrypt row, with the ratio to the
generic driver of the same algorithm and the same (block size, update size)
row), DIR/ARCH-<alg>.png (ratio to generic against block size, one line per
driver, rows where update size == block size; needs Debian's python3-matplotlib)
and prints Markdown summary tables on stdout.

QEMU (TCG) timings are not hardware timings: only ratios within one run are
meaningful. --icount: the log is of a run with QEMU -icount shift=0, where the
guest clock advances 1 ns per guest instruction, so every time is a guest
instruction count (1 us = 1000 instructions). --reference lib: the kernel is
7.3, whose reference drivers (and only SHA drivers) are sha1-lib ...
sha512-lib, over lib/crypto: every ratio is then to them; "generic" in the
column names and tables means that reference.

--tcrypt-list and --tcrypt are scripts/tcrypt.sh's (bench.sh with
RSHA_BENCH_TCRYPT=1): the first prints the runs of its one boot, per algorithm
of tcrypt modes 303-306 our selected driver and the driver the kernel picks
without ours (theirs()), then the modes themselves; the second prints, from the
log, a table per algorithm with the two side by side and the unit each CPU type
chose, and fails when a run is missing or /proc/crypto ranks another driver
first without ours.
"""
import argparse
import csv
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results"))
import rsha_console as console  # noqa: E402 (scripts/results/rsha_console.py)

# The suffix of the reference drivers' names: "-generic" (6.12) or "-lib" (7.3,
# --reference lib).
REF = "-generic"

CAVEAT = ("QEMU TCG timings are not hardware timings; "
          "only ratios within one run are meaningful.")
UML_CAVEAT = ("User-Mode Linux: real time on this machine's CPU, whose clock "
              "moves with its load; only ratios within one run are meaningful.")
ICOUNT_CAVEAT = ("QEMU -icount shift=0: tcrypt's times count guest instructions "
                 "(1 ns each), the same on every host; instruction counts are not cycles.")
ALGS = ("sha1", "sha256", "sha512")


def machine(cpu):
    """Where the guest ran: a QEMU CPU model, or "host" for User-Mode Linux."""
    return "User-Mode Linux on the host CPU" if cpu == "host" else f"qemu -cpu {cpu}"


def caveat_of(a):
    """The caveat of a run's timings."""
    return ICOUNT_CAVEAT if a.icount else UML_CAVEAT if a.cpu == "host" else CAVEAT
# Rows of the small-input table: (block size, update size), all with 16- or
# 64-byte updates.
SMALL = [(16, 16), (64, 16), (64, 64), (256, 16), (256, 64)]
LARGE = [1024, 2048, 4096, 8192]


ROW = re.compile(r"test\s*\d+ \(\s*(\d+) byte blocks,\s*(\d+) bytes per update,\s*(\d+) updates\):"
                 r"\s*(\d+) opers/sec,\s*(\d+) bytes/sec")
HEAD = re.compile(r"testing speed of (?:async )?(\S+) \((\S+)\)")


def parse(lines):
    """({driver: {(blen, plen): (updates, ops, bytes)}}, {alg: picked driver})."""
    rows, picked = {}, {}
    for name, text in console.sections(lines).items():
        m = re.match(r"dmesg tcrypt-(\S+)", name)
        if not m:
            continue
        params = dict(p.split("=", 1) for p in m.group(1).split(":") if "=" in p)
        cur = None
        for line in text:
            h = HEAD.search(line)
            if h:
                alg, drv = h.groups()
                if "alg" not in params:
                    picked.setdefault(alg, drv)
                cur = rows.setdefault(drv, {})
                continue
            r = ROW.search(line)
            if r and cur is not None and "alg" in params:
                # Every copy of a row is a sample (bench.sh's passes; a plain
                # tcrypt.ko also runs twice). Keep the fastest: interference
                # from the host only ever slows a window down.
                b, p, u, ops, byt = map(int, r.groups())
                if (b, p) not in cur or byt > cur[(b, p)][2]:
                    cur[(b, p)] = (u, ops, byt)
    return rows, picked


def family(drv):
    m = re.match(r"sha(1|224|256|384|512)\b", drv)
    return "sha" + m.group(1) if m else None


def kind(drv):
    if drv.endswith(REF):
        return "generic"
    return "ours" if drv.endswith("-rs") else "in-tree"


def unit(drv):
    """The unit a driver runs: ours say it in their names (-neon-rs, -ce-rs,
    -auto-rs: the selected one), the in-tree ones too (sha1-ce, sha256-neon,
    sha256-arm64-neon; the rest are scalar)."""
    for u in ("auto", "neon", "ce"):
        if f"-{u}" in drv:
            return u
    return "scalar"


def counterpart(drv, drivers):
    """The in-tree driver of the same algorithm and unit, or None; for our
    selected driver, the one the kernel picks without ours (the in-tree
    drivers rank CE above NEON above scalar)."""
    units = ("ce", "neon", "scalar") if unit(drv) == "auto" else (unit(drv),)
    for u in units:
        for d in drivers:
            if kind(d) == "in-tree" and family(d) == family(drv) and unit(d) == u:
                return d
    return None


def theirs(ours, drivers):
    """The driver the kernel picks without ours, for our selected driver ours:
    its in-tree counterpart among drivers (6.12), or else the reference
    (<alg>-lib on 7.3, over lib/crypto)."""
    return counterpart(ours, drivers) or family(ours) + REF


def order(drivers):
    rank = {"generic": 0, "in-tree": 1, "ours": 2}
    units = ("scalar", "neon", "ce", "auto")
    return sorted(drivers, key=lambda d: (ALGS.index(family(d)), rank[kind(d)], units.index(unit(d)), d))


def ratio(rows, drv, key, ref):
    a, b = rows[drv].get(key), rows.get(ref, {}).get(key)
    if not a or not b or not b[2]:
        return None
    return a[2] / b[2]


def fmt(x, spec="{:.2f}"):
    return "-" if x is None else spec.format(x)


def md_table(head, body, align=False):
    """A Markdown table; align: its columns padded, numbers to the right (for a terminal)."""
    if align:
        w = [max(len(str(c)) for c in col) for col in zip(head, *body)]
        head = [h.rjust(n) for h, n in zip(head, w)]
        body = [[str(c).rjust(n) for c, n in zip(r, w)] for r in body]
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in body]
    return "\n".join(out)


def write_csv(path, rows, arch, cpu, caveat):
    with open(path, "w", newline="") as f:
        f.write(f"# scripts/performance/bench.sh, {arch} guest on {machine(cpu)}, tcrypt mode=300 sec=1.\n")
        f.write(f"# {caveat}\n")
        f.write("# ratio_to_generic: bytes_per_s / bytes_per_s of <alg>-generic in the same "
                "(block_size, update_size) row; above 1 is faster than generic.\n")
        w = csv.writer(f)
        w.writerow(["driver", "alg", "kind", "unit", "block_size", "update_size", "updates",
                    "ops_per_s", "bytes_per_s", "ratio_to_generic"])
        for drv in order(rows):
            gen = family(drv) + REF
            for key in sorted(rows[drv]):
                u, ops, byt = rows[drv][key]
                r = ratio(rows, drv, key, gen)
                w.writerow([drv, family(drv), kind(drv), unit(drv), key[0], key[1], u, ops, byt,
                            fmt(r, "{:.4f}") if r is not None else ""])


def charts(out, rows, arch, cpu, caveat, icount):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    made = []
    for alg in ALGS:
        drivers = [d for d in order(rows) if family(d) == alg]
        if not drivers:
            continue
        fig, ax = plt.subplots(figsize=(7.2, 4.6), dpi=90)
        style = {"generic": ":", "in-tree": "--", "ours": "-"}
        for d in drivers:
            pts = sorted((b, ratio(rows, d, (b, p), alg + REF))
                         for (b, p) in rows[d] if b == p)
            pts = [(b, r) for b, r in pts if r is not None]
            if pts:
                ax.plot([b for b, _ in pts], [r for _, r in pts], style[kind(d)],
                        marker="o", markersize=4, label=f"{d} ({kind(d)})")
        ax.set_xscale("log", base=2)
        ax.set_xticks([16, 64, 256, 1024, 2048, 4096, 8192])
        ax.get_xaxis().set_major_formatter(matplotlib.ticker.ScalarFormatter())
        ax.set_xlabel("block size (bytes), one update per block")
        ax.set_ylabel(f"throughput / {alg}-generic")
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
        mode = "TCG, -icount" if icount else "TCG"
        ax.set_title(f"{alg.upper()} on {arch}, {machine(cpu)} ({mode}), tcrypt sec=1")
        ax.legend(fontsize=8, loc="best")
        fig.text(0.01, 0.01, caveat, fontsize=7.5, style="italic")
        fig.tight_layout(rect=(0, 0.04, 1, 1))
        path = os.path.join(out, f"{arch}-{alg}.png")
        fig.savefig(path)
        plt.close(fig)
        try:  # a palette PNG is a quarter of the size (PIL: python3-pil, a matplotlib dependency)
            from PIL import Image
            Image.open(path).convert("RGB").quantize(colors=64).save(path, optimize=True)
        except ImportError:
            pass
        made.append(path)
    return made


def summary(rows, picked, arch, cpu, caveat, icount):
    p = print
    p(f"## {arch}, {machine(cpu)}\n")
    p(f"**{caveat}**\n")
    if picked:
        p("Kernel's choice (tcrypt mode=303..306): " +
          ", ".join(f"{a} -> {d}" for a, d in sorted(picked.items())) + "\n")

    p("Throughput ratio to generic, update size == block size (above 1: faster than generic):\n")
    body = []
    for d in order(rows):
        if kind(d) == "generic":
            continue
        rs = [ratio(rows, d, (b, b), family(d) + REF) for b in LARGE]
        ok = [r for r in rs if r]
        gm = math.exp(sum(map(math.log, ok)) / len(ok)) if ok else None
        body.append([f"`{d}`", kind(d)] + [fmt(r) for r in rs] + [fmt(gm)])
    p(md_table(["driver", "kind"] + [f"{b} B" for b in LARGE] + ["geomean"], body) + "\n")

    p("Small inputs: ours / in-tree counterpart throughput (below 1: ours slower; "
      "where the kernel has no counterpart, ours / generic, marked *):\n")
    body = []
    for d in order(rows):
        if kind(d) != "ours":
            continue
        ref = counterpart(d, rows)
        star = "" if ref else "*"
        ref = ref or family(d) + REF
        rs = [ratio(rows, d, k, ref) for k in SMALL]
        slower = [f"{b}/{pl}" for (b, pl), r in zip(SMALL, rs) if r is not None and r < 1]
        body.append([f"`{d}`", f"`{ref}`{star}"] + [fmt(r) for r in rs] +
                    [", ".join(slower) if slower else "none"])
    p(md_table(["ours", "against"] + [f"{b}/{pl}" for b, pl in SMALL] + ["slower at"], body))
    p("\n(columns: block size / update size in bytes)\n")

    p("Per-call overhead estimate from the 16-byte, 1-update row (one digest() call, "
      "one compression block): t_op = 1 / ops/s; t_block = block bytes / (best bytes/s "
      "of the 1024..8192-byte one-update rows); overhead = t_op - t_block (API, ahash wrapper, glue, padding, NEON "
      "begin/end). " + ("Thousands of guest instructions (us of -icount time):\n" if icount
                        else "Microseconds of emulated time:\n"))
    u = "k instr" if icount else "us"
    body = []
    for d in order(rows):
        r16 = rows[d].get((16, 16))
        big = [rows[d][(b, b)][2] for b in LARGE if (b, b) in rows[d]]
        if not r16 or not big:
            continue
        blk = 128 if family(d) in ("sha384", "sha512") else 64
        t_op = 1e6 / r16[1]
        t_blk = 1e6 * blk / max(big)
        body.append([f"`{d}`", kind(d), f"{t_op:.2f}", f"{t_blk:.2f}", f"{t_op - t_blk:.2f}"])
    p(md_table(["driver", "kind", f"t_op ({u})", f"t_block ({u})", f"overhead ({u})"], body) + "\n")
    p(f"**{caveat}**")


def hmac_family(drv):
    """sha256 for hmac-sha256-arm64-auto-rs, hmac-sha256-lib, hmac(sha256-ce)."""
    m = re.match(r"hmac[-(]sha(1|224|256|384|512)\b", drv)
    return "sha" + m.group(1) if m else None


def hmac_summary(rows, arch, cpu, caveat, icount):
    """HMAC per message: cost of one digest() at 64, 256, 1024 and 2048
    bytes, and at 1472 (an IPsec packet) interpolated linearly in compression
    blocks between 1024 and 2048; ours against every other driver of the
    algorithm (instruction counts with --icount: below 1, ours does fewer)."""
    p = print
    u = "k instr" if icount else "us"
    p(f"## HMAC on {arch}, {machine(cpu)}, 32-byte key\n")
    p(f"**{caveat}**\n")

    def blocks(alg, n):
        b = 128 if alg in ("sha384", "sha512") else 64
        length = 16 if b == 128 else 8
        return (n + 1 + length + b - 1) // b

    def cost(d, n):
        if (n, n) in rows[d]:
            return 1e6 / rows[d][(n, n)][1]
        lo, hi = rows[d].get((1024, 1024)), rows[d].get((2048, 2048))
        if not lo or not hi:
            return None
        alg = hmac_family(d)
        c_lo, c_hi = 1e6 / lo[1], 1e6 / hi[1]
        f = (blocks(alg, n) - blocks(alg, 1024)) / (blocks(alg, 2048) - blocks(alg, 1024))
        return c_lo + (c_hi - c_lo) * f

    sizes = (64, 256, 1472)
    body = []
    for d in sorted(rows, key=lambda d: (ALGS.index(hmac_family(d)), d.endswith("-rs"), d)):
        body.append([f"`{d}`"] + [fmt(cost(d, n)) for n in sizes])
    p(md_table(["driver"] + [f"{n} B ({u})" for n in sizes], body) + "\n")
    p("Ours / the other driver, per message (below 1: ours costs less; 1472 B interpolated):\n")
    body = []
    for d in rows:
        if not d.endswith("-rs"):
            continue
        for o in rows:
            if o.endswith("-rs") or hmac_family(o) != hmac_family(d):
                continue
            rs = [(cost(d, n) / cost(o, n)) if cost(d, n) and cost(o, n) else None for n in sizes]
            body.append([f"`{d}`", f"`{o}`"] + [fmt(r) for r in rs])
    p(md_table(["ours", "against"] + [f"{n} B" for n in sizes], body) + "\n")


# scripts/tcrypt.sh: the tcrypt speed modes of the four algorithms.
TCRYPT_MODES = (("sha1", 303), ("sha256", 304), ("sha384", 305), ("sha512", 306))
UNIT_LINE = re.compile(r"(\w+_rs): ((?:unit=|CPU type ).*)$")
CPU_TYPE = re.compile(r"CPU type (\S+ \(\d+ CPUs?\)): .*: (\w+)$")


def tcrypt_list(selected, intree, sec, passes):
    """The runs of scripts/tcrypt.sh's boot, one tcrypt.list line each."""
    runs = []
    for _ in range(passes):
        for alg, _ in TCRYPT_MODES:
            ours = [d for d in selected if family(d) == alg]
            if not ours:
                raise SystemExit(f"error: no selected {alg} driver in --selected")
            runs += [f"mode=300 alg={d} sec={sec}" for d in (ours[0], theirs(ours[0], intree))]
    return runs + [f"mode={m} sec={sec}" for _, m in TCRYPT_MODES]


def unit_of(units):
    """The unit of "<type>: <unit>" entries, when every CPU type chose the same."""
    chosen = {u.split(": ")[-1] for u in units}
    return chosen.pop() if len(chosen) == 1 else "per CPU"


def tcrypt_report(lines, rows, picked, arch, cpu, caveat, csv_path=None):
    """scripts/tcrypt.sh's tables; the number of problems found (0: none).
    csv_path: also its one-update rows (one call a message), per call and
    per byte, as CSV."""
    sec = console.sections(lines)
    crypto = console.proc_crypto(sec.get("proc-crypto", []))
    module = {a.get("driver"): a.get("module", "") for a in crypto}
    choices = {}  # module: its unit messages at load
    for line in (l for k, v in sec.items() if k.startswith("dmesg insmod-") for l in v):
        m = UNIT_LINE.search(line)
        if m:
            choices.setdefault(m.group(1), []).append(m.group(2))
    p = print
    p(f"## tcrypt modes 303-306 on {arch}, {machine(cpu)}\n")
    p(f"**{caveat}**\n")
    p("Units chosen at module load (rust/rsha/select.rs; "
      + ("real times):" if cpu == "host" else "TCG times, not hardware ones):"))
    for mod, msgs in sorted(choices.items()):
        p("".join(f"  {mod}: {t}\n" for t in msgs), end="")
    if not choices:
        p("  (none found in the log)")
    errors, calls = [], []
    # The drivers the boot's runs named (timed or not), as tcrypt_list() chose them.
    named = [m.group(1) for k in sec for m in [re.match(r"dmesg tcrypt-.*\balg=([^:]+)", k)] if m]
    intree = [d for d in named if kind(d) == "in-tree"]
    for alg, mode in TCRYPT_MODES:
        ours = next((d for d in named if family(d) == alg and unit(d) == "auto"), None)
        ref = ours and theirs(ours, intree)
        gone = [d for d in (ours, ref) if not rows.get(d)]
        if gone:
            errors.append(f"{alg}: no speed rows of " + (", ".join(gone) if ours else "our selected driver") +
                          " (tcrypt's messages are in the log's 'dmesg tcrypt-...' sections)")
            continue
        # /proc/crypto of the same boot: the driver ranked first without ours.
        top = console.top_driver([a for a in crypto if not a.get("driver", "").endswith("-rs")], alg)
        if top and top != ref:
            errors.append(f"/proc/crypto ranks {top} first for {alg} without ours, the run timed {ref}")
        if alg not in picked:
            errors.append(f"tcrypt mode={mode} printed no {alg} speed test")
        units = [f"{t}: {u}" for msg in choices.get(module.get(ours), [])
                 for t, u in CPU_TYPE.findall(msg)]
        what = {"in-tree": f"in-tree, {unit(ref)}",
                "generic": "lib/crypto, its unit chosen at boot" if REF == "-lib" else "generic C"}
        p(f"\n### {alg.upper().replace('SHA', 'SHA-')} (tcrypt mode={mode})\n")
        p(f"- ours: `{ours}`, unit per CPU type: {'; '.join(units) or '-'}")
        p(f"- theirs: `{ref}`, the kernel's pick without ours ({what[kind(ref)]})")
        p(f"- the kernel's pick with ours loaded (mode={mode}): `{picked.get(alg, '-')}`\n")
        body, rs = [], []
        for key in sorted(set(rows[ours]) | set(rows[ref])):
            a, b = rows[ours].get(key), rows[ref].get(key)
            r = ratio(rows, ours, key, ref)
            rs += [r] if r else []
            body.append([key[0], key[1], a[1] if a else "-", b[1] if b else "-", fmt(r)])
            if key[0] == key[1] and a and b and r and alg != "sha384":  # SHA-512's core
                ns = [1e9 / int(x[1]) for x in (a, b)]
                calls.append([alg.upper().replace("SHA", "SHA-"), unit_of(units), key[0],
                              f"{ns[0]:.0f}", f"{ns[1]:.0f}", f"{ns[0] / key[0]:.2f}",
                              f"{ns[1] / key[0]:.2f}", fmt(r)])
        gm = math.exp(sum(map(math.log, rs)) / len(rs)) if rs else None
        body.append(["geomean", "", "", "", fmt(gm)])
        p(md_table(["block (B)", "update (B)", "ours ops/s", "theirs ops/s", "ours/theirs"], body, align=True))
    p("\nours/theirs: throughput (ops/s, the same as bytes/s within a row) of ours over theirs; "
      "above 1: ours faster.\n")
    p(f"**{caveat}**")
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["algorithm", "ours: unit", "bytes", "ns a call: ours", "theirs",
                        "ns a byte: ours", "theirs", "ours / theirs (speed)"])
            w.writerows(calls)
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    return len(errors)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log", nargs="?")
    ap.add_argument("--arch")
    ap.add_argument("--cpu")
    ap.add_argument("--out")
    ap.add_argument("--no-charts", action="store_true")
    ap.add_argument("--icount", action="store_true",
                    help="the log is of a QEMU -icount shift=0 run (times are instruction counts)")
    ap.add_argument("--hmac", action="store_true",
                    help="the log is of an HMAC run (RSHA_BENCH_HMAC=1): the per-message table only")
    ap.add_argument("--reference", choices=("generic", "lib"), default="generic",
                    help="the reference drivers: <alg>-generic (6.12) or <alg>-lib (7.3)")
    ap.add_argument("--tcrypt", action="store_true",
                    help="the log is of scripts/tcrypt.sh: its tables only")
    ap.add_argument("--csv", help="with --tcrypt: its one-call rows, per call and per byte, to this CSV")
    ap.add_argument("--tcrypt-list", action="store_true",
                    help="print scripts/tcrypt.sh's tcrypt runs (needs --selected, --intree)")
    ap.add_argument("--selected", default="", help="our selected drivers, comma-separated")
    ap.add_argument("--intree", default="", help="the in-tree drivers the CPU has, space-separated")
    ap.add_argument("--sec", type=int, default=1)
    ap.add_argument("--passes", type=int, default=1)
    a = ap.parse_args()
    global REF
    REF = "-" + a.reference
    if a.tcrypt_list:
        print("\n".join(tcrypt_list(a.selected.split(","), a.intree.split(), a.sec, a.passes)))
        return 0
    need = ["log", "arch", "cpu"] + ([] if a.tcrypt else ["out"])
    missing = [n for n in need if not getattr(a, n)]
    if missing:
        ap.error("missing: " + ", ".join(missing))
    with open(a.log, errors="replace") as f:
        lines = [re.sub(r"^\[\s*[\d.]+\]\s*", "", l.rstrip("\r\n")) for l in f]
    rows, picked = parse(lines)
    if a.hmac:
        rows = {d: v for d, v in rows.items() if hmac_family(d) and v}
        if not rows:
            print(f"error: no HMAC tcrypt speed rows in {a.log}", file=sys.stderr)
            return 1
        hmac_summary(rows, a.arch, a.cpu, caveat_of(a), a.icount)
        return 0
    rows = {d: v for d, v in rows.items() if family(d) and v}
    if not rows:
        print(f"error: no tcrypt speed rows in {a.log}", file=sys.stderr)
        return 1
    if a.tcrypt:
        return min(tcrypt_report(lines, rows, picked, a.arch, a.cpu,
                                 caveat_of(a), a.csv), 1)
    missing = [d for d in rows if family(d) + REF not in rows]
    if missing:
        print(f"warning: no generic run for {', '.join(missing)}", file=sys.stderr)
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, f"{a.arch}.csv")
    caveat = caveat_of(a)
    write_csv(path, rows, a.arch, a.cpu, caveat)
    made = [] if a.no_charts else charts(a.out, rows, a.arch, a.cpu, caveat, a.icount)
    summary(rows, picked, a.arch, a.cpu, caveat, a.icount)
    print(f"\nCSV: {path}")
    for m in made:
        print(f"chart: {m}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
