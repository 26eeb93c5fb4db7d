// SPDX-License-Identifier: GPL-2.0

//! The CPU as the library sees it: its units, their features, which CPU and type this is,
//! and the clock. The leaf of the library: it imports only the generated bindings.
//!
//! C headers: [`asm/cpufeature.h`](srctree/arch/arm64/include/asm/cpufeature.h),
//! [`asm/cputype.h`](srctree/arch/arm64/include/asm/cputype.h),
//! [`asm/hwcap.h`](srctree/arch/arm/include/asm/hwcap.h).

use super::bindings;

/// A unit: the core that compresses blocks. The numbers index tables; `1 + u` encodes
/// unit `u` where 0 means none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unit {
    /// The scalar core.
    Scalar = 0,
    /// The vector core: NEON on ARM, AVX2 on x86_64.
    Vector = 1,
    /// The core with the SHA instructions: the Crypto Extensions on ARM, the SHA
    /// extensions (SHA-NI) on x86_64.
    Crypto = 2,
}

/// The units in the order they are tried and shown, the cheaper first.
pub const UNITS: [Unit; 3] = [Unit::Scalar, Unit::Vector, Unit::Crypto];

/// The name of a unit in the parameter, messages, debugfs and driver names.
pub fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Scalar => "scalar",
        Unit::Vector if cfg!(CONFIG_X86_64) => "avx2",
        Unit::Vector => "neon",
        Unit::Crypto if cfg!(CONFIG_X86_64) => "ni",
        Unit::Crypto => "ce",
    }
}

/// Whether this CPU runs the assembly cores at all: every arm64 and x86_64 CPU; on 32-bit
/// ARM an ARMv7 or later one (a 7.3 kernel may be built for ARMv6 and ARMv7 CPUs at once).
pub fn runs_cores() -> bool {
    // SAFETY: reads the CPU's architecture version; callable in any context.
    unsafe { bindings::rsha_cpu_runs_cores() }
}

/// The vector unit's feature in `/proc/cpuinfo`, for messages.
pub const VECTOR_CPUINFO: &str = if cfg!(CONFIG_X86_64) {
    "avx2"
} else if cfg!(CONFIG_ARM64) {
    "asimd"
} else {
    "neon"
};

/// Whether the CPUs have the vector unit: NEON (Advanced SIMD); on x86_64 AVX2 and BMI2,
/// with the YMM state enabled.
pub fn has_vector() -> bool {
    #[cfg(rsha_simd)]
    // SAFETY: reads CPU feature flags; callable in any context.
    return unsafe { bindings::rsha_cpu_has_vector() };
    #[cfg(not(rsha_simd))]
    false
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
/// number on ARM; vendor, family and model (with the hybrid core type) on x86_64; plus, in
/// the test builds, its digit of [`FAKE_CPU_TYPES`].
pub fn this_cpu_type() -> u32 {
    // SAFETY: reads this CPU's Main ID Register; any context.
    let id = unsafe { bindings::rsha_cpu_type() };
    #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
    return id.wrapping_add(
        FAKE_CPU_TYPES
            .load(core::sync::atomic::Ordering::Relaxed)
            .checked_shr(4 * this_cpu() as u32)
            .map_or(0, |digits| digits as u32 & 15),
    );
    #[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
    id
}

/// Test only, for several CPU types on one machine: hexadecimal digit `n` of the value
/// (from the right) is added to the type of CPU `n`, for CPUs 0 to 15 (debugfs
/// `<module>/fake_cpu_types`, read at a CPU's onlining). Real types end in 4 zero bits on
/// ARM and x86_64: a digit makes a type of its own.
#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
pub static FAKE_CPU_TYPES: core::sync::atomic::AtomicU64 = core::sync::atomic::AtomicU64::new(0);

/// The monotonic clock, in nanoseconds.
pub fn now_ns() -> u64 {
    // SAFETY: `ktime_get()` reads the monotonic clock; any context but NMI (no caller).
    let t = unsafe { bindings::ktime_get() };
    t.max(0) as u64
}

/// The clock as a measurement sees it: [`now_ns`], or with `coarse_ns` above 1 rounded
/// down to a multiple of it (the test-only parameter `clock_step_ns`).
pub fn clock_ns(coarse_ns: u32) -> u64 {
    if coarse_ns <= 1 {
        return now_ns();
    }
    // SAFETY: reads the monotonic clock (the division is C's: none in Rust on 32-bit ARM).
    unsafe { bindings::rsha_clock_ns(coarse_ns) }
}

/// The step of [`clock_ns`]`(coarse_ns)`: the smallest advance seen between two reads in a
/// busy loop, over up to 8 advances, in at most 2 ms; so the clock's resolution or the
/// cost of a read, whichever is larger. At least 1.
pub fn clock_step_ns(coarse_ns: u32) -> u64 {
    let start = clock_ns(coarse_ns);
    let (mut last, mut step) = (start, u64::MAX);
    // The first advance may be partial (the loop starts within a step): not counted.
    let mut advances = 0;
    while advances < 9 && last.saturating_sub(start) < 2_000_000 {
        let t = clock_ns(coarse_ns);
        if t != last {
            if advances > 0 {
                step = step.min(t.saturating_sub(last));
            }
            advances += 1;
            last = t;
        }
    }
    // Fewer than two advances in 2 ms: the time they took, a lower bound.
    if step == u64::MAX {
        step = last.saturating_sub(start);
    }
    step.max(1)
}
