// SPDX-License-Identifier: GPL-2.0

//! Kernel-mode NEON: the section in which the NEON and the Crypto Extensions
//! cores run, opened per call of a core as `lib/crypto` does
//! (`lib/crypto/arm64/sha256.h`): where SIMD is usable, `kernel_neon_begin()`,
//! the core, `kernel_neon_end()`; elsewhere the caller runs its scalar core.
//!
//! Without `CONFIG_KERNEL_MODE_NEON` (possible on 32-bit ARM) nothing here uses
//! NEON: [`cpu_has_neon`] is false and [`run`] never runs a SIMD core.
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

/// Runs `core` over `blocks`, whole blocks of `block_size` bytes, inside NEON
/// sections if SIMD is usable now, and returns true; returns false without
/// running it otherwise (hardirq context, interrupts off on 32-bit ARM,
/// testmgr's "SIMD disabled" tests). `stats` counts the blocks of `unit` and
/// times the sections.
///
/// On 32-bit ARM a section holds at most [`NEON_SECTION_BYTES`]; a longer run
/// ends it and opens another (usability cannot change in between: nothing
/// here changes the context). From Linux 6.19 on, arm64's
/// `kernel_neon_begin()` takes room for the section's registers, on the
/// caller's stack until `kernel_neon_end()`, where the kernel saves them if the
/// task is preempted or a softirq's section interrupts it.
///
/// # Safety
///
/// Calling `core` with whole blocks inside a NEON section is sound on every
/// CPU of the system.
#[inline(always)]
pub unsafe fn run<F: FnMut(Message<'_>)>(
    blocks: Message<'_>,
    block_size: usize,
    unit: Unit,
    stats: &CoreStats,
    mut core: F,
) -> bool {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    {
        // SAFETY: reads this CPU's preempt count, IRQ flags and the
        // crypto self-tests' flag; any context.
        if !unsafe { bindings::rsha_simd_usable() } {
            return false;
        }
        let mut rest = blocks;
        loop {
            // Whole blocks: `NEON_SECTION_BYTES` is a multiple of the block size.
            let (now, tail) = rest.split_at(NEON_SECTION_BYTES);
            #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
            let mut regs = core::mem::MaybeUninit::<bindings::user_fpsimd_state>::uninit();
            let clock = stats.section_start();
            // SAFETY: SIMD is usable (checked above, and nothing since changed
            // the context); the section is ended below, in the same context,
            // with the same register room, which stays in place meanwhile
            // (only the kernel writes or reads it). `core` is sound inside it
            // (the function's safety requirements).
            unsafe {
                #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
                bindings::kernel_neon_begin(regs.as_mut_ptr());
                #[cfg(not(all(CONFIG_ARM64, rsha_neon_state_arg)))]
                bindings::kernel_neon_begin();
                core(now);
                #[cfg(all(CONFIG_ARM64, rsha_neon_state_arg))]
                bindings::kernel_neon_end(regs.as_mut_ptr());
                #[cfg(not(all(CONFIG_ARM64, rsha_neon_state_arg)))]
                bindings::kernel_neon_end();
            }
            stats.section_end(clock, unit, now.len() / block_size, now.len());
            if tail.is_empty() {
                return true;
            }
            rest = tail;
        }
    }
    #[cfg(not(CONFIG_KERNEL_MODE_NEON))]
    {
        let _ = (blocks, block_size, unit, stats, &mut core);
        false
    }
}
