// SPDX-License-Identifier: GPL-2.0

//! A driver module: [`module_sha_driver!`](crate::module_sha_driver) declares it, [`start`]
//! starts it.

use super::{
    bindings,
    cpu::{self, unit_name, Unit, UNITS},
    driver::{priority_delta, run_unit, Module, VARIANTS},
    select::{Mode, SELECTOR},
    shash::{AlgDef, Registration},
    stats::{SeqWriter, StatsDir},
};
use kernel::{
    error::{code::*, Result},
    ffi::{c_int, c_uint},
};

/// A driver module's state, dropped at module exit in field order: the debugfs files, the
/// drivers, then the unit choice's hotplug state.
pub struct DriverModule {
    _debugfs: StatsDir,
    _drivers: Registration,
    _selector: SelectorGuard,
}

/// Stops the unit choice's hotplug callbacks when dropped.
struct SelectorGuard;

impl Drop for SelectorGuard {
    fn drop(&mut self) {
        SELECTOR.stop();
    }
}

/// The hotplug callbacks of a module's unit choice.
extern "C" fn cpu_online<K: Module>(cpu: c_uint) -> c_int {
    SELECTOR.cpu_online(cpu, run_unit::<K>)
}

extern "C" fn cpu_offline(cpu: c_uint) -> c_int {
    SELECTOR.cpu_offline(cpu)
}

/// The text of `/sys/kernel/debug/<module>/units`.
///
/// # Safety
///
/// Only as the show callback of that file, with its `seq_file`.
unsafe extern "C" fn show_units(m: *mut bindings::seq_file) -> c_int {
    // SAFETY: `m` is the callback's `seq_file`; the writer lives only during the callback.
    let mut out = unsafe { SeqWriter::new(m) };
    let _ = SELECTOR.show(&mut out);
    0
}

/// Starts the driver module `K` named `name` (NUL-terminated): checks the CPU and the
/// parameters, starts the unit choice (hotplug state `hotplug_name`), and registers
/// `drivers` (per algorithm, per [`VARIANTS`] entry, the hash and the HMAC), each unit
/// driver where every CPU has its unit.
pub fn start<K: Module>(
    module: &'static kernel::ThisModule,
    name: &'static [u8],
    hotplug_name: &'static core::ffi::CStr,
    drivers: &'static [[AlgDef; 2 * VARIANTS.len()]],
) -> Result<DriverModule> {
    let t0 = cpu::now_ns();
    if !cpu::runs_cores() {
        kernel::pr_err!("the CPU is older than ARMv7, which the assembly cores need\n");
        return Err(ENODEV);
    }
    // SAFETY: `K::PARAMS` returns the module's parameters (the `Cores` contract), written
    // only by that call; the parameter's buffer is static, NUL-terminated and read-only (0444).
    let (param, clock_step_ns) = unsafe {
        let params = &*K::PARAMS();
        (super::cstr_from_ptr(params.unit), params.clock_step_ns)
    };
    let Some(mode) = Mode::parse(param.to_bytes()) else {
        kernel::pr_err!(
            "unit={}: not a unit (auto, scalar, {} or {})\n",
            super::cstr_text(param),
            unit_name(Unit::Vector),
            unit_name(Unit::Crypto)
        );
        return Err(EINVAL);
    };
    let crypto = K::CRYPTO.map(|(_, feature)| feature);
    let (online, offline) = (cpu_online::<K>, cpu_offline);
    SELECTOR.start(
        mode,
        crypto,
        K::EXPECTED,
        clock_step_ns,
        hotplug_name,
        online,
        offline,
    )?;
    let guard = SelectorGuard;
    let delta = priority_delta::<K>();
    // The selected drivers always, with their priority moved; a unit driver where every CPU
    // has the unit.
    let plan = |i: usize| match VARIANTS.get(i / 2 % VARIANTS.len()).map(|&v| v as usize) {
        Some(v) if v < UNITS.len() => SELECTOR.available(UNITS[v]).then_some(0),
        _ => Some(delta),
    };
    // SAFETY: reads the monotonic clock; any context.
    let choice_ms = unsafe { bindings::rsha_ms_since(t0) };
    let t_registration = cpu::now_ns();
    // SAFETY: the arrays of a slice lie one after the other, and an array is its elements
    // without padding: `2 * VARIANTS.len()` elements per array from the slice's start.
    let drivers = unsafe {
        core::slice::from_raw_parts(drivers.as_ptr().cast(), drivers.len() * 2 * VARIANTS.len())
    };
    let drivers = Registration::register(module, drivers, plan)?;
    // SAFETY: as above.
    let (ms, registered_ms) = unsafe {
        (
            bindings::rsha_ms_since(t0),
            bindings::rsha_ms_since(t_registration),
        )
    };
    let debugfs = StatsDir::new(module, name);
    debugfs.add_show(crate::cstr!("units"), show_units);
    let mut count = 0;
    for alg in drivers.algs() {
        debugfs.add(alg.name, (alg.stats)());
        count += 1;
    }
    kernel::pr_info!(
        "{} drivers registered in {} ms, self-test waits included; loaded in {} ms, the unit choice {} ms\n",
        count,
        registered_ms,
        ms,
        choice_ms
    );
    Ok(DriverModule {
        _debugfs: debugfs,
        _drivers: drivers,
        _selector: guard,
    })
}

/// One `<key>=<value>` entry of the `.modinfo` section from constant strings (`module!`
/// takes only literals): the aliases of the drivers' names (C's `MODULE_ALIAS_CRYPTO()`),
/// and the author, which `module!` spells differently on 6.12 and 7.3.
#[macro_export]
macro_rules! modinfo {
    ($($part:expr),+ $(,)?) => {
        #[cfg(MODULE)]
        const _: () = {
            const PARTS: &[&str] = &[$($part),+];
            const LEN: usize = $crate::rsha::module::modinfo_len(PARTS);
            // As `module!`'s entries: plain `#[used]` (`used(linker)` on ELF with newer
            // rustc) marks the section SHF_GNU_RETAIN, which `ld -r` keeps apart from the
            // other `.modinfo`: modpost would miss entries.
            #[link_section = ".modinfo"]
            #[used(compiler)]
            static ENTRY: [u8; LEN] = $crate::rsha::module::modinfo_entry::<LEN>(PARTS);
        };
    };
}

#[doc(hidden)]
pub const fn modinfo_len(parts: &[&str]) -> usize {
    let mut len = 1;
    let mut i = 0;
    while i < parts.len() {
        len += parts[i].len();
        i += 1;
    }
    len
}

/// The `.modinfo` entry made of `parts`, NUL-terminated; `N` is [`modinfo_len`] of them.
#[doc(hidden)]
pub const fn modinfo_entry<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut entry = [0u8; N];
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        let bytes = parts[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            entry[at] = bytes[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(at + 1 == N);
    entry
}

/// Declares a driver module over the cores `K` (the driver's `unsafe impl Cores for K`): its
/// priorities, the unit expected fastest, and for each algorithm the names of its scalar,
/// vector, crypto and selected drivers (the HMACs' are `hmac-` and those); then `module!`'s
/// name and fields. Only declarations: the statics, the safe [`Module`] and
/// [`Names`](super::driver::Names) impls, the drivers' aliases, and a `Module::init` that
/// calls [`start`]. With `CONFIG_CRYPTO_RSHA_UNIT_DRIVERS` the unit drivers register too.
#[macro_export]
macro_rules! module_sha_driver {
    (@alias $($part:expr),+) => {
        $crate::modinfo!("alias=crypto-", $($part),+);
        $crate::modinfo!("alias=", $($part),+);
    };
    (cores: $cores:ty,
     priorities: { scalar: $p_scalar:expr, vector: $p_vector:expr, $(crypto: $p_crypto:expr,)? selected: $p_selected:expr $(,)? },
     expected: [$($expected:ident),* $(,)?],
     algorithms: [$($alg:ty => {
        scalar: $n_scalar:literal,
        vector: $n_vector:literal,
        $(crypto: $n_crypto:literal,)?
        selected: $n_selected:literal $(,)?
     }),+ $(,)?],
     name: $module_name:tt,
     author: $author:literal,
     $($field:tt)*) => {
        $crate::modinfo!("author=", $author);
        impl $crate::rsha::driver::Module for $cores {
            const PRIORITIES: [i32; 4] = [$p_scalar, $p_vector, [$($p_crypto,)? 0][0], $p_selected];
            const EXPECTED: &'static [$crate::rsha::cpu::Unit] = &[$($crate::rsha::cpu::Unit::$expected),*];
        }
        $(
            // Without a crypto core the (never registered) crypto drivers have the vector names.
            impl $crate::rsha::driver::Names<$alg> for $cores {
                const NAMES: [&'static str; 4] = [$n_scalar, $n_vector, [$($n_crypto,)? $n_vector][0], $n_selected];
                const HMAC_NAMES: [&'static str; 4] = [
                    concat!("hmac-", $n_scalar),
                    concat!("hmac-", $n_vector),
                    [$(concat!("hmac-", $n_crypto),)? concat!("hmac-", $n_vector)][0],
                    concat!("hmac-", $n_selected),
                ];
                fn stats() -> &'static [[$crate::rsha::stats::CoreStats; 2]; 4] {
                    static STATS: [[$crate::rsha::stats::CoreStats; 2]; 4] =
                        [const { [const { $crate::rsha::stats::CoreStats::new() }; 2] }; 4];
                    &STATS
                }
            }
            $crate::module_sha_driver!(@alias <$alg as $crate::rsha::md::Algorithm>::NAME);
            $crate::module_sha_driver!(@alias <$alg as $crate::rsha::md::Algorithm>::HMAC_NAME);
            $crate::module_sha_driver!(@alias $n_selected);
            $crate::module_sha_driver!(@alias "hmac-", $n_selected);
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            const _: () = {
                $crate::module_sha_driver!(@alias $n_scalar);
                $crate::module_sha_driver!(@alias "hmac-", $n_scalar);
                $crate::module_sha_driver!(@alias $n_vector);
                $crate::module_sha_driver!(@alias "hmac-", $n_vector);
                $($crate::module_sha_driver!(@alias $n_crypto);)?
                $($crate::module_sha_driver!(@alias "hmac-", $n_crypto);)?
            };
        )+
        struct Module(#[allow(dead_code)] $crate::rsha::module::DriverModule);
        ::kernel::prelude::module! {
            type: Module,
            name: $module_name,
            $($field)*
        }
        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                static DRIVERS: [[$crate::rsha::shash::AlgDef; 2 * $crate::rsha::driver::VARIANTS.len()]; [$(stringify!($alg)),+].len()] =
                    [$($crate::rsha::driver::drivers::<$cores, $alg>()),+];
                let hotplug = $crate::cstr!(concat!("crypto/", $module_name, ":online"));
                $crate::rsha::module::start::<$cores>(module, __LOG_PREFIX, hotplug, &DRIVERS).map(Module)
            }
        }
    };
}
