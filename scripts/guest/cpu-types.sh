#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# cpu-types.sh [--out DIR] [--label NAME] [--cpu CPU] [--user-modules DIR] BUILD [MODULE_DIR]:
# the per-CPU-type unit choice (rust/rsha/select.rs) with several CPU types and CPU
# hotplug, in one QEMU guest (TCG) of 4 CPUs. BUILD is an arm64 or ARM kernel build
# with CPU hotplug; MODULE_DIR holds its sha{1,256,512}-<arch>-rs.ko built with
# RSHA_TEST=1 (default BUILD/rsha-modules). QEMU gives every CPU one model, so the
# test builds' debugfs file <module>/fake_cpu_types adds a digit to chosen CPUs'
# types (rust/rsha/cpu.rs, FAKE_CPU_TYPES); the guest
# (scripts/guest/initramfs/cpu-types.sh) onlines and offlines CPUs around it and hashes
# on each online CPU through AF_ALG (Debian's kcapi-dgst).
# PASS, per module: each type was measured once, with a log line naming its unit; after
# each phase every online CPU, and only those, has an entry of its type (real + digit)
# and that type's unit; a hash on each CPU gives the digest of the kernel's driver and
# counts its blocks in that unit only. The negative controls check the same log against
# a wrong expectation (CPUs 1 and 2's types swapped; each CPU's unit another) and must
# FAIL; with --user-modules, modules built without RSHA_TEST must lack the debugfs file's
# name. Measurement times go to standard error, not judged. Exit 1 when the boot or a
# check failed.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
OUT=$RSHA_CACHE/logs/cpu-types LABEL=cpu-types CPU="max,pauth-impdef=on" USER_MODS=
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=${2:?--out needs a directory}; shift 2 ;;
	--label) LABEL=${2:?--label needs a name}; shift 2 ;;
	--cpu) CPU=${2:?--cpu needs a QEMU CPU model}; shift 2 ;;
	--user-modules) USER_MODS=${2:?--user-modules needs a directory}; shift 2 ;;
	-*) die "unknown option $1 (--out DIR, --label NAME, --cpu CPU, --user-modules DIR)" ;;
	*) break ;;
	esac
done
BUILD=${1:?usage: cpu-types.sh [--out DIR] [--label NAME] [--cpu CPU] [--user-modules DIR] BUILD [MODULE_DIR]}
MODS=${2:-$BUILD/rsha-modules}
[ -f "$BUILD/.config" ] || die "$BUILD: no kernel build there (no .config)"
if grep -q '^CONFIG_ARM64=y' "$BUILD/.config"; then
	ARCH=arm64 DEBARCH=arm64 IMAGE=$BUILD/arch/arm64/boot/Image
elif grep -q '^CONFIG_ARM=y' "$BUILD/.config"; then
	ARCH=arm DEBARCH=armhf IMAGE=$BUILD/arch/arm/boot/zImage
else
	die "$BUILD: not an arm64 or ARM kernel (this test gives ARM CPUs several MIDR types)"
fi
grep -q '^CONFIG_HOTPLUG_CPU=y' "$BUILD/.config" || die "$BUILD: no CONFIG_HOTPLUG_CPU=y: the test onlines and offlines CPUs"
grep -q '^CONFIG_CRYPTO_USER_API_HASH=y' "$BUILD/.config" || die "$BUILD: no CONFIG_CRYPTO_USER_API_HASH=y: the guest hashes through AF_ALG"
[ -f "$IMAGE" ] || die "$IMAGE missing: build the kernel first (scripts/build/kernel.sh)"
[ -x "$BUILD/usr/gen_init_cpio" ] || die "$BUILD/usr/gen_init_cpio missing: the kernel build makes it (CONFIG_BLK_DEV_INITRD=y)"
MODULES="sha1-$ARCH-rs sha256-$ARCH-rs sha512-$ARCH-rs"
for m in $MODULES; do
	[ -f "$MODS/$m.ko" ] || die "$MODS/$m.ko missing: build the modules with make KDIR=$BUILD ARCH=$ARCH RSHA_TEST=1"
done
REF=lib
case $(cat "$BUILD/include/config/kernel.release") in 6.12*) REF=generic ;; esac
mkdir -p "$OUT"

# The guest: Debian's busybox-static and kcapi-dgst, the modules, the kernel's
# reference drivers where they are modules, and the /init.
guest_apt_setup "$DEBARCH"
guest_download busybox-static
ROOT=$OUT/root
rm -rf "$ROOT" && mkdir -p "$ROOT"
dpkg-deb -x "$(guest_deb busybox-static | tail -n1)" "$ROOT"
"$RSHA_ROOT/scripts/guest/packages.sh" "$DEBARCH" "$OUT/kcapi.list" kcapi-tools -- /usr/bin/kcapi-dgst
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /tmp /m /m/ref; do echo "dir $d 0755 0 0"; done
	echo "file /bin/busybox $ROOT/bin/busybox 0755 0 0"
	echo "file /init $RSHA_ROOT/scripts/guest/initramfs/cpu-types.sh 0755 0 0"
	for m in $MODULES; do echo "file /m/$m.ko $MODS/$m.ko 0644 0 0"; done
	for ko in "$BUILD"/lib/crypto/libsha*.ko "$BUILD"/crypto/sha{1,256,512}{,_generic}.ko; do
		[ ! -f "$ko" ] || echo "file /m/ref/$(basename "$ko") $ko 0644 0 0"
	done
	cat "$OUT/kcapi.list"
} | awk '!seen[$2]++' >"$OUT/initramfs.list"
"$BUILD/usr/gen_init_cpio" "$OUT/initramfs.list" >"$OUT/initramfs.cpio"

step "CPU types and hotplug: $ARCH guest, 4 CPUs of $CPU (console: $OUT/boot.log)"
rc=0
RSHA_GUEST_SMP=4 "$RSHA_ROOT/scripts/guest/run.sh" "$ARCH" "$CPU" "$IMAGE" "$OUT/initramfs.cpio" "$OUT/boot.log" \
	1800 cryptomgr.notests=1 rsha.modules="${MODULES// /,}" rsha.algs=sha1,sha256,sha512 \
	rsha.arch="$ARCH" rsha.ref="$REF" >&2 || rc=1
[ ! -f "$OUT/boot.log.cpu" ] || echo "guest CPU time (user, system s): $(cat "$OUT/boot.log.cpu")" >&2

python3 "$RSHA_ROOT/scripts/results/check-cpu-types.py" --label "$LABEL" "$OUT/boot.log" $MODULES || rc=1
python3 "$RSHA_ROOT/scripts/results/check-cpu-types.py" --label "$LABEL" --negative-control "$OUT/boot.log" $MODULES || rc=1

# Test builds only: the debugfs file's name is in the test build's modules, and not in
# a user's build (where the code that makes and reads it does not exist).
if [ -n "$USER_MODS" ]; then
	for m in $MODULES; do
		if [ ! -f "$USER_MODS/$m.ko" ]; then
			echo "FAIL $LABEL: $USER_MODS/$m.ko missing: the user build's module to check"
		elif grep -q fake_cpu_types "$USER_MODS/$m.ko"; then
			echo "FAIL $LABEL: the user build's $m.ko has fake_cpu_types: the test-only types are built in ($USER_MODS)"
		elif ! grep -q fake_cpu_types "$MODS/$m.ko"; then
			echo "FAIL $LABEL: the check cannot fail: the test build's $m.ko lacks fake_cpu_types too"
		else
			echo "PASS $LABEL: the user build's $m.ko lacks fake_cpu_types, which the test build's has"
		fi
	done
fi
exit $rc
