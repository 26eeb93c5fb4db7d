#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Named results of one guest boot, from its console log (scripts/guest/initramfs/init).

    parse.py LOG --label L --ksrc KSRC --drivers d1,d2,... [--absent d3,...]
             --selected alg=driver,... --modules m1,m2,... --negative-control D
             [--expected EXPECTED.TSV] [--latency-out FILE]
        prints one "PASS <L>: <check>" or "FAIL <L>: <check>: <why>" line per check.
    parse.py LOG --table
        prints the tcrypt speed tables found in the log.

The guest's test results (loading, the negative control, module lifetime, the
robustness test module, the in-kernel users, unloading) are a KTAP document,
read with the kernel's own KSRC/tools/testing/kunit/kunit.py parse (KSRC: the
extracted kernel tree; default $RSHA_KSRC). The rest is checked here, from the
data the guest prints: each driver's self-test status in /proc/crypto, the
kernel's messages (testmgr, oopses, KASAN, lockdep, kmemleak), which driver
tcrypt picked, the drivers' statistics and the test vectors' digests
(--expected: the boot that ran scripts/guest/initramfs/users.sh).
--latency-out appends one CSV row per NEON driver (label, driver, sections,
largest section in bytes, mean and largest section in ns): a measurement, never
a pass/fail criterion.

Each result line is printed as soon as it is decided, after a first line
"EXPECT N results": the least number of results the arguments call for (the
drivers, modules, selected drivers and checks of the boot); scripts/test.sh
counts the lines it got against it. A check that raises is a FAIL line naming
it, and the others still run.

Exit status: 0 when all passed, 1 when a check failed, 3 when a check raised.
"""
import argparse
import os
import re
import sys
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
import rsha_console as console  # noqa: E402

# What rust/testing/robustness_test.rs reports for every driver present.
PER_DRIVER_TESTS = ["ctx-task", "ctx-preempt-off", "ctx-irqs-off", "ctx-softirq",
                    "ctx-hardirq", "misalign", "zero-length", "import-random",
                    "counter-wrap", "export-interop", "overlap"]
# kernel_neon_begin() sections are cut at this many bytes on 32-bit ARM, and
# not at all on arm64 (rust/rsha/simd.rs); --neon-bound says which.
NEON_SECTION_BYTES = 4096
# The robustness test module's document, a subtest of "robustness".
MODULE_TEST = "rsha_robustness_test"

# Kernel messages that mean something went wrong, whatever the step.
SPLAT = re.compile(r"Oops|BUG:|WARNING:|Kernel panic|Unable to handle|Call trace:|"
                   r"general protection|UBSAN:|KASAN:|rcu_sched self-detected|"
                   r"soft lockup|hung_task|kernel BUG|suspected memory leak")


# The WARN testmgr raises when a driver fails its self-tests (crypto/testmgr.c,
# alg_test): 6.12's "WARNING: CPU: N PID: N at FILE:LINE FUNC" and 7.x's
# "WARNING: FILE:LINE at FUNC, CPU#N: COMM/PID" (kernel/panic.c, __warn).
# alg_test itself, or a part of it gcc splits off (alg_test.part.0: Debian's
# armhf kernel; alg_test.cold: its amd64 kernel).
TESTMGR_WARN = re.compile(r"WARNING: (CPU: \d+ PID: \d+ at crypto/testmgr\.c:\d+ alg_test(?:\.part\.\d+|\.cold)?\+"
                          r"|crypto/testmgr\.c:\d+ at alg_test(?:\.part\.\d+|\.cold)?\+)")


class Excused(set):
    """Line numbers of a section's excused WARNs, and how many WARNs: the
    negative control's (blocks), and of drivers not ours that timed out
    (foreign, their names in names)."""

    def __init__(self):
        super().__init__()
        self.blocks, self.foreign, self.names = 0, 0, []


def testmgr_warns(lines, neg):
    """The WARNs testmgr raises that are not a fault of ours, as line numbers
    of lines: a WARNING line that is testmgr's (TESTMGR_WARN) with, among the
    three lines before it, testmgr's self-test failure of
    - the negative control's sha256 through NEG or hmac(sha256) through
      hmac-NEG, once per driver (they must fail; counted in .blocks), or
    - a driver not ours (no "-rs" in its name) that failed with -110
      (ETIMEDOUT): its own allocation waited out crypto_larval_wait's 60 s,
      which a debug kernel under emulation and load can (counted in
      .foreign, the drivers named in .names);
    and as many "Call trace:" lines, their traces' heads. The negative
    control's two drivers are tested at once, so their WARNs' lines may
    interleave: only these lines are excused, and any other WARNING, oops or
    report in the section is not."""
    out = Excused()
    ours = re.compile(r"(?:^|\] )alg: self-tests for (sha256 using " + re.escape(neg)
                      + r"|hmac\(sha256\) using hmac-" + re.escape(neg)
                      + r") failed \(rc=-?\d+\)$") if neg else None
    timeout = re.compile(r"(?:^|\] )alg: self-tests for \S+ using (\S+) failed \(rc=-110\)$")
    seen = set()
    for i, line in enumerate(lines):
        if not TESTMGR_WARN.search(line):
            continue
        before = lines[max(i - 3, 0):i]
        which = next((m.group(1) for m in (ours.search(l) for l in before) if m
                      and m.group(1) not in seen), None) if ours else None
        if which:
            seen.add(which)
            out.add(i)
            out.blocks += 1
            continue
        slow = next((m.group(1) for m in (timeout.search(l) for l in before) if m
                     and "-rs" not in m.group(1)), None)
        if slow:
            out.add(i)
            out.foreign += 1
            out.names.append(slow)
    out.update([i for i, l in enumerate(lines) if "Call trace:" in l][:out.blocks + out.foreign])
    return out


def required_log_sections(args):
    """The kernel log sections ("@@RSHA begin dmesg NAME") every boot of
    these arguments prints (scripts/guest/initramfs/init, robustness.sh and,
    with --expected, users.sh and autoload.sh's): a missing one is a part of
    the boot whose kernel messages nobody scanned."""
    names = ["boot", "depmod"] + [f"insmod-{m}" for m in [x for x in args.modules.split(",") if x]]
    names.append("end")
    if args.negative_control:
        names += ["insmod-negative-control", "rmmod-negative-control", "lifetime-cycles",
                  "lifetime-units", "lifetime-reload", "lifetime-hotplug", "robustness-test",
                  "robustness-end"]
    if args.expected:
        names += ["autoload", "crypt", "integrity-sha256", "integrity-hmac-sha256",
                  "ipsec-sha512", "ipsec-sha256", "cavp", "compare", "compare-negative-control"]
        names += [f"verity-{v}-{part}" for v in ("sha256", "sha512", "sha256-v0")
                  for part in ("open", "corrupt")]
    return names


# A CPU's line in a module's units file (rust/rsha/select.rs).
UNITS_CPU_LINE = re.compile(r"cpu (\d+): type (\S+): (\S+)")


def cpu_count(spec):
    """Number of CPUs in a kernel CPU list ("0-3,5")."""
    n = 0
    for part in filter(None, spec.split(",")):
        lo, _, hi = part.partition("-")
        n += int(hi or lo) - int(lo) + 1 if lo.isdigit() and (hi or lo).isdigit() else 0
    return n


def num(value):
    """The number a /proc/crypto field holds; 0 for a field that is missing
    or cut short (a truncated console), which no check takes for a real one."""
    return int(value) if isinstance(value, str) and value.lstrip("-").isdigit() else 0


def names(csv):
    return [x for x in csv.split(",") if x]


def alg_of_driver(d):
    """The algorithm of our driver D: sha256 for sha256-arm64-auto-rs,
    hmac(sha256) for hmac-sha256-arm64-auto-rs."""
    if d.startswith("hmac-"):
        return f"hmac({d.split('-')[1]})"
    return d.split("-")[0]


# The names of the scalar, vector and crypto units per architecture of the
# modules (rust/rsha/select.rs, unit_name), in the driver names, debugfs and
# unit=; the crypto unit's name in messages; what the SIMD sections are.
UNIT_NAMES = {"x86_64": ("scalar", "avx2", "ni")}
ARM_UNITS = ("scalar", "neon", "ce")
CRYPTO_UNIT = {"x86_64": "SHA-NI unit"}
SECTION_KIND = {"x86_64": "FPU"}


def read_expected(path):
    """The test vectors' digests (scripts/results/cavp-vectors.py,
    expected.tsv: "SET INDEX DIGEST" lines): {set: {index: digest}}."""
    expected = {}
    with open(path) as f:
        for line in f:
            s, i, md = line.split()
            expected.setdefault(s, {})[int(i)] = md
    return expected


def vector_checks(args, expected):
    """The test vector results of a boot that ran the users: (set, driver,
    the name it was bound by, report, which vectors, how) for every set of
    expected and every driver of its algorithm; HMAC sets through the hmac
    template over each hash driver and through each HMAC driver of ours."""
    out = []
    drivers = names(args.drivers)
    for s, vectors in sorted(expected.items()):
        hmac = s.startswith("hmac-")
        alg = s.split("-")[1] if hmac else s.split("-")[0]
        for d in drivers:
            if not (alg_of_driver(d) == alg or hmac and alg_of_driver(d) == f"hmac({alg})"):
                continue
            selected = d.endswith("-auto-rs")
            if args.cavp_drivers == "selected" and not selected:
                continue
            # Every vector whole; the hash sets' again split into MSG_MORE
            # pieces with the selected drivers (the comparison splits every
            # driver's messages); vector 0 through Debian's kcapi-dgst.
            reports = [("cavp", sorted(vectors), "")]
            if not hmac and selected:
                reports.append(("cavp-split", sorted(vectors), ", split into MSG_MORE pieces"))
            reports.append(("cavp-kcapi", [0], ", through Debian's kcapi-dgst"))
            name = f"hmac({d})" if hmac and alg_of_driver(d) == alg else d
            out += [(s, d, name, report, which, how) for report, which, how in reports]
    return out


def declared_results(args):
    """The least number of results a boot of these arguments yields: what
    the checks below print for each driver, module, selected driver and
    kernel log section the boot must have, whatever its console says (a
    missing part of it is a FAIL, not a missing result). The results the
    console's own content adds (each KTAP step beyond these, each robustness
    test, each more log section) come on top."""
    drivers, modules = names(args.drivers), names(args.modules)
    absent, selected = names(args.absent), names(args.selected)
    neg, users = args.negative_control, bool(args.expected)
    units = len(UNIT_NAMES.get(module_arch(modules), ARM_UNITS))
    # 1. The boot: reaches /init, runs to the end, KTAP complete; depmod;
    # insmod and settled self-tests per module, the negative control's
    # three steps, rmmod per module (the users boot's DRBG keeps one);
    # on-demand loading and its CPU modalias step (users boot); two per
    # driver in /proc/crypto, one per absent driver, testmgr's comparison,
    # testmgr per driver, the negative control's two; one per required
    # kernel log section; no panic; five per selected driver (its rank and
    # its HMAC's, the HMAC one above, tcrypt's pick and its table).
    n = 3 + 1 + 2 * len(modules) + (3 if neg else 0) + len(modules) - (1 if users else 0)
    n += (2 if users else 0) + 2 * len(drivers) + len(absent) + 1 + len(drivers)
    n += (2 if neg else 0) + len(required_log_sections(args)) + 1 + 5 * len(selected)
    # 2. Lifetime and robustness: cycles, forced units and reload per
    # module; hotplug (not on UML); each driver after the reload; the test
    # module and the negative control load; the module ran to its end, every
    # test reported per driver and the negative control, threads, absent
    # drivers; three unit checks per module; statistics per driver (one at
    # least); rmmod refused per module, both test modules unload; kmemleak.
    n += len(modules) * (2 + units) + (0 if args.uml else 1) + len(drivers) + 2
    n += 1 + len(drivers) + 1 + 1 + 1 + 3 * len(modules) + len(drivers) + len(modules) + 2
    n += 0 if args.distro or args.uml else 1
    # 3. The users: the test vectors, the comparison per driver and its
    # negative control, the references released; dm-verity 3 x 8, dm-crypt 7 and ESSIV,
    # dm-integrity 2 x 8 and 2, IPsec 2 x 3.
    if users:
        n += len(vector_checks(args, read_expected(args.expected))) + len(drivers) + 1 + 1
        n += 3 * 8 + 8 + 2 * 8 + 2 + 2 * 3
    return n


def module_arch(modules):
    """The architecture of our modules, from their names (sha1-<arch>-rs)."""
    return next((m.split("-", 1)[1].rsplit("-", 1)[0] for m in modules if m.count("-") >= 2), "")


def crash_note(crashed):
    """What kunit.py found missing or crashed, shortly."""
    more = f" and {len(crashed) - 3} more" if len(crashed) > 3 else ""
    return f"missing or crashed: {', '.join(crashed[:3])}{more}"


class Checks:
    """The (ok, what, why) results of one boot."""

    def __init__(self, args, lines, kt):
        self.args, self.lines, self.kt = args, lines, kt
        self.sec = console.sections(lines)
        self.passed = self.failed = self.crashed = 0
        self.arch = module_arch(names(args.modules))
        self.units = UNIT_NAMES.get(self.arch, ARM_UNITS)
        self.crypto_unit = CRYPTO_UNIT.get(self.arch, "Crypto Extensions unit")

    def res(self, ok, what, why=""):
        """One result, printed at once: a crash later loses none before it."""
        if ok:
            self.passed += 1
            print(f"PASS {self.args.label}: {what}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {self.args.label}: {what}: {why}", flush=True)

    def run(self, section, checks):
        """Run the checks of one section; one that raises is a FAIL naming
        it (its traceback on standard error) and the next section still runs."""
        try:
            checks()
        except Exception as e:  # noqa: BLE001 - any crash is a result
            self.crashed += 1
            traceback.print_exc()
            self.res(False, f"parse.py's {section} checks ran to their end",
                     f"{type(e).__name__}: {e} (traceback on parse.py's standard error)")

    def step(self, subtest, name, what=None):
        """A step the guest reported in subtest: passed when its KTAP result is ok."""
        status = self.kt.status((subtest,), name)
        why = self.kt.detail(subtest, name) or "no KTAP result" if status is None else \
            f"{status}: {self.kt.detail(subtest, name)}"
        self.res(status == "PASS", what or name, why)

    # 1. The boot.
    def boot(self):
        args, lines, kt, sec = self.args, self.lines, self.kt, self.sec
        res = self.res
        started = any(l.startswith(console.MARK + "start") for l in lines)
        res(started, "boot reaches /init", "no start marker: the kernel did not run the initramfs")
        last = next((l for l in reversed(lines) if l.strip()), "empty log")
        res(any(l.startswith(console.MARK + "done") for l in lines), "guest runs to the end",
            f"no done marker; last console line: {last}")
        if not started:
            return
        crashed = kt.crashed()
        res(kt.found and not crashed, "every planned KTAP test reported (kunit.py parse)",
            "kunit.py found no KTAP document" if not kt.found else
            crash_note(crashed))

        for subtest in ("load", "negative-control", "unload"):
            for name in sorted(kt.cases(subtest)):
                if name.startswith(("insmod-", "rmmod-", "selftests-settled-")):
                    self.step(subtest, name)
        # Module installation (depmod) on every boot, and the on-demand
        # loading tests where the boot ran them (autoload.sh): every step.
        modules = kt.cases("modules")
        res(bool(modules), "modules installed for modprobe (depmod)", "no modules subtest")
        for name in sorted(modules):
            self.step("modules", name, f"modules: {name}")
        autoload = kt.cases("autoload")
        if args.expected:
            # The users boot (rsha.autoload=1) must have run them.
            res(bool(autoload), "on-demand loading tests ran", "no autoload subtest")
        for name in sorted(autoload):
            self.step("autoload", name, f"autoload: {name}")
        if autoload:
            res("cpu-modalias-loads-every-module" in autoload,
                "autoload: the CPU modalias (udev's coldplug at boot) step ran",
                "no cpu-modalias-loads-every-module result")

        algs = console.proc_crypto(sec.get("proc-crypto", []))
        by_driver = {a.get("driver"): a for a in algs}
        drivers = names(args.drivers)
        for drv in drivers:
            a = by_driver.get(drv, {})
            res(a.get("selftest") == "passed", f"{drv} registered, selftest passed",
                f"selftest: {a.get('selftest')}" if a else "not in /proc/crypto")
            res(a.get("module") not in (None, "kernel"), f"{drv} belongs to its module",
                f"module: {a.get('module')}" if a else "not in /proc/crypto")
        for drv in names(args.absent):
            res(drv not in by_driver, f"{drv} not registered (the CPU lacks its unit)",
                "registered although the CPU lacks its unit ("
                + ("AVX2/BMI2 or SHA-NI" if self.arch == "x86_64" else "NEON or the SHA instructions")
                + ")")

        # Self-test failures of our drivers, in any kernel message.
        kmsgs = [l for k, v in sec.items() if k.startswith("dmesg ") for l in v]
        # The extra tests compare with the generic driver, which is a module
        # here: when modprobe cannot load it, testmgr skips them and says so.
        skipped = [l for l in kmsgs if "skipping comparison tests" in l]
        res(not skipped, "testmgr's comparison with the generic drivers ran",
            skipped[0] if skipped else "")
        neg = args.negative_control
        for drv in drivers:
            bad = [l for l in kmsgs if "alg:" in l and drv in l and "failed" in l]
            res(not bad, f"{drv} passes testmgr (incl. extra fuzz tests)", bad[0] if bad else "")
        if neg:
            negmsgs = sec.get("dmesg insmod-negative-control", [])
            hit = [l for l in negmsgs if f"alg: self-tests for sha256 using {neg} failed" in l]
            res(bool(hit), "negative control: testmgr reports the wrong digest",
                "no self-test failure reported for the deliberately wrong driver: "
                "the self-tests did not run")
            hit = [l for l in negmsgs
                   if f"alg: self-tests for hmac(sha256) using hmac-{neg} failed" in l]
            res(bool(hit), "negative control: testmgr reports the wrong HMAC",
                "no self-test failure reported for the deliberately wrong HMAC driver: "
                "the HMAC self-tests did not run")

        # Splats in every kernel log section, the ones the boot must have
        # printed included; excused are only the WARNs testmgr raises for the
        # negative control's two drivers and for a kernel driver's own
        # self-test timing out (testmgr_warns).
        for name in required_log_sections(args):
            if f"dmesg {name}" not in sec:
                res(False, f"no oops/warning/BUG ({name})", "no such kernel log section in the console")
        for k, v in sec.items():
            if not k.startswith("dmesg "):
                continue
            excused = testmgr_warns(v, neg if k == "dmesg insmod-negative-control" else "")
            splat = [l for i, l in enumerate(v) if SPLAT.search(l) and i not in excused]
            notes = []
            if excused.blocks:
                notes.append(f"testmgr's WARN on {excused.blocks} negative control driver"
                             f"{'s' if excused.blocks > 1 else ''}")
            if excused.foreign:
                notes.append(f"testmgr's WARN on the kernel's {', '.join(excused.names)}, "
                             "not ours, timed out (-110)")
            note = f" (excused: {'; '.join(notes)})" if notes else ""
            res(not splat, f"no oops/warning/BUG ({k[6:]}){note}", splat[0] if splat else "")
        # Lockdown (rsha.lockdown=1): our unsigned module refused, and the
        # kernel says why.
        lockdown = kt.cases("lockdown")
        for name in sorted(lockdown):
            self.step("lockdown", name, f"lockdown=integrity: {name}")
        if lockdown:
            said = [l for l in sec.get("dmesg lockdown", [])
                    if "Lockdown:" in l and "unsigned module loading is restricted" in l]
            res(bool(said), f"lockdown=integrity refuses our unsigned module: "
                f"{said[0].split('] ', 1)[-1].strip() if said else ''}",
                "no 'Lockdown: ... unsigned module loading is restricted' message")
        panic = [l for l in lines if "Kernel panic" in l]
        res(not panic, "no kernel panic", panic[0] if panic else "")

        # Priorities (Documentation/drivers.rst, "Priorities on 7.3"): with
        # the kernel's <alg>-lib drivers, our selected driver ranks above
        # them unless every CPU has the module's Crypto Extensions unit (its
        # CE unit driver registered); without them, above every other driver
        # of the algorithm. tcrypt then takes the one ranked first.
        # The HMAC drivers follow the same rule against hmac-<alg>-lib, one
        # above their hash driver (above the hmac template's instance over
        # it, 6.12).
        # The same rule for a user's build, README.md's own-kernel route
        # (scripts/guest/initramfs/autoload.sh, "proc-crypto user-build"),
        # which has no unit drivers: whether every CPU has the CE unit is
        # read from the suite's build in the same boot.
        user_algs = console.proc_crypto(sec.get("proc-crypto user-build", []))
        user_by_driver = {a.get("driver"): a for a in user_algs}

        def ranks(algs, by_driver, alg, drv, ce_everywhere, label=""):
            for name, d, lib in ((alg, drv, f"{alg}-lib"),
                                 (f"hmac({alg})", f"hmac-{drv}", f"hmac-{alg}-lib")):
                ours = by_driver.get(d, {})
                prio = num(ours.get("priority"))
                below_lib = lib in by_driver and ce_everywhere
                wrong = [f"{a['driver']} {a['priority']}" for a in algs
                         if a.get("name") == name and a.get("driver") != d
                         and not (num(a.get("priority")) > prio if below_lib and a["driver"] == lib
                                  else num(a.get("priority")) < prio)]
                where = (f"below {lib} and above the others (every CPU has the "
                         f"{self.crypto_unit})" if below_lib else f"above every other {name} driver"
                         + (f", {lib} included (not every CPU has the {self.crypto_unit})"
                            if lib in by_driver else ""))
                res(bool(ours) and not wrong, f"{label}{d} (priority {prio}) ranks {where}",
                    f"out of place against: {', '.join(wrong)}" if ours else "not in /proc/crypto")

        tcrypt = console.tcrypt_runs(sec)
        for want in names(args.selected):
            alg, drv = want.split("=")
            # UML: lib/crypto has no architecture code there, ours ranks above it.
            ce_everywhere = drv.replace("-auto-rs", f"-{self.units[2]}-rs") in by_driver \
                and not args.uml
            ranks(algs, by_driver, alg, drv, ce_everywhere)
            if user_algs:
                ranks(user_algs, user_by_driver, alg, drv, ce_everywhere,
                      "README route (user's build): ")
            hmac_prio = num(by_driver.get(f"hmac-{drv}", {}).get("priority"))
            prio = num(by_driver.get(drv, {}).get("priority"))
            res(hmac_prio == prio + 1, f"hmac-{drv} ranks one above {drv}",
                f"priorities {hmac_prio} and {prio}")
            top = console.top_driver(algs, alg)
            runs = [(d, rows) for a, d, rows in tcrypt if a == alg]
            res(top is not None and any(d == top for d, _ in runs),
                f"tcrypt {alg} selects the driver ranked first ({top})",
                f"tcrypt used {', '.join(d for d, _ in runs)}" if runs
                else f"tcrypt printed no {alg} speed test")
            res(any(rows for _, rows in runs), f"tcrypt {alg} prints its speed table",
                "no result rows")

    # 2. Module lifetime and the robustness test module (formerly parse-robustness.py).
    def robustness(self):
        args, kt, sec, res = self.args, self.kt, self.sec, self.res
        drivers, absent, modules = names(args.drivers), names(args.absent), names(args.modules)
        neg = args.negative_control
        if "missing" in kt.cases("lifetime"):
            res(False, "robustness tests run", kt.detail("lifetime", "missing"))
            return

        for m in modules:
            self.step("lifetime", f"cycles-{m}", f"{m}: rmmod/insmod cycles")
            for u in self.units:
                self.step("lifetime", f"unit-{u}-{m}", f"{m}: unit={u} at load")
            self.step("lifetime", f"reload-{m}", f"{m}: loads again with the self-tests on")
        hotplug = [n for n in kt.cases("lifetime") if n.startswith("hotplug-")]
        if not self.args.uml:
            res(bool(hotplug), "CPU hotplug test ran", "no hotplug-cpu<N> result")
        for n in hotplug:
            self.step("lifetime", n, f"{n}: the units follow a CPU offline and back online")
        by_driver = {a.get("driver"): a for a in
                     console.proc_crypto(sec.get("proc-crypto reloaded", []))}
        for d in drivers:
            a = by_driver.get(d, {})
            res(a.get("selftest") == "passed", f"{d} registered after reload, selftest passed",
                f"selftest: {a.get('selftest')}" if a else "not in /proc/crypto after reload")

        self.step("robustness", "insmod-test", "rsha-robustness-test loads")
        self.step("robustness", "insmod-negative-control", "negative control loads (self-tests off)")
        path = ("robustness", MODULE_TEST)
        doc = kt.group(*path)
        seen = {}
        for g in doc.get("sub_groups", []) if doc else []:
            drv = g["name"]
            for c in g.get("test_cases", []):
                test, ok = c["name"], c["status"] == "PASS"
                seen.setdefault(drv, set()).add(test)
                detail = kt.detail("robustness", f"{drv} {test}")
                if drv == neg:
                    res(c["status"] == "FAIL", f"negative control: {test} detects the wrong digests",
                        f"{c['status']} on the deliberately wrong driver: {detail}")
                else:
                    res(ok, f"{test} {drv}", f"{c['status']}: {detail}")
        top = kt.cases(*path)
        for name, status in sorted(top.items()):
            if name == "threads":
                seen.setdefault("all-drivers", set()).add("threads")
                res(status == "PASS", "threads all-drivers",
                    f"{status}: {kt.detail('robustness', 'all-drivers threads')}")
            elif status not in ("SKIP", "ERROR"):
                res(False, f"alloc {name}", f"{status}: {kt.detail('robustness', f'{name} alloc')}")
        crashed = kt.crashed(*path)
        res(doc is not None and not crashed, "robustness test module ran to the end",
            "no KTAP document from the module" if doc is None else
            crash_note(crashed))
        for d in drivers + [neg]:
            missing = [t for t in PER_DRIVER_TESTS if t not in seen.get(d, set())]
            res(not missing, f"{d}: every robustness test reported",
                "missing: " + ", ".join(missing))
        res("threads" in seen.get("all-drivers", set()), "threads test reported", "no threads result")
        absent_seen = {n for n, s in top.items() if s == "SKIP"}
        res(absent_seen == set(absent), "drivers absent exactly where the CPU lacks their unit",
            f"absent: {sorted(absent_seen)}, expected: {sorted(absent)}")

        # Statistics: '@@RSHA stat DRIVER COUNTER VALUE'.
        counters = {}
        for f in console.marks(self.lines, "stat"):
            if len(f) == 3 and f[2].isdigit():
                counters.setdefault(f[0], {})[f[1]] = int(f[2])
        # The selected drivers' units: /sys/kernel/debug/<module>/units, one
        # section per module ("online <cpus>", "type ...", "cpu N: type T: unit").
        chosen = {}	# module -> set of units chosen for its CPUs
        for m in modules:
            text = sec.get(f"units {m}", [])
            online = next((l.split()[1] for l in text if l.startswith("online ") and len(l.split()) > 1), "")
            want = cpu_count(online)
            # "cpu N: type T: UNIT"; a line cut short (a console that lost
            # its end) is not a choice.
            cpus = [m_.groups() for m_ in (UNITS_CPU_LINE.fullmatch(l.strip()) for l in text) if m_]
            cut = [l for l in text if l.startswith("cpu ") and not UNITS_CPU_LINE.fullmatch(l.strip())]
            types = {l.split()[1].rstrip(":"): l for l in text
                     if l.startswith("type ") and len(l.split()) > 1}
            cpu_types = {t for _, t, _ in cpus}
            res(bool(text) and len(cpus) == want and want > 0 and not cut,
                f"{m}: every online CPU has a unit chosen",
                f"{len(cpus)} CPUs with a choice, {want} online ({online or 'no units file'})"
                + (f"; unreadable: {cut[0]!r}" if cut else ""))
            res(bool(cpu_types) and cpu_types <= set(types) and "0x00000000" not in cpu_types,
                f"{m}: every CPU type present was measured",
                f"CPU types {sorted(cpu_types)}, measured {sorted(types)}")
            chosen[m] = {u for _, _, u in cpus}
            timed = [t for t, l in types.items() if re.search(r": \d+ ", l)]
            res(len(timed) == len(types) and types, f"{m}: the measurement timed the units",
                "; ".join(types.values()) or "no type lines")

        def module_of(d):
            alg = alg_of_driver(d).removeprefix("hmac(").removesuffix(")")
            fam = {"sha224": "sha256", "sha384": "sha512"}.get(alg, alg)
            return next((m for m in modules if m.startswith(fam + "-")), None)

        simd_units = self.units[1:]
        kind = SECTION_KIND.get(self.arch, "NEON")
        # arm64's may_use_simd() refuses callers with interrupts off on 6.12
        # and allows them on 7.x, as lib/crypto's SIMD code does: the drivers
        # follow it (rust/rsha/helpers.c, rsha_simd_usable()).
        major = re.search(r"linux-(\d+)\.", os.path.basename(self.args.ksrc.rstrip("/")))
        irqsoff_simd = (self.args.label.split()[0].startswith(("arm64", "debian-arm64"))
                        and major is not None and int(major.group(1)) >= 7)
        # x86's irq_fpu_usable() (arch/x86/kernel/fpu/core.c) allows the FPU
        # with interrupts off outside hardirq, and in hardirq unless the
        # interrupt came in with softirqs disabled (softirq_count()): the
        # drivers follow it (crypto_simd_usable()), so either core may serve
        # those calls.
        simd_contexts = (("irqsoff", "hardirq") if self.arch == "x86_64"
                         else ("irqsoff",) if irqsoff_simd else ())
        why_simd = ("x86's irq_fpu_usable() allows the FPU there" if self.arch == "x86_64"
                    else "arm64 7.x allows SIMD there")
        for d in drivers:
            c = counters.get(d)
            if c is None:
                res(False, f"{d}: debugfs statistics", "no statistics for this driver")
                continue
            blocks = lambda unit, ctx: c.get(f"blocks_{unit}_{ctx}", 0)
            for ctx in ("hardirq", "irqsoff"):
                simd = sum(blocks(u, ctx) for u in simd_units)
                if ctx in simd_contexts:
                    res(simd + blocks("scalar", ctx) > 0,
                        f"{d}: {ctx} calls hashed ({why_simd})",
                        f"no blocks in {ctx} context")
                    continue
                res(simd == 0 and blocks("scalar", ctx) > 0,
                    f"{d}: {ctx} calls took the scalar core",
                    f"SIMD {simd}, scalar {blocks('scalar', ctx)} blocks")
            unit = next((u for u in simd_units if f"-{u}-" in d), None)
            if "-auto-" in d:
                picks = chosen.get(module_of(d), set())
                for u in sorted(picks):
                    res(blocks(u, "task") > 0, f"{d}: task calls ran the chosen unit {u}",
                        f"no {u} blocks in task context")
                for u in simd_units:
                    if u not in picks:
                        used = sum(v for k, v in c.items() if k.startswith(f"blocks_{u}_"))
                        res(used == 0, f"{d}: never ran {u}, which no CPU chose",
                            f"{used} {u} blocks")
                unit = next((u for u in simd_units if u in picks), None)
            elif unit:
                for ctx in ("task", "softirq"):
                    res(blocks(unit, ctx) > 0, f"{d}: {ctx} calls used {unit}",
                        f"no {unit} blocks in {ctx} context (scalar: {blocks('scalar', ctx)})")
                other = next(u for u in simd_units if u != unit)
                used = sum(v for k, v in c.items() if k.startswith(f"blocks_{other}_"))
                res(used == 0, f"{d}: never ran {other}", f"{used} {other} blocks")
            else:
                used = sum(v for k, v in c.items() for u in simd_units if k.startswith(f"blocks_{u}_"))
                res(used == 0, f"{d}: the scalar driver never used SIMD", f"{used} SIMD blocks")
            if unit:
                largest = c.get("neon_section_max_bytes", -1)
                if args.neon_bound == "none":
                    # The robustness module hashes messages of up to 9 KiB:
                    # uncut, one of them is a section of more than 4 KiB.
                    res(largest > NEON_SECTION_BYTES,
                        f"{d}: {kind} sections not cut (a request of more than "
                        f"{NEON_SECTION_BYTES} bytes in one section)",
                        f"largest section {largest} bytes")
                else:
                    res(0 < largest <= NEON_SECTION_BYTES,
                        f"{d}: {kind} sections at most {NEON_SECTION_BYTES} bytes",
                        f"largest section {largest} bytes")
                if args.latency_out:
                    with open(args.latency_out, "a") as f:
                        n = c.get("neon_sections", 0)
                        mean = c.get("neon_section_total_ns", 0) // max(n, 1)
                        f.write(f"{args.label},{d},{n},{largest},{mean},"
                                f"{c.get('neon_section_max_ns')}\n")

        for m in modules:
            self.step("robustness", f"rmmod-held-{m}", f"{m}: rmmod refused while a transform is held")
        self.step("robustness", "rmmod-test", "rsha-robustness-test unloads")
        self.step("robustness", "rmmod-negative-control", "negative control unloads after it")

        # Leaks: kmemleak's report after the last scan.
        if "kmemleak" in sec:
            leaks = [l for l in sec["kmemleak"] if "unreferenced object" in l]
            res(not leaks, "kmemleak finds no leak", f"{len(leaks)} objects, first: "
                + (leaks[0] if leaks else ""))
        elif not args.distro and not args.uml:
            res(False, "kmemleak report present", "no kmemleak section (CONFIG_DEBUG_KMEMLEAK?)")

    # 3. The in-kernel users and the test vectors (formerly parse-users.py).
    def users(self):
        args, kt, sec, res = self.args, self.kt, self.sec, self.res
        drivers = names(args.drivers)
        alg_of = {d: alg_of_driver(d) for d in drivers}

        # Test vectors: every vector of every set, with every driver of its algorithm.
        expected = read_expected(args.expected)
        got = {}
        for report in ("cavp", "cavp-split", "cavp-kcapi"):
            for f in console.marks(self.lines, report):
                if len(f) >= 3 and f[2].isdigit():
                    got.setdefault((report, f[0], f[1]), {})[int(f[2])] = \
                        (f[3] if len(f) > 3 else "").lower()
        for s, d, name, report, which, how in vector_checks(args, expected):
            vectors = expected[s]
            g = got.get((report, s, d), {})
            bad = [i for i in which if g.get(i) != vectors[i]]
            res(not bad, f"{s} vectors through AF_ALG with {name} ({len(which)}{how})",
                f"{len(bad)} wrong or missing, first #{bad[0]}: got {g.get(bad[0], 'nothing')}"
                if bad else "")

        # Every driver against the kernel's C driver of its algorithm
        # (<alg>-lib on 7.3, <alg>-generic on 6.12) over random messages:
        # one "compare" line per driver, its differences before it as
        # "compare-detail" lines.
        compared = {f[1]: f for f in console.marks(self.lines, "compare") if len(f) >= 6}
        details = {}
        for f in console.marks(self.lines, "compare-detail"):
            if f:
                details.setdefault(f[0], []).append(" ".join(f[1:]))
        summary_re = re.compile(r"(\S+) (\S+) (\d+) messages \(seed (\d+)\): "
                                r"(\d+) mismatches, (\d+) errors$")
        ways = "one write, random splits, accept() clones"
        for d in drivers:
            alg = alg_of[d]
            f = compared.get(d)
            if f is None:
                res(False, f"{alg} {d} matches the kernel's C driver over random messages ({ways})",
                    "no compare line for this driver: the comparison did not run")
                continue
            ref, seed, rc, summary = f[2], f[3], f[4], " ".join(f[6:])
            m = summary_re.match(summary)
            count = m.group(3) if m else "?"
            why = f"exit {rc}, seed {seed}: {summary or 'no summary'}"
            if d in details:
                why += f"; first: {details[d][0]}"
            # The kernel's C driver: <alg>-lib (7.3) or <alg>-generic (6.12);
            # for an HMAC hmac-<alg>-lib or the template over <alg>-generic.
            h = alg[5:-1] if alg.startswith("hmac(") else None
            refs = ((f"hmac-{h}-lib", f"hmac({h}-generic)") if h
                    else (f"{alg}-lib", f"{alg}-generic"))
            if ref not in refs:
                why = f"reference {ref} is not the kernel's {' or '.join(refs)}; {why}"
            good = (f[0] == alg and ref in refs and rc == "0"
                    and m is not None and m.group(1) == d and m.group(2) == ref
                    and int(count) > 0 and m.group(5) == "0" and m.group(6) == "0")
            res(good, f"{alg} {d} matches {ref} over {count} random messages ({ways})", why)

        # The comparison's negative control: the negative control's wrong
        # sha256 driver through the same comparison must differ.
        neg = next(iter(console.marks(self.lines, "compare-negative-control")), [])
        summary = " ".join(neg[5:])
        m = summary_re.match(summary)
        res(len(neg) >= 5 and neg[4] == "1" and m is not None and int(m.group(5)) > 0,
            "negative control: the AF_ALG comparison (afalg-hash -c) reports FAIL on "
            + (f"{neg[1]}: {summary}" if len(neg) > 1 else "the negative control's driver"),
            f"no mismatch reported: {' '.join(neg) or 'no compare-negative-control line'}")

        self.step("users", "references-released", "in-kernel users script runs to the end, and "
                  "only the kernel's DRBG still holds a module of ours (at most the sha512 one)")

        def ok(step, what):
            self.step("users", step, what)

        # /proc/crypto after the modules loaded, before the users ran: which
        # driver of each algorithm ranks first.
        base = console.proc_crypto(sec.get("proc-crypto", []))

        def hmac_by(section, alg, what):
            # The hmac(<alg>) driver ranked first before the user ran: ours
            # (our HMAC drivers rank above the template's instances, and
            # above hmac-<alg>-lib where our hash driver ranks above
            # <alg>-lib), or hmac-<alg>-lib (7.x, every CPU with the Crypto
            # Extensions unit). The user must hold it (its refcnt above 1).
            algs = console.proc_crypto(sec.get(f"proc-crypto {section}", []))
            top = console.top_driver(base, f"hmac({alg})")
            held = [a for a in algs if a.get("driver") == top and num(a.get("refcnt")) > 1]
            res(top is not None and bool(held), f"{what} runs on the hmac({alg}) driver ranked "
                f"first, {top}" + (" (ours)" if top in drivers else " (the kernel's)"),
                f"{top} holds no user" if top else f"no hmac({alg}) driver in /proc/crypto")

        # dm-verity: sha256 and sha512 in on-disk format 1, sha256 in format 0.
        # 6.12 names the driver it uses in the kernel log; 7.3 does not, and
        # our block counters around the read show who hashed. 7.3 hashes
        # format-1 sha256 with lib/crypto's SHA-256 directly, never through
        # a crypto API driver: there ours must not have hashed (and the
        # check says so), and format 0 shows it serving dm-verity's sha256.
        counted = {f[0]: (int(f[1]), int(f[2])) for f in console.marks(self.lines, "verity-blocks")
                   if len(f) == 3 and f[1].isdigit() and f[2].isdigit()}
        for name, h in (("sha256", "sha256"), ("sha512", "sha512"), ("sha256-v0", "sha256")):
            what = f"dm-verity {h}" + (" (format 0)" if name.endswith("-v0") else "")
            for st in ("format", "verify", "open", "read", "close"):
                ok(f"verity-{name}-{st}", f"{what}: {st}")
            log = sec.get(f"dmesg verity-{name}-open", [])
            named = [l for l in log if re.search(r"verity: \S+ using (shash|ahash)", l)]
            # No counters read (no verity-blocks line) or no driver ranked
            # first: nothing to tell who hashed.
            counted_here = name in counted
            b0, b1 = counted.get(name, (0, 0))
            blocks = (f"our {h} drivers' blocks {b0} -> {b1} during the read" if counted_here
                      else f"no verity-blocks line for {name}")
            top = console.top_driver(base, h)
            if named:
                res(f'"{top}"' in named[0], f"{what} is served by the {h} driver ranked first "
                    f"({top})", named[0])
            elif name == "sha256":
                res(counted_here and b1 == b0, f"{what} hashes with lib/crypto's SHA-256, not a "
                    "crypto API driver (7.3: dm-verity's fast path), so not with ours", blocks)
            elif top in drivers:
                res(counted_here and b1 > b0,
                    f"{what} is served by the {h} driver ranked first, ours ({top})", blocks)
            else:
                res(counted_here and top is not None and b1 == b0,
                    f"{what} is served by the {h} driver ranked first ({top}), not by ours",
                    blocks if top else f"no {h} driver in /proc/crypto; {blocks}")
            ok(f"verity-{name}-corrupt-verify", f"{what}: verify fails after a flipped byte")
            ok(f"verity-{name}-corrupt-read",
               f"{what}: reading the corrupted block gives an I/O error")

        # dm-crypt, aes-cbc-essiv:sha256.
        for st in ("open", "write", "close-reopen", "read", "same", "ciphertext-differs", "close"):
            ok(f"crypt-{st}", f"dm-crypt aes-cbc-essiv:sha256: {st}")
        # The ESSIV transform dm-crypt holds once the first mapping is open
        # (its refcnt above 1 in /proc/crypto): the essiv template over the
        # sha256 driver ranked first (6.12 names the CBC instance cbc(<aes
        # driver>), 7.3 cbc-aes-lib), or an architecture driver that is the
        # whole of essiv(cbc(aes),sha256) (arm64's essiv-cbc-aes-sha256-ce, in
        # Debian's aes-ce module, hashes the key with lib/crypto): the crypto
        # API takes it over the template (priority), and no crypto API sha256
        # is asked for. The check names the one the kernel reports held. The
        # first open: testing that instance, the debug kernels' extra tests
        # make testmgr's reference instance over the generic drivers, of the
        # same priority, which a later open may get.
        essiv = [a for a in console.proc_crypto(sec.get("proc-crypto crypt-open", []))
                 if a.get("name") == "essiv(cbc(aes),sha256)"]
        held = max((a for a in essiv if num(a.get("refcnt")) > 1),
                   key=lambda a: num(a.get("priority")), default={}).get("driver")
        top = console.top_driver(base, "sha256")
        listed = ", ".join(f"{a.get('driver')} (refcnt {a.get('refcnt')})" for a in essiv) or "none"
        whole = held is not None and re.fullmatch(r"essiv-cbc-aes-sha256-\S+", held) is not None
        over_top = held is not None and top is not None and \
            re.fullmatch(rf"essiv\(cbc[(-].*,{re.escape(top)}\)", held) is not None
        res(whole or over_top,
            f"dm-crypt ESSIV is held by the architecture driver {held}, which hashes the key "
            "with its own SHA-256: no crypto API sha256 is used" if whole else
            f"dm-crypt ESSIV at the first open is held over the sha256 driver ranked first ({top})",
            f"the essiv(cbc(aes),sha256) driver dm-crypt holds: {held}; all of them: {listed}")

        # dm-integrity.
        for mode in ("sha256", "hmac-sha256"):
            for st in ("format", "open", "write", "read", "close", "marker-found", "reopen"):
                ok(f"integrity-{mode}-{st}", f"dm-integrity {mode}: {st}")
            ok(f"integrity-{mode}-corrupt-read",
               f"dm-integrity {mode}: corrupted sector detected (I/O error)")
        hmac_by("integrity-hmac-sha256", "sha256", "dm-integrity hmac(sha256)")
        algs = console.proc_crypto(sec.get("proc-crypto integrity-sha256", []))
        refs = {a.get("driver"): num(a.get("refcnt")) for a in algs}
        refs0 = {a.get("driver"): num(a.get("refcnt")) for a in base}
        top = console.top_driver(base, "sha256")
        res(refs.get(top, 0) > refs0.get(top, 0),
            f"dm-integrity sha256 holds the sha256 driver ranked first, {top} (refcnt grew)",
            f"refcnt {refs0.get(top, 0)} -> {refs.get(top, 0)}")

        # IPsec.
        for auth in ("sha256", "sha512"):
            ok(f"ipsec-{auth}-ping", f"IPsec ESP hmac({auth}): ping through the tunnel")
            ok(f"ipsec-{auth}-counters", f"IPsec ESP hmac({auth}): SA packet counter grows")
            hmac_by(f"ipsec-{auth}", auth, f"IPsec hmac({auth})")

        # Modules still referenced after the users: only the default DRBG may hold one,
        # through hmac(<our sha512 driver>); anything else is a leak.
        final = console.proc_crypto(sec.get("proc-crypto final", []))
        refs = {a.get("driver"): num(a.get("refcnt")) for a in final}
        drbg = any(d and d.startswith("drbg_") and "hmac_sha512" in d for d in refs)
        for f in filter(None, console.marks(self.lines, "pinned")):
            mod, count = f[0], f[1] if len(f) > 1 else "?"
            by_drbg = mod.startswith("sha512_") and drbg and any(
                refs.get(d, 0) >= 2 for d in drivers if alg_of[d] == "hmac(sha512)")
            res(by_drbg, f"module {mod} stays referenced only by the kernel's default DRBG "
                "(drbg_*_hmac_sha512 on our hmac(sha512))",
                f"{mod} still has {count} references after the users were torn down")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--label", default="guest")
    ap.add_argument("--ksrc", default=os.environ.get("RSHA_KSRC", ""),
                    help="the extracted kernel tree, for tools/testing/kunit/kunit.py")
    ap.add_argument("--drivers", default="")
    ap.add_argument("--absent", default="", help="drivers that must not register")
    ap.add_argument("--negative-control", default="")
    ap.add_argument("--selected", default="")
    ap.add_argument("--modules", default="")
    ap.add_argument("--expected", help="test vectors: the boot ran the in-kernel users")
    ap.add_argument("--latency-out")
    ap.add_argument("--neon-bound", choices=("4096", "none"), default="4096",
                    help="how NEON sections are cut on this architecture (rust/rsha/simd.rs)")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--uml", action="store_true", help="User-Mode Linux: no CPU hotplug, no kmemleak")
    ap.add_argument("--cavp-drivers", choices=("all", "selected"), default="all",
                    help="the drivers the boot put through the test vectors (rsha.cavp)")
    ap.add_argument("--distro", action="store_true",
                    help="a distribution's kernel (not a debug kernel): no kmemleak")
    args = ap.parse_args()
    lines = console.read(args.log)
    if args.table:
        console.table(lines)
        return 0
    if not os.path.isfile(os.path.join(args.ksrc, "tools", "testing", "kunit", "kunit.py")):
        ap.error(f"no tools/testing/kunit/kunit.py in --ksrc '{args.ksrc}' (or $RSHA_KSRC)")
    print(f"EXPECT {declared_results(args)} results", flush=True)
    checks = Checks(args, lines, console.ktap(args.log, lines, args.ksrc))
    checks.run("boot", checks.boot)
    checks.run("robustness", checks.robustness)
    if args.expected:
        checks.run("users", checks.users)
    return 3 if checks.crashed else 1 if checks.failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # noqa: BLE001 - a crash is a result, and it is not a pass
        traceback.print_exc()
        label = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--label=")), None) or \
            next((b for a, b in zip(sys.argv, sys.argv[1:]) if a == "--label"), "guest")
        print(f"FAIL {label}: parse.py ran to its end: {type(e).__name__}: {e}", flush=True)
        sys.exit(3)
