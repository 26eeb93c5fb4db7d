// SPDX-License-Identifier: GPL-2.0

//! Kernel-mode NEON: when it may be used, and bounded NEON sections.
//!
//! Without `CONFIG_KERNEL_MODE_NEON` (possible on 32-bit ARM) nothing here uses
//! NEON: [`cpu_has_neon`] is false and every block goes to the scalar core.
//!
//! C headers: [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h),
//! [`asm/neon.h`](srctree/arch/arm64/include/asm/neon.h).

use super::{
    md::Algorithm,
    stats::{CoreStats, Unit},
};
#[cfg(CONFIG_KERNEL_MODE_NEON)]
use crate::bindings;

/// Most bytes a core processes inside one `kernel_neon_begin()` section.
///
/// `kernel_neon_begin()` disables preemption (and on arm64 softirqs as well) until
/// `kernel_neon_end()`, so a long update is cut into sections of this size: 64
/// SHA-256 blocks or 32 SHA-512 blocks, a few microseconds on a Cortex-A53, the same
/// bound as the kernel's C glue. It is a multiple of every block size.
pub const NEON_SECTION_BYTES: usize = 4096;

/// Whether the CPU has NEON (Advanced SIMD). Checked once, at module init.
#[cfg(CONFIG_KERNEL_MODE_NEON)]
pub fn cpu_has_neon() -> bool {
    // SAFETY: reads CPU feature flags; callable in any context.
    unsafe { bindings::rsha_cpu_has_neon() }
}

/// Whether the CPU has NEON usable by the kernel: never without
/// `CONFIG_KERNEL_MODE_NEON`.
#[cfg(not(CONFIG_KERNEL_MODE_NEON))]
pub fn cpu_has_neon() -> bool {
    false
}

/// Whether kernel code may use the NEON registers now: `crypto_simd_usable()`
/// (false in hardirq context and while testmgr runs its "SIMD disabled" tests) and
/// interrupts enabled, which 32-bit ARM's `may_use_simd()` does not check but its
/// `kernel_neon_end()` needs.
#[cfg(CONFIG_KERNEL_MODE_NEON)]
#[inline]
pub fn simd_usable() -> bool {
    // SAFETY: only reads per-CPU, preemption and IRQ state.
    unsafe { bindings::rsha_simd_usable() }
}

/// Compresses `blocks` with the NEON core when SIMD is usable, in sections of at most
/// [`NEON_SECTION_BYTES`], and with the scalar core otherwise; `stats` counts both.
///
/// `blocks` is a whole number of blocks of `A`, as both cores require; each section
/// is too, since [`NEON_SECTION_BYTES`] is a multiple of the block size.
///
/// `neon` has the safety requirement of every NEON core: it is called only between
/// `kernel_neon_begin()` and `kernel_neon_end()`, which this function guarantees.
#[cfg(CONFIG_KERNEL_MODE_NEON)]
pub fn compress_neon_or_scalar<A: Algorithm>(
    chain: &mut A::Chain,
    blocks: &[u8],
    neon: unsafe fn(&mut A::Chain, &[u8]),
    scalar: fn(&mut A::Chain, &[u8]),
    stats: &CoreStats,
) {
    if !simd_usable() {
        stats.count(Unit::Scalar, blocks.len() / A::BLOCK_SIZE);
        scalar(chain, blocks);
        return;
    }
    for section in blocks.chunks(NEON_SECTION_BYTES) {
        let clock = stats.section_start();
        // SAFETY: `simd_usable()` was true just above, and this task cannot have
        // moved to a context where it is false: it only runs the core in between.
        unsafe { bindings::kernel_neon_begin() };
        // SAFETY: inside the NEON section opened just above.
        unsafe { neon(chain, section) };
        // SAFETY: pairs with `kernel_neon_begin()` above, in the same context.
        unsafe { bindings::kernel_neon_end() };
        stats.section_end(clock, section.len() / A::BLOCK_SIZE, section.len());
    }
}

/// Without kernel-mode NEON every block goes to the scalar core.
#[cfg(not(CONFIG_KERNEL_MODE_NEON))]
pub fn compress_neon_or_scalar<A: Algorithm>(
    chain: &mut A::Chain,
    blocks: &[u8],
    _neon: unsafe fn(&mut A::Chain, &[u8]),
    scalar: fn(&mut A::Chain, &[u8]),
    stats: &CoreStats,
) {
    stats.count(Unit::Scalar, blocks.len() / A::BLOCK_SIZE);
    scalar(chain, blocks)
}
