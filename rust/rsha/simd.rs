// SPDX-License-Identifier: GPL-2.0

//! Kernel-mode NEON: the section in which the NEON and the Crypto Extensions
//! cores run, one per operation: where SIMD is usable, `kernel_neon_begin()`,
//! the operation's core calls, `kernel_neon_end()`; elsewhere the caller runs
//! its scalar core.
//!
//! Without `CONFIG_KERNEL_MODE_NEON` (possible on 32-bit ARM) nothing here uses
//! NEON: [`cpu_has_neon`] is false and [`with_section`] never opens a section.
//!
//! C headers: [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h),
//! [`asm/neon.h`](srctree/arch/arm64/include/asm/neon.h).

use super::{bindings, md::Message, select::Unit, stats::CoreStats};

/// Most bytes a core processes inside one `kernel_neon_begin()` section, on
/// 32-bit ARM.
///
/// There `kernel_neon_begin()` disables preemption and softirqs until
/// `kernel_neon_end()`, so a long run is cut into sections of this size: 64
/// SHA-256 blocks or 32 SHA-512 blocks, the same bound as the kernel's C glue.
/// It is a multiple of every block size.
#[cfg(not(CONFIG_ARM64))]
pub const NEON_SECTION_BYTES: usize = 4096;

/// Most bytes a core processes inside one `kernel_neon_begin()` section, on
/// arm64: no bound (the largest multiple of every block size).
///
/// Since Linux 6.8, arm64's `kernel_neon_begin()` in task context leaves the
/// task preemptible (the kernel saves its SIMD registers at a context switch);
/// in softirq context the softirq runs to its end whatever the sections.
/// Cutting a run into sections makes no code preemptible that was not.
#[cfg(CONFIG_ARM64)]
pub const NEON_SECTION_BYTES: usize = !127;

/// Whether the CPU has NEON (Advanced SIMD). Checked once, at module init.
pub fn cpu_has_neon() -> bool {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    // SAFETY: reads CPU feature flags; callable in any context.
    return unsafe { bindings::rsha_cpu_has_neon() };
    #[cfg(not(CONFIG_KERNEL_MODE_NEON))]
    false
}

/// An open NEON section, in which an operation's SIMD core runs
/// ([`with_section`]), hashing whole blocks of `block_size` bytes.
///
/// # Invariants
///
/// Between `kernel_neon_begin()` and `kernel_neon_end()` of this task, both
/// with `regs`, which does not move meanwhile (only [`with_section`] makes a
/// `Section`, in its own frame, and lends it out); `bytes` counts what the
/// section has hashed, at most [`NEON_SECTION_BYTES`].
pub struct Section<'s> {
    stats: &'s CoreStats,
    unit: Unit,
    block_size: usize,
    bytes: usize,
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    clock: super::stats::SectionClock,
    #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
    regs: core::mem::MaybeUninit<bindings::user_fpsimd_state>,
}

/// Runs `f` in a NEON section if `unit` is a SIMD unit and SIMD is usable now
/// (not in hardirq context, nor with interrupts off on 32-bit ARM, nor during
/// testmgr's "SIMD disabled" tests), with `None` otherwise, when the caller
/// runs its scalar core. One section serves the whole operation, as a
/// `finup()`'s data and padding blocks; on 32-bit ARM it is cut every
/// [`NEON_SECTION_BYTES`] ([`Section::run`]). `stats` times the sections.
///
/// From Linux 6.19 on, arm64's `kernel_neon_begin()` takes room for the
/// section's registers, which the kernel fills if the task is preempted or a
/// softirq's section interrupts it: a field of the `Section`, which stays in
/// this frame until `kernel_neon_end()`.
#[inline(always)]
pub fn with_section<R>(
    stats: &CoreStats,
    unit: Unit,
    block_size: usize,
    f: impl FnOnce(Option<&mut Section<'_>>) -> R,
) -> R {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    {
        let mut section = Section {
            stats,
            unit,
            block_size,
            bytes: 0,
            clock: stats.section_start(),
            #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
            regs: core::mem::MaybeUninit::uninit(),
        };
        // SAFETY: reads this CPU's preempt count, IRQ flags and the crypto
        // self-tests' flag; any context.
        let open = unit != Unit::Scalar && unsafe { bindings::rsha_simd_usable() };
        if open {
            // SAFETY: SIMD is usable; ended below, in this frame.
            unsafe { section.begin() };
        }
        let result = f(if open { Some(&mut section) } else { None });
        if open {
            // SAFETY: pairs with the `begin()` above (or `run()`'s last one).
            unsafe { section.end() };
        }
        result
    }
    #[cfg(not(CONFIG_KERNEL_MODE_NEON))]
    {
        let _ = (stats, unit, block_size);
        f(None)
    }
}

#[cfg(CONFIG_KERNEL_MODE_NEON)]
impl Section<'_> {
    /// The unit whose core runs in the section.
    #[inline(always)]
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// # Safety
    ///
    /// SIMD is usable, no section of this task is open, and [`Self::end`]
    /// follows in the same context.
    #[inline(always)]
    unsafe fn begin(&mut self) {
        self.clock = self.stats.section_start();
        // SAFETY: by the function's safety requirements; `regs` stays in
        // place until `end()` (type invariants).
        unsafe {
            #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
            bindings::kernel_neon_begin(self.regs.as_mut_ptr());
            #[cfg(not(all(CONFIG_ARM64, rsha_neon_state_arg)))]
            bindings::kernel_neon_begin();
        }
    }

    /// # Safety
    ///
    /// Pairs with [`Self::begin`], in the same context.
    #[inline(always)]
    unsafe fn end(&mut self) {
        // SAFETY: by the function's safety requirements.
        unsafe {
            #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
            bindings::kernel_neon_end(self.regs.as_mut_ptr());
            #[cfg(not(all(CONFIG_ARM64, rsha_neon_state_arg)))]
            bindings::kernel_neon_end();
        }
        // Used by the statistics only: no division (nor its panic) without them.
        let blocks = self.bytes.checked_div(self.block_size).unwrap_or(0);
        self.stats
            .section_end(self.clock, self.unit, blocks, self.bytes);
        self.bytes = 0;
    }

    /// Runs `core` over `blocks`, whole blocks, in the section; on 32-bit ARM
    /// ends it and opens another every [`NEON_SECTION_BYTES`] (SIMD stays
    /// usable: nothing here changes the context).
    ///
    /// # Safety
    ///
    /// Calling `core` with whole blocks in a NEON section is sound.
    #[inline(always)]
    pub unsafe fn run<F: FnMut(Message<'_>)>(&mut self, blocks: Message<'_>, mut core: F) {
        // arm64: no bound, so one call; `bytes` is read by the statistics only.
        #[cfg(CONFIG_ARM64)]
        {
            self.bytes = self.bytes.wrapping_add(blocks.len());
            core(blocks);
        }
        #[cfg(not(CONFIG_ARM64))]
        {
            let mut rest = blocks;
            while !rest.is_empty() {
                if self.bytes >= NEON_SECTION_BYTES {
                    // SAFETY: the section is open (type invariants), and SIMD
                    // still usable.
                    unsafe {
                        self.end();
                        self.begin();
                    }
                }
                // Whole blocks: the bound is a multiple of every block size;
                // `bytes` is below it (just checked), so neither wraps.
                let (now, tail) = rest.split_at(NEON_SECTION_BYTES.wrapping_sub(self.bytes));
                core(now);
                self.bytes = self.bytes.wrapping_add(now.len());
                rest = tail;
            }
        }
    }
}
