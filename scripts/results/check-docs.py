#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Checks every fact the documents state against the code that decides it.

    check-docs.py [--no-plant] [CHECKOUT]

The documents: README.md, CONTRIBUTING.md and Documentation/*.rst. Prints
one "PASS docs: ..." or "FAIL docs: ..." line per check and document (the
suite's format, scripts/test.sh) and exits 1 when one failed. Standard
library only. The classes:

names      every repository path, file, driver, module, test target,
           script option, RSHA_* variable, Kconfig symbol, rsha_* or Rust
           path identifier and cache path of ours that a document names
           exists in the code under that name (git ls-files, rust/drivers,
           rust/testing, Kbuild, Kconfig, scripts/test.sh's target lists,
           the sources, the scripts' own text); paths of the kernel and of
           other projects are listed in EXTERNAL_PATHS and EXTERNAL_FILES.
versions   every list of kernel versions is the Makefile's SUPPORTED_KERNELS
           or scripts/lib.sh's BUILT_KERNELS; every bindgen version is one
           scripts/lib.sh installs, and none is "or later" (the Makefile
           wants the kernel's exact one); every LLVM version is LLVM_BIN's;
           every Debian kernel version is one the scripts use.
figures    every decimal figure in a document's prose (bold included) is,
           as written, a cell, or the end of a range of cells, of a CSV file
           the document shows (csv-table :file:, literalinclude) or names
           (README.md: Documentation/run-times.csv); percentages and "0.95x"
           targets excepted. An integer range is cells, or differences of
           an "ours/theirs" cell's two sides. Every *emphasised* column
           name a sentence defines is a header of one. A CSV a script
           generates has that script's header, every CSV row its header's
           length; targets.csv lists the --full targets; a count of targets
           or kernels is the code's; the cells of a CSV made from others
           (DERIVED_CSVS) are theirs; the settings tiers.csv quotes
           (TIER_SETTINGS) are the scripts'; a ratio column (RATIO_COLUMNS)
           is the ratio of its row's cells; debug-options.csv is what the
           debug fragments of each kernel (scripts/targets.sh) set.
imports    the import rule Documentation/design.rst states ("each imports
           only files below it", over the layers of its diagram) and its
           rules for single files ("use only ``core``", "imports only the
           bindings") hold for every `use super::...` of rust/rsha, and no
           import circle exists.
rules      each rule of RULES is stated in one paragraph, under its label;
           every other place links to it.
run bits   every script a document names that starts with "#!" is
           executable in git (git ls-files -s).
sizes      README.md and Documentation/*.rst within the word limits that
           CONTRIBUTING.md states.
priorities the priorities the code decides (rust/drivers, rust/rsha) against
           the Kconfig help, the defconfig fragments' comments and
           Documentation/drivers.rst; every priority a document gives the
           *-lib drivers is LIB_DRIVER_PRIORITY.
kernels    scripts/lib.sh's BUILT_KERNELS are all in the Makefile's
           SUPPORTED_KERNELS, which scripts/lib.sh and
           scripts/debian-kernel.sh read instead of repeating.

Then, unless --no-plant, the negative control:
scripts/results/check-docs-plant.py plants one error of each class in a copy
and requires this checker to report each (its PASS/FAIL lines are relayed).

A figure or a structure that cannot be found is a FAIL naming what is
missing, never a silent pass.
"""

import csv
import os
import re
import stat
import subprocess
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
PLANT = "--no-plant" not in sys.argv[1:]
ROOT = os.path.abspath(ARGS[0] if ARGS else os.path.join(os.path.dirname(__file__), "..", ".."))
UNITS = ("scalar", "vector", "crypto", "selected")
failed = 0


def result(ok, what):
    global failed
    print(("PASS" if ok else "FAIL") + " docs: " + what, flush=True)
    if not ok:
        failed += 1


def verdict(what, errs, checked, optional=False):
    """One result: FAIL with the first errors, or PASS when something was
    checked at all. Nothing found to check is a FAIL, or, for an OPTIONAL
    class (a document without figures), no result."""
    if not errs and not checked and optional:
        return
    if errs:
        more = f" (and {len(errs) - 6} more)" if len(errs) > 6 else ""
        result(False, f"{what}: " + "; ".join(errs[:6]) + more)
    elif not checked:
        result(False, f"{what}: nothing found to check")
    else:
        result(True, f"{what} ({checked} checked)")


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


# ---- the repository's files ---------------------------------------------

def tracked_files():
    """{path: executable} of the checkout: git's index where ROOT is a git
    work tree (the mode git records), else every file under ROOT with its
    mode on disk (the planted-error test's copy)."""
    if os.path.exists(os.path.join(ROOT, ".git")):
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-s"], capture_output=True, text=True)
        if out.returncode != 0:
            raise Missing(f"git ls-files -s failed: {out.stderr.strip()}")
        files = {}
        for line in out.stdout.splitlines():
            meta, path = line.split("\t", 1)
            # A file git knows but the work tree has deleted is gone.
            if os.path.isfile(os.path.join(ROOT, path)):
                files[path] = meta.split()[0] == "100755"
        # Files of this checkout that git does not know yet (a new
        # document or script before its commit): their mode on disk.
        new = subprocess.run(["git", "-C", ROOT, "ls-files", "-o", "--exclude-standard"],
                             capture_output=True, text=True).stdout.split()
        for path in new:
            p = os.path.join(ROOT, path)
            if os.path.isfile(p):
                files.setdefault(path, bool(os.stat(p).st_mode & stat.S_IXUSR))
        return files
    files = {}
    for d, dirs, names in os.walk(ROOT):
        dirs[:] = [x for x in dirs if x != ".git"]
        for n in names:
            p = os.path.join(d, n)
            files[relpath(p)] = bool(os.stat(p).st_mode & stat.S_IXUSR)
    return files


FILES = {}
DIRS = set()


def load_files():
    FILES.update(tracked_files())
    for p in FILES:
        parts = p.split("/")
        for i in range(1, len(parts)):
            DIRS.add("/".join(parts[:i]))


def docs():
    found = ["README.md", "CONTRIBUTING.md"] + sorted(
        p for p in FILES if re.fullmatch(r"Documentation/[^/]+\.rst", p))
    return [p for p in found if os.path.exists(os.path.join(ROOT, p))]


# ---- the documents' text --------------------------------------------------

class Doc:
    """A document split into prose (inline literals cut out), inline
    literals and code blocks, each with its line number. Tables of data
    (csv-table :file:) and literalinclude are recorded with their files."""

    def __init__(self, rel):
        self.rel = rel
        self.text = read(rel)
        self.prose, self.literals, self.blocks = [], [], []
        self.csv_files, self.include_files = [], []
        self.paragraphs = []     # (line, text) of prose, literals left in
        if rel.endswith(".md"):
            self._md()
        else:
            self._rst()

    def _add_paragraph(self, start, lines):
        if not lines:
            return
        para = " ".join(x.strip() for x in lines)
        self.paragraphs.append((start, para))
        if self.rel.endswith(".md"):
            lit = r"`([^`]+)`"
        else:
            lit = r"``(.+?)``"
        for m in re.finditer(lit, para):
            self.literals.append((start, m.group(1)))
        self.prose.append((start, re.sub(lit, " \u2027 ", para)))

    def _md(self):
        text = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), self.text, flags=re.S)
        lines = text.splitlines()
        fence, para, start = False, [], 0
        for i, line in enumerate(lines, 1):
            if line.lstrip().startswith("```"):
                self._add_paragraph(start, para)
                para, fence = [], not fence
                continue
            if fence:
                self.blocks.append((i, line))
            elif not line.strip():
                self._add_paragraph(start, para)
                para = []
            else:
                if not para:
                    start = i
                para.append(line)
        self._add_paragraph(start, para)

    def _rst(self):
        lines = self.text.splitlines()
        i, para, start = 0, [], 0
        base = os.path.dirname(self.rel)

        def indented_body(j, indent):
            """Line numbers of the block indented deeper than INDENT after j."""
            body = []
            while j < len(lines) and (not lines[j].strip() or
                                      len(lines[j]) - len(lines[j].lstrip()) > indent):
                body.append(j)
                j += 1
            while body and not lines[body[-1]].strip():
                body.pop()
            return body, j

        while i < len(lines):
            line = lines[i]
            indent = len(line) - len(line.lstrip())
            d = re.match(r"^\s*\.\.\s+([\w-]+)::\s*(.*)$", line)
            if d or re.match(r"^\s*\.\.(\s|$)", line):
                self._add_paragraph(start, para)
                para = []
                body, j = indented_body(i + 1, indent)
                if d and d.group(1) in ("code-block", "code"):
                    self.blocks += [(k + 1, lines[k]) for k in body]
                elif d and d.group(1) == "literalinclude":
                    self.include_files.append(os.path.normpath(os.path.join(base, d.group(2).strip())))
                elif d and d.group(1) == "csv-table":
                    for k in body:
                        f = re.match(r"^\s+:file:\s*(\S+)", lines[k])
                        if f:
                            self.csv_files.append(os.path.normpath(os.path.join(base, f.group(1))))
                i = j
                continue
            if not line.strip():
                self._add_paragraph(start, para)
                para = []
                i += 1
                continue
            if not para:
                start = i + 1
            para.append(line)
            if line.rstrip().endswith("::") and not re.match(r"^\s*\.\.", line):
                self._add_paragraph(start, para)
                para = []
                body, j = indented_body(i + 1, indent)
                self.blocks += [(k + 1, lines[k]) for k in body]
                i = j
                continue
            i += 1
        self._add_paragraph(start, para)

    def code(self):
        """(line, text) of everything quoted as code: literals and blocks."""
        return self.literals + self.blocks

    def everything(self):
        return self.prose + self.literals + self.blocks


# ---- names ----------------------------------------------------------------

# Paths under this repository's top-level directories that belong to the
# kernel or another project: named by the documents as such, never ours.
EXTERNAL_PATHS = {
    "Documentation/dev-tools/ktap.rst",        # the kernel's KTAP spec
    "rust/kernel/net/phy.rs",                  # the kernel's phy abstraction
    "scripts/kconfig/merge_config.sh",         # the kernel's scripts/
    "scripts/sign-file",
    "scripts/checkpatch.pl",
    "rust/libkernel.rmeta",                    # a kernel build's Rust artifacts
    "rust/libcore.rmeta",
}
# File names (no directory) that are the kernel's or OpenSSL's.
EXTERNAL_FILES = {
    "hmac.c", "xor.c", "algos.c", "sha256.h", "ktap.rst", "checkpatch.pl", "merge_config.sh",
    "sha1-armv8.pl", "sha512-armv8.pl", "sha256-core.S", "sha512-core.S", "phy.rs", "dkms.conf",
    "kunit.py", ".rustfmt.toml", "Kconfig", "Module.symvers",
}
TOP = ("scripts/", "rust/", "asm/", "tests/", "patches/", "defconfig-fragments/", "Documentation/", ".ci/")
ROOT_FILES = ("Makefile", "Kbuild", "Kconfig", "README.md", "CONTRIBUTING.md", "LICENSE")
FILE_EXT = r"(?:sh|py|rs|S|c|h|csv|config|patch|rst|tab|meta|toml|ko|md)"


def brace_expand(s):
    m = re.search(r"\{([^{}]*,[^{}]*)\}", s)
    if not m:
        return [s]
    return [x for alt in m.group(1).split(",") for x in brace_expand(s[:m.start()] + alt + s[m.end():])]


def glob_re(pattern):
    """A name with placeholders (<arch>, *, ...) as a regex over names."""
    out = ""
    for part in re.split(r"(<[^<>]*>|\*|\.\.\.)", pattern):
        if part in ("*", "...") or (part.startswith("<") and part.endswith(">")):
            out += r"[^/\s]*"
        else:
            out += re.escape(part)
    return re.compile(out + r"\Z")


def matches(pattern, names):
    rx = [glob_re(p) for p in brace_expand(pattern)]
    return all(any(r.match(n) for n in names) for r in rx)


def code_names():
    """Every name of ours the code defines: driver names, module names,
    test targets, .ko files."""
    drivers, modules, kos = set(), set(), set()
    for p in rs_files("rust/drivers") + rs_files("rust/testing"):
        with open(p, encoding="utf-8") as f:
            src = f.read()
        m = re.search(r"\bname\s*:\s*\"([\w-]+)\"", src)
        if m:
            modules.add(m.group(1))
        if "rust/drivers/" in p:
            for u in UNITS:
                for n in re.findall(r"\b" + u + r"\s*:\s*\"([\w-]+)\"", src):
                    drivers.add(n)
                    drivers.add("hmac-" + n)
        for n in re.findall(r"\"((?:hmac-)?[\w-]+-rs(?:-[\w-]+)?)\"", src):
            drivers.add(n)
    for m in re.findall(r"^obj-\$\([\w]+\)\s*\+=\s*([\w-]+)\.o", read("Kbuild"), re.M):
        kos.add(m + ".ko")
        modules.add(m.replace("-", "_"))
    # A module is named with "_" (its name, debugfs) and with "-" (modprobe,
    # the .ko); "x86_64" keeps its "_" in the second.
    mods = set()
    for m in modules:
        m = m.replace("-", "_")
        mods |= {m, m.replace("_", "-").replace("x86-64", "x86_64")}
    return drivers, mods, kos


def code_targets():
    """(default, full) target lists of scripts/test.sh, and every -bench
    target (a test target's kernel without the debug options)."""
    src = read("scripts/test.sh")
    lists = [x.split() for x in re.findall(r"TARGETS=\$\{RSHA_TARGETS:-([^}]*)\}", src)]
    if len(lists) < 2:
        raise Missing("scripts/test.sh: no two 'TARGETS=${RSHA_TARGETS:-...}' lists (default and --full)")
    full = max(lists, key=len)
    default = min(lists, key=len)
    bench = {t[:-len("-test")] + "-bench" for t in full if not t.startswith("debian-")}
    return default, full, set(full) | bench


def check_names(doc, names):
    drivers, modules, kos, targets, env, kconfig = names
    errs, n = [], 0
    files = set(FILES) | DIRS
    base = {p.rsplit("/", 1)[-1] for p in FILES}

    def bad(line, what):
        errs.append(f"line {line}: {what}")

    for line, text in doc.everything():
        # Paths of this repository.
        for m in re.finditer(r"(?<![\w./$~-])((?:" + "|".join(re.escape(t) for t in TOP)
                             + r")[\w./*<>{},+-]*)", text):
            p = m.group(1).rstrip(".,:;)")
            if "{" in p and "}" not in p:
                p = p.split("{")[0]
            n += 1
            if p in EXTERNAL_PATHS or any(p.startswith(x + "/") for x in EXTERNAL_PATHS):
                continue
            pat = p.rstrip("/")
            if not matches(pat, files):
                bad(line, f"'{p}' is no file or directory of the checkout")
        for m in re.finditer(r"(?<![\w./-])(" + "|".join(ROOT_FILES) + r")(?![\w/-])", text):
            n += 1
            if m.group(1) not in FILES:
                bad(line, f"'{m.group(1)}' is not in the checkout")
        # RSHA_* variables: some script, Makefile or source reads them.
        for v in set(re.findall(r"\b(RSHA_[A-Z0-9_]+)", text)):
            n += 1
            if v not in env:
                bad(line, f"{v} is used by no script or source of the checkout")
        # Kconfig symbols of ours.
        for c in re.findall(r"\bCONFIG_([A-Z0-9_{},]+)", text):
            for s in brace_expand(c.rstrip(",_")):
                if "RSHA" in s or (s.startswith("CRYPTO_") and s.endswith("_RUST")):
                    n += 1
                    if s not in kconfig:
                        bad(line, f"CONFIG_{s} is no symbol of Kconfig")
    for line, text in doc.code():
        literal = (line, text) in doc.literals
        for tok in re.split(r"[\s`'\"(),;|=]+", text):
            tok = tok.rstrip(".:")
            if not tok or tok.startswith(("-", "$", "/", "~")):
                continue
            # Bare file names of ours.
            if re.fullmatch(r"[\w.*<>{},+-]+\." + FILE_EXT, tok) and "/" not in tok:
                if not literal:
                    continue
                if tok in EXTERNAL_FILES or tok.lower() in EXTERNAL_FILES:
                    continue
                n += 1
                if tok.endswith(".ko"):
                    if not matches(tok, kos):
                        bad(line, f"'{tok}' is no module Kbuild builds")
                elif not matches(tok, base):
                    bad(line, f"'{tok}' is the name of no file of the checkout")
                continue
            for t in re.split(r"[.]", tok) if re.search(r"_rs\.", tok) else [tok]:
                # Drivers and modules of ours.
                if re.fullmatch(r"[\w<>*-]*\w[\w<>*]*-rs(?:-[\w-]+)?", t) or re.fullmatch(r"[\w<>*]+_rs", t):
                    n += 1
                    # A name of ours inside another (a KTAP test "insmod-<module>") counts.
                    if not any(matches(x, drivers | modules) for x in
                               [t] + [t.split("-", k)[-1] for k in range(1, t.count("-"))]):
                        bad(line, f"'{t}' is no driver or module of the code")
            # Test and bench targets.
            if re.fullmatch(r"[a-z<][\w<>.*-]*-(?:test|bench)", tok) and \
                    (tok.startswith("<") or tok.split("-")[0] in {t.split("-")[0] for t in targets}):
                n += 1
                if not matches(tok, targets):
                    bad(line, f"'{tok}' is no target of scripts/test.sh")
    # Kconfig menus (*Cryptographic API → <menu>*): our Kconfig's titles.
    menus = set(re.findall(r'^\s*menu\s+"([^"]+)"', read("Kconfig"), re.M))
    for line, text in doc.prose:
        for m in re.finditer(r"\*Cryptographic API → ([^*]+)\*", re.sub(r"\s+", " ", text)):
            n += 1
            if m.group(1).strip() not in menus:
                bad(line, f"menu '{m.group(1).strip()}' is no menu of Kconfig ({', '.join(sorted(menus))})")
    # The guests' kernel command line switches (rsha.X=): read by a script.
    for line, text in doc.literals:
        for arg in re.findall(r"\brsha\.(\w+)=?", text):
            if arg == "conf":
                continue
            n += 1
            if not re.search(r"\b(?:arg|cmdline)\s+" + re.escape(arg) + r"\b|\brsha\." + re.escape(arg) + "=",
                             script_text()):
                bad(line, f"'rsha.{arg}' is read by no script of the checkout")
    # Identifiers of our code: rsha_* (C helpers, cfgs) and Rust paths
    # (State::init, simd::with_section) of our crates.
    words = code_words()
    for line, text in doc.literals:
        for ident in re.findall(r"\b(rsha_\w+)", text):
            n += 1
            if ident not in words:
                bad(line, f"'{ident}' is in no source of the checkout")
        for path in re.findall(r"\b([A-Za-z_]\w*(?:::[A-Za-z_]\w*)+)", text):
            segs = path.split("::")
            if segs[0] in ("kernel", "core", "alloc", "std", "crate"):
                continue
            n += 1
            missing = [x for x in segs if x not in words]
            if missing:
                bad(line, f"'{path}': {', '.join(missing)} is in no Rust source of the checkout")
    # Paths under the cache ($RSHA_CACHE, ~/.cache/rust-arm-sha; the
    # CONTRIBUTING table's first column): each fixed part is in a script.
    cache = []
    table = False
    for line, text in doc.paragraphs:
        table = table or "path under" in text and "RSHA_CACHE" in text
    for line, text in doc.code():
        for m in re.finditer(r"(?:\$RSHA_CACHE|~/\.cache/rust-arm-sha)/([\w<>*.${}/+-]+)", text):
            cache.append((line, m.group(1)))
    if table:
        rows = [x for x in doc.text.splitlines() if x.startswith("| `")]
        for k, row in enumerate(rows):
            for m in re.findall(r"`([^`]+)`", row.split("|")[1]):
                cache.append((f"table row {k + 1}", m))
    scripts = script_text()
    for line, path in cache:
        parts = [x for x in re.split(r"<[^<>]*>|\$\{?\w+\}?|\*|/", path) if len(x.strip(".-_")) >= 3]
        n += 1
        lost = [x for x in parts if x not in scripts]
        if lost:
            bad(line, f"cache path '{path}': {', '.join(lost)} is in no script")
    # Options of our scripts in commands: each is in the script's text.
    for line, text in doc.code():
        for cmd in re.split(r"\|\||&&|[|;#]", text):
            words = cmd.split()
            for k, w in enumerate(words):
                w = w.lstrip("(")
                if w.startswith(("scripts/", "tests/", ".ci/")) and w in FILES:
                    src = read(w)
                    for opt in words[k + 1:]:
                        o = re.match(r"(--[\w-]+)", opt)
                        if o:
                            n += 1
                            if o.group(1) not in src:
                                bad(line, f"{w} has no option {o.group(1)}")
                    break
    verdict(f"names: {doc.rel}: every path, file, driver, module, target, option, RSHA_ variable and "
            f"Kconfig symbol named exists in the code", errs, n, optional=True)


SCRIPT_TEXT = []


def script_text():
    """The text of every script and build file of the checkout."""
    if not SCRIPT_TEXT:
        for p in sorted(FILES):
            if p.startswith(("scripts/", "tests/", ".ci/")) and not p.endswith((".png", ".csv")) \
                    or p in ("Makefile", "Kbuild"):
                with open(os.path.join(ROOT, p), encoding="utf-8", errors="replace") as f:
                    SCRIPT_TEXT.append(f.read())
    return "\n".join(SCRIPT_TEXT)


CODE_WORDS = set()


def code_words():
    """Every identifier of the checkout's Rust, C and build files."""
    if not CODE_WORDS:
        for p in FILES:
            if p.endswith((".rs", ".c", ".h", ".S")) or p in ("Kbuild", "Makefile", "Kconfig"):
                with open(os.path.join(ROOT, p), encoding="utf-8", errors="replace") as f:
                    CODE_WORDS.update(re.findall(r"\w+", f.read()))
    return CODE_WORDS


def env_names():
    """Every RSHA_* word of the checkout's code (not its documents)."""
    found = set()
    for p in FILES:
        if p.endswith((".rst", ".md", ".csv", ".png", ".meta")) or p.startswith("Documentation/"):
            continue
        try:
            with open(os.path.join(ROOT, p), encoding="utf-8", errors="replace") as f:
                found |= set(re.findall(r"\b(RSHA_[A-Z0-9_]+)", f.read()))
        except OSError:
            pass
    return found


def kconfig_symbols():
    return set(re.findall(r"^\s*(?:menu)?config\s+(\w+)", read("Kconfig"), re.M))


# ---- priorities ---------------------------------------------------------

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
        # The crypto core of its `unsafe impl Cores` (rust/rsha/driver.rs).
        has_ce = bool(re.search(r"\bconst\s+CRYPTO\s*:[^=]*=\s*Some\s*\(", src))
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
        if not claims:
            errs.append("its help states no priority")
        result(not errs, f"priorities: Kconfig {sym} ({module}) priorities agree with {mod['file']}"
               f" ({claims} stated)" + ("" if not errs else ": " + "; ".join(errs)))
    for module in sorted(set(mods) - seen):
        result(False, f"priorities: Kconfig: no config symbol with a help text found for module {module}")


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
        result(not errs and claims > 0, f"priorities: defconfig-fragments/{f}: comment priorities agree with the code"
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
    result(not errs, f"priorities: {rel}: priority tables agree with the code ({claims} figures)"
           + ("" if not errs else ": " + "; ".join(errs)))

    # The section of the 7.x rule: its bold figures are selected priorities
    # of 7.x, the one below the *-lib drivers among them; "at most N" the
    # unit drivers' cap.
    m = re.search(r"^(Priorit[^\n]*\b7\.(?:\d|x)[^\n]*)\n([-=~^\"'`]+)\n(.*?)(?=^[^\n]+\n[-=~^\"'`]{3,}\n|\Z)",
                  text, re.S | re.M)
    if not m:
        result(False, f"priorities: {rel}: no section titled 'Priorities on 7.x' (the 7.x rule) found")
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
        result(not errs, f"priorities: {rel}: '{m.group(1).strip()}' agrees with selected_priority() and unit_priority()"
               + ("" if not errs else ": " + "; ".join(errs)))
    errs = [f"'-lib drivers ({n})'" for n in re.findall(r"-lib``?\s+drivers?\s*\((\d+)\)", text) if int(n) != lib]
    errs += [f"'-lib`` ... at priority {n}'" for n in re.findall(r"-lib``,?\s.{0,80}?at priority (\d+)", text, re.S)
             if int(n) != lib]
    result(not errs, f"priorities: {rel}: the *-lib drivers' priority is LIB_DRIVER_PRIORITY ({lib})"
           + ("" if not errs else ": " + ", ".join(errs)))




def check_lib_priority(all_docs, lib):
    """Every priority a document gives the kernel's *-lib drivers is
    LIB_DRIVER_PRIORITY."""
    errs, n = [], 0
    for d in all_docs:
        for line, para in d.paragraphs:
            flat = re.sub(r"\s+", " ", para)
            for m in re.finditer(r"-lib``?(?:\s+drivers?)?(?:\s*\(|,? at (?:priority )?|,? all at priority )(\d{3})\b"
                                 r"|all at priority (\d{3}), over ``lib/crypto``", flat):
                v = int(m.group(1) or m.group(2))
                n += 1
                if v != lib:
                    errs.append(f"{d.rel} line {line}: *-lib drivers at {v}, LIB_DRIVER_PRIORITY is {lib}")
    verdict(f"priorities: every priority the documents give the *-lib drivers is LIB_DRIVER_PRIORITY ({lib})",
            errs, n)


# ---- versions ---------------------------------------------------------------

def makefile_kernels():
    m = re.search(r"^SUPPORTED_KERNELS\s*:?=\s*(.*)$", read("Makefile"), re.M)
    if not m or not m.group(1).split():
        raise Missing("Makefile: no 'SUPPORTED_KERNELS := <versions>' line")
    return m.group(1).split()


def built_kernels():
    m = re.search(r'^BUILT_KERNELS="([^"]*)"', read("scripts/lib.sh"), re.M)
    if not m or not m.group(1).split():
        raise Missing("scripts/lib.sh: no 'BUILT_KERNELS=\"<versions>\"' line")
    return m.group(1).split()


def code_versions():
    lib = read("scripts/lib.sh")
    bindgen = set(re.findall(r"\bBINDGEN_VERSION=([\d.]+)", lib))
    llvm = set(re.findall(r"/usr/lib/llvm-(\d+)/bin", lib + read("Makefile")))
    if not bindgen:
        raise Missing("scripts/lib.sh: no BINDGEN_VERSION=...")
    if len(llvm) != 1:
        raise Missing(f"scripts/lib.sh and the Makefile: LLVM_BIN names {sorted(llvm) or 'no'} LLVM versions, not one")
    debian = set()
    for p in FILES:
        if p.startswith("scripts/") and not p.endswith(".png") or re.fullmatch(r"Documentation/[^/]+\.csv", p):
            with open(os.path.join(ROOT, p), encoding="utf-8", errors="replace") as f:
                debian |= set(re.findall(r"\d+\.\d+\.\d+\+deb\d+", f.read()))
    return bindgen, llvm.pop(), debian


KVER = r"(?<![\w.])[5-7]\.\d{1,2}(?:\.\*|\.y)?(?![\d]|\.\d)"
KLIST = re.compile(KVER + r"(?:(?:,|,? or|,? and)\s+" + KVER + r")+")


def check_versions(doc, supported, built, bindgen, llvm, debian):
    errs, n = [], 0
    # A list is one of the code's two, or the 7.x part of one ("7.2 and 7.3").
    lists = [x for x in (sorted(supported), sorted(built)) if x]
    lists += [[v for v in x if not v.startswith("6.")] for x in lists]
    for line, text in doc.everything():
        flat = re.sub(r"\s+", " ", text)
        for m in KLIST.finditer(flat):
            got = sorted(set(re.findall(r"[5-7]\.\d{1,2}", m.group(0))))
            n += 1
            if got not in lists:
                errs.append(f"line {line}: kernels '{m.group(0)}', the code's lists: "
                            f"{' '.join(supported)} (Makefile SUPPORTED_KERNELS), "
                            f"{' '.join(built)} (scripts/lib.sh BUILT_KERNELS)")
        for m in re.finditer(r"(?<![\d.])(0\.\d{2}\.\d+)(?![\d.])", flat):
            n += 1
            if m.group(1) not in bindgen:
                errs.append(f"line {line}: bindgen {m.group(1)}: scripts/lib.sh installs {', '.join(sorted(bindgen))}")
            if re.match(r"\s*(?:or later|or newer|and later|or above|\+)", flat[m.end():]):
                errs.append(f"line {line}: bindgen {m.group(1)} 'or later': the Makefile requires the exact "
                            f"version the kernel's .config records")
        for m in re.finditer(r"\b(?:llvm|clang|llvm-mca|LLVM|clang version)[- ](\d{2})\b", flat):
            n += 1
            if m.group(1) != llvm:
                errs.append(f"line {line}: '{m.group(0)}', LLVM_BIN is LLVM {llvm}")
        for m in re.finditer(r"\d+\.\d+\.\d+\+deb\d+", flat):
            n += 1
            if m.group(0) not in debian:
                errs.append(f"line {line}: Debian kernel {m.group(0)} is in no script and no Documentation CSV")
    verdict(f"versions: {doc.rel}: kernel lists, bindgen, LLVM and Debian kernel versions are the code's",
            errs, n, optional=True)


# ---- figures ------------------------------------------------------------------

def csv_rows(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return list(csv.reader(f))


def cell_numbers(rels):
    """Every number of the cells of the files RELS (a cell "0.83-1.01" or
    "512.3/522.3" gives each)."""
    out = set()
    for rel in rels:
        if rel.endswith(".csv"):
            cells = [c for r in csv_rows(rel) for c in r]
        else:
            cells = read(rel).split()
        for c in cells:
            out |= set(re.findall(r"\d+(?:\.\d+)?", c.replace(",", "")))
    return out


def figure_found(fig, values):
    """FIG (a string, "0.975") is a cell value, as written or rounded to its
    decimals."""
    v = float(fig)
    d = len(fig.split(".")[1]) if "." in fig else 0
    return fig in values


NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


def doc_csvs(doc):
    named = {os.path.normpath("Documentation/" + m.split("/")[-1])
             for _, t in doc.literals for m in re.findall(r"[\w.-]+\.csv", t)}
    named = {p for p in named if p in FILES}
    if doc.rel == "README.md":
        # The README's run times are those of Documentation/run-times.csv.
        named.add("Documentation/run-times.csv")
    rels = sorted(set(doc.csv_files) | set(doc.include_files) | named)
    missing = [r for r in rels if r not in FILES]
    return rels, missing


def check_figures(doc, default, full, supported):
    rels, missing = doc_csvs(doc)
    errs, n = [f"{r} (csv-table or literalinclude) is not in the checkout" for r in missing], 0
    rels = [r for r in rels if r not in missing]
    values = cell_numbers(rels)
    # Kernel versions are no figures: X.Y that the document writes after
    # "Linux", "from", "since", "on" ... somewhere.
    kernels = set(re.findall(r"(?:Linux|[Kk]ernels?|from|since|on|in|before|after|to|and|or|until|\*\*)\s+"
                             r"([5-7]\.\d{1,2})(?![\d.]*\d)", doc.text))
    # Decimal figures of the prose, ranges as their two ends; versions and
    # the project's fixed targets ("0.95x", "1.10", "1.25x") excepted.
    for line, text in doc.prose:
        for m in re.finditer(r"(?<![\w.\-/])(\d+\.\d+)(?:\s*-\s*(\d+\.\d+))?(?![\w.]*\d)", text):
            for fig in filter(None, m.groups()):
                if fig in kernels or re.fullmatch(r"6\.\d{1,2}|7\.\d", fig):
                    continue
                # "0.95x" is a target, "2.5 %" a derived share: not cells.
                if re.match(r"x\b|\s*%", text[m.end():]) or fig in ("1.10",):
                    continue
                n += 1
                if not values:
                    errs.append(f"line {line}: figure {fig}, but the document shows no CSV")
                elif not figure_found(fig, values):
                    errs.append(f"line {line}: {fig} is in none of {', '.join(os.path.basename(r) for r in rels)}")
    # Integer ranges ("40-46 a call") are cells, or differences of the two
    # sides of an "ours/theirs" cell (in instructions: thousands times
    # 1000), as written; tcrypt modes and ranges of microseconds or GHz
    # (derived from the cycle model) excepted.
    derived = {str(int(float(x))) for x in values if float(x).is_integer()}
    for r in rels:
        if r.endswith(".csv"):
            for row in csv_rows(r):
                for c in row:
                    m = re.fullmatch(r"(\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)", c.strip())
                    if m:
                        scale = 1000 if "." in m.group(1) else 1
                        a, b = (float(x) * scale for x in m.groups())
                        derived |= {str(round(a)), str(round(b)), str(round(abs(a - b)))}
    for line, text in doc.prose:
        for m in re.finditer(r"(?<![\w.\-/,])(\d{1,3}(?:,\d{3})*|\d+)-(\d{1,3}(?:,\d{3})+|\d+)(?![\w.,-])"
                             r"(?!\s*(?:%|µs|GHz|MHz))", text):
            if re.search(r"modes?\s*$", text[:m.start()]) or not values:
                continue
            n += 1
            lost = [f for f in m.groups() if f.replace(",", "") not in derived]
            if lost:
                errs.append(f"line {line}: {m.group(0)}: {', '.join(lost)} is no cell nor the difference of an "
                            f"'ours/theirs' cell of {', '.join(os.path.basename(r) for r in rels)}")
    # *Column* names that the prose defines are headers of its CSVs.
    headers = set()
    for r in rels:
        if r.endswith(".csv"):
            rows = csv_rows(r)
            if rows:
                headers |= {h.strip() for h in rows[0]}
                headers |= {h.split(" (")[0].strip() for h in rows[0]}
    for line, text in doc.prose:
        for m in re.finditer(r"(?<![\w*])\*([^*\s][^*]*?)\*(?:\s+(?:is|lists|compares)\b|(: ))", text):
            term = m.group(1)
            if m.group(2) and not re.search(r"[\d<>=/]", term):
                continue
            n += 1
            if term not in headers:
                errs.append(f"line {line}: *{term}* is the header of no column of "
                            f"{', '.join(os.path.basename(r) for r in rels) or 'its CSVs (none)'}")
    # Counts of targets.
    for line, text in doc.prose + doc.literals:
        flat = re.sub(r"\s+", " ", text)
        counts = [m.group(1) for m in re.finditer(r"\b(\w+) (?:test )?targets\b", flat)]
        if re.search(r"target|--full", flat):
            counts += re.findall(r"\ball (\w+)\b", flat)
        for c in counts:
            c = c.lower()
            k = NUMBER_WORDS.get(c, int(c) if c.isdigit() else None)
            if k is None:
                continue
            n += 1
            if k not in (len(default), len(full)):
                errs.append(f"line {line}: '{c}' targets: scripts/test.sh has {len(default)} (default) "
                            f"and {len(full)} (--full)")
    # Counts of kernels: the supported ones, or those a tier builds.
    built_default = [t for t in default if not t.startswith("debian-")]
    built_full = [t for t in full if not t.startswith("debian-")]
    for line, text in doc.prose:
        flat = re.sub(r"\s+", " ", text)
        for m in re.finditer(r"(?<![\w.-])(\w+) kernels(?: instead of (\w+))?", flat):
            for k, c in enumerate(m.groups()):
                k_val = NUMBER_WORDS.get((c or "").lower(), int(c) if c and c.isdigit() else None)
                if k_val is None:
                    continue
                n += 1
                # ("Two kernels": 6.x and 7.x, the generations of the list.)
                generations = len({v.split(".")[0] for v in supported})
                want = {len(built_full)} if k else {len(built_default), len(built_full), len(supported), generations}
                if k_val not in want:
                    errs.append(f"line {line}: '{m.group(0)}': the code has {len(supported)} supported kernels "
                                f"(Makefile), the default tier builds {len(built_default)}, --full "
                                f"{len(built_full)} (scripts/test.sh)")
    verdict(f"figures: {doc.rel}: decimal figures, defined column names and target counts are those of "
            f"its CSV files and the code", errs, n, optional=True)


def check_csv_generators():
    """A Documentation CSV whose first two columns a script writes with
    writerow([...]) has that script's whole header."""
    gens = []
    for p in FILES:
        if p.startswith("scripts/") and p.endswith(".py"):
            src = read(p)
            for m in re.finditer(r"writerow\(\[((?:\s*\"[^\"]*\"\s*,?)+)\]", src):
                gens.append((p, re.findall(r"\"([^\"]*)\"", m.group(1))))
    errs, n = [], 0
    for p in sorted(FILES):
        if not re.fullmatch(r"Documentation/[^/]+\.csv", p):
            continue
        rows = csv_rows(p)
        if not rows:
            errs.append(f"{p} is empty")
            continue
        head = rows[0]
        for g, want in gens:
            if len(want) >= 2 and head[:2] == want[:2]:
                n += 1
                if head != want:
                    diff = [f"'{a}' (the script: '{b}')" for a, b in zip(head, want) if a != b]
                    errs.append(f"{p}: header differs from {g}'s: "
                                + (", ".join(diff) or f"{len(head)} columns, the script {len(want)}"))
        # Every row as long as the header.
        bad = [i + 1 for i, r in enumerate(rows) if len(r) != len(head)]
        n += 1
        if bad:
            errs.append(f"{p}: rows {bad[:5]} have not the header's {len(head)} cells")
    verdict("figures: Documentation/*.csv: headers of generated CSVs are their scripts', every row complete",
            errs, n)


# A CSV made from others: every decimal figure of its cells is a cell of
# one of them, as written.
DERIVED_CSVS = {
    "Documentation/boards.csv": ["Documentation/selected-6.12.csv", "Documentation/selected-7.3.csv"],
}


# Ratio columns: (column, numerator column, denominator column), a column
# named, or (name, n) for the n-th of that name. Each cell is the ratio of
# its row's two cells, to its own decimals (an input's rounding allowed).
RATIO_COLUMNS = {
    "Documentation/selected-6.12.csv": [("ratio", ("cycles", 0), ("cycles", 1))],
    "Documentation/selected-7.3.csv": [("ratio", ("cycles", 0), ("cycles", 1))],
    "Documentation/cores.csv": [("ours/ref", "ours", "in-tree 6.12 = lib/crypto 7.3"),
                                ("ours/generic 6.12", "ours", "generic C 6.12"),
                                ("ours/generic 7.3", "ours", "generic C 7.3"),
                                ("ours/bound", "ours", "bound")],
    "Documentation/x86-cycles.csv": [("ours / kernel", "ours", "kernel 6.12")],
}


def check_ratio_columns():
    errs, n = [], 0
    for rel, specs in RATIO_COLUMNS.items():
        rows = csv_rows(rel)
        head = [h.strip() for h in rows[0]]

        def col(c):
            name, k = c if isinstance(c, tuple) else (c, 0)
            at = [i for i, h in enumerate(head) if h == name]
            if len(at) <= k:
                raise Missing(f"{rel}: no column '{name}' (its header: {', '.join(head)})")
            return at[k]

        for spec in specs:
            try:
                r_i, a_i, b_i = (col(c) for c in spec)
            except Missing as e:
                errs.append(str(e))
                continue
            for k, row in enumerate(rows[1:], 2):
                try:
                    v = row[r_i].strip("* ")
                    a, b, got = float(row[a_i]), float(row[b_i]), float(v)
                except (ValueError, IndexError):
                    continue
                d = len(v.split(".")[1]) if "." in v else 0
                n += 1
                if abs(round(a / b, d) - got) > 1.01 * 10 ** -d:
                    errs.append(f"{rel} row {k}: {head[r_i]} {v}, but {a:g} / {b:g} = {a / b:.{d + 1}f}")
    verdict("figures: ratio columns are the ratios of their rows (" + ", ".join(RATIO_COLUMNS) + ")", errs, n)


def check_derived_csvs():
    errs, n = [], 0
    for rel, sources in DERIVED_CSVS.items():
        values = cell_numbers(sources)
        for i, row in enumerate(csv_rows(rel)[1:], 2):
            for c in row:
                for fig in re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", c):
                    n += 1
                    if fig not in values:
                        errs.append(f"{rel} row {i}: {fig} is in none of {', '.join(sources)}")
    verdict("figures: the cells of CSVs made from others are theirs (" + ", ".join(DERIVED_CSVS) + ")", errs, n)


# Figures of Documentation/tiers.csv that are settings of the scripts:
# (row label, column, file, regex whose group 1 values the cell's integers
# must all be among; "full" lines are those that RSHA_FULL selects).
TIER_SETTINGS = [
    ("guest timeout", 1, "scripts/test.sh", r"^GUEST_TIMEOUT=\$\{RSHA_GUEST_TIMEOUT:-(\d+)\}"),
    ("guest timeout", 2, "scripts/test.sh", r"RSHA_FULL.*GUEST_TIMEOUT=\$\{RSHA_GUEST_TIMEOUT:-(\d+)\}"),
    ("random messages per driver", 1, "scripts/test.sh", r"^COMPARE_COUNT=(\d+)"),
    ("random messages per driver", 2, "scripts/test.sh", r"RSHA_FULL.*COMPARE_COUNT=(\d+)"),
    ("fuzz iterations", 1, "scripts/test.sh", r"^RELOAD_FUZZ=(\d+)"),
    ("fuzz iterations", 2, "scripts/test.sh", r"^FUZZ=\$\{RSHA_FUZZ_ITERATIONS:-(\d+)\}"),
    ("cycles per module", 1, "scripts/targets.sh", r"^\s*CYCLES_FIRST=(\d+) CYCLES_OTHER=(?:\d+)"),
    ("cycles per module", 1, "scripts/targets.sh", r"^\s*CYCLES_FIRST=(?:\d+) CYCLES_OTHER=(\d+)"),
    ("cycles per module", 2, "scripts/targets.sh", r"RSHA_FULL.*CYCLES_FIRST=(\d+)"),
    ("cycles per module", 2, "scripts/targets.sh", r"RSHA_FULL.*CYCLES_OTHER=(\d+)"),
]


def check_tier_settings():
    rows = csv_rows("Documentation/tiers.csv")
    want = {}
    for label, col, rel, rx in TIER_SETTINGS:
        found = re.findall(rx, read(rel), re.M)
        if not found:
            raise Missing(f"{rel}: no /{rx}/ (the setting tiers.csv's '{label}' quotes)")
        want.setdefault((label, col), set()).update(found)
    errs, n = [], 0
    for (label, col), values in want.items():
        row = [r for r in rows[1:] if label in r[0]]
        if len(row) != 1:
            errs.append(f"tiers.csv has {len(row)} rows '{label}', not one")
            continue
        for v in re.findall(r"(?<![\w.-])(\d+)(?![\w.])", row[0][col]):
            n += 1
            if v not in values:
                errs.append(f"tiers.csv '{label}', {rows[0][col]}: {v}, the scripts: {', '.join(sorted(values))}")
    verdict("figures: Documentation/tiers.csv's settings are the scripts'", errs, n)


def debug_fragments(base):
    """The debug fragments scripts/targets.sh gives a test kernel of BASE:
    debug-common.config unless its branch sets extra= afresh, and every
    *-debug.config its branch names."""
    src = read("scripts/targets.sh")
    m = re.search(r"^\t(?:[\w|\s-]*\|\s*)?" + re.escape(base) + r"(?:\s*\|[\w|\s-]*)?\)\n(.*?)^\t\t;;",
                  src, re.S | re.M)
    if not m:
        raise Missing(f"scripts/targets.sh: no case branch for {base}")
    branch = m.group(1)
    frags = [] if re.search(r"\bextra=", branch) else ["debug-common.config"]
    frags += re.findall(r"([\w-]+-debug\.config)", branch)
    return frags


def check_debug_options():
    """Documentation/debug-options.csv against the fragments: "yes" is set
    (=y) by the kernel's debug fragments, "no" is not; our own test options
    (CRYPTO_RSHA_*) come with RSHA_TEST=1 (the Makefile)."""
    rows = csv_rows("Documentation/debug-options.csv")
    head = rows[0]
    bases = {"armv7": "arm"}
    errs, n = [], 0
    makefile = read("Makefile")
    for col in range(1, len(head)):
        base = bases.get(head[col].split()[0].lower(), head[col].split()[0].lower())
        frags = debug_fragments(base)
        text = "\n".join(read("defconfig-fragments/" + f) for f in frags)
        for row in rows[1:]:
            syms = re.findall(r"``(\w+)``", row[0])
            want = row[col].strip().lower().startswith("yes")
            for sym in syms:
                n += 1
                if sym.startswith("CRYPTO_RSHA_"):
                    have = f"CONFIG_{sym}=y" in makefile
                else:
                    have = re.search(rf"^CONFIG_{sym}=y$", text, re.M) is not None
                if have != want:
                    errs.append(f"{sym} on {head[col]}: the table says '{row[col]}', "
                                f"{' + '.join(frags)} {'set' if have else 'do not set'} it")
    verdict("figures: Documentation/debug-options.csv is what the debug fragments set (scripts/targets.sh)",
            errs, n)


def check_targets_csv(full):
    rows = csv_rows("Documentation/targets.csv")
    errs = []
    col = [i for i, h in enumerate(rows[0]) if h.strip().lower() == "target"] if rows else []
    if not col:
        errs.append("no column 'target'")
    else:
        listed = {r[col[0]].strip("` ") for r in rows[1:]}
        for t in sorted(set(full) - listed):
            errs.append(f"{t} (scripts/test.sh --full) has no row")
        for t in sorted(listed - set(full)):
            errs.append(f"{t} is no target of scripts/test.sh --full")
    verdict("figures: Documentation/targets.csv lists exactly the targets of scripts/test.sh --full",
            errs, len(full))


# ---- imports ------------------------------------------------------------------

def rsha_imports():
    """{file: {imported file}} of rust/rsha: `use super::...` and
    `super::name` paths, comments left out."""
    graph = {}
    for p in rs_files("rust/rsha"):
        name = os.path.basename(p)
        if name in ("mod.rs", "bindings_generated.rs"):
            continue
        with open(p, encoding="utf-8") as f:
            src = re.sub(r"//[^\n]*", "", f.read())
        deps = set()
        for m in re.finditer(r"\buse\s+super::\{", src):
            depth, i = 1, m.end()
            while depth and i < len(src):
                depth += {"{": 1, "}": -1}.get(src[i], 0)
                i += 1
            body, depth, part = src[m.end():i - 1], 0, ""
            for ch in body + ",":
                if ch == "," and depth == 0:
                    if part.strip():
                        deps.add(re.match(r"\s*(\w+)", part).group(1))
                    part = ""
                    continue
                depth += {"{": 1, "}": -1}.get(ch, 0)
                part += ch
        deps |= set(re.findall(r"\bsuper::(\w+)", src))
        graph[name] = {d + ".rs" for d in deps if d != "self"} - {name}
    return graph


def check_imports():
    rel = "Documentation/design.rst"
    text = read(rel)
    graph = rsha_imports()
    errs, n = [], 0
    rule = re.search(r"no file imports one\s+above\s+it|imports\s+only\s+files\s+(?:of\s+its\s+own\s+layer\s+or\s+)?below\s+it", text)
    # The diagram: the literal block that names the library's files; a
    # file's layer is the line of its first mention.
    block = None
    for m in re.finditer(r"::\n\n((?:[ \t]+[^\n]*\n|\n)+)", text):
        if sum(f in m.group(1) for f in graph) >= len(graph) // 2:
            block = m.group(1)
            break
    if not rule:
        errs.append(f"{rel} states no import rule ('no file imports one above it') for its diagram")
    if block is None:
        errs.append(f"{rel}: no literal block naming rust/rsha's files (the import diagram)")
    else:
        # Layers are the groups of lines between lines of arrows alone
        # ("|", "v", "+", "-", ">", "<"); files of one layer may import each
        # other, as long as no circle forms.
        # A diagram without arrows: each line naming files is a layer.
        lines = block.splitlines()
        arrows = any(x.strip() and re.fullmatch(r"[\s|v+\-<>]*", x) for x in lines)
        layer, i = {}, 0
        for line in lines:
            if line.strip() and re.fullmatch(r"[\s|v+\-<>]*", line):
                i += 1
                continue
            if not arrows and re.search(r"\b\w+\.(?:rs|c)\b", line):
                i += 1
            for f in re.findall(r"\b(\w+\.(?:rs|c))\b", line):
                layer.setdefault(f, i)
        for f in sorted(graph):
            if f not in layer:
                errs.append(f"rust/rsha/{f} is not in the diagram")
        for f, deps in sorted(graph.items()):
            for d in sorted(deps):
                n += 1
                if f in layer and d in layer and layer[d] < layer[f] and rule:
                    errs.append(f"{f} imports {d}, which the diagram puts above it")
    # Rules about single files: "``a.rs`` and ``b.rs`` use only ``core``"
    # (no kernel crate, no library file outside the list), "``c.rs``
    # imports only the bindings".
    flat = re.sub(r"\s+", " ", text)
    for m in re.finditer(r"((?:``\w+\.rs``(?:, | and |, and ))*``\w+\.rs``) (?:uses?|imports?) only "
                         r"(``core``|the bindings|``\w+\.rs``)", flat):
        named = re.findall(r"``(\w+\.rs)``", m.group(1))
        allowed = set(named) | ({"bindings.rs"} if m.group(2) == "the bindings" else set()) \
            | set(re.findall(r"``(\w+\.rs)``", m.group(2)))
        for f in named:
            n += 1
            if f not in graph:
                errs.append(f"'{m.group(0)}': rust/rsha/{f} does not exist")
                continue
            extra = sorted(graph[f] - allowed)
            if extra:
                errs.append(f"'{m.group(0)}', but {f} imports {', '.join(extra)}")
            if m.group(2) == "``core``":
                with open(os.path.join(ROOT, "rust/rsha", f), encoding="utf-8") as src:
                    code = re.sub(r"//[^\n]*", "", src.read())
                if re.search(r"\bkernel::|\bbindings::", code):
                    errs.append(f"'{m.group(0)}', but {f} uses the kernel crate or the bindings")
    # No circle, whatever the text says.
    state = {}

    def visit(f, path):
        state[f] = 1
        for d in sorted(graph.get(f, ())):
            if state.get(d) == 1:
                errs.append("import circle: " + " -> ".join(path[path.index(d):] + [d]) if d in path
                            else f"import circle through {d}")
            elif not state.get(d):
                visit(d, path + [d])
        state[f] = 2

    for f in sorted(graph):
        if not state.get(f):
            visit(f, [f])
    verdict(f"imports: {rel}'s import rule holds for every 'use super::' of rust/rsha, no circle",
            errs, n)


# ---- one statement per rule ----------------------------------------------------

# label: (what, regex of a paragraph stating the rule). The rule is stated
# in the section under ".. _label:" only; elsewhere a link to it.
RULES = {
    "simd-irqs-off": ("SIMD with interrupts off",
                      r"(?:scalar core|scalar)[^.]{0,120}interrupts (?:are )?(?:off|disabled)"
                      r"|interrupts (?:are )?(?:off|disabled)[^.]{0,80}(?:scalar core|NEON|SIMD)"
                      r"|SIMD with IRQs off|may_use_simd\(\)``? (?:refuses|allows)"),
    "neon-bound": ("the SIMD section bound",
                   r"(?:at most|every|cut every)\s+(?:``NEON_SECTION_BYTES`` = )?(?:4096 bytes|4 KiB)"),
    "priorities-7x": ("the 7.x priorities", r"\*\*290\*\*|\b290\b[^.]{0,200}\b310\b"),
    "hmac-drivers": ("an HMAC driver's priority",
                     r"one above its hash driver|(?:at )?its priority plus one"),
}


def sections(doc):
    """(line, label) of every '.. _label:' of an rst document."""
    return [(i + 1, m.group(1)) for i, line in enumerate(doc.text.splitlines())
            for m in [re.match(r"^\.\. _([\w-]+):\s*$", line)] if m]


def section_of(doc, line):
    """The label of the section LINE is in: the last label before it whose
    section (up to the next title of the same or a higher level) holds it."""
    lines = doc.text.splitlines()
    label, level_of_label = None, None
    levels = []
    for i in range(min(line, len(lines))):
        m = re.match(r"^\.\. _([\w-]+):\s*$", lines[i])
        if m:
            label, level_of_label = m.group(1), None
            continue
        if i + 1 < len(lines) and lines[i].strip() and re.fullmatch(r"([=\-~^\"'`])\1{2,}", lines[i + 1].strip()) \
                and len(lines[i + 1].strip()) >= len(lines[i].strip()):
            ch = lines[i + 1].strip()[0]
            if ch not in levels:
                levels.append(ch)
            lv = levels.index(ch)
            if label and level_of_label is None:
                level_of_label = lv
            elif label and lv <= level_of_label:
                label, level_of_label = None, None
    return label


def check_rules(all_docs):
    errs, n = [], 0
    for label, (what, rx) in RULES.items():
        homes = [d for d in all_docs if label in [x for _, x in sections(d)]]
        if len(homes) != 1:
            errs.append(f"'{what}': the label '.. _{label}:' is in {len(homes)} documents, not one")
            continue
        stated = []
        for d in all_docs:
            for line, para in d.paragraphs:
                if re.search(rx, re.sub(r"\s+", " ", para)):
                    n += 1
                    where = section_of(d, line) if d.rel.endswith(".rst") else None
                    stated.append((d.rel, line, where == label))
        inside = [s for s in stated if s[2]]
        outside = [s for s in stated if not s[2]]
        if not inside:
            errs.append(f"'{what}' is not stated under '.. _{label}:' ({homes[0].rel})")
        for rel, line, _ in outside:
            errs.append(f"'{what}' stated again in {rel} line {line}: link :ref:`{label}` instead")
    verdict("rules: each rule is stated once, under its label (" + ", ".join(RULES) + ")", errs, n)


# ---- sizes ------------------------------------------------------------------

def check_sizes():
    """The word limits CONTRIBUTING.md states, as wc -w counts."""
    text = re.sub(r"\s+", " ", read("CONTRIBUTING.md"))
    m = re.search(r"README\.md stays at most ([\d,]+) words, and `Documentation/\*\.rst` at most ([\d,]+) words",
                  text)
    if not m:
        raise Missing("CONTRIBUTING.md states no word limits ('README.md stays at most N words, and "
                      "`Documentation/*.rst` at most M words')")
    readme_max, rst_max = (int(x.replace(",", "")) for x in m.groups())
    readme = len(read("README.md").split())
    rst = sum(len(read(p).split()) for p in FILES if re.fullmatch(r"Documentation/[^/]+\.rst", p))
    errs = []
    if readme > readme_max:
        errs.append(f"README.md has {readme} words, at most {readme_max}")
    if rst > rst_max:
        errs.append(f"Documentation/*.rst have {rst} words, at most {rst_max}")
    verdict(f"sizes: README.md {readme} words (at most {readme_max}), Documentation/*.rst {rst} "
            f"(at most {rst_max})", errs, 2)


# ---- run bits ------------------------------------------------------------------

def check_run_bits(all_docs):
    errs, n = [], set()
    for d in all_docs:
        for line, text in d.everything():
            for p in re.findall(r"(?:scripts|tests|\.ci)/[\w./-]+", text):
                p = p.rstrip(".,:;)")
                if p not in FILES or p in n:
                    continue
                with open(os.path.join(ROOT, p), "rb") as f:
                    if f.read(2) != b"#!":
                        continue
                n.add(p)
                if not FILES[p]:
                    errs.append(f"{p} (named in {d.rel} line {line}) starts with #! but is not executable in git "
                                f"(git update-index --chmod=+x {p})")
    verdict("run bits: every script the documents name that starts with #! is executable in git",
            errs, len(n))


# ---- supported kernels -------------------------------------------------------

def check_kernels():
    """The kernel lists; one that cannot be read is a FAIL here, and the
    versions class goes on with the other."""
    supported = makefile_kernels()
    try:
        built = built_kernels()
    except Missing as e:
        result(False, f"kernels: {e}")
        return supported, []
    errs = [f"{k} (scripts/lib.sh BUILT_KERNELS) is not in the Makefile's SUPPORTED_KERNELS"
            for k in built if k not in supported]
    lib = read("scripts/lib.sh")
    cases = re.findall(r"^\t(\d+\.\d+)\)", lib[lib.find("use_kernel()"):], re.M)
    if sorted(cases) != sorted(built):
        errs.append(f"use_kernel knows {' '.join(cases) or 'no version'}, BUILT_KERNELS is {' '.join(built)}")
    if not re.search(r"^SUPPORTED_KERNELS=.*\$RSHA_ROOT/Makefile", lib, re.M):
        errs.append("scripts/lib.sh does not read SUPPORTED_KERNELS from $RSHA_ROOT/Makefile")
    if not re.search(r"SUPPORTED_KERNELS.*\$RSHA_ROOT/Makefile", read("scripts/debian-kernel.sh")):
        errs.append("scripts/debian-kernel.sh does not read SUPPORTED_KERNELS from $RSHA_ROOT/Makefile")
    verdict(f"kernels: the Makefile's SUPPORTED_KERNELS ({' '.join(supported)}) is the one list: scripts/lib.sh "
            f"and scripts/debian-kernel.sh read it, BUILT_KERNELS ({' '.join(built)}) is within it", errs, 1)
    return supported, built


# ---- main ---------------------------------------------------------------------

def run(what, fn, *args):
    try:
        return fn(*args)
    except Missing as e:
        result(False, f"{what}: {e}")
    return None


def main():
    global code_below, code_cap, lib
    load_files()
    all_docs = []
    for rel in docs():
        d = run(f"reading {rel}", Doc, rel)
        if d:
            all_docs.append(d)
    if not any(d.rel == "README.md" for d in all_docs):
        result(False, "README.md: not found")
    # Priorities.
    MODS = RULE = None
    try:
        RULE = code_rule()
        lib, code_below, above, code_cap, where = RULE
        MODS = code_modules(RULE)
    except Missing as e:
        result(False, f"priorities: the code's rule: {e}")
    if MODS is not None:
        for check in (check_kconfig, check_fragments):
            run(f"priorities: {check.__name__}", check, MODS, RULE[0])
        run("priorities: Documentation/drivers.rst", check_drivers_rst, MODS, RULE)
        run("priorities: the *-lib drivers", check_lib_priority, all_docs, RULE[0])
    # Kernels and versions.
    kernels = run("kernels", check_kernels)
    versions = run("versions: the code's", code_versions)
    targets = run("names: the code's targets", code_targets)
    try:
        drivers, modules, kos = code_names()
        names = (drivers, modules, kos, targets[2] if targets else set(), env_names(), kconfig_symbols())
    except Missing as e:
        result(False, f"names: the code's names: {e}")
        names = None
    for d in all_docs:
        if names:
            run(f"names: {d.rel}", check_names, d, names)
        if kernels and versions:
            run(f"versions: {d.rel}", check_versions, d, *kernels, *versions)
        if targets:
            run(f"figures: {d.rel}", check_figures, d, targets[0], targets[1], kernels[0] if kernels else [])
    run("figures: Documentation/*.csv", check_csv_generators)
    run("figures: derived CSVs", check_derived_csvs)
    run("figures: ratio columns", check_ratio_columns)
    run("figures: Documentation/tiers.csv", check_tier_settings)
    run("figures: Documentation/debug-options.csv", check_debug_options)
    if targets:
        run("figures: Documentation/targets.csv", check_targets_csv, targets[1])
    run("imports", check_imports)
    run("rules", check_rules, all_docs)
    run("run bits", check_run_bits, all_docs)
    run("sizes", check_sizes)
    if PLANT:
        plant = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-docs-plant.py")
        p = subprocess.run([sys.executable, plant, ROOT], capture_output=True, text=True)
        lines = [x for x in p.stdout.splitlines() if x.startswith(("PASS ", "FAIL "))]
        for x in lines:
            print(x, flush=True)
        bad = sum(x.startswith("FAIL ") for x in lines)
        global failed
        failed += bad
        if p.returncode != 0 and not bad:
            result(False, f"the planted-error test (check-docs-plant.py) ended with exit {p.returncode}: "
                   + (p.stderr.strip().splitlines() or ["no message"])[-1])
        elif not lines:
            result(False, "the planted-error test (check-docs-plant.py) printed no result")
    return 1 if failed else 0


code_below = code_cap = lib = 0
try:
    sys.exit(main())
except Exception as e:  # a bug here is a result too, never a silent pass
    result(False, f"check-docs.py stopped: {type(e).__name__}: {e}")
    sys.exit(2)
