// SPDX-License-Identifier: GPL-2.0

//! Per-driver statistics in debugfs with `CONFIG_CRYPTO_RSHA_STATS`, for the robustness
//! tests: `/sys/kernel/debug/<module>/<driver>/blocks_<unit>_<context>` and
//! `neon_section{s,_max_bytes,_max_ns,_total_ns}` (ns from before `kernel_neon_begin()`
//! to after `kernel_neon_end()`). Without the option [`CoreStats`] is empty.

use super::{bindings, cpu::Unit};

/// The context of a core call: the values of `enum rsha_context` (`helpers.h`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Context {
    /// Task context, interrupts enabled.
    Task = bindings::rsha_context_RSHA_CONTEXT_TASK,
    /// Task context with interrupts disabled.
    IrqsOff = bindings::rsha_context_RSHA_CONTEXT_IRQS_OFF,
    /// Serving a softirq.
    Softirq = bindings::rsha_context_RSHA_CONTEXT_SOFTIRQ,
    /// Hardirq or NMI.
    Hardirq = bindings::rsha_context_RSHA_CONTEXT_HARDIRQ,
}

#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
const CONTEXT_NAMES: [&str; 4] = ["task", "irqsoff", "softirq", "hardirq"];

#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
const SECTION_FILES: [&str; 4] = ["s", "_max_bytes", "_max_ns", "_total_ns"];

/// The counters of one driver, all monotonic; none without `CONFIG_CRYPTO_RSHA_STATS`.
pub struct CoreStats {
    /// Blocks, `[unit][context]`.
    #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
    blocks: [[core::sync::atomic::AtomicU64; 4]; 3],
    /// NEON sections: number, largest bytes, largest ns, total ns.
    #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
    sections: [core::sync::atomic::AtomicU64; 4],
}

/// The time a NEON section started (nothing without statistics).
#[derive(Clone, Copy)]
pub struct SectionClock {
    #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
    start: u64,
}

impl CoreStats {
    /// All counters at zero.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        use core::sync::atomic::AtomicU64;
        Self {
            #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
            blocks: [const { [const { AtomicU64::new(0) }; 4] }; 3],
            #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
            sections: [const { AtomicU64::new(0) }; 4],
        }
    }
    /// Counts `blocks` blocks compressed by `unit` in the current context.
    #[inline]
    pub fn count(&self, unit: Unit, blocks: usize) {
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        self.blocks[unit as usize][current_context() as usize]
            .fetch_add(blocks as u64, core::sync::atomic::Ordering::Relaxed);
        #[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
        let _ = (unit, blocks);
    }
    /// Starts timing a NEON section, for [`CoreStats::section_end`].
    #[inline]
    pub fn section_start(&self) -> SectionClock {
        SectionClock {
            #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
            start: super::cpu::now_ns(),
        }
    }
    /// Ends a NEON section in which `unit` compressed `blocks` blocks of `bytes` bytes.
    #[inline]
    pub fn section_end(&self, clock: SectionClock, unit: Unit, blocks: usize, bytes: usize) {
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        {
            use core::sync::atomic::Ordering::Relaxed;
            let ns = super::cpu::now_ns().saturating_sub(clock.start);
            self.count(unit, blocks);
            let [sections, max_bytes, max_ns, total_ns] = &self.sections;
            sections.fetch_add(1, Relaxed);
            max_bytes.fetch_max(bytes as u64, Relaxed);
            max_ns.fetch_max(ns, Relaxed);
            total_ns.fetch_add(ns, Relaxed);
        }
        #[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
        let _ = (clock, unit, blocks, bytes);
    }
}

/// The context of the caller.
#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
pub fn current_context() -> Context {
    // SAFETY: only reads the preempt count and the IRQ flags of this CPU.
    match unsafe { bindings::rsha_context() } {
        bindings::rsha_context_RSHA_CONTEXT_HARDIRQ => Context::Hardirq,
        bindings::rsha_context_RSHA_CONTEXT_SOFTIRQ => Context::Softirq,
        bindings::rsha_context_RSHA_CONTEXT_IRQS_OFF => Context::IrqsOff,
        _ => Context::Task,
    }
}

/// `parts` joined and NUL-terminated, cut to fit `N` bytes.
#[cfg(CONFIG_CRYPTO_RSHA_STATS)]
fn c_name<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut name = [0u8; N];
    let bytes = parts.iter().flat_map(|part| part.bytes());
    for (d, s) in name.iter_mut().take(N.saturating_sub(1)).zip(bytes) {
        *d = s;
    }
    name
}

/// A module's debugfs directory, removed on drop.
///
/// # Invariants
///
/// `dir` is a `debugfs_create_dir()` result (a directory or an `ERR_PTR`, which debugfs
/// accepts and ignores) or NULL, and every file under it shows `'static` data.
pub struct StatsDir {
    dir: *mut bindings::dentry,
}

// SAFETY: the directory is only removed (on drop), which debugfs allows from any task.
unsafe impl Send for StatsDir {}
// SAFETY: the `&self` methods only read `self.dir` (never written after `new`) and create
// debugfs entries under it, which debugfs allows from several tasks at once.
unsafe impl Sync for StatsDir {}

impl StatsDir {
    /// Creates `/sys/kernel/debug/<name>`; failures are ignored, as for every debugfs user.
    pub fn new(_module: &'static kernel::ThisModule, name: &'static [u8]) -> Self {
        #[cfg(CONFIG_DEBUG_FS)]
        let dir = match core::ffi::CStr::from_bytes_with_nul(name) {
            // SAFETY: `name` is NUL-terminated; a NULL parent is the debugfs root.
            Ok(name) => unsafe {
                bindings::debugfs_create_dir(crate::rsha::cstr_ptr(name), core::ptr::null_mut())
            },
            Err(_) => core::ptr::null_mut(),
        };
        #[cfg(not(CONFIG_DEBUG_FS))]
        let dir = {
            let _ = name;
            core::ptr::null_mut()
        };
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        if !dir.is_null() {
            // SAFETY: the name is NUL-terminated; `dir` is a directory or an error pointer;
            // the value is static and, an aligned u64, written whole by debugfs (a test's
            // write racing the reads of `this_cpu_type()` gives the old or the new value).
            unsafe {
                bindings::debugfs_create_u64(
                    crate::rsha::cstr_ptr(crate::cstr!("fake_cpu_types")),
                    0o600,
                    dir,
                    super::cpu::FAKE_CPU_TYPES.as_ptr(),
                )
            };
        }
        // INVARIANT: a `debugfs_create_dir()` result, or NULL.
        Self { dir }
    }
    /// Adds the directory `driver` with the counters of `stats` (if there are any).
    pub fn add(&self, driver: &str, stats: &'static CoreStats) {
        #[cfg(CONFIG_CRYPTO_RSHA_STATS)]
        if !self.dir.is_null() {
            let name = c_name::<{ bindings::CRYPTO_MAX_ALG_NAME as usize }>(&[driver]);
            // SAFETY: `name` is NUL-terminated; `self.dir` is a directory or an error
            // pointer (type invariants).
            let sub = unsafe { bindings::debugfs_create_dir(name.as_ptr().cast(), self.dir) };
            let u64_file = |parts: &[&str], value: &'static core::sync::atomic::AtomicU64| {
                let name = c_name::<32>(parts);
                // SAFETY: `name` is NUL-terminated; `value` outlives the file, removed with
                // the module's directory (drop) before it goes.
                unsafe {
                    bindings::debugfs_create_u64(name.as_ptr().cast(), 0o444, sub, value.as_ptr())
                };
            };
            for (unit, counters) in super::cpu::UNITS.iter().zip(&stats.blocks) {
                let unit = super::cpu::unit_name(*unit);
                for (context, counter) in CONTEXT_NAMES.iter().zip(counters) {
                    u64_file(&["blocks_", unit, "_", context], counter);
                }
            }
            for (file, counter) in SECTION_FILES.iter().zip(&stats.sections) {
                u64_file(&["neon_section", file], counter);
            }
        }
        #[cfg(not(CONFIG_CRYPTO_RSHA_STATS))]
        let _ = (driver, stats);
    }
    /// Adds the read-only file `name`, whose text `show` writes each time it is opened.
    pub fn add_show(
        &self,
        name: &'static core::ffi::CStr,
        show: unsafe extern "C" fn(*mut bindings::seq_file) -> kernel::ffi::c_int,
    ) {
        if self.dir.is_null() {
            return;
        }
        // SAFETY: `name` is NUL-terminated; `self.dir` is a directory or an error pointer
        // (type invariant); `show`, code of this module, outlives the file.
        unsafe {
            bindings::rsha_debugfs_create_show(crate::rsha::cstr_ptr(name), self.dir, Some(show))
        };
    }
}

impl Drop for StatsDir {
    fn drop(&mut self) {
        #[cfg(CONFIG_DEBUG_FS)]
        {
            // SAFETY: `self.dir` is a directory, an error pointer or NULL (type invariant),
            // all of which `debugfs_remove()` takes; it removes the files first.
            unsafe { bindings::debugfs_remove(self.dir) };
        }
    }
}

/// A `core::fmt::Write` into a `seq_file`, for [`StatsDir::add_show`].
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
    /// `m` is the `seq_file` a show callback was given; the writer does not outlive it.
    pub unsafe fn new(m: *mut bindings::seq_file) -> Self {
        // INVARIANT: the caller's contract.
        Self(m)
    }
}

impl core::fmt::Write for SeqWriter {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        // SAFETY: `self.0` is the running show callback's `seq_file` (type invariant); `s`
        // is `s.len()` bytes.
        unsafe { bindings::seq_write(self.0, s.as_ptr().cast(), s.len()) };
        Ok(())
    }
}
