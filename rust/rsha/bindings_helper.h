/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What bindgen generates the library's bindings from (rust/rsha/bindings.rs):
 * the C API headers the library uses and its own helpers.
 */
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/debugfs.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/neon.h>
#endif
#include "helpers.h"

/* A macro that bindgen cannot always evaluate; a constant it can. */
const size_t RSHA_ARCH_SLAB_MINALIGN = ARCH_SLAB_MINALIGN;
