#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the guest of scripts/guest/cpu-types.sh: the per-CPU-type unit choice
# (rust/rsha/select.rs) on a machine given several CPU types by the test builds'
# debugfs file <module>/fake_cpu_types (rust/rsha/cpu.rs, FAKE_CPU_TYPES), through
# CPU hotplug. It only acts and reports, in "@@RSHA" lines; the host decides.
#
# Kernel command line: rsha.modules=m1,m2,... (in /m) rsha.algs=a1,a2,... (one per
# module: the algorithm hashed through its selected driver) rsha.arch=arm64|arm
# rsha.ref=lib|generic (the suffix of the kernel's drivers the digests are compared with).
#
# Phases (the host knows them by name): load; types (CPUs 1, 2, 3 offline, given
# types +1, +2, +2, online again); gone (every CPU of type +2 offline); back (CPU 3
# online again: a type measured before); new (CPU 1 offline, given type +3, never
# measured, and CPUs 1 and 2 online). After each: the fake types, the online CPUs,
# each module's units file and kernel messages, and a hash on every online CPU.

/bin/busybox mkdir -p /proc /sys /dev /tmp /bb
/bin/busybox mount -t proc proc /proc
/bin/busybox --install -s /bb
export PATH=/bin:/usr/bin:/bb
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
dmesg -n 1
# The drivers are named explicitly, which 7.x's default AF_ALG restriction refuses.
[ ! -w /proc/sys/crypto/af_alg_restrict ] || echo 0 >/proc/sys/crypto/af_alg_restrict
say() { echo "@@RSHA $*"; }
arg() { tr ' ' '\n' </proc/cmdline | sed -n "s/^rsha\.$1=//p" | tr ',' ' '; }
MODULES=$(arg modules) ALGS=$(arg algs) ARCH=$(arg arch) REF=$(arg ref)
say start cpus=$(nproc) modules=$MODULES

# The kernel's drivers of the reference, where they are modules (lib/crypto first).
for ko in /m/ref/lib*.ko /m/ref/*.ko; do
	[ ! -f "$ko" ] || insmod "$ko" 2>/dev/null || true
done
# 40 KiB and 3 bytes: 640 SHA-256 blocks, a partial one at the end.
dd if=/dev/urandom of=/tmp/msg bs=1024 count=40 2>/dev/null
printf abc >>/tmp/msg

dir() { echo "/sys/kernel/debug/$(echo "$1" | tr - _)"; }
set_fake() { for m in $MODULES; do echo "$1" >"$(dir "$m")/fake_cpu_types"; done; FAKE=$1; }
cpu() {
	echo "$2" >"/sys/devices/system/cpu/cpu$1/online" || say error "cpu$1 online=$2 failed"
	say uptime "cpu$1=$2" "$(cut -d' ' -f1 /proc/uptime)"
}
# blocks DRIVER_DIR: the blocks of the scalar, neon and ce units, every context (one
# process: each costs a good part of a second under TCG).
blocks() {
	awk '{ n = split(FILENAME, p, "/"); split(p[n], f, "_"); s[f[2]] += $1 }
		END { print s["scalar"] + 0, s["neon"] + 0, s["ce"] + 0 }' "$1"/blocks_*
}
report() {
	say phase "$1" fake=$FAKE online=$(cat /sys/devices/system/cpu/online) uptime=$(cut -d' ' -f1 /proc/uptime)
	for m in $MODULES; do
		say begin "units $m"; cat "$(dir "$m")/units"; say end "units $m"
	done
	say begin "dmesg $1"; dmesg -c | grep '_rs: '; say end "dmesg $1"
	say uptime hashing $(cut -d' ' -f1 /proc/uptime)
	set -- $ALGS
	for m in $MODULES; do
		alg=$1
		shift
		drv=$alg-$ARCH-auto-rs
		stats=$(dir "$m")/$drv
		eval ref=\$REF_$alg
		for d in /sys/devices/system/cpu/cpu[0-9]*; do
			c=${d##*cpu}
			[ "$(cat "$d/online" 2>/dev/null || echo 1)" = 1 ] || continue
			before=$(blocks "$stats")
			digest=$(taskset -c "$c" kcapi-dgst -c "$drv" --hex -i /tmp/msg 2>&1)
			after=$(blocks "$stats")
			say hash "$m" cpu=$c digest=$(echo $digest | tr ' ' _) ref=$ref blocks $before $after
		done
	done
}

# The kernel's digests, once (the message stays).
for alg in $ALGS; do
	eval REF_$alg='$(kcapi-dgst -c "$alg-$REF" --hex -i /tmp/msg 2>&1 | tr " " _)'
done
say uptime hashed-reference $(cut -d' ' -f1 /proc/uptime)
for m in $MODULES; do insmod /m/$m.ko || say error "insmod $m failed"; done
say uptime loaded $(cut -d' ' -f1 /proc/uptime)
FAKE=0
report load
for c in 1 2 3; do cpu $c 0; done
set_fake 0x2210
for c in 1 2 3; do cpu $c 1; done
report types
for c in 2 3; do cpu $c 0; done
report gone
cpu 3 1
report back
cpu 1 0
set_fake 0x2230
for c in 1 2; do cpu $c 1; done
report new
say end-phase uptime=$(cut -d' ' -f1 /proc/uptime)
say done
poweroff -f
