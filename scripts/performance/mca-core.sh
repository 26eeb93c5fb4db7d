#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# mca-core.sh ARCH FILE START_LABEL END_LABEL CPU [ITERATIONS]
#
# Print the llvm-mca cycles per iteration of the code between two labels of
# an assembly file (e.g. the per-block loop of a hash core).
#
# ARCH: arm64, arm (32-bit ARM code, -marm) or thumb2 (the same source
# assembled as Thumb-2 the way a CONFIG_THUMB2_KERNEL=y build does; llvm-mca
# then runs with -mtriple=thumbv7a). The resource-pressure view is off: it
# does not change the cycle count, and llvm-mca-19 can crash in it on some
# AArch32 NEON code with the Cortex-A9/A15 model.
#
# The file is first assembled with clang (so a file that does not assemble
# is never "measured"), then C-preprocessed, and llvm-mca region markers are
# put right after START_LABEL and right before END_LABEL. llvm-mca gets the
# whole preprocessed file, so .macro/.rept/.req used inside the region are
# expanded exactly as the assembler does. Branches inside the region are
# measured as straight-line code (fine for an unrolled block loop); a
# backward branch to a label inside the region is an inner loop, which
# this counts once: the script says so on stderr. For a core with inner
# loops, measure whole blocks with scripts/performance/mca-table.sh, which cuts one
# block out of an execution trace.
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: $0 ARCH FILE START_LABEL END_LABEL CPU [ITERATIONS]" >&2; exit 2; }
arch=$1 file=$2 start=$3 end=$4 cpu=$5 iters=${6:-100}
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-19/bin}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
case $arch in
arm64) triple=aarch64-linux-gnu; mtriple=aarch64; cmt='#'; isa=() ;;	# llvm-mca ignores // markers on AArch64
arm)   triple=armv7a-linux-gnueabihf; mtriple=armv7a; cmt='@'; isa=(-marm) ;;
thumb2) triple=armv7a-linux-gnueabihf; mtriple=thumbv7a; cmt='@'
	isa=(-mthumb -Wa,-mthumb -Wa,-mimplicit-it=always) ;;
*) echo "unknown ARCH '$arch' (arm64|arm|thumb2)" >&2; exit 2 ;;
esac
for t in clang llvm-mca; do
	[ -x "$LLVM_BIN/$t" ] || { echo "missing $LLVM_BIN/$t: install the Debian package 'llvm-19' / 'clang-19'" >&2; exit 1; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
inc=(-I "$here/tests/cores/include")
"$LLVM_BIN/clang" --target=$triple "${isa[@]}" "${inc[@]}" -c -o "$tmp/o.o" "$file"
"$LLVM_BIN/clang" --target=$triple "${isa[@]}" "${inc[@]}" -E -P -x assembler-with-cpp -o "$tmp/pp.s" "$file"
awk -v s="$start:" -v e="$end:" -v c="$cmt" '
	{ line=$0; sub(/^[ \t]+/, "", line) }
	index(line, e) == 1 && inreg { print c " LLVM-MCA-END"; inreg=0; found_e=1 }
	{ print }
	index(line, s) == 1 && !found_s { print c " LLVM-MCA-BEGIN block"; inreg=1; found_s=1 }
	END { if (!found_s || !found_e) exit 3 }' "$tmp/pp.s" > "$tmp/r.s" ||
	{ echo "labels '$start' / '$end' not found (in that order) in $file" >&2; exit 1; }
awk '/LLVM-MCA-BEGIN/ { on=1; next } /LLVM-MCA-END/ { on=0 }
	on && /^[.A-Za-z0-9_$]+:/ { sub(/:.*/, ""); lab[$0]=1; next }
	on { for (l in lab) if ($1 ~ /^(b|b\.?[a-z][a-z]|cbn?z|tbn?z)(\.w|\.n)?$/ && $NF == l) print l }' "$tmp/r.s" |
	sort -u | while read -r l; do
		echo "mca-core.sh: warning: inner loop at $l in the region: measured as one pass, not as many as it runs" >&2
	done
"$LLVM_BIN/llvm-mca" -mtriple=$mtriple -mcpu="$cpu" -iterations="$iters" -resource-pressure=false \
	-skip-unsupported-instructions=lack-sched "$tmp/r.s" > "$tmp/mca.txt" 2>"$tmp/mca.err" ||
	{ cat "$tmp/mca.err" >&2; exit 1; }
# Instructions without a scheduling class (e.g. AArch32 ldm/stm on the
# Cortex-A9/A15 model) are left out of the count: say so.
n=$(grep -c '^note: instruction:' "$tmp/mca.err" || true)
[ "$n" = 0 ] || { echo "mca-core.sh: note: llvm-mca skipped $n instruction(s) it has no timing for:" >&2
	grep '^note: instruction:' "$tmp/mca.err" | sed 's/^note: instruction:/   /' | sort | uniq -c >&2; }
# With a single region llvm-mca prints no region header.
awk -v it="$iters" '
	/^Total Cycles:/ { printf "%.1f\n", $3 / it; found=1; exit }
	END { if (!found) exit 1 }' "$tmp/mca.txt"
