#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""check-cpu-types.py [--label NAME] [--negative-control] LOG MODULE...: the checks of
scripts/guest/cpu-types.sh on its guest's console LOG (scripts/guest/initramfs/cpu-types.sh
writes it). Per module: each CPU type measured once, in the phase that brought it; after
each phase, every online CPU and only those in the units file, with its type (the real one
plus the CPU's digit of fake_cpu_types) and that type's unit; a hash on each online CPU
equal to the kernel driver's and counted in that unit's blocks only. PASS/FAIL lines on
standard output, measurement times on standard error.

--negative-control checks the same log against two wrong expectations, CPUs 1 and 2's
digits swapped and every CPU's unit another than its type's, and prints a PASS for each
that the check FAILs, a FAIL otherwise. Exit status 1 when a check failed."""
import argparse
import re
import sys

UNITS = ("scalar", "neon", "ce")
DIGEST_HEX = {"sha1": 40, "sha256": 64, "sha512": 128}
# When each type offset is measured first (the guest's phases).
FIRST_MEASURED = {0: "load", 1: "types", 2: "types", 3: "new"}
TYPE_LINE = re.compile(r"(\w+_rs): CPU type (0x[0-9a-f]+) \((\d+) CPUs?\): .*\(clock step (\d+) ns, "
                       r"spans of (\d+) ns, best of (\d+), .* in (\d+) us\): (\w+)$")
MIDR = re.compile(r"Booting Linux on physical CPU \S+ \[(0x[0-9a-f]+)\]")


def cpu_set(text):
    """The CPUs of a sysfs list such as 0-1,3."""
    cpus = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        cpus.update(range(int(lo), int(hi or lo) + 1))
    return cpus


def parse(path):
    """The boot's phases in order, each a dict; the MIDR of the boot CPU; errors; the
    guest's uptime at the end of the last phase."""
    phases, midr, errors, section, body = [], None, [], None, []
    end = None
    for line in open(path, errors="replace"):
        line = line.rstrip("\r\n")
        if (m := MIDR.search(line)) and midr is None:
            midr = int(m[1], 16)
        if not line.startswith("@@RSHA "):
            if section:
                body.append(line)
            continue
        words = line.split()
        if words[1] == "phase":
            fields = dict(w.split("=", 1) for w in words[3:])
            phases.append({"name": words[2], "fake": int(fields["fake"], 0),
                           "online": cpu_set(fields["online"]), "uptime": fields.get("uptime"),
                           "units": {}, "types": [], "hashes": []})
        elif words[1] == "begin":
            section, body = words[2:], []
        elif words[1] == "end" and section and phases:
            if section[0] == "units":
                phases[-1]["units"][section[1].replace("-", "_")] = units_file(body)
            elif section[0] == "dmesg":
                phases[-1]["types"] += [m.groups() for m in map(TYPE_LINE.search, body) if m]
            section = None
        elif words[1] == "hash" and phases:
            fields = dict(w.split("=", 1) for w in words[3:6])
            phases[-1]["hashes"].append((words[2], int(fields["cpu"]), fields["digest"], fields["ref"],
                                         [int(b) - int(a) for a, b in zip(words[7:10], words[10:13])]))
        elif words[1] == "end-phase":
            end = words[2].split("=", 1)[1]
        elif words[1] == "error":
            errors.append(line)
    return phases, midr, errors, end


def units_file(lines):
    """A units file: {type id: unit}, {cpu: (type id, unit)}."""
    types, cpus = {}, {}
    for line in lines:
        if m := re.match(r"type (0x[0-9a-f]+): .*: (\w+)$", line):
            types[int(m[1], 16)] = m[2]
        elif m := re.match(r"cpu (\d+): type (0x[0-9a-f]+): (\w+)$", line):
            cpus[int(m[1])] = (int(m[2], 16), m[3])
    return types, cpus


def digit(fake, cpu):
    return (fake >> (4 * cpu)) & 15


def check(phases, midr, errors, modules, swap=False, other_unit=False):
    """(ok, text) per check: for each module, its measurements, then each phase."""
    results = []
    if not phases or phases[0]["name"] != "load":
        return [(False, "the guest reported no phase (the boot failed: see its console)")]
    results += [(False, f"the guest: {e}") for e in errors]

    def expected_digit(fake, cpu):
        if swap and cpu in (1, 2):
            cpu = 3 - cpu
        return digit(fake, cpu)

    for module in modules:
        mod = module.replace("-", "_")
        alg = module.split("-")[0]
        load_cpus = phases[0]["units"].get(mod, ({}, {}))[1]
        real = {t for t, _ in load_cpus.values()}
        if len(real) != 1:
            results.append((False, f"{mod}: at load the CPUs have {len(real)} types, not one: {sorted(map(hex, real))}"))
            continue
        real = real.pop()
        if midr is not None and real != midr & 0xFF00FFF0:
            results.append((False, f"{mod}: the type at load {real:#010x} is not the boot CPU's MIDR "
                                   f"{midr:#010x} without variant and revision"))
            continue
        # Each type once, in the phase that brought it, with the unit its units entry has.
        measured = [(p["name"], int(t[1], 16), t[7], int(t[6])) for p in phases for t in p["types"] if t[0] == mod]
        problems = []
        for offset, phase in FIRST_MEASURED.items():
            lines = [m for m in measured if m[1] == real + offset]
            if len(lines) != 1 or lines[0][0] != phase:
                problems.append(f"type +{offset}: {len(lines)} measurement lines "
                                f"(phases {', '.join(m[0] for m in lines) or 'none'}; expected one, in '{phase}')")
        extra = [m for m in measured if m[1] - real not in FIRST_MEASURED]
        if extra:
            problems.append(f"types measured but never given: {', '.join(hex(m[1]) for m in extra)}")
        choices = ", ".join(f"+{m[1] - real} {m[2]}" for m in sorted(measured, key=lambda m: m[1]))
        results.append((not problems, f"{mod}: each of the 4 CPU types (real {real:#010x} and +1, +2, +3) measured "
                                       f"once, when its first CPU came online ({choices})" +
                        (f": {'; '.join(problems)}" if problems else "")))
        for p in phases:
            types, cpus = p["units"].get(mod, ({}, {}))
            problems = []
            if set(cpus) != p["online"]:
                problems.append(f"units file lists CPUs {sorted(cpus)}, online are {sorted(p['online'])}")
            want_units = {}
            for c in sorted(p["online"]):
                want_type = real + expected_digit(p["fake"], c)
                unit = types.get(want_type)
                if unit is not None and other_unit:
                    unit = next(u for u in UNITS if u != unit)
                want_units[c] = unit
                got = cpus.get(c)
                if unit is None:
                    problems.append(f"CPU {c}: its type {want_type:#010x} has no entry")
                elif got != (want_type, unit):
                    problems.append(f"CPU {c}: entry {got[0]:#010x} {got[1]} " if got else f"CPU {c}: no entry ")
                    problems[-1] += f"(want {want_type:#010x} {unit})"
            hashes = {h[1]: h for h in p["hashes"] if h[0] == module}
            for c, unit in want_units.items():
                h = hashes.get(c)
                if h is None:
                    problems.append(f"CPU {c}: no hash")
                    continue
                _, _, digest, ref, deltas = h
                if not re.fullmatch(f"[0-9a-f]{{{DIGEST_HEX[alg]}}}", digest) or digest != ref:
                    problems.append(f"CPU {c}: digest {digest[:24]} vs the kernel's {alg} {ref[:24]}")
                ran = [u for u, d in zip(UNITS, deltas) if d]
                if unit is not None and ran != [unit]:
                    problems.append(f"CPU {c}: blocks counted in {', '.join(ran) or 'no unit'}, want {unit} only")
            cpus_text = " ".join(f"{c}:+{expected_digit(p['fake'], c)}" for c in sorted(p["online"]))
            results.append((not problems, f"{mod} after '{p['name']}' (fake_cpu_types {p['fake']:#x}): "
                                          f"online CPUs {cpus_text} have their type's entry and unit, and hash "
                                          f"{alg} as the kernel's driver in that unit" +
                            (f": {'; '.join(problems[:4])}" if problems else "")))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--label", default="cpu-types")
    ap.add_argument("--negative-control", action="store_true")
    ap.add_argument("log")
    ap.add_argument("modules", nargs="+")
    a = ap.parse_args()
    phases, midr, errors, end = parse(a.log)
    failed = False
    if a.negative_control:
        for what, kw in (("CPUs 1 and 2's types swapped", {"swap": True}),
                         ("each CPU's unit another than its type's", {"other_unit": True})):
            fails = [t for ok, t in check(phases, midr, errors, a.modules, **kw) if not ok]
            honest = [t for ok, t in check(phases, midr, errors, a.modules) if not ok]
            if fails and not honest:
                print(f"PASS {a.label}: negative control: an expectation with {what} FAILs "
                      f"({len(fails)} checks), e.g.: {fails[0][:200]}")
            else:
                failed = True
                print(f"FAIL {a.label}: negative control with {what}: "
                      + ("the check passes it" if not fails else "the honest check fails too (see its FAILs)"))
        return 1 if failed else 0
    for ok, text in check(phases, midr, errors, a.modules):
        failed |= not ok
        print(f"{'PASS' if ok else 'FAIL'} {a.label}: {text}")
    marks = [f"{p['name']} {p['uptime']}" for p in phases] + [f"end {end}"]
    print(f"guest uptime at each phase (s): {', '.join(marks)}", file=sys.stderr)
    print(f"unit choice per module and CPU type ({a.label}): clock step, span, turns, measurement time",
          file=sys.stderr)
    for p in phases:
        for mod, type_id, cpus, step, span, turns, us, unit in p["types"]:
            print(f"  {mod:16} {type_id} ({p['name']:5}) step {step} ns, span {span} ns, best of {turns}, "
                  f"measured in {us} us: {unit}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
