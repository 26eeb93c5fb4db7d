// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers for the Rust crypto abstraction (rust/kernel/crypto.rs): what bindgen
 * cannot see because it is a macro or a static inline.
 */

#include <asm/simd.h>
#include <crypto/internal/simd.h>
#include <linux/types.h>

#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/cpufeature.h>
#include <asm/neon.h>

bool rust_helper_crypto_simd_usable(void)
{
	return crypto_simd_usable();
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
