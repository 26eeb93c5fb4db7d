#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# overlay.sh KSRC: put this project into an extracted kernel tree.
#  - rust/kernel/crypto{.rs,/}  -> the `kernel` crate's `crypto` module
#  - rust/rsha/helpers.c      -> rust/helpers/, #included from helpers.c
#  - rust/rsha/bindings_helper.h     -> appended to rust/bindings/bindings_helper.h
#  - Kbuild, Kconfig, rust/drivers, asm -> crypto/rust-arm-sha/, sourced from
#    crypto/Kconfig and crypto/Makefile
# Idempotent; files are copied only when they differ, so rebuilds stay incremental.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
KSRC=${1:?usage: overlay.sh KERNEL_SOURCE_DIR}
[ -f "$KSRC/Makefile" ] || die "$KSRC is not a kernel tree"

# sync SRC DST: copy when different (keeps mtimes, hence make, quiet otherwise).
sync() {
	mkdir -p "$(dirname "$2")"
	cmp -s "$1" "$2" || cp "$1" "$2"
}
# add_line FILE LINE [ANCHOR]: insert LINE once, after the first line equal to
# ANCHOR, or at the end when there is no anchor.
add_line() {
	local file=$1 line=$2 anchor=${3:-}
	grep -qxF -- "$line" "$file" && return 0
	if [ -z "$anchor" ]; then
		printf '%s\n' "$line" >>"$file"
		return 0
	fi
	grep -qxF -- "$anchor" "$file" || die "$file: no line '$anchor' to put '$line' after"
	awk -v line="$line" -v anchor="$anchor" '
		{ print } $0 == anchor && !done { print line; done = 1 }' "$file" >"$file.rsha-tmp"
	mv "$file.rsha-tmp" "$file"
}

R=$RSHA_ROOT
sync "$R/rust/rsha/mod.rs" "$KSRC/rust/rsha/mod.rs"
for f in "$R"/rust/rsha/*.rs; do
	sync "$f" "$KSRC/rust/rsha/$(basename "$f")"
done
add_line "$KSRC/rust/kernel/lib.rs" "pub mod crypto;" "pub mod block;"
sync "$R/rust/rsha/helpers.c" "$KSRC/rust/rsha/helpers.c"
add_line "$KSRC/rust/helpers/helpers.c" '#include "crypto.c"' '#include "build_bug.c"'

# bindings_helper.h: our block sits between markers, replaced when it changes.
bh=$KSRC/rust/bindings/bindings_helper.h
want=$(printf '/* rust-arm-sha begin */\n%s\n/* rust-arm-sha end */' "$(cat "$R/rust/rsha/bindings_helper.h")")
have=$(sed -n '/rust-arm-sha begin/,/rust-arm-sha end/p' "$bh")
if [ "$want" != "$have" ]; then
	sed -i '/rust-arm-sha begin/,/rust-arm-sha end/d' "$bh"
	printf '%s\n' "$want" >>"$bh"
fi

# The drivers, as a directory of crypto/.
dst=$KSRC/crypto/rust-arm-sha
sync "$R/Kbuild" "$dst/Kbuild"
sync "$R/Kconfig" "$dst/Kconfig"
while IFS= read -r -d '' f; do
	sync "$f" "$dst/${f#"$R"/}"
done < <(find "$R/rust/drivers" "$R/asm" -type f \( -name '*.rs' -o -name '*.S' -o -name '*.h' \) -print0)
add_line "$KSRC/crypto/Kconfig" 'source "crypto/rust-arm-sha/Kconfig"' 'source "drivers/crypto/Kconfig"'
add_line "$KSRC/crypto/Makefile" 'obj-y += rust-arm-sha/'

# Rust on 32-bit ARM (6.12 has it on arm64 only).
"$RSHA_ROOT/scripts/build/enable-rust-arm.sh" "$KSRC"
