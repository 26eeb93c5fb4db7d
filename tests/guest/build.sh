#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh DEBARCH OUT: build the guest's own test programs (today
# afalg-hash.c) for DEBARCH (arm64, armhf or amd64) as freestanding static binaries
# into directory OUT, and write OUT/cpio.list, the gen_init_cpio lines that put
# them into the initramfs as /bin/<name>. Rebuilt only when a source changed.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 DEBARCH OUTDIR" >&2; exit 2; }
debarch=$1 out=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-19/bin}
case $debarch in
arm64) target=(--target=aarch64-linux-gnu -mgeneral-regs-only) ;;
# Integer code only, ARM state: it runs on the no-NEON guests too.
armhf) target=(--target=armv7a-linux-gnueabi -marm -mfloat-abi=soft -mfpu=none) ;;
amd64) target=(--target=x86_64-linux-gnu -mgeneral-regs-only) ;;
*) echo "unknown Debian architecture '$debarch' (arm64, armhf, amd64)" >&2; exit 2 ;;
esac
for tool in clang ld.lld; do
	[ -x "$LLVM_BIN/$tool" ] || { echo "missing $LLVM_BIN/$tool: install clang-19 and lld-19" >&2; exit 1; }
done
mkdir -p "$out"
: >"$out/cpio.list.tmp"
for src in "$here"/*.c; do
	name=$(basename "$src" .c)
	bin=$out/$name
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ] || [ "$0" -nt "$bin" ]; then
		"$LLVM_BIN/clang" "${target[@]}" -O2 -Wall -Wextra -Werror -ffreestanding \
			-fno-stack-protector -fno-pic -fno-builtin -nostdlib -static -fuse-ld=lld \
			-o "$bin.tmp" "$src"
		mv "$bin.tmp" "$bin"
	fi
	echo "file /bin/$name $bin 0755 0 0" >>"$out/cpio.list.tmp"
done
mv "$out/cpio.list.tmp" "$out/cpio.list"
