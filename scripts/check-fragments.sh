#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-fragments.sh: merge each user fragment onto the defconfig it is for,
# run olddefconfig, and report PASS/FAIL per fragment: FAIL when a requested
# line did not survive (an unmet dependency). Configuration only, no build.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
trap - ERR
KSRC=$(ls -d "$RSHA_CACHE"/src/linux-*/ 2>/dev/null | head -n1)
[ -n "$KSRC" ] || die "no extracted kernel tree in $RSHA_CACHE/src: run scripts/kernel.sh first"
"$RSHA_ROOT/scripts/overlay.sh" "$KSRC"

# fragment  arch  defconfig
while read -r fragment arch defconfig; do
	out=$RSHA_CACHE/fragments/$fragment
	mkdir -p "$out"
	make=(make -C "$KSRC" O="$out" ARCH="$arch" LLVM=1 RUSTC="$RSHA_RUSTC" BINDGEN="$RSHA_BINDGEN")
	step "fragment $fragment on $arch $defconfig"
	if "${make[@]}" "$defconfig" >"$out/log" 2>&1 &&
		"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
			"$RSHA_ROOT/defconfig-fragments/$fragment.config" >>"$out/log" 2>&1 &&
		"${make[@]}" olddefconfig >>"$out/log" 2>&1; then
		if lost_config_lines "$out/.config" "$RSHA_ROOT/defconfig-fragments/$fragment.config" 2>"$out/lost"; then
			echo "PASS fragment $fragment: every line survives on $arch $defconfig"
		else
			echo "FAIL fragment $fragment on $arch $defconfig: $(tr '\n' ' ' <"$out/lost")"
		fi
	else
		echo "FAIL fragment $fragment on $arch $defconfig: configuration failed (log: $out/log)"
	fi
done <<'LIST'
omap2plus arm omap2plus_defconfig
multi_v7 arm multi_v7_defconfig
arm64-defconfig arm64 defconfig
LIST
