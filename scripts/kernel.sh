#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh TARGET: build the test kernel TARGET (defconfig-fragments/TARGET.config
# on top of allnoconfig) with this project's drivers, in
# $RSHA_CACHE/build/TARGET. Prints the build directory on stdout.
#
# The Debian tarball is extracted once into $RSHA_CACHE/src (the tarball itself
# is never touched), the project overlay is applied, and make runs with
# O=build dir, so every rerun is incremental.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
TARGET=${1:?usage: kernel.sh TARGET (a defconfig-fragments/TARGET.config)}
FRAGMENT=$RSHA_ROOT/defconfig-fragments/$TARGET.config
[ -f "$FRAGMENT" ] || die "no fragment $FRAGMENT"
case $TARGET in
arm64*) ARCH=arm64; IMAGE=arch/arm64/boot/Image ;;
arm*) ARCH=arm; IMAGE=arch/arm/boot/zImage ;;
*) die "cannot tell the architecture of target '$TARGET'" ;;
esac

need clang clang-19
need ld.lld lld-19
need llvm-mca llvm-19
need "$RSHA_RUSTC" rustc-web
need "$RSHA_BINDGEN" "bindgen-cli (cargo install --locked bindgen-cli --version $BINDGEN_VERSION)"
need flex flex
need bison bison
need bc bc
TARBALL=/usr/src/linux-source-$KVER_PKG.tar.xz
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
"$RSHA_ROOT/scripts/overlay.sh" "$KSRC"

BUILD=$RSHA_CACHE/build/$TARGET
mkdir -p "$BUILD"
MAKE=(make -C "$KSRC" O="$BUILD" ARCH="$ARCH" LLVM=1 RUSTC="$RSHA_RUSTC"
      BINDGEN="$RSHA_BINDGEN" -j"$(nproc)")
LOG=$BUILD/rsha-build.log

# Configure when the fragment or our Kconfig changed.
stamp=$(cat "$FRAGMENT" "$RSHA_ROOT/Kconfig" | sha256sum | cut -c1-16)
if [ "$(cat "$BUILD/.rsha-config-stamp" 2>/dev/null)" != "$stamp" ] || [ ! -f "$BUILD/.config" ]; then
	step "configuring $TARGET: allnoconfig + $(basename "$FRAGMENT")"
	"${MAKE[@]}" rustavailable >"$LOG" 2>&1 || { cat "$LOG" >&2; die "the kernel says Rust is not available"; }
	"${MAKE[@]}" allnoconfig >>"$LOG" 2>&1
	"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$BUILD" "$BUILD/.config" "$FRAGMENT" >>"$LOG" 2>&1
	"${MAKE[@]}" olddefconfig >>"$LOG" 2>&1
	lost=0
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) grep -qxF "$line" "$BUILD/.config" || { echo "  lost: $line" >&2; lost=1; } ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}
			grep -q "^$sym=" "$BUILD/.config" && { echo "  lost: $line" >&2; lost=1; } ;;
		esac
	done <"$FRAGMENT"
	[ $lost = 0 ] || die "$TARGET: lines of $(basename "$FRAGMENT") did not survive olddefconfig (unmet dependencies)"
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
