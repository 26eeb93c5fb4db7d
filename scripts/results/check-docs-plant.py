#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The docs checker's negative control: plant one error of each class in a
copy of the checkout and require scripts/results/check-docs.py to report it.

    check-docs-plant.py [CHECKOUT]

The copy holds the checkout's files as git lists them (new ones included),
each with the mode git records. The checker runs on the unplanted copy
first; then, one copy per plant, the error is planted (a plant whose text
is no longer in its file is a FAIL naming it: update PLANTS), the checker
runs with --no-plant, and the plant PASSes only when the checker prints a
FAIL line of the plant's check, naming what was planted, that it did not
print for the unplanted copy (so an error of the checkout itself neither
hides nor fakes a catch). Prints one PASS or FAIL line per class; exits 1
when one failed. Standard library only; a few seconds.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), "..", ".."))
CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-docs.py")
failed = 0


def result(ok, what):
    global failed
    print(("PASS" if ok else "FAIL") + " docs planted-error test: " + what, flush=True)
    if not ok:
        failed += 1


# (class, what, file, regex to find, replacement, the checker's result the
# FAIL must be, text the FAIL line must hold). Each regex must match in the
# checkout as it is; find None: the file loses its run bit.
PLANTS = [
    ("kernels", "a kernel list that is neither of the code's lists", "Documentation/drivers.rst",
     r"6\.12, 7\.2 or 7\.3", "6.12, 7.1 or 7.3", "versions: Documentation/drivers.rst", "7.1"),
    ("kernels", "the Makefile's SUPPORTED_KERNELS beyond the documents' lists", "Makefile",
     r"(?m)^SUPPORTED_KERNELS := .*$", "SUPPORTED_KERNELS := 6.12 7.2 7.3 7.4", "versions: ", "7.4"),
    ("versions", "a kernel version in boards.rst", "Documentation/boards.rst",
     r"6\.12, 7\.2 or 7\.3", "6.12, 7.2 or 7.4", "versions: Documentation/boards.rst", "7.4"),
    ("versions", "a bindgen version", "Documentation/design.rst",
     r"(?m)^(bindgen\s+0\.69\.5\s+)0\.71\.1", r"\g<1>0.72.0", "versions: Documentation/design.rst",
     "bindgen 0.72.0"),
    ("versions", "bindgen 'or later' where the Makefile wants the exact one", "Documentation/design.rst",
     r"(?m)^(bindgen\s+0\.69\.5\s+)0\.71\.1", r"\g<1>0.71.1 or later", "versions: Documentation/design.rst",
     "'or later'"),
    ("figures", "a renamed column of a generated CSV", "Documentation/x86-cycles.csv",
     r"ours / kernel", "ours over kernel", "figures: Documentation/*.csv", "'ours over kernel'"),
    ("figures", "a bold figure changed", "Documentation/performance.rst",
     r"ours 131\.1, in-tree 134\.2", "ours **129.9**, in-tree 134.2",
     "figures: Documentation/performance.rst", "129.9"),
    ("figures", "a two-valued range (the per-call excess)", "Documentation/performance.rst",
     r"by 40-46 a call", "by 45-85 a call", "figures: Documentation/performance.rst", "45-85"),
    ("figures", "a table cell that its source CSV does not have", "Documentation/boards.csv",
     r"0\.41 \(0\.500\)", "0.41 (0.51)", "figures: the cells of CSVs made from others", "0.51"),
    ("figures", "a setting in tiers.csv that the scripts do not have", "Documentation/tiers.csv",
     r"guest timeout,2400 s", "guest timeout,1800 s", "figures: Documentation/tiers.csv", "1800"),
    ("figures", "a debug option the fragments do not set", "Documentation/debug-options.csv",
     r"``DEBUG_KMEMLEAK``,yes,yes,yes,no", "``DEBUG_KMEMLEAK``,yes,yes,yes,yes",
     "figures: Documentation/debug-options.csv", "DEBUG_KMEMLEAK on UML"),
    ("figures", "a table cell that its own row contradicts", "Documentation/selected-6.12.csv",
     r"scalar,524\.0,sha1-generic \(100\),1291\.0,0\.41", "scalar,524.0,sha1-generic (100),1291.0,0.45",
     "figures: ratio columns", "ratio 0.45"),
    ("figures", "a count of targets", "CONTRIBUTING.md",
     r"`RSHA_TARGETS` takes", "`RSHA_TARGETS` takes one of the nine targets,",
     "figures: CONTRIBUTING.md", "'nine' targets"),
    ("names", "a wrong script name", "Documentation/boards.rst",
     r"scripts/build/check-fragments\.sh", "scripts/build/check-fragment.sh",
     "names: Documentation/boards.rst", "check-fragment.sh"),
    ("names", "a wrong driver name", "Documentation/drivers.rst",
     r"``sha256-arm64-auto-rs``", "``sha256-arm64-fast-rs``", "names: Documentation/drivers.rst",
     "sha256-arm64-fast-rs"),
    ("names", "a wrong Kconfig symbol", "Documentation/robustness.rst",
     r"CONFIG_CRYPTO_RSHA_STATS", "CONFIG_CRYPTO_RSHA_STATISTICS", "names: Documentation/robustness.rst",
     "CONFIG_CRYPTO_RSHA_STATISTICS"),
    ("names", "a wrong target", "CONTRIBUTING.md", r"arm64-7\.3-test", "arm64-7.4-test",
     "names: CONTRIBUTING.md", "arm64-7.4-test"),
    ("names", "an option a script does not have", "Documentation/performance.rst",
     r"scripts/performance/bench\.sh arm-thumb2-bench", "scripts/performance/bench.sh --thumb arm-thumb2-bench",
     "names: Documentation/performance.rst", "no option --thumb"),
    ("imports", "an import against the stated rule", "rust/rsha/bindings.rs",
     r"\Z", "\nuse super::driver::Driver;\n", "imports: ", "bindings.rs imports driver.rs"),
    ("rules", "a rule stated twice", "Documentation/robustness.rst",
     r"\Z", "\nOn 32-bit ARM the drivers run the scalar core whenever interrupts are off.\n",
     "rules: ", "stated again in Documentation/robustness.rst"),
    ("run bits", "a script the documents name without its run bit", "scripts/test.sh", None, None,
     "run bits: ", "scripts/test.sh"),
    ("sizes", "documents over the word limit", "CONTRIBUTING.md",
     r"at most\s+15,000 words", "at most 1,000 words", "sizes: ", "at most 1000"),
    ("priorities", "a priority the code does not decide", "Documentation/drivers.rst",
     r"registers at \*\*290\*\*", "registers at **295**", "priorities: Documentation/drivers.rst", "295"),
]


def copy_checkout(dst):
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-s"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"error: {ROOT} is no git checkout (git ls-files -s failed): {out.stderr.strip()}")
    modes = {}
    for line in out.stdout.splitlines():
        meta, path = line.split("\t", 1)
        modes[path] = meta.split()[0]
    new = subprocess.run(["git", "-C", ROOT, "ls-files", "-o", "--exclude-standard"],
                         capture_output=True, text=True).stdout.split()
    for path in new:
        p = os.path.join(ROOT, path)
        if os.path.isfile(p):
            modes.setdefault(path, "100755" if os.stat(p).st_mode & 0o100 else "100644")
    for path, mode in modes.items():
        src = os.path.join(ROOT, path)
        if not os.path.isfile(src) or os.path.islink(src):
            continue
        d = os.path.join(dst, path)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        shutil.copyfile(src, d)
        os.chmod(d, 0o755 if mode == "100755" else 0o644)


def check(copy):
    p = subprocess.run([sys.executable, CHECKER, "--no-plant", copy], capture_output=True, text=True)
    return p.returncode, [x for x in p.stdout.splitlines() if x.startswith("FAIL ")]


def main():
    with tempfile.TemporaryDirectory(prefix="rsha-docs-plant-") as tmp:
        clean = os.path.join(tmp, "clean")
        copy_checkout(clean)
        rc, before = check(clean)
        if rc not in (0, 1):
            result(False, f"the checker stopped on the unplanted copy (exit {rc}): "
                   f"{before[-1] if before else 'no FAIL line'}")
            return 1
        for cls, what, rel, find, repl, prefix, want in PLANTS:
            copy = os.path.join(tmp, "plant")
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(clean, copy)
            path = os.path.join(copy, rel)
            if find is None:
                os.chmod(path, 0o644)
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
                planted, k = re.subn(find, lambda m: m.expand(repl), text, count=1)
                if not k:
                    result(False, f"{cls}: {what}: /{find}/ is no longer in {rel}: update PLANTS")
                    continue
                with open(path, "w", encoding="utf-8") as f:
                    f.write(planted)
            rc, fails = check(copy)
            hit = [x for x in fails if x.startswith("FAIL docs: " + prefix) and want in x and x not in before]
            result(bool(hit) and rc == 1, f"{cls}: {what} ({rel}) is reported"
                   + (f": {hit[0][:160]}" if hit else f": not reported (checker exit {rc}, "
                      f"{len(fails)} FAIL lines{': ' + fails[0][:160] if fails else ''})"))
    return 1 if failed else 0


sys.exit(main())
