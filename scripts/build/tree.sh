#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tree.sh NAME [KVER]: print the path of kernel tree NAME of kernel KVER (6.12,
# the default, or 7.3: scripts/lib.sh, use_kernel), extracting it from the
# Debian linux-source tarball first when it is not there yet (downloading the
# package first when it comes from another Debian suite than the host's).
#   pristine  the tree exactly as extracted (the arm64 kernels and every 7.3
#             kernel; the modules build out of tree against it);
#   arm       the same plus patches/<version>/ and crypto/rust-arm-sha/
#             (scripts/build/intree.sh), for in-tree builds: on 6.12 the
#             ARMv7 kernels (patches/6.12: Rust on ARMv7 and the in-tree
#             directive) and the fragment checks; on 7.3 the fragment checks
#             only (patches/7.3: the in-tree directive; Rust on ARMv7 is
#             upstream).
# tree.sh --check NAME [KVER]: verify that tree NAME still matches the manifest taken
# right after its extraction (every file's SHA-256, every symlink and
# directory), so that a build shown to leave it unchanged really did; prints
# what differs and fails when anything does.
#
# Trees live in $RSHA_CACHE/src/linux-<package version>-NAME; stamps and the
# manifest next to them, never inside.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

check=0
[ "${1:-}" = --check ] && { check=1; shift; }
NAME=${1:?usage: tree.sh [--check] pristine|arm [KVER]}
use_kernel "${2:-6.12}"
case $NAME in pristine | arm) ;; *) die "unknown kernel tree '$NAME' (pristine or arm)" ;; esac
[ "$NAME" = pristine ] || [ -d "$RSHA_ROOT/patches/$KVER_PKG" ] ||
	die "no '$NAME' tree for $KVER_PKG: no patches/$KVER_PKG"
[ $check = 1 ] || kernel_source_fetch
[ -f "$TARBALL" ] || die "$TARBALL missing: install the Debian package linux-source-$KVER_PKG ($KSUITE)"
PKGVER=$(kernel_source_version) || die "linux-source-$KVER_PKG ($KSUITE) is not installed"
KSRC=$(kernel_tree "$NAME")
mkdir -p "$RSHA_CACHE/src"
# One extraction or patching at a time (the fragment checks and a kernel build
# may ask for the same tree at once).
exec {lock}>"$KSRC.lock"
flock "$lock"
PATCHES=("$RSHA_ROOT"/patches/$KVER_PKG/*.patch)

# manifest DIR: one line per file (SHA-256), symlink (target) and directory.
manifest() {
	(cd "$1" && {
		find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
		find . -type l -printf 'link %p -> %l\n' | LC_ALL=C sort
		find . -type d -printf 'dir %p\n' | LC_ALL=C sort
	})
}

if [ $check = 1 ]; then
	[ -f "$KSRC.manifest" ] || die "$KSRC has no manifest: extract it with scripts/build/tree.sh $NAME"
	manifest "$KSRC" >"$KSRC.manifest.now"
	if ! diff -u "$KSRC.manifest" "$KSRC.manifest.now" >"$KSRC.manifest.diff"; then
		echo "$KSRC differs from its extraction:" >&2
		grep '^[-+][^-+]' "$KSRC.manifest.diff" | head -n 20 >&2
		exit 1
	fi
	echo "$(grep -c . "$KSRC.manifest") entries"
	exit 0
fi

if [ ! -f "$KSRC.extracted" ]; then
	step "extracting $TARBALL ($PKGVER) into $KSRC"
	rm -rf "$KSRC" "$KSRC.tmp" "$KSRC".*
	mkdir -p "$KSRC.tmp"
	tar -xf "$TARBALL" -C "$KSRC.tmp" --strip-components=1
	mv "$KSRC.tmp" "$KSRC"
	if [ "$NAME" = pristine ]; then
		step "manifest of $KSRC (to check later that builds leave it unchanged)"
		manifest "$KSRC" >"$KSRC.manifest"
	fi
	touch "$KSRC.extracted"
fi

if [ "$NAME" = arm ]; then
	# The patches, applied once; when they change, the files they touch are
	# restored from the tarball and the new ones applied.
	stamp=$(cat "${PATCHES[@]}" | sha256sum | cut -c1-16)
	if [ "$(cat "$KSRC.patched" 2>/dev/null)" != "$stamp" ]; then
		if [ -f "$KSRC.patched" ]; then
			mapfile -t touched < <(cat "$KSRC.patched-files")
			step "restoring ${touched[*]} before applying changed patches"
			tar -xf "$TARBALL" -C "$KSRC" --strip-components=1 "${touched[@]/#/linux-source-$KVER_PKG/}"
		fi
		for p in "${PATCHES[@]}"; do
			step "applying ${p#"$RSHA_ROOT"/} to $KSRC"
			(cd "$KSRC" && git apply "$p") || die "${p#"$RSHA_ROOT"/} does not apply to $KSRC"
		done
		sed -n 's|^+++ b/||p' "${PATCHES[@]}" | sort -u >"$KSRC.patched-files"
		echo "$stamp" >"$KSRC.patched"
	fi
	"$RSHA_ROOT/scripts/build/intree.sh" "$KSRC"
fi
echo "$KSRC"
