#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-rootfs.sh DEBARCH BUILD_DIR OUT.cpio [GUEST_PATH=HOST_FILE | @LIST]...:
# make the guest initramfs. Each optional GUEST_PATH=HOST_FILE adds one more file
# (mode 0644; its parent directories are created), e.g.
# /etc/rsha/tcrypt.list=/tmp/list for scripts/performance/bench.sh; each @LIST adds the
# gen_init_cpio lines of file LIST as they are (scripts/guest/packages.sh and
# scripts/results/cavp-vectors.py write such lists).
#
# Userland is Debian's busybox-static for DEBARCH (arm64, armhf or amd64), fetched with
# apt into a private state directory: the host's package lists, dpkg status and
# architecture list are never touched. The kernel's own gen_init_cpio (from
# BUILD_DIR) writes the archive, so no root and no device nodes on the host.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
DEBARCH=${1:?usage: guest-rootfs.sh DEBARCH BUILD_DIR OUT.cpio}
BUILD=${2:?}
OUT=${3:?}
shift 3
EXTRA=("$@")
for e in "${EXTRA[@]}"; do
	case $e in
	/*=?*) [ -f "${e#*=}" ] || die "extra initramfs file ${e#*=} not found" ;;
	@?*) [ -f "${e#@}" ] || die "initramfs list ${e#@} not found" ;;
	*) die "extra initramfs file '$e': GUEST_PATH=HOST_FILE expected (absolute GUEST_PATH)" ;;
	esac
done
GUEST_PKGS=(busybox-static)

guest_apt_setup "$DEBARCH"
guest_download "${GUEST_PKGS[@]}"

ROOT=$RSHA_CACHE/rootfs-$DEBARCH
rm -rf "$ROOT"
mkdir -p "$ROOT"
for p in "${GUEST_PKGS[@]}"; do
	dpkg-deb -x "$(guest_deb "$p" | tail -n1)" "$ROOT"
done
[ -x "$ROOT/bin/busybox" ] || die "busybox-static for $DEBARCH has no /bin/busybox"

GEN=$BUILD/usr/gen_init_cpio
[ -x "$GEN" ] || die "$GEN missing: the kernel build (CONFIG_BLK_DEV_INITRD=y) makes it"
KREL=$(cat "$BUILD/include/config/kernel.release") || die "$BUILD has no kernel release: build the kernel first"
MODDIR=/lib/modules/$KREL/rsha
# kmod (depmod, modprobe) in every guest: scripts/guest/initramfs/autoload.sh.
"$RSHA_ROOT/scripts/guest/packages.sh" "$DEBARCH" "$OUT.kmod.list" kmod -- /bin/kmod
LIST=$OUT.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /tmp /lib /lib/modules /lib/modules/$KREL $MODDIR; do echo "dir $d 0755 0 0"; done
	echo "slink /lib/modules/rsha $KREL/rsha 0777 0 0"
	echo "file /bin/busybox $ROOT/bin/busybox 0755 0 0"
	echo "file /init $RSHA_ROOT/scripts/guest/initramfs/init 0755 0 0"
	echo "file /robustness.sh $RSHA_ROOT/scripts/guest/initramfs/robustness.sh 0644 0 0"
	# What /init, /robustness.sh, /users.sh and /autoload.sh share (they source it).
	echo "file /lib/rsha.sh $RSHA_ROOT/scripts/guest/initramfs/lib.sh 0644 0 0"
	# This project's modules (built in tree, or out of tree in
	# BUILD/rsha-modules), the in-tree architecture SHA drivers (ARM:
	# sha*-arm*.ko, sha*-ce.ko; x86 on 6.12: sha*-ssse3.ko) and the
	# generic ones (6.12: sha1_generic.ko; 7.3: crypto/sha1.ko, the sha1-lib
	# driver, with lib/crypto's modules under it), installed for depmod under /lib/modules/KERNELRELEASE/rsha
	# (/lib/modules/rsha points there), with the kernel's lists of built-in
	# modules, so that modprobe and the kernel's module requests work.
	# (Not the user's build of them, BUILD/rsha-readme-route: below; nor
	# BUILD/rsha-user-modules, where older checkouts built it.)
	find "$BUILD" \( -path "$BUILD/rsha-user-modules" -o -path "$BUILD/rsha-readme-route" \) -prune \
		-o -name '*.ko' \( -path '*/rust-arm-sha/*' -o -path "$BUILD/rsha-modules/*" \
		-o -name 'sha*-arm*.ko' -o -name 'sha*-ce.ko' -o -name 'sha*-ssse3.ko' -o -name 'sha*_generic.ko' -o -path "$BUILD/crypto/sha[0-9]*.ko" \
		-o -path "$BUILD/lib/crypto/*.ko" \) -print |
		sort | while read -r ko; do
			echo "file $MODDIR/$(basename "$ko") $ko 0644 0 0"
		done
	# A user's build of the same modules, README.md's own-kernel route
	# (scripts/build/readme-route.sh): what the route copies to the board,
	# the three modules from its staging root and the README's board-side
	# blocks, apart, where depmod does not look; autoload.sh runs the blocks
	# there.
	if compgen -G "$BUILD/rsha-readme-route/guest/*.ko" >/dev/null; then
		echo "dir /lib/user-modules 0755 0 0"
		for f in "$BUILD"/rsha-readme-route/guest/*; do
			echo "file /lib/user-modules/$(basename "$f") $f 0644 0 0"
		done
	fi
	for f in modules.builtin modules.builtin.modinfo; do
		[ ! -f "$BUILD/$f" ] || echo "file /lib/modules/$KREL/$f $BUILD/$f 0644 0 0"
	done
	# A distribution kernel (scripts/debian-kernel.sh --test): the
	# distribution's own modules that the tests use, with their
	# dependencies, where the distribution installs them.
	if [ -f "$BUILD/rsha-distro-modules.list" ]; then
		droot=$(cat "$BUILD/rsha-distro-modules.root")
		sed 's|/[^/]*$||' "$BUILD/rsha-distro-modules.list" | sort -u | awk -v k="/lib/modules/$KREL" '
			{ n = split($0, p, "/"); d = k
			  for (i = 1; i <= n; i++) { d = d "/" p[i]; if (!(d in seen)) { seen[d] = 1; print "dir " d " 0755 0 0" } } }'
		sed "s|.*|file /lib/modules/$KREL/& $droot/& 0644 0 0|" "$BUILD/rsha-distro-modules.list"
	fi
	echo "file /autoload.sh $RSHA_ROOT/scripts/guest/initramfs/autoload.sh 0644 0 0"
	cat "$OUT.kmod.list"
	# tcrypt gzipped, so that each insmod of it runs its tests once
	# (scripts/guest/initramfs/init says why).
	if [ -f "$BUILD/crypto/tcrypt.ko" ]; then
		gzip -9nc "$BUILD/crypto/tcrypt.ko" >"$OUT.tcrypt.ko.gz"
		echo "file $MODDIR/tcrypt.ko.gz $OUT.tcrypt.ko.gz 0644 0 0"
	fi
	dirs=" /dev /bin /proc /sys /tmp /lib /lib/modules /lib/modules/$KREL $MODDIR "
	for e in "${EXTRA[@]}"; do
		case $e in @*) cat "${e#@}"; continue ;; esac
		dst=${e%%=*} d=
		for part in $(dirname "$dst" | tr '/' ' '); do
			d=$d/$part
			case $dirs in *" $d "*) continue ;; esac
			dirs+="$d "
			echo "dir $d 0755 0 0"
		done
		echo "file $dst ${e#*=} 0644 0 0"
	done
} >"$LIST"
"$GEN" "$LIST" >"$OUT"
