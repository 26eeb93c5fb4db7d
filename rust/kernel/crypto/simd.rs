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

/// Runs `f`, one shash operation, with a compression function that uses the NEON
/// core when SIMD is usable and the scalar core otherwise; `stats` counts both.
///
/// The NEON sections span `f`'s calls: the first compression opens one, later ones
/// join it while it has room, and it is closed when full (the next compression
/// opens another) or when `f` returns. So every section holds at most
/// [`NEON_SECTION_BYTES`], and a `finup()` whose data and padding fit in that many
/// bytes takes one `kernel_neon_begin()`/`kernel_neon_end()` pair, as in the
/// kernel's C glue. Usability is decided once, before `f` runs: nothing `f` does
/// (buffer copies, padding) can change the context it runs in.
///
/// `neon` has the safety requirement of every NEON core: it is called only between
/// `kernel_neon_begin()` and `kernel_neon_end()`, which this function guarantees.
/// Every slice `f` passes is a whole number of blocks of `A`, as both cores
/// require; so is every part of one given to `neon`, since [`NEON_SECTION_BYTES`] is
/// a multiple of the block size. Without `CONFIG_KERNEL_MODE_NEON` every block
/// goes to the scalar core.
pub fn with_neon_or_scalar<A: Algorithm, R>(
    neon: unsafe fn(&mut A::Chain, &[u8]),
    scalar: fn(&mut A::Chain, &[u8]),
    stats: &CoreStats,
    f: impl FnOnce(&mut dyn FnMut(&mut A::Chain, &[u8])) -> R,
) -> R {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    if simd_usable() {
        let mut sections = NeonSections::<A> {
            open: None,
            stats,
            _alg: core::marker::PhantomData,
        };
        let result =
            f(&mut |chain: &mut A::Chain, blocks: &[u8]| sections.compress(chain, blocks, neon));
        sections.close();
        return result;
    }
    #[cfg(not(CONFIG_KERNEL_MODE_NEON))]
    let _ = neon;
    f(&mut |chain: &mut A::Chain, blocks: &[u8]| {
        stats.count(Unit::Scalar, blocks.len() / A::BLOCK_SIZE);
        scalar(chain, blocks);
    })
}

/// The NEON sections of one [`with_neon_or_scalar`] run.
///
/// # Invariants
///
/// `open` is `Some` exactly while this task is between a `kernel_neon_begin()` made
/// by [`NeonSections::compress`] and its `kernel_neon_end()`; its byte count is at
/// most [`NEON_SECTION_BYTES`].
#[cfg(CONFIG_KERNEL_MODE_NEON)]
struct NeonSections<'a, A: Algorithm> {
    open: Option<(crate::crypto::stats::SectionClock, usize)>,
    stats: &'a CoreStats,
    _alg: core::marker::PhantomData<A>,
}

#[cfg(CONFIG_KERNEL_MODE_NEON)]
impl<A: Algorithm> NeonSections<'_, A> {
    /// Compresses `blocks` with `neon`, in the open section while it has room.
    ///
    /// Only called with SIMD usable (checked by [`with_neon_or_scalar`] before the run,
    /// and unchanged during it).
    fn compress(
        &mut self,
        chain: &mut A::Chain,
        mut blocks: &[u8],
        neon: unsafe fn(&mut A::Chain, &[u8]),
    ) {
        while !blocks.is_empty() {
            let used = match self.open {
                Some((_, used)) if used < NEON_SECTION_BYTES => used,
                _ => {
                    self.close();
                    let clock = self.stats.section_start();
                    // SAFETY: SIMD is usable (see above) and no section is open:
                    // `close()` just ended any.
                    unsafe { bindings::kernel_neon_begin() };
                    self.open = Some((clock, 0));
                    0
                }
            };
            let take = blocks.len().min(NEON_SECTION_BYTES - used);
            let (now, rest) = blocks.split_at(take);
            // SAFETY: inside the NEON section that `self.open` records (type
            // invariant); `now` is whole blocks (see `with_neon_or_scalar`).
            unsafe { neon(chain, now) };
            if let Some((_, used)) = &mut self.open {
                *used += take;
            }
            blocks = rest;
        }
    }

    /// Ends the open section, if any.
    fn close(&mut self) {
        if let Some((clock, bytes)) = self.open.take() {
            // SAFETY: pairs with the `kernel_neon_begin()` of this section (type
            // invariant), in the same context.
            unsafe { bindings::kernel_neon_end() };
            self.stats.section_end(clock, bytes / A::BLOCK_SIZE, bytes);
        }
    }
}
