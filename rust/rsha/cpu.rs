// SPDX-License-Identifier: GPL-2.0

//! What the CPUs have and which CPU this is.
//!
//! C headers: [`asm/cpufeature.h`](srctree/arch/arm64/include/asm/cpufeature.h),
//! [`asm/cputype.h`](srctree/arch/arm64/include/asm/cputype.h),
//! [`asm/hwcap.h`](srctree/arch/arm/include/asm/hwcap.h).

use super::bindings;

/// Whether this CPU runs the assembly cores at all: every arm64 and x86_64 CPU; on 32-bit
/// ARM an ARMv7 or later one (a 7.3 kernel may be built for ARMv6 and ARMv7 CPUs at once).
pub fn runs_cores() -> bool {
    // SAFETY: reads the CPU's architecture version; callable in any context.
    unsafe { bindings::rsha_cpu_runs_cores() }
}

/// The SHA instructions of a crypto unit, with the values of `enum rsha_ce_feature`
/// (`helpers.h`): ARM's Crypto Extensions, x86_64's SHA extensions.
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
    /// The instructions, as messages name them, and the feature's name in `/proc/cpuinfo`.
    pub const fn names(self) -> (&'static str, &'static str) {
        if cfg!(CONFIG_X86_64) {
            return ("SHA-NI", "sha_ni");
        }
        match self {
            Feature::Sha1 => ("SHA-1", "sha1"),
            Feature::Sha2 => ("SHA-256", "sha2"),
            Feature::Sha512 => ("SHA-512", "sha512"),
        }
    }
}

/// Whether the CPUs have `feature` and the SIMD unit it is part of (never without
/// `cfg(rsha_simd)`).
pub fn has(feature: Feature) -> bool {
    #[cfg(rsha_simd)]
    {
        // SAFETY: reads CPU feature flags; callable in any context.
        unsafe { bindings::rsha_cpu_has_ce(feature as bindings::rsha_ce_feature) }
    }
    #[cfg(not(rsha_simd))]
    {
        let _ = feature;
        false
    }
}

/// Number of CPU numbers: the size of a per-CPU table (`NR_CPUS`).
pub const NR_CPUS: usize = bindings::RSHA_NR_CPUS as usize;

/// The number of the CPU the caller runs on (a preemptible caller may have moved since).
#[inline]
pub fn this_cpu() -> usize {
    // SAFETY: `raw_smp_processor_id()` reads this CPU's number; any context.
    unsafe { bindings::rsha_this_cpu() as usize }
}

/// The type of the CPU the caller runs on, bound to it: the MIDR's implementer and part
/// number on ARM; vendor, family, model and hybrid core type on x86_64.
pub fn this_cpu_type() -> u32 {
    // SAFETY: reads this CPU's Main ID Register; any context.
    unsafe { bindings::rsha_cpu_type() }
}
