#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# footprint.sh: code size and stack use, ours next to the in-tree 6.12
# drivers, as Markdown tables on stdout (notes on stderr).
#
# 1. Module sizes: llvm-size -A of every module that the test kernels built
#    (ours: rsha-modules/ or crypto/rust-arm-sha/sha*-rs.ko; in-tree: arch/*/crypto/sha*.ko) for
#    arm64-bench, arm-bench and arm-thumb2-bench, where built (scripts/build/kernel.sh).
#    .text is the module's code (plus, for the in-tree perlasm cores, their
#    round-constant tables, which perlasm puts in .text; ours keep K in
#    .rodata); "init+exit" is .init.text + .exit.text.
# 2. Stack use of each assembly core, measured: the core runs under qemu-user
#    (qemu-aarch64-static / qemu-arm-static -cpu cortex-a15) on a private stack
#    filled with a canary, over 3 blocks; its stack use is the distance from the
#    caller's sp to the deepest byte it changed (two canary values, the larger
#    result kept). Stack reserved but never written (alignment padding) is not
#    counted. Ours: asm/<arch>/*.S, built like tests/cores/run.sh builds them,
#    next to the "Stack:" figure of each file's header comment. In-tree: the
#    6.12 cores as scripts/performance/mca-table.sh generates them into $RSHA_CACHE/mca/refs/
#    (run it first; this script runs it when they are missing), assembled with
#    the same flags. 32-bit cores are measured as ARM and as Thumb-2 builds.
#
# Requires: llvm-19 (llvm-size), clang-19, lld-19, qemu-user-static.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
need "$LLVM_BIN/llvm-size" llvm-19
need "$LLVM_BIN/clang" clang-19
need "$LLVM_BIN/ld.lld" lld-19
need qemu-aarch64-static qemu-user-static
need qemu-arm-static qemu-user-static
CLANG=$LLVM_BIN/clang
out=$RSHA_CACHE/footprint
rm -rf "$out" && mkdir -p "$out"

# ------------------------------------------------------------ module sizes
# secsize KO SECTION...: sum of the sizes of those sections (0 when absent).
secsize() {
	local ko=$1
	shift
	"$LLVM_BIN/llvm-size" -A "$ko" | awk -v want=" $* " \
		'index(want, " " $1 " ") { s += $2 } END { print s + 0 }'
}
echo "### Module sizes (bytes)"
echo
echo "| target | module | kind | .text | init+exit | .rodata | .data |"
echo "| --- | --- | --- | ---: | ---: | ---: | ---: |"
for target in arm64-bench arm-bench arm-thumb2-bench; do
	b=$RSHA_CACHE/build/$target
	# Ours: out of tree (arm64) or in tree (ARMv7), scripts/build/kernel.sh.
	ours=$b/rsha-modules
	[ -d "$ours" ] || ours=$b/crypto/rust-arm-sha
	[ -d "$ours" ] || { echo "note: $target not built, skipped" >&2; continue; }
	arch=arm64
	[ "$target" = arm64-bench ] || arch=arm
	for alg in sha1 sha256 sha512; do
		for ko in $(ls "$b/arch/$arch/crypto/$alg"-*.ko 2>/dev/null) \
			"$ours/$alg-$arch-rs.ko"; do
			[ -f "$ko" ] || continue
			m=$(basename "$ko" .ko)
			case $m in *-rs) kind=ours ;; *) kind=in-tree ;; esac
			echo "| $target | \`$m\` | $kind | $(secsize "$ko" .text) |" \
				"$(secsize "$ko" .init.text .exit.text) | $(secsize "$ko" .rodata) |" \
				"$(secsize "$ko" .data) |"
		done
	done
done
echo

# ------------------------------------------------------------- stack use
refs=$RSHA_CACHE/mca/refs
if [ ! -f "$refs/arm-sha512-core.S" ] || [ ! -f "$refs/a64-sha512-core.S" ]; then
	step "footprint: in-tree cores missing in $refs, running scripts/performance/mca-table.sh"
	"$RSHA_ROOT/scripts/performance/mca-table.sh" >/dev/null
fi
# The stand-ins of <linux/linkage.h> and <asm/assembler.h> for the in-tree
# cores (include/), the same as mca-table.sh uses, and the stack probe:
# footprint/probe.c runs FUNC(state, data, 3) on a canary-filled stack and
# prints its depth, through call_on_stack(fn, state, data, n, sp)
# (footprint/call-a64.S, footprint/call-arm.S), which calls fn(state, data, n)
# with sp set.
perf=$RSHA_ROOT/scripts/performance
stub_inc=$perf/include

isa_flags() {
	case $1 in
	a64) echo "--target=aarch64-linux-gnu" ;;
	arm) echo "--target=armv7a-linux-gnueabihf -mcpu=cortex-a15 -mfpu=neon -mfloat-abi=hard -marm" ;;
	thumb2) echo "--target=armv7a-linux-gnueabihf -mcpu=cortex-a15 -mfpu=neon -mfloat-abi=hard -mthumb -Wa,-mthumb -Wa,-mimplicit-it=always" ;;
	esac
}
# measure NAME ISA OBJ FUNC: print the stack bytes FUNC uses, or "?".
measure() {
	local name=$1 isa=$2 obj=$3 func=$4 b=$out/$1 qemu call
	if [ "$isa" = a64 ]; then qemu=(qemu-aarch64-static) call=$perf/footprint/call-a64.S
	else qemu=(qemu-arm-static -cpu cortex-a15) call=$perf/footprint/call-arm.S; fi
	# shellcheck disable=SC2046
	if "$CLANG" --target=$([ "$isa" = a64 ] && echo aarch64-linux-gnu || echo armv7a-linux-gnueabihf) \
		$([ "$isa" = a64 ] && echo -mgeneral-regs-only || echo "-marm -mfloat-abi=soft") \
		-O2 -ffreestanding -fno-builtin -nostdlib -fno-stack-protector -DFUNC="$func" \
		-c "$perf/footprint/probe.c" -o "$b.probe.o" 2>"$b.err" &&
		"$CLANG" $(isa_flags "$isa") -c "$call" -o "$b.call.o" 2>>"$b.err" &&
		"$LLVM_BIN/ld.lld" -static -e _start "$b.probe.o" "$b.call.o" "$obj" -o "$b.elf" 2>>"$b.err" &&
		"${qemu[@]}" "$b.elf" >"$b.out" 2>>"$b.err"; then
		cat "$b.out"
	else
		echo "note: $name ($isa): could not measure, see $b.err" >&2
		echo "?"
	fi
}
ours_obj() {	# ours_obj ARCH SRC ISA -> object path
	local o=$out/ours-$1-$(basename "$2" .S).$3.o
	# shellcheck disable=SC2046
	"$CLANG" $(isa_flags "$3") -I "$RSHA_ROOT/tests/cores/include" \
		$([ "$3" = a64 ] || echo "-include asm/unified.h") -c "$RSHA_ROOT/$2" -o "$o"
	echo "$o"
}
ref_obj() {	# ref_obj FILE ISA -> object path (flags as in mca-table.sh)
	local o=$out/ref-${1%.S}.$2.o fl=(-D__KERNEL__ -D__ASSEMBLY__)
	[ "$2" = a64 ] || fl+=(-D__LINUX_ARM_ARCH__=7 -I "$stub_inc" -I "$RSHA_ROOT/tests/cores/include" -include asm/unified.h -march=armv7-a)
	[ "$2" = thumb2 ] && fl+=(-U__thumb2__ -D__thumb2__=1)
	[ -f "$o" ] || {
		# shellcheck disable=SC2046
		"$CLANG" $(isa_flags "$2") "${fl[@]}" -c "$refs/$1" -o "$o"
	}
	echo "$o"
}
declared() {	# declared SRC: the "Stack:" figure of the header comment
	sed -n 's/^ \* Stack: \([0-9][0-9]*\) bytes.*/\1/p; s/^ \* Stack: none.*/0/p' "$RSHA_ROOT/$1" | head -n1
}

step "footprint: measuring the stack use of every core under qemu-user"
echo "### Stack use of the assembly cores (bytes)"
echo
echo "| arch | alg | unit | ours: header | ours: measured | in-tree core | in-tree: measured |"
echo "| --- | --- | --- | ---: | ---: | --- | ---: |"
while read -r a g unit sym src _; do
	case $a in '' | '#'*) continue ;; esac
	if [ "$a" = arm64 ]; then isas=(a64); else isas=(arm thumb2); fi
	ours=() refm=()
	ref=$(intree_core "$a" "$g" "$unit")
	for isa in "${isas[@]}"; do
		ours+=("$(measure "ours-$a-$g-$unit-$isa" "$isa" "$(ours_obj "$a" "$src" "$isa")" "$sym")")
		[ -n "$ref" ] && refm+=("$(measure "ref-$a-$g-$unit-$isa" "$isa" "$(ref_obj "${ref%% *}" "$isa")" "${ref#* }")")
	done
	j() { local IFS=/; echo "$*"; }
	echo "| $a | $g | $unit | $(declared "$src") | $(j "${ours[@]}") |" \
		"$([ -n "$ref" ] && echo "\`${ref#* }\`" || echo "none") | $([ -n "$ref" ] && j "${refm[@]}" || echo -) |"
done <"$RSHA_ROOT/tests/cores/cores.tab"
echo
echo "32-bit rows: ARM build / Thumb-2 build. Measured: deepest stack byte the core"
echo "writes below its caller's sp over 3 blocks (qemu-user, canary fill); reserved"
echo "but never written padding is not counted."
