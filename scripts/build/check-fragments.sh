#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-fragments.sh: on each kernel the suite builds (6.12, 7.3: scripts/lib.sh,
# BUILT_KERNELS; the ones with an in-tree build), merge each user
# fragment onto the defconfig it is for, run olddefconfig, and report
# PASS/FAIL per fragment: FAIL when a requested line did not survive (an unmet
# dependency). A fragment NAME-<version>.config, where there is one, replaces
# NAME.config on that kernel. Then the refusal tests of tests/kconfig/:
# configurations where Kconfig must keep Rust out, on 6.12 (big-endian,
# ARMv6): 7.3 allows Rust beside ARMv6, and the modules refuse to load on an
# ARMv6 CPU instead; it has no big-endian ARMv7 kernels at all. Configuration only, no build. The fragments name
# this project's Kconfig symbols, which exist in a tree only with the in-tree
# build (patches/<version>/ and scripts/build/intree.sh); a kernel whose
# modules are built out of tree needs CONFIG_RUST=y and no fragment.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
trap - ERR

# check FILE ARCH DEFCONFIG [MAKE_VAR=VALUE...]: merge FILE onto DEFCONFIG,
# olddefconfig, and compare.
# A FILE with a "# --- refused ---" line is a refusal test: what precedes the
# marker must survive and every line after it must be gone.
check() {
	local file=$1 arch=$2 defconfig=$3 name out
	shift 3
	name=$(basename "$file" .config)
	out=$RSHA_CACHE/fragments/$KVER-$name
	mkdir -p "$out"
	local make=(make -C "$KSRC" O="$out" ARCH="$arch" LLVM=1 RUSTC="$RSHA_RUSTC" BINDGEN="$RSHA_BINDGEN" "$@")
	step "fragment $name on $arch $defconfig ($KVER)"
	if ! { "${make[@]}" "$defconfig" >"$out/log" 2>&1 &&
		"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$file" >>"$out/log" 2>&1 &&
		"${make[@]}" olddefconfig >>"$out/log" 2>&1; }; then
		echo "FAIL fragment $name on $arch $defconfig ($KVER): configuration failed (log: $out/log)"
		return
	fi
	if ! grep -q '^# --- refused ---$' "$file"; then
		if lost_config_lines "$out/.config" "$file" 2>"$out/lost"; then
			echo "PASS fragment $name: every line survives on $arch $defconfig ($KVER)"
		else
			echo "FAIL fragment $name on $arch $defconfig ($KVER): $(tr '\n' ' ' <"$out/lost")"
		fi
		return
	fi
	sed '/^# --- refused ---$/,$d' "$file" >"$out/wanted"
	sed '1,/^# --- refused ---$/d' "$file" | grep '^CONFIG_' >"$out/refused"
	if ! lost_config_lines "$out/.config" "$out/wanted" 2>"$out/lost"; then
		echo "FAIL fragment $name on $arch $defconfig ($KVER): the premise did not hold: $(tr '\n' ' ' <"$out/lost")"
	elif kept=$(grep -xF -f "$out/refused" "$out/.config"); then
		echo "FAIL fragment $name on $arch $defconfig ($KVER): Kconfig accepted $(echo $kept)"
	else
		echo "PASS fragment $name ($KVER): Kconfig refuses $(echo $(cut -d= -f1 "$out/refused"))"
	fi
}

F=$RSHA_ROOT/defconfig-fragments
T=$RSHA_ROOT/tests/kconfig
# fragment NAME: the fragment file NAME of the current kernel.
fragment() {
	if [ -f "$F/$1-$KVER.config" ]; then echo "$F/$1-$KVER.config"; else echo "$F/$1.config"; fi
}
need arm-linux-gnueabihf-ld binutils-arm-linux-gnueabihf
for KVER in $BUILT_KERNELS; do
	use_kernel "$KVER"
	# The tree with the in-tree directive and directory (patches/<version>),
	# where this project's Kconfig symbols exist.
	KSRC=$("$RSHA_ROOT/scripts/build/tree.sh" arm "$KVER") || exit 1
	check "$(fragment omap2plus)" arm omap2plus_defconfig
	check "$(fragment multi_v7)" arm multi_v7_defconfig
	check "$(fragment arm64-defconfig)" arm64 defconfig
	# 6.12 only: 7.3 can configure neither a big-endian ARMv7 kernel
	# (CPU_BIG_ENDIAN depends on ARCH_MULTI_V5 || BROKEN) nor, in its own
	# words, one to refuse for ARMv6 (HAVE_RUST needs CPU_32v7 only).
	[ "$KVER" = 6.12 ] || continue
	# ld.lld cannot link big-endian ARM (CPU_BIG_ENDIAN depends on !LD_IS_LLD), so
	# this one is configured as for GNU ld, to reach the HAVE_RUST condition itself.
	check "$T/refuse-big-endian.config" arm multi_v7_defconfig LD=arm-linux-gnueabihf-ld
	check "$T/refuse-armv6.config" arm multi_v7_defconfig
done
