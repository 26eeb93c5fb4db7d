#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# unit-choice.sh [--boots N] [--out DIR] [--label NAME] BUILD [MODULE_DIR]: the unit
# choice of the x86_64 driver modules (rust/rsha/select.rs) across boots and clocks, on
# User-Mode Linux, the host's own CPU. BUILD is a UML kernel build (BUILD/linux,
# BUILD/usr/gen_init_cpio); MODULE_DIR holds sha{1,256,512}-x86_64-rs.ko, built with
# RSHA_TEST=1 (the test-only parameter clock_step_ns); default BUILD/rsha-modules.
#
# Each boot (N: 10 with RSHA_FULL=1, else 3) loads every module three times: with
# the kernel's clock, and with the clock the measurement sees coarsened to 1 us and
# 4 us; and once more sha512-x86_64-rs with unit=scalar, the negative control. The
# guest only loads, prints its kernel messages and powers off; the self-tests are
# off (cryptomgr.notests=1: the suite's other boots run them).
# PASS: each module chose, in every load, the unit the host CPU's flags lead to
# (SHA-1, SHA-256: ni with SHA-NI, else avx2 with AVX2 and BMI1/2, else scalar;
# SHA-384/512: avx2, else scalar) and the forced load is told apart. Load and
# measurement times are printed, not judged. Exit status 1 when a boot failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
BOOTS=3
[ "${RSHA_FULL:-0}" = 0 ] || BOOTS=10
OUT=$RSHA_CACHE/logs/unit-choice LABEL=uml
while [ $# -gt 0 ]; do
	case $1 in
	--boots) BOOTS=${2:?--boots needs a number}; shift 2 ;;
	--out) OUT=${2:?--out needs a directory}; shift 2 ;;
	--label) LABEL=${2:?--label needs a name}; shift 2 ;;
	-*) die "unknown option $1 (--boots N, --out DIR, --label NAME)" ;;
	*) break ;;
	esac
done
BUILD=${1:?usage: unit-choice.sh [--boots N] [--out DIR] [--label NAME] BUILD [MODULE_DIR]}
MODS=${2:-$BUILD/rsha-modules}
MODULES="sha1-x86_64-rs sha256-x86_64-rs sha512-x86_64-rs"
CLOCKS="0 1000 4000"
uml_build_ready "$BUILD" "$MODS" $MODULES
# The check reads every boot-*.log in OUT: none of an earlier run with more boots.
mkdir -p "$OUT" && rm -f "$OUT"/boot-*.log "$OUT"/boot-*.log.cpu

# The guest: Debian's busybox-static, the modules and an /init that loads them.
guest_apt_setup amd64
guest_download busybox-static
ROOT=$OUT/root
rm -rf "$ROOT" && mkdir -p "$ROOT"
dpkg-deb -x "$(guest_deb busybox-static | tail -n1)" "$ROOT"
cat >"$OUT/init" <<EOF
#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /bb
/bin/busybox mount -t proc proc /proc
/bin/busybox --install -s /bb
export PATH=/bb
dmesg -n 1
for c in $CLOCKS; do
	for m in $MODULES; do insmod /m/\$m.ko clock_step_ns=\$c; done
	echo "@@RSHA clock \$c"
	dmesg -c | grep '_rs: '
	for m in $MODULES; do rmmod \$m; done
done
insmod /m/sha512-x86_64-rs.ko unit=scalar
echo "@@RSHA clock forced"
dmesg -c | grep '_rs: '
echo "@@RSHA done"
poweroff -f
EOF
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /m; do echo "dir $d 0755 0 0"; done
	echo "file /bin/busybox $ROOT/bin/busybox 0755 0 0"
	echo "file /init $OUT/init 0755 0 0"
	for m in $MODULES; do echo "file /m/$m.ko $MODS/$m.ko 0644 0 0"; done
} >"$OUT/initramfs.list"
"$BUILD/usr/gen_init_cpio" "$OUT/initramfs.list" >"$OUT/initramfs.cpio"

failed=0
for b in $(seq "$BOOTS"); do
	step "unit choice: UML boot $b of $BOOTS (console: $OUT/boot-$b.log)"
	if ! "$RSHA_ROOT/scripts/guest/run.sh" um host "$BUILD/linux" "$OUT/initramfs.cpio" "$OUT/boot-$b.log" \
		300 cryptomgr.notests=1 >&2; then
		failed=1
	fi
done

flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
has() { local f; for f; do [[ $flags == *" $f "* ]] || return 1; done; }
vector=scalar crypto=scalar
! has avx2 bmi1 bmi2 || vector=avx2 crypto=avx2
! has sha_ni ssse3 sse4_1 || crypto=ni
python3 - "$LABEL" "$BOOTS" "$crypto" "$vector" "$OUT"/boot-*.log <<'EOF'
import re, statistics, sys
label, boots, crypto, vector, logs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
expected = {"sha1_x86_64_rs": crypto, "sha256_x86_64_rs": crypto, "sha512_x86_64_rs": vector}
clocks = {"0": "the kernel's clock", "1000": "a 1 us clock", "4000": "a 4 us clock"}
TYPE = re.compile(r"(\w+_rs): CPU type \S+ \(\d+ CPUs?\): .*\(clock step (\d+) ns, spans of (\d+) ns, "
                  r"best of (\d+), .* in (\d+) us\): (\w+)$")
LOADED = re.compile(r"(\w+_rs): \d+ drivers registered in \d+ ms, .*; loaded in (\d+) ms")
NOTE = re.compile(r"(\w+_rs): CPU type \S+: the cycle tables have .*")
choices, times, notes = {}, {}, []  # (module, clock) -> [unit], [(step, span, turns, us, ms)]
for log in logs:
    clock, seen = None, set()
    for line in open(log, errors="replace"):
        line = line.strip()
        if line.startswith("@@RSHA clock "):
            clock = line.split()[2]
        elif clock and (m := TYPE.search(line)):
            mod, step, span, turns, us, unit = m.groups()
            choices.setdefault((mod, clock), []).append(unit)
            times.setdefault((mod, clock), []).append([int(step), int(span), int(turns), int(us), None])
            seen.add((mod, clock))
        elif clock and (m := LOADED.search(line)) and times.get((m[1], clock)):
            times[(m[1], clock)][-1][4] = int(m[2])
        elif clock and NOTE.search(line):
            notes.append(f"{log}: clock {clock}: {line}")

def verdict(units, want):
    return len(units) > 0 and all(u == want for u in units)

for mod, want in expected.items():
    units = [u for c in clocks for u in choices.get((mod, c), [])]
    per_clock = "; ".join(f"{clocks[c]}: " + (", ".join(f"{u} {n}" for u, n in sorted(
        {u: choices[(mod, c)].count(u) for u in choices.get((mod, c), [])}.items())) or "no choice line")
        for c in clocks)
    ok = verdict(units, want) and len(units) == 3 * boots
    print(f"{'PASS' if ok else 'FAIL'} {label}: {mod} chose {want} in every load of {boots} boots "
          f"with the kernel's clock and clocks of 1 and 4 us ({len(units)} of {3 * boots} loads: {per_clock})")
forced = choices.get(("sha512_x86_64_rs", "forced"), [])
ok = len(forced) == boots and not verdict(forced, vector) and all(u == "scalar" for u in forced)
print(f"{'PASS' if ok else 'FAIL'} {label}: negative control: the check tells a load with unit=scalar "
      f"from the expected {vector} ({len(forced)} of {boots} forced loads: {', '.join(forced) or 'none'})")
print(f"unit choice ({label}): per module and clock over {boots} boots, median (max): clock step seen, "
      "span per unit, turns, measurement time, module load time", file=sys.stderr)
for (mod, clock), rows in sorted(times.items()):
    cols = list(zip(*rows))
    def med(i, unit=""):
        vals = [v for v in cols[i] if v is not None]
        return f"{round(statistics.median(vals))} ({max(vals)}){unit}" if vals else "-"
    print(f"  {mod:17} {clocks.get(clock, 'unit=scalar'):18} step {med(0, ' ns')}, span {med(1, ' ns')}, "
          f"turns {med(2)}, measured in {med(3, ' us')}, loaded in {med(4, ' ms')}", file=sys.stderr)
for n in notes:
    print(f"  note: {n}", file=sys.stderr)
EOF
exit $failed
