// SPDX-License-Identifier: GPL-2.0
/*
 * The library's C helpers: what Rust cannot call because it is a macro or a
 * static inline (declared in helpers.h). Compiled into every module of this
 * project; the definitions are weak, so that modules built into the kernel
 * share one copy instead of clashing at link time.
 */

/*
 * Kbuild names the module of this object after the object (helpers_<module>);
 * Kbuild of this project passes the module's real name as RSHA_MODNAME, for
 * the prefix of the parameter below (built in: "<module>.unit") and pr_*().
 */
#include <linux/stringify.h>
#ifdef RSHA_MODNAME
#undef KBUILD_MODNAME
#define KBUILD_MODNAME __stringify(RSHA_MODNAME)
/* From 6.17 on MODULE_DEVICE_TABLE() names the module with this token. */
#undef __KBUILD_MODNAME
#define __KBUILD_MODNAME RSHA_MODNAME
#endif

#include <asm/simd.h>
#include <crypto/hash.h>
#include <crypto/internal/simd.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/types.h>
#include <asm/cpufeature.h>
#include <asm/cputype.h>

#include "helpers.h"

#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/cpufeature.h>
#include <asm/hwcap.h>
#include <asm/neon.h>

/*
 * Whether SIMD may be used now: crypto_simd_usable(), an inline check, and on
 * 32-bit ARM interrupts enabled (its may_use_simd() allows NEON with
 * interrupts off, but kernel_neon_end() then re-enables softirqs with
 * interrupts off, which lockdep reports). Rust then calls kernel_neon_begin()
 * and kernel_neon_end() directly.
 */
__weak bool rsha_simd_usable(void)
{
#ifndef CONFIG_ARM64
	if (irqs_disabled())
		return false;
#endif
	return crypto_simd_usable();
}

__weak bool rsha_cpu_has_neon(void)
{
#ifdef CONFIG_ARM64
	return cpu_have_named_feature(ASIMD);
#else
	return cpu_has_neon();
#endif
}

/*
 * Whether the system's CPUs have the SHA instructions of the Crypto
 * Extensions named by feature. arm64: the system-wide (sanitised)
 * capabilities, which a CPU brought online later must also have, or the
 * kernel refuses it. 32-bit ARM: the hwcaps, set from the boot CPU (the ARMv7
 * kernel assumes the others match). 32-bit ARM has no SHA-512 instructions.
 */
__weak bool rsha_cpu_has_ce(enum rsha_ce_feature feature)
{
	if (!rsha_cpu_has_neon())
		return false;
	switch (feature) {
#ifdef CONFIG_ARM64
	case RSHA_CE_SHA1:
		return cpu_have_named_feature(SHA1);
	case RSHA_CE_SHA2:
		return cpu_have_named_feature(SHA2);
	case RSHA_CE_SHA512:
		return cpu_have_named_feature(SHA512);
#else
	case RSHA_CE_SHA1:
		return elf_hwcap2 & HWCAP2_SHA1;
	case RSHA_CE_SHA2:
		return elf_hwcap2 & HWCAP2_SHA2;
	case RSHA_CE_SHA512:
		break;
#endif
	}
	return false;
}
#endif

/*
 * ARMv7 or later (arm64: always): what the assembly cores need. A kernel
 * built for ARMv7 only (__LINUX_ARM_ARCH__ 7) runs on nothing older. One
 * built for ARMv6 too tells them apart as the ARM ARM says: the revised
 * CPUID scheme (MIDR architecture field 0xf, which the ARM1176 also has)
 * and a VMSAv7 or PMSAv7 memory model in ID_MMFR0. (The kernel's
 * cpu_architecture() is not exported to modules.)
 */
__weak bool rsha_cpu_is_armv7(void)
{
#if defined(CONFIG_ARM64) || __LINUX_ARM_ARCH__ >= 7
	return true;
#else
	u32 mmfr0;

	if ((read_cpuid_id() & 0x000f0000) != 0x000f0000)
		return false;
	mmfr0 = read_cpuid_ext(CPUID_EXT_MMFR0);
	return (mmfr0 & 0xf) >= 3 || ((mmfr0 >> 4) & 0xf) >= 3;
#endif
}

__weak void rsha_preempt_disable(void)
{
	preempt_disable();
}

__weak void rsha_preempt_enable(void)
{
	preempt_enable();
}

/* The number of the CPU this runs on (the caller may be preemptible). */
__weak unsigned int rsha_this_cpu(void)
{
	return raw_smp_processor_id();
}

/*
 * The type of the CPU this runs on: the implementer and part number fields
 * of its Main ID Register (MIDR), variant and revision masked out, so that
 * the cores of one design share a type and big and LITTLE cores do not.
 */
__weak u32 rsha_cpu_type(void)
{
	return read_cpuid_id() & 0xff00fff0;
}

/*
 * A dynamic CPU hotplug state in the online section: startup(cpu) runs on
 * every CPU that is online now and on every CPU that comes online later, in
 * that CPU's hotplug thread (task context, bound to the CPU); teardown(cpu)
 * runs on a CPU about to go offline. Returns the state number for
 * rsha_cpuhp_remove(), or a negative error code.
 */
__weak int rsha_cpuhp_setup(const char *name, int (*startup)(unsigned int cpu),
			    int (*teardown)(unsigned int cpu))
{
	return cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, name, startup, teardown);
}

__weak void rsha_cpuhp_remove(int state)
{
	cpuhp_remove_state(state);
}

/*
 * Whether the self-test of a registered algorithm has passed (or the kernel
 * runs none): the crypto API sets CRYPTO_ALG_TESTED under its lock; a plain
 * read of the flags, polled, sees it.
 */
__weak bool rsha_alg_tested(const struct crypto_alg *alg)
{
	return READ_ONCE(alg->cra_flags) & CRYPTO_ALG_TESTED;
}

/* Milliseconds since start_ns (ktime_get()): 32-bit ARM has no 64-bit
 * division for Rust.
 */
__weak u32 rsha_ms_since(u64 start_ns)
{
	return div_u64(ktime_get_ns() - start_ns, NSEC_PER_MSEC);
}

/*
 * A read-only debugfs file whose contents show(m) writes (with seq_write())
 * each time the file is opened; show is kept in the inode's private data.
 */
static int rsha_debugfs_show(struct seq_file *m, void *v)
{
	int (*show)(struct seq_file *m) = m->private;

	return show(m);
}

static int rsha_debugfs_open(struct inode *inode, struct file *file)
{
	return single_open(file, rsha_debugfs_show, inode->i_private);
}

static const struct file_operations rsha_debugfs_fops = {
	.owner = THIS_MODULE,
	.open = rsha_debugfs_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

__weak struct dentry *rsha_debugfs_create_show(const char *name,
					       struct dentry *parent,
					       int (*show)(struct seq_file *m))
{
	return debugfs_create_file(name, 0444, parent, show, &rsha_debugfs_fops);
}

/*
 * The driver modules' "unit" parameter (rust/rsha/select.rs). Each driver
 * module has its own, so the function that returns it carries the module's
 * name: modules built into the kernel must not share one.
 */
#ifdef RSHA_UNIT_PARAM
static char rsha_unit[8] = "auto";
module_param_string(unit, rsha_unit, sizeof(rsha_unit), 0444);
MODULE_PARM_DESC(unit, "Unit the selected driver runs: auto (fastest measured per CPU type, the default), scalar, neon or ce");

#define RSHA_UNIT_PARAM_FN __PASTE(rsha_unit_param_, RSHA_MODNAME)
const char *RSHA_UNIT_PARAM_FN(void);
const char *RSHA_UNIT_PARAM_FN(void)
{
	return rsha_unit;
}

/*
 * Loaded at boot by the CPU, as module_cpu_feature_match() has the in-tree
 * arch crypto modules loaded: a CPU device's modalias lists the CPU's
 * features (GENERIC_CPU_AUTOPROBE), and udev's coldplug loads every module
 * whose CPU device table matches. The feature named is one that every CPU
 * these modules run on has, so the alias matches them all: arm64 FP; on
 * 32-bit ARM the TLS register (ARMv6K and later, every ARMv7 CPU), whose
 * hwcap is in the low word that cpu_feature() does not cover. An ARMv6K CPU
 * matches too and the module refuses it at load with a message.
 */
static const struct cpu_feature rsha_cpu_features[] = {
#ifdef CONFIG_ARM64
	{ cpu_feature(FP) },
#else
	{ __hwcap_feature(TLS) },
#endif
	{}
};
MODULE_DEVICE_TABLE(cpu, rsha_cpu_features);
#endif

#ifdef CONFIG_CRYPTO_RSHA_STATS
/* The context of the caller. */
__weak enum rsha_context rsha_context(void)
{
	if (in_hardirq() || in_nmi())
		return RSHA_CONTEXT_HARDIRQ;
	if (in_serving_softirq())
		return RSHA_CONTEXT_SOFTIRQ;
	if (irqs_disabled())
		return RSHA_CONTEXT_IRQS_OFF;
	return RSHA_CONTEXT_TASK;
}
#endif
