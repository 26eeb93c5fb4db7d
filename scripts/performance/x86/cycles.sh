#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# cycles.sh: the x86_64 SHA cores timed on this CPU, in core clock cycles,
# next to the model (llvm-mca-19 -mcpu=znver4) of the same code.
#
# Usage: scripts/performance/x86/cycles.sh
#   Environment: RSHA_CACHE (default ~/.cache/rust-arm-sha), ROUNDS (most
#   rounds, default 5000), SECONDS_MAX (time limit of the timing, default
#   20), ITERS (llvm-mca iterations, default 20), MCA_CPU (the model of the
#   mca_cycles column, default znver4), MCA_HOST_CPU (a second model,
#   mca_host_cycles: default sapphirerapids on an Intel CPU, znver4
#   otherwise), CC_GENERIC (compiler of the generic C, default gcc, as
#   Debian builds the kernel; clang-19 when there is no gcc).
#   Output: $RSHA_CACHE/x86-cycles/cycles.csv (plain CSV, one header row),
#   summary.csv (its table for Documentation/x86-cycles.csv: summary.py),
#   cycles.meta next to it (CPU, TSC rate, rounds, load, compiler), and a
#   Markdown table on stdout; steps and notes on stderr (the notes also
#   under the table).
#   About 15 s on 2 cores (the timing itself takes 2-5 s; the model's
#   traces are kept per object content in x86-cycles/mca/ and redone, about
#   5 s for all, only for objects that changed).
#
# Cores (all built in $RSHA_CACHE/x86-cycles/, none stored in the repo):
#   ours    every x86_64 line of tests/cores/cores.tab whose source exists,
#           assembled as tests/cores/run.sh does (a missing file is noted
#           and skipped);
#   6.12    arch/x86/crypto of the extracted Linux 6.12 tree: the SSSE3,
#           AVX, AVX2 (rorx) and SHA-NI cores of SHA-1, SHA-256, SHA-512;
#   7.3     the same cores in lib/crypto/x86 of the extracted Linux 7.3 tree
#           (7.3 takes (struct sha*_block_state *, data, nblocks): the state
#           words first, as ours; 6.12 takes struct sha*_state *, whose
#           state words come first too: every core gets the same call);
#           both assembled with tests/cores/include/linux/linkage.h and
#           include/linux/cfi_types.h next to this script (SYM_TYPED_FUNC_
#           START = SYM_FUNC_START), RET a plain ret on every side (no
#           return thunk), their symbols renamed k612_* / k73_*;
#   generic the kernel's generic C block functions, cut out of the trees at
#           run time as scripts/performance/mca-table.sh does (6.12:
#           lib/crypto/sha1.c sha1_transform + crypto/sha1_generic.c's loop,
#           lib/crypto/sha256.c sha256_transform_blocks,
#           crypto/sha512_generic.c sha512_generic_block_fn; 7.3:
#           lib/crypto/sha*.c sha*_blocks_generic) and compiled through
#           scripts/performance/mca/generic-*.c / lib-generic.c with the
#           kernel's x86_64 code generation flags (GENERIC_CFLAGS below: no
#           SSE/MMX/AVX, no red zone, stack protector, CONFIG_X86 for
#           SHA-1's setW).
# A core needing a CPU feature this CPU lacks (cores.tab cpu=, or the
# feature the kernel's glue tests for its core) is skipped with a note.
#
# Measurement (x86/cycles.c has the details): every core is first checked
# against tests/cores/ref-ALG.c (a wrong core gets no figure); then all
# cores take turns in rounds, each turn a 64-block call (4 KiB, 8 KiB for
# SHA-512, hot in L1) and 16 one-block calls between two timed chains of
# 20000 dependent adds, which convert the TSC ticks (fixed rate) to core
# cycles (the clock moves between 2.1 and 3.7 GHz). Reported: the median
# over the rounds and the interquartile range (spread_low, spread_high =
# 25th and 75th percentiles), per block of the 64-block call, and per call
# of the one-block calls. The machine is shared: its load (uptime) before
# and after goes with the table.
#
# Model (mca_cycles, model_error = mca_cycles / measured median): the
# project's method of mca-table.sh, on x86: each core object is linked into
# a static program (x86/trace-harness.c) that hashes 8 or 12 blocks, which
# x86/trace.c single-steps with ptrace, logging every executed address;
# scripts/performance/mca/block-trace.pl cuts the first 4-block window of
# the 12-block trace that repeats right after itself (4 blocks, so that
# cores that run 2 blocks a loop pass are cut at a whole pass), which
# llvm-mca-19 -mcpu=$MCA_CPU runs; mca_cycles = its cycles / 4. Unlike the
# ARM table, the x86 loop branches stay in the text (block-trace.pl drops
# only ARM back-branches): like for like for all cores, and they do run.
#
# Reference (ratio_to_reference = median / the reference's median): ours
# against the 6.12 core of the same unit (scalar: the 6.12 generic C), a 7.3
# core against its 6.12 counterpart, a 6.12 core against the 6.12 generic C.
#
# Requires: clang-19, lld-19, llvm-19 (llvm-mca, llvm-objdump, llvm-objcopy),
# gcc (else clang-19), perl, the extracted trees (scripts/build/tree.sh
# pristine 6.12 / 7.3).
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../lib.sh"

ROUNDS=${ROUNDS:-5000}
SECONDS_MAX=${SECONDS_MAX:-20}
ITERS=${ITERS:-20}
MCA_CPU=${MCA_CPU:-znver4}
# the model of the CPU this runs on, as a second opinion
case $(grep -m1 '^vendor_id' /proc/cpuinfo) in
*GenuineIntel*) MCA_HOST_CPU=${MCA_HOST_CPU:-sapphirerapids} ;;
*) MCA_HOST_CPU=${MCA_HOST_CPU:-znver4} ;;
esac
NB_SHORT=8 NB_LONG=12 PERIOD=4	# trace lengths (blocks), window (blocks)

need "$LLVM_BIN/clang" clang-19
need "$LLVM_BIN/ld.lld" lld-19
need "$LLVM_BIN/llvm-mca" llvm-19
need "$LLVM_BIN/llvm-objdump" llvm-19
need "$LLVM_BIN/llvm-objcopy" llvm-19
need "$LLVM_BIN/llvm-nm" llvm-19
need perl perl
[ "$(uname -m)" = x86_64 ] || die "cycles.sh times cores natively: run it on an x86_64 host"
CLANG=$LLVM_BIN/clang
CC_GENERIC=${CC_GENERIC:-$(command -v gcc || echo "$CLANG")}

here=$RSHA_ROOT/scripts/performance/x86
perf=$RSHA_ROOT/scripts/performance
out=$RSHA_CACHE/x86-cycles
csv=$out/cycles.csv
mkdir -p "$out/mca"
rm -rf "$out/build" "$out/refs"
mkdir -p "$out/build" "$out/refs"
# note TEXT: on stderr now, under the table at the end (a file, so that
# notes from command substitutions count too)
: > "$out/build/notes.txt"
note() { echo "$*" >> "$out/build/notes.txt"; echo "note: $*" >&2; }

trees=()
for k in 6.12 7.3; do
	use_kernel $k
	t=$(kernel_tree pristine) || t=
	if [ -z "$t" ] || [ ! -d "$t" ]; then
		die "no extracted Linux $k tree${t:+ at $t} (run scripts/build/tree.sh pristine $k)"
	fi
	trees+=("$t")
done
k612=${trees[0]} k73=${trees[1]}
load0=$(uptime | sed 's/.*load average: *//')
step "x86-cycles: output $out; 6.12 $k612; 7.3 $k73; load $load0"

cpuflags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
# has_cpu F1+F2...: this CPU has every /proc/cpuinfo flag.
has_cpu() {
	local f
	for f in ${1//+/ }; do
		case $cpuflags in *" $f "*) ;; *) return 1 ;; esac
	done
}

# The core list: "alg unit source kernel symbol object label" lines.
list=$out/build/cores.list
: > "$list"
# add ALG UNIT SOURCE KERNEL SYMBOL OBJECT LABEL
add() { echo "$*" >> "$list"; }

# ------------------------------------------------------------ ours
tab=$RSHA_ROOT/tests/cores/cores.tab
while read -r a g name sym src flags; do
	case $a in x86_64) ;; *) continue ;; esac
	cpu=$(tr ',' '\n' <<<"${flags:-}" | sed -n 's/^cpu=//p')
	if [ ! -f "$RSHA_ROOT/$src" ]; then
		note "ours $g $name: $src does not exist yet (skipped)"
		continue
	fi
	if [ -n "$cpu" ] && ! has_cpu "$cpu"; then
		note "ours $g $name: this CPU lacks $cpu (skipped)"
		continue
	fi
	o=$out/build/ours-$g-$name.o
	if ! "$CLANG" --target=x86_64-linux-gnu -D__KERNEL__ -D__ASSEMBLY__ -Wa,--noexecstack \
		-I "$RSHA_ROOT/tests/cores/include" -c "$RSHA_ROOT/$src" -o "$o" 2> "$o.err"; then
		note "ours $g $name: $src does not assemble (skipped): $(grep -m1 error "$o.err")"
		continue
	fi
	add "$g" "$name" ours - "$sym" "$o" "$sym"
done < "$tab"
grep -q ' ours ' "$list" || note "no x86_64 core of ours in cores.tab yet"

# ------------------------------------------------------------ in-tree asm
# kernel_cores: "kernel file symbol unit cpu-flags" of every in-tree core;
# the flags are what the kernel's glue tests before it uses the core.
kernel_cores() {
	local d612=arch/x86/crypto d73=lib/crypto/x86
	cat <<EOF
6.12 $d612/sha1_ssse3_asm.S sha1_transform_ssse3 ssse3 ssse3
6.12 $d612/sha1_ssse3_asm.S sha1_transform_avx avx avx
6.12 $d612/sha1_avx2_x86_64_asm.S sha1_transform_avx2 avx2 avx2+bmi1+bmi2
6.12 $d612/sha1_ni_asm.S sha1_ni_transform ni sha_ni
6.12 $d612/sha256-ssse3-asm.S sha256_transform_ssse3 ssse3 ssse3
6.12 $d612/sha256-avx-asm.S sha256_transform_avx avx avx
6.12 $d612/sha256-avx2-asm.S sha256_transform_rorx avx2 avx2+bmi2
6.12 $d612/sha256_ni_asm.S sha256_ni_transform ni sha_ni
6.12 $d612/sha512-ssse3-asm.S sha512_transform_ssse3 ssse3 ssse3
6.12 $d612/sha512-avx-asm.S sha512_transform_avx avx avx
6.12 $d612/sha512-avx2-asm.S sha512_transform_rorx avx2 avx2+bmi2
7.3 $d73/sha1-ssse3-and-avx.S sha1_transform_ssse3 ssse3 ssse3
7.3 $d73/sha1-ssse3-and-avx.S sha1_transform_avx avx avx
7.3 $d73/sha1-avx2-asm.S sha1_transform_avx2 avx2 avx2+bmi1+bmi2
7.3 $d73/sha1-ni-asm.S sha1_ni_transform ni sha_ni
7.3 $d73/sha256-ssse3-asm.S sha256_transform_ssse3 ssse3 ssse3
7.3 $d73/sha256-avx-asm.S sha256_transform_avx avx avx
7.3 $d73/sha256-avx2-asm.S sha256_transform_rorx avx2 avx2+bmi2
7.3 $d73/sha256-ni-asm.S sha256_ni_transform ni sha_ni
7.3 $d73/sha512-ssse3-asm.S sha512_transform_ssse3 ssse3 ssse3
7.3 $d73/sha512-avx-asm.S sha512_transform_avx avx avx
7.3 $d73/sha512-avx2-asm.S sha512_transform_rorx avx2 avx2+bmi2
EOF
}
step "assemble the in-tree cores"
while read -r k f sym unit cpu; do
	if [ "$k" = 6.12 ]; then t=$k612 p=k612; else t=$k73 p=k73; fi
	alg=${sym%%_*}
	[ -f "$t/$f" ] || { note "$k $alg $unit: $f not in the tree (skipped)"; continue; }
	has_cpu "$cpu" || { note "$k $alg $unit: this CPU lacks $cpu (skipped)"; continue; }
	o=$out/build/$p-$sym.o
	# prototype check: the glue still declares (state, data, nblocks)
	"$CLANG" --target=x86_64-linux-gnu -D__KERNEL__ -D__ASSEMBLY__ -Wa,--noexecstack -I "$here/include" \
		-I "$RSHA_ROOT/tests/cores/include" -c "$t/$f" -o "$o.tmp" ||
		die "assembling the $k $f failed"
	"$LLVM_BIN/llvm-objcopy" --redefine-sym "$sym=${p}_$sym" --keep-global-symbol="$sym" "$o.tmp" "$o"
	rm -f "$o.tmp"
	"$LLVM_BIN/llvm-nm" --defined-only -g "$o" | grep " T ${p}_$sym\$" >/dev/null ||
		die "$k $f does not define $sym any more"
	add "$alg" "$unit" "$k" "$k" "${p}_$sym" "$o" "$sym"
done < <(kernel_cores)
# The C prototype of every in-tree core, as the harness calls it: (state
# words first, data, nblocks). 6.12: asmlinkage void SYM(struct
# sha*_state *state, ...) in arch/x86/crypto/*_glue.c; 7.3: SYM declared by
# DEFINE_X86_SHA*_FN (whose asm_fn takes struct sha*_block_state *state) or
# directly with that first argument, in lib/crypto/x86/sha*.h.
while read -r k f sym unit cpu; do
	if [ "$k" = 6.12 ]; then
		grep -qE "asmlinkage void $sym\(struct sha(1|256|512)_state \*(state|digest)," \
			"$k612"/arch/x86/crypto/sha*_glue.c && continue
	else
		h=$k73/lib/crypto/x86/${sym%%_*}.h
		if grep -qE "DEFINE_X86_SHA(1|256|512)_FN\([a-z0-9_]+, $sym\)" "$h"; then
			grep -qE "asm_fn\(struct sha(1|256|512)_block_state \*state," "$h" && continue
		else
			grep -qE "asmlinkage void $sym\(struct sha(1|256|512)_block_state \*state," "$h" && continue
		fi
	fi
	die "$k: the C prototype of $sym is not (state, data, nblocks) any more: check its glue"
done < <(kernel_cores)

# ------------------------------------------------------------ generic C
step "extract and compile the generic C ($CC_GENERIC)"
# cut_c FILE START_REGEX FUNC: as in mca-table.sh, the lines from
# START_REGEX to the closing brace of the definition of FUNC.
cut_c() {
	awk -v s="$2" -v fn="$3" '
		!on && $0 ~ s { on=1 }
		on && !/^EXPORT_SYMBOL/ { print }
		on && index($0, fn "(") && $0 !~ /;[ \t]*$/ { infn=1 }
		infn && /^}/ { found=1; exit }
		END { if (!found) exit 3 }' "$1"
}
# The kernel's x86_64 C code generation (arch/x86/Makefile, Makefile) as far
# as it changes this code; -mcmodel=small -fno-pic stand in for
# -mcmodel=kernel in user space (the same 32-bit absolute addresses).
GENERIC_CFLAGS=(-O2 -std=gnu11 -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -mno-red-zone
	-mcmodel=small -fno-pic -fno-strict-aliasing -fno-delete-null-pointer-checks
	-fno-strict-overflow -falign-jumps=1 -falign-loops=1 -fstack-protector-strong
	-fcf-protection=branch -DCONFIG_X86)
for k in 6.12 7.3; do
	d=$out/refs/$k
	mkdir -p "$d"
	for alg in sha1 sha256 sha512; do
		if [ $k = 6.12 ]; then
			case $alg in
			sha1) cut_c "$k612/lib/crypto/sha1.c" '^#ifdef CONFIG_X86' sha1_transform ;;
			sha256) cut_c "$k612/lib/crypto/sha256.c" '^static const u32 SHA256_K' sha256_transform_blocks ;;
			sha512) cut_c "$k612/crypto/sha512_generic.c" '^static inline u64 Ch' sha512_generic_block_fn ;;
			esac > "$d/generic-$alg.kernel.c" || die "could not cut the 6.12 generic $alg C"
			wrap=("$perf/mca/generic-$alg.c") p=g612
		else
			case $alg in
			sha1) s='^#ifdef CONFIG_X86' ;;
			sha256) s='^static const u32 sha256_K' ;;
			sha512) s='^static const u64 sha512_K' ;;
			esac
			cut_c "$k73/lib/crypto/$alg.c" "$s" "${alg}_blocks_generic" > "$d/generic-$alg.kernel.c" ||
				die "could not cut the 7.3 ${alg}_blocks_generic"
			wrap=(-DRSHA_ALG="${alg#sha}" "$perf/mca/lib-generic.c") p=g73
		fi
		o=$out/build/$p-$alg.o
		"$CC_GENERIC" "${GENERIC_CFLAGS[@]}" -I "$d" -Drsha_generic_blocks="${p}_$alg" \
			-Dsha1_transform="${p}_sha1_transform" -c "${wrap[@]}" -o "$o" ||
			die "compiling the $k generic $alg C failed"
		case $k/$alg in
		6.12/sha1) lab="sha1_transform" ;;
		6.12/sha256) lab="sha256_transform_blocks" ;;
		6.12/sha512) lab="sha512_generic_block_fn" ;;
		*) lab="${alg}_blocks_generic" ;;
		esac
		add "$alg" scalar generic "$k" "${p}_$alg" "$o" "$lab"
	done
done

# ------------------------------------------------------------ timing program
step "build the timing program ($(wc -l < "$list") cores)"
: > "$out/build/cores.h"
while read -r alg unit src k sym o lab; do
	echo "RSHA_CORE(${alg#sha}, \"$unit\", \"$lab\", \"$src\", \"$k\", $sym)" >> "$out/build/cores.h"
done < "$list"
refs=()
for alg in sha1 sha256 sha512; do
	"$CLANG" -O2 -I "$RSHA_ROOT/tests/cores" -c "$RSHA_ROOT/tests/cores/ref-$alg.c" -o "$out/build/ref-$alg.o.tmp"
	"$LLVM_BIN/llvm-objcopy" --redefine-sym "rsha_alg=rsha_ref_$alg" "$out/build/ref-$alg.o.tmp" "$out/build/ref-$alg.o"
	refs+=("$out/build/ref-$alg.o")
done
mapfile -t objs < <(awk '{ print $6 }' "$list" | sort -u)
"$CLANG" -O2 -Wall -Wextra -no-pie -fno-pic -I "$out/build" -I "$RSHA_ROOT/tests/cores" \
	"$here/cycles.c" "${refs[@]}" "${objs[@]}" -o "$out/build/cycles" ||
	die "building the timing program failed"

# ------------------------------------------------------------ model
step "model: trace one steady-state window of every core, llvm-mca-19 -mcpu=$MCA_CPU"
"$CLANG" -O2 -Wall -Wextra "$here/trace.c" -o "$out/build/trace" || die "building trace.c failed"
declare -A MCA MCAH
# block_text SYM OBJ: the traced steady-state window of the core SYM in OBJ
# as text for llvm-mca, kept per object content as $out/mca/SYM.HASH.s;
# prints its path, or nothing (with a note) when there is none.
block_text() {
	local sym=$1 o=$2 h b n s skip
	h=$(cat "$o" "$here/trace-harness.c" "$here/trace-harness.h" "$here/trace.c" "$perf/mca/block-trace.pl" |
		sha256sum | cut -c1-16)
	s=$out/mca/$sym.$h.s
	if [ ! -f "$s" ]; then
		b=$out/build/tr-$sym
		for n in $NB_SHORT $NB_LONG; do
			if ! "$CLANG" -O2 -ffreestanding -fno-builtin -nostdlib -fno-pic -fno-stack-protector \
				-DFUNC="$sym" -DNBLK="$n" -c "$here/trace-harness.c" -o "$b.h$n.o" ||
				! "$LLVM_BIN/ld.lld" -static -e _start "$b.h$n.o" "$o" -o "$b.$n.elf"; then
				note "model: $sym: could not link the tracing program"
				return 0
			fi
			# the harness's own code (_start, rsha_trace_main) is left out
			skip=$("$LLVM_BIN/llvm-nm" -S "$b.$n.elf" | while read -r a z _ nm; do
				case $nm in _start | rsha_trace_main) printf '%x %x ' $((16#$a)) $((16#$a + 16#$z)) ;; esac
			done)
			# shellcheck disable=SC2086
			"$out/build/trace" "$b.$n.elf" $skip > "$b.$n.log" ||
				{ note "model: $sym: the traced program failed"; return 0; }
		done
		"$LLVM_BIN/llvm-objdump" -d --no-show-raw-insn "$b.$NB_LONG.elf" > "$b.dis"
		if ! perl "$perf/mca/block-trace.pl" "$b.dis" "$b.$NB_SHORT.log" "$b.$NB_LONG.log" 1 > "$s.tmp" 2> "$b.err"; then
			note "model: $sym: no repeating $PERIOD-block window in its trace: $(head -n1 "$b.err")"
			rm -f "$s.tmp"
			return 0
		fi
		mv "$s.tmp" "$s"
		rm -f "$b".*.log
	fi
	echo "$s"
}
# mca_cycles FILE CPU: llvm-mca's cycles a block for the window FILE on CPU
# (kept next to FILE); nothing (with a note) when llvm-mca fails.
mca_cycles() {
	local s=$1 cpu=$2 r n
	r=${s%.s}.$cpu.$ITERS
	if [ ! -f "$r" ]; then
		"$LLVM_BIN/llvm-mca" -mtriple=x86_64 -mcpu="$cpu" -iterations="$ITERS" \
			-resource-pressure=false -skip-unsupported-instructions=lack-sched \
			"$s" > "$r.out" 2> "$r.err" || { note "model: $(basename "$s"): llvm-mca -mcpu=$cpu failed: $(head -n1 "$r.err")"; return 0; }
		n=$(grep -c '^note: instruction:' "$r.err" || true)
		[ "$n" = 0 ] || echo "llvm-mca -mcpu=$cpu has no timing for $n instruction(s), left out" > "$r.skipped"
		awk -v it="$ITERS" -v p="$PERIOD" '/^Total Cycles:/ { printf "%.1f\n", $3 / it / p }' "$r.out" > "$r"
		rm -f "$r.out" "$r.err"
	fi
	[ ! -f "$r.skipped" ] || note "model: $(basename "${s%%.*}"): $(cat "$r.skipped")"
	cat "$r"
}
: > "$out/build/mca-used"
while read -r alg unit src k sym o lab; do
	s=$(block_text "$sym" "$o")
	[ -z "$s" ] || basename "${s%.s}" >> "$out/build/mca-used"
	MCA[$sym]='' MCAH[$sym]=
	[ -n "$s" ] || continue
	MCA[$sym]=$(mca_cycles "$s" "$MCA_CPU")
	MCAH[$sym]=$(mca_cycles "$s" "$MCA_HOST_CPU")
done < "$list"
# (model files of objects that are gone: removed)
for f in "$out"/mca/*; do
	[ -e "$f" ] || continue
	b=$(basename "$f")
	grep -qxF "$(cut -d. -f1-2 <<<"$b")" "$out/build/mca-used" || rm -f "$f"
done

# ------------------------------------------------------------ timing
step "time every core (at most $ROUNDS rounds, $SECONDS_MAX s)"
"$out/build/cycles" "$ROUNDS" "$SECONDS_MAX" > "$out/build/raw.csv" || die "the timing program failed"
load1=$(uptime | sed 's/.*load average: *//')
hdr=$(sed -n 's/^# //p' "$out/build/raw.csv")
step "timed: $hdr; load $load1"
grep -v '^#' "$out/build/raw.csv" | awk -F, 'NR > 1 && $7 == "wrong" { print $2 " " $1 " (" $4 " " $3 ")" }' |
	while read -r l; do echo "WRONG: $l"; done > "$out/build/wrong.txt"
while read -r l; do note "$l: output differs from tests/cores/ref: no figure"; done < "$out/build/wrong.txt"

# ------------------------------------------------------------ CSV
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(grep -m1 '^vendor_id' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) CPUs; $hdr; load before: $load0; after: $load1; generic C: $("$CC_GENERIC" --version | head -n1); models: llvm-mca-19 -mcpu=$MCA_CPU (mca_cycles) and -mcpu=$MCA_HOST_CPU (mca_host_cycles)" > "${csv%.csv}.meta"
{
	echo "alg,unit,core,source,kernel,cycles_per_block_median,spread_low,spread_high,cycles_per_byte,reference,ratio_to_reference,call1_cycles_median,call1_spread_low,call1_spread_high,mca_cycles,model_error,rounds,core_ghz_median,status,mca_host_cycles,model_host_error"
	grep -v '^#' "$out/build/raw.csv" | tail -n +2 | while IFS=, read -r alg unit core src k sym status rounds bm b25 b75 _ c1 c125 c175 ghz; do
		echo "$alg,$unit,$core,$src,$k,$bm,$b25,$b75,$c1,$c125,$c175,${MCA[$sym]:-},$rounds,$ghz,$status,${MCAH[$sym]:-}"
	done | awk -F, -v OFS=, '
		{ n++; for (i = 1; i <= NF; i++) f[n, i] = $i
		  key = $4 "/" $5 "/" $1 "/" $2; med[key] = $6; name[key] = $3 }
		END {
			for (r = 1; r <= n; r++) {
				alg = f[r, 1]; unit = f[r, 2]; src = f[r, 4]; k = f[r, 5]; m = f[r, 6]
				# ours, 7.3: the 6.12 core of the unit (scalar: generic
				# C); 6.12 asm, 7.3 generic: the 6.12 generic C
				if (src == "ours" && unit == "scalar" || src == "6.12" || src == "generic" && k == "7.3")
					ref = "generic/6.12/" alg "/scalar"
				else if (src == "ours" || src == "7.3") ref = "6.12/6.12/" alg "/" unit
				else ref = ""
				rv = (ref in med) ? med[ref] : ""
				split(ref, rp, "/")
				rname = (rv == "") ? "" : ((rp[1] == "generic") ? "generic-" rp[2] : rp[1]) " " name[ref]
				bytes = (alg == "sha512") ? 128 : 64
				cpb = (m == "") ? "" : sprintf("%.2f", m / bytes)
				ratio = (m == "" || rv == "") ? "" : sprintf("%.3f", m / rv)
				mca = f[r, 12]; err = (mca == "" || m == "") ? "" : sprintf("%.2f", mca / m)
				mh = f[r, 16]; eh = (mh == "" || m == "") ? "" : sprintf("%.2f", mh / m)
				# rows by algorithm, unit, source
				u = index("scalar ssse3  avx    avx2   ni     ", unit)
				o = index("generic6.12 generic7.3  6.12        7.3         ours        ", (src == "generic") ? src k : src)
				printf "%s %02d %02d|", alg, u, o
				print alg, unit, f[r, 3], src, k, m, f[r, 7], f[r, 8], cpb, rname, ratio, f[r, 9], f[r, 10], f[r, 11], mca, err, f[r, 13], f[r, 14], f[r, 15], mh, eh
			}
		}' | sort | cut -d'|' -f2-
} > "$csv"
# The table of Documentation/x86-cycles.csv (performance.rst, "x86_64 on real
# silicon"): copy summary.csv there, and cycles.meta's line into the page.
python3 "$here/summary.py" "$csv" > "$out/summary.csv"
step "done: $csv, $out/summary.csv"

# ------------------------------------------------------------ Markdown
cpuid=$(awk -F': *' '/^vendor_id/ { v = $2 } /^cpu family/ { f = $2 } /^model[ \t]*:/ { m = $2 }
	/^model name/ { n = $2 } END { printf "%s, %s family %s model %s", n, v, f, m }' /proc/cpuinfo)
echo "x86_64 SHA cores on this CPU ($cpuid, $(nproc) CPUs): core cycles a block, median over rounds [25th-75th percentile], 64-block calls on hot data; cycles per 1-block call; model: llvm-mca-19 -mcpu=$MCA_CPU and -mcpu=$MCA_HOST_CPU on a traced steady-state window, model/measured. $hdr. Load (uptime) before: $load0, after: $load1."
echo
echo "| alg | unit | source | core | cycles/block | IQR | cycles/byte | reference | ratio | 1-block call | $MCA_CPU | model/measured | $MCA_HOST_CPU | model/measured |"
echo "|---|---|---|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|"
awk -F, 'NR > 1 {
	src = ($4 == "generic") ? "generic C " $5 : $4
	if ($19 != "ok") { printf "| %s | %s | %s | %s | **%s: no figure** | | | | | | %s | | %s | |\n", $1, $2, src, $3, $19, $15, $20; next }
	printf "| %s | %s | %s | %s | %s | %s-%s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, src, $3, $6, $7, $8, $9,
		($10 == "") ? "—" : $10, ($11 == "") ? "—" : $11, $12, ($15 == "") ? "—" : $15, ($16 == "") ? "—" : $16,
		($20 == "") ? "—" : $20, ($21 == "") ? "—" : $21
}' "$csv"
if [ -s "$out/build/notes.txt" ]; then
	echo
	awk '!seen[$0]++ { print "- " $0 }' "$out/build/notes.txt"
fi
