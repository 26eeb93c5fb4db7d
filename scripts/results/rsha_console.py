# SPDX-License-Identifier: GPL-2.0
"""Reading a guest console log (scripts/guest/initramfs/init); imported by
scripts/results/parse.py and scripts/performance/bench-report.py.

The log has two kinds of lines (scripts/guest/initramfs/lib.sh):
- test results, one KTAP document per boot, read with the kernel's own
  tools/testing/kunit/kunit.py parse (ktap());
- data for the host's own checks: "@@RSHA ..." lines and "@@RSHA begin X" ..
  "@@RSHA end X" sections (sections(), marks()).
"""
import json
import os
import re
import subprocess

MARK = "@@RSHA "


def read(path):
    """The lines of a console log, without line ends."""
    with open(path, errors="replace") as f:
        return [l.rstrip("\r\n") for l in f]


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


def marks(lines, kind):
    """The fields of every '@@RSHA KIND field...' line."""
    prefix = MARK + kind + " "
    return [l[len(prefix):].split() for l in lines if l.startswith(prefix)]


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


def top_driver(algs, name):
    """The driver a lookup of NAME finds among /proc/crypto's instances algs:
    of those named NAME whose self-test passed, the one of highest priority
    (None if there is none)."""
    fit = [a for a in algs if a.get("name") == name and a.get("selftest") == "passed"
           and a.get("priority", "").lstrip("-").isdigit()]
    return max(fit, key=lambda a: int(a["priority"]), default={}).get("driver")


class Ktap:
    """The boot's KTAP results, as the kernel's kunit.py parses them.

    kunit.py's JSON keeps, for every test with subtests, its name, its
    subtests with subtests ("sub_groups") and the others ("test_cases":
    name and PASS, FAIL, SKIP or ERROR); a test the plan announced but the log
    lacks (a crash) is an ERROR test case without a name. The diagnostics
    ("# STEP: DETAIL") are not in the JSON: detail() finds them in the log.
    """

    def __init__(self, doc, lines, found):
        self.doc = doc or {}
        self.lines = lines
        self.found = found

    def group(self, *path):
        """The JSON of the test at path (names from the top), or None. A test
        cut short (the guest stopped) has no result line, so no name: the
        last test without a name stands for the last name of path."""
        g = self.doc
        for i, name in enumerate(path):
            subs = g.get("sub_groups", [])
            g = next((s for s in subs if s["name"] == name), None)
            if g is None and i == len(path) - 1 and subs and subs[-1]["name"] == "":
                g = subs[-1]
            if g is None:
                return None
        return g

    def cases(self, *path):
        """{name: status} of the test cases of the test at path ({} if absent)."""
        g = self.group(*path)
        return {c["name"]: c["status"] for c in g.get("test_cases", [])} if g else {}

    def status(self, path, name):
        """Status of test case name of the test at path; None when it is not there."""
        return self.cases(*path).get(name)

    def crashed(self, *path):
        """Test cases under path that kunit.py found missing or crashed."""
        g = self.group(*path)
        if g is None:
            return []
        out = ["/".join(n or "<unnamed>" for n in path + (c["name"],))
               for c in g.get("test_cases", []) if c["status"] == "ERROR"]
        for s in g.get("sub_groups", []):
            out += self.crashed(*path, s["name"])
        return out

    def detail(self, subtest, key):
        """The last diagnostic '# KEY: DETAIL' of the subtest of the boot
        named subtest ('' when there is none)."""
        inside, found = False, ""
        head = re.compile(r"\s*# Subtest: " + re.escape(subtest) + "$")
        end = re.compile(r"(not )?ok \d+ " + re.escape(subtest) + r"(\s|$)")
        diag = re.compile(r"\s*# " + re.escape(key) + ": (.*)$")
        for line in self.lines:
            if not inside:
                inside = bool(head.match(line))
            elif end.match(line):
                break
            else:
                m = diag.match(line)
                if m:
                    found = m.group(1)
        return found


def ktap(log, lines, ksrc):
    """Run the kernel's kunit.py parse on log; the results as a Ktap.

    kunit.py writes LOG.kunit.json and its own summary to LOG.kunit.txt. Its
    exit status says whether every test passed, which is not the question here
    (the negative control must fail), so it is not looked at.
    """
    kunit = os.path.join(ksrc, "tools", "testing", "kunit", "kunit.py")
    log = os.path.abspath(log)  # kunit.py works in the kernel tree
    out = log + ".kunit.json"
    if os.path.exists(out):
        os.remove(out)
    with open(log + ".kunit.txt", "w") as summary:
        # -B: no __pycache__ written into the kernel tree, which the suite
        # checks is left as extracted.
        subprocess.run(["python3", "-B", kunit, "parse", f"--json={out}", log],
                       stdout=summary, stderr=subprocess.STDOUT, check=False)
    doc = None
    if os.path.exists(out):
        with open(out) as f:
            doc = json.load(f)
    found = doc is not None and bool(doc.get("sub_groups") or doc.get("test_cases"))
    return Ktap(doc, lines, found)


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
