#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# uml-simd.sh [--seconds N] [--out DIR] [--label NAME] BUILD [MODULE_DIR]: the SIMD
# sections of the x86_64 drivers on User-Mode Linux (Documentation/design.rst, "UML
# SIMD"). BUILD is a UML kernel build (BUILD/linux, BUILD/usr/gen_init_cpio,
# BUILD/crypto/sha1.ko); MODULE_DIR holds sha{1,256,512}-x86_64-rs.ko built with
# RSHA_TEST=1 (debugfs statistics); default BUILD/rsha-modules.
#
# UML's kernel_fpu_begin() saves nothing and its thread switch (setjmp/longjmp) keeps
# no vector register. SIMD is safe there all the same: a core holds state in vector
# registers only inside one assembly call, which calls nothing; UML switches kernel
# threads only in schedule(), never from a host signal's handler (it does not preempt
# at interrupt return); and the host saves every vector register around a signal's
# handler and across its own task switches. The section also disables preemption on
# UML (rust/rsha/simd.rs), as kernel_fpu_begin() does on x86, so that sleeping in it is
# reported there too.
#
# Two boots, each pinned with its host programs to one host CPU. In each, two guest
# tasks per SIMD driver of ours (AVX2 and SHA-NI, as the host CPU has them) hash for N
# seconds (10; 60 with RSHA_FULL=1) through AF_ALG (tests/guest/afalg-hash.c): 1 MiB
# files, whose digests must equal the kernel's C driver's (computed before), and
# random messages compared the four ways of afalg-hash -c. The tasks preempt each
# other, and the host's signals (UML's timer and I/O interrupts) land inside sections.
# - Boot 1: beside it a host task (tests/uml-simd/vector-hammer.c) fills and checks
#   ymm0-15 and yields every round, so the host switches between it and UML all along.
#   PASS: no digest differs, no error, every driver hashed, the hammer's registers kept.
# - Boot 2, the negative control: the host tool instead overwrites xmm0-15 of the UML
#   kernel whenever it stops it in module code, what a switch to another user of the
#   registers without saving them would do. PASS when digests then differ.
# Times, the share of guest time inside sections and the switches and timer
# interrupts that fell in that time are printed, not judged. Exit status 1 when a
# boot failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
SECONDS_EACH=10
[ "${RSHA_FULL:-0}" = 0 ] || SECONDS_EACH=60
OUT=$RSHA_CACHE/logs/uml-simd LABEL=uml
while [ $# -gt 0 ]; do
	case $1 in
	--seconds) SECONDS_EACH=${2:?--seconds needs a number}; shift 2 ;;
	--out) OUT=${2:?--out needs a directory}; shift 2 ;;
	--label) LABEL=${2:?--label needs a name}; shift 2 ;;
	-*) die "unknown option $1 (--seconds N, --out DIR, --label NAME)" ;;
	*) break ;;
	esac
done
BUILD=${1:?usage: uml-simd.sh [--seconds N] [--out DIR] [--label NAME] BUILD [MODULE_DIR]}
MODS=${2:-$BUILD/rsha-modules}
MODULES="sha1-x86_64-rs sha256-x86_64-rs sha512-x86_64-rs"
uml_build_ready "$BUILD" "$MODS" $MODULES
for f in crypto/sha1.ko lib/crypto/libsha1.ko; do
	[ -f "$BUILD/$f" ] || die "$BUILD/$f missing: the test config builds SHA-1's C driver as a module (crypto-7.3.config)"
done
need "$LLVM_BIN/clang" clang-19
need "$LLVM_BIN/llvm-objdump" llvm-19
need taskset util-linux
need pgrep procps
mkdir -p "$OUT"

# The host tool, and the guest: Debian's busybox-static, afalg-hash, the kernel's
# SHA-1 C driver (a module in the test config), our modules and the /init below.
"$LLVM_BIN/clang" -O2 -Wall -Wextra -Werror -o "$OUT/vector-hammer" "$RSHA_ROOT/tests/uml-simd/vector-hammer.c"
"$RSHA_ROOT/tests/guest/build.sh" amd64 "$OUT/tools"
guest_apt_setup amd64
guest_download busybox-static
ROOT=$OUT/root
rm -rf "$ROOT" && mkdir -p "$ROOT"
dpkg-deb -x "$(guest_deb busybox-static | tail -n1)" "$ROOT"
cat >"$OUT/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox mkdir -p /proc /sys /bb /tmp
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t debugfs debugfs /sys/kernel/debug
/bin/busybox mount -t tmpfs tmpfs /tmp
/bin/busybox mount -t devtmpfs devtmpfs /dev
/bin/busybox --install -s /bb
export PATH=/bb:/bin
dmesg -n 1
# Our drivers by name (users.sh says why).
echo 0 >/proc/sys/crypto/af_alg_restrict
for m in /m/*.ko; do insmod "$m" || echo "@@RSHA insmod-failed $m"; done
secs=$(sed -n 's/.*rsha.seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
# The message: 1 MiB less 3 bytes (a partial last block), random.
dd if=/dev/urandom of=/tmp/msg bs=4096 count=255 2>/dev/null
head -c 4093 /dev/urandom >>/tmp/msg
# Our SIMD drivers, each with its algorithm's C driver (7.3: <alg>-lib) and that one's
# digest of the message.
awk '/^name/ { n = $3 } /^driver/ && $3 ~ /^sha[0-9]+-x86_64-(avx2|ni)-rs$/ { print $3, n "-lib" }' /proc/crypto |
	sort -u | while read -r drv ref; do echo "$drv $ref $(afalg-hash "$ref" /tmp/msg | cut -d' ' -f2)"; done >/tmp/drivers
# Timer ticks that found the CPU busy (tick-based accounting: user, nice, system, irq,
# softirq, steal), each a host SIGALRM; task switches; our SIMD sections.
figures() {
	awk '/^cpu / { t = $2 + $3 + $4 + $7 + $8 + $9 } /^ctxt/ { c = $2 } END { printf "%d %d", t, c }' /proc/stat
	cat /sys/kernel/debug/*_rs/*/neon_sections | awk '{ s += $1 } END { printf " %d", s }'
	echo " $(cut -d' ' -f1 /proc/uptime)"
}
# worker DRIVER REF WANT N: hash for $secs seconds; one line of counts at the end. Few
# processes (each is a host process to UML): 8 MiB per afalg-hash.
worker() {
	drv=$1 ref=$2 want=$3 n=$4
	case $want in *[!0-9a-f]* | "") echo "@@RSHA detail $drv: $ref: $want"; secs=0 ;; esac
	set -- /tmp/msg /tmp/msg /tmp/msg /tmp/msg /tmp/msg /tmp/msg /tmp/msg /tmp/msg
	end=$(($(date +%s) + secs)) files=0 bad=0 runs=0 failed=0 seed=$n
	while [ "$(date +%s)" -lt "$end" ]; do
		afalg-hash "$drv" "$@" >/tmp/h.$n 2>&1
		files=$((files + 8))
		k=$(grep -c -v " $want\$" /tmp/h.$n)
		[ "$bad" -gt 0 ] || [ "$k" = 0 ] || sed -n 1p /tmp/h.$n | sed "s/^/@@RSHA detail $drv: not $want: /"
		bad=$((bad + k))
		seed=$((seed + 100))
		afalg-hash -c "$ref" "$drv" 20 "$seed" >/tmp/c.$n 2>&1 || {
			[ "$failed" -gt 0 ] || sed -n '1p;$p' /tmp/c.$n | sed "s/^/@@RSHA detail $drv: /"
			failed=$((failed + 1))
		}
		runs=$((runs + 1))
	done
	echo "@@RSHA worker $drv $ref $n want=$want files=$files bad=$bad compare_runs=$runs compare_failed=$failed"
}
# The cores the negative control breaks into (their module addresses are host addresses).
grep -E ' rsha_sha(1_x86_64_ni|256_x86_64_ni|256_x86_64_avx2|512_x86_64_avx2)\b' /proc/kallsyms |
	sed 's/^/@@RSHA sym /'
echo "@@RSHA start $(figures)"
# The host program starts at the marker.
sleep 1
n=0
while read -r drv ref want; do
	for w in 1 2; do n=$((n + 1)); worker "$drv" "$ref" "$want" "$n" & done
done </tmp/drivers
wait
echo "@@RSHA end $(figures)"
dmesg | grep -E 'BUG:|WARNING:|Oops|Kernel panic|Call Trace' | sed 's/^/@@RSHA kernel: /'
echo "@@RSHA done"
poweroff -f
EOF
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /m; do echo "dir $d 0755 0 0"; done
	echo "file /bin/busybox $ROOT/bin/busybox 0755 0 0"
	cat "$OUT/tools/cpio.list"
	echo "file /init $OUT/init 0755 0 0"
	# insmod in name order: libsha1 before sha1, ours after.
	echo "file /m/0-libsha1.ko $BUILD/lib/crypto/libsha1.ko 0644 0 0"
	echo "file /m/1-sha1.ko $BUILD/crypto/sha1.ko 0644 0 0"
	for m in $MODULES; do echo "file /m/2-$m.ko $MODS/$m.ko 0644 0 0"; done
} >"$OUT/initramfs.list"
"$BUILD/usr/gen_init_cpio" "$OUT/initramfs.list" >"$OUT/initramfs.cpio"

# The negative control's breakpoints: per core, the offset from its symbol of the first
# instruction in its second half, where its state is in the vector registers.
: >"$OUT/breakpoints"
for core in sha1:sha1_x86_64_ni sha256:sha256_x86_64_ni sha256:sha256_x86_64_avx2 sha512:sha512_x86_64_avx2; do
	ko=$MODS/${core%%:*}-x86_64-rs.ko sym=rsha_${core#*:}
	"$LLVM_BIN/llvm-objdump" -d --no-show-raw-insn --disassemble-symbols="$sym" "$ko" |
		python3 -c '
import re, sys
at = [int(m[1], 16) for m in re.finditer(r"^\s*([0-9a-f]+):", sys.stdin.read(), re.M)]
if at:
    print(sys.argv[1], at[len(at) // 2] - at[0])' "$sym" >>"$OUT/breakpoints"
done
[ "$(wc -l <"$OUT/breakpoints")" = 4 ] || die "no breakpoint offsets in the cores of $MODS (llvm-objdump: $OUT/breakpoints)"

# The host CPU the boot and its host program share: the last one.
CPU=$(($(nproc) - 1))

# boot NAME MODE: one UML boot pinned to CPU, with vector-hammer MODE (hammer or clobber)
# beside it; console in $OUT/NAME.log, the host program's line in $OUT/NAME.host.
boot() {
	local name=$1 mode=$2 tpid uml= i host_pid
	step "UML SIMD sections: boot $name with the host $mode (console: $OUT/$name.log)"
	taskset -c "$CPU" timeout --kill-after=10 $((SECONDS_EACH + 240)) "$BUILD/linux" mem=512M \
		initrd="$OUT/initramfs.cpio" con=null ssl=null con0=null,fd:1 panic=-1 \
		cryptomgr.notests=1 rsha.seconds="$SECONDS_EACH" </dev/null >"$OUT/$name.log" 2>&1 &
	tpid=$!
	for i in $(seq 100); do
		uml=$(pgrep -P "$tpid" | head -n1) && [ -n "$uml" ] && break
		sleep 0.1
	done
	# The host program from the guest's start marker on, for the guest's hashing time.
	for i in $(seq 600); do
		grep -q '^@@RSHA start' "$OUT/$name.log" 2>/dev/null && break
		kill -0 "$tpid" 2>/dev/null || break
		sleep 0.1
	done
	local addrs=
	[ "$mode" = hammer ] || addrs=$(python3 -c '
import sys
off = dict(l.split() for l in open(sys.argv[1]))
for l in open(sys.argv[2], errors="replace"):
    w = l.split()
    if w[:2] == ["@@RSHA", "sym"] and len(w) > 4 and w[4] in off:
        print(f"{int(w[2], 16) + int(off[w[4]]):x}")' "$OUT/breakpoints" "$OUT/$name.log")
	# shellcheck disable=SC2086 # one address a word
	taskset -c "$CPU" "$OUT/vector-hammer" "$mode" "${uml:-0}" $addrs >"$OUT/$name.host" 2>&1 &
	host_pid=$!
	# The host's preemptions of UML from the start marker to the end marker.
	local s0 s1=
	s0=$(awk '/^nonvoluntary_ctxt_switches/ { print $2 }' "/proc/${uml:-0}/status" 2>/dev/null) || true
	while kill -0 "$tpid" 2>/dev/null && ! grep -q '^@@RSHA end' "$OUT/$name.log"; do sleep 0.1; done
	s1=$(awk '/^nonvoluntary_ctxt_switches/ { print $2 }' "/proc/${uml:-0}/status" 2>/dev/null) || true
	wait "$host_pid" || true
	[ -z "$s0" ] || [ -z "$s1" ] || echo "host-preemptions $((s1 - s0))" >>"$OUT/$name.host"
	wait "$tpid" || true
	grep -q '^@@RSHA done' "$OUT/$name.log" || {
		echo "UML boot $name did not finish; last console lines:" >&2
		tail -n 20 "$OUT/$name.log" | sed 's/^/  | /' >&2
		return 1
	}
}

failed=0
boot hammer hammer || failed=1
boot clobber clobber || failed=1

python3 - "$LABEL" "$SECONDS_EACH" "$OUT" <<'EOF'
import re, sys
label, seconds, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def read(name):
    """The workers' counts and the run's figures of one boot."""
    try:
        log = open(f"{out}/{name}.log", errors="replace").read().splitlines()
        host = open(f"{out}/{name}.host", errors="replace").read()
    except OSError:
        return None
    r = {"workers": [], "kernel": [], "detail": [], "host": host.strip(), "done": False}
    for line in log:
        line = line.strip()
        if m := re.match(r"@@RSHA worker (\S+) (\S+) (\d+) want=(\S*) files=(\d+) bad=(\d+) "
                         r"compare_runs=(\d+) compare_failed=(\d+)", line):
            r["workers"].append((m[1], m[2], m[4], *map(int, m.group(5, 6, 7, 8))))
        elif m := re.match(r"@@RSHA (start|end) (\d+) (\d+) (\d+) ([\d.]+)", line):
            r[m[1]] = [*map(int, m.group(2, 3, 4)), float(m[5])]
        elif line.startswith("@@RSHA kernel: ") or line.startswith("@@RSHA insmod-failed"):
            r["kernel"].append(line)
        elif line.startswith("@@RSHA detail "):
            r["detail"].append(line[len("@@RSHA detail "):])
        elif line == "@@RSHA done":
            r["done"] = True
    return r

def summary(r):
    drivers = sorted({w[0] for w in r["workers"]})
    files = sum(w[3] for w in r["workers"])
    bad = sum(w[4] for w in r["workers"])
    runs = sum(w[5] for w in r["workers"])
    failed = sum(w[6] for w in r["workers"])
    return drivers, files, bad, runs, failed

def figures(name, r):
    """Not judged: how much of what the test is about happened."""
    if "start" not in r or "end" not in r:
        return
    (t0, c0, s0, up0), (t1, c1, s1, up1) = r["start"], r["end"]
    pre = re.search(r"host-preemptions (-?\d+)", r["host"])
    print(f"  {name}: {up1 - up0:.1f} s of hashing: {s1 - s0} SIMD sections, {t1 - t0} busy timer ticks "
          f"(host SIGALRM), {c1 - c0} guest task switches, {pre[1] if pre else '?'} host preemptions "
          f"of UML; host: {r['host'].splitlines()[0] if r['host'] else '-'}", file=sys.stderr)

h = read("hammer")
if h is None or not h["done"]:
    print(f"FAIL {label}: SIMD sections beside a host vector task: the boot did not finish "
          f"(console: {out}/hammer.log)")
else:
    drivers, files, bad, runs, failed = summary(h)
    idle = [w[0] for w in h["workers"] if w[3] == 0 or not re.fullmatch("[0-9a-f]+", w[2])]
    hammer = re.search(r"hammer: (\d+) rounds, (\d+) yields, (\d+) corrupted", h["host"])
    ok = (drivers and bad == 0 and failed == 0 and not idle and not h["kernel"]
          and hammer and int(hammer[1]) > 0 and int(hammer[3]) == 0)
    print(f"{'PASS' if ok else 'FAIL'} {label}: SIMD sections under preemption, host signals and a host "
          f"task using ymm0-15 on the same CPU for {seconds} s: {files} MiB digests and {runs} compare "
          f"runs of 20 messages through {len(drivers)} drivers ({', '.join(drivers) or 'none'}), "
          f"{bad} digests differ, {failed} compare runs failed; host task: "
          f"{hammer[0] if hammer else 'no result'}{'; ' + '; '.join(h['kernel'][:3]) if h['kernel'] else ''}"
          f"{'; no hashing by ' + ', '.join(idle) if idle else ''}")
    for d in h["detail"][:6]:
        print(f"  {d}", file=sys.stderr)
    figures("hammer", h)
c = read("clobber")
if c is None or not c["workers"]:
    print(f"FAIL {label}: negative control: no worker reported under the register clobber "
          f"(console: {out}/clobber.log; host: {c['host'] if c else '-'})")
else:
    drivers, files, bad, runs, failed = summary(c)
    hit = re.search(r"clobber: (\d+) breakpoint traps in (\d+) cores, (\d+) clobbered", c["host"])
    ok = bad + failed > 0 and all(re.fullmatch("[0-9a-f]+", w[2]) for w in c["workers"])
    print(f"{'PASS' if ok else 'FAIL'} {label}: negative control: with xmm0-15 overwritten inside the cores "
          f"({hit[0] if hit else 'no clobber result'}) the check fails: {bad} of {files} MiB digests "
          f"differ, {failed} of {runs} compare runs failed")
    figures("clobber", c)
EOF
exit $failed
