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
#include <linux/jump_label.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/types.h>
#include <asm/cpufeature.h>
#ifdef CONFIG_X86_64
#ifndef CONFIG_UML
#include <asm/cpu_device_id.h>
#ifdef RSHA_CPUID_API	/* Kbuild: 6.15 on */
#include <asm/cpuid/api.h>
#else
#include <asm/cpuid.h>
#endif
#endif
#include <asm/fpu/api.h>
#include <asm/processor.h>
#else
#include <asm/cputype.h>
#endif

#include "helpers.h"

#ifdef CONFIG_X86_64
/*
 * The vector unit: AVX2 with BMI2 (rorx, andn) and the YMM state enabled by the kernel
 * (User-Mode Linux: by the host, which saves it with the process); the crypto unit:
 * SHA-NI, with the SSSE3 and SSE4.1 shuffles its cores use.
 */
__weak bool rsha_cpu_has_vector(void)
{
	if (!boot_cpu_has(X86_FEATURE_AVX2) || !boot_cpu_has(X86_FEATURE_BMI1) ||
	    !boot_cpu_has(X86_FEATURE_BMI2))
		return false;
#ifdef CONFIG_UML
	return true;
#else
	return cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
#endif
}

__weak bool rsha_cpu_has_ce(enum rsha_ce_feature feature)
{
	return feature != RSHA_CE_SHA512 && boot_cpu_has(X86_FEATURE_SHA_NI) &&
	       boot_cpu_has(X86_FEATURE_SSSE3) && boot_cpu_has(X86_FEATURE_XMM4_1);
}

#ifndef CONFIG_UML
/* The exports have the types rust/rsha/simd.rs and helpers.h declare them with. */
static_assert(__same_type(&kernel_fpu_begin_mask, void (*)(unsigned int)) &&
	      __same_type(&kernel_fpu_end, void (*)(void)) &&
	      __same_type(&irq_fpu_usable, bool (*)(void)));
#endif
#endif

#ifdef CONFIG_KERNEL_MODE_NEON
#include <asm/hwcap.h>
#include <asm/neon.h>

__weak bool rsha_cpu_has_vector(void)
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
	if (!rsha_cpu_has_vector())
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

#if defined(RSHA_SIMD) && !defined(RSHA_SIMD_USABLE_EXPORTED)
/*
 * crypto_simd_usable(), and on 32-bit ARM interrupts on: kernel_neon_end() re-enables
 * softirqs, which lockdep reports with interrupts off.
 */
__weak bool rsha_simd_usable(void)
{
#ifdef CONFIG_ARM
	if (irqs_disabled())
		return false;
#endif
	return crypto_simd_usable();
}
#endif

/*
 * ARMv7 or later, as the cores need: the revised CPUID scheme (which the ARM1176 also
 * has) and a VMSAv7 or PMSAv7 memory model (cpu_architecture() is not exported). Any
 * x86_64 CPU.
 */
__weak bool rsha_cpu_runs_cores(void)
{
#if defined(CONFIG_ARM64) || defined(CONFIG_X86_64) || __LINUX_ARM_ARCH__ >= 7
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

#if defined(CONFIG_X86_64) && defined(CONFIG_UML)
/* User-Mode Linux knows no CPU model: one type. */
__weak u32 rsha_cpu_type(void)
{
	return 1;
}
#elif defined(CONFIG_X86_64)
/*
 * Vendor, family and model; on hybrid CPUs also the core type (CPUID leaf 0x1a), in which
 * performance and efficiency cores differ.
 */
__weak u32 rsha_cpu_type(void)
{
	const struct cpuinfo_x86 *c = &cpu_data(raw_smp_processor_id());
	u32 core_type = 0;

	if (boot_cpu_has(X86_FEATURE_HYBRID_CPU))
		core_type = cpuid_eax(0x1a) >> 24;
	return (u32)c->x86_vendor << 24 | (u32)c->x86 << 16 | (u32)c->x86_model << 8 |
	       core_type;
}
#else
/* The MIDR's implementer and part number: big and LITTLE cores differ. */
__weak u32 rsha_cpu_type(void)
{
	return read_cpuid_id() & 0xff00fff0;
}
#endif

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

/* In a CPU hotplug callback (CPUs locked); inline C without CONFIG_JUMP_LABEL. */
__weak void rsha_static_key_set(struct static_key *key, bool enabled)
{
	if (enabled)
		static_key_enable_cpuslocked(key);
	else
		static_key_disable_cpuslocked(key);
}

/*
 * The self-test of a registered algorithm: passed (or none runs), failed, or still
 * pending. Until the test has ended, its larval holds a reference to the algorithm
 * (crypto_alloc_test_larval()), dropped when the larval goes after crypto_alg_tested();
 * and while the algorithm is untested no lookup hands it out, so nothing else holds one
 * for longer than a failed lookup. Failed: untested with no reference but the
 * registration's own (crypto_check_alg()).
 */
__weak enum rsha_test rsha_alg_test(const struct crypto_alg *alg)
{
	if (READ_ONCE(alg->cra_flags) & CRYPTO_ALG_TESTED)
		return RSHA_TEST_PASSED;
	if (refcount_read(&alg->cra_refcnt) > 1)
		return RSHA_TEST_PENDING;
	/* The flag is set before the larval's reference is dropped: read it again. */
	smp_rmb();
	if (READ_ONCE(alg->cra_flags) & CRYPTO_ALG_TESTED)
		return RSHA_TEST_PASSED;
	return RSHA_TEST_FAILED;
}

/* Milliseconds since start_ns (ktime_get()): Rust has no 64-bit division on 32-bit ARM. */
__weak u32 rsha_ms_since(u64 start_ns)
{
	return div_u64(ktime_get_ns() - start_ns, NSEC_PER_MSEC);
}

/* The monotonic clock rounded down to a multiple of step_ns (above 0). */
__weak u64 rsha_clock_ns(u32 step_ns)
{
	u64 t = ktime_get_ns();
	u32 rest;

	div_u64_rem(t, step_ns, &rest);
	return t - rest;
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
#ifdef CONFIG_X86_64
MODULE_PARM_DESC(unit, "Unit the selected driver runs: auto (fastest measured per CPU type, the default), scalar, avx2 or ni");
#else
MODULE_PARM_DESC(unit, "Unit the selected driver runs: auto (fastest measured per CPU type, the default), scalar, neon or ce");
#endif

/*
 * Test only: the unit choice's clock coarsened to steps of this many nanoseconds
 * (rust/rsha/select.rs), to show that the choice holds on a coarse clock.
 */
#ifdef CONFIG_CRYPTO_RSHA_STATS
static unsigned int rsha_clock_step_ns;
module_param_named(clock_step_ns, rsha_clock_step_ns, uint, 0444);
MODULE_PARM_DESC(clock_step_ns, "Test only: the unit choice sees the clock in steps of this many ns (0: as it is)");
#else
#define rsha_clock_step_ns 0
#endif

#define RSHA_PARAMS_FN __PASTE(rsha_params_, RSHA_MODNAME)
const struct rsha_params *RSHA_PARAMS_FN(void);
const struct rsha_params *RSHA_PARAMS_FN(void)
{
	static struct rsha_params params;

	/* Read-only parameters (0444): the values of the module's load. */
	params.unit = rsha_unit;
	params.clock_step_ns = rsha_clock_step_ns;
	return &params;
}

/*
 * Loaded at boot by udev's coldplug, as module_cpu_feature_match() has the arch crypto
 * modules loaded, on a feature every CPU they run on has: arm64 FP; 32-bit ARM the TLS
 * register (ARMv6K and later; init refuses an ARMv6K CPU); x86_64 the FPU, as the x86
 * crypto modules match their CPU features.
 */
#if defined(CONFIG_X86_64) && defined(CONFIG_UML)
/* User-Mode Linux: no CPU modaliases. */
#elif defined(CONFIG_X86_64)
static const struct x86_cpu_id rsha_cpu_features[] = {
	X86_MATCH_FEATURE(X86_FEATURE_FPU, NULL),
	{}
};
MODULE_DEVICE_TABLE(x86cpu, rsha_cpu_features);
#else
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
