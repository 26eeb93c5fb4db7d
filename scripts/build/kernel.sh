#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh TARGET: build the test kernel TARGET (its defconfig-fragments, listed
# in scripts/targets.sh, on top of allnoconfig) and this project's modules, in
# $RSHA_CACHE/build/TARGET. Prints the build directory on stdout.
#
# The kernel tree comes from scripts/build/tree.sh: the arm64 kernels and every
# 7.3 kernel build from the Debian tree exactly as extracted, and the modules
# out of tree against the build (in BUILD/rsha-modules, a copy of this
# checkout); the 6.12 ARMv7 kernels from the tree with patches/6.12 applied,
# the modules in tree.
# make runs with O=build dir, so every rerun is incremental.
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
need "$RSHA_BINDGEN" "bindgen-cli $BINDGEN_VERSION (scripts/setup-host.sh installs it)"
need flex flex
need bison bison
need bc bc
KSRC=$("$RSHA_ROOT/scripts/build/tree.sh" "$TREE" "$KVER")

BUILD=$RSHA_CACHE/build/$TARGET
mkdir -p "$BUILD"
MAKE=(make -C "$KSRC" O="$BUILD" ARCH="$ARCH" LLVM=1 RUSTC="$RSHA_RUSTC"
      BINDGEN="$RSHA_BINDGEN" -j"$(nproc)")
LOG=$BUILD/rsha-build.log

# Configure when the fragment or our Kconfig changed.
stamp=$( (cat "${FRAGMENT_FILES[@]}"; [ "$MODULES_BUILD" = oot ] || cat "$RSHA_ROOT/Kconfig"; echo "$KSRC") |
	sha256sum | cut -c1-16)
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

step "building $TARGET kernel and modules: Debian linux-source-$KVER_PKG $(kernel_source_version) ($KSUITE) (log: $LOG)"
if ! "${MAKE[@]}" "$(basename "$IMAGE")" modules >"$LOG" 2>&1; then
	echo "---- kernel build failed; errors:" >&2
	grep -E -A4 '(error|Error)(\[E[0-9]+\])?:|^ *--> |\*\*\*' "$LOG" | head -n 60 >&2 || true
	echo "---- last lines of $LOG:" >&2
	tail -n 15 "$LOG" >&2
	die "kernel build failed for $TARGET"
fi
[ -f "$BUILD/$IMAGE" ] || die "no $IMAGE after the build"

if [ "$MODULES_BUILD" = oot ]; then
	# A copy of this checkout's sources, so that the checkout stays clean.
	OOT=$BUILD/rsha-modules
	# With the unit drivers, which the suite and the benchmarks name.
	step "building this project's modules out of tree (make -C $OOT KDIR=$BUILD RSHA_TEST=$RSHA_TEST RSHA_UNIT_DRIVERS=1)"
	mkdir -p "$OOT"
	sync_sources "$OOT" Kbuild Makefile rust/rsha rust/drivers rust/testing asm
	if ! make -C "$OOT" -j"$(nproc)" KDIR="$BUILD" ARCH="$ARCH" RSHA_TEST="$RSHA_TEST" RSHA_UNIT_DRIVERS=1 \
		RUSTC="$RSHA_RUSTC" BINDGEN="$RSHA_BINDGEN" >"$BUILD/rsha-modules.log" 2>&1; then
		echo "---- module build failed; errors:" >&2
		grep -E -A4 '(error|Error)(\[E[0-9]+\])?:|^ *--> |\*\*\*' "$BUILD/rsha-modules.log" | head -n 60 >&2 || true
		tail -n 15 "$BUILD/rsha-modules.log" >&2
		die "out-of-tree module build failed for $TARGET (log: $BUILD/rsha-modules.log)"
	fi
	# A user's build of the same modules, for the first boot's checks, is
	# README.md's own-kernel route as written: scripts/build/readme-route.sh,
	# which scripts/test.sh runs after this build.
fi
echo "$BUILD"
