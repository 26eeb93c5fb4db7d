#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# Robustness tests, run by /init in test mode after the drivers are
# loaded and before the in-kernel users. Like /init it only acts and reports:
# two subtests of the boot's KTAP document, "lifetime" (number NUM) and
# "robustness" (NUM + 1), and "@@RSHA stat" lines; scripts/results/parse.py
# decides on the host.
#
#   robustness.sh NUM CYCLES RELOAD_FUZZ MODULE...
#
# 1. Module lifetime: CYCLES rmmod/insmod cycles of every MODULE, with the
#    crypto self-tests switched off for the cycles (cryptomgr.notests) and back
#    on for the last load, whose self-tests must pass again. Before it, each
#    module is loaded once per forced unit (unit=scalar|neon|ce, on x86_64
#    unit=scalar|avx2|ni, with the self-tests on): it must load, show the
#    unit in debugfs and have run it in every selected driver's self-tests
#    where the CPU has the unit, and be
#    refused with a message naming the unit where it does not. Last, a CPU
#    goes offline and comes back: the unit choices must follow it.
# 2. rsha-robustness-test.ko: every driver from every context against generic
#    (rust/testing/robustness_test.rs). Its KTAP document, from the kernel log,
#    becomes a subtest of "robustness". The negative control driver is loaded
#    too, and every test must fail on it.
# 3. The drivers' debugfs statistics (CONFIG_CRYPTO_RSHA_STATS) and each
#    module's unit choices (/sys/kernel/debug/<module>/units).
# 4. rmmod of every MODULE while the test module holds their transforms: must
#    be refused. Then the test module goes and the drivers stay usable.
export PATH=/sbin:/bin:/usr/sbin:/usr/bin:/bb
. /lib/rsha.sh
NUM=$1 CYCLES=$2 RELOAD_FUZZ=$3; shift 3
loaded() { grep -q "^$(modname "$1") " /proc/modules; }
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

# 1. Lifetime.
ktap_subtest lifetime
echo 1 >/sys/module/cryptomgr/parameters/notests
for m in "$@"; do
	i=0 bad=0 why= t0=$(date +%s)
	while [ $i -lt "$CYCLES" ]; do
		if ! rmmod "$(modname "$m")" 2>/tmp/err; then bad=$((bad + 1)) why="rmmod: $(cat /tmp/err)"; fi
		if ! insmod "/lib/modules/rsha/$m.ko" 2>/tmp/err; then bad=$((bad + 1)) why="insmod: $(cat /tmp/err)"; fi
		i=$((i + 1))
	done
	ktap_result $bad "cycles-$m" "$bad failed of $CYCLES rmmod/insmod cycles in $(($(date +%s) - t0)) s${why:+, last error: $why}"
done
kernel_log lifetime-cycles
# The last load with the self-tests on again.
fuzz=/sys/module/cryptomgr/parameters/fuzz_iterations
first_fuzz=$(cat $fuzz 2>/dev/null)
[ -z "$RELOAD_FUZZ" ] || echo "$RELOAD_FUZZ" >$fuzz
echo 0 >/sys/module/cryptomgr/parameters/notests

# unit_feature MODULE UNIT: the /proc/cpuinfo features UNIT needs in MODULE
# (every one of them), nothing for none, "-" for a unit the module does not
# have. x86_64 (rust/rsha/helpers.c): AVX2 with BMI1 and BMI2; SHA-NI with
# SSSE3 and SSE4.1, for SHA-1 and SHA-256 only.
unit_feature() {
	case $2 in
	scalar) ;;
	neon) [ "$(uname -m)" = aarch64 ] && echo asimd || echo neon ;;
	avx2) echo avx2 bmi1 bmi2 ;;
	ni) case $1 in sha512-*) echo - ;; *) echo sha_ni ssse3 sse4_1 ;; esac ;;
	ce)
		case $1 in
		sha1-*) echo sha1 ;;
		sha256-*) echo sha2 ;;
		sha512-arm64-*) echo sha512 ;;
		*) echo - ;;
		esac ;;
	esac
}
features=$(cpu_features)
# The forced loads' self-tests: the known-answer vectors and 10 random
# comparisons with the generic driver per test; the code of every unit ran
# the full fuzz count at the first load of the boot.
echo 10 >$fuzz
for m in "$@"; do
	for u in $(unit_names); do
		f=$(unit_feature "$m" "$u")
		want=load lacks=
		case "$f" in
		-) want=refuse ;;
		?*) for x in $f; do case "$features" in *" $x "*) ;; *) want=refuse lacks="$lacks $x" ;; esac; done ;;
		esac
		rmmod "$(modname "$m")" 2>/dev/null
		# A mark in the kernel log before this load: the refusal message
		# must come after it, from this module's load.
		mark="rsha-robustness: insmod $m unit=$u"
		echo "$mark" >/dev/kmsg
		insmod "/lib/modules/rsha/$m.ko" unit=$u 2>/tmp/err; rc=$?
		if [ $want = refuse ]; then
			msg=$(dmesg | sed -n "/$mark\$/,\$p" | grep "unit=$u:" | tail -n 1)
			ok=1
			[ $rc != 0 ] && [ -n "$msg" ] && ok=0
			why="the CPU lacks$lacks"
			[ "$f" = - ] && why="the module has no $u core"
			ktap_result $ok "unit-$u-$m" "$why: insmod exit $rc, message: ${msg:-none}"
			continue
		fi
		wait_larvals
		dir=/sys/kernel/debug/$(modname "$m")
		bad=
		[ $rc = 0 ] || bad="insmod exit $rc: $(cat /tmp/err)"
		grep -qx "mode: $u" "$dir/units" 2>/dev/null ||
			bad="${bad:-units file: $(head -n 1 "$dir/units" 2>&1)}"
		n=0
		for d in "$dir"/*-auto-rs; do
			[ -d "$d" ] || continue
			n=$((n + 1))
			b=$(cat "$d/blocks_${u}_task")
			[ "$b" -gt 0 ] 2>/dev/null || bad="${bad:-$(basename "$d"): no $u blocks in its self-tests}"
		done
		[ $n -gt 0 ] || bad="${bad:-no selected driver in $dir}"
		ktap_result "$([ -z "$bad" ] && echo 0 || echo 1)" "unit-$u-$m" \
			"${bad:-$n selected drivers ran $u in their self-tests}"
		proc_crypto "unit-$u-$m"
	done
done
kernel_log lifetime-units
[ -z "$RELOAD_FUZZ" ] || echo "$RELOAD_FUZZ" >$fuzz
# One module at a time, its self-tests settled before the next. A module
# registers its drivers one by one, each after the previous one's test
# (shash::Registration), since each hash driver that passes drops the
# hmac(<alg>-generic) instance its HMAC drivers' tests compare with; those
# tests instantiate it again and wait for its own self-test, at most 60 s
# (crypto_larval_wait()), which three modules' tests at once with the reload
# fuzz count outlasted on a loaded host.
for m in "$@"; do
	rmmod "$(modname "$m")" 2>/dev/null
	ktap_cmd "reload-$m" insmod "/lib/modules/rsha/$m.ko"
	wait_larvals
done
[ -z "$first_fuzz" ] || echo "$first_fuzz" >$fuzz
proc_crypto reloaded
kernel_log lifetime-reload

# CPU hotplug: the last CPU goes offline and comes back. Each module's units
# file must drop its entry while it is offline (the teardown callback) and
# show it again, with a unit, once it is back (the startup callback).
cpu=$(($(grep -c '^processor' /proc/cpuinfo) - 1))
hp=/sys/devices/system/cpu/cpu$cpu/online
entries() {	# entries CPU: modules whose units file has a line for CPU
	n=0
	for m in "$@"; do
		grep -q "^cpu $cpu: type 0x[0-9a-f]*: [a-z0-9]*$" \
			"/sys/kernel/debug/$(modname "$m")/units" 2>/dev/null && n=$((n + 1))
	done
	echo $n
}
if [ -w "$hp" ]; then
	echo 0 >"$hp"; off=$(entries "$@")
	echo 1 >"$hp"; on=$(entries "$@")
	ok=1
	[ "$off" = 0 ] && [ "$on" = $# ] && ok=0
	ktap_result $ok "hotplug-cpu$cpu" "units entries for cpu $cpu: $off of $# modules while offline, $on back online"
elif ! grep -q '^model name.*UML' /proc/cpuinfo; then
	ktap_result 1 "hotplug-cpu$cpu" "no $hp (CONFIG_HOTPLUG_CPU)"
fi	# User-Mode Linux has no CPU hotplug: no step (parse.py --uml)
kernel_log lifetime-hotplug
ktap_subtest_end $NUM

# 2. The test module, with the negative control loaded: every test must fail
# on that driver. It is loaded with the self-tests off, since a driver that
# failed them cannot be allocated: here only the robustness tests stand
# between it and its users.
ktap_subtest robustness
echo 1 >/sys/module/cryptomgr/parameters/notests
ktap_cmd insmod-negative-control insmod /lib/modules/rsha/rsha-negative-control.ko
echo 0 >/sys/module/cryptomgr/parameters/notests
t0=$(date +%s)
insmod /lib/modules/rsha/rsha-robustness-test.ko 2>/tmp/err; rc=$?
ktap_result $rc insmod-test "exit $rc in $(($(date +%s) - t0)) s $(cat /tmp/err)"
# The module's KTAP document (its lines in the kernel log, without the
# timestamp and module prefix), nested 8 spaces in: the subtest
# rsha_robustness_test of "robustness".
dmesg | sed -n -E 's/^(\[[^]]*\] )?rsha_robustness_test: /        /p' >/tmp/module.ktap
if grep -q '^ *KTAP version 1$' /tmp/module.ktap; then
	cat /tmp/module.ktap
	ktap_result $rc rsha_robustness_test
fi
kernel_log robustness-test

# 3. Statistics: /sys/kernel/debug/<module>/<driver>/<counter>, and the units.
for m in "$@"; do
	say begin "units $m"
	echo "online $(cat /sys/devices/system/cpu/online)"
	cat "/sys/kernel/debug/$(modname "$m")/units"
	say end "units $m"

	# One grep for all of a module's counters ("DIR/DRIVER/COUNTER:VALUE"):
	# a process per counter file (hundreds) is slow on a debug guest.
	dir=/sys/kernel/debug/$(modname "$m")
	grep -H '' "$dir"/*/* 2>/dev/null |
		sed -n "s|^$dir/\([^/]*\)/\([^:]*\):|@@RSHA stat \1 \2 |p"
done

# 4. Unloading a driver whose transforms are held must be refused.
for m in "$@"; do
	rmmod "$(modname "$m")" 2>/tmp/err; rc=$?
	loaded "$m"; still=$?
	ok=1
	[ $rc != 0 ] && [ $still = 0 ] && ok=0
	ktap_result $ok "rmmod-held-$m" "rmmod exit $rc, still loaded: $([ $still = 0 ] && echo yes || echo no) $(cat /tmp/err)"
done
ktap_cmd rmmod-test rmmod rsha_robustness_test
ktap_cmd rmmod-negative-control rmmod rsha_negative_control
kernel_log robustness-end
ktap_subtest_end $((NUM + 1))
