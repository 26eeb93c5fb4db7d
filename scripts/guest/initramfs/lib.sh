# SPDX-License-Identifier: GPL-2.0
#
# Sourced by /init, /robustness.sh, /users.sh and /autoload.sh (installed as /lib/rsha.sh by
# scripts/guest/rootfs.sh), and by scripts/guest/debian-system/step.sh on a
# Debian system (dash: no echo of text that may hold a backslash). Two kinds
# of console output:
#
# - Test results, in KTAP version 1 (Documentation/dev-tools/ktap.rst of the
#   kernel tree): /init writes the document of the boot ("KTAP version 1",
#   "1..N") and each script writes whole subtests of it, 4 spaces in:
#       KTAP version 1
#       # Subtest: NAME
#       # STEP: DETAIL          (diagnostic: what the step said)
#       ok 1 STEP               (or "not ok 1 STEP")
#   ok N NAME
#   The host reads them with the kernel's tools/testing/kunit/kunit.py parse.
# - Data the host checks itself (/proc/crypto, kernel messages, statistics,
#   digests): "@@RSHA ..." lines and "@@RSHA begin X" .. "@@RSHA end X"
#   sections; KTAP parsers take them for diagnostic lines.

say() { echo "@@RSHA $*"; }
# kernel_log NAME: the kernel messages since the last call, between markers.
# It also marks the time since boot ("@@RSHA uptime NAME SECONDS"), which
# scripts/test.sh turns into the time each section of a boot took.
kernel_log() {
	say uptime "$1" "$(cut -d' ' -f1 /proc/uptime)"
	say begin "dmesg $1"; dmesg -c; say end "dmesg $1"
}
# proc_crypto [NAME]: /proc/crypto between markers.
proc_crypto() { say begin "proc-crypto${1:+ $1}"; cat /proc/crypto; say end "proc-crypto${1:+ $1}"; }
# our_blocks DRIVER_PREFIX: blocks hashed by our drivers whose names start
# with it (their debugfs counters, every unit and context).
our_blocks() {
	cat /sys/kernel/debug/*_rs/"$1"*-rs/blocks_* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
}
# top_driver ALG: the driver a lookup of ALG finds, the one of highest priority
# among those named ALG whose self-test passed (scripts/results/rsha_console.py
# has the same rule).
top_driver() {
	awk -v alg="$1" '/^name/ { n = $3 } /^driver/ { d = $3 } /^priority/ { p = $3 }
		/^selftest/ { if (n == alg && $3 == "passed" && (best == "" || p > max)) { best = d; max = p } }
		END { print best }' /proc/crypto
}
# module_algs MODULE: the algorithms of our driver module MODULE
# (sha1-<arch>-rs: sha1; sha256-<arch>-rs: sha224 sha256; sha512-<arch>-rs:
# sha384 sha512), nothing for another. Also sourced on the host
# (scripts/results/check-aliases.sh).
module_algs() {
	case $1 in
	sha1-*-rs) echo sha1 ;;
	sha256-*-rs) echo sha224 sha256 ;;
	sha512-*-rs) echo sha384 sha512 ;;
	esac
}
# unit_names: the names of the scalar, vector and crypto units of this
# architecture's drivers, in the unit= parameter, debugfs and the driver names
# (rust/rsha/select.rs, unit_name): NEON and CE on ARM, AVX2 and SHA-NI on x86_64.
unit_names() { if [ "$(uname -m)" = x86_64 ]; then echo scalar avx2 ni; else echo scalar neon ce; fi; }
# cpu_features: the first CPU's features in /proc/cpuinfo (ARM "Features", x86
# "flags"), with a space before and after each.
cpu_features() { echo " $(grep -m1 -E '^(Features|flags)[[:space:]]*:' /proc/cpuinfo | cut -d: -f2) "; }
# modname MODULE: the name of MODULE in /proc/modules and /sys/module.
modname() { echo "$1" | tr - _; }
# wait_larvals: wait until no self-test is pending (at most 300 s), looking
# five times a second (most tests end within one); sets WAITED (seconds).
wait_larvals() {
	larval_polls=0
	while grep -q '^type *: larval' /proc/crypto && [ $larval_polls -lt 1500 ]; do
		sleep 0.2; larval_polls=$((larval_polls + 1))
	done
	WAITED=$((larval_polls / 5))
}

# ktap_subtest NAME: begin a subtest of the boot's document (no plan: the
# number of steps is known only at the end, which KTAP allows).
ktap_subtest() {
	KTAP_NAME=$1 KTAP_N=0 KTAP_FAILED=0
	echo "    KTAP version 1"
	echo "    # Subtest: $1"
}
# ktap_result RC STEP [DETAIL]: one step of the current subtest, passed when RC
# is 0; DETAIL (flattened to one line) goes before it as a diagnostic.
ktap_result() {
	KTAP_N=$((KTAP_N + 1))
	[ -z "${3:-}" ] || printf '    # %s: %s\n' "$2" "$(printf '%s' "$3" | tr '\n\r' '  ')"
	if [ "$1" = 0 ]; then
		echo "    ok $KTAP_N $2"
	else
		echo "    not ok $KTAP_N $2"
		KTAP_FAILED=$((KTAP_FAILED + 1))
	fi
}
# ktap_subtest_end NUM: the result line of the current subtest, number NUM of
# the boot's document; failed when any of its steps failed.
ktap_subtest_end() {
	if [ "$KTAP_FAILED" = 0 ]; then echo "ok $1 $KTAP_NAME"; else echo "not ok $1 $KTAP_NAME"; fi
}
# ktap_cmd STEP CMD...: run CMD as one step; its exit code and error output
# are the step's result.
ktap_cmd() {
	step=$1; shift
	"$@" 2>/tmp/ktap-err; rc=$?
	err=$(cat /tmp/ktap-err)
	ktap_result $rc "$step" "exit $rc${err:+: $err}"
	return $rc
}
