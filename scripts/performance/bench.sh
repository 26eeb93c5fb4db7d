#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [TARGET...]: side-by-side tcrypt benchmark of every SHA-1/256/512
# driver: generic C, the in-tree 6.12 C arch drivers and ours; on 7.3
# (arm64-7.3-bench, arm-7.3-bench) the kernel's sha1-lib ... sha512-lib
# drivers (lib/crypto, built in) and ours. Not part of the test suite
# (scripts/test.sh).
#
# Per target (default: arm64-bench on -cpu cortex-a57, arm-bench on -cpu
# cortex-a15; arm-thumb2-bench also works: the test kernels without their debug
# options, scripts/targets.sh) ONE guest boot loads the in-tree arch
# modules and ours together, then runs `tcrypt mode=300 alg=<driver> sec=1` for
# each driver and `mode=303..306` (which driver the kernel picks for sha1,
# sha256, sha384, sha512). The runs are listed in /etc/rsha/tcrypt.list inside
# the initramfs (too long for the kernel command line). The host then writes
#   $RSHA_CACHE/bench/<arch>.csv          every (driver, block size, update size) row
#   $RSHA_CACHE/bench/<arch>-<alg>.png    ratio to generic against block size
#   $RSHA_CACHE/bench/<arch>.log          the guest console
# (<arch>: arm64, arm, arm-thumb2; arm64-icount etc. in instruction-count
# mode, below) and prints a summary (scripts/performance/bench-report.py).
#
# QEMU (TCG) timings are not hardware timings: only ratios within one run are
# meaningful. Each driver is timed in its own ~22 s window, and the host's
# load changes between windows, so the driver runs are made RSHA_BENCH_PASSES
# times over (default 2) and the report keeps every row's fastest sample.
# About 16 minutes per target (44 runs) on 2 cores with 2 passes.
#
# RSHA_BENCH_ICOUNT=1 makes it an instruction-count run instead: QEMU with
# -icount shift=0,sleep=off and one vCPU, so the guest clock advances 1 ns per
# guest instruction and tcrypt's times count guest instructions. Those counts
# are the same on every host and every run (one pass is enough), and do not
# depend on how expensive TCG makes each kind of instruction; they are not
# cycles either. Outputs are named <arch>-icount*. About 3 minutes a target.
#
# RSHA_BENCH_HMAC=1 times the HMAC drivers instead (a 32-byte key): ours
# (hmac-<selected driver>), the kernel's reference (hmac-<alg>-lib on 7.3,
# hmac(<alg>-generic) on 6.12) and the hmac template over each in-tree
# driver; outputs <arch>[-icount]-hmac*, and a per-message table at 64, 256
# and 1024-2048 bytes (1472, the IPsec size, interpolated in blocks).
#
# RSHA_BENCH_TCRYPT=1 is scripts/tcrypt.sh's run (one target, one pass by
# default): per algorithm of tcrypt modes 303-306 (SHA-1, SHA-256, SHA-384,
# SHA-512) our selected driver and the driver the kernel picks without ours
# (6.12: the in-tree one of highest priority the CPU has; 7.3: <alg>-lib),
# then the modes themselves; it prints them side by side with the unit each
# CPU type chose (bench-report.py --tcrypt-list, --tcrypt). Outputs
# $RSHA_CACHE/logs/tcrypt-<target>-<cpu>.log (the console) and .cpio.
#
# Environment: RSHA_BENCH_SEC (tcrypt sec=, default 1), RSHA_BENCH_PASSES
# (default 2; 1 with RSHA_BENCH_TCRYPT), RSHA_BENCH_ICOUNT (default 0),
# RSHA_BENCH_HMAC (default 0), RSHA_BENCH_TCRYPT (default 0),
# RSHA_BENCH_TIMEOUT (seconds per guest, default 2400; 1500 with RSHA_BENCH_TCRYPT).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
TARGETS=${*:-arm64-bench arm-bench}
SEC=${RSHA_BENCH_SEC:-1}
ICOUNT=${RSHA_BENCH_ICOUNT:-0}
HMAC=${RSHA_BENCH_HMAC:-0}
TCRYPT_RUN=${RSHA_BENCH_TCRYPT:-0}	# not TCRYPT: targets.sh sets that
PASSES=${RSHA_BENCH_PASSES:-2} TIMEOUT=${RSHA_BENCH_TIMEOUT:-2400}
[ "$TCRYPT_RUN" = 0 ] || PASSES=${RSHA_BENCH_PASSES:-1} TIMEOUT=${RSHA_BENCH_TIMEOUT:-1500}
[[ $PASSES =~ ^[1-9][0-9]*$ ]] || die "RSHA_BENCH_PASSES must be a positive integer, not '$PASSES'"
[ "$TCRYPT_RUN" = 0 ] || [ "$HMAC" = 0 ] || die "RSHA_BENCH_TCRYPT and RSHA_BENCH_HMAC: one at a time"
report_flags=()
if [ "$ICOUNT" != 0 ]; then
	# Deterministic: one pass, one vCPU (icount runs the vCPUs in turn anyway).
	PASSES=1 report_flags=(--icount)
	export RSHA_GUEST_ICOUNT=1 RSHA_GUEST_SMP=1
fi
[ "$HMAC" = 0 ] || report_flags+=(--hmac)
[ "$TCRYPT_RUN" = 0 ] || report_flags+=(--tcrypt)
OUT=$RSHA_CACHE/bench
[ "$TCRYPT_RUN" = 0 ] || OUT=$RSHA_CACHE/logs
# matplotlib is Debian's python3-matplotlib (setup-host.sh): use Debian's python3.
PY=/usr/bin/python3

"$RSHA_ROOT/scripts/setup-host.sh"
mkdir -p "$OUT"

for target in $TARGETS; do
	target_info "$target"
	reference=generic
	# The in-tree drivers (sha384 ones only for RSHA_BENCH_TCRYPT); the
	# *-test targets (debug kernels) for tcrypt.sh's RSHA_TARGET.
	case ${target%-*} in
	arm64-7.3 | arm-7.3)
		label=${target%-bench} cpu=cortex-a57 reference=lib intree_modules= intree=
		[ "$ARCH" = arm64 ] || cpu=cortex-a15
		;;
	arm64)
		label=arm64 cpu=cortex-a57
		# The Crypto Extensions ones after what they call: sha1-ce falls
		# back on sha1_generic, sha2-ce on sha256-arm64, sha512-ce on
		# sha512-arm64.
		intree_modules="sha256-arm64 sha512-arm64 sha1_generic sha1-ce sha2-ce sha512-ce"
		intree="sha256-arm64 sha256-arm64-neon sha384-arm64 sha512-arm64 sha1-ce sha256-ce sha384-ce sha512-ce"
		;;
	arm | arm-thumb2)
		label=${target%-bench} cpu=cortex-a15
		intree_modules="sha1-arm sha1-arm-neon sha256-arm sha512-arm"	# sha1-arm first: sha1-arm-neon needs it
		intree="sha1-asm sha1-neon sha256-asm sha256-neon sha384-arm sha384-neon sha512-arm sha512-neon"
		;;
	x86_64-7.3)
		# TCG's max: AVX2, no SHA-NI; lib/crypto's x86 code runs AVX2 too.
		label=${target%-bench} cpu=max reference=lib intree_modules= intree=
		;;
	uml-7.3)
		# User-Mode Linux: the host CPU in real time; 7.3's lib/crypto
		# has no x86 code under UML, so the *-lib drivers run generic C.
		label=uml cpu=host reference=lib intree_modules= intree=
		;;
	*) die "bench.sh: no benchmark set for target $target" ;;
	esac
	# RSHA_BENCH_CPU: another QEMU -cpu (max: every Crypto Extension).
	if [ -n "${RSHA_BENCH_CPU:-}" ]; then
		cpu=$RSHA_BENCH_CPU label+=-${cpu%%,*}
	fi
	# Cortex-A57 has no SHA-512 instructions: sha512-ce does not load there.
	case $cpu in cortex-a57*) intree=${intree/ sha384-ce/} intree=${intree/ sha512-ce/} ;; esac
	# The benchmark's tables have SHA-384 under SHA-512: its drivers only for tcrypt.sh.
	if [ "$TCRYPT_RUN" = 0 ]; then
		kept=
		for d in $intree; do [[ $d == sha384-* ]] || kept+=" $d"; done
		intree=${kept# }
	fi
	[ "$TCRYPT_RUN" = 0 ] || label=tcrypt-$target-${cpu%%,*}
	[ "$ICOUNT" = 0 ] || label+=-icount
	BUILD=$("$RSHA_ROOT/scripts/build/kernel.sh" "$target")

	# The runs: per algorithm generic, in-tree, ours, PASSES times over (each
	# driver gets windows at different times; the report keeps each row's
	# fastest); then the kernel's choice.
	[ "$HMAC" = 0 ] || label+=-hmac
	list=$OUT/$label-tcrypt.list
	[ "$TCRYPT_RUN" = 0 ] || list=$OUT/$label.list
	if [ "$TCRYPT_RUN" != 0 ]; then
		# Ours and theirs per algorithm, then modes 303-306.
		"$PY" "$RSHA_ROOT/scripts/performance/bench-report.py" --tcrypt-list --reference "$reference" \
			--selected "$SELECTED_DRIVERS" --intree "$intree" --sec "$SEC" --passes "$PASSES" >"$list"
	elif [ "$HMAC" != 0 ]; then
		# HMAC per message, with a 32-byte key: the kernel's reference
		# (hmac-<alg>-lib, 7.3; the template over <alg>-generic, 6.12),
		# the template over each in-tree driver, and ours.
		for _ in $(seq "$PASSES"); do
			for alg in sha1 sha256 sha512; do
				for drv in $alg-$reference $intree ${SELECTED_DRIVERS//,/ }; do
					case $drv in
					"$alg"-lib | "$alg"-*-rs) echo "mode=300 alg=hmac-$drv klen=32 sec=$SEC" ;;
					"$alg"-*) echo "mode=300 alg=hmac($drv) klen=32 sec=$SEC" ;;
					esac
				done
			done
		done >"$list"
	else
	{
		for _ in $(seq "$PASSES"); do
			for alg in sha1 sha256 sha512; do
				units="${SCALAR_DRIVERS//,/ } ${NEON_DRIVERS//,/ } ${CE_DRIVERS//,/ }"
				[ "${RSHA_BENCH_UNITS:-1}" != 0 ] || units=
				for drv in $alg-$reference $intree $units ${SELECTED_DRIVERS//,/ }; do
					case $drv in "$alg"-*) echo "mode=300 alg=$drv sec=$SEC" ;; esac
				done
			done
		done
		for mode in 303 304 305 306; do echo "mode=$mode sec=$SEC"; done
	} >"$list"
	fi
	initrd=$OUT/$label.cpio
	"$RSHA_ROOT/scripts/guest/rootfs.sh" "$DEBARCH" "$BUILD" "$initrd" "/etc/rsha/tcrypt.list=$list"

	log=$OUT/$label.log
	modules="${intree_modules:+$intree_modules }$MODULES"
	runs="$(grep -c . "$list") tcrypt runs of ~$((22 * SEC)) s each"
	[ "$ICOUNT" = 0 ] || runs="$(grep -c . "$list") tcrypt runs with -icount"
	step "bench: booting $target on $cpu, $runs (console: $log)"
	"$RSHA_ROOT/scripts/guest/run.sh" "$ARCH" "$cpu" "$BUILD/$IMAGE" "$initrd" "$log" "$TIMEOUT" \
		rsha.mode=bench "rsha.modules=${modules// /,}" ||
		die "bench: the $target guest on $cpu did not finish (console: $log)"
	step "bench: $target done"
	report_arch=$label	# the outputs' names: <arch>[-<cpu>][-icount][-hmac]
	[ "$TCRYPT_RUN" = 0 ] || report_arch=$target
	"$PY" "$RSHA_ROOT/scripts/performance/bench-report.py" "$log" --arch "$report_arch" --cpu "$cpu" --out "$OUT" \
		--reference "$reference" "${report_flags[@]}" ||
		die "bench: no complete report from $log (tcrypt's messages: its 'dmesg tcrypt-...' sections)"
done
