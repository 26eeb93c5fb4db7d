#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# intree.sh KSRC: make crypto/rust-arm-sha/ of kernel tree KSRC a copy of this
# project's Kbuild, Kconfig, rust/ (the library, drivers and test modules) and
# asm/, for an in-tree build. KSRC must have the in-tree patch of its kernel
# applied (patches/6.12/0002-*.patch, patches/7.3/0001-*.patch: it sources the
# Kconfig and descends into the directory). Files are copied
# only when they differ, so that rebuilds stay incremental, and files the
# project no longer has are removed from the copy.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
KSRC=${1:?usage: intree.sh KERNEL_SOURCE_DIR}
[ -f "$KSRC/Makefile" ] || die "$KSRC is not a kernel tree"
grep -qxF 'obj-y += rust-arm-sha/' "$KSRC/crypto/Makefile" ||
	die "$KSRC/crypto/Makefile does not build rust-arm-sha/: apply the in-tree patch (patches/<version>/*-crypto-build-the-rust-arm-sha-drivers-in-tree.patch) first"

dst=$KSRC/crypto/rust-arm-sha
mkdir -p "$dst"
sync_sources "$dst" Kbuild Kconfig rust/rsha rust/drivers rust/testing asm
