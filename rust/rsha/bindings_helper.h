/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Appended to rust/bindings/bindings_helper.h by scripts/build/overlay.sh: the headers
 * the Rust crypto abstraction needs bindings for.
 */
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/debugfs.h>
#include <linux/timekeeping.h>
#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/neon.h>
#endif
