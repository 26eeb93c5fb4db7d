#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The DKMS package's build step on Debian arm64, run on this host as an
# arm64 machine would run it: in a chroot of an arm64 Debian trixie tree
# whose programs (apt, dpkg, dkms, rustc, GCC, make) run under qemu-user
# (binfmt_misc). Nothing is booted: what this covers is the build, the
# install where depmod finds the modules, and the purge. The lifecycle of a
# booted system (kernel updates, udev loading ours) is
# scripts/guest/debian-lifecycle.sh, on amd64.
#
#   scripts/guest/debian-dkms-foreign.sh BUILD LABEL [DKMS_DEB]
#
# BUILD is the test layout of Debian's arm64 kernel (scripts/debian-kernel.sh
# --test: its release, and the suite and version of its linux-image
# package). DKMS_DEB is the DKMS package (rust-arm-sha-dkms_*_all.deb);
# without it, scripts/debian-kernel.sh --dkms makes one of this checkout,
# in a cache directory of its own (another lane may be making one too).
# Steps, each printed with its time:
#  1. The tree, cached under $RSHA_CACHE/debian-system/: mmdebstrap of
#     arm64 trixie with trixie-backports and linux-image-RELEASE, whose
#     initramfs is made as scripts/guest/debian-system.sh makes it
#     (MODULES=list). Each run works in a copy of it.
#  2. chroot, apt as a user types it (README.Debian of the package):
#     linux-headers-RELEASE and linux-source-X.Y of the kernel's version,
#     the package's Depends (rustc, bindgen, dkms, ...) and
#     gcc-arm-linux-gnueabihf (the kernel's 32-bit vDSO); no Recommends.
#  3. chroot: apt install ./DKMS_DEB: its postinst has dkms build ours
#     (PRE_BUILD rsha-dkms prepare, then the modules) and install them.
#     The times of the preparation and of the modules are printed, not
#     judged (emulated, and shared with whatever else runs).
#  4. Checks: dpkg -s of every package installed, dpkg --audit, dkms
#     status, the modules where depmod finds them with the kernel's
#     vermagic (modinfo -k).
#  5. chroot: apt purge of the DKMS package; nothing left (no dkms status
#     line, no file, no depmod entry). The checks of 4 are run again there,
#     and those of 5 before the purge, as negative controls: each must fail
#     in the other state.
# Prints PASS/FAIL lines; logs are $RSHA_CACHE/logs/LABEL-*.log. Exits
# non-zero, with the reason, when it cannot run (no arm64 binfmt, the tree
# cannot be made, no package). Needs root (mmdebstrap --mode=root, chroot).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
BUILD=${1:?usage: debian-dkms-foreign.sh BUILD LABEL [DKMS_DEB]}
LABEL=${2:?usage: debian-dkms-foreign.sh BUILD LABEL [DKMS_DEB]}
DKMS_DEB=${3:-}
need mmdebstrap mmdebstrap
need arch-test arch-test
need unshare util-linux
[ -f "$BUILD/include/config/kernel.release" ] && [ -f "$BUILD/rsha-debian-kernel" ] ||
	die "$BUILD: not the test layout of a Debian kernel (scripts/debian-kernel.sh --arch arm64 --test makes it)"
REL=$(cat "$BUILD/include/config/kernel.release")
read -r KSUITE PKGVER <"$BUILD/rsha-debian-kernel"
case $REL in *-arm64) ;; *) die "$BUILD: $REL is not one of Debian's arm64 kernels" ;; esac
XY=$(sed -n 's/^\([0-9]*\.[0-9]*\)[.+-].*/\1/p' <<<"$REL")
arch-test arm64 >/dev/null 2>&1 ||
	die "this host cannot run arm64 programs (arch-test arm64: $(arch-test arm64 2>&1 | tail -n1)): scripts/setup-host.sh registers qemu-user-static with binfmt_misc"
pass() { echo "PASS $LABEL: $*"; }
fail() { echo "FAIL $LABEL: $*"; }
RUN=$RSHA_CACHE/logs/$LABEL
mkdir -p "$RSHA_CACHE/logs"

if [ -z "$DKMS_DEB" ]; then
	rm -rf "$RUN.dkms" && mkdir -p "$RUN.dkms/cache"
	RSHA_CACHE=$RUN.dkms/cache "$RSHA_ROOT/scripts/debian-kernel.sh" --dkms --out "$RUN.dkms" >"$RUN-dkms-package.log" 2>&1 ||
		die "scripts/debian-kernel.sh --dkms made no package: $(tail -n 1 "$RUN-dkms-package.log")"
	DKMS_DEB=$(compgen -G "$RUN.dkms/rust-arm-sha-dkms_*_all.deb") ||
		die "scripts/debian-kernel.sh --dkms left no rust-arm-sha-dkms_*_all.deb in $RUN.dkms"
fi
DKMS_DEB=$(readlink -f "$DKMS_DEB")
[ -f "$DKMS_DEB" ] || die "$DKMS_DEB: no such DKMS package (the .deb of rust-arm-sha-dkms)"
DKMS_PKG=$(dpkg-deb -f "$DKMS_DEB" Package) || die "$DKMS_DEB: not a Debian package"
DKMS_VER=$(dpkg-deb -f "$DKMS_DEB" Version)
# The package's Depends, each by its first alternative's name.
DEPENDS=$(dpkg-deb -f "$DKMS_DEB" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*//; s/[[:space:]]//g' | grep .)
PREREQS="linux-headers-$REL linux-source-$XY gcc-arm-linux-gnueabihf $DEPENDS"

# --- 1. the tree ------------------------------------------------------------
SUITE=${KSUITE%-backports}
SOURCES=("deb $DEBIAN_MIRROR $SUITE main")
INCLUDE=kmod,initramfs-tools,ca-certificates,linux-image-$REL=$PKGVER
if [ "$KSUITE" != "$SUITE" ]; then
	SOURCES+=("deb $DEBIAN_MIRROR $KSUITE main")
	INCLUDE+=,linux-base/$KSUITE
fi
INITRAMFS_CONF=MODULES=list
key=$(printf '%s\n' "$SUITE" "${SOURCES[@]}" "$INCLUDE" "$INITRAMFS_CONF" | sha256sum | cut -c1-12)
TOP=$RSHA_CACHE/debian-system
BASE=$TOP/dkms-foreign-$REL-$key
ARCHIVES=$TOP/dkms-foreign-archives
mkdir -p "$TOP" "$ARCHIVES/partial"
if [ ! -f "$BASE.complete" ]; then
	step "mmdebstrap: Debian $SUITE for arm64 with $KSUITE and linux-image-$REL $PKGVER, under qemu-user (log: $BASE.log)"
	t0=$(date +%s)
	rm -rf --one-file-system "$BASE.tree" "$BASE.complete"
	# The initramfs with the modules of a virtual machine only, as
	# debian-system.sh makes it: MODULES=most takes half an hour under
	# qemu-user, and nothing here boots it.
	mmdebstrap --arch=arm64 --variant=minbase --mode=root \
		--aptopt='Acquire::Check-Valid-Until "false"' --include="$INCLUDE" \
		--essential-hook='mkdir -p "$1/etc/initramfs-tools/conf.d"' \
		--essential-hook="echo $INITRAMFS_CONF >\"\$1/etc/initramfs-tools/conf.d/rsha-modules.conf\"" \
		--customize-hook='echo rsha-dkms-arm64 >"$1/etc/hostname"' \
		"$SUITE" "$BASE.tree" "${SOURCES[@]}" >"$BASE.log" 2>&1 ||
		die "mmdebstrap of Debian $SUITE with $KSUITE (arm64, $DEBIAN_MIRROR) failed: $(grep -m2 -E '^E:|unmet|Unable' "$BASE.log" | tr '\n' ' ')(log: $BASE.log)"
	[ -d "$BASE.tree/lib/modules/$REL/kernel" ] || die "the tree has no /lib/modules/$REL/kernel (log: $BASE.log)"
	touch "$BASE.complete"
	step "the arm64 tree took $(($(date +%s) - t0)) s"
fi

rm -rf --one-file-system "$RUN.tree"
cp -a "$BASE.tree" "$RUN.tree"
# in_tree CMD...: CMD in a chroot of the run's tree, in a mount namespace of
# its own (its mounts go when CMD ends), with /proc, /sys, /dev, the host's
# resolv.conf for apt, and the downloaded packages kept across runs.
in_tree() {
	unshare --mount --fork bash -c '
		t=$1 archives=$2
		shift 2
		mount -t proc proc "$t/proc"
		mount --rbind /sys "$t/sys"
		mount --rbind /dev "$t/dev"
		mount -t tmpfs tmpfs "$t/run"
		mount -t tmpfs tmpfs "$t/tmp"
		mkdir -p "$t/var/cache/apt/archives"
		mount --bind "$archives" "$t/var/cache/apt/archives"
		rm -f "$t/etc/resolv.conf" && cp /etc/resolv.conf "$t/etc/resolv.conf"
		exec chroot "$t" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8 \
			DEBIAN_FRONTEND=noninteractive "$@"' in_tree "$RUN.tree" "$ARCHIVES" "$@"
}
# chroot_step NAME CMD...: CMD as one result, its time in the line; its
# output in RUN-NAME.log.
chroot_step() {
	local name=$1 t0 rc=0
	shift
	step "arm64 chroot under qemu-user: $name (log: $RUN-$name.log)"
	t0=$(date +%s)
	in_tree "$@" >"$RUN-$name.log" 2>&1 || rc=$?
	if [ $rc = 0 ]; then
		pass "arm64 chroot: $name ($(($(date +%s) - t0)) s)"
	else
		fail "arm64 chroot: $name: exit $rc: $(tail -n 3 "$RUN-$name.log" | tr '\n' ' ')(log: $RUN-$name.log)"
	fi
	return $rc
}

# --- checks -----------------------------------------------------------------
# Each prints one line of what it found and returns 0 when the state is as
# named. expect pass|fail NAME CHECK: a result line; "fail" is the negative
# control of CHECK, run where its state does not hold.
expect() {
	local want=$1 name=$2 out rc=0
	shift 2
	out=$("$@" 2>&1) || rc=$?
	out=${out//$'\n'/ }
	case $want/$rc in
	pass/0) pass "$name: $out" ;;
	pass/*) fail "$name: $out" ;;
	fail/0) fail "negative control: '$name' holds where it must not: $out" ;;
	fail/*) pass "negative control: '$name' fails where it must: $out" ;;
	esac
}
# packages_installed PKG...: dpkg -s says "install ok installed" of each.
packages_installed() {
	local p st bad=
	for p in "$@"; do
		st=$(in_tree dpkg-query -W -f='${Status}' "$p" 2>/dev/null) || st=unknown
		[ "$st" = "install ok installed" ] || bad+=" $p ($st)"
	done
	[ -z "$bad" ] || { echo "not installed:$bad"; return 1; }
	echo "install ok installed: $*"
}
dpkg_audit_clean() {
	local a
	a=$(in_tree dpkg --audit 2>&1)
	[ -z "$a" ] || { echo "dpkg --audit: $(head -n 3 <<<"$a")"; return 1; }
	echo "dpkg --audit reports no package half-installed, half-configured or awaiting triggers"
}
dkms_installed() {
	local st
	st=$(in_tree dkms status -m rust-arm-sha -k "$REL" 2>&1 | grep -F ", $REL, " || true)
	case $st in *": installed"*) echo "dkms status: $st" ;; *) echo "dkms status: ${st:-no line for $REL}"; return 1 ;; esac
}
# modules_found: depmod's index of REL resolves each module to dkms's
# install (updates/dkms), and its vermagic is that of the kernel's own
# modules (one of linux-image-REL's).
modules_found() {
	local want m f vm bad=0 said=
	want=$(in_tree sh -c "modinfo -F vermagic \"\$(find /lib/modules/$REL/kernel -name '*.ko*' | head -n 1)\"")
	for m in sha1 sha256 sha512; do
		f=$(in_tree modinfo -k "$REL" -F filename "$m-arm64-rs" 2>&1) || f="modinfo -k $REL finds no $m-arm64-rs"
		vm=$(in_tree modinfo -k "$REL" -F vermagic "$m-arm64-rs" 2>/dev/null) || vm=
		case $f in "/lib/modules/$REL/updates/dkms/"* | "/usr/lib/modules/$REL/updates/dkms/"*) ;; *) bad=1 ;; esac
		[ -n "$want" ] && [ "$vm" = "$want" ] || bad=1
		said+="$f (vermagic ${vm:-none}); "
	done
	echo "${said}the kernel's: ${want:-none}"
	return $bad
}
nothing_left() {
	local st left bad=0
	st=$(in_tree dpkg-query -W -f='${Status}' "$DKMS_PKG" 2>/dev/null) || st=
	[ -z "$st" ] || [ "$st" = "unknown ok not-installed" ] || { echo "dpkg: $DKMS_PKG $st;"; bad=1; }
	st=$(in_tree dkms status 2>&1 | grep rust-arm-sha || true)
	[ -z "$st" ] || { echo "dkms status: $st;"; bad=1; }
	left=$(in_tree find /usr/lib/modules /usr/src /var/lib /etc \( -path '*rust-arm-sha*' -o \
		-name 'sha*-arm64-rs.ko*' \) 2>/dev/null | head -n 5 || true)
	[ -z "$left" ] || { echo "files left: $left;"; bad=1; }
	left=$(in_tree sh -c "grep -lE 'sha[0-9]+[-_]arm64[-_]rs' /usr/lib/modules/$REL/modules.* | grep -v '\\.bin\$'" 2>/dev/null || true)
	[ -z "$left" ] || { echo "depmod entries in: $left;"; bad=1; }
	[ $bad = 1 ] || echo "no dpkg entry, no dkms status line, no file under /usr/lib/modules /usr/src /var/lib /etc, no depmod entry"
	return $bad
}

# --- 2. what the package needs, as a user installs it -----------------------
rc=0
in_tree apt-get update -q >"$RUN-apt-update.log" 2>&1 ||
	fail "arm64 chroot: apt-get update: $(tail -n 1 "$RUN-apt-update.log")"
chroot_step install-prerequisites apt-get install -y --no-install-recommends \
	"linux-headers-$REL=$PKGVER" "linux-source-$XY=$PKGVER" gcc-arm-linux-gnueabihf $DEPENDS || rc=1

# --- 3. the package: dkms builds ours ---------------------------------------
if [ $rc = 0 ]; then
	mkdir -p "$RUN.tree/root/rsha"
	cp "$DKMS_DEB" "$RUN.tree/root/rsha/"
	t0=$(date +%s)
	chroot_step install-dkms-package apt-get install -y --no-install-recommends "/root/rsha/${DKMS_DEB##*/}" || rc=1
	t1=$(date +%s)
	# The phases, from what they left: rsha-dkms's own count of the
	# preparation, and the modules from the prepared tree's stamp to the
	# newest make.log of dkms.
	prep=$(sed -n "s/^rust-arm-sha: prepared $REL in \([0-9]*\) s.*/\1/p" "$RUN-install-dkms-package.log")
	stamp=$(stat -c %Y "$RUN.tree/var/lib/rust-arm-sha/prepared/$REL/.rsha-prepared" 2>/dev/null) || stamp=
	made=$(find "$RUN.tree/var/lib/dkms/rust-arm-sha" -name make.log -printf '%T@\n' 2>/dev/null | sort -n | tail -n1)
	# A time, not a result: kept in the output, and on the terminal.
	echo "time, emulated (qemu-user, shared with whatever else runs): apt install of the package $((t1 - t0)) s;" \
		"prepare ${prep:-?} s; modules $([ -n "$stamp" ] && [ -n "$made" ] && echo $((${made%.*} - stamp)) || echo '?') s" |
		tee /dev/stderr
fi

# --- 4. installed -----------------------------------------------------------
expect pass "dpkg -s: every package installed" packages_installed $PREREQS "$DKMS_PKG"
expect pass "dpkg --audit clean after the install" dpkg_audit_clean
expect pass "dkms status: $DKMS_PKG $DKMS_VER installed for $REL" dkms_installed
expect pass "depmod finds the modules of dkms with $REL's vermagic" modules_found
expect fail "nothing of ours left" nothing_left

# --- 5. purged --------------------------------------------------------------
chroot_step purge-dkms-package apt-get purge -y "$DKMS_PKG" || true
expect pass "nothing of ours left after apt purge $DKMS_PKG" nothing_left
expect pass "dpkg --audit clean after the purge" dpkg_audit_clean
expect fail "dkms status: installed for $REL" dkms_installed
expect fail "depmod finds the modules of dkms" modules_found

rm -rf --one-file-system "$RUN.tree" "$RUN.dkms"
