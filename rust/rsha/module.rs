// SPDX-License-Identifier: GPL-2.0

//! A driver module: [`module_sha_driver!`](crate::module_sha_driver) declares it, [`init`]
//! starts it.

use super::{
    bindings,
    cpu::{self, unit_name, Unit},
    driver::{Cores, Driver, AUTO},
    md::Algorithm,
    select::{Mode, Selector},
    shash::{AlgDef, Registration},
    stats::{SeqWriter, StatsDir},
};
use core::pin::Pin;
use kernel::{
    error::{code::*, Result},
    ffi::{c_int, c_uint},
};

/// The algorithms of a driver module, one or two, all run by the cores `K`.
pub trait Algorithms<K>: 'static {
    /// How many there are.
    const COUNT: usize;
    /// The one the unit choice times.
    type First: Algorithm;
    /// Adds the counters of variant `v`'s drivers to `dir`.
    fn add_stats(dir: &StatsDir, v: usize);
}

fn add_stats<K: Cores<A>, A: Algorithm>(dir: &StatsDir, v: usize) {
    let [hash, hmac] = &K::stats()[v];
    dir.add(K::NAMES[v], hash);
    dir.add(K::HMAC_NAMES[v], hmac);
}

impl<K: Cores<A>, A: Algorithm> Algorithms<K> for (A,) {
    const COUNT: usize = 1;
    type First = A;
    fn add_stats(dir: &StatsDir, v: usize) {
        add_stats::<K, A>(dir, v);
    }
}

impl<K: Cores<A> + Cores<B>, A: Algorithm, B: Algorithm> Algorithms<K> for (A, B) {
    const COUNT: usize = 2;
    type First = A;
    fn add_stats(dir: &StatsDir, v: usize) {
        add_stats::<K, A>(dir, v);
        add_stats::<K, B>(dir, v);
    }
}

/// A driver module's state, dropped at module exit in field order: the debugfs files, the
/// drivers, then the unit choice's hotplug state.
pub struct DriverModule {
    _debugfs: StatsDir,
    _drivers: Registration,
    _selector: SelectorGuard,
}

/// Stops a selector's hotplug callbacks when dropped.
struct SelectorGuard(&'static Selector);

impl Drop for SelectorGuard {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The hotplug callback of a module's unit choice, timing its first algorithm.
extern "C" fn cpu_online<K: Cores<A>, A: Algorithm>(cpu: c_uint) -> c_int {
    K::selector().cpu_online(cpu, Driver::<K, A, AUTO>::run_unit)
}

extern "C" fn cpu_offline<K: Cores<A>, A: Algorithm>(cpu: c_uint) -> c_int {
    K::selector().cpu_offline(cpu)
}

/// The text of `/sys/kernel/debug/<module>/units`.
///
/// # Safety
///
/// Only as the show callback of that file, with its `seq_file`.
unsafe extern "C" fn show_units<K: Cores<A>, A: Algorithm>(m: *mut bindings::seq_file) -> c_int {
    // SAFETY: `m` is the callback's `seq_file`; the writer lives only during the callback.
    let mut out = unsafe { SeqWriter::new(m) };
    let _ = K::selector().show(&mut out);
    0
}

/// Starts a driver module of cores `K` and algorithms `L` with the module's parameters
/// `params`; `drivers` are rows of `2 * L::COUNT` (hashes, then HMACs) of the selected
/// drivers, then maybe of the scalar, vector and crypto ones, each where every CPU has the unit.
pub fn init<K, L>(
    module: &'static kernel::ThisModule,
    name: &'static [u8],
    params: &bindings::rsha_params,
    hotplug_name: &'static core::ffi::CStr,
    mut drivers: Pin<&'static mut [AlgDef]>,
) -> Result<DriverModule>
where
    K: Cores<L::First>,
    L: Algorithms<K>,
{
    let t0 = cpu::now_ns();
    if !cpu::runs_cores() {
        kernel::pr_err!("the CPU is older than ARMv7, which the assembly cores need\n");
        return Err(ENODEV);
    }
    // SAFETY: the parameter's buffer (`helpers.c`) is static, NUL-terminated and read-only
    // (0444).
    let param = unsafe { super::cstr_from_ptr(params.unit) };
    let Some(mode) = Mode::parse(param.to_bytes()) else {
        kernel::pr_err!(
            "unit={}: not a unit (auto, scalar, {} or {})\n",
            super::cstr_text(param),
            unit_name(Unit::Vector),
            unit_name(Unit::Crypto)
        );
        return Err(EINVAL);
    };
    let selector = K::selector();
    selector.start(
        mode,
        K::CRYPTO_FEATURE,
        K::EXPECTED,
        params.clock_step_ns,
        hotplug_name,
        cpu_online::<K, L::First>,
        cpu_offline::<K, L::First>,
    )?;
    let guard = SelectorGuard(selector);
    let row = 2 * L::COUNT;
    let delta = Driver::<K, L::First, AUTO>::priority_delta();
    // SAFETY: a field of each element is written; nothing is moved.
    for alg in unsafe { drivers.as_mut().get_unchecked_mut() }
        .iter_mut()
        .take(row)
    {
        alg.move_priority(delta);
    }
    let debugfs = StatsDir::new(module, name);
    debugfs.add_show(crate::cstr!("units"), show_units::<K, L::First>);
    let mut wanted: u64 = (1 << row) - 1;
    L::add_stats(&debugfs, AUTO as usize);
    if drivers.len() >= 4 * row {
        for (r, unit) in [(1, Unit::Scalar), (2, Unit::Vector), (3, Unit::Crypto)] {
            if selector.available(unit) {
                wanted |= ((1 << row) - 1) << (r * row);
                L::add_stats(&debugfs, unit as usize);
            }
        }
    }
    // SAFETY: reads the monotonic clock; any context.
    let choice_ms = unsafe { bindings::rsha_ms_since(t0) };
    let t_registration = cpu::now_ns();
    let drivers = Registration::register(module, drivers, wanted, super::shash::SELF_TEST_WAIT_MS)?;
    // SAFETY: as above.
    let ms = unsafe { bindings::rsha_ms_since(t0) };
    // SAFETY: as above.
    let registered_ms = unsafe { bindings::rsha_ms_since(t_registration) };
    kernel::pr_info!(
        "{} drivers registered in {} ms, self-test waits included; loaded in {} ms, the unit choice {} ms\n",
        wanted.count_ones(),
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

/// Declares a driver module with a scalar, a vector (NEON, AVX2) and maybe a crypto (CE,
/// SHA-NI) core for one algorithm family: for every algorithm the selected driver and its
/// HMAC, with `CONFIG_CRYPTO_RSHA_UNIT_DRIVERS` also the scalar, vector and crypto ones. Calling foreign
/// assembly is an obligation only the driver's author can discharge, so the syntax makes
/// them write it: `cores: unsafe { ... }`, with a safety comment above it that argues the
/// [`super::driver::AsmCore`] contract for every algorithm listed.
#[macro_export]
macro_rules! module_sha_driver {
    (@alias $($part:expr),+) => {
        $crate::modinfo!("alias=crypto-", $($part),+);
        $crate::modinfo!("alias=", $($part),+);
    };
    // SAFETY: not an unsafe block but the driver author's `unsafe`, which their own safety
    // comment argues (see the documentation above).
    (cores: unsafe {
        scalar: $scalar:ident,
        vector: $vector:ident
        $(, crypto: $crypto:ident if $feature:ident)? $(,)?
     },
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
     $($f:tt)*) => {
        $crate::modinfo!("author=", $author);
        extern "C" {
            fn $scalar(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
            fn $vector(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
            $(fn $crypto(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);)?
            // The module's parameters (`helpers.c`, named after the module).
            #[link_name = concat!("rsha_params_", $module_name)]
            fn rsha_params() -> *const $crate::rsha::bindings::rsha_params;
        }

        struct Cores;
        const CRYPTO_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> =
            [$(Some($crate::rsha::cpu::Feature::$feature),)? None][0];
        const CRYPTO_PRIORITY: i32 = [$($p_crypto,)? 0][0];
        const EXPECTED: &[$crate::rsha::cpu::Unit] = &[$($crate::rsha::cpu::Unit::$expected),*];
        /// The crypto core; in a module without one (never called) the scalar core.
        ///
        /// # Safety
        ///
        /// Only inside a SIMD section on a CPU with `CRYPTO_FEATURE`.
        #[inline(always)]
        unsafe fn crypto_core(s: *mut ::kernel::ffi::c_void, d: *const u8, n: usize) {
            $(
                // SAFETY: in a SIMD section on a CPU with the feature (safety
                // requirements).
                return unsafe { $crypto(s, d, n) };
            )?
            #[allow(unreachable_code)]
            // SAFETY: the scalar core is sound anywhere.
            unsafe { $scalar(s, d, n) }
        }

        static SELECTOR: $crate::rsha::select::Selector = $crate::rsha::select::Selector::new();
        $(
            // SAFETY: the author's `cores: unsafe { ... }` argues each core's `AsmCore`
            // contract for every algorithm listed (see the macro).
            unsafe impl $crate::rsha::driver::Cores<$alg> for Cores {
                const CRYPTO_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> = CRYPTO_FEATURE;
                // Without a crypto core the (never registered) crypto drivers have the vector names.
                const NAMES: [&'static str; 4] = [$n_scalar, $n_vector, [$($n_crypto,)? $n_vector][0], $n_selected];
                const HMAC_NAMES: [&'static str; 4] = [
                    concat!("hmac-", $n_scalar),
                    concat!("hmac-", $n_vector),
                    [$(concat!("hmac-", $n_crypto),)? concat!("hmac-", $n_vector)][0],
                    concat!("hmac-", $n_selected),
                ];
                const PRIORITIES: [i32; 4] = [$p_scalar, $p_vector, CRYPTO_PRIORITY, $p_selected];
                const EXPECTED: &'static [$crate::rsha::cpu::Unit] = EXPECTED;
                #[inline(always)]
                fn selector() -> &'static $crate::rsha::select::Selector {
                    &SELECTOR
                }
                #[inline(always)]
                fn stats() -> &'static [[$crate::rsha::stats::CoreStats; 2]; 4] {
                    static STATS: [[$crate::rsha::stats::CoreStats; 2]; 4] =
                        [const { [const { $crate::rsha::stats::CoreStats::new() }; 2] }; 4];
                    &STATS
                }
                #[inline(always)]
                fn scalar(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain, blocks: $crate::rsha::md::Message<'_>) {
                    let (s, d, n) = $crate::rsha::driver::core_args::<$alg>(chain, blocks);
                    // SAFETY: the impl's safety comment; the scalar core is sound anywhere.
                    unsafe { $scalar(s, d, n) }
                }
                #[inline(always)]
                unsafe fn vector(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain, blocks: $crate::rsha::md::Message<'_>) {
                    let (s, d, n) = $crate::rsha::driver::core_args::<$alg>(chain, blocks);
                    // SAFETY: the impl's safety comment; the caller holds a SIMD section.
                    unsafe { $vector(s, d, n) }
                }
                #[inline(always)]
                unsafe fn crypto(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain, blocks: $crate::rsha::md::Message<'_>) {
                    let (s, d, n) = $crate::rsha::driver::core_args::<$alg>(chain, blocks);
                    // SAFETY: in a SIMD section on a CPU with the feature (safety
                    // requirements).
                    unsafe { crypto_core(s, d, n) }
                }
            }
            $crate::module_sha_driver!(@alias <$alg as $crate::rsha::md::Algorithm>::NAME);
            $crate::module_sha_driver!(@alias <$alg as $crate::rsha::md::Algorithm>::HMAC_NAME);
            $crate::module_sha_driver!(@alias $n_selected);
            $crate::module_sha_driver!(@alias "hmac-", $n_selected);
        )+
        /// The drivers, laid out as `rsha::module::init` reads them.
        #[cfg(not(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS))]
        static mut DRIVERS: [$crate::rsha::shash::AlgDef; 2 * [$(stringify!($alg)),+].len()] = [
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hash<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::AUTO }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hmac<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::AUTO }>>>(),)+
        ];
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        static mut DRIVERS: [$crate::rsha::shash::AlgDef; 8 * [$(stringify!($alg)),+].len()] = [
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hash<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::AUTO }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hmac<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::AUTO }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hash<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::SCALAR }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hmac<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::SCALAR }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hash<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::VECTOR }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hmac<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::VECTOR }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hash<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::CRYPTO }>>>(),)+
            $($crate::rsha::shash::AlgDef::new::<$crate::rsha::driver::Hmac<$crate::rsha::driver::Driver<Cores, $alg, { $crate::rsha::driver::CRYPTO }>>>(),)+
        ];
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        const _: () = {
            $(
                $crate::module_sha_driver!(@alias $n_scalar);
                $crate::module_sha_driver!(@alias "hmac-", $n_scalar);
                $crate::module_sha_driver!(@alias $n_vector);
                $crate::module_sha_driver!(@alias "hmac-", $n_vector);
                $($crate::module_sha_driver!(@alias $n_crypto);)?
                $($crate::module_sha_driver!(@alias "hmac-", $n_crypto);)?
            )+
        };
        struct Module(#[allow(dead_code)] $crate::rsha::module::DriverModule);
        ::kernel::prelude::module! {
            type: Module,
            name: $module_name,
            $($f)*
        }
        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                // SAFETY: `helpers.c` returns a static that it writes only here.
                let params = unsafe { &*rsha_params() };
                // SAFETY: module init runs once; from here on only C and the registration
                // use the array, which stays in place.
                let drivers = unsafe { ::core::pin::Pin::static_mut(&mut *::core::ptr::addr_of_mut!(DRIVERS)) };
                let hotplug = $crate::cstr!(concat!("crypto/", $module_name, ":online"));
                let init = $crate::rsha::module::init::<Cores, ($($alg,)+)>;
                init(module, __LOG_PREFIX, params, hotplug, drivers).map(Module)
            }
        }
    };
}
