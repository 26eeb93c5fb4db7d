#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The Debian system test: the modules' Debian package installed, used and
# removed on a Debian system as a user has it (systemd, udev, Debian's kernel
# and Debian's initramfs), booted under QEMU.
#
#   scripts/guest/debian-system.sh BUILD CPU LABEL
#   scripts/guest/debian-system.sh --image BUILD     (step 1 only)
#
# BUILD is the test layout of one of Debian's kernels (scripts/debian-kernel.sh
# --test): its release, the suite and version of its linux-image package
# (rsha-debian-kernel) and the package of our modules (rsha-package.deb).
#  1. The image, cached under $RSHA_CACHE/debian-system/ by everything that
#     goes into it: mmdebstrap of the kernel's suite (for a -backports
#     kernel, the suite under it with its backports) with systemd, udev,
#     kmod, iproute2, ping, cryptsetup-bin, dmsetup, initramfs-tools and
#     linux-image-<release>, whose maintainer scripts (update-initramfs
#     among them) run under qemu-user; one systemd unit of ours,
#     rsha-step.service, which runs step.sh from a disk labelled RSHA. An
#     ext4 file system is made of the tree with mke2fs -d, which mounts
#     nothing. mmdebstrap --mode=root needs root, as the suite has.
#  2. Four boots of a copy of the image, each one QEMU run on CPU, with
#     the second disk (RSHA: scripts/guest/debian-system/step.sh, the
#     initramfs' shell library it sources, and the package): install,
#     installed, removed, and enforced, which boots with
#     module.sig_enforce=1 (step.sh says what each does).
#     The guest reboots between them: QEMU (-no-reboot) exits, and the next
#     run boots the same disk again with Debian's kernel and the initramfs
#     the image made.
# CPU "kvm" (amd64): KVM where /dev/kvm boots Debian's kernel (a first boot
# of it without a root file system, which must reach its panic), with the
# CPU KVM passes through; else TCG's max (AVX2, no SHA-NI on QEMU 7.2).
# The guest's units follow from the CPU flags it sees, whichever it is.
#  3. amd64 in --full: the DKMS lifecycle (scripts/guest/debian-lifecycle.sh)
#     with the DKMS package of this checkout (scripts/debian-kernel.sh
#     --dkms), as LABEL-lifecycle.
# Prints PASS/FAIL lines (a boot that does not end stops the test with a
# FAIL line); the consoles are $RSHA_CACHE/logs/LABEL-BOOT.log. Exits
# non-zero, with the reason, when the image cannot be made.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
IMAGE_ONLY=0
[ "${1:-}" != --image ] || { IMAGE_ONLY=1; shift; }
BUILD=$1 CPU=${2:-} LABEL=${3:-}
need mmdebstrap mmdebstrap
need mke2fs e2fsprogs
need arch-test arch-test
REL=$(cat "$BUILD/include/config/kernel.release")
read -r KSUITE PKGVER <"$BUILD/rsha-debian-kernel"
case $REL in
*-arm64) DEBARCH=arm64 ARCH=arm64 ;;
*-armmp) DEBARCH=armhf ARCH=arm ;;
*-amd64) DEBARCH=amd64 ARCH=x86_64 ;;
*) die "$REL: not one of Debian's arm64, armmp or amd64 kernels" ;;
esac
# The serial console, on which no getty may run (rsha-step.service writes
# to it).
case $ARCH in x86_64) SERIAL=ttyS0 ;; *) SERIAL=ttyAMA0 ;; esac
SUITE=${KSUITE%-backports}
SOURCES=("deb $DEBIAN_MIRROR $SUITE main")
INCLUDE=systemd-sysv,udev,kmod,iproute2,iputils-ping,cryptsetup-bin,dmsetup,initramfs-tools
INCLUDE+=,linux-image-$REL=$PKGVER
if [ "$KSUITE" != "$SUITE" ]; then
	# A backports kernel pre-depends on a linux-base from backports.
	SOURCES+=("deb $DEBIAN_MIRROR $KSUITE main")
	INCLUDE+=,linux-base/$KSUITE
fi
arch-test "$DEBARCH" >/dev/null 2>&1 ||
	die "this host cannot run $DEBARCH programs for mmdebstrap (arch-test $DEBARCH: $(arch-test "$DEBARCH" 2>&1 | tail -n1)); scripts/setup-host.sh registers qemu-user-static with binfmt_misc"

# rsha-step.service: step.sh from the disk labelled RSHA, its output on the
# console, once udev has seen that disk.
UNIT='[Unit]
Description=rust-arm-sha: one boot of the Debian system test
Requires=dev-disk-by\x2dlabel-RSHA.device
After=dev-disk-by\x2dlabel-RSHA.device systemd-udev-trigger.service

[Service]
Type=oneshot
ExecStartPre=/usr/bin/mkdir -p /run/rsha
ExecStartPre=/usr/bin/mount -o ro LABEL=RSHA /run/rsha
ExecStart=/bin/sh /run/rsha/step.sh
StandardOutput=tty
StandardError=tty
TTYPath=/dev/console
TTYReset=no
TTYVHangup=no

[Install]
WantedBy=multi-user.target'
# Debian's initramfs, made by initramfs-tools with the modules of this
# virtual machine listed (MODULES=list, a setting of Debian's
# initramfs.conf) instead of its default MODULES=most, which copies a
# thousand modules into it, one process each under qemu-user (two image
# builds of 40 minutes on 2 cores, twice that of everything else).
INITRAMFS_CONF=MODULES=list
INITRAMFS_MODULES="virtio_mmio virtio_pci virtio_blk ext4"
key=$(printf '%s\n' "$SUITE" "${SOURCES[@]}" "$INCLUDE" "$UNIT" "$INITRAMFS_CONF" $INITRAMFS_MODULES "$SERIAL" |
	sha256sum | cut -c1-12)
TOP=$RSHA_CACHE/debian-system
BASE=$TOP/$REL-$key
mkdir -p "$TOP"
if [ ! -f "$BASE.complete" ]; then
	step "mmdebstrap: Debian $SUITE for $DEBARCH with systemd, udev and linux-image-$REL $PKGVER (log: $BASE.log)"
	t0=$(date +%s)
	# What an interrupted run left, its mounts first.
	{ findmnt -rn -o TARGET | grep "^$BASE.tree/" || true; } | sort -r | xargs -r umount -l
	rm -rf --one-file-system "$BASE" "$BASE".*
	mkdir -p "$BASE.unit" && printf '%s\n' "$UNIT" >"$BASE.unit/rsha-step.service"
	echo "$INITRAMFS_CONF" >"$BASE.unit/initramfs-modules.conf"
	printf '%s\n' $INITRAMFS_MODULES >"$BASE.unit/rsha-virt"
	# The customize hook runs on the host with the tree as $1.
	mmdebstrap --arch="$DEBARCH" --variant=minbase --mode=root \
		--aptopt='Acquire::Check-Valid-Until "false"' --include="$INCLUDE" \
		--essential-hook='mkdir -p "$1/etc/initramfs-tools/conf.d" "$1/usr/share/initramfs-tools/modules.d"' \
		--essential-hook="copy-in $BASE.unit/initramfs-modules.conf /etc/initramfs-tools/conf.d" \
		--essential-hook="copy-in $BASE.unit/rsha-virt /usr/share/initramfs-tools/modules.d" \
		--customize-hook='echo rsha-debian >"$1/etc/hostname"' \
		--customize-hook='echo "LABEL=debian-root / ext4 rw,errors=remount-ro 0 1" >"$1/etc/fstab"' \
		--customize-hook="copy-in $BASE.unit/rsha-step.service /etc/systemd/system" \
		--customize-hook='mkdir -p "$1/etc/systemd/system/multi-user.target.wants"' \
		--customize-hook='ln -s /etc/systemd/system/rsha-step.service "$1/etc/systemd/system/multi-user.target.wants/"' \
		--customize-hook='for u in serial-getty@'"$SERIAL"'.service getty@tty1.service apt-daily.timer apt-daily-upgrade.timer; do ln -sf /dev/null "$1/etc/systemd/system/$u"; done' \
		"$SUITE" "$BASE.tree" "${SOURCES[@]}" >"$BASE.log" 2>&1 ||
		die "mmdebstrap of Debian $SUITE ($DEBARCH, $DEBIAN_MIRROR) failed: $(grep -m2 -E '^E:|unmet|Unable' "$BASE.log" | tr '\n' ' ')(log: $BASE.log)"
	[ -f "$BASE.tree/boot/vmlinuz-$REL" ] && [ -f "$BASE.tree/boot/initrd.img-$REL" ] ||
		die "the image of Debian $SUITE has no /boot/vmlinuz-$REL and initrd.img-$REL (log: $BASE.log)"
	cp "$BASE.tree/boot/vmlinuz-$REL" "$BASE.vmlinuz"
	cp "$BASE.tree/boot/initrd.img-$REL" "$BASE.initrd"
	size=$(du -sm "$BASE.tree" | cut -f1)
	mke2fs -q -t ext4 -L debian-root -d "$BASE.tree" "$BASE.img" $((size * 2 + 512))M >>"$BASE.log" 2>&1 ||
		die "mke2fs -d of the Debian tree failed (log: $BASE.log)"
	rm -rf --one-file-system "$BASE.tree" "$BASE.unit"
	touch "$BASE.complete"
	step "the Debian system image took $(($(date +%s) - t0)) s"
fi

[ "$IMAGE_ONLY" = 0 ] || exit 0

# The disks of this run: a copy of the image (sparse) and RSHA.
RUN=$RSHA_CACHE/logs/$LABEL
rm -rf "$RUN.disk" && mkdir -p "$RUN.disk/payload"
cp --sparse=always "$BASE.img" "$RUN.disk/root.img"
cp "$RSHA_ROOT/scripts/guest/debian-system/step.sh" "$RUN.disk/payload/"
cp "$RSHA_ROOT/scripts/guest/initramfs/lib.sh" "$RUN.disk/payload/lib.sh"
cp "$BUILD/rsha-package.deb" "$RUN.disk/payload/package.deb"
mke2fs -q -t ext4 -L RSHA -d "$RUN.disk/payload" "$RUN.disk/rsha.img" 64M >/dev/null ||
	die "mke2fs of the RSHA disk failed"
ksrc=$(cat "$BUILD/rsha-source")
ACCEL=
# kvm_boots CPU: Debian's kernel boots under KVM on CPU to its panic
# without a root file system (seconds); a KVM error ("KVM internal error",
# an instruction it cannot emulate) or a minute without that panic says it
# does not: the reason is added to KVM_WHY.
kvm_boots() {
	local probe=$RUN-kvm-probe q n=0
	rm -f "$probe.log" "$probe.err"
	qemu-system-x86_64 -accel kvm -cpu "$1" -M q35 -m 512 -display none -monitor none -nodefaults \
		-serial "file:$probe.log" -no-reboot -kernel "$BASE.vmlinuz" -append "console=ttyS0 panic=-1" \
		</dev/null 2>"$probe.err" &
	q=$!
	while kill -0 "$q" 2>/dev/null && [ $n -lt 60 ] && ! grep -q 'KVM internal error' "$probe.err"; do
		sleep 1
		n=$((n + 1))
	done
	kill "$q" 2>/dev/null || true
	wait "$q" 2>/dev/null || true
	local why=
	if grep -q 'Kernel panic' "$probe.log" 2>/dev/null; then
		:
	elif grep -q 'KVM internal error' "$probe.err"; then
		why="KVM internal error, $(grep -m1 -o 'emulation failure' "$probe.err" || echo unknown) at $(grep -m1 -o '^RIP=[0-9a-f]*' "$probe.err" || true)"
	else
		why=$(grep -m1 -E 'error|failed' "$probe.err" || echo "no panic within 60 s")
	fi
	rm -f "$probe.log" "$probe.err"
	[ -n "$why" ] || return 0
	KVM_WHY+="; -cpu $1: ${why#qemu-system-x86_64: }"
	return 1
}
if [ "$CPU" = kvm ]; then
	# QEMU 7.2 cannot start "-cpu host" on some KVM hosts (nested ones
	# among them: "failed to set MSR 0x10a"); without the
	# arch-capabilities MSR it can. The first CPU that boots is taken.
	CPU=max KVM_WHY=
	if [ ! -w /dev/kvm ]; then
		KVM_WHY="; no usable /dev/kvm"
	else
		for cpu in host host,-arch-capabilities; do
			# Its stderr: bash's notice of a QEMU that aborts.
			if kvm_boots "$cpu" 2>/dev/null; then
				ACCEL=kvm CPU=$cpu
				break
			fi
		done
	fi
	[ -n "$ACCEL" ] || step "KVM does not boot Debian's kernel here (${KVM_WHY#; }): TCG, -cpu max"
fi
for boot in install installed removed enforced; do
	log=$RUN-$boot.log
	step "guest: Debian system on $CPU${ACCEL:+ (KVM)}, boot '$boot' (console: $log)"
	# The installed boot has udev.log_level=debug: udev then logs each
	# module it inserts, which that boot looks for. The enforced boot
	# refuses unsigned modules, as Secure Boot's lockdown does. Devices get
	# 5 minutes (systemd's default is 90 s) to appear under TCG.
	extra=
	case $boot in
	installed) extra=udev.log_level=debug ;;
	enforced) extra=module.sig_enforce=1 ;;
	esac
	t0=$(date +%s)
	if RSHA_GUEST_ACCEL=$ACCEL RSHA_GUEST_DRIVES="$RUN.disk/root.img $RUN.disk/rsha.img" RSHA_GUEST_SMP=2 \
		RSHA_GUEST_MEM=1024 "$RSHA_ROOT/scripts/guest/run.sh" "$ARCH" "$CPU" "$BASE.vmlinuz" "$BASE.initrd" "$log" \
		"${RSHA_GUEST_TIMEOUT:-1800}" root=LABEL=debian-root rw quiet systemd.show_status=error \
		systemd.default_device_timeout_sec=300 $extra; then
		step "guest: boot '$boot' took $(($(date +%s) - t0)) s"
		python3 "$RSHA_ROOT/scripts/results/parse-debian-system.py" "$log" --label "$LABEL" \
			--boot "$boot" --ksrc "$ksrc" || break
	else
		echo "FAIL $LABEL: boot '$boot' ends with the guest's \"@@RSHA done\" (console: $log)"
		break
	fi
done
rm -rf "$RUN.disk"

if [ "$DEBARCH" = amd64 ] && [ "${RSHA_FULL:-0}" = 1 ]; then
	mkdir -p "$RUN.dkms" && rm -f "$RUN.dkms"/*.deb
	if "$RSHA_ROOT/scripts/debian-kernel.sh" --dkms --out "$RUN.dkms" >"$RUN.dkms.log" 2>&1 &&
		deb=$(compgen -G "$RUN.dkms/rust-arm-sha-dkms_*_all.deb"); then
		"$RSHA_ROOT/scripts/guest/debian-lifecycle.sh" "$BUILD" "$deb" "$LABEL-lifecycle" ||
			echo "FAIL $LABEL-lifecycle: the DKMS lifecycle did not run to its end (see above)"
	else
		echo "FAIL $LABEL-lifecycle: scripts/debian-kernel.sh --dkms made no package: $(tail -n 1 "$RUN.dkms.log")"
	fi
	rm -rf "$RUN.dkms"
fi
