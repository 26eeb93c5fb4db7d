// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers for the Rust crypto abstraction (rust/rsha/mod.rs): what bindgen
 * cannot see because it is a macro or a static inline.
 */

#include <asm/simd.h>
#include <crypto/hash.h>
#include <crypto/internal/simd.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/types.h>

/* The consumer API (rust/rsha/tfm.rs). */
void rust_helper_crypto_free_shash(struct crypto_shash *tfm)
{
	crypto_free_shash(tfm);
}

const char *rust_helper_crypto_shash_driver_name(struct crypto_shash *tfm)
{
	return crypto_shash_driver_name(tfm);
}

unsigned int rust_helper_crypto_shash_digestsize(struct crypto_shash *tfm)
{
	return crypto_shash_digestsize(tfm);
}

unsigned int rust_helper_crypto_shash_statesize(struct crypto_shash *tfm)
{
	return crypto_shash_statesize(tfm);
}

unsigned int rust_helper_crypto_shash_descsize(struct crypto_shash *tfm)
{
	return crypto_shash_descsize(tfm);
}

int rust_helper_crypto_shash_init(struct shash_desc *desc)
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
bool rust_helper_rsha_simd_usable(void)
{
	return !irqs_disabled() && crypto_simd_usable();
}

bool rust_helper_rsha_cpu_has_neon(void)
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
void rust_helper_rsha_preempt_disable(void)
{
	preempt_disable();
}

void rust_helper_rsha_preempt_enable(void)
{
	preempt_enable();
}

unsigned long rust_helper_rsha_local_irq_save(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

void rust_helper_rsha_local_irq_restore(unsigned long flags)
{
	local_irq_restore(flags);
}

/* The context of the caller, as rust/rsha/stats.rs `Context` numbers it. */
int rust_helper_rsha_context(void)
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
