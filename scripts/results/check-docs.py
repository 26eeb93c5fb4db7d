#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks that the figures the code decides are the ones the documents state.

    check-docs.py [CHECKOUT]

Prints one "PASS docs: ..." or "FAIL docs: ..." line per check (the suite's
format, scripts/test.sh) and exits 1 when one failed. Standard library only.

Priorities. The code decides them: the module priorities of every driver
module (rust/drivers/*.rs, "priorities: { scalar: N, vector: N, crypto: N,
selected: N }"), and on kernels with the *-lib drivers (7.x) the rule of
selected_priority() and unit_priority() around LIB_DRIVER_PRIORITY (found
under rust/rsha/). From them the expected priority of every driver on 6.12
and its set on 7.x (a selected driver of a module with a CE core: one value
where every CPU has the CE unit, another elsewhere). Checked against:
  - the Kconfig help of every driver module: "<driver> (N)" is the 6.12
    priority; numbers in the same parenthesis after a mention of 7.x are the
    7.x ones, and must be all of them;
  - the comments of defconfig-fragments/*.config that state the selected
    drivers' priorities, for the modules the fragment enables;
  - Documentation/drivers.rst: every table row (simple, grid or csv-table
    :file:) that names a driver, in each column headed "priority" (a column
    whose header names 7.x holds 7.x values), with every selected driver
    listed; the bold figures and the "at most N" of its "Priorities on 7.x"
    section; every "*-lib drivers (N)".
Supported kernels: the Makefile's SUPPORTED_KERNELS against every list of
kernel versions in README.md, and scripts/debian-kernel.sh reading that
list from the Makefile.

A figure or a structure that cannot be found is a FAIL naming what is
missing, never a silent pass.
"""

import csv
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
UNITS = ("scalar", "vector", "crypto", "selected")
failed = 0


def result(ok, what):
    global failed
    print(("PASS" if ok else "FAIL") + " docs: " + what)
    if not ok:
        failed += 1


class Missing(Exception):
    """Something the checks need is not where it was looked for."""


def read(rel):
    path = os.path.join(ROOT, rel)
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise Missing(f"cannot read {rel}: {e.strerror}")


def rs_files(rel):
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, rel)):
        out += [os.path.join(d, f) for f in files if f.endswith(".rs")]
    return sorted(out)


def relpath(p):
    return os.path.relpath(p, ROOT)


def fn_body(src, name):
    """The text of fn NAME's body (braces balanced), or None."""
    m = re.search(r"\bfn\s+" + name + r"\s*\([^)]*\)[^{]*\{", src)
    if not m:
        return None
    depth, i = 1, m.end()
    while depth and i < len(src):
        depth += {"{": 1, "}": -1}.get(src[i], 0)
        i += 1
    return src[m.end():i - 1]


def nums(text):
    """The three-digit figures of TEXT (priorities; not 6.12, 0.71.1, 2048)."""
    return [int(n) for n in re.findall(r"(?<![\d.])\d{3}(?![\d.])", text)]


def fmt(values):
    return " or ".join(str(v) for v in sorted(values))


# ---- what the code decides ----------------------------------------------

def code_rule():
    """LIB_DRIVER_PRIORITY and the offsets of selected_priority() and
    unit_priority(): (lib, below, above, unit_cap_below, where)."""
    lib = where = None
    bodies = {}
    for p in rs_files("rust/rsha"):
        with open(p, encoding="utf-8") as f:
            src = f.read()
        m = re.search(r"\bconst\s+LIB_DRIVER_PRIORITY\s*:\s*i32\s*=\s*(\d+)\s*;", src)
        if m:
            lib, where = int(m.group(1)), relpath(p)
        for name in ("selected_priority", "unit_priority"):
            b = fn_body(src, name)
            if b is not None:
                bodies[name] = (b, relpath(p))
    if lib is None:
        raise Missing("no 'const LIB_DRIVER_PRIORITY: i32 = N;' under rust/rsha")
    for name in ("selected_priority", "unit_priority"):
        if name not in bodies:
            raise Missing(f"no fn {name} under rust/rsha")

    def offsets(name, sign):
        body, at = bodies[name]
        found = {int(n) for n in re.findall(r"LIB_DRIVER_PRIORITY\s*" + re.escape(sign) + r"\s*(\d+)", body)}
        if len(found) != 1:
            raise Missing(f"fn {name} ({at}): expected one 'LIB_DRIVER_PRIORITY {sign} N', "
                          f"found {sorted(found) or 'none'}: the rule changed, update check-docs.py")
        return found.pop()

    below = offsets("selected_priority", "-")
    above = offsets("selected_priority", "+")
    cap = offsets("unit_priority", "-")
    if "ce_everywhere" not in bodies["selected_priority"][0]:
        raise Missing("fn selected_priority: no 'ce_everywhere' condition: the rule changed, update check-docs.py")
    return lib, below, above, cap, where


def code_modules(rule):
    """Every driver module: name -> {arch, ce, prio, names, v612, v7x, file}."""
    lib, below, above, cap, _ = rule
    mods = {}
    files = [p for p in rs_files("rust/drivers")]
    if not files:
        raise Missing("no rust/drivers/*.rs")
    for p in files:
        with open(p, encoding="utf-8") as f:
            src = f.read()
        m = re.search(r"\bpriorities\s*:\s*\{([^}]*)\}", src)
        if not m:
            raise Missing(f"{relpath(p)}: no 'priorities: {{ scalar: N, vector: N, [crypto: N,] selected: N }}'")
        prio = {k: int(v) for k, v in re.findall(r"\b(\w+)\s*:\s*(\d+)", m.group(1))}
        for k in ("scalar", "vector", "selected"):
            if k not in prio:
                raise Missing(f"{relpath(p)}: priorities has no '{k}'")
        name = re.search(r"\bname\s*:\s*\"([\w-]+)\"", src)
        if not name:
            raise Missing(f"{relpath(p)}: no module 'name: \"...\"'")
        module = name.group(1).replace("_", "-").replace("x86-64", "x86_64")
        cores = re.search(r"\bcores\s*:\s*unsafe\s*\{([^}]*)\}", src)
        has_ce = bool(cores and re.search(r"\bcrypto\s*:", cores.group(1)))
        arch = next((a for a in ("arm64", "x86_64") if f"-{a}-" in module + "-"), "arm")
        names = {u: re.findall(r"\b" + u + r"\s*:\s*\"([\w-]+)\"", src) for u in UNITS}
        if not names["selected"]:
            raise Missing(f"{relpath(p)}: no 'selected: \"<driver name>\"' in its algorithms")
        sel = prio["selected"]
        sel7 = {sel if sel >= lib + above else lib + above}
        if has_ce:
            sel7.add(lib - below)
        v612, v7x = {}, {}
        for u in UNITS:
            if u == "crypto" and not has_ce:
                continue
            for n in names[u]:
                v612[n] = prio[u]
                v7x[n] = sel7 if u == "selected" else {min(prio[u], lib - cap)}
                # Its HMAC driver: one above it (rust/rsha/driver.rs).
                v612["hmac-" + n] = v612[n] + 1
                v7x["hmac-" + n] = {v + 1 for v in v7x[n]}
        mods[module] = dict(arch=arch, ce=has_ce, prio=prio, names=names, v612=v612, v7x=v7x,
                            sel7=sel7, file=relpath(p))
    return mods


def unit_of(driver):
    for suffix, u in (("-auto-rs", "selected"), ("-neon-rs", "vector"), ("-avx2-rs", "vector"),
                      ("-ce-rs", "crypto"), ("-ni-rs", "crypto")):
        if driver.endswith(suffix):
            return u
    return "scalar"


def paren_claims(text):
    """(6.12 figures, 7.x figures) of one parenthesis: the figures after a
    mention of 7.x (7.2, 7.3, 7.x) are 7.x's."""
    old, new = [], []
    seen7 = False
    for seg in re.split(r"[;,]|\bor\b", text):
        if re.search(r"\b7\.(\d|x)", seg):
            seen7 = True
        (new if seen7 else old).extend(nums(seg))
    return old, new


# ---- Kconfig ----------------------------------------------------------------

def check_kconfig(mods, lib):
    text = read("Kconfig")
    kbuild = read("Kbuild")
    obj = dict(re.findall(r"obj-\$\((?:CONFIG_)?(\w+)\)\s*\+=\s*([\w-]+)\.o", kbuild))
    blocks = re.findall(r"^config\s+(\w+)\n(.*?)(?=^(?:config|menu|endmenu|comment|if|endif|source)\b)",
                        text, re.S | re.M)
    seen = set()
    for sym, body in blocks:
        h = body.split("help", 1)
        if len(h) < 2:
            continue
        help_text = re.sub(r"\s+", " ", h[1])
        help_text = re.sub(r"-\s+rs\b", "-rs", help_text)  # "sha256-arm- rs" wrapped
        module = obj.get(sym)
        if module is None:
            m = re.search(r"Module:\s*([\w-]+?)\.?(?:\s|$)", help_text)
            module = m.group(1) if m else None
        if module not in mods:
            continue
        seen.add(module)
        mod = mods[module]
        errs, claims = [], 0
        for m in re.finditer(r"([\w/*-]*-rs)\s*\(([^)]*)\)", help_text):
            token, inner = m.group(1), m.group(2)
            if token.startswith("hmac-"):
                # An HMAC driver ranks one above its hash driver, which the
                # help says in words ("one above it").
                if "one above" not in inner:
                    errs.append(f"{token}: not stated as one above its hash driver")
                continue
            u = unit_of(token)
            if u == "crypto" and not mod["ce"]:
                errs.append(f"{token}: the module has no crypto core")
                continue
            old, new = paren_claims(inner)
            want_old = mod["prio"][u]
            want_new = mod["sel7"] if u == "selected" else {min(want_old, lib - code_cap)}
            if old and old[0] != want_old:
                errs.append(f"{token} is {old[0]} on 6.12, the code: {want_old}")
            claims += bool(old) + bool(new)
            if new and set(new) != want_new:
                errs.append(f"{token} is {fmt(set(new))} on 7.x, the code: {fmt(want_new)}")
            if not new and u == "selected" and want_new != {want_old}:
                errs.append(f"{token}: no 7.x priority stated, the code: {fmt(want_new)} on 7.x"
                            + (f" ({lib - code_below} where every CPU has the CE unit)" if mod["ce"] else ""))
        for m in re.finditer(r"-lib\s+drivers?\s*\((\d+)\)", help_text):
            claims += 1
            if int(m.group(1)) != lib:
                errs.append(f"*-lib drivers at {m.group(1)}, LIB_DRIVER_PRIORITY is {lib}")
        result(not errs, f"Kconfig {sym} ({module}) priorities agree with {mod['file']}"
               f" ({claims} stated)" + ("" if not errs else ": " + "; ".join(errs)))
    for module in sorted(set(mods) - seen):
        result(False, f"Kconfig: no config symbol with a help text found for module {module}")


# ---- defconfig fragments ------------------------------------------------

def check_fragments(mods, lib):
    d = os.path.join(ROOT, "defconfig-fragments")
    try:
        files = sorted(f for f in os.listdir(d) if f.endswith(".config"))
    except OSError:
        raise Missing("no defconfig-fragments/")
    cfg2mod = dict(re.findall(r"obj-\$\((?:CONFIG_)?(\w+)\)\s*\+=\s*([\w-]+)\.o", read("Kbuild")))
    for f in files:
        text = read("defconfig-fragments/" + f)
        enabled = [cfg2mod[s] for s in re.findall(r"^CONFIG_(\w+)=[ym]$", text, re.M)
                   if cfg2mod.get(s) in mods]
        # Paragraphs of comment lines ("# CONFIG_X is not set" is no comment).
        paras, cur = [], []
        for line in text.splitlines() + [""]:
            if line.startswith("#") and not re.match(r"# CONFIG_\w+ is not set", line):
                cur.append(line.lstrip("# "))
            elif cur:
                paras.append(" ".join(cur))
                cur = []
        paras = [p for p in paras if re.search(r"\bselected\b", p) and nums(p)]
        if not paras:
            continue
        errs, claims = [], 0
        want_old = {mods[m]["prio"]["selected"] for m in enabled}
        want_new = set().union(*(mods[m]["sel7"] for m in enabled)) if enabled else set()
        if not enabled:
            errs.append("states priorities of selected drivers but enables no driver module")
        for p in paras:
            pos = 0
            for m in re.finditer(r"\(([^)]*)\)", p):
                ctx = p[pos:m.start()]
                pos = m.end()
                # A parenthesis after the kernel's own drivers gives theirs.
                if re.search(r"in-tree|-lib|generic|kernel's", ctx.split(",")[-1] if "," in ctx else ctx):
                    for n in nums(m.group(1)):
                        if re.search(r"-lib", ctx) and n != lib:
                            errs.append(f"*-lib drivers at {n}, LIB_DRIVER_PRIORITY is {lib}")
                    continue
                old, new = paren_claims(m.group(1))
                if re.search(r"\b7\.(\d|x)", ctx.split(",")[-1]):
                    old, new = [], old + new
                claims += len(old) + len(new)
                if old and set(old) != want_old:
                    errs.append(f"selected drivers at {fmt(set(old))} on 6.12, the code: {fmt(want_old)}")
                if new and set(new) != want_new:
                    errs.append(f"selected drivers at {fmt(set(new))} on 7.x, the code: {fmt(want_new)}"
                                f" (for {', '.join(enabled)})")
        result(not errs and claims > 0, f"defconfig-fragments/{f}: comment priorities agree with the code"
               f" ({claims} stated)" + ("" if not errs else ": " + "; ".join(errs))
               + ("" if claims or errs else ": a comment on the selected drivers' priority with no figure read"))


# ---- Documentation/drivers.rst ------------------------------------------

def rst_tables(text, base):
    """(header cells, rows of cells) of the simple, grid and csv-table :file:
    tables of an rst text."""
    lines = text.splitlines()
    tables = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"^\s*=+(\s+=+)+\s*$", line):          # simple table
            cols = [(m.start(), m.end()) for m in re.finditer(r"=+", line)]
            rows, borders, j = [], 1, i + 1
            while j < len(lines) and borders < 3:
                if re.match(r"^\s*=+(\s+=+)+\s*$", lines[j]):
                    borders += 1
                elif lines[j].strip():
                    starts = [c[0] for c in cols] + [10 ** 6]
                    rows.append([lines[j][starts[k]:starts[k + 1]].strip() for k in range(len(cols))])
                j += 1
            if rows:
                tables.append((rows[0], rows[1:]))
            i = j
            continue
        if re.match(r"^\s*\+[-=+]+\+\s*$", line):           # grid table
            rows, j = [], i
            while j < len(lines) and lines[j].strip().startswith(("+", "|")):
                if lines[j].strip().startswith("|"):
                    rows.append([c.strip() for c in lines[j].strip().strip("|").split("|")])
                j += 1
            if rows:
                tables.append((rows[0], rows[1:]))
            i = j
            continue
        m = re.match(r"^\s*\.\.\s+csv-table::", line)
        if m:
            j, opts = i + 1, {}
            while j < len(lines) and (lines[j].startswith(" ") or not lines[j].strip()):
                o = re.match(r"^\s+:([\w-]+):\s*(.*)$", lines[j])
                if o:
                    opts[o.group(1)] = o.group(2)
                j += 1
            if "file" in opts:
                with open(os.path.join(base, opts["file"]), encoding="utf-8") as f:
                    data = list(csv.reader(f))
                header = next(csv.reader([opts["header"]], skipinitialspace=True)) if "header" in opts else None
                if header is None and data:
                    header, data = data[0], data[1:]
                tables.append(([h.strip() for h in header], [[c.strip() for c in r] for r in data]))
            i = j
            continue
        i += 1
    return tables


def check_drivers_rst(mods, rule):
    lib, below, above, cap, _ = rule
    rel = "Documentation/drivers.rst"
    text = read(rel)
    tables = rst_tables(text, os.path.join(ROOT, "Documentation"))
    v612, v7x = {}, {}
    for m in mods.values():
        v612.update(m["v612"])
        v7x.update(m["v7x"])
    errs, listed, claims = [], set(), 0
    for header, rows in tables:
        pcols = [k for k, h in enumerate(header) if "priorit" in h.lower()]
        if not pcols:
            continue
        for row in rows:
            drivers = [c.strip("`* ") for c in row if c.strip("`* ") in v612]
            if not drivers:
                continue
            drv = drivers[0]
            listed.add(drv)
            for k in pcols:
                if k >= len(row) or not nums(row[k]):
                    continue
                got = set(nums(row[k]))
                claims += 1
                if re.search(r"\b7\.(\d|x)", header[k]):
                    if got != v7x[drv]:
                        errs.append(f"{drv} {fmt(got)} in '{header[k]}', the code: {fmt(v7x[drv])}")
                elif got != {v612[drv]}:
                    errs.append(f"{drv} {fmt(got)} on 6.12, the code: {v612[drv]}")
    missing = sorted(n for m in mods.values() for n in m["names"]["selected"] if n not in listed)
    if not claims:
        errs.append("no table with a 'priority' column naming a driver")
    elif missing:
        errs.append("selected drivers in no priority table: " + ", ".join(missing))
    result(not errs, f"{rel}: priority tables agree with the code ({claims} figures)"
           + ("" if not errs else ": " + "; ".join(errs)))

    # The section of the 7.x rule: its bold figures are selected priorities
    # of 7.x, the one below the *-lib drivers among them; "at most N" the
    # unit drivers' cap.
    m = re.search(r"^(Priorit[^\n]*\b7\.(?:\d|x)[^\n]*)\n([-=~^\"'`]+)\n(.*?)(?=^[^\n]+\n[-=~^\"'`]{3,}\n|\Z)",
                  text, re.S | re.M)
    if not m:
        result(False, f"{rel}: no section titled 'Priorities on 7.x' (the 7.x rule) found")
    else:
        sec = m.group(3)
        errs = []
        sel7 = set().union(*(mm["sel7"] for mm in mods.values()))
        bold = {int(n) for n in re.findall(r"\*\*(\d{3})\*\*", sec)}
        if not bold:
            errs.append("no bold figure of the rule")
        if bold - sel7:
            errs.append(f"{fmt(bold - sel7)} is no 7.x selected priority (the code: {fmt(sel7)})")
        if lib - below not in bold:
            errs.append(f"the priority where every CPU has the CE unit, {lib - below}, is not stated")
        for n in re.findall(r"at most\s+\**(\d{3})", sec):
            if int(n) != lib - cap:
                errs.append(f"unit drivers 'at most {n}', the code: {lib - cap}")
        result(not errs, f"{rel}: '{m.group(1).strip()}' agrees with selected_priority() and unit_priority()"
               + ("" if not errs else ": " + "; ".join(errs)))
    errs = [f"'-lib drivers ({n})'" for n in re.findall(r"-lib``?\s+drivers?\s*\((\d+)\)", text) if int(n) != lib]
    errs += [f"'-lib`` ... at priority {n}'" for n in re.findall(r"-lib``,?\s.{0,80}?at priority (\d+)", text, re.S)
             if int(n) != lib]
    result(not errs, f"{rel}: the *-lib drivers' priority is LIB_DRIVER_PRIORITY ({lib})"
           + ("" if not errs else ": " + ", ".join(errs)))


# ---- supported kernels --------------------------------------------------

def check_kernels():
    mk = read("Makefile")
    m = re.search(r"^SUPPORTED_KERNELS\s*:?=\s*(.*)$", mk, re.M)
    if not m:
        raise Missing("Makefile: no 'SUPPORTED_KERNELS := ...' line")
    want = m.group(1).split()
    result(bool(want), f"Makefile: SUPPORTED_KERNELS is {' '.join(want)}")
    readme = re.sub(r"\s+", " ", read("README.md"))
    ver = r"(?<![\d.])[5-9]\.\d{1,2}(?![\d])(?:\.y)?"
    lists = [re.findall(r"[5-9]\.\d{1,2}", x.group(0))
             for x in re.finditer(ver + r"(?:(?:,| or| and|, or|, and) " + ver + r")+", readme)]
    errs = [f"'{', '.join(v)}'" for v in lists if sorted(set(v)) != sorted(want)]
    result(bool(lists) and not errs, f"README.md: the kernel versions it lists are the Makefile's"
           f" ({len(lists)} lists)" + ("" if lists else ": no list of kernel versions found")
           + ("" if not errs else ": " + ", ".join(errs) + f" against {', '.join(want)}"))
    dk = read("scripts/debian-kernel.sh")
    reads = re.search(r"SUPPORTED_KERNELS.*\$RSHA_ROOT/Makefile", dk)
    result(bool(reads), "scripts/debian-kernel.sh takes the supported kernels from the Makefile's SUPPORTED_KERNELS"
           + ("" if reads else ": it does not read SUPPORTED_KERNELS from $RSHA_ROOT/Makefile"))


def main():
    global code_below, code_cap, lib
    try:
        RULE = code_rule()
        lib, code_below, above, code_cap, where = RULE
        MODS = code_modules(RULE)
        result(True, f"the code's priorities: LIB_DRIVER_PRIORITY {lib} ({where}); on 7.x a selected driver "
               f"{lib - code_below} where every CPU has its CE unit, else at least {lib + above}; unit drivers "
               f"at most {lib - code_cap}; {len(MODS)} driver modules")
    except Missing as e:
        result(False, f"the code's priorities: {e}")
        MODS = None
    for check in (check_kconfig, check_fragments):
        if MODS is not None:
            try:
                check(MODS, RULE[0])
            except Missing as e:
                result(False, f"{check.__name__}: {e}")
    if MODS is not None:
        try:
            check_drivers_rst(MODS, RULE)
        except Missing as e:
            result(False, f"Documentation/drivers.rst: {e}")
    try:
        check_kernels()
    except Missing as e:
        result(False, f"supported kernels: {e}")
    return 1 if failed else 0


code_below = code_cap = 0
try:
    sys.exit(main())
except Exception as e:  # a bug here is a result too, never a silent pass
    result(False, f"check-docs.py stopped: {type(e).__name__}: {e}")
    sys.exit(2)
