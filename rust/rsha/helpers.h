/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The library's C helpers (helpers.c): the static inline functions and macros
 * of the C API that Rust cannot call directly. bindgen reads this header
 * through bindings_helper.h.
 */
#ifndef RSHA_HELPERS_H
#define RSHA_HELPERS_H

#include <linux/threads.h>
#include <linux/types.h>

struct crypto_shash;
struct dentry;
struct seq_file;
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
bool rsha_cpu_has_ce(int feature);
#endif

void rsha_preempt_disable(void);
void rsha_preempt_enable(void);
unsigned int rsha_this_cpu(void);
u32 rsha_cpu_type(void);
int rsha_cpuhp_setup(const char *name, int (*startup)(unsigned int cpu),
		     int (*teardown)(unsigned int cpu));
void rsha_cpuhp_remove(int state);
struct dentry *rsha_debugfs_create_show(const char *name, struct dentry *parent,
					int (*show)(struct seq_file *m));

/*
 * The size of the per-CPU tables of rust/rsha/select.rs, indexed by CPU
 * number (static, so the largest number the kernel allows: NR_CPUS).
 */
enum { RSHA_NR_CPUS = CONFIG_NR_CPUS };

#ifdef CONFIG_CRYPTO_RSHA_STATS
unsigned long rsha_local_irq_save(void);
void rsha_local_irq_restore(unsigned long flags);
int rsha_context(void);
#endif

#endif /* RSHA_HELPERS_H */
