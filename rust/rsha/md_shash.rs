// SPDX-License-Identifier: GPL-2.0

//! From a block core to an shash algorithm.
//!
//! A driver variant is a block function, a name and a priority: a [`BlockCore`].
//! [`MdShash`] combines it with the generic engine ([`super::md`]) into a
//! [`Shash`], so buffering, padding and export/import exist once for every driver.

use super::{
    md::{Algorithm, Message, State},
    shash::Shash,
    simd::ScalarFn,
    stats::{CoreStats, Unit},
};
use core::{marker::PhantomData, mem::MaybeUninit};
use kernel::{error::Result, ffi::c_void};

/// The compression function of one shash operation.
pub trait Compress<A: Algorithm> {
    /// Compresses `blocks`, a non-empty whole number of blocks, into `chain`.
    fn compress(&mut self, chain: &mut A::Chain, blocks: Message<'_>);
}

/// What an `update()` or a `finup()` does with the compression function of
/// its operation, which [`BlockCore::run`] provides.
pub trait Work<A: Algorithm> {
    /// What the work returns.
    type Output;
    /// Does the work, compressing with `compress`.
    fn run<C: Compress<A>>(self, compress: &mut C) -> Self::Output;
}

/// One driver variant: an algorithm, a compression function, a name and a priority.
pub trait BlockCore: 'static {
    /// The algorithm (from [`super::sha`]).
    type Alg: Algorithm;
    /// `cra_driver_name`.
    const DRIVER_NAME: &'static str;
    /// `cra_priority`.
    const PRIORITY: i32;
    /// Runs `work` with the compression function of one operation. A SIMD
    /// variant decides here, once per operation, whether it may use NEON, and
    /// holds the NEON section around `work` ([`super::simd::run_simd`]).
    fn run<W: Work<Self::Alg>>(work: W) -> W::Output;
    /// This variant's counters ([`super::stats`]); each variant has its own.
    fn stats() -> &'static CoreStats;
}

/// The compression function of the scalar unit: a function sound to call
/// anywhere, its blocks counted in `stats`.
pub struct ScalarOp<A: Algorithm> {
    compress: ScalarFn<A>,
    stats: &'static CoreStats,
}

impl<A: Algorithm> ScalarOp<A> {
    /// The scalar unit's operation, with `compress`, counted in `stats`.
    #[inline(always)]
    pub fn new(compress: ScalarFn<A>, stats: &'static CoreStats) -> Self {
        Self { compress, stats }
    }
}

impl<A: Algorithm> Compress<A> for ScalarOp<A> {
    #[inline(always)]
    fn compress(&mut self, chain: &mut A::Chain, blocks: Message<'_>) {
        self.stats.count(Unit::Scalar, blocks.len() / A::BLOCK_SIZE);
        (self.compress)(chain, blocks)
    }
}

/// The blocks of an `update()` that completes at least one.
struct Update<'a, 'm, A: Algorithm> {
    state: &'a mut State<A>,
    data: Message<'m>,
}

impl<A: Algorithm> Work<A> for Update<'_, '_, A> {
    type Output = ();
    #[inline(always)]
    fn run<C: Compress<A>>(self, op: &mut C) {
        self.state
            .update(self.data, &mut |chain, blocks| op.compress(chain, blocks));
    }
}

/// The blocks of a `finup()`: its data, then the padding.
struct Finish<'a, 'm, A: Algorithm> {
    state: &'a mut State<A>,
    data: Message<'m>,
}

impl<A: Algorithm> Work<A> for Finish<'_, '_, A> {
    type Output = ();
    #[inline(always)]
    fn run<C: Compress<A>>(self, op: &mut C) {
        let mut compress = |chain: &mut A::Chain, blocks: Message<'_>| op.compress(chain, blocks);
        // `final()` comes here with no data: nothing to count or buffer.
        if !self.data.is_empty() {
            self.state.update(self.data, &mut compress);
        }
        self.state.pad(&mut compress);
    }
}

/// The shash implementation of a [`BlockCore`].
pub struct MdShash<C: BlockCore>(PhantomData<C>);

impl<C: BlockCore> Shash for MdShash<C> {
    const NAME: &'static str = C::Alg::NAME;
    const DRIVER_NAME: &'static str = C::DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY;
    const BLOCK_SIZE: usize = C::Alg::BLOCK_SIZE;
    type Digest = <C::Alg as Algorithm>::Digest;
    // The export format of the kernel's own drivers of the same algorithm:
    // on 6.12 the engine's own (every field, no padding), on 6.16 and later
    // the `*-lib` drivers', so that a state moves between theirs and ours.
    #[cfg(not(rsha_shash_api_6_16))]
    type Export = <C::Alg as Algorithm>::Export;
    #[cfg(rsha_shash_api_6_16)]
    type Export = <C::Alg as Algorithm>::PartialExport;
    type CoreExport = <C::Alg as Algorithm>::CoreExport;

    type State = State<C::Alg>;

    fn init(state: &mut MaybeUninit<Self::State>) -> &mut Self::State {
        // The whole state, block buffer included (64 or 128 bytes of zeroes,
        // a few stores): `export` copies the buffer, so every byte of it must
        // have been written.
        State::init(state)
    }

    fn update(state: &mut Self::State, data: Message<'_>) -> Result {
        // An update that completes no block needs no core: no unit to look
        // up, no SIMD check, no NEON section.
        if !state.absorb(data) {
            C::run(Update { state, data });
        }
        Ok(())
    }

    fn finup(state: &mut Self::State, data: Message<'_>, out: &mut Self::Digest) -> Result {
        // The NEON section, if any, ends with `run`, before the output: only
        // the compressions need it.
        C::run(Finish {
            state: &mut *state,
            data,
        });
        state.output(out);
        Ok(())
    }

    fn export(state: &Self::State, out: &mut Self::Export) -> Result {
        #[cfg(not(rsha_shash_api_6_16))]
        state.export(out);
        #[cfg(rsha_shash_api_6_16)]
        state.export_partial(out);
        Ok(())
    }

    fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
    ) -> Result<&'s mut Self::State> {
        #[cfg(not(rsha_shash_api_6_16))]
        return Ok(State::import(state, input));
        #[cfg(rsha_shash_api_6_16)]
        return Ok(State::import_partial(state, input));
    }

    fn export_core(state: &Self::State, out: &mut Self::CoreExport) -> Result {
        state.export_core(out);
        Ok(())
    }

    fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
    ) -> Result<&'s mut Self::State> {
        Ok(State::import_core(state, input))
    }

    fn stats() -> Option<&'static CoreStats> {
        Some(C::stats())
    }
}

/// The `&'static` [`CoreStats`] of the one `BlockCore::stats()` it is written in.
#[doc(hidden)]
#[macro_export]
macro_rules! __core_stats {
    () => {{
        static STATS: $crate::rsha::stats::CoreStats = $crate::rsha::stats::CoreStats::new();
        &STATS
    }};
}

/// An assembly block core: `void core(word *state, const u8 *data, size_t nblocks)`.
///
/// The contract of every core under `asm/`: it reads `nblocks` whole blocks at
/// `data` (any alignment), reads and updates the chaining words at `state`, touches
/// no other memory than its own stack, and follows the procedure call standard.
/// Scalar cores use no FP/SIMD register; NEON cores may only run inside a
/// `kernel_neon_begin()`/`kernel_neon_end()` section. The drivers call the cores
/// directly, by name ([`module_asm_sha_driver!`](crate::module_asm_sha_driver)):
/// an indirect call to an assembly function, which has no kCFI type hash, would
/// trap in a kernel with `CONFIG_CFI`.
pub type AsmCore = unsafe extern "C" fn(state: *mut c_void, data: *const u8, nblocks: usize);

/// The arguments of an assembly core for `blocks`, a whole number of blocks of
/// `A`: the chaining value, the first byte and the number of blocks.
#[inline(always)]
pub fn asm_core_args<A: Algorithm>(
    chain: &mut A::Chain,
    blocks: Message<'_>,
) -> (*mut c_void, *const u8, usize) {
    (
        chain.as_mut().as_mut_ptr().cast::<c_void>(),
        blocks.as_ptr(),
        blocks.len() / A::BLOCK_SIZE,
    )
}

/// Declares a driver module with assembly cores for one algorithm family: a
/// scalar core, a NEON core and optionally a Crypto Extensions (CE) core. For
/// every algorithm listed it registers
///
/// - a scalar driver (always),
/// - a NEON driver (on CPUs with NEON),
/// - a CE driver (on CPUs with the CE feature named after `if`),
/// - the *selected* driver, at the module's top priority, which runs on each
///   CPU the unit that [`super::select`] measured fastest there (or the one the
///   module parameter `unit` forces).
///
/// Every SIMD driver falls back to the scalar core where SIMD cannot be used.
/// The unit drivers stay callable by name, for tests and benchmarks; the
/// kernel picks the selected one by priority. Each driver is a core, a name and
/// a priority; the rest are [`module!`](kernel::prelude::module) fields.
///
/// The module also declares the aliases that let the kernel load it on demand,
/// as the in-tree drivers do with `MODULE_ALIAS_CRYPTO()`: `crypto-<alg>` and
/// `<alg>` for every algorithm, `crypto-<driver>` and `<driver>` for every driver.
///
/// ```ignore
/// crate::module_asm_sha_driver! {
///     // SAFETY: why the symbols follow the `AsmCore` contract for every
///     // algorithm listed, why the scalar one uses no FP/SIMD register, and
///     // which CPU feature the CE one needs.
///     cores: unsafe {
///         scalar: rsha_sha256_arm64_scalar,
///         neon: rsha_sha256_arm64_neon,
///         ce: rsha_sha256_arm64_ce if Sha2,
///     },
///     priorities: { scalar: 135, neon: 160, ce: 210, selected: 220 },
///     algorithms: [
///         Sha224 => { scalar: "sha224-arm64-rs", neon: "sha224-arm64-neon-rs",
///                     ce: "sha224-arm64-ce-rs", selected: "sha224-arm64-auto-rs" },
///         Sha256 => { ... },
///     ],
///     name: "sha256_arm64_rs",
///     author: "...",
///     description: "...",
///     license: "GPL",
/// }
/// ```
///
/// Calling foreign assembly is an obligation only the driver's author can
/// discharge, so the syntax makes them write it: `cores: unsafe { ... }`, with a
/// safety comment above it that argues it. The macro calls the cores only
/// directly (see [`AsmCore`]), with whole blocks, the NEON and CE cores only
/// inside a NEON section, and the CE core only on CPUs with its feature.
#[macro_export]
macro_rules! module_asm_sha_driver {
    // SAFETY: not an unsafe block but the driver author's `unsafe`, which
    // their own safety comment argues (see the documentation above).
    (cores: unsafe {
        scalar: $scalar:ident,
        neon: $neon:ident
        $(, ce: $ce:ident if $feature:ident)? $(,)?
     },
     priorities: {
        scalar: $scalar_priority:expr,
        neon: $neon_priority:expr,
        $(ce: $ce_priority:expr,)?
        selected: $selected_priority:expr $(,)?
     },
     algorithms: [$($alg:ty => {
        scalar: $scalar_name:literal,
        neon: $neon_name:literal,
        $(ce: $ce_name:literal,)?
        selected: $selected_name:literal $(,)?
     }),+ $(,)?],
     name: $module_name:tt,
     author: $author:literal,
     $($f:tt)*) => {
        $crate::__modinfo!("author=", $author);

        extern "C" {
            fn $scalar(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
            fn $neon(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
            // The module's `unit` parameter (`helpers.c`, named after the module).
            #[link_name = concat!("rsha_unit_param_", $module_name)]
            fn rsha_unit_param() -> *const ::kernel::ffi::c_char;
        }

        fn scalar<A: $crate::rsha::md::Algorithm>(
            chain: &mut A::Chain,
            blocks: $crate::rsha::md::Message<'_>,
        ) {
            let (state, data, nblocks) = $crate::rsha::md_shash::asm_core_args::<A>(chain, blocks);
            // `state` is the whole chaining value, `data` `nblocks` whole blocks.
            // SAFETY: by the above and the author's `cores: unsafe { ... }`: an
            // integer-only core following the `AsmCore` contract for every
            // algorithm of the module.
            unsafe { $scalar(state, data, nblocks) }
        }

        /// # Safety
        ///
        /// Only inside a NEON section.
        unsafe fn neon<A: $crate::rsha::md::Algorithm>(
            chain: &mut A::Chain,
            blocks: $crate::rsha::md::Message<'_>,
        ) {
            let (state, data, nblocks) = $crate::rsha::md_shash::asm_core_args::<A>(chain, blocks);
            // SAFETY: a NEON core following the `AsmCore` contract (the author's
            // `cores: unsafe { ... }`), called as `scalar` calls its core, and
            // the caller holds a NEON section.
            unsafe { $neon(state, data, nblocks) }
        }

        $crate::__asm_ce_core!($($ce, $feature, $ce_priority)?);

        /// The units of the module's selected drivers, per CPU.
        static SELECTOR: $crate::rsha::select::Selector = $crate::rsha::select::Selector::new();

        /// The hotplug callback of [`SELECTOR`]: it measures with the module's
        /// first algorithm (all share the cores).
        extern "C" fn cpu_online(cpu: ::kernel::ffi::c_uint) -> ::kernel::ffi::c_int {
            type First = $crate::__first_type!($($alg),+);
            // SAFETY: `neon` and `ce_fn()`'s function run their cores only inside
            // a NEON section, on CPUs with NEON and the CE feature (the author's
            // `cores: unsafe { ... }`); `SELECTOR.start()` gets `CE_FEATURE`.
            let units = unsafe {
                $crate::rsha::select::Units::<First>::new(scalar::<First>, neon::<First>, ce_fn::<First>())
            };
            SELECTOR.cpu_online(cpu, &units)
        }

        /// The hotplug teardown of [`SELECTOR`].
        extern "C" fn cpu_offline(cpu: ::kernel::ffi::c_uint) -> ::kernel::ffi::c_int {
            SELECTOR.cpu_offline(cpu)
        }

        /// The text of `/sys/kernel/debug/<module>/units`.
        ///
        /// # Safety
        ///
        /// Only as the show callback of that file, with its `seq_file`.
        unsafe extern "C" fn show_units(m: *mut $crate::rsha::bindings::seq_file) -> ::kernel::ffi::c_int {
            // SAFETY: `m` is the callback's `seq_file` (the function's contract),
            // and the writer lives only during the callback.
            let mut out = unsafe { $crate::rsha::stats::SeqWriter::new(m) };
            let _ = SELECTOR.show(&mut out);
            0
        }

        /// The selected driver of algorithm `A` (type [`SELECTOR`]'s unit).
        struct SelectedCore<A>(::core::marker::PhantomData<A>);
        /// The unit drivers of algorithm `A`: test builds only.
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        struct ScalarCore<A>(::core::marker::PhantomData<A>);
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        struct NeonCore<A>(::core::marker::PhantomData<A>);

        $(
            impl $crate::rsha::md_shash::BlockCore for SelectedCore<$alg> {
                type Alg = $alg;
                const DRIVER_NAME: &'static str = $selected_name;
                const PRIORITY: i32 = $crate::rsha::select::selected_priority($selected_priority);
                #[inline(always)]
                fn run<W: $crate::rsha::md_shash::Work<$alg>>(work: W) -> W::Output {
                    use $crate::rsha::{md_shash::ScalarOp, simd::run_simd, stats::Unit};
                    let stats = Self::stats();
                    match (SELECTOR.unit(), ce_fn::<$alg>()) {
                        // SAFETY: `SELECTOR` gives only units that all CPUs
                        // have (its invariants), and the NEON core needs no
                        // more than a NEON section on such a CPU.
                        (Unit::Neon, _) => unsafe {
                            run_simd(Unit::Neon, neon::<$alg>, scalar::<$alg>, stats, work)
                        },
                        // SAFETY: as above, for the CE core, whose feature
                        // the CPUs have when `SELECTOR` gives the CE unit.
                        (Unit::Ce, Some(ce)) => unsafe {
                            run_simd(Unit::Ce, ce, scalar::<$alg>, stats, work)
                        },
                        _ => work.run(&mut ScalarOp::new(scalar::<$alg>, stats)),
                    }
                }
                fn stats() -> &'static $crate::rsha::stats::CoreStats {
                    $crate::__core_stats!()
                }
            }

            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            impl $crate::rsha::md_shash::BlockCore for ScalarCore<$alg> {
                type Alg = $alg;
                const DRIVER_NAME: &'static str = $scalar_name;
                const PRIORITY: i32 = $scalar_priority;
                fn run<W: $crate::rsha::md_shash::Work<$alg>>(work: W) -> W::Output {
                    work.run(&mut $crate::rsha::md_shash::ScalarOp::new(scalar::<$alg>, Self::stats()))
                }
                fn stats() -> &'static $crate::rsha::stats::CoreStats {
                    $crate::__core_stats!()
                }
            }

            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            impl $crate::rsha::md_shash::BlockCore for NeonCore<$alg> {
                type Alg = $alg;
                const DRIVER_NAME: &'static str = $neon_name;
                const PRIORITY: i32 = $neon_priority;
                fn run<W: $crate::rsha::md_shash::Work<$alg>>(work: W) -> W::Output {
                    // SAFETY: all `neon` requires is a NEON section: it runs the
                    // NEON core (an `AsmCore`, the macro's contract) over the
                    // whole blocks it is given.
                    unsafe {
                        $crate::rsha::simd::run_simd(
                            $crate::rsha::stats::Unit::Neon,
                            neon::<$alg>,
                            scalar::<$alg>,
                            Self::stats(),
                            work,
                        )
                    }
                }
                fn stats() -> &'static $crate::rsha::stats::CoreStats {
                    $crate::__core_stats!()
                }
            }

            $(
                #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                impl $crate::rsha::md_shash::BlockCore for CeCore<$alg> {
                    type Alg = $alg;
                    const DRIVER_NAME: &'static str = $ce_name;
                    const PRIORITY: i32 = CE_PRIORITY;
                    fn run<W: $crate::rsha::md_shash::Work<$alg>>(work: W) -> W::Output {
                        // SAFETY: the CE driver is registered only on CPUs with
                        // `CE_FEATURE` (the module's init), and there all the CE
                        // core requires is a NEON section.
                        unsafe {
                            $crate::rsha::simd::run_simd(
                                $crate::rsha::stats::Unit::Ce,
                                ce_core::<$alg>,
                                scalar::<$alg>,
                                Self::stats(),
                                work,
                            )
                        }
                    }
                    fn stats() -> &'static $crate::rsha::stats::CoreStats {
                        $crate::__core_stats!()
                    }
                }
                #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                $crate::__modinfo_alias!("crypto-", $ce_name);
                #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                $crate::__modinfo_alias!("", $ce_name);
            )?
        )+

        $(
            $crate::__modinfo_alias!("crypto-", <$alg as $crate::rsha::md::Algorithm>::NAME);
            $crate::__modinfo_alias!("", <$alg as $crate::rsha::md::Algorithm>::NAME);
            $crate::__modinfo_alias!("crypto-", $selected_name);
            $crate::__modinfo_alias!("", $selected_name);
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            $crate::__modinfo_alias!("crypto-", $scalar_name);
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            $crate::__modinfo_alias!("", $scalar_name);
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            $crate::__modinfo_alias!("crypto-", $neon_name);
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            $crate::__modinfo_alias!("", $neon_name);
        )+

        /// Stops the selector's hotplug callbacks when dropped (module exit, or
        /// a failed init), after the drivers that read its choices are gone.
        struct SelectorGuard;

        impl Drop for SelectorGuard {
            fn drop(&mut self) {
                SELECTOR.stop();
            }
        }

        struct Module {
            // Dropped in this order: the debugfs files, the drivers (the selected
            // ones first), then the hotplug state.
            _debugfs: $crate::rsha::stats::StatsDir,
            _selected: $crate::rsha::shash::Registration,
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            _units: UnitDrivers,
            _selector: SelectorGuard,
        }

        /// The unit drivers, registered for tests and benchmarks: the scalar
        /// ones always, the NEON and CE ones where the CPUs have the unit.
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        struct UnitDrivers {
            _ce: ::core::option::Option<$crate::rsha::shash::Registration>,
            _neon: ::core::option::Option<$crate::rsha::shash::Registration>,
            _scalar: $crate::rsha::shash::Registration,
        }

        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        impl UnitDrivers {
            fn register(
                module: &'static ::kernel::ThisModule,
                debugfs: &$crate::rsha::stats::StatsDir,
            ) -> ::kernel::error::Result<Self> {
                let scalar = $crate::module_shash_driver!(@register module,
                    [$($crate::rsha::md_shash::MdShash<ScalarCore<$alg>>),+]);
                $crate::module_shash_driver!(@stats debugfs,
                    [$($crate::rsha::md_shash::MdShash<ScalarCore<$alg>>),+]);
                let neon = if SELECTOR.available($crate::rsha::stats::Unit::Neon) {
                    let neon = $crate::module_shash_driver!(@register module,
                        [$($crate::rsha::md_shash::MdShash<NeonCore<$alg>>),+]);
                    $crate::module_shash_driver!(@stats debugfs,
                        [$($crate::rsha::md_shash::MdShash<NeonCore<$alg>>),+]);
                    Some(neon)
                } else {
                    None
                };
                let ce = $crate::__asm_ce_register!(module, debugfs, SELECTOR,
                    [$($($crate::rsha::md_shash::MdShash<CeCore<$alg>> { $ce_name },)?)+]);
                Ok(UnitDrivers { _ce: ce, _neon: neon, _scalar: scalar })
            }
        }

        ::kernel::prelude::module! {
            type: Module,
            name: $module_name,
            $($f)*
        }

        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                if !$crate::rsha::cpu::runs_cores() {
                    ::kernel::pr_err!("the CPU is older than ARMv7, which the assembly cores need\n");
                    return Err(::kernel::error::code::ENODEV);
                }
                // SAFETY: the parameter's buffer (`helpers.c`) is static and
                // NUL-terminated (module_param_string() keeps it so); the
                // parameter is read-only (0444), so nothing writes it now.
                let param = unsafe { $crate::rsha::cstr_from_ptr(rsha_unit_param()) };
                let Some(mode) = $crate::rsha::select::Mode::parse(param.to_bytes()) else {
                    ::kernel::pr_err!(
                        "unit={}: not a unit (auto, scalar, neon or ce)\n",
                        $crate::rsha::cstr_text(param)
                    );
                    return Err(::kernel::error::code::EINVAL);
                };
                SELECTOR.start(
                    mode,
                    CE_FEATURE,
                    $crate::cstr!(concat!("crypto/", $module_name, ":online")),
                    cpu_online,
                    cpu_offline,
                )?;
                let selector = SelectorGuard;
                let debugfs = $crate::rsha::stats::StatsDir::new(module, __LOG_PREFIX);
                debugfs.add_show($crate::cstr!("units"), show_units);
                #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                let units = UnitDrivers::register(module, &debugfs)?;
                let selected = $crate::module_shash_driver!(@register module,
                    [$($crate::rsha::md_shash::MdShash<SelectedCore<$alg>>),+]);
                $crate::module_shash_driver!(@stats debugfs,
                    [$($crate::rsha::md_shash::MdShash<SelectedCore<$alg>>),+]);
                Ok(Module {
                    _debugfs: debugfs,
                    _selected: selected,
                    #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                    _units: units,
                    _selector: selector,
                })
            }
        }
    };
}

/// The first of a list of types.
#[doc(hidden)]
#[macro_export]
macro_rules! __first_type {
    ($first:ty $(, $rest:ty)*) => {
        $first
    };
}

/// The module-level items of a [`module_asm_sha_driver!`] CE core, or of none:
/// `CE_FEATURE`, `ce_fn::<A>()` and, with a core, `ce_core::<A>` and, with
/// the unit drivers, `CE_PRIORITY` and the `CeCore<A>` type.
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_core {
    () => {
        const CE_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> = None;

        #[inline(always)]
        fn ce_fn<A: $crate::rsha::md::Algorithm>(
        ) -> ::core::option::Option<$crate::rsha::select::CompressFn<A>> {
            None
        }
    };
    ($ce:ident, $feature:ident, $priority:expr) => {
        extern "C" {
            fn $ce(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
        }

        const CE_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> =
            Some($crate::rsha::cpu::Feature::$feature);
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        const CE_PRIORITY: i32 = $priority;
        #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
        struct CeCore<A>(::core::marker::PhantomData<A>);

        /// # Safety
        ///
        /// Only inside a NEON section, on a CPU with `CE_FEATURE`.
        unsafe fn ce_core<A: $crate::rsha::md::Algorithm>(
            chain: &mut A::Chain,
            blocks: $crate::rsha::md::Message<'_>,
        ) {
            let (state, data, nblocks) = $crate::rsha::md_shash::asm_core_args::<A>(chain, blocks);
            // SAFETY: a CE core following the `AsmCore` contract (the author's
            // `cores: unsafe { ... }`), called as `scalar` calls its core; the
            // caller holds a NEON section on a CPU with the feature.
            unsafe { $ce(state, data, nblocks) }
        }

        #[inline(always)]
        fn ce_fn<A: $crate::rsha::md::Algorithm>(
        ) -> ::core::option::Option<$crate::rsha::select::CompressFn<A>> {
            Some(ce_core::<A>)
        }
    };
}

/// Registers the CE drivers where the CPUs have the feature, with their
/// statistics (or, for a module without a CE core, nothing). The names in
/// braces only drive the repetition.
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_register {
    ($module:ident, $dir:ident, $selector:ident, []) => {
        None::<$crate::rsha::shash::Registration>
    };
    ($module:ident, $dir:ident, $selector:ident, [$($alg:ty { $name:literal },)+]) => {
        if $selector.available($crate::rsha::stats::Unit::Ce) {
            let ce = $crate::module_shash_driver!(@register $module, [$($alg),+]);
            $crate::module_shash_driver!(@stats $dir, [$($alg),+]);
            Some(ce)
        } else {
            None
        }
    };
}

/// One `alias=<prefix><name>` entry of the module's `.modinfo` section, which
/// `modpost`, `modinfo` and `depmod` read. `module!` takes only literal
/// aliases; this one takes constant expressions, so that the aliases are made
/// from the very names the drivers register.
#[doc(hidden)]
#[macro_export]
macro_rules! __modinfo_alias {
    ($prefix:expr, $name:expr) => {
        $crate::__modinfo!("alias=", $prefix, $name);
    };
}

/// One `<key>=<value>` entry of the module's `.modinfo` section, from the
/// constant strings `$part`, the first of which ends with `=`: the aliases
/// ([`__modinfo_alias`]) and the author, which `module!` takes as `author:` on
/// 6.12 and as `authors: [...]` from 6.13 on, so the library writes it itself.
#[doc(hidden)]
#[macro_export]
macro_rules! __modinfo {
    ($($part:expr),+) => {
        #[cfg(MODULE)]
        const _: () = {
            const PARTS: &[&str] = &[$($part),+];
            const LEN: usize = $crate::rsha::md_shash::modinfo_len(PARTS);
            // `used(compiler)`, as `module!`'s own entries: plain `#[used]`
            // is `used(linker)` on ELF with newer rustc (1.97: Debian sid's
            // kernels), which marks the section SHF_GNU_RETAIN, and `ld -r`
            // then keeps it apart from the other `.modinfo`: modpost reads
            // one of the two and misses the license or the aliases.
            #[link_section = ".modinfo"]
            #[used(compiler)]
            static ENTRY: [u8; LEN] = $crate::rsha::md_shash::modinfo_entry::<LEN>(PARTS);
        };
    };
}

/// Length of the `.modinfo` entry made of `parts`: their bytes and a NUL.
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

/// The `.modinfo` entry made of `parts`, NUL-terminated; `N` is
/// [`modinfo_len`] of them (evaluated at compile time: a wrong `N` stops the
/// build, not the kernel).
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
