// SPDX-License-Identifier: GPL-2.0
/*
 * The library's C helpers: what Rust cannot call because it is a macro or a
 * static inline (declared in helpers.h). Compiled into every module of this
 * project; the definitions are weak, so that modules built into the kernel
 * share one copy instead of clashing at link time.
 */

#include <asm/simd.h>
#include <crypto/hash.h>
#include <crypto/internal/simd.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/types.h>

#include "helpers.h"

/* The consumer API (rust/rsha/tfm.rs). */
__weak void rsha_crypto_free_shash(struct crypto_shash *tfm)
{
	crypto_free_shash(tfm);
}

__weak const char *rsha_crypto_shash_driver_name(struct crypto_shash *tfm)
{
	return crypto_shash_driver_name(tfm);
}

__weak unsigned int rsha_crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return crypto_shash_digestsize(tfm);
}

__weak unsigned int rsha_crypto_shash_statesize(struct crypto_shash *tfm)
{
	return crypto_shash_statesize(tfm);
}

__weak unsigned int rsha_crypto_shash_descsize(struct crypto_shash *tfm)
{
	return crypto_shash_descsize(tfm);
}

__weak int rsha_crypto_shash_init(struct shash_desc *desc)
{
	return crypto_shash_init(desc);
}

#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/cpufeature.h>
#include <asm/neon.h>

/*
 * crypto_simd_usable(), and interrupts enabled: on 32-bit ARM may_use_simd()
 * allows NEON with interrupts off, but kernel_neon_end() then re-enables
 * softirqs with interrupts off, which lockdep reports. arm64's may_use_simd()
 * already checks this.
 */
__weak bool rsha_simd_usable(void)
{
	return !irqs_disabled() && crypto_simd_usable();
}

__weak bool rsha_cpu_has_neon(void)
{
#ifdef CONFIG_ARM64
	return cpu_have_named_feature(ASIMD);
#else
	return cpu_has_neon();
#endif
}
#endif

#ifdef CONFIG_CRYPTO_RSHA_STATS
/*
 * For the robustness test module (rust/testing/robustness_test.rs): hashing
 * with preemption or interrupts off.
 */
__weak void rsha_preempt_disable(void)
{
	preempt_disable();
}

__weak void rsha_preempt_enable(void)
{
	preempt_enable();
}

__weak unsigned long rsha_local_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

__weak void rsha_local_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

/* The context of the caller, as rust/rsha/stats.rs `Context` numbers it. */
__weak int rsha_context(void)
{
	if (in_hardirq() || in_nmi())
		return 3;
	if (in_serving_softirq())
		return 2;
	if (irqs_disabled())
		return 1;
	return 0;
}
#endif
