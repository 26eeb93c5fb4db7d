#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""One boot of the Debian system test (scripts/guest/debian-system.sh) as
PASS/FAIL lines: the KTAP document of its console log
(scripts/guest/debian-system/step.sh), read with the kernel's kunit.py.

    parse-debian-system.py LOG --label LABEL --boot BOOT --ksrc TREE [--subtest PREFIX]

The document's subtest is PREFIX-BOOT: debian-system-install ... of
scripts/guest/debian-system/step.sh, debian-lifecycle-old ... of
scripts/guest/debian-system/lifecycle.sh.

Exits non-zero when the document is missing or cut short; the failed cases
are in the lines.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rsha_console as console  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--label", required=True)
    ap.add_argument("--boot", required=True, help="the boot's name: install, installed, removed, enforced; old, new, upgraded")
    ap.add_argument("--subtest", default="debian-system", help="the subtest's name before -BOOT")
    ap.add_argument("--ksrc", required=True, help="a kernel tree, for tools/testing/kunit/kunit.py")
    args = ap.parse_args()

    lines = console.read(args.log)
    kt = console.ktap(args.log, lines, args.ksrc)
    name = f"{args.subtest}-{args.boot}"
    group = kt.group(name) if kt.found else None
    results = []
    if group is None:
        results.append((False, f"boot '{args.boot}' reports its KTAP document",
                        f"no '# Subtest: {name}' in {args.log}"))
    else:
        # Its own result line is the sum of its cases: not a case.
        for case in (c for c in group.get("test_cases", []) if c["name"] != name):
            what = case["name"] or "<a case cut short>"
            detail = kt.detail(name, case["name"]) if case["name"] else ""
            ok = case["status"] == "PASS"
            results.append((ok, f"{args.boot}: {what}" + (f" ({detail})" if ok and detail else ""),
                            detail or case["status"]))
        crashed = kt.crashed(name)
        results.append((not crashed, f"boot '{args.boot}' runs to its end",
                        f"cut short: {', '.join(crashed)}"))
    console.report(args.label, results)
    return 0 if group is not None else 1


if __name__ == "__main__":
    sys.exit(main())
