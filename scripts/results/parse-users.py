#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Results of the in-kernel users run by scripts/guest/initramfs/users.sh, from a guest log.

    parse-users.py LOG --label L --drivers d1,d2,... --expected EXPECTED.TSV

Prints one "PASS <L>: <check>" or "FAIL <L>: <check>: <why>" line per check;
exit status: the number of failures (capped at 100).
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--label", default="guest")
    ap.add_argument("--drivers", required=True)
    ap.add_argument("--expected", required=True)
    args = ap.parse_args()
    with open(args.log, errors="replace") as f:
        lines = [l.rstrip("\r\n") for l in f]
    results = []

    def res(ok, what, why=""):
        results.append((ok, what, why))

    sec = console.sections(lines)
    drivers = [d for d in args.drivers.split(",") if d]
    alg_of = {d: d.split("-")[0] for d in drivers}

    # 1. Test vectors: every vector of every set, with every driver of its algorithm.
    expected = {}
    kind = {}
    for line in open(args.expected):
        s, i, md = line.split()
        expected.setdefault(s, {})[int(i)] = md
        kind[s] = "hmac" if s.startswith("hmac-") else "hash"
    got = {}
    for l in lines:
        m = re.match(re.escape(MARK) + r"(cavp|cavp-split|cavp-kcapi) (\S+) (\S+) (\d+) (\S*)", l)
        if m:
            got.setdefault((m.group(1), m.group(2), m.group(3)), {})[int(m.group(4))] = \
                m.group(5).lower()
    for s, vectors in sorted(expected.items()):
        alg = s.split("-")[1] if kind[s] == "hmac" else s.split("-")[0]
        # (report, which vectors, how): every vector whole; the hash sets' again
        # split into MSG_MORE pieces; vector 0 through Debian's kcapi-dgst.
        reports = [("cavp", sorted(vectors), "")]
        if kind[s] == "hash":
            reports.append(("cavp-split", sorted(vectors), ", split into MSG_MORE pieces"))
        reports.append(("cavp-kcapi", [0], ", through Debian's kcapi-dgst"))
        for d in (d for d in drivers if alg_of[d] == alg):
            name = f"hmac({d})" if kind[s] == "hmac" else d
            for report, which, how in reports:
                g = got.get((report, s, d), {})
                bad = [i for i in which if g.get(i) != vectors[i]]
                res(not bad, f"{s} vectors through AF_ALG with {name} ({len(which)}{how})",
                    f"{len(bad)} wrong or missing, first #{bad[0]}: got {g.get(bad[0], 'nothing')}"
                    if bad else "")

    steps = {}
    for l in lines:
        m = re.match(re.escape(MARK) + r"user (\S+) rc=(\d+)\s*(.*)", l)
        if m:
            steps[m.group(1)] = (int(m.group(2)), m.group(3))
    res("done" in steps, "in-kernel users script runs to the end", "no done marker")

    def ok(step, what=None):
        rc, msg = steps.get(step, (None, "did not run"))
        res(rc == 0, what or step, f"exit {rc}: {msg}")

    def fails(step, what):
        rc, msg = steps.get(step, (None, "did not run"))
        res(rc not in (None, 0), what, "succeeded" if rc == 0 else msg)

    def ours_in_crypto(section, pattern, what):
        algs = console.proc_crypto(sec.get(f"proc-crypto {section}", []))
        names = [a.get("driver", "") for a in algs]
        hit = [n for n in names if re.fullmatch(pattern, n)]
        res(bool(hit), what, f"no driver matching {pattern} in /proc/crypto")

    def ours(alg):
        return "|".join(re.escape(d) for d in drivers if alg_of[d] == alg)

    # 2. dm-verity.
    for h in ("sha256", "sha512"):
        for st in ("format", "verify", "open", "read", "close"):
            ok(f"verity-{h}-{st}", f"dm-verity {h}: {st}")
        log = sec.get(f"dmesg verity-{h}-open", [])
        used = [l for l in log if re.search(rf"verity: {h} using (shash|ahash) \"({ours(h)})\"", l)]
        res(bool(used), f"dm-verity {h} is served by our driver",
            next((l for l in log if "using" in l), "no 'using' line from dm-verity"))
        fails(f"verity-{h}-corrupt-verify", f"dm-verity {h}: verify fails after a flipped byte")
        fails(f"verity-{h}-corrupt-read", f"dm-verity {h}: reading the corrupted block gives an I/O error")

    # 3. dm-crypt, aes-cbc-essiv:sha256.
    for st in ("open", "write", "close-reopen", "read", "same", "ciphertext-differs", "close"):
        ok(f"crypt-{st}", f"dm-crypt aes-cbc-essiv:sha256: {st}")
    ours_in_crypto("crypt", rf"essiv\(cbc\(.*\),({ours('sha256')})\)",
                   "dm-crypt ESSIV instantiated over our sha256")

    # 4. dm-integrity.
    for mode in ("sha256", "hmac-sha256"):
        for st in ("format", "open", "write", "read", "close", "marker-found", "reopen"):
            ok(f"integrity-{mode}-{st}", f"dm-integrity {mode}: {st}")
        fails(f"integrity-{mode}-corrupt-read", f"dm-integrity {mode}: corrupted sector detected (I/O error)")
    ours_in_crypto("integrity-hmac-sha256", rf"hmac\(({ours('sha256')})\)",
                   "dm-integrity hmac(sha256) instantiated over our sha256")
    algs = console.proc_crypto(sec.get("proc-crypto integrity-sha256", []))
    base = console.proc_crypto(sec.get("proc-crypto", []))
    refs = {a.get("driver"): int(a.get("refcnt", 0)) for a in algs}
    refs0 = {a.get("driver"): int(a.get("refcnt", 0)) for a in base}
    held = [d for d in drivers if alg_of[d] == "sha256" and refs.get(d, 0) > refs0.get(d, 0)]
    res(bool(held), "dm-integrity sha256 holds our sha256 driver (refcnt grew)",
        "no sha256 driver of ours gained a reference")

    # 5. IPsec.
    for auth in ("sha256", "sha512"):
        ok(f"ipsec-{auth}-ping", f"IPsec ESP hmac({auth}): ping through the tunnel")
        rc, msg = steps.get(f"ipsec-{auth}-counters", (None, ""))
        m = re.search(r"(\d+)\(packets\)", msg)
        res(bool(m) and int(m.group(1)) > 0, f"IPsec ESP hmac({auth}): SA packet counter grows",
            msg or "no counters")
        ours_in_crypto(f"ipsec-{auth}", rf"hmac\(({ours(auth)})\)",
                       f"IPsec hmac({auth}) instantiated over our {auth}")

    # Modules still referenced after the users: only the default DRBG may hold one,
    # through hmac(<our sha512 driver>); anything else is a leak.
    final = console.proc_crypto(sec.get("proc-crypto final", []))
    refs = {a.get("driver"): int(a.get("refcnt", 0)) for a in final}
    drbg = any(d.startswith("drbg_") and "hmac_sha512" in d for d in refs)
    for l in lines:
        m = re.match(re.escape(MARK) + r"user pinned rc=0 (\S+) (\d+)", l)
        if not m:
            continue
        mod = m.group(1)
        by_drbg = mod.startswith("sha512_") and drbg and any(
            refs.get(f"hmac({d})", 0) >= 2 for d in drivers if alg_of[d] == "sha512")
        res(by_drbg, f"module {mod} stays referenced only by the kernel's default DRBG "
            "(drbg_*_hmac_sha512 on hmac(<our sha512>))",
            f"{mod} still has {m.group(2)} references after the users were torn down")

    return console.report(args.label, results)


if __name__ == "__main__":
    sys.exit(main())
