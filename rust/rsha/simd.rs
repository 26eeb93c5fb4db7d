// SPDX-License-Identifier: GPL-2.0

//! The SIMD section in which the vector and crypto cores run, one per operation:
//! kernel-mode NEON on ARM, the kernel's FPU section on x86_64 (`cfg(rsha_simd)`, set by
//! Kbuild). Without `CONFIG_KERNEL_MODE_NEON` (32-bit ARM may lack it) none is ever opened.
//!
//! C headers: [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h),
//! [`asm/neon.h`](srctree/arch/arm64/include/asm/neon.h),
//! [`asm/fpu/api.h`](srctree/arch/x86/include/asm/fpu/api.h).

use super::{bindings, cpu::Unit, md::Message, stats::CoreStats};

/// Most bytes hashed in one section on 32-bit ARM and x86_64, where a section disables
/// preemption: the bound of the kernel's ARM C glue, a multiple of every block size.
#[cfg(not(CONFIG_ARM64))]
pub const SECTION_BYTES: usize = 4096;

/// Most bytes hashed in one section on arm64, where a section is preemptible: no bound.
#[cfg(CONFIG_ARM64)]
pub const SECTION_BYTES: usize = !127;

/// An open SIMD section, in which an operation's SIMD core runs ([`with_section`]).
///
/// # Invariants
///
/// Between `kernel_neon_begin()` and `kernel_neon_end()` of this task, both with `regs`,
/// which does not move meanwhile (only [`with_section`] makes one, in its own frame), or
/// on x86_64 `kernel_fpu_begin_mask()` and `kernel_fpu_end()` (User-Mode Linux: with
/// preemption off); `bytes`, what the section has hashed, is at most [`SECTION_BYTES`].
pub struct Section<'s> {
    stats: &'s CoreStats,
    unit: Unit,
    block_size: usize,
    bytes: usize,
    #[cfg(rsha_simd)]
    clock: super::stats::SectionClock,
    #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
    regs: core::mem::MaybeUninit<bindings::user_fpsimd_state>,
}

// x86_64's FPU section: the kernel's exports (`kernel_fpu_begin()` is inline C).
#[cfg(all(CONFIG_X86_64, not(CONFIG_UML)))]
extern "C" {
    fn kernel_fpu_begin_mask(kfpu_mask: core::ffi::c_uint);
    fn kernel_fpu_end();
}

/// Runs `f`, one operation, in a SIMD section if `unit` is a SIMD unit and SIMD is usable
/// now, else with `None` (the scalar core); `stats` times the section.
#[inline(always)]
pub fn with_section<R>(
    stats: &CoreStats,
    unit: Unit,
    block_size: usize,
    f: impl FnOnce(Option<&mut Section<'_>>) -> R,
) -> R {
    #[cfg(rsha_simd)]
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
        let open = unit != Unit::Scalar && usable();
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
    #[cfg(not(rsha_simd))]
    {
        let _ = (stats, unit, block_size);
        f(None)
    }
}

/// Whether SIMD is usable now: `crypto_simd_usable()`, which is inline C. On arm64 from 7.x
/// on without the self-tests' hook, `may_use_simd()` in line: neither hardirq nor NMI in
/// the task's preempt count. Its two other tests hold wherever a SIMD unit runs: the CPU
/// capabilities are final before a module loads, and the units need Advanced SIMD.
#[cfg(rsha_simd)]
#[inline(always)]
fn usable() -> bool {
    #[cfg(rsha_simd_usable_inline)]
    {
        let task: *const u8;
        // SAFETY: in the kernel `sp_el0` holds `current` (arm64's `get_current()`).
        unsafe {
            core::arch::asm!("mrs {}, sp_el0", out(reg) task, options(nomem, nostack, preserves_flags))
        };
        let count = task
            .wrapping_add(bindings::RSHA_PREEMPT_COUNT_AT)
            .cast::<u32>();
        // SAFETY: the task's `thread_info` is its first member; the count, aligned, is read
        // once, as `preempt_count()` reads it.
        let count = unsafe { count.read_volatile() };
        count & bindings::RSHA_HARDIRQ_NMI_MASK == 0
    }
    #[cfg(not(rsha_simd_usable_inline))]
    // SAFETY: reads this CPU's preempt count and IRQ flags; any context.
    unsafe {
        bindings::rsha_simd_usable()
    }
}

#[cfg(rsha_simd)]
impl Section<'_> {
    /// The section's unit.
    #[inline(always)]
    pub fn unit(&self) -> Unit {
        self.unit
    }
    /// # Safety
    ///
    /// SIMD is usable, no section is open, and [`Self::end`] follows in the same context.
    #[inline(always)]
    unsafe fn begin(&mut self) {
        self.clock = self.stats.section_start();
        // SAFETY: by the safety requirements; `regs` stays in place (type invariants).
        unsafe {
            #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
            bindings::kernel_neon_begin(self.regs.as_mut_ptr());
            #[cfg(not(any(CONFIG_X86_64, all(CONFIG_ARM64, rsha_neon_state_arg))))]
            bindings::kernel_neon_begin();
            #[cfg(all(CONFIG_X86_64, not(CONFIG_UML)))]
            kernel_fpu_begin_mask(bindings::RSHA_KFPU_MXCSR);
            #[cfg(CONFIG_UML)]
            bindings::rsha_preempt_disable();
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
            #[cfg(not(any(CONFIG_X86_64, all(CONFIG_ARM64, rsha_neon_state_arg))))]
            bindings::kernel_neon_end();
            #[cfg(all(CONFIG_X86_64, not(CONFIG_UML)))]
            kernel_fpu_end();
            #[cfg(CONFIG_UML)]
            bindings::rsha_preempt_enable();
        }
        // For the statistics only: without them, no division (nor its panic).
        let blocks = self.bytes.checked_div(self.block_size).unwrap_or(0);
        self.stats
            .section_end(self.clock, self.unit, blocks, self.bytes);
        self.bytes = 0;
    }
    /// Runs `core` over `blocks`, whole blocks, in the section; on 32-bit ARM cut every
    /// [`SECTION_BYTES`] (SIMD stays usable: nothing here changes the context).
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
                if self.bytes >= SECTION_BYTES {
                    // SAFETY: the section is open (type invariants), and SIMD still usable.
                    unsafe {
                        self.end();
                        self.begin();
                    }
                }
                // Whole blocks (the bound is a multiple of every block size); `bytes`
                // is below the bound (just checked), so neither wraps.
                let (now, tail) = rest.split_at(SECTION_BYTES.wrapping_sub(self.bytes));
                core(now);
                self.bytes = self.bytes.wrapping_add(now.len());
                rest = tail;
            }
        }
    }
}
