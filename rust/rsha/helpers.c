// SPDX-License-Identifier: GPL-2.0
/*
 * The library's C helpers (helpers.h): macros and static inlines for Rust. Compiled into
 * every module; weak, so that modules built in share one copy. RSHA_MODNAME is the
 * module's name (Kbuild would name the object's), for the parameter and pr_*().
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
#include <asm/hwcap.h>
#include <asm/neon.h>

/*
 * crypto_simd_usable(), and on 32-bit ARM interrupts on: kernel_neon_end() re-enables
 * softirqs, which lockdep reports with interrupts off.
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
 * arm64: the system-wide capabilities, which a CPU brought online later must also have.
 * 32-bit ARM: the hwcaps, from the boot CPU (the kernel assumes the others match).
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
 * ARMv7 or later, as the cores need: the revised CPUID scheme (which the ARM1176 also
 * has) and a VMSAv7 or PMSAv7 memory model (cpu_architecture() is not exported).
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

__weak unsigned int rsha_this_cpu(void)
{
	return raw_smp_processor_id();
}

/* The MIDR's implementer and part number: big and LITTLE cores differ. */
__weak u32 rsha_cpu_type(void)
{
	return read_cpuid_id() & 0xff00fff0;
}

/* startup(cpu) runs on every CPU online now or later, in its hotplug thread. */
__weak int rsha_cpuhp_setup(const char *name, int (*startup)(unsigned int cpu),
			    int (*teardown)(unsigned int cpu))
{
	return cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, name, startup, teardown);
}

__weak void rsha_cpuhp_remove(int state)
{
	cpuhp_remove_state(state);
}

/* Whether the self-test of a registered algorithm has passed (or none runs). */
__weak bool rsha_alg_tested(const struct crypto_alg *alg)
{
	return READ_ONCE(alg->cra_flags) & CRYPTO_ALG_TESTED;
}

/* Milliseconds since start_ns (ktime_get()): Rust has no 64-bit division on 32-bit ARM. */
__weak u32 rsha_ms_since(u64 start_ns)
{
	return div_u64(ktime_get_ns() - start_ns, NSEC_PER_MSEC);
}

/* A read-only debugfs file whose text show(m), kept in i_private, writes at each open. */
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

/* A driver module's "unit" parameter, read by a function named after the module. */
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
 * Loaded at boot by udev's coldplug, as module_cpu_feature_match() has the arch crypto
 * modules loaded, on a feature every CPU they run on has: arm64 FP; 32-bit ARM the TLS
 * register (ARMv6K and later; init refuses an ARMv6K CPU).
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
