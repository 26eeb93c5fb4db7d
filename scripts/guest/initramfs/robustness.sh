#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# Robustness tests, run by /init in test mode after the drivers are
# loaded and before the in-kernel users. Like /init it only acts and reports
# ("@@RSHA ..." lines); scripts/results/parse-robustness.py decides on the host.
#
#   robustness.sh CYCLES RELOAD_FUZZ MODULE...
#
# 1. Module lifetime: CYCLES rmmod/insmod cycles of every MODULE, with the
#    crypto self-tests switched off for the cycles (cryptomgr.notests) and back
#    on for the last load, whose self-tests must pass again.
# 2. rsha-robustness-test.ko: every driver from every context against generic
#    (rust/testing/robustness_test.rs); its results are in the kernel log. The
#    negative control driver is loaded too, and every test must fail on it.
# 3. The drivers' debugfs statistics (CONFIG_CRYPTO_RSHA_STATS).
# 4. rmmod of every MODULE while the test module holds their transforms: must
#    be refused. Then the test module goes and the drivers stay usable.
export PATH=/sbin:/bin:/usr/sbin:/usr/bin:/bb
CYCLES=$1 RELOAD_FUZZ=$2; shift 2
say() { echo "@@RSHA $*"; }
kernel_log() { say begin "dmesg $1"; dmesg -c; say end "dmesg $1"; }
modname() { echo "$1" | tr - _; }
loaded() { grep -q "^$(modname "$1") " /proc/modules; }
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

# 1. Lifetime.
echo 1 >/sys/module/cryptomgr/parameters/notests
for m in "$@"; do
	i=0 bad=0 why= t0=$(date +%s)
	while [ $i -lt "$CYCLES" ]; do
		if ! rmmod "$(modname "$m")" 2>/tmp/err; then bad=$((bad + 1)) why="rmmod: $(cat /tmp/err)"; fi
		if ! insmod "/lib/modules/rsha/$m.ko" 2>/tmp/err; then bad=$((bad + 1)) why="insmod: $(cat /tmp/err)"; fi
		i=$((i + 1))
	done
	say step "robust-cycles-$m" rc=$bad "$CYCLES rmmod/insmod cycles in $(($(date +%s) - t0)) s${why:+, last error: $why}"
done
kernel_log lifetime-cycles
# The last load with the self-tests on again.
fuzz=/sys/module/cryptomgr/parameters/fuzz_iterations
first_fuzz=$(cat $fuzz 2>/dev/null)
[ -z "$RELOAD_FUZZ" ] || echo "$RELOAD_FUZZ" >$fuzz
echo 0 >/sys/module/cryptomgr/parameters/notests
for m in "$@"; do
	rmmod "$(modname "$m")" 2>/tmp/err
	insmod "/lib/modules/rsha/$m.ko" 2>/tmp/err; say step "robust-reload-$m" rc=$? "$(cat /tmp/err)"
done
n=0
while grep -q '^type *: larval' /proc/crypto && [ $n -lt 300 ]; do sleep 1; n=$((n + 1)); done
[ -z "$first_fuzz" ] || echo "$first_fuzz" >$fuzz
say begin proc-crypto-reloaded; cat /proc/crypto; say end proc-crypto-reloaded
kernel_log lifetime-reload

# 2. The test module, with the negative control loaded: every test must fail
# on that driver. It is loaded with the self-tests off, since a driver that
# failed them cannot be allocated: here only the robustness tests stand
# between it and its users.
echo 1 >/sys/module/cryptomgr/parameters/notests
insmod /lib/modules/rsha/rsha-negative-control.ko 2>/tmp/err
say step robust-insmod-negative-control rc=$? "$(cat /tmp/err)"
echo 0 >/sys/module/cryptomgr/parameters/notests
t0=$(date +%s)
insmod /lib/modules/rsha/rsha-robustness-test.ko 2>/tmp/err
say step robust-insmod-test rc=$? "in $(($(date +%s) - t0)) s $(cat /tmp/err)"
kernel_log robustness-test

# 3. Statistics: /sys/kernel/debug/<module>/<driver>/<counter>.
for m in "$@"; do
	for d in /sys/kernel/debug/$(modname "$m")/*/; do
		[ -d "$d" ] || continue
		drv=$(basename "$d")
		for f in "$d"*; do say stat "$drv" "$(basename "$f")" "$(cat "$f")"; done
	done
done

# 4. Unloading a driver whose transforms are held must be refused.
for m in "$@"; do
	rmmod "$(modname "$m")" 2>/tmp/err; rc=$?
	loaded "$m"; still=$?
	say step "robust-rmmod-held-$m" rc=$rc "still-loaded=$((1 - still)) $(cat /tmp/err)"
done
rmmod rsha_robustness_test 2>/tmp/err; say step robust-rmmod-test rc=$? "$(cat /tmp/err)"
rmmod rsha_negative_control 2>/tmp/err; say step robust-rmmod-negative-control rc=$? "$(cat /tmp/err)"
kernel_log robustness-end
