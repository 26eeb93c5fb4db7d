/* SPDX-License-Identifier: GPL-2.0 */
/* The library's C helpers (helpers.c); bindgen reads this through bindings_helper.h. */
#ifndef RSHA_HELPERS_H
#define RSHA_HELPERS_H

#include <linux/threads.h>
#include <linux/types.h>

struct crypto_alg;
struct dentry;
struct seq_file;
struct static_key;

/*
 * The SHA instructions of a crypto unit (rust/rsha/cpu.rs `Feature`): the Crypto
 * Extensions; on x86_64 SHA-NI, SHA-1 and SHA-256 alike.
 */
enum rsha_ce_feature {
	RSHA_CE_SHA1 = 1,	/* arm64 FEAT_SHA1, ARM HWCAP2_SHA1 */
	RSHA_CE_SHA2 = 2,	/* arm64 FEAT_SHA256, ARM HWCAP2_SHA2 */
	RSHA_CE_SHA512 = 3,	/* arm64 FEAT_SHA512; none on 32-bit ARM, x86_64 */
};

/* The library's SIMD sections: kernel-mode NEON, x86_64's FPU sections. */
#if defined(CONFIG_KERNEL_MODE_NEON) || defined(CONFIG_X86_64)
#define RSHA_SIMD 1
bool rsha_cpu_has_vector(void);
bool rsha_cpu_has_ce(enum rsha_ce_feature feature);
#endif
/* crypto_simd_usable(): x86_64's export irq_fpu_usable() without the self-tests' hook. */
#if defined(CONFIG_X86_64) && !defined(CONFIG_UML) && \
	!defined(CONFIG_CRYPTO_SELFTESTS_FULL) && !defined(CONFIG_CRYPTO_MANAGER_EXTRA_TESTS)
#define RSHA_SIMD_USABLE_EXPORTED 1
bool rsha_simd_usable(void)
	__asm__("irq_fpu_usable");
#elif defined(RSHA_SIMD)
bool rsha_simd_usable(void);
#endif

bool rsha_cpu_runs_cores(void);
void rsha_preempt_disable(void);
void rsha_preempt_enable(void);
unsigned int rsha_this_cpu(void);
u32 rsha_cpu_type(void);
int rsha_cpuhp_setup(const char *name, int (*startup)(unsigned int cpu),
		     int (*teardown)(unsigned int cpu));
void rsha_cpuhp_remove(int state);
void rsha_static_key_set(struct static_key *key, bool enabled);

u32 rsha_ms_since(u64 start_ns);
u64 rsha_clock_ns(u32 step_ns);
struct dentry *rsha_debugfs_create_show(const char *name, struct dentry *parent,
					int (*show)(struct seq_file *m));

/* The self-test of a registered algorithm (rsha_alg_test()). */
enum rsha_test {
	RSHA_TEST_PENDING = 0,
	RSHA_TEST_PASSED = 1,	/* or no self-test runs */
	RSHA_TEST_FAILED = 2,
};

enum rsha_test rsha_alg_test(const struct crypto_alg *alg);

/*
 * A driver module's parameters (helpers.c: rsha_params_<module>()): unit, and with
 * CONFIG_CRYPTO_RSHA_STATS the test-only clock_step_ns (else 0).
 */
struct rsha_params {
	const char *unit;
	unsigned int clock_step_ns;
};

/* The size of the per-CPU tables of rust/rsha/select.rs (static: NR_CPUS). */
enum { RSHA_NR_CPUS = CONFIG_NR_CPUS };

/* The context of a caller (rsha_context()): rust/rsha/stats.rs `Context`. */
enum rsha_context {
	RSHA_CONTEXT_TASK = 0,		/* interrupts enabled */
	RSHA_CONTEXT_IRQS_OFF = 1,	/* task context, interrupts disabled */
	RSHA_CONTEXT_SOFTIRQ = 2,	/* serving a softirq */
	RSHA_CONTEXT_HARDIRQ = 3,	/* hardirq or NMI */
};

#ifdef CONFIG_CRYPTO_RSHA_STATS
enum rsha_context rsha_context(void);
#endif

#endif /* RSHA_HELPERS_H */
