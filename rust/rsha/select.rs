// SPDX-License-Identifier: GPL-2.0

//! The selected driver's unit on each CPU: the fastest, timed as `lib/raid6/algos.c` does,
//! once per CPU type (MIDR), so that big and LITTLE cores each get theirs; or the one the
//! parameter `unit` forces. The timing adapts to the clock: each unit is timed over at
//! least 256 clock steps, the units in turns, and the tie rule widens by what
//! the clock cannot resolve (`Documentation/drivers.rst`, "How the unit is chosen").

use super::{
    bindings,
    cpu::{self, unit_name, Feature, Unit, UNITS},
    md::Message,
};
use core::sync::atomic::{
    AtomicBool, AtomicI32, AtomicU32, AtomicU64, AtomicU8,
    Ordering::{Acquire, Relaxed, Release},
};
use kernel::{
    error::{code::*, Result},
    ffi::{c_int, c_uint},
    types::Opaque,
};

/// Priority of the kernel's own `sha1-lib` ... `sha512-lib` drivers (6.17 on).
pub const LIB_DRIVER_PRIORITY: i32 = 300;

/// The priority of a selected driver for the module's priority `module`. With the `*-lib`
/// drivers (Documentation/drivers.rst, "Priorities on 7.3"): 10 above them, or 10 below
/// where every CPU has the CE unit, which `lib/crypto` uses too; but not in User-Mode
/// Linux, where `lib/crypto` has no architecture code and runs the generic C.
pub const fn selected_priority(module: i32, ce_everywhere: bool) -> i32 {
    if !cfg!(rsha_lib_drivers) {
        module
    } else if ce_everywhere && !cfg!(CONFIG_UML) {
        LIB_DRIVER_PRIORITY - 10
    } else if module < LIB_DRIVER_PRIORITY + 10 {
        LIB_DRIVER_PRIORITY + 10
    } else {
        module
    }
}

/// The priority of a unit driver: with the `*-lib` drivers at most 20 below them.
pub const fn unit_priority(unit: i32) -> i32 {
    if cfg!(rsha_lib_drivers) && unit > LIB_DRIVER_PRIORITY - 20 {
        LIB_DRIVER_PRIORITY - 20
    } else {
        unit
    }
}

/// Bytes hashed by one run of a unit: fits one NEON section on 32-bit ARM.
pub const RUN_BYTES: usize = 2048;

/// Clock steps a timed span covers at least: one step is below 0.4% of it.
const SPAN_STEPS: u64 = 256;

/// Shortest timed span on a fine clock, in ns.
const MIN_SPAN_NS: u64 = 50_000;

/// Longest span aimed at, in ns (preemption is off in it): a clock coarser than this over
/// [`SPAN_STEPS`] (8 us) resolves less, which the tie rule allows for.
const MAX_SPAN_NS: u64 = 2_000_000;

/// Most turns of the units, interleaved; each unit's fastest counts (interrupts, misses,
/// frequency changes and a busy SMT sibling only slow a turn down).
const TURNS: u8 = 8;

/// No turn past the [`MIN_TURNS`]th starts after this long, in ns: bounds a measurement.
const BUDGET_NS: u64 = 20_000_000;

/// Turns done whatever the time: a unit slowed down in all of them is unlikely. Three
/// keep a 4 us clock's measurement under 50 ms in User-Mode Linux on a busy host.
const MIN_TURNS: u8 = 3;

/// Most runs in a span, as a power of two: spans are divided by shifts (no 64-bit
/// division on 32-bit ARM).
const MAX_SHIFT: u32 = 16;

/// CPU types a module records; further types are measured but not shown.
pub const MAX_TYPES: usize = 8;

/// A unit later in [`UNITS`] wins only if faster by more than 1/`TIE_FRACTION` (noise)
/// plus a clock step in each of the two spans compared (resolution).
pub const TIE_FRACTION: u64 = 32;

static RUN_INPUT: [u8; RUN_BYTES] = [0x5a; RUN_BYTES];

/// One measurement of a CPU type's units.
#[derive(Clone, Copy, Default)]
struct Measurement {
    /// Per unit, ns per [`RUN_BYTES`] in its fastest span (`None`: not timed).
    ns: [Option<u64>; 3],
    /// Per unit, a clock step per run: the error of `ns` from the clock's resolution.
    error: [u64; 3],
    /// The clock step seen ([`cpu::clock_step_ns`]).
    step: u64,
    /// The shortest span of a unit's fastest turn, in ns.
    span: u64,
    /// Turns done.
    turns: u8,
    /// Time the measurement took, in ns.
    took: u64,
}

impl Measurement {
    /// The fastest unit under the tie rule ([`TIE_FRACTION`]); scalar if none was timed.
    fn fastest(&self) -> Unit {
        let (mut best, mut best_ns, mut best_error) = (Unit::Scalar, u64::MAX, 0);
        for unit in UNITS {
            let (ns, error) = (self.ns[unit as usize], self.error[unit as usize]);
            // Times are at most seconds in ns: no overflow.
            match ns {
                Some(t)
                    if best_ns == u64::MAX
                        || t + error + best_error + best_ns / TIE_FRACTION < best_ns =>
                {
                    (best, best_ns, best_error) = (unit, t, error)
                }
                _ => {}
            }
        }
        best
    }
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
    /// Parses the parameter (a trailing newline allowed).
    pub fn parse(text: &[u8]) -> Option<Mode> {
        match text.strip_suffix(b"\n").unwrap_or(text) {
            b"auto" | b"" => Some(Mode::Auto),
            t => UNITS
                .into_iter()
                .find(|&u| unit_name(u).as_bytes() == t)
                .map(Mode::Forced),
        }
    }
}

/// The module's unit choice, the only [`Selector`]: each module compiles the library in, so
/// each has its own, and the jump table names its keys by this static ([`Selector::unit`]).
pub static SELECTOR: Selector = Selector::new();

/// Per CPU, the unit a module's selected drivers run.
///
/// # Invariants
///
/// `available[u]` is set only while unit `u` is usable on every CPU. A `per_cpu` entry is
/// 0 (not chosen yet) or has in its low nibble `1 + u` for a unit `u` with `available[u]`,
/// in its high nibble `1 + t` for the CPU's type slot `t` (0: not recorded). Static key
/// `common[u]` (a `struct static_key`, false while zero) is enabled only for units `u`
/// with `available[u]`, and only the kernel's `static_key_*()` write it.
pub struct Selector {
    available: [AtomicBool; 3],
    forced: AtomicU8,
    /// 0 or `1 + u`: the unit the project's cycle tables have fastest on these CPUs.
    expected: AtomicU8,
    /// The test-only coarsening of the measurement's clock ([`cpu::clock_ns`]).
    coarse_ns: AtomicU32,
    /// Key `u` enabled: every CPU with a choice runs unit `u`; none: each its own.
    common: [Opaque<bindings::static_key>; 3],
    per_cpu: [AtomicU8; cpu::NR_CPUS],
    types: [TypeSlot; MAX_TYPES],
    hotplug_state: AtomicI32,
}

// SAFETY: the keys are written by the kernel's `static_key_*()` functions only, under their
// own lock, and read as the kernel reads them (a patched branch, or an atomic load); the
// other fields are atomics.
unsafe impl Sync for Selector {}

/// One measured CPU type. `choice` (`1 + u`, 0 while free) claims the slot; `id` is
/// written last (Release) and read first (Acquire): a nonzero `id` has its times in place.
struct TypeSlot {
    id: AtomicU32,
    /// The [`Measurement`]: `ns` (0: not timed), then step, span and time taken.
    ns: [AtomicU64; 3],
    clock: [AtomicU64; 3],
    turns: AtomicU8,
    choice: AtomicU8,
}

impl TypeSlot {
    /// The recorded measurement (without the errors).
    fn measurement(&self) -> Measurement {
        let [step, span, took] = self.clock.each_ref().map(|v| v.load(Relaxed));
        Measurement {
            ns: self.ns.each_ref().map(|v| match v.load(Relaxed) {
                0 => None,
                n => Some(n),
            }),
            step,
            span,
            took,
            turns: self.turns.load(Relaxed),
            ..Measurement::default()
        }
    }
    fn unit(&self) -> Unit {
        unit_of(self.choice.load(Relaxed))
    }
    #[allow(clippy::declare_interior_mutable_const)]
    const EMPTY: TypeSlot = TypeSlot {
        id: AtomicU32::new(0),
        ns: [const { AtomicU64::new(0) }; 3],
        clock: [const { AtomicU64::new(0) }; 3],
        turns: AtomicU8::new(0),
        choice: AtomicU8::new(0),
    };
}

/// The unit `u` of `1 + u` in the low nibble of `v`; scalar for none.
fn unit_of(v: u8) -> Unit {
    match v & 15 {
        2 => Unit::Vector,
        3 => Unit::Crypto,
        _ => Unit::Scalar,
    }
}

impl Selector {
    /// A selector with nothing measured or chosen yet: every CPU runs the scalar unit.
    const fn new() -> Self {
        // INVARIANT: nothing is available and no CPU has a choice yet.
        Self {
            available: [const { AtomicBool::new(false) }; 3],
            forced: AtomicU8::new(0),
            expected: AtomicU8::new(0),
            coarse_ns: AtomicU32::new(0),
            // SAFETY: all-zeroes is a `struct static_key` initially false (`enabled` 0,
            // `JUMP_TYPE_FALSE` 0), as `STATIC_KEY_FALSE_INIT` writes it.
            common: [const { Opaque::new(unsafe { core::mem::zeroed() }) }; 3],
            per_cpu: [const { AtomicU8::new(0) }; cpu::NR_CPUS],
            types: [TypeSlot::EMPTY; MAX_TYPES],
            hotplug_state: AtomicI32::new(-1),
        }
    }
    /// Whether `unit` may run on every CPU (known after [`Selector::start`]).
    pub fn available(&self, unit: Unit) -> bool {
        self.available[unit as usize].load(Relaxed)
    }
    /// Checks `mode` against the CPUs (a forced unit they lack: `-ENODEV`) and starts
    /// choosing: `online` and `offline` call [`Self::cpu_online`] and [`Self::cpu_offline`].
    /// `expected` lists the units the project's cycle tables have fastest, by more than the
    /// tie rule, each where the CPUs lack the ones before it; `coarse_ns` is the test-only
    /// clock step of the measurement.
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        &'static self,
        mode: Mode,
        ce_feature: Option<Feature>,
        expected: &[Unit],
        coarse_ns: u32,
        hotplug_name: &'static core::ffi::CStr,
        online: unsafe extern "C" fn(c_uint) -> c_int,
        offline: unsafe extern "C" fn(c_uint) -> c_int,
    ) -> Result {
        let crypto = ce_feature.is_some_and(cpu::has);
        for (a, v) in self.available.iter().zip([true, cpu::has_vector(), crypto]) {
            a.store(v, Relaxed);
        }
        if let Some(&u) = expected.iter().find(|&&u| self.available(u)) {
            self.expected.store(1 + u as u8, Relaxed);
        }
        self.coarse_ns.store(coarse_ns, Relaxed);
        if let Mode::Forced(unit) = mode {
            if !self.available(unit) {
                let name = unit_name(unit);
                match (unit, ce_feature.map(Feature::names)) {
                    (Unit::Crypto, None) => {
                        kernel::pr_err!("unit={}: this module has no core for it\n", name)
                    }
                    (Unit::Crypto, Some((instructions, cpuinfo))) => kernel::pr_err!(
                        "unit={}: the CPUs lack the {} instructions (feature \"{}\" in /proc/cpuinfo)\n",
                        name,
                        instructions,
                        cpuinfo
                    ),
                    _ => kernel::pr_err!(
                        "unit={}: the CPUs lack it (feature \"{}\" in /proc/cpuinfo)\n",
                        name,
                        cpu::VECTOR_CPUINFO
                    ),
                }
                return Err(ENODEV);
            }
            self.forced.store(1 + unit as u8, Relaxed);
        }
        // SAFETY: `hotplug_name` is NUL-terminated and static; `online` and `offline` are
        // the module's callbacks, valid until `stop()` removes the state at module exit.
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
    /// Removes the hotplug state (module exit, after the drivers are gone).
    pub fn stop(&self) {
        let state = self.hotplug_state.swap(-1, Relaxed);
        if state >= 0 {
            // SAFETY: from `rsha_cpuhp_setup()`, removed once (the swap above).
            unsafe { bindings::rsha_cpuhp_remove(state) };
        }
    }
    /// The unit for an operation starting now: the one every CPU shares, by its static key,
    /// else this CPU's; any runs on every CPU (the kernel brings up no CPU lacking a system
    /// feature), so a call that read a key just before it flipped stays valid.
    #[inline(always)]
    pub fn unit(&self) -> Unit {
        if Self::shared::<{ Unit::Crypto as usize }>() {
            Unit::Crypto
        } else if Self::shared::<{ Unit::Vector as usize }>() {
            Unit::Vector
        } else if Self::shared::<{ Unit::Scalar as usize }>() {
            Unit::Scalar
        } else {
            self.unit_of_this_cpu()
        }
    }
    /// Whether key `common[U]` is enabled: a branch the kernel patches (7.x with
    /// `CONFIG_JUMP_LABEL`), as `static_branch_unlikely()`, the jump table entry's string
    /// being the kernel's own for Rust, in `kernel::asm!` (AT&T syntax on x86, where `1b`
    /// is a label, not the binary number the lint warns of).
    #[cfg(all(rsha_static_branch, CONFIG_JUMP_LABEL))]
    #[allow(binary_asm_labels)]
    #[inline(always)]
    fn shared<const U: usize>() -> bool {
        'enabled: {
            // SAFETY: the kernel's jump table entry of a branch to `l_yes`, its key
            // `SELECTOR.common[U]`, a `struct static_key` initially false (branch 0) in this
            // module's writable data, which the module loader links to the entry.
            unsafe {
                kernel::asm!(
                    include!(concat!(env!("OBJTREE"), "/rust/kernel/generated_arch_static_branch_asm.rs"));
                    l_yes = label { break 'enabled true; },
                    symb = sym SELECTOR,
                    off = const core::mem::offset_of!(Selector, common)
                        + U * core::mem::size_of::<Opaque<bindings::static_key>>(),
                    branch = const 0,
                );
            }
            false
        }
    }
    /// Whether key `common[U]` is enabled: one load, as `static_key_enabled()` without
    /// `CONFIG_JUMP_LABEL`, and on 6.12, whose Rust has no static branch.
    #[cfg(not(all(rsha_static_branch, CONFIG_JUMP_LABEL)))]
    #[inline(always)]
    fn shared<const U: usize>() -> bool {
        let enabled = SELECTOR.common[U].get().cast::<i32>();
        // SAFETY: `enabled`, an `atomic_t`, is the key's first field, aligned, and C writes
        // it with atomic operations only.
        unsafe { core::sync::atomic::AtomicI32::from_ptr(enabled) }.load(Relaxed) > 0
    }
    #[cold]
    #[inline(never)]
    fn unit_of_this_cpu(&self) -> Unit {
        let entry = self.per_cpu.get(cpu::this_cpu());
        unit_of(entry.map_or(0, |e| e.load(Relaxed)))
    }
    /// Sets the keys after a CPU's entry changed (hotplug callbacks, one at a time, with the
    /// CPUs locked): the key of the unit every CPU with a choice shares, else none. The new
    /// key is enabled before the old one is disabled, so a call in between takes either.
    fn update_common(&self) {
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
        let shared = (common != 0).then(|| unit_of(common));
        let key = |unit: Unit| self.common[unit as usize].get();
        if let Some(unit) = shared {
            // SAFETY: a static key of this static, in a hotplug callback (the CPUs locked).
            unsafe { bindings::rsha_static_key_set(key(unit), true) };
        }
        for unit in UNITS.into_iter().filter(|&u| Some(u) != shared) {
            // SAFETY: as above.
            unsafe { bindings::rsha_static_key_set(key(unit), false) };
        }
    }
    /// Gives CPU `cpu`, coming online, its type's unit, timing a new type with `run`.
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
                let m = self.measure(run);
                let choice = match self.forced.load(Relaxed) {
                    0 => m.fastest(),
                    f => unit_of(f),
                };
                let slot = self.record(id, &m, choice);
                if self.hotplug_state.load(Relaxed) >= 0 {
                    // `start()` prints those found at load.
                    self.print_type(id, &m, choice);
                }
                (slot, choice)
            }
        };
        let type_bits = slot.map_or(0, |t| (1 + t as u8) << 4);
        entry.store(type_bits | (1 + choice as u8), Relaxed);
        self.update_common();
        0
    }
    /// Forgets the choice of `cpu`, going offline.
    pub fn cpu_offline(&self, cpu: c_uint) -> c_int {
        if let Some(entry) = self.per_cpu.get(cpu as usize) {
            entry.store(0, Relaxed);
        }
        self.update_common();
        0
    }
    /// Times every available unit on this CPU with `run` (false: not run): each over at
    /// least [`SPAN_STEPS`] steps of the clock, in [`TURNS`] interleaved turns.
    fn measure<F: Fn(Unit, Message<'_>) -> bool>(&self, run: F) -> Measurement {
        let coarse_ns = self.coarse_ns.load(Relaxed);
        let start = cpu::now_ns();
        let step = cpu::clock_step_ns(coarse_ns);
        let span = step
            .saturating_mul(SPAN_STEPS)
            .clamp(MIN_SPAN_NS, MAX_SPAN_NS);
        // The clock time of `1 << shift` runs of `unit`; `None` if it did not run.
        let timed = |unit: Unit, shift: u32| {
            // SAFETY: pairs with the `rsha_preempt_enable()` below.
            unsafe { bindings::rsha_preempt_disable() };
            let t0 = cpu::clock_ns(coarse_ns);
            let ran = (0..1u32 << shift).all(|_| run(unit, Message::new(&RUN_INPUT)));
            let t = cpu::clock_ns(coarse_ns).saturating_sub(t0);
            // SAFETY: pairs with the `rsha_preempt_disable()` above.
            unsafe { bindings::rsha_preempt_enable() };
            ran.then_some(t)
        };
        let mut m = Measurement {
            step,
            turns: 1,
            ..Measurement::default()
        };
        // The first turn runs each unit once untimed (caches, page faults, an emulator's
        // translation), then doubles the runs until a span is long enough.
        let mut shift = [0u32; 3];
        for unit in UNITS.into_iter().filter(|&u| self.available(u)) {
            let s = &mut shift[unit as usize];
            let mut t = timed(unit, 0).and_then(|_| timed(unit, 0));
            while let Some(ns) = t {
                if ns >= span || *s == MAX_SHIFT {
                    m.ns[unit as usize] = Some((ns >> *s).max(1));
                    m.error[unit as usize] = (step >> *s).max(1);
                    break;
                }
                *s += 1;
                t = timed(unit, *s);
            }
        }
        while m.turns < TURNS
            && (m.turns < MIN_TURNS || cpu::now_ns().saturating_sub(start) < BUDGET_NS)
        {
            for unit in UNITS {
                let u = unit as usize;
                // Only the units timed in the first turn: those every CPU has.
                let Some(best) = m.ns[u] else {
                    continue;
                };
                if let Some(t) = timed(unit, shift[u]) {
                    m.ns[u] = Some(best.min((t >> shift[u]).max(1)));
                }
            }
            m.turns += 1;
        }
        // The shortest span of a unit's best turn (one interrupted in calibration may
        // have ended the doubling early).
        m.span = UNITS
            .into_iter()
            .filter_map(|u| m.ns[u as usize].map(|ns| ns << shift[u as usize]))
            .min()
            .unwrap_or(0);
        m.took = cpu::now_ns().saturating_sub(start);
        m
    }
    /// Records a measured type in a free slot, if there is one.
    fn record(&self, id: u32, m: &Measurement, choice: Unit) -> Option<usize> {
        for (i, t) in self.types.iter().enumerate() {
            let code = 1 + choice as u8;
            if t.choice
                .compare_exchange(0, code, Relaxed, Relaxed)
                .is_err()
            {
                continue;
            }
            for (slot, v) in t.ns.iter().zip(m.ns) {
                slot.store(v.unwrap_or(0), Relaxed);
            }
            for (slot, v) in t.clock.iter().zip([m.step, m.span, m.took]) {
                slot.store(v, Relaxed);
            }
            t.turns.store(m.turns, Relaxed);
            t.id.store(id, Release);
            return Some(i);
        }
        None
    }
    fn mode_name(&self) -> &'static str {
        match self.forced.load(Relaxed) {
            0 => "auto",
            f => unit_name(unit_of(f)),
        }
    }
    /// Prints every recorded type (at load).
    fn report(&self) {
        kernel::pr_info!(
            "unit={} (available: {})\n",
            self.mode_name(),
            format_args!("{}", Available(self, ", "))
        );
        for t in &self.types {
            let id = t.id.load(Acquire);
            if id != 0 {
                self.print_type(id, &t.measurement(), t.unit());
            }
        }
    }
    /// The line of a measured type, and a note where it differs from the cycle tables.
    fn print_type(&self, id: u32, m: &Measurement, choice: Unit) {
        let cpus = self.per_cpu_count(id);
        // The `pr_info!` of 7.3 takes no `if` expression.
        let plural = if cpus == 1 { "" } else { "s" };
        // The `pr_info!` of 7.3 formats only the kernel's `Display` types: `Arguments`.
        kernel::pr_info!(
            "CPU type {:#010x} ({} CPU{}): {} bytes in scalar {} ns, {} {} ns, {} {} ns (clock step {} ns, spans of {} ns, best of {}, ties within 1/{} + 2 steps, in {} us): {}\n",
            id,
            cpus,
            plural,
            RUN_BYTES,
            format_args!("{}", Ns(m.ns[0])),
            unit_name(Unit::Vector),
            format_args!("{}", Ns(m.ns[1])),
            unit_name(Unit::Crypto),
            format_args!("{}", Ns(m.ns[2])),
            format_args!("{}", Ns(Some(m.step))),
            format_args!("{}", Ns(Some(m.span))),
            m.turns,
            TIE_FRACTION,
            u32::try_from(m.took).unwrap_or(u32::MAX) / 1000,
            unit_name(choice)
        );
        let expected = self.expected.load(Relaxed);
        if self.forced.load(Relaxed) == 0 && expected != 0 && unit_of(expected) != choice {
            kernel::pr_notice!(
                "CPU type {:#010x}: the cycle tables have {} the fastest unit here, but {} measured fastest\n",
                id,
                unit_name(unit_of(expected)),
                unit_name(choice)
            );
        }
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
        writeln!(out, "available: {}", Available(self, " "))?;
        let (v, c) = (unit_name(Unit::Vector), unit_name(Unit::Crypto));
        writeln!(
            out,
            "# type: ns per {RUN_BYTES} bytes for scalar {v} {c}: unit"
        )?;
        for t in &self.types {
            let id = t.id.load(Acquire);
            if id == 0 {
                continue;
            }
            let ([a, b, c], unit) = (t.measurement().ns.map(Ns), unit_name(t.unit()));
            writeln!(out, "type {id:#010x}: {a} {b} {c}: {unit}")?;
        }
        for (cpu, e) in self.per_cpu.iter().enumerate() {
            let e = e.load(Relaxed);
            if e == 0 {
                continue;
            }
            let id = match (e >> 4) as usize {
                0 => 0,
                s => self.types.get(s - 1).map_or(0, |t| t.id.load(Acquire)),
            };
            let unit = unit_name(unit_of(e));
            writeln!(out, "cpu {cpu}: type {id:#010x}: {unit}")?;
        }
        Ok(())
    }
}

/// The available units, with the separator given.
struct Available<'a>(&'a Selector, &'static str);

impl core::fmt::Display for Available<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("scalar")?;
        for unit in [Unit::Vector, Unit::Crypto] {
            if self.0.available(unit) {
                write!(f, "{}{}", self.1, unit_name(unit))?;
            }
        }
        Ok(())
    }
}

/// A measured time or "-", shown as a `u32`: no 64-bit division on 32-bit ARM.
struct Ns(Option<u64>);

impl core::fmt::Display for Ns {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{}", u32::try_from(n).unwrap_or(u32::MAX)),
            None => f.write_str("-"),
        }
    }
}
