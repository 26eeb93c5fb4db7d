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
# The stand-ins of <linux/linkage.h> and <asm/unified.h> for the in-tree cores
# are the ones mca-table.sh wrote.
mca_inc=$RSHA_CACHE/mca/include

# probe.c: run FUNC(state, data, 3) on a canary-filled stack, print its depth.
cat >"$out/probe.c" <<'EOF'
/* footprint.sh: stack bytes FUNC writes below its caller's sp. */
extern void FUNC(void *state, const void *data, unsigned long nblocks);
void call_on_stack(void *fn, void *state, const void *data, unsigned long n, void *sp);
#define STK 8192
static unsigned char stk[STK] __attribute__((aligned(64)));
static unsigned long long st[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static unsigned char buf[128 * 3] __attribute__((aligned(64)));
static long sys(long nr, long a, long b, long c)
{
#ifdef __aarch64__
	register long x8 __asm__("x8") = nr, x0 __asm__("x0") = a, x1 __asm__("x1") = b, x2 __asm__("x2") = c;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
#else
	register long r7 __asm__("r7") = nr, r0 __asm__("r0") = a, r1 __asm__("r1") = b, r2 __asm__("r2") = c;
	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
	return r0;
#endif
}
#ifdef __aarch64__
#define NR_WRITE 64
#define NR_EXIT 93
#else
#define NR_WRITE 4
#define NR_EXIT 1
#endif
static unsigned long depth(unsigned char canary)
{
	volatile unsigned char *s = stk;
	unsigned long i;
	for (i = 0; i < STK; i++)
		s[i] = canary;
	call_on_stack((void *)FUNC, st, buf, 3, stk + STK);
	for (i = 0; i < STK && s[i] == canary; i++)
		;
	return STK - i;
}
void _start(void)
{
	char out[24], *p = out + sizeof(out);
	unsigned long a, b, d;
	for (unsigned int i = 0; i < sizeof(buf); i++)
		((volatile unsigned char *)buf)[i] = (unsigned char)(i * 37 + 11);
	a = depth(0x00);
	b = depth(0xa5);
	d = a > b ? a : b;
	*--p = '\n';
	do
		*--p = '0' + d % 10;
	while (d /= 10);
	sys(NR_WRITE, 1, (long)p, out + sizeof(out) - p);
	sys(NR_EXIT, d >= STK ? 2 : 0, 0, 0);
	for (;;)
		;
}
EOF
# call_on_stack(fn, state, data, n, sp): call fn(state, data, n) with sp set.
cat >"$out/call-a64.S" <<'EOF'
	.globl	call_on_stack
	.type	call_on_stack, %function
call_on_stack:
	stp	x29, x30, [sp, #-32]!
	str	x19, [sp, #16]
	mov	x19, sp
	mov	x9, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	sp, x4
	blr	x9
	mov	sp, x19
	ldr	x19, [sp, #16]
	ldp	x29, x30, [sp], #32
	ret
EOF
cat >"$out/call-arm.S" <<'EOF'
	.syntax	unified
	.arm
	.globl	call_on_stack
	.type	call_on_stack, %function
call_on_stack:
	ldr	ip, [sp]
	push	{r4, lr}
	mov	r4, sp
	mov	sp, ip
	mov	ip, r0
	mov	r0, r1
	mov	r1, r2
	mov	r2, r3
	blx	ip
	mov	sp, r4
	pop	{r4, pc}
EOF

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
	if [ "$isa" = a64 ]; then qemu=(qemu-aarch64-static) call=$out/call-a64.S
	else qemu=(qemu-arm-static -cpu cortex-a15) call=$out/call-arm.S; fi
	# shellcheck disable=SC2046
	if "$CLANG" --target=$([ "$isa" = a64 ] && echo aarch64-linux-gnu || echo armv7a-linux-gnueabihf) \
		$([ "$isa" = a64 ] && echo -mgeneral-regs-only || echo "-marm -mfloat-abi=soft") \
		-O2 -ffreestanding -fno-builtin -nostdlib -fno-stack-protector -DFUNC="$func" \
		-c "$out/probe.c" -o "$b.probe.o" 2>"$b.err" &&
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
	[ "$2" = a64 ] || fl+=(-D__LINUX_ARM_ARCH__=7 -I "$mca_inc" -include asm/unified.h -march=armv7-a)
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
