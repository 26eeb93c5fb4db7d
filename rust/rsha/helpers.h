/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The library's C helpers (helpers.c): the static inline functions and macros
 * of the C API that Rust cannot call directly. bindgen reads this header
 * through bindings_helper.h.
 */
#ifndef RSHA_HELPERS_H
#define RSHA_HELPERS_H

#include <linux/types.h>

struct crypto_shash;
struct shash_desc;

void rsha_crypto_free_shash(struct crypto_shash *tfm);
const char *rsha_crypto_shash_driver_name(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_digestsize(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_statesize(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_descsize(struct crypto_shash *tfm);
int rsha_crypto_shash_init(struct shash_desc *desc);

#ifdef CONFIG_KERNEL_MODE_NEON
bool rsha_simd_usable(void);
bool rsha_cpu_has_neon(void);
#endif

#ifdef CONFIG_CRYPTO_RSHA_STATS
void rsha_preempt_disable(void);
void rsha_preempt_enable(void);
unsigned long rsha_local_irq_save(void);
void rsha_local_irq_restore(unsigned long flags);
int rsha_context(void);
#endif

#endif /* RSHA_HELPERS_H */
