/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The robustness test module's C helpers (test_helpers.c), declared again on
 * the Rust side (robustness_test.rs, tfm.rs).
 */
#ifndef RSHA_TEST_HELPERS_H
#define RSHA_TEST_HELPERS_H

#include <linux/types.h>

struct crypto_shash;
struct hrtimer;
struct shash_desc;

void rsha_crypto_free_shash(struct crypto_shash *tfm);
const char *rsha_crypto_shash_driver_name(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_digestsize(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_statesize(struct crypto_shash *tfm);
unsigned int rsha_crypto_shash_descsize(struct crypto_shash *tfm);
int rsha_crypto_shash_init(struct shash_desc *desc);
int rsha_crypto_shash_update(struct shash_desc *desc, const u8 *data,
			     unsigned int len);
int rsha_crypto_shash_final(struct shash_desc *desc, u8 *out);
void rsha_hrtimer_setup(struct hrtimer *timer,
			void (*function)(struct hrtimer *timer), bool hard);
void rsha_hrtimer_start(struct hrtimer *timer, u64 delay_ns, bool hard);
void rsha_hrtimer_cancel(struct hrtimer *timer);
unsigned long rsha_local_irq_save(void);
void rsha_local_irq_restore(unsigned long flags);
unsigned int rsha_nr_cpu_ids(void);

#endif /* RSHA_TEST_HELPERS_H */
