#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# enable-rust-arm.sh KSRC: let Rust build for little-endian ARMv7 in a 6.12 tree.
#
# 6.12 supports Rust on arm64 but not on 32-bit ARM. What it takes:
#  1. arch/arm/Kconfig: ARM selects HAVE_RUST for little-endian ARMv7-A kernels
#     only, the condition THUMB2_KERNEL uses too (CPU_V7 && !CPU_V6 && !CPU_V6K):
#     kernels that also support ARMv6 CPUs, ARMv7-M and big-endian kernels keep
#     Rust unavailable, so Kconfig refuses them instead of a broken build; this
#     project's cores and the Rust target were only validated on ARMv7-A;
#  2. arch/arm/Makefile: rustc uses its built-in armv7-unknown-linux-gnueabi target
#     (soft-float EABI, ARMv7 with Thumb-2 instructions; a Linux triple, so LLVM
#     calls memcpy/memset, which the kernel has, not the __aeabi_mem* helpers of
#     the bare-metal targets, which it lacks). Thumb-2 kernels add
#     -Ctarget-feature=+thumb-mode: the ARM module loader links no interworking
#     branch, and ARM-state Rust code tail-calling the Thumb memcpy is refused
#     ("unsupported interworking call (ARM -> Thumb)"). rustc calls thumb-mode an
#     unstable feature and says so once per crate; there is no built-in
#     soft-float Thumb-2 Linux target to avoid that warning.
#  3. rust/Makefile: bindgen parses headers for arm-linux-gnueabi;
#  4. rust/compiler_builtins.rs and rust/Makefile: the ARM EABI run-time helpers
#     for floating point and 64-bit division, which `core` references but the
#     kernel does not provide, are redirected to panicking stubs, like the f32/f64
#     and 128-bit helpers on the other architectures. A module that divides u64
#     values itself fails at modpost with an undefined __aeabi_uldivmod.
# Skipped when the tree already selects HAVE_RUST on ARM (newer kernels).
# Idempotent: every insertion carries the marker "rust-arm-sha". When this script
# changes, the four files are first restored from the Debian tarball.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
KSRC=${1:?usage: enable-rust-arm.sh KERNEL_SOURCE_DIR}

if grep -q 'select HAVE_RUST' "$KSRC/arch/arm/Kconfig" &&
	! grep -q 'rust-arm-sha' "$KSRC/arch/arm/Kconfig"; then
	echo "note: $KSRC already supports Rust on arm; enablement skipped" >&2
	exit 0
fi

FILES=(arch/arm/Kconfig arch/arm/Makefile rust/Makefile rust/compiler_builtins.rs)
stamp=$(sha256sum "$0" | cut -c1-16)
if [ -f "$KSRC/.rsha-extracted" ] && [ "$(cat "$KSRC/.rsha-arm-stamp" 2>/dev/null)" != "$stamp" ] &&
	grep -q 'rust-arm-sha' "$KSRC/arch/arm/Kconfig"; then
	step "restoring ${FILES[*]} from $TARBALL before applying the ARM Rust enablement again"
	top=linux-source-$KVER_PKG
	tar -xf "$TARBALL" -C "$KSRC" --strip-components=1 "${FILES[@]/#/$top/}"
fi

# insert_after FILE ANCHOR TEXT: put TEXT (may span lines) after the first line
# equal to ANCHOR, unless FILE already has the marker.
insert_after() {
	local file=$1 anchor=$2 text=$3
	grep -q 'rust-arm-sha' "$file" && return 0
	grep -qxF -- "$anchor" "$file" || die "$file: no line '$anchor' to anchor the ARM Rust enablement"
	ANCHOR=$anchor TEXT=$text awk '
		{ print } $0 == ENVIRON["ANCHOR"] && !done { print ENVIRON["TEXT"]; done = 1 }' \
		"$file" >"$file.rsha-tmp"
	mv "$file.rsha-tmp" "$file"
}

insert_after "$KSRC/arch/arm/Kconfig" $'\tselect HAVE_RSEQ' \
	$'\tselect HAVE_RUST if CPU_LITTLE_ENDIAN && CPU_V7 && !CPU_V6 && !CPU_V6K # rust-arm-sha'

insert_after "$KSRC/arch/arm/Makefile" \
	'KBUILD_AFLAGS	+=$(CFLAGS_ABI) $(AFLAGS_ISA) -Wa,$(arch-y) $(tune-y) -include $(srctree)/arch/arm/include/asm/unified.h -msoft-float' \
	'# rust-arm-sha: Rust for ARMv7-A, soft-float EABI, in the instruction set of
# the kernel (its module loader links no ARM <-> Thumb interworking calls).
KBUILD_RUSTFLAGS	+= --target=armv7-unknown-linux-gnueabi
ifeq ($(CONFIG_THUMB2_KERNEL),y)
KBUILD_RUSTFLAGS	+= -Ctarget-feature=+thumb-mode
endif'

# ARM EABI helpers that `core` may reference: float arithmetic, conversions and
# comparisons, and 64-bit division.
ARM_HELPERS='__aeabi_fadd __aeabi_fsub __aeabi_fmul __aeabi_fdiv __aeabi_fcmpeq __aeabi_fcmplt __aeabi_fcmple __aeabi_fcmpge __aeabi_fcmpgt __aeabi_fcmpun __aeabi_f2d __aeabi_f2iz __aeabi_f2uiz __aeabi_f2lz __aeabi_f2ulz __aeabi_i2f __aeabi_ui2f __aeabi_l2f __aeabi_ul2f __aeabi_dadd __aeabi_dsub __aeabi_dmul __aeabi_ddiv __aeabi_dcmpeq __aeabi_dcmplt __aeabi_dcmple __aeabi_dcmpge __aeabi_dcmpgt __aeabi_dcmpun __aeabi_d2f __aeabi_d2iz __aeabi_d2uiz __aeabi_d2lz __aeabi_d2ulz __aeabi_i2d __aeabi_ui2d __aeabi_l2d __aeabi_ul2d __aeabi_uldivmod __aeabi_ldivmod __mulodi4'
insert_after "$KSRC/rust/Makefile" $'BINDGEN_TARGET_arm64\t:= aarch64-linux-gnu' \
	$'BINDGEN_TARGET_arm\t:= arm-linux-gnueabi # rust-arm-sha'
# A second insertion into rust/Makefile: it has the marker now, so add it directly.
if ! grep -q 'rust-arm-sha: ARM EABI' "$KSRC/rust/Makefile"; then
	anchor=$'\t__udivmodti4 __udivti3 __umodti3'
	grep -qxF -- "$anchor" "$KSRC/rust/Makefile" || die "rust/Makefile: no redirect-intrinsics list"
	ANCHOR=$anchor TEXT="# rust-arm-sha: ARM EABI helpers, see rust/compiler_builtins.rs.
ifdef CONFIG_ARM
	redirect-intrinsics += $ARM_HELPERS
endif" awk '{ print } $0 == ENVIRON["ANCHOR"] && !done { print ENVIRON["TEXT"]; done = 1 }' \
		"$KSRC/rust/Makefile" >"$KSRC/rust/Makefile.rsha-tmp"
	mv "$KSRC/rust/Makefile.rsha-tmp" "$KSRC/rust/Makefile"
fi
if ! grep -q 'rust-arm-sha' "$KSRC/rust/compiler_builtins.rs"; then
	{
		echo
		echo '// rust-arm-sha: ARM EABI helpers for floating point and 64-bit division.'
		echo '// The kernel does not provide them; Rust code must not need them.'
		echo '#[cfg(target_arch = "arm")]'
		echo 'define_panicking_intrinsics!("floating point and `u64`/`i64` division should not be used on arm", {'
		for h in $ARM_HELPERS; do echo "    $h,"; done
		echo '});'
	} >>"$KSRC/rust/compiler_builtins.rs"
fi
echo "$stamp" >"$KSRC/.rsha-arm-stamp"
