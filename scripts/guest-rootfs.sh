#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-rootfs.sh DEBARCH BUILD_DIR OUT.cpio: make the guest initramfs.
#
# Userland is Debian's busybox-static for DEBARCH (arm64 or armhf), fetched with
# apt into a private state directory: the host's package lists, dpkg status and
# architecture list are never touched. The kernel's own gen_init_cpio (from
# BUILD_DIR) writes the archive, so no root and no device nodes on the host.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
DEBARCH=${1:?usage: guest-rootfs.sh DEBARCH BUILD_DIR OUT.cpio}
BUILD=${2:?}
OUT=${3:?}
GUEST_PKGS=(busybox-static)

APTDIR=$RSHA_CACHE/apt-$DEBARCH
DEBS=$APTDIR/debs
mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" "$DEBS"
APT=(apt-get -q -o "APT::Architecture=$DEBARCH" -o "APT::Architectures=$DEBARCH"
     -o "Dir::State::Lists=$APTDIR/lists" -o "Dir::Cache=$APTDIR/cache"
     -o "Dir::State::status=$APTDIR/status" -o Debug::NoLocking=1)
touch "$APTDIR/status"
for p in "${GUEST_PKGS[@]}"; do
	ls "$DEBS/${p}_"*"_$DEBARCH.deb" >/dev/null 2>&1 && continue
	if [ ! -f "$APTDIR/lists/.updated" ]; then
		step "apt-get update for $DEBARCH (private lists in $APTDIR)"
		# Sources that have no $DEBARCH index only warn; the package check below
		# is what counts.
		"${APT[@]}" update >"$APTDIR/update.log" 2>&1 || true
		touch "$APTDIR/lists/.updated"
	fi
	step "downloading $p:$DEBARCH"
	(cd "$DEBS" && "${APT[@]}" download "$p:$DEBARCH" >/dev/null 2>"$APTDIR/download.err") || {
		rm -f "$APTDIR/lists/.updated"
		cat "$APTDIR/download.err" "$APTDIR/update.log" >&2
		die "could not download Debian package $p for $DEBARCH"
	}
done

ROOT=$RSHA_CACHE/rootfs-$DEBARCH
rm -rf "$ROOT"
mkdir -p "$ROOT"
for p in "${GUEST_PKGS[@]}"; do
	dpkg-deb -x "$(ls "$DEBS/${p}_"*"_$DEBARCH.deb" | tail -n1)" "$ROOT"
done
[ -x "$ROOT/bin/busybox" ] || die "busybox-static for $DEBARCH has no /bin/busybox"

GEN=$BUILD/usr/gen_init_cpio
[ -x "$GEN" ] || die "$GEN missing: the kernel build (CONFIG_BLK_DEV_INITRD=y) makes it"
LIST=$OUT.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /bin /proc /sys /tmp /lib /lib/modules /lib/modules/rsha; do echo "dir $d 0755 0 0"; done
	echo "file /bin/busybox $ROOT/bin/busybox 0755 0 0"
	echo "file /init $RSHA_ROOT/scripts/guest/init 0755 0 0"
	find "$BUILD" -name '*.ko' \( -path '*/rust-arm-sha/*' -o -name tcrypt.ko -o -name 'sha*-arm*.ko' \) |
		sort | while read -r ko; do
			echo "file /lib/modules/rsha/$(basename "$ko") $ko 0644 0 0"
		done
} >"$LIST"
"$GEN" "$LIST" >"$OUT"
