#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# run.sh [--flip-constant | --plant-fp] ARCH ALG: build the freestanding core
# test for every core that tests/cores/cores.tab lists for (ARCH, ALG) and
# run it under qemu-user.
#
# The negative controls of this harness, each on the first core listed for
# (ARCH, ALG) (for --plant-fp, the first nofp one) only, assembled from a copy
# of asm/, reported as NAME-with-a-flipped-constant or NAME-with-a-planted-fp:
# its checks must FAIL, and the run exit 1.
# --flip-constant: the first round constant of ALG (asm/ALG-k.h) has its
# lowest bit flipped.
# --plant-fp: an FP/SIMD instruction after the core's code, behind a ".fpu"
# or ".arch" directive that lets it assemble (the integer-only check).
#
# Adding an algorithm: write tests/cores/ref-ALG.c (a struct rsha_alg) and
# add its cores to cores.tab. Adding an architecture: write
# tests/cores/arch-ARCH.S (_start, syscalls, rsha_call_checked) and a case
# below. ARCH=x86_64 runs the cores natively: this CPU is the one under test,
# and a core that needs an instruction set extension the CPU lacks
# (cores.tab: cpu=...) is reported as SKIP, not run. Build output goes to ${RSHA_CACHE:-$HOME/.cache/rust-arm-sha}/cores-test/.
#
# ARCH=arm builds every core twice, as the kernel would assemble it: as ARM
# code (-marm) and as Thumb-2 (-mthumb -Wa,-mthumb -Wa,-mimplicit-it=always:
# CONFIG_THUMB2_KERNEL=y). The two builds are linked into one test program
# (each object's global symbols other than SYMBOL made local, the Thumb-2
# object's SYMBOL renamed SYMBOL__thumb2) and reported as NAME[arm] and
# NAME[thumb2].
set -euo pipefail

plant=
case ${1:-} in --flip-constant | --plant-fp) plant=${1#--}; shift ;; esac
[ $# -eq 2 ] || { echo "usage: $0 [--flip-constant | --plant-fp] ARCH ALG   (e.g. $0 arm64 sha256)" >&2; exit 2; }
arch=$1 alg=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-19/bin}
out=${RSHA_CACHE:-$HOME/.cache/rust-arm-sha}/cores-test/$arch-$alg
[ -z "$plant" ] || out=$out-$plant

case $arch in
arm64)	target=aarch64-linux-gnu; qemu=(qemu-aarch64-static -cpu cortex-a57)
	cflags=()
	nofp=(-march=armv8-a+nofp+nosimd); modes=(-) ;;
arm)	target=armv7a-linux-gnueabihf; qemu=(qemu-arm-static -cpu cortex-a15)
	# -include: the kernel force-includes asm/unified.h into every ARM .S.
	cflags=(-mcpu=cortex-a15 -mfpu=neon -mfloat-abi=hard -include asm/unified.h)
	nofp=(-mfloat-abi=soft -mfpu=none)
	modes=(arm thumb2) ;;
x86_64)	target=x86_64-linux-gnu; qemu=()
	cflags=(-mno-red-zone); modes=(-) ;;
*)	echo "unknown ARCH '$arch' (known: arm64, arm, x86_64)" >&2; exit 2 ;;
esac

need() {	# need PATH DEBIAN_PACKAGE
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "missing $1: install the Debian package '$2' (apt-get install -y $2)" >&2
		exit 1
	fi
}
need "$LLVM_BIN/clang" clang-19
need "$LLVM_BIN/ld.lld" lld-19
[ ${#qemu[@]} = 0 ] || need "${qemu[0]}" qemu-user-static
[ "${modes[*]}" = - ] || need "$LLVM_BIN/llvm-objcopy" llvm-19
need "$LLVM_BIN/llvm-objdump" llvm-19

# fp_simd_uses OBJECT: the instructions of OBJECT's disassembly that name an
# FP/SIMD register or are FP/SIMD instructions, one per line: x87, MMX,
# XMM/YMM/ZMM and mask registers on x86_64; b/h/s/d/q/v registers and
# FPCR/FPSR on arm64; s/d/q registers, v* instructions, FPSCR/FPEXC and the
# VFP coprocessors p10/p11 on ARM. The assembler flags alone do not keep
# them out: a ".arch" or ".fpu" directive in the source turns FP/SIMD back
# on. Fails when llvm-objdump does.
fp_simd_uses() {
	local dis
	dis=$("$LLVM_BIN/llvm-objdump" -d --no-show-raw-insn "$1") || return 2
	if [ "$arch" = x86_64 ]; then
		grep -E '%(st|mm[0-7]|[xyz]mm[0-9]|k[0-7]\b)' <<<"$dis"
		[ $? -le 1 ]
		return
	fi
	awk -F'\t' -v arch="$arch" '
		/^ *[0-9a-f]+:/ && NF >= 2 {
			insn = $2; ops = $3
			sub(/(\/\/|@|;).*/, "", ops); gsub(/<[^>]*>/, "", ops)
			if (insn ~ /^\./) next	# data (.word, .long): not an instruction
			bad = arch == "arm" && insn ~ /^(v|fmrx|fmxr|fldm|fstm)/
			n = split(tolower(ops), tok, /[][ ,{}!^:#-]+/)
			for (i = 1; i <= n && !bad; i++) {
				if (arch == "arm64" && tok[i] ~ /^([bhsdqv]([0-9]|[12][0-9]|3[01])(\..*)?|fpcr|fpsr)$/)
					bad = 1
				if (arch == "arm" && tok[i] ~ /^([sdq]([0-9]|[12][0-9]|3[01])|fpscr|fpexc|fpsid|mvfr[0-2]|p1[01])$/)
					bad = 1
			}
			if (bad) print
		}' <<<"$dis"
}

# has_cpu FEATURE+FEATURE...: the host CPU has every /proc/cpuinfo flag.
has_cpu() {
	local f flags
	flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
	for f in ${1//+/ }; do
		case $flags in *" $f "*) ;; *) return 1 ;; esac
	done
}

[ -f "$here/ref-$alg.c" ] || { echo "no reference $here/ref-$alg.c" >&2; exit 2; }
[ -f "$here/arch-$arch.S" ] || { echo "no glue $here/arch-$arch.S" >&2; exit 2; }

mkdir -p "$out"
rm -f "$out"/core-*.o
# The sources: the checkout's, or for a negative control a copy of asm/.
src_root=$root
if [ -n "$plant" ]; then
	src_root=$out/tree
	rm -rf "$src_root" && mkdir -p "$src_root" && cp -r "$root/asm" "$src_root/"
fi
if [ "$plant" = flip-constant ]; then
	ktab=$src_root/asm/$alg-k.h
	[ -f "$ktab" ] || { echo "no round constants $ktab to flip" >&2; exit 2; }
	konst=$(grep -m1 -oE '0x[0-9a-fA-F]+' "$ktab" | head -n 1)
	flipped=${konst%?}$(printf '%x' $((0x${konst: -1} ^ 1)))
	sed -i "0,/$konst/s//$flipped/" "$ktab"
	grep -q "$flipped" "$ktab" || { echo "could not flip $konst in $ktab" >&2; exit 2; }
	echo "round constant $konst of $alg flipped to $flipped in $ktab" >&2
fi
cc=("$LLVM_BIN/clang" --target=$target "${cflags[@]}" -ffreestanding -O2
    -Wall -Wextra -Werror -fno-stack-protector -fno-pic
    -I "$here/include" -I "$here" -I "$out")
ldflags=(-nostdlib -static -fuse-ld=lld)
: > "$out/cores.h"
: > "$out/cores-ce.h"
objs=() ce_objs=()
# The exit status: 1 once any check here or in a test program failed.
rc=0
while read -r a g name sym src flags; do
	case $a in ''|'#'*) continue ;; esac
	[ "$a" = "$arch" ] && [ "$g" = "$alg" ] || continue
	extra=() nofp_flag=0 ce= cpu=
	case ",${flags:-}," in *,nofp,*) extra=("${nofp[@]}") nofp_flag=1 ;; esac
	case ",${flags:-}," in *,ce,*) ce=-ce ;; esac
	case ",${flags:-}," in *,cpu=*) cpu=${flags#*cpu=} cpu=${cpu%%,*} ;; esac
	case $plant in
	flip-constant)
		# The first core only, as an ordinary one (no CE, no integer-only check).
		[ $((${#objs[@]} + ${#ce_objs[@]})) = 0 ] && [ -z "$ce" ] && [ -z "$cpu" ] || continue
		name=$name-with-a-flipped-constant nofp_flag=0 ;;
	plant-fp)
		# The first integer-only core, one FP/SIMD instruction appended
		# (never run: after the core's return) where the flags allow it.
		[ $((${#objs[@]} + ${#ce_objs[@]})) = 0 ] && [ $nofp_flag = 1 ] || continue
		name=$name-with-a-planted-fp
		case $arch in
		arm64) printf '\n\t.text\n\t.arch armv8-a+fp\n\tfmov d0, x1\n' ;;
		arm) printf '\n\t.text\n\t.fpu vfpv3\n\tvmov d0, r0, r1\n' ;;
		x86_64) printf '\n\t.text\n\tmovq %%rax, %%xmm0\n' ;;
		esac >>"$src_root/$src" ;;
	esac
	if [ -n "$cpu" ] && ! has_cpu "$cpu"; then
		echo "SKIP $alg $name: this CPU lacks ${cpu//+/, } (/proc/cpuinfo)"
		continue
	fi
	for mode in "${modes[@]}"; do
		case $mode in
		-)	o=$out/core-$name.o tname=$name tsym=$sym mflags=() ;;
		arm)	o=$out/core-$name-arm.o tname="$name[arm]" tsym=$sym
			mflags=(-marm) ;;
		thumb2)	o=$out/core-$name-thumb2.o tname="$name[thumb2]"
			tsym=${sym}__thumb2
			mflags=(-mthumb -Wa,-mthumb -Wa,-mimplicit-it=always) ;;
		esac
		"${cc[@]}" "${extra[@]}" "${mflags[@]}" -c -o "$o" "$src_root/$src"
		if [ $nofp_flag = 1 ]; then
			# Integer-only, read off the object itself (fp_simd_uses).
			if ! uses=$(fp_simd_uses "$o"); then
				echo "FAIL $alg $tname integer-only: llvm-objdump could not disassemble $o"
				rc=1
			elif [ -z "$uses" ]; then
				echo "PASS $alg $tname integer-only (its disassembly names no FP/SIMD register or instruction)"
			else
				echo "FAIL $alg $tname integer-only: $(wc -l <<<"$uses") instructions use FP/SIMD, first:$(head -n 1 <<<"$uses" | tr -s '\t ' ' ')"
				rc=1
			fi
		fi
		if [ "$mode" != - ]; then
			# Two builds of one source (and sources defining
			# several cores) must link side by side.
			"$LLVM_BIN/llvm-objcopy" --keep-global-symbol "$sym" "$o"
		fi
		if [ "$tsym" != "$sym" ]; then
			"$LLVM_BIN/llvm-objcopy" --redefine-sym "$sym=$tsym" "$o"
		fi
		echo "CORE(\"$tname\", $tsym)" >> "$out/cores$ce.h"
		if [ -n "$ce" ]; then ce_objs+=("$o"); else objs+=("$o"); fi
	done
done < "$here/cores.tab"
[ $((${#objs[@]} + ${#ce_objs[@]})) -gt 0 ] ||
	{ echo "no cores for $arch $alg in cores.tab" >&2; exit 2; }

if [ ${#objs[@]} -gt 0 ]; then
	"${cc[@]}" "${ldflags[@]}" -o "$out/test" "$here/main.c" \
		"$here/ref-$alg.c" "$here/arch-$arch.S" "${objs[@]}"
	"${qemu[@]}" "$out/test" || rc=1
fi
if [ ${#ce_objs[@]} -gt 0 ]; then
	# The same checks for the Crypto Extensions cores, on a CPU that has
	# them; the reference's own known answers were checked above.
	"${cc[@]}" "${ldflags[@]}" -DRSHA_CORES_H='"cores-ce.h"' \
		-DRSHA_NO_REFERENCE_KATS -o "$out/test-ce" "$here/main.c" \
		"$here/ref-$alg.c" "$here/arch-$arch.S" "${ce_objs[@]}"
	"${qemu[0]}" -cpu max "$out/test-ce" || rc=1
fi
exit $rc
