#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh TARGET: build the test kernel TARGET (its defconfig-fragments, listed
# in scripts/targets.sh, on top of allnoconfig) with this project's drivers, in
# $RSHA_CACHE/build/TARGET. Prints the build directory on stdout.
#
# The Debian tarball is extracted once into $RSHA_CACHE/src (the tarball itself
# is never touched), the project overlay is applied, and make runs with
# O=build dir, so every rerun is incremental.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
TARGET=${1:?usage: kernel.sh TARGET (see scripts/targets.sh)}
target_info "$TARGET"
FRAGMENT_FILES=()
for f in $FRAGMENTS; do
	FRAGMENT_FILES+=("$RSHA_ROOT/defconfig-fragments/$f")
	[ -f "${FRAGMENT_FILES[-1]}" ] || die "no fragment ${FRAGMENT_FILES[-1]}"
done

need clang clang-19
need ld.lld lld-19
need llvm-mca llvm-19
need "$RSHA_RUSTC" rustc-web
need "$RSHA_BINDGEN" "bindgen-cli (cargo install --locked bindgen-cli --version $BINDGEN_VERSION)"
need flex flex
need bison bison
need bc bc
[ -f "$TARBALL" ] || die "$TARBALL missing: install the Debian package linux-source-$KVER_PKG"
PKGVER=$(dpkg-query -W -f='${Version}' "linux-source-$KVER_PKG" 2>/dev/null) ||
	die "linux-source-$KVER_PKG is not installed"

# Extract (once per package version) into the cache.
KSRC=$RSHA_CACHE/src/linux-${PKGVER//\~/_}
if [ ! -f "$KSRC/.rsha-extracted" ]; then
	step "extracting $TARBALL ($PKGVER) into $KSRC"
	rm -rf "$KSRC" "$KSRC.tmp"
	mkdir -p "$KSRC.tmp"
	tar -xf "$TARBALL" -C "$KSRC.tmp" --strip-components=1
	touch "$KSRC.tmp/.rsha-extracted"
	mv "$KSRC.tmp" "$KSRC"
fi
"$RSHA_ROOT/scripts/build/overlay.sh" "$KSRC"

BUILD=$RSHA_CACHE/build/$TARGET
mkdir -p "$BUILD"
MAKE=(make -C "$KSRC" O="$BUILD" ARCH="$ARCH" LLVM=1 RUSTC="$RSHA_RUSTC"
      BINDGEN="$RSHA_BINDGEN" -j"$(nproc)")
LOG=$BUILD/rsha-build.log

# Configure when the fragment or our Kconfig changed.
stamp=$(cat "${FRAGMENT_FILES[@]}" "$RSHA_ROOT/Kconfig" | sha256sum | cut -c1-16)
if [ "$(cat "$BUILD/.rsha-config-stamp" 2>/dev/null)" != "$stamp" ] || [ ! -f "$BUILD/.config" ]; then
	step "configuring $TARGET: allnoconfig + $FRAGMENTS"
	"${MAKE[@]}" rustavailable >"$LOG" 2>&1 || { cat "$LOG" >&2; die "the kernel says Rust is not available"; }
	"${MAKE[@]}" allnoconfig >>"$LOG" 2>&1
	"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$BUILD" "$BUILD/.config" "${FRAGMENT_FILES[@]}" >>"$LOG" 2>&1
	"${MAKE[@]}" olddefconfig >>"$LOG" 2>&1
	lost_config_lines "$BUILD/.config" "${FRAGMENT_FILES[@]}" ||
		die "$TARGET: lines of $FRAGMENTS did not survive olddefconfig (unmet dependencies)"
	echo "$stamp" >"$BUILD/.rsha-config-stamp"
fi

step "building $TARGET kernel and modules (log: $LOG)"
if ! "${MAKE[@]}" "$(basename "$IMAGE")" modules >"$LOG" 2>&1; then
	echo "---- kernel build failed; errors:" >&2
	grep -E -A4 '(error|Error)(\[E[0-9]+\])?:|^ *--> |\*\*\*' "$LOG" | head -n 60 >&2 || true
	echo "---- last lines of $LOG:" >&2
	tail -n 15 "$LOG" >&2
	die "kernel build failed for $TARGET"
fi
[ -f "$BUILD/$IMAGE" ] || die "no $IMAGE after the build"
echo "$BUILD"
