#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-packages.sh DEBARCH OUT.list PACKAGE... -- PROGRAM...: put Debian
# programs into the guest initramfs.
#
# Downloads PACKAGEs and their dependency closure for DEBARCH (arm64, armhf, amd64)
# with apt into a private state directory (the host's dpkg configuration and
# package lists are never touched), unpacks them into a staging root, and writes
# gen_init_cpio lines to OUT.list for each PROGRAM (a path in that root, e.g.
# /usr/sbin/cryptsetup), the dynamic loader and the shared libraries they need,
# found by following ELF DT_NEEDED entries. Nothing else of the packages goes
# into the guest.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
DEBARCH=${1:?usage: guest-packages.sh DEBARCH OUT.list PACKAGE... -- PROGRAM...}
OUT=${2:?}
shift 2
PKGS=() PROGS=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do PKGS+=("$1"); shift; done
[ $# -gt 0 ] && shift
PROGS=("$@")
need llvm-readelf llvm-19
case $DEBARCH in
arm64) TRIPLET=aarch64-linux-gnu ;;
armhf) TRIPLET=arm-linux-gnueabihf ;;
amd64) TRIPLET=x86_64-linux-gnu ;;
*) die "unknown Debian architecture $DEBARCH" ;;
esac

guest_apt_setup "$DEBARCH"
closure=$("${APT_CACHE[@]}" depends --recurse --no-recommends --no-suggests \
	--no-conflicts --no-breaks --no-replaces --no-enhances "${PKGS[@]}" 2>/dev/null |
	grep -v '^ ' | grep -v '^<' | sort -u) || true
[ -n "$closure" ] || die "apt knows none of ${PKGS[*]} for $DEBARCH (see $APTDIR/update.log)"
guest_download $closure

# One staging root per package closure: the lists this script wrote for other
# closures (the users' programs, kmod) keep pointing at files that exist.
stamp=$(echo "$closure" | sha256sum | cut -c1-16)
STAGE=$RSHA_CACHE/stage-$DEBARCH/$stamp
if [ ! -f "$STAGE/.rsha-unpacked" ]; then
	step "unpacking $(echo "$closure" | wc -w) packages into $STAGE"
	rm -rf "$STAGE" && mkdir -p "$STAGE"
	for p in $closure; do
		dpkg-deb -x "$(guest_deb "$p" | tail -n1)" "$STAGE"
	done
	touch "$STAGE/.rsha-unpacked"
fi

# Resolve a library name in the staging root (usrmerge-agnostic).
find_lib() {
	local d
	for d in lib/$TRIPLET usr/lib/$TRIPLET lib usr/lib; do
		[ -e "$STAGE/$d/$1" ] && { echo "/$d/$1"; return 0; }
	done
	return 1
}
declare -A seen=()
queue=()
for p in "${PROGS[@]}"; do
	[ -f "$STAGE$p" ] || die "$p is not in packages ${PKGS[*]} ($DEBARCH)"
	queue+=("$p")
done
interp=
while [ ${#queue[@]} -gt 0 ]; do
	f=${queue[0]}; queue=("${queue[@]:1}")
	[ -n "${seen[$f]:-}" ] && continue
	seen[$f]=1
	real=$(realpath "$STAGE$f")
	[ -n "$interp" ] || interp=$(llvm-readelf -l "$real" 2>/dev/null |
		sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p')
	for lib in $(llvm-readelf -d "$real" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		path=$(find_lib "$lib") || die "$f needs $lib, which no unpacked package has"
		queue+=("$path")
	done
done
[ -n "$interp" ] || die "no program interpreter found in ${PROGS[*]}"
{
	# The loader's ABI directory too (amd64: /lib64).
	for d in /bin /sbin /lib /usr /usr/lib /usr/bin /usr/sbin /lib/$TRIPLET /usr/lib/$TRIPLET "$(dirname "$interp")"; do
		echo "dir $d 0755 0 0"
	done
	for f in "${!seen[@]}" "$(find_lib "$(basename "$interp")" || echo "$interp")"; do
		echo "file $f $(realpath "$STAGE$f") 0755 0 0"
	done | sort -u
	# The loader is asked for by its ABI path (e.g. /lib/ld-linux-aarch64.so.1,
	# /lib64/ld-linux-x86-64.so.2).
	echo "slink $interp $(find_lib "$(basename "$interp")" || echo "$interp") 0777 0 0"
} | awk '!seen[$2]++' >"$OUT"
