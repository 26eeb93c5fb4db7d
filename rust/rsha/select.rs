// SPDX-License-Identifier: GPL-2.0

//! The selected driver's unit on each CPU, chosen by measurement.
//!
//! A driver module has up to three units for its algorithms (the scalar core,
//! the NEON core, the Crypto Extensions core), each registered as a driver of
//! its own, and one *selected* driver per algorithm at the module's top
//! priority ([`selected_priority`]), which runs on each CPU the unit that is
//! fastest there. The choice
//! is made the way `lib/raid6/algos.c` and `crypto/xor.c` choose at boot: by
//! timing every available unit, here once per CPU type (MIDR implementer and
//! part number, [`super::cpu::this_cpu_type`]), so that the big and the LITTLE
//! cores of a big.LITTLE system each get their own winner.
//!
//! The measuring is a CPU hotplug callback ([`Selector::cpu_online`]) of a
//! dynamic online state: the kernel runs it on every CPU online at module init
//! and on every CPU that comes online later, in that CPU's hotplug thread
//! (task context, bound to the CPU, so SIMD is usable). A CPU of a type already
//! measured takes that type's choice; a CPU of a new type is measured there and
//! then. Until its callback has run a CPU's entry is empty, and an operation
//! that starts there runs the unit all other CPUs share, if they share one,
//! else the scalar core: a CPU runs only units that every CPU has.
//! While all CPUs have one choice, an operation finds it with one load
//! ([`Selector::unit`]), as `lib/crypto` finds its unit with a static key.
//! The teardown callback ([`Selector::cpu_offline`]) empties the entry of a CPU
//! going offline, so that it chooses again when it comes back.
//!
//! The module parameter `unit` (`auto`, the default, or `scalar`, `neon`, `ce`)
//! forces one unit on every CPU; a unit the CPUs lack is refused at load
//! ([`Mode::parse`], [`Selector::start`]). Whatever the choice, an operation
//! that starts where SIMD is not usable runs the scalar core
//! ([`super::simd::SimdOp`]).
//!
//! The times and choices are printed once at load (and for a CPU type first
//! seen later, when it is measured) and are shown in
//! `/sys/kernel/debug/<module>/units`. They are what the kernel's own timing
//! gives: under an emulator (QEMU TCG) they say nothing about hardware.

use super::{
    bindings,
    cpu::{self, Feature},
    md::Message,
};
use core::sync::atomic::{
    AtomicBool, AtomicI32, AtomicU32, AtomicU64, AtomicU8,
    Ordering::{Acquire, Relaxed, Release},
};
use kernel::{
    error::{code::*, Result},
    ffi::{c_int, c_uint},
};

/// Priority of the kernel's own SHA drivers from Linux 6.17 on: `sha1-lib` ...
/// `sha512-lib`, over `lib/crypto`, which picks a unit per boot with static
/// keys.
pub const LIB_DRIVER_PRIORITY: i32 = 300;

/// The priority a selected driver registers with, for the module's priority
/// `module`; `ce_everywhere` says whether every CPU has the module's Crypto
/// Extensions unit. On kernels whose own drivers are below `module` (6.12),
/// `module`. On kernels with the `*-lib` drivers, the rule of
/// Documentation/drivers.rst ("Priorities on 7.3"): above them (at least 10
/// above) only where ours is not slower per call nor per block, which the
/// instruction counts (Documentation/performance.rst, "Linux 7.3: per call")
/// say where `lib/crypto` runs scalar or NEON code, and not where it runs the
/// Crypto Extensions: on CPUs that all have the module's CE feature the
/// selected driver goes 10 below them. The feature decides, not the measured
/// choice, so that the priority is the same on every boot of one machine.
pub const fn selected_priority(module: i32, ce_everywhere: bool) -> i32 {
    if !cfg!(rsha_lib_drivers) {
        module
    } else if ce_everywhere {
        LIB_DRIVER_PRIORITY - 10
    } else if module < LIB_DRIVER_PRIORITY + 10 {
        LIB_DRIVER_PRIORITY + 10
    } else {
        module
    }
}

/// The priority a unit driver (a test build's) registers with, for the
/// module's priority `unit`: that one where the kernel's own drivers are
/// below it (6.12); with the `*-lib` drivers at most 20 below them, under the
/// selected driver wherever it ranks: the unit drivers are for tests and
/// benchmarks, which call them by name, and never serve a user by priority.
pub const fn unit_priority(unit: i32) -> i32 {
    if cfg!(rsha_lib_drivers) && unit > LIB_DRIVER_PRIORITY - 20 {
        LIB_DRIVER_PRIORITY - 20
    } else {
        unit
    }
}

/// Bytes hashed by one timed run of a unit: 32 SHA-256 or 16 SHA-512 blocks,
/// long enough that the call overhead is small, short enough that a run stays
/// within the NEON section bound of 32-bit ARM
/// ([`NEON_SECTION_BYTES`](super::simd::NEON_SECTION_BYTES)).
pub const RUN_BYTES: usize = 2048;

/// Timed runs per unit; the fastest counts (interrupts and cache misses only
/// ever make a run slower).
pub const RUNS: usize = 8;

/// CPU types a module records. A system with more (none is known) gets the
/// further types measured and used, but not shown.
pub const MAX_TYPES: usize = 8;

/// The units in the order they are tried and shown, the cheaper call first:
/// the scalar core needs no NEON section.
pub const UNITS: [Unit; 3] = [Unit::Scalar, Unit::Neon, Unit::Ce];

/// The tie rule: a unit later in [`UNITS`] is chosen over an earlier one only
/// if it is faster by more than 1/`TIE_MARGIN` (6.25 %). Two boots of one
/// machine measure the same units within a few per cent; near-ties then go to
/// the cheaper call every time instead of to the noise of the moment.
pub const TIE_MARGIN: u64 = 16;

/// The input of every timed run. Its contents do not matter to the cores'
/// speed; a constant keeps it in `.rodata`, written by the compiler.
static RUN_INPUT: [u8; RUN_BYTES] = [0x5a; RUN_BYTES];

/// A unit: the core that compresses blocks. The numbers index tables.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unit {
    /// The scalar core (integer registers only).
    Scalar = 0,
    /// The NEON core, inside a NEON section.
    Neon = 1,
    /// The Crypto Extensions core, inside a NEON section.
    Ce = 2,
}

/// What the `unit` parameter asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The fastest unit measured on each CPU type.
    Auto,
    /// This unit on every CPU.
    Forced(Unit),
}

impl Mode {
    /// Parses the parameter: `auto`, `scalar`, `neon` or `ce` (a trailing
    /// newline, as `echo` writes, is allowed).
    pub fn parse(text: &[u8]) -> Option<Mode> {
        let text = match text {
            [rest @ .., b'\n'] => rest,
            _ => text,
        };
        match text {
            b"auto" | b"" => Some(Mode::Auto),
            b"scalar" => Some(Mode::Forced(Unit::Scalar)),
            b"neon" => Some(Mode::Forced(Unit::Neon)),
            b"ce" => Some(Mode::Forced(Unit::Ce)),
            _ => None,
        }
    }
}

/// Per CPU, the unit a module's selected drivers run.
///
/// # Invariants
///
/// `available[u]` is set only while unit `u` is usable on every CPU: the
/// scalar unit always, NEON when the CPUs have it, CE when they have the
/// module's CE feature. A `per_cpu` entry is 0 (not chosen yet) or has in its
/// low nibble `1 + u` for a unit `u` with `available[u]`, in its high nibble
/// `1 + t` for the CPU's type slot `t` (0: not recorded). `uniform` is 0 or
/// `1 + u` for a unit `u` with `available[u]`.
pub struct Selector {
    available: [AtomicBool; 3],
    forced: AtomicU8,
    /// `1 + u` when every CPU with a choice has unit `u` (one CPU type, or
    /// types that chose alike), 0 otherwise: what [`Selector::unit`] reads
    /// first, so that a system of one CPU type finds its unit with one load.
    uniform: AtomicU8,
    per_cpu: [AtomicU8; cpu::NR_CPUS],
    types: [TypeSlot; MAX_TYPES],
    hotplug_state: AtomicI32,
}

/// One measured CPU type. `id` is written last (Release) and read first
/// (Acquire): a slot with a nonzero `id` has its times and choice in place.
struct TypeSlot {
    id: AtomicU32,
    ns: [AtomicU64; 3],
    choice: AtomicU8,
    claimed: AtomicBool,
}

impl TypeSlot {
    /// The measured times, `None` for a unit not timed (stored as 0).
    fn times(&self) -> [Option<u64>; 3] {
        self.ns.each_ref().map(|v| match v.load(Relaxed) {
            0 => None,
            n => Some(n),
        })
    }

    /// The unit chosen for this type.
    fn unit(&self) -> Unit {
        unit_from_index(self.choice.load(Relaxed) as usize)
    }

    #[allow(clippy::declare_interior_mutable_const)]
    const EMPTY: TypeSlot = TypeSlot {
        id: AtomicU32::new(0),
        ns: [const { AtomicU64::new(0) }; 3],
        choice: AtomicU8::new(0),
        claimed: AtomicBool::new(false),
    };
}

/// The name of a unit in the `unit` parameter, messages and debugfs.
pub fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Scalar => "scalar",
        Unit::Neon => "neon",
        Unit::Ce => "ce",
    }
}

fn unit_from_index(i: usize) -> Unit {
    match i {
        1 => Unit::Neon,
        2 => Unit::Ce,
        _ => Unit::Scalar,
    }
}

impl Default for Selector {
    fn default() -> Self {
        Self::new()
    }
}

impl Selector {
    /// A selector with nothing measured or chosen yet: every CPU runs the
    /// scalar unit until [`Selector::start`].
    pub const fn new() -> Self {
        // INVARIANT: nothing is available and no CPU has a choice yet.
        Self {
            available: [const { AtomicBool::new(false) }; 3],
            forced: AtomicU8::new(0),
            uniform: AtomicU8::new(0),
            per_cpu: [const { AtomicU8::new(0) }; cpu::NR_CPUS],
            types: [TypeSlot::EMPTY; MAX_TYPES],
            hotplug_state: AtomicI32::new(-1),
        }
    }

    /// Whether `unit` may run on these CPUs (known after [`Selector::start`]).
    pub fn available(&self, unit: Unit) -> bool {
        self.available[unit as usize].load(Relaxed)
    }

    /// Checks `mode` against the CPUs and starts choosing, for a module whose
    /// CE unit needs `ce_feature` (`None`: a module without one). `online` is
    /// the module's hotplug callback, which must call [`Selector::cpu_online`];
    /// the kernel runs it on every online CPU before this returns; `offline`,
    /// which must call [`Selector::cpu_offline`], runs on a CPU going offline.
    /// A forced
    /// unit the CPUs lack is refused with `-ENODEV` and a message naming the
    /// unit and the CPU feature it needs.
    pub fn start(
        &'static self,
        mode: Mode,
        ce_feature: Option<Feature>,
        hotplug_name: &'static core::ffi::CStr,
        online: unsafe extern "C" fn(c_uint) -> c_int,
        offline: unsafe extern "C" fn(c_uint) -> c_int,
    ) -> Result {
        let neon = super::simd::cpu_has_neon();
        let ce = match ce_feature {
            Some(feature) => neon && cpu::has(feature),
            None => false,
        };
        self.available[Unit::Scalar as usize].store(true, Relaxed);
        self.available[Unit::Neon as usize].store(neon, Relaxed);
        self.available[Unit::Ce as usize].store(ce, Relaxed);
        if let Mode::Forced(unit) = mode {
            if !self.available(unit) {
                match (unit, ce_feature) {
                    (Unit::Ce, None) => {
                        kernel::pr_err!("unit=ce: this module has no Crypto Extensions core\n")
                    }
                    (Unit::Ce, Some(feature)) => kernel::pr_err!(
                        "unit=ce: the CPUs lack the {} instructions of the Crypto Extensions (feature \"{}\" in /proc/cpuinfo)\n",
                        feature.instructions(),
                        feature.cpuinfo_name()
                    ),
                    _ => kernel::pr_err!(
                        "unit=neon: the CPUs lack NEON (Advanced SIMD, feature \"{}\" in /proc/cpuinfo)\n",
                        if cfg!(CONFIG_ARM64) { "asimd" } else { "neon" }
                    ),
                }
                return Err(ENODEV);
            }
            self.forced.store(1 + unit as u8, Relaxed);
        }
        // SAFETY: `hotplug_name` is NUL-terminated and static; `online` and
        // `offline` are the module's callbacks, valid until `stop()` removes
        // the state (module exit, before the code goes).
        let state = unsafe {
            bindings::rsha_cpuhp_setup(
                crate::rsha::cstr_ptr(hotplug_name),
                Some(online),
                Some(offline),
            )
        };
        if state < 0 {
            return Err(kernel::error::Error::from_errno(state));
        }
        self.hotplug_state.store(state, Relaxed);
        self.report();
        Ok(())
    }

    /// Removes the hotplug state. Called at module exit, after the drivers
    /// that read the choices are unregistered.
    pub fn stop(&self) {
        let state = self.hotplug_state.swap(-1, Relaxed);
        if state >= 0 {
            // SAFETY: `state` came from `rsha_cpuhp_setup()` and is removed once
            // (the swap above).
            unsafe { bindings::rsha_cpuhp_remove(state) };
        }
    }

    /// The unit for an operation starting now: the one every CPU has, if they
    /// all chose alike (one load), else this CPU's choice, or the scalar unit
    /// on a CPU with none yet.
    ///
    /// Any available unit is sound on every CPU (type invariants): the kernel
    /// refuses to bring up a CPU that lacks a feature the system has, so a CPU
    /// of a new type that runs the common unit before its own measurement is
    /// done only runs a unit that may not be its fastest.
    #[inline]
    pub fn unit(&self) -> Unit {
        match self.uniform.load(Relaxed) {
            0 => self.unit_of_this_cpu(),
            u => unit_from_index(u as usize - 1),
        }
    }

    /// This CPU's choice: systems whose CPU types chose different units.
    #[cold]
    #[inline(never)]
    fn unit_of_this_cpu(&self) -> Unit {
        let entry = match self.per_cpu.get(cpu::this_cpu()) {
            Some(e) => e.load(Relaxed),
            None => 0,
        };
        match entry & 15 {
            2 => Unit::Neon,
            3 => Unit::Ce,
            _ => Unit::Scalar,
        }
    }

    /// Recomputes `uniform` after a CPU's entry changed. The hotplug
    /// callbacks, its only callers, run one at a time.
    fn update_uniform(&self) {
        let mut common = 0;
        for entry in &self.per_cpu {
            match (entry.load(Relaxed) & 15, common) {
                (0, _) => {}
                (u, 0) => common = u,
                (u, c) if u == c => {}
                _ => {
                    common = 0;
                    break;
                }
            }
        }
        // INVARIANT: `common` is 0 or a CPU entry's `1 + u`, an available unit.
        self.uniform.store(common, Relaxed);
    }

    /// The hotplug callback's work, on CPU `cpu`, in its hotplug thread: give
    /// the CPU its type's unit, measuring the type first, with `units`, if it
    /// is new. Always returns 0: a CPU that cannot be measured gets the scalar
    /// unit.
    pub fn cpu_online<F: Fn(Unit, Message<'_>) -> bool>(&self, cpu: c_uint, run: F) -> c_int {
        let cpu = cpu as usize;
        let Some(entry) = self.per_cpu.get(cpu) else {
            return 0;
        };
        let id = cpu::this_cpu_type();
        let known = self
            .types
            .iter()
            .enumerate()
            .find(|(_, t)| t.id.load(Acquire) == id);
        let (slot, choice) = match known {
            Some((i, t)) => (Some(i), t.unit()),
            None => {
                let ns = self.measure(run);
                let choice = self.choose(&ns);
                let slot = self.record(id, &ns, choice);
                if self.hotplug_state.load(Relaxed) >= 0 {
                    // Measured after load: print it now (at load, `start()`
                    // prints all types at once).
                    self.print_type(id, &ns, choice);
                }
                (slot, choice)
            }
        };
        let type_bits = slot.map_or(0, |t| (1 + t as u8) << 4);
        entry.store(type_bits | (1 + choice as u8), Relaxed);
        self.update_uniform();
        0
    }

    /// The hotplug teardown's work, on CPU `cpu` about to go offline: forget
    /// its choice, so that its next startup (when it comes back, possibly as
    /// another CPU after a physical swap) chooses again. Always returns 0.
    pub fn cpu_offline(&self, cpu: c_uint) -> c_int {
        if let Some(entry) = self.per_cpu.get(cpu as usize) {
            entry.store(0, Relaxed);
        }
        self.update_uniform();
        0
    }

    /// The unit for a type measured as `ns`: the forced one, or the fastest
    /// under the tie rule ([`TIE_MARGIN`]).
    fn choose(&self, ns: &[Option<u64>; 3]) -> Unit {
        let forced = self.forced.load(Relaxed);
        if forced != 0 {
            return unit_from_index(forced as usize - 1);
        }
        choose_fastest(ns)
    }

    /// Times every available unit on this CPU with `run`, which compresses
    /// the message it is given with a unit and says whether it could (a SIMD
    /// unit only where SIMD is usable): the fastest of [`RUNS`] runs over
    /// [`RUN_BYTES`], in nanoseconds (at least 1), or `None` for a unit not
    /// available or that could not run.
    fn measure<F: Fn(Unit, Message<'_>) -> bool>(&self, run: F) -> [Option<u64>; 3] {
        let mut ns = [None; 3];
        for unit in UNITS {
            if !self.available(unit) {
                continue;
            }
            let mut best = u64::MAX;
            for _ in 0..RUNS {
                // SAFETY: pairs with the `rsha_preempt_enable()` below: the run
                // is timed on this CPU without being preempted.
                unsafe { bindings::rsha_preempt_disable() };
                let t0 = now_ns();
                let ran = run(unit, Message::new(&RUN_INPUT));
                let t = now_ns().saturating_sub(t0);
                // SAFETY: pairs with the `rsha_preempt_disable()` above.
                unsafe { bindings::rsha_preempt_enable() };
                if !ran {
                    break;
                }
                best = best.min(t.max(1));
            }
            if best != u64::MAX {
                ns[unit as usize] = Some(best);
            }
        }
        ns
    }

    /// Records a measured type in a free slot, if there is one.
    fn record(&self, id: u32, ns: &[Option<u64>; 3], choice: Unit) -> Option<usize> {
        for (i, t) in self.types.iter().enumerate() {
            if t.claimed.swap(true, Relaxed) {
                continue;
            }
            for (slot, v) in t.ns.iter().zip(ns) {
                slot.store(v.unwrap_or(0), Relaxed);
            }
            t.choice.store(choice as u8, Relaxed);
            t.id.store(id, Release);
            return Some(i);
        }
        None
    }

    /// The `unit` parameter's value in effect: `auto` or the forced unit.
    fn mode_name(&self) -> &'static str {
        match self.forced.load(Relaxed) {
            0 => "auto",
            f => unit_name(unit_from_index(f as usize - 1)),
        }
    }

    /// Prints every recorded type (at load).
    fn report(&self) {
        let mode = self.mode_name();
        kernel::pr_info!(
            "unit={} (available: scalar{}{})\n",
            mode,
            if self.available(Unit::Neon) {
                ", neon"
            } else {
                ""
            },
            if self.available(Unit::Ce) { ", ce" } else { "" }
        );
        for t in &self.types {
            let id = t.id.load(Acquire);
            if id != 0 {
                self.print_type(id, &t.times(), t.unit());
            }
        }
    }

    fn print_type(&self, id: u32, ns: &[Option<u64>; 3], choice: Unit) {
        let cpus = self.per_cpu_count(id);
        // A plain argument: the `pr_info!` of 7.3 takes no `if` expression.
        let plural = if cpus == 1 { "" } else { "s" };
        kernel::pr_info!(
            "CPU type {:#010x} ({} CPU{}): {} bytes in scalar {} ns, neon {} ns, ce {} ns: {}\n",
            id,
            cpus,
            plural,
            RUN_BYTES,
            // `format_args!`: the `pr_info!` of 7.3 formats only the
            // kernel's own `Display` types, which `Arguments` is.
            format_args!("{}", Ns(ns[0])),
            format_args!("{}", Ns(ns[1])),
            format_args!("{}", Ns(ns[2])),
            unit_name(choice)
        );
    }

    /// CPUs whose entry names type `id`'s slot, plus the one being set up.
    fn per_cpu_count(&self, id: u32) -> usize {
        let Some(slot) = self.types.iter().position(|t| t.id.load(Acquire) == id) else {
            return 0;
        };
        let bits = (1 + slot as u8) << 4;
        self.per_cpu
            .iter()
            .filter(|e| e.load(Relaxed) & 0xf0 == bits)
            .count()
            .max(1)
    }

    /// The text of `/sys/kernel/debug/<module>/units`, line by line, to `out`.
    pub fn show(&self, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        writeln!(out, "mode: {}", self.mode_name())?;
        write!(out, "available: scalar")?;
        for unit in [Unit::Neon, Unit::Ce] {
            if self.available(unit) {
                write!(out, " {}", unit_name(unit))?;
            }
        }
        writeln!(out)?;
        writeln!(
            out,
            "# type: ns per {} bytes for scalar neon ce: unit",
            RUN_BYTES
        )?;
        for t in &self.types {
            let id = t.id.load(Acquire);
            if id == 0 {
                continue;
            }
            let ns = t.times();
            writeln!(
                out,
                "type {:#010x}: {} {} {}: {}",
                id,
                Ns(ns[0]),
                Ns(ns[1]),
                Ns(ns[2]),
                unit_name(t.unit())
            )?;
        }
        for (cpu, e) in self.per_cpu.iter().enumerate() {
            let e = e.load(Relaxed);
            if e == 0 {
                continue;
            }
            let slot = (e >> 4) as usize;
            let id = match slot {
                0 => 0,
                s => self.types.get(s - 1).map_or(0, |t| t.id.load(Acquire)),
            };
            writeln!(
                out,
                "cpu {}: type {:#010x}: {}",
                cpu,
                id,
                unit_name(unit_from_index((e & 15).saturating_sub(1) as usize))
            )?;
        }
        Ok(())
    }
}

/// A measured time or "-" for a unit that was not timed. Shown as a `u32`
/// (at most 4.29 s, far above any run): formatting a `u64` needs a 64-bit
/// division, which 32-bit ARM kernels do not provide to Rust.
struct Ns(Option<u64>);

impl core::fmt::Display for Ns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{}", u32::try_from(n).unwrap_or(u32::MAX)),
            None => f.write_str("-"),
        }
    }
}

/// The fastest of the units timed in `ns` (indexed as [`Unit`]), a later one
/// in [`UNITS`] only if it beats the best so far by more than 1/[`TIE_MARGIN`];
/// the scalar unit if none was timed.
pub fn choose_fastest(ns: &[Option<u64>; 3]) -> Unit {
    let mut best = Unit::Scalar;
    let mut best_ns = u64::MAX;
    for unit in UNITS {
        if let Some(t) = ns[unit as usize] {
            // `t` is at most a few seconds in ns: no overflow.
            if best_ns == u64::MAX || t + best_ns / TIE_MARGIN < best_ns {
                best = unit;
                best_ns = t;
            }
        }
    }
    best
}

/// The monotonic clock, in nanoseconds.
pub fn now_ns() -> u64 {
    // SAFETY: `ktime_get()` reads the monotonic clock; callable in task context.
    let t = unsafe { bindings::ktime_get() };
    t.max(0) as u64
}
