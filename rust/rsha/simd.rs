// SPDX-License-Identifier: GPL-2.0

//! Kernel-mode NEON: when it may be used, and bounded NEON sections, in which
//! the NEON and the Crypto Extensions cores run.
//!
//! Without `CONFIG_KERNEL_MODE_NEON` (possible on 32-bit ARM) nothing here uses
//! NEON: [`cpu_has_neon`] is false and every block goes to the scalar core.
//!
//! C headers: [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h),
//! [`asm/neon.h`](srctree/arch/arm64/include/asm/neon.h).

use super::bindings;
use super::{
    md::{Algorithm, Message},
    md_shash::{Compress, Work},
    stats::{CoreStats, Unit},
};
use core::{marker::PhantomData, mem::MaybeUninit};

/// Most bytes a core processes inside one `kernel_neon_begin()` section, on
/// 32-bit ARM.
///
/// There `kernel_neon_begin()` disables preemption and softirqs until
/// `kernel_neon_end()`, so a long update is cut into sections of this size: 64
/// SHA-256 blocks or 32 SHA-512 blocks, the same bound as the kernel's C glue.
/// It is a multiple of every block size.
#[cfg(not(CONFIG_ARM64))]
pub const NEON_SECTION_BYTES: usize = 4096;

/// Most bytes a core processes inside one `kernel_neon_begin()` section, on
/// arm64: no bound (the largest multiple of every block size).
///
/// Since Linux 6.8, arm64's `kernel_neon_begin()` in task context marks the
/// task as using kernel-mode FP/SIMD (`TIF_KERNEL_FPSTATE`, whose registers a
/// context switch saves and restores) and returns with preemption and softirqs
/// enabled; in softirq context the softirq runs to its end whatever the
/// sections. Cutting a request into sections therefore makes no code
/// preemptible that was not, and only adds `kernel_neon_begin()`/`end()` pairs:
/// one operation is one section.
#[cfg(CONFIG_ARM64)]
pub const NEON_SECTION_BYTES: usize = !127;

/// Where the FP/SIMD registers of one NEON section are kept, when the kernel
/// asks its caller for the room: arm64 from Linux 6.19 on, whose
/// `kernel_neon_begin()` takes a buffer that must stay in place until
/// `kernel_neon_end()`, because the kernel saves the section's registers there
/// when the task is preempted (or a softirq's section interrupts it). One
/// unused byte on 6.12 and on 32-bit ARM (`struct rsha_neon_state`,
/// rust/rsha/helpers.h).
///
/// Only C writes or reads it, and it reads only what it saved there, so it is
/// never initialised on the Rust side. An operation borrows it for as long as
/// it lives ([`SimdOp`]): borrowed, it cannot move while a section is open.
pub struct SectionState(MaybeUninit<bindings::rsha_neon_state>);

impl SectionState {
    /// Room for one section's registers, on the caller's stack.
    #[inline(always)]
    pub const fn new() -> Self {
        SectionState(MaybeUninit::uninit())
    }

    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    fn as_mut_ptr(&mut self) -> *mut bindings::rsha_neon_state {
        self.0.as_mut_ptr()
    }
}

impl Default for SectionState {
    fn default() -> Self {
        Self::new()
    }
}

/// Opens a NEON section whose registers `state` keeps, if SIMD is usable now
/// ([`run_simd`] says when), and says whether it did: one call into the
/// kernel, whose usability check is inline C that Rust cannot call.
///
/// # Safety
///
/// No section of this task is open; if it returns true, [`neon_end`] with the
/// same `state`, which must not move in between, ends the section in the same
/// context.
#[cfg(CONFIG_KERNEL_MODE_NEON)]
#[inline]
unsafe fn neon_begin_if_usable(state: &mut SectionState) -> bool {
    // SAFETY: by the function's safety requirements; the buffer is of the size
    // and alignment the kernel's function takes (helpers.h).
    unsafe { bindings::rsha_neon_begin_if_usable(state.as_mut_ptr()) }
}

/// Opens a NEON section whose registers `state` keeps.
///
/// # Safety
///
/// SIMD is usable now ([`run_simd`] says when), no section of this task is
/// open, and [`neon_end`] with the same `state`, which must not move in
/// between, ends it in the same context. Only for a section after the first of an operation,
/// on 32-bit ARM, where sections are bounded.
#[cfg(all(CONFIG_KERNEL_MODE_NEON, not(CONFIG_ARM64)))]
#[inline]
unsafe fn neon_begin(state: &mut SectionState) {
    // SAFETY: by the function's safety requirements; the buffer is of the size
    // and alignment the kernel's function takes (helpers.h).
    unsafe { bindings::rsha_neon_begin(state.as_mut_ptr()) }
}

/// Ends the NEON section that [`neon_begin`] opened with `state`.
///
/// # Safety
///
/// Pairs with a [`neon_begin`] (or a [`neon_begin_if_usable`] that returned
/// true) with the same `state`, in the same context.
#[cfg(CONFIG_KERNEL_MODE_NEON)]
#[inline]
unsafe fn neon_end(state: &mut SectionState) {
    // SAFETY: by the function's safety requirements.
    unsafe { bindings::rsha_neon_end(state.as_mut_ptr()) }
}

/// A SIMD unit's compression function (NEON or CE core), sound to call only
/// inside a NEON section on a CPU with its unit.
pub type SimdFn<A> = unsafe fn(&mut <A as Algorithm>::Chain, Message<'_>);

/// The scalar unit's compression function, sound to call anywhere.
pub type ScalarFn<A> = fn(&mut <A as Algorithm>::Chain, Message<'_>);

/// A SIMD unit of a driver module (its NEON or its CE core) for algorithm
/// `A`, with the module's scalar core for where SIMD is not usable. Both are
/// called directly, by type.
///
/// # Safety
///
/// [`SimdUnit::compress`] must be sound to call with any chaining value and
/// whole blocks of `A` inside a NEON section, on every CPU of a system where
/// a driver of the unit is registered (or selected).
pub unsafe trait SimdUnit<A: Algorithm> {
    /// Which unit this is, for the statistics.
    const UNIT: Unit;
    /// Compresses `blocks`, whole blocks, into `chain`.
    ///
    /// # Safety
    ///
    /// Only inside a NEON section.
    unsafe fn compress(chain: &mut A::Chain, blocks: Message<'_>);
    /// The scalar core of the same module: sound anywhere.
    fn scalar(chain: &mut A::Chain, blocks: Message<'_>);
}

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

/// Runs `work` with the compression function of one operation of the SIMD
/// unit `S` (NEON or Crypto Extensions): its core in a NEON section when SIMD
/// is usable as the operation starts (`crypto_simd_usable()`, false in hardirq
/// context and while testmgr runs its "SIMD disabled" tests, and interrupts
/// enabled, which 32-bit ARM's `may_use_simd()` does not check but its
/// `kernel_neon_end()` needs), the scalar core otherwise; `stats` counts both.
///
/// Not inlined: the room for the section's registers ([`SectionState`], 528
/// bytes on arm64 from 6.19 on) is in this function's frame, so the callers'
/// scalar paths and the updates that only fill the block buffer never reserve
/// it.
#[inline(never)]
pub fn run_simd<A: Algorithm, S: SimdUnit<A>, W: Work<A>>(
    stats: &'static CoreStats,
    work: W,
) -> W::Output {
    let mut section = SectionState::new();
    // `op` is dropped (its section closed) before `section`, declared first.
    let mut op = SimdOp::<A, S>::start(&mut section, stats);
    work.run(&mut op)
}

/// The compression function of one operation of a SIMD unit ([`run_simd`]).
///
/// The operation's NEON section spans its compressions: its start opens it if SIMD is usable, the drop closes it. On 32-bit ARM a section
/// holds at most [`NEON_SECTION_BYTES`]: a longer update ends it and opens
/// another. So a `finup()` whose data and padding fit in that many bytes takes
/// one `kernel_neon_begin()`/`kernel_neon_end()` pair, as in the kernel's C
/// glue. Usability is decided once, at the start: nothing done between the
/// compressions (buffer copies, padding) can change the context the
/// operation runs in. Without `CONFIG_KERNEL_MODE_NEON` every block goes to
/// the scalar core.
///
/// # Invariants
///
/// `open` is `Some` exactly while this task is between a
/// `kernel_neon_begin()` made by this operation and its `kernel_neon_end()`,
/// both with `section`; its byte count is at most [`NEON_SECTION_BYTES`].
///
/// A `SimdOp` is not [`Send`]: an open section belongs to the task (and CPU) that
/// opened it, so the `kernel_neon_end()` of its drop must run there too.
pub struct SimdOp<'s, A: Algorithm, S: SimdUnit<A>> {
    #[cfg_attr(not(CONFIG_KERNEL_MODE_NEON), allow(dead_code))]
    section: &'s mut SectionState,
    stats: &'static CoreStats,
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    open: Option<(super::stats::SectionClock, usize)>,
    _unit: PhantomData<(A, S, *mut ())>,
}

impl<'s, A: Algorithm, S: SimdUnit<A>> SimdOp<'s, A, S> {
    /// Starts an operation: in a NEON section if SIMD is usable now, whose
    /// registers `section` keeps, else on the scalar core.
    #[inline(always)]
    fn start(section: &'s mut SectionState, stats: &'static CoreStats) -> Self {
        #[cfg(CONFIG_KERNEL_MODE_NEON)]
        let open = {
            let clock = stats.section_start();
            // SAFETY: no section of this operation is open yet, and the
            // drop ends this one with `section`, borrowed for the
            // operation's life, in the same context.
            unsafe { neon_begin_if_usable(section) }.then_some((clock, 0))
        };
        // INVARIANT: `open` records the section just opened, if any.
        Self {
            section,
            stats,
            #[cfg(CONFIG_KERNEL_MODE_NEON)]
            open,
            _unit: PhantomData,
        }
    }

    /// Compresses `blocks` with the SIMD core in the open section; on 32-bit
    /// ARM ends the section and opens another whenever it is full.
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    #[inline(always)]
    fn compress_simd(&mut self, chain: &mut A::Chain, blocks: Message<'_>) {
        #[cfg(CONFIG_ARM64)]
        {
            if let Some((_, used)) = &mut self.open {
                *used = used.saturating_add(blocks.len());
            }
            // SAFETY: inside the NEON section that `self.open` records (the
            // caller checked it is open), all that `S::compress` requires.
            unsafe { S::compress(chain, blocks) };
        }
        #[cfg(not(CONFIG_ARM64))]
        {
            let mut blocks = blocks;
            while !blocks.is_empty() {
                let used = match self.open {
                    Some((_, used)) if used < NEON_SECTION_BYTES => used,
                    Some(_) => {
                        self.reopen();
                        0
                    }
                    None => return,
                };
                let take = blocks.len().min(NEON_SECTION_BYTES - used);
                let (now, rest) = blocks.split_at(take);
                // Every part is whole blocks if `blocks` is, as
                // `NEON_SECTION_BYTES` is a multiple of the block size.
                // SAFETY: inside the NEON section that `self.open` records.
                unsafe { S::compress(chain, now) };
                if let Some((_, used)) = &mut self.open {
                    // At most `NEON_SECTION_BYTES` (`take` is bounded by
                    // what is left of it), so it cannot wrap, and no overflow
                    // check (a panic path) is compiled in.
                    *used = used.wrapping_add(take);
                }
                blocks = rest;
            }
        }
    }

    /// Ends the full section and opens the next one.
    #[cfg(all(CONFIG_KERNEL_MODE_NEON, not(CONFIG_ARM64)))]
    #[cold]
    fn reopen(&mut self) {
        self.close();
        let clock = self.stats.section_start();
        // SAFETY: SIMD was usable as the operation started, in this context,
        // and still is (nothing since changed the context); `close()` just
        // ended the section; the drop ends this one, with `self.section`.
        unsafe { neon_begin(self.section) };
        self.open = Some((clock, 0));
    }

    /// Ends the open section, if any.
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    #[inline(always)]
    fn close(&mut self) {
        if let Some((clock, bytes)) = self.open.take() {
            // SAFETY: pairs with the `kernel_neon_begin()` of this section (type
            // invariant), with the same buffer and in the same context.
            unsafe { neon_end(self.section) };
            self.stats
                .section_end(clock, S::UNIT, bytes / A::BLOCK_SIZE, bytes);
        }
    }
}

/// Runs `f` over `blocks` in a NEON section of its own, if SIMD is usable now
/// (else returns false without running it). For [`super::select`], which times
/// the SIMD cores.
///
/// # Safety
///
/// Calling `f` with `chain` and `blocks` inside a NEON section must be sound,
/// and `blocks` must be at most [`NEON_SECTION_BYTES`].
pub unsafe fn run_in_section<C>(
    f: unsafe fn(&mut C, Message<'_>),
    chain: &mut C,
    blocks: Message<'_>,
) -> bool {
    #[cfg(CONFIG_KERNEL_MODE_NEON)]
    {
        let mut section = SectionState::new();
        // SAFETY: no section is open here; if it opens one, it is closed below
        // in the same context, with `section`, which does not move in between.
        if unsafe { neon_begin_if_usable(&mut section) } {
            // SAFETY: inside the section, as the caller's contract requires.
            unsafe { f(chain, blocks) };
            // SAFETY: ends the section opened above.
            unsafe { neon_end(&mut section) };
            return true;
        }
    }
    let _ = (f, chain, blocks);
    false
}

impl<A: Algorithm, S: SimdUnit<A>> Compress<A> for SimdOp<'_, A, S> {
    #[inline(always)]
    fn compress(&mut self, chain: &mut A::Chain, blocks: Message<'_>) {
        #[cfg(CONFIG_KERNEL_MODE_NEON)]
        if self.open.is_some() {
            self.compress_simd(chain, blocks);
            return;
        }
        self.stats.count(Unit::Scalar, blocks.len() / A::BLOCK_SIZE);
        S::scalar(chain, blocks);
    }
}

impl<A: Algorithm, S: SimdUnit<A>> Drop for SimdOp<'_, A, S> {
    fn drop(&mut self) {
        #[cfg(CONFIG_KERNEL_MODE_NEON)]
        self.close();
    }
}
