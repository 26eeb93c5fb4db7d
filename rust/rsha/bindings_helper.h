/* SPDX-License-Identifier: GPL-2.0 */
/* What bindgen makes the library's bindings (bindings.rs) from. */
#include <crypto/hash.h>
#include <crypto/internal/hash.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/jump_label.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/thread_info.h>
#include <linux/timekeeping.h>
#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/neon.h>
#endif
#ifdef CONFIG_ARM64
/* may_use_simd() in Rust (rust/rsha/simd.rs): the preempt count and what it must lack. */
const size_t RSHA_PREEMPT_COUNT_AT = offsetof(struct thread_info, preempt.count);
const unsigned int RSHA_HARDIRQ_NMI_MASK = HARDIRQ_MASK | NMI_MASK;
#endif
#if defined(CONFIG_X86_64) && !defined(CONFIG_UML)
#include <asm/fpu/api.h>
const unsigned int RSHA_KFPU_MXCSR = KFPU_MXCSR;
#endif
#include "helpers.h"

/* Macros that bindgen cannot always evaluate; constants it can. */
const size_t RSHA_ARCH_SLAB_MINALIGN = ARCH_SLAB_MINALIGN;
const size_t RSHA_HASH_MAX_DESCSIZE = HASH_MAX_DESCSIZE;
#ifdef HASH_MAX_STATESIZE
const size_t RSHA_HASH_MAX_STATESIZE = HASH_MAX_STATESIZE;
#else /* 6.12: the export buffers are HASH_MAX_DESCSIZE */
const size_t RSHA_HASH_MAX_STATESIZE = HASH_MAX_DESCSIZE;
#endif
