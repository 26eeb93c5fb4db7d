// SPDX-License-Identifier: GPL-2.0

//! What the CPUs have and which CPU this is: the Crypto Extensions features,
//! CPU types (MIDR implementer and part number) and CPU numbers.
//!
//! C headers: [`asm/cpufeature.h`](srctree/arch/arm64/include/asm/cpufeature.h),
//! [`asm/cputype.h`](srctree/arch/arm64/include/asm/cputype.h),
//! [`asm/hwcap.h`](srctree/arch/arm/include/asm/hwcap.h).

use super::bindings;

/// Whether this CPU runs the assembly cores at all: every arm64 CPU; on 32-bit
/// ARM an ARMv7 or later one. A 7.3 kernel may be built for ARMv6 and ARMv7
/// CPUs at once (Rust allows it since 6.15), and such a kernel on an ARMv6
/// CPU must not load the drivers, whose cores use ARMv7 instructions.
pub fn runs_cores() -> bool {
    // SAFETY: reads the CPU's architecture version; callable in any context.
    unsafe { bindings::rsha_cpu_is_armv7() }
}

/// A Crypto Extensions feature, with the values of `enum rsha_ce_feature`
/// (`helpers.h`), which `rsha_cpu_has_ce()` takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Feature {
    /// The SHA-1 instructions (arm64 `FEAT_SHA1`, 32-bit ARM `HWCAP2_SHA1`).
    Sha1 = bindings::rsha_ce_feature_RSHA_CE_SHA1,
    /// The SHA-256 instructions (arm64 `FEAT_SHA256`, 32-bit ARM `HWCAP2_SHA2`).
    Sha2 = bindings::rsha_ce_feature_RSHA_CE_SHA2,
    /// The SHA-512 instructions (arm64 `FEAT_SHA512`; 32-bit ARM has none).
    Sha512 = bindings::rsha_ce_feature_RSHA_CE_SHA512,
}

impl Feature {
    /// The instructions the feature stands for, as messages name them.
    pub const fn instructions(self) -> &'static str {
        match self {
            Feature::Sha1 => "SHA-1",
            Feature::Sha2 => "SHA-256",
            Feature::Sha512 => "SHA-512",
        }
    }

    /// The name the kernel gives the feature in `/proc/cpuinfo`.
    pub const fn cpuinfo_name(self) -> &'static str {
        match self {
            Feature::Sha1 => "sha1",
            Feature::Sha2 => "sha2",
            Feature::Sha512 => "sha512",
        }
    }
}

/// Whether the CPUs have `feature` (and NEON, which the instructions need), as
/// the kernel's own capability checks say. False without
/// `CONFIG_KERNEL_MODE_NEON`.
pub fn has(feature: Feature) -> bool {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    {
        // SAFETY: reads CPU feature flags; callable in any context.
        unsafe { bindings::rsha_cpu_has_ce(feature as bindings::rsha_ce_feature) }
    }
    #[cfg(not(CONFIG_KERNEL_MODE_NEON))]
    {
        let _ = feature;
        false
    }
}

/// Number of CPU numbers: the size of a per-CPU table (`NR_CPUS`).
pub const NR_CPUS: usize = bindings::RSHA_NR_CPUS as usize;

/// The number of the CPU the caller runs on. A preemptible caller may be
/// on another CPU by the time it uses the number: it serves for choices that
/// stay sound on any CPU (which unit to run), never for per-CPU data.
#[inline]
pub fn this_cpu() -> usize {
    // SAFETY: `raw_smp_processor_id()` reads this CPU's number; any context.
    unsafe { bindings::rsha_this_cpu() as usize }
}

/// The type of the CPU the caller runs on: its MIDR with the variant and
/// revision fields masked out (implementer and part number remain), so that
/// two cores of one design have one type and big and LITTLE cores have two.
/// The caller must be bound to its CPU (a CPU hotplug callback, for one).
pub fn this_cpu_type() -> u32 {
    // SAFETY: reads this CPU's Main ID Register; any context.
    unsafe { bindings::rsha_cpu_type() }
}
