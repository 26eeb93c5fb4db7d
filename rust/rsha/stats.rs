// SPDX-License-Identifier: GPL-2.0

//! Per-driver statistics: which core hashed how many blocks in which context, and
//! the largest NEON section.
//!
//! With `CONFIG_CRYPTO_RSHA_STATS` every driver variant counts, in [`CoreStats`],
//! the blocks each of its cores (scalar, NEON, Crypto Extensions) compressed in
//! each [`Context`], and measures every NEON section, in which the NEON and the
//! CE cores run (bytes, and nanoseconds from before `kernel_neon_begin()` to
//! after `kernel_neon_end()`, the time the task cannot be preempted on 32-bit
//! ARM). [`StatsDir`] shows them in debugfs:
//!
//! ```text
//! /sys/kernel/debug/<module>/<driver>/blocks_{scalar,neon,ce}_{task,irqsoff,softirq,hardirq}
//! /sys/kernel/debug/<module>/<driver>/neon_sections
//! /sys/kernel/debug/<module>/<driver>/neon_section_max_bytes
//! /sys/kernel/debug/<module>/<driver>/neon_section_max_ns
//! /sys/kernel/debug/<module>/<driver>/neon_section_total_ns
//! ```
//!
//! The robustness tests read them to prove that interrupt-context callers took the
//! scalar path and that no NEON section exceeded
//! [`NEON_SECTION_BYTES`](super::simd::NEON_SECTION_BYTES). The files are plain
//! `u64` views: read them while the driver is idle for exact values (on 32-bit
//! ARM a read concurrent with an update may be torn).
//!
//! Without the option [`CoreStats`] is empty and every method compiles to nothing,
//! so production kernels pay nothing; the module's debugfs directory still
//! exists, for the unit choices of [`super::select`].

use super::bindings;

pub use super::select::Unit;

/// The context of a core call, as the kernel's preempt count and IRQ flags
/// say: the values of `enum rsha_context` (`helpers.h`), which index the
/// counters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Context {
    /// Task context with interrupts enabled (preemption and softirqs may be off).
    Task = bindings::rsha_context_RSHA_CONTEXT_TASK,
    /// Task context with interrupts disabled.
    IrqsOff = bindings::rsha_context_RSHA_CONTEXT_IRQS_OFF,
    /// Serving a softirq.
    Softirq = bindings::rsha_context_RSHA_CONTEXT_SOFTIRQ,
    /// Hardirq or NMI.
    Hardirq = bindings::rsha_context_RSHA_CONTEXT_HARDIRQ,
}

#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
mod enabled {
    use super::super::bindings;
    use super::{Context, Unit};
    use crate::cstr as c_str;
    use core::ffi::CStr;
    use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

    const UNITS: usize = 3;
    const CONTEXTS: usize = 4;

    /// debugfs file names of the block counters, `[unit][context]`.
    const BLOCK_FILES: [[&CStr; CONTEXTS]; UNITS] = [
        [
            c_str!("blocks_scalar_task"),
            c_str!("blocks_scalar_irqsoff"),
            c_str!("blocks_scalar_softirq"),
            c_str!("blocks_scalar_hardirq"),
        ],
        [
            c_str!("blocks_neon_task"),
            c_str!("blocks_neon_irqsoff"),
            c_str!("blocks_neon_softirq"),
            c_str!("blocks_neon_hardirq"),
        ],
        [
            c_str!("blocks_ce_task"),
            c_str!("blocks_ce_irqsoff"),
            c_str!("blocks_ce_softirq"),
            c_str!("blocks_ce_hardirq"),
        ],
    ];

    /// The counters of one driver variant. All are monotonic (maxima only grow).
    pub struct CoreStats {
        blocks: [[AtomicU64; CONTEXTS]; UNITS],
        neon_sections: AtomicU64,
        max_section_bytes: AtomicU64,
        max_section_ns: AtomicU64,
        total_section_ns: AtomicU64,
    }

    impl CoreStats {
        /// All counters at zero.
        #[allow(clippy::declare_interior_mutable_const)]
        pub const fn new() -> Self {
            const ZERO: AtomicU64 = AtomicU64::new(0);
            const ROW: [AtomicU64; CONTEXTS] = [ZERO; CONTEXTS];
            Self {
                blocks: [ROW; UNITS],
                neon_sections: ZERO,
                max_section_bytes: ZERO,
                max_section_ns: ZERO,
                total_section_ns: ZERO,
            }
        }

        /// Counts `blocks` blocks compressed by `unit` in the current context.
        #[inline]
        pub fn count(&self, unit: Unit, blocks: usize) {
            self.blocks[unit as usize][current_context() as usize]
                .fetch_add(blocks as u64, Relaxed);
        }

        /// Starts timing a NEON section; pass the result to [`CoreStats::section_end`].
        pub fn section_start(&self) -> SectionClock {
            SectionClock(now_ns())
        }

        /// Ends a NEON section in which `unit` compressed `blocks` blocks of
        /// `bytes` bytes.
        pub fn section_end(&self, clock: SectionClock, unit: Unit, blocks: usize, bytes: usize) {
            let ns = now_ns().saturating_sub(clock.0);
            self.count(unit, blocks);
            self.neon_sections.fetch_add(1, Relaxed);
            self.max_section_bytes.fetch_max(bytes as u64, Relaxed);
            self.max_section_ns.fetch_max(ns, Relaxed);
            self.total_section_ns.fetch_add(ns, Relaxed);
        }
    }

    /// The time a NEON section started.
    pub struct SectionClock(u64);

    fn now_ns() -> u64 {
        // SAFETY: `ktime_get()` reads the monotonic clock; callable in any context
        // but NMI, and NEON sections never run in NMI.
        let t = unsafe { bindings::ktime_get() };
        t.max(0) as u64
    }

    /// The context of the caller.
    pub fn current_context() -> Context {
        // SAFETY: only reads the preempt count and the IRQ flags of this CPU.
        match unsafe { bindings::rsha_context() } {
            bindings::rsha_context_RSHA_CONTEXT_HARDIRQ => Context::Hardirq,
            bindings::rsha_context_RSHA_CONTEXT_SOFTIRQ => Context::Softirq,
            bindings::rsha_context_RSHA_CONTEXT_IRQS_OFF => Context::IrqsOff,
            _ => Context::Task,
        }
    }

    /// Adds the directory `driver` with the counters of `stats` under `dir`, a
    /// debugfs directory (not NULL; an error pointer is ignored by debugfs).
    pub(super) fn add_files(dir: *mut bindings::dentry, driver: &str, stats: &'static CoreStats) {
        {
            let mut name = [0u8; bindings::CRYPTO_MAX_ALG_NAME as usize];
            let len = driver.len().min(name.len() - 1);
            name[..len].copy_from_slice(&driver.as_bytes()[..len]);
            // SAFETY: `name` is NUL-terminated (its last byte stays 0); `dir` is a
            // debugfs directory or an error pointer (the caller's contract).
            let sub = unsafe { bindings::debugfs_create_dir(name.as_ptr().cast(), dir) };
            let u64_file = |file: &CStr, value: &'static AtomicU64| {
                // debugfs reads the counter with one plain load: on 32-bit ARM a
                // read racing an update may see half of it, which for a statistic
                // read by hand is acceptable; it reads a `u64`, the layout of `AtomicU64`.
                // SAFETY: `file` is NUL-terminated; `value` outlives the file, removed
                // with the module's directory (`StatsDir`'s drop) before its memory goes.
                unsafe {
                    bindings::debugfs_create_u64(
                        crate::rsha::cstr_ptr(file),
                        0o444,
                        sub,
                        value.as_ptr(),
                    )
                };
            };
            for (files, counters) in BLOCK_FILES.iter().zip(&stats.blocks) {
                for (file, counter) in files.iter().zip(counters) {
                    u64_file(file, counter);
                }
            }
            u64_file(c_str!("neon_sections"), &stats.neon_sections);
            u64_file(c_str!("neon_section_max_bytes"), &stats.max_section_bytes);
            u64_file(c_str!("neon_section_max_ns"), &stats.max_section_ns);
            u64_file(c_str!("neon_section_total_ns"), &stats.total_section_ns);
        }
    }
}

#[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
mod enabled {
    use super::Unit;

    /// Without `CONFIG_CRYPTO_RSHA_STATS`: no counters.
    pub struct CoreStats;

    impl CoreStats {
        /// No counters.
        pub const fn new() -> Self {
            Self
        }
        /// Does nothing.
        #[inline(always)]
        pub fn count(&self, _unit: Unit, _blocks: usize) {}
        /// Does nothing.
        #[inline(always)]
        pub fn section_start(&self) -> SectionClock {
            SectionClock
        }
        /// Does nothing.
        #[inline(always)]
        pub fn section_end(
            &self,
            _clock: SectionClock,
            _unit: Unit,
            _blocks: usize,
            _bytes: usize,
        ) {
        }
    }

    /// Nothing to time.
    pub struct SectionClock;
}

#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
pub use enabled::current_context;
pub use enabled::{CoreStats, SectionClock};

/// A module's debugfs directory, `/sys/kernel/debug/<module>`, removed on drop:
/// the counters of its drivers (with `CONFIG_CRYPTO_RSHA_STATS`) and the unit
/// choices of [`super::select`] (with `CONFIG_DEBUG_FS`).
///
/// # Invariants
///
/// `dir` is a `debugfs_create_dir()` result (a directory or an `ERR_PTR`, which
/// debugfs accepts everywhere and ignores) or NULL, and every file under it
/// shows `'static` data.
pub struct StatsDir {
    dir: *mut bindings::dentry,
}

// SAFETY: the directory is only removed (on drop), which debugfs allows from
// any task.
unsafe impl Send for StatsDir {}
// SAFETY: the `&self` methods only read `self.dir` (never written after `new`)
// and create debugfs entries under it, which debugfs allows from several tasks
// at once (it takes the parent directory's inode lock).
unsafe impl Sync for StatsDir {}

impl StatsDir {
    /// Creates `/sys/kernel/debug/<name>`; `name` is the module's NUL-terminated
    /// name (`module!` defines it as `__LOG_PREFIX`). Failures are ignored, as
    /// for every debugfs user: the files are then just not visible.
    pub fn new(_module: &'static kernel::ThisModule, name: &'static [u8]) -> Self {
        #[cfg(CONFIG_DEBUG_FS)]
        let dir = match core::ffi::CStr::from_bytes_with_nul(name) {
            // SAFETY: `name` is NUL-terminated; a NULL parent is the debugfs root.
            Ok(name) => unsafe {
                bindings::debugfs_create_dir(crate::rsha::cstr_ptr(name), core::ptr::null_mut())
            },
            Err(_) => core::ptr::null_mut(),
        };
        // Without debugfs (its functions are then inline stubs, which the
        // bindings do not have) there is no directory.
        #[cfg(not(CONFIG_DEBUG_FS))]
        let dir = {
            let _ = name;
            core::ptr::null_mut()
        };
        // INVARIANT: a `debugfs_create_dir()` result, or NULL.
        Self { dir }
    }

    /// Adds the directory `driver` with the counters of `stats` (nothing
    /// without `CONFIG_CRYPTO_RSHA_STATS`).
    pub fn add(&self, driver: &str, stats: &'static CoreStats) {
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        if !self.dir.is_null() {
            enabled::add_files(self.dir, driver, stats);
        }
        #[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
        let _ = (driver, stats);
    }

    /// Adds the read-only file `name`, whose text `show` writes (with
    /// `seq_write()`) each time it is opened.
    pub fn add_show(
        &self,
        name: &'static core::ffi::CStr,
        show: unsafe extern "C" fn(*mut bindings::seq_file) -> kernel::ffi::c_int,
    ) {
        if self.dir.is_null() {
            return;
        }
        // SAFETY: `name` is NUL-terminated; `self.dir` is a directory or an
        // error pointer (type invariant); `show` is code of this module, which
        // outlives the file (removed with the directory on drop).
        unsafe {
            bindings::rsha_debugfs_create_show(crate::rsha::cstr_ptr(name), self.dir, Some(show))
        };
    }
}

impl Drop for StatsDir {
    fn drop(&mut self) {
        #[cfg(CONFIG_DEBUG_FS)]
        {
            // SAFETY: `self.dir` is a debugfs directory, an error pointer or NULL
            // (type invariant); `debugfs_remove()` takes all three, and removes
            // the files before what they show can go away.
            unsafe { bindings::debugfs_remove(self.dir) };
        }
    }
}

/// A `core::fmt::Write` into a `seq_file`, for the `show` functions of
/// [`StatsDir::add_show`].
///
/// # Invariants
///
/// `m` is the `seq_file` of a show callback that is running.
pub struct SeqWriter(*mut bindings::seq_file);

impl SeqWriter {
    /// A writer into `m`.
    ///
    /// # Safety
    ///
    /// `m` must be the `seq_file` a show callback was given, and the writer
    /// must not outlive that callback.
    pub unsafe fn new(m: *mut bindings::seq_file) -> Self {
        // INVARIANT: the caller's contract.
        Self(m)
    }
}

impl core::fmt::Write for SeqWriter {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        // seq_write() only fails when the buffer is full, and seq_read() then
        // calls the show callback again with a larger one: nothing to do here.
        // SAFETY: `self.0` is the `seq_file` of the running show callback (type
        // invariant); `s` is `s.len()` bytes.
        unsafe { bindings::seq_write(self.0, s.as_ptr().cast(), s.len()) };
        Ok(())
    }
}

impl Default for CoreStats {
    fn default() -> Self {
        Self::new()
    }
}
