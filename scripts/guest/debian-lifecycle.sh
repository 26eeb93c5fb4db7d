#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The DKMS lifecycle on a Debian amd64 system: the DKMS package of the
# modules kept with every kernel the system installs, as a trixie-backports
# user meets it.
#
#   scripts/guest/debian-lifecycle.sh BUILD DKMS_DEB LABEL [OLD_ABI]
#
# BUILD is the test layout of Debian's amd64 kernel NEW (scripts/debian-kernel.sh
# --arch amd64 --test; its release and source tree). DKMS_DEB is the DKMS
# package (rust-arm-sha-dkms_*_all.deb). OLD_ABI is an older ABI of
# Debian's amd64 kernel in trixie-backports (7.2.12+deb13 by default;
# scripts/debian-kernel.sh --arch amd64 --list shows them). The system is one ext4 disk image. What the user types runs
# in the booted guest (QEMU), except what compiles: the DKMS builds
# (modules_prepare of linux-source and the modules, over an hour per kernel
# under TCG, and KVM does not boot Debian's kernel on every host:
# scripts/guest/debian-system.sh) run in a chroot of that same disk on this
# amd64 host, the guest's own programs natively, where apt also reaches
# Debian's mirror. Steps, each printed with its time:
#  1. The image, cached under $RSHA_CACHE/debian-system/: mmdebstrap of
#     trixie with trixie-backports, systemd, udev, dkms, initramfs-tools,
#     linux-image-OLD and linux-headers-OLD.
#  2. chroot: apt install ./DKMS_DEB linux-source=V: the package and
#     Debian's linux-source metapackage of OLD's version V from
#     trixie-backports (it depends on linux-source-X.Y of that version, the
#     source dkms prepares OLD's tree from); the postinst has dkms build
#     ours for every kernel with headers, OLD.
#  3. Boot 'old' (the newest kernel in /boot, as GRUB's default entry
#     would): ours loaded by udev, nothing typed; dkms status.
#  4. chroot: a backports user's kernel update: apt upgrade, which takes
#     the linux-source metapackage to NEW's version (and so NEW's
#     linux-source-X.Y), then apt install linux-image-NEW linux-headers-NEW
#     (what the linux-image-amd64 and linux-headers-amd64 metapackages
#     bring); dkms's kernel hooks build ours for NEW, nothing typed for
#     ours.
#  5. Boot 'new': NEW, ours loaded; then apt upgrade from a local
#     repository (the RSHA disk) holding a rebuild of linux-image-NEW and
#     linux-binary-NEW with a newer version, as a stable update of the same
#     ABI would come: apt must take it.
#  6. Boot 'upgraded': the rebuilt kernel package, ours loaded; apt purge
#     of the DKMS package leaves nothing: dkms status empty, no file, no
#     depmod entry. The guest powers off.
# Prints PASS/FAIL lines; consoles and logs are $RSHA_CACHE/logs/LABEL-*.
# Needs root (mmdebstrap --mode=root, loop mounts, chroot), as the suite has.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
BUILD=$1 DKMS_DEB=$(readlink -f "$2") LABEL=$3 OLD=${4:-7.2.12+deb13}
need mmdebstrap mmdebstrap
need mke2fs e2fsprogs
need dpkg-scanpackages dpkg-dev
need unshare util-linux
[ -f "$DKMS_DEB" ] || die "$2: no such DKMS package (the .deb of rust-arm-sha-dkms)"
DKMS_PKG=$(dpkg-deb -f "$DKMS_DEB" Package) || die "$2: not a Debian package"
NEWREL=$(cat "$BUILD/include/config/kernel.release")
case $NEWREL in *-amd64) ;; *) die "$BUILD: $NEWREL is not one of Debian's amd64 kernels" ;; esac
# kunit.py, for the KTAP documents: from the tree of the BUILD's kernel.
ksrc=$(cat "$BUILD/rsha-source")
[ "$(dpkg --print-architecture)" = amd64 ] ||
	die "the lifecycle builds in a chroot of an amd64 system: it needs an amd64 host (this one is $(dpkg --print-architecture))"
OLDREL=$OLD-amd64
SUITE=trixie KSUITE=trixie-backports
RESULTS_LABEL=$LABEL
pass() { echo "PASS $RESULTS_LABEL: $*"; }
fail() { echo "FAIL $RESULTS_LABEL: $*"; }

# --- 1. the image ---------------------------------------------------------
SOURCES=("deb $DEBIAN_MIRROR $SUITE main" "deb $DEBIAN_MIRROR $KSUITE main")
INCLUDE=systemd-sysv,udev,kmod,initramfs-tools,dkms,linux-base/$KSUITE
INCLUDE+=,linux-image-$OLDREL,linux-headers-$OLDREL
# The unit and the initramfs settings of scripts/guest/debian-system.sh: a
# oneshot service that runs step.sh from the disk labelled RSHA, and
# Debian's initramfs with the modules of this virtual machine listed.
UNIT='[Unit]
Description=rust-arm-sha: one boot of the Debian lifecycle test
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
INITRAMFS_CONF=MODULES=list
INITRAMFS_MODULES="virtio_pci virtio_blk ext4"
key=$(printf '%s\n' "$SUITE" "${SOURCES[@]}" "$INCLUDE" "$UNIT" "$INITRAMFS_CONF" $INITRAMFS_MODULES |
	sha256sum | cut -c1-12)
TOP=$RSHA_CACHE/debian-system
BASE=$TOP/lifecycle-$OLDREL-$key
mkdir -p "$TOP"
if [ ! -f "$BASE.complete" ]; then
	step "mmdebstrap: Debian $SUITE for amd64 with $KSUITE, systemd, dkms, linux-image-$OLDREL and its headers (log: $BASE.log)"
	t0=$(date +%s)
	{ findmnt -rn -o TARGET | grep "^$BASE.tree/" || true; } | sort -r | xargs -r umount -l
	rm -rf --one-file-system "$BASE" "$BASE".*
	mkdir -p "$BASE.unit" && printf '%s\n' "$UNIT" >"$BASE.unit/rsha-step.service"
	echo "$INITRAMFS_CONF" >"$BASE.unit/initramfs-modules.conf"
	printf '%s\n' $INITRAMFS_MODULES >"$BASE.unit/rsha-virt"
	mmdebstrap --arch=amd64 --variant=minbase --mode=root \
		--aptopt='Acquire::Check-Valid-Until "false"' --include="$INCLUDE" \
		--essential-hook='mkdir -p "$1/etc/initramfs-tools/conf.d" "$1/usr/share/initramfs-tools/modules.d"' \
		--essential-hook="copy-in $BASE.unit/initramfs-modules.conf /etc/initramfs-tools/conf.d" \
		--essential-hook="copy-in $BASE.unit/rsha-virt /usr/share/initramfs-tools/modules.d" \
		--customize-hook='echo rsha-debian >"$1/etc/hostname"' \
		--customize-hook='echo "LABEL=debian-root / ext4 rw,errors=remount-ro 0 1" >"$1/etc/fstab"' \
		--customize-hook="copy-in $BASE.unit/rsha-step.service /etc/systemd/system" \
		--customize-hook='mkdir -p "$1/etc/systemd/system/multi-user.target.wants"' \
		--customize-hook='ln -s /etc/systemd/system/rsha-step.service "$1/etc/systemd/system/multi-user.target.wants/"' \
		--customize-hook='for u in serial-getty@ttyS0.service getty@tty1.service apt-daily.timer apt-daily-upgrade.timer; do ln -sf /dev/null "$1/etc/systemd/system/$u"; done' \
		"$SUITE" "$BASE.tree" "${SOURCES[@]}" >"$BASE.log" 2>&1 ||
		die "mmdebstrap of Debian $SUITE with $KSUITE (amd64, $DEBIAN_MIRROR) failed: $(grep -m2 -E '^E:|unmet|Unable' "$BASE.log" | tr '\n' ' ')(log: $BASE.log)"
	[ -f "$BASE.tree/boot/vmlinuz-$OLDREL" ] || die "the image has no /boot/vmlinuz-$OLDREL (log: $BASE.log)"
	# Room for a second kernel, its headers, the compilers and two
	# prepared kernel trees.
	size=$(du -sm "$BASE.tree" | cut -f1)
	mke2fs -q -t ext4 -L debian-root -d "$BASE.tree" "$BASE.img" $((size + 12288))M >>"$BASE.log" 2>&1 ||
		die "mke2fs -d of the Debian tree failed (log: $BASE.log)"
	rm -rf --one-file-system "$BASE.tree" "$BASE.unit"
	touch "$BASE.complete"
	step "the lifecycle image took $(($(date +%s) - t0)) s"
fi

# --- the run's disks ------------------------------------------------------
RUN=$RSHA_CACHE/logs/$LABEL
rm -rf "$RUN.disk" && mkdir -p "$RUN.disk/payload/repo" "$RUN.disk/mnt"
cp --sparse=always "$BASE.img" "$RUN.disk/root.img"
# in_image CMD...: CMD in a chroot of the run's disk, mounted in a mount
# namespace of its own (gone, and the loop device with it, when CMD ends),
# with /proc, /sys, /dev and the host's resolv.conf for apt.
in_image() {
	unshare --mount --fork bash -c '
		img=$1 m=$2
		shift 2
		mount -o loop "$img" "$m"
		mount -t proc proc "$m/proc"
		mount --rbind /sys "$m/sys"
		mount --rbind /dev "$m/dev"
		mount -t tmpfs tmpfs "$m/run"
		mount -t tmpfs tmpfs "$m/tmp"
		rm -f "$m/etc/resolv.conf" && cp /etc/resolv.conf "$m/etc/resolv.conf"
		exec chroot "$m" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
			DEBIAN_FRONTEND=noninteractive "$@"' in_image "$RUN.disk/root.img" "$RUN.disk/mnt" "$@"
}
# chroot_step NAME CMD...: CMD as one result, timed; its output in
# RUN-NAME.log.
chroot_step() {
	local name=$1 t0 rc=0
	shift
	step "chroot of the guest's disk: $name (log: $RUN-$name.log)"
	t0=$(date +%s)
	in_image "$@" >"$RUN-$name.log" 2>&1 || rc=$?
	if [ $rc = 0 ]; then
		pass "chroot: $name ($(($(date +%s) - t0)) s)"
	else
		fail "chroot: $name: exit $rc: $(tail -n 3 "$RUN-$name.log" | tr '\n' ' ')(log: $RUN-$name.log)"
	fi
	return $rc
}
# check_dkms REL: dkms status in the image says ours is installed for REL.
check_dkms() {
	local st
	st=$(in_image dkms status 2>&1 | grep -F ", $1, " || true)
	case $st in
	*": installed"*) pass "chroot: dkms status after the step: $st" ;;
	*) fail "chroot: dkms status has ours installed for $1: ${st:-no line for $1}" ;;
	esac
}

# --- 2. the DKMS package --------------------------------------------------
cp "$DKMS_DEB" "$RUN.disk/dkms.deb"
in_image sh -c 'apt-get update -q >/dev/null 2>&1' || true
OLDVER=$(in_image dpkg-query -W -f='${Version}' "linux-headers-$OLDREL")
chroot_step install-dkms-package sh -c "mkdir -p /root/rsha && cat >/root/rsha/$DKMS_PKG.deb &&
	apt-get install -y /root/rsha/$DKMS_PKG.deb linux-source=$OLDVER" <"$RUN.disk/dkms.deb" && check_dkms "$OLDREL"

# The rebuilt NEW kernel for step 5: linux-image-NEW and linux-binary-NEW
# (the signed image's two packages) of a newer version, in the RSHA disk's
# repository.
rebuild=$RUN.disk/rebuild
mkdir -p "$rebuild"
in_image sh -c "cd /tmp && apt-get download -q linux-image-$NEWREL linux-binary-$NEWREL >/dev/null &&
	tar -c *.deb" | tar -x -C "$rebuild" ||
	die "could not download linux-image-$NEWREL and linux-binary-$NEWREL from $KSUITE"
for deb in "$rebuild"/*.deb; do
	d=$rebuild/tree && rm -rf "$d"
	dpkg-deb -R "$deb" "$d"
	v=$(sed -n 's/^Version: //p' "$d/DEBIAN/control")
	sed -i -e "s/^Version: .*/Version: $v+rsha1/" \
		-e "/^Depends:/s/linux-binary-$NEWREL (= [^)]*)/linux-binary-$NEWREL (= $v+rsha1)/" "$d/DEBIAN/control"
	dpkg-deb -Zgzip -z1 -b "$d" "$RUN.disk/payload/repo/" >/dev/null
done
rm -rf "$rebuild"
(cd "$RUN.disk/payload/repo" && dpkg-scanpackages -m . >Packages 2>/dev/null)
NEWVER=$(sed -n 's/^Version: //p' "$RUN.disk/payload/repo/Packages" | head -n1)
cp "$RSHA_ROOT/scripts/guest/debian-system/lifecycle.sh" "$RUN.disk/payload/step.sh"
cp "$RSHA_ROOT/scripts/guest/initramfs/lib.sh" "$RUN.disk/payload/lib.sh"
printf '%s\n' "$DKMS_PKG" "$OLDREL" "$NEWREL" "$NEWVER" >"$RUN.disk/payload/lifecycle.conf"
mke2fs -q -t ext4 -L RSHA -d "$RUN.disk/payload" "$RUN.disk/rsha.img" 128M >/dev/null ||
	die "mke2fs of the RSHA disk failed"

# boot NAME: one boot of the disk, the newest kernel in its /boot (as
# GRUB's default entry), under TCG's max (AVX2): PASS/FAIL lines of the
# guest's KTAP document.
boot() {
	local name=$1 rel log=$RUN-$1.log t0
	rel=$(in_image sh -c 'ls /boot/vmlinuz-* | sed "s|^/boot/vmlinuz-||" | sort -V | tail -n1')
	in_image cat "/boot/vmlinuz-$rel" >"$RUN.disk/vmlinuz"
	in_image cat "/boot/initrd.img-$rel" >"$RUN.disk/initrd"
	step "guest: Debian lifecycle, boot '$name' of $rel on max (console: $log)"
	t0=$(date +%s)
	if RSHA_GUEST_DRIVES="$RUN.disk/root.img $RUN.disk/rsha.img" RSHA_GUEST_SMP=2 RSHA_GUEST_MEM=1024 \
		"$RSHA_ROOT/scripts/guest/run.sh" x86_64 max "$RUN.disk/vmlinuz" "$RUN.disk/initrd" "$log" \
		"${RSHA_GUEST_TIMEOUT:-1800}" root=LABEL=debian-root rw quiet systemd.show_status=error \
		systemd.default_device_timeout_sec=300 udev.log_level=debug; then
		step "guest: boot '$name' took $(($(date +%s) - t0)) s"
		python3 "$RSHA_ROOT/scripts/results/parse-debian-system.py" "$log" --label "$LABEL" \
			--boot "$name" --subtest debian-lifecycle --ksrc "$ksrc"
	else
		fail "boot '$name' ends with the guest's \"@@RSHA done\" (console: $log)"
		return 1
	fi
}

# --- 3.-6. ----------------------------------------------------------------
boot old &&
	chroot_step kernel-update sh -c "apt-get upgrade -y --with-new-pkgs &&
		apt-get install -y linux-image-$NEWREL linux-headers-$NEWREL" &&
	check_dkms "$NEWREL" &&
	boot new &&
	boot upgraded || true
rm -rf "$RUN.disk"
