// SPDX-License-Identifier: GPL-2.0
/*
 * The robustness test module's C helpers (rust/testing/robustness_test.rs,
 * tfm.rs, which declare them): the consumer side of the shash API, whose
 * functions are static inlines from 6.16 on, an hrtimer that calls back in
 * hardirq or softirq context, and interrupts off.
 */

#include <crypto/hash.h>
#include <linux/hrtimer.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/types.h>

#include "test_helpers.h"

/* The consumer API (tfm.rs). */
void rsha_crypto_free_shash(struct crypto_shash *tfm)
{
	crypto_free_shash(tfm);
}

const char *rsha_crypto_shash_driver_name(struct crypto_shash *tfm)
{
	return crypto_shash_driver_name(tfm);
}

unsigned int rsha_crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return crypto_shash_digestsize(tfm);
}

unsigned int rsha_crypto_shash_statesize(struct crypto_shash *tfm)
{
	return crypto_shash_statesize(tfm);
}

unsigned int rsha_crypto_shash_descsize(struct crypto_shash *tfm)
{
	return crypto_shash_descsize(tfm);
}

int rsha_crypto_shash_init(struct shash_desc *desc)
{
	return crypto_shash_init(desc);
}

/* Functions on 6.12, static inlines over crypto_shash_finup() from 6.16 on. */
int rsha_crypto_shash_update(struct shash_desc *desc, const u8 *data,
			     unsigned int len)
{
	return crypto_shash_update(desc, data, len);
}

int rsha_crypto_shash_final(struct shash_desc *desc, u8 *out)
{
	return crypto_shash_final(desc, out);
}

/*
 * A one-shot CLOCK_MONOTONIC hrtimer whose callback runs in hardirq context
 * (hard) or in softirq context. hrtimer_setup() replaced hrtimer_init() and
 * the assignment of the callback in 6.13 (RSHA_HRTIMER_SETUP, from Kbuild).
 */
static enum hrtimer_mode rsha_hrtimer_mode(bool hard)
{
	return hard ? HRTIMER_MODE_REL_HARD : HRTIMER_MODE_REL_SOFT;
}

/*
 * The timers call function(timer) through rsha_hrtimer_call(), a C function,
 * and never a Rust one directly: kCFI hashes the type of an indirect call's
 * target, and C's hash of enum hrtimer_restart (*)(struct hrtimer *) names the
 * enum, where rustc sees the integer type bindgen makes of it, so a Rust
 * callback returning it traps in a kernel with CONFIG_CFI. The one user (the
 * robustness test) passes the same function for every timer.
 */
static void (*rsha_hrtimer_function)(struct hrtimer *timer);

static enum hrtimer_restart rsha_hrtimer_call(struct hrtimer *timer)
{
	READ_ONCE(rsha_hrtimer_function)(timer);
	return HRTIMER_NORESTART;
}

void rsha_hrtimer_setup(struct hrtimer *timer,
			void (*function)(struct hrtimer *timer), bool hard)
{
	WRITE_ONCE(rsha_hrtimer_function, function);
#ifdef RSHA_HRTIMER_SETUP
	hrtimer_setup(timer, rsha_hrtimer_call, CLOCK_MONOTONIC,
		      rsha_hrtimer_mode(hard));
#else
	hrtimer_init(timer, CLOCK_MONOTONIC, rsha_hrtimer_mode(hard));
	timer->function = rsha_hrtimer_call;
#endif
}

void rsha_hrtimer_start(struct hrtimer *timer, u64 delay_ns, bool hard)
{
	hrtimer_start(timer, ns_to_ktime(delay_ns), rsha_hrtimer_mode(hard));
}

void rsha_hrtimer_cancel(struct hrtimer *timer)
{
	hrtimer_cancel(timer);
}

/* Hashing with interrupts off. */
unsigned long rsha_local_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

void rsha_local_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

/* nr_cpu_ids: a variable on SMP kernels, a constant on others (User-Mode Linux). */
unsigned int rsha_nr_cpu_ids(void)
{
	return nr_cpu_ids;
}
