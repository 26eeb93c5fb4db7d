// SPDX-License-Identifier: GPL-2.0

//! A driver module as its file declares it: its assembly cores ([`Cores`]), and what
//! [`module_sha_driver!`](crate::module_sha_driver) adds ([`Module`], [`Names`]); the unit
//! that runs the cores ([`Driver`]), and the hash and HMAC drivers over the engine
//! ([`Hash`](struct@Hash), [`Hmac`]).

use super::{
    bindings,
    cpu::{Feature, Unit},
    hmac::{HmacKey, HmacState},
    md::{Algorithm, Message, State},
    select::{selected_priority, unit_priority, SELECTOR},
    shash::{AlgDef, Shash},
    simd,
    stats::CoreStats,
};
use core::{marker::PhantomData, mem::MaybeUninit};
use kernel::error::Result;

/// An assembly block core: `void core(word *state, const u8 *data, size_t nblocks)`. The
/// contract of every core under `asm/`: it reads `nblocks` whole blocks at `data` (any
/// alignment), updates the chaining words at `state`, touches no other memory than its
/// stack, and follows the procedure call standard; scalar cores use no FP/SIMD register.
/// An assembly function has no kCFI type hash: the library calls the constants of
/// [`Cores`], which compile to direct calls, never a pointer it was passed.
pub type AsmCore =
    unsafe extern "C" fn(state: *mut kernel::ffi::c_void, data: *const u8, nblocks: usize);

/// The C function that returns a driver module's parameters (`helpers.c`, named after the
/// module: `rsha_params_<module>`).
pub type ParamsFn = unsafe extern "C" fn() -> *const bindings::rsha_params;

/// A driver module's foreign code: its assembly cores, which compress the blocks of
/// [`Cores::Alg`] (and so of every algorithm with its chaining value and block, the other
/// half of a SHA-2 pair), and its parameters.
///
/// # Safety
///
/// The cores follow the [`AsmCore`] contract for `Alg`'s chaining value and block:
/// `SCALAR` is sound anywhere, `VECTOR` in a SIMD section, `CRYPTO` in one on a CPU with
/// its feature. `PARAMS` returns the module's parameters, a static that it alone writes.
pub unsafe trait Cores: 'static {
    /// The algorithm the cores compress; the one the unit choice times.
    type Alg: Algorithm;
    /// The scalar core.
    const SCALAR: AsmCore;
    /// The vector core (NEON, AVX2).
    const VECTOR: AsmCore;
    /// The crypto core (CE, SHA-NI) and the CPU feature it needs, if the module has one.
    const CRYPTO: Option<(AsmCore, Feature)>;
    /// The module's parameters.
    const PARAMS: ParamsFn;
}

/// A driver module's priorities: what [`module_sha_driver!`](crate::module_sha_driver)
/// declares.
pub trait Module: Cores {
    /// The module's priorities by [`Variant`] (without the `*-lib` drivers).
    const PRIORITIES: [i32; 4];
    /// The unit the project's cycle tables have fastest by more than the tie rule on every
    /// CPU they cover, each entry where the CPUs lack the ones before it (the unit choice
    /// notes a measurement that disagrees).
    const EXPECTED: &'static [Unit];
}

/// The drivers of algorithm `A` in a module: names and counters by [`Variant`], what
/// [`module_sha_driver!`](crate::module_sha_driver) declares.
pub trait Names<A: Algorithm>: Module {
    /// The hash drivers' names.
    const NAMES: [&'static str; 4];
    /// The HMAC drivers' names.
    const HMAC_NAMES: [&'static str; 4];
    /// Per variant, the hash's and the HMAC's counters.
    fn stats() -> &'static [[CoreStats; 2]; 4];
}

/// Which unit a driver runs: the numbers of [`Unit`], and [`AUTO`] for the selected driver.
pub type Variant = u8;
/// The scalar unit driver.
pub const SCALAR: Variant = Unit::Scalar as u8;
/// The vector unit driver (NEON, AVX2).
pub const VECTOR: Variant = Unit::Vector as u8;
/// The crypto unit driver (CE, SHA-NI).
pub const CRYPTO: Variant = Unit::Crypto as u8;
/// The selected driver.
pub const AUTO: Variant = 3;

/// The variants a module registers, the selected one first: with
/// `CONFIG_CRYPTO_RSHA_UNIT_DRIVERS` also the unit drivers.
#[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
pub const VARIANTS: [Variant; 4] = [AUTO, SCALAR, VECTOR, CRYPTO];
/// The variants a module registers: the selected one.
#[cfg(not(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS))]
pub const VARIANTS: [Variant; 1] = [AUTO];

/// The drivers of algorithm `A` in the module `K`, for its static array: per
/// [`VARIANTS`] entry, the hash and the HMAC.
pub const fn drivers<K: Names<A>, A: Algorithm>() -> [AlgDef; 2 * VARIANTS.len()] {
    #[cfg(not(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS))]
    let drivers = [
        AlgDef::new::<Hash<Driver<K, A, AUTO>>>(),
        AlgDef::new::<Hmac<Driver<K, A, AUTO>>>(),
    ];
    #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
    let drivers = [
        AlgDef::new::<Hash<Driver<K, A, AUTO>>>(),
        AlgDef::new::<Hmac<Driver<K, A, AUTO>>>(),
        AlgDef::new::<Hash<Driver<K, A, SCALAR>>>(),
        AlgDef::new::<Hmac<Driver<K, A, SCALAR>>>(),
        AlgDef::new::<Hash<Driver<K, A, VECTOR>>>(),
        AlgDef::new::<Hmac<Driver<K, A, VECTOR>>>(),
        AlgDef::new::<Hash<Driver<K, A, CRYPTO>>>(),
        AlgDef::new::<Hmac<Driver<K, A, CRYPTO>>>(),
    ];
    drivers
}

/// The driver of variant `V` of algorithm `A` in the module of cores `K`.
pub struct Driver<K, A, const V: Variant>(PhantomData<(K, A)>);

/// What a hash or HMAC driver needs: cores, unit, names and priority ([`Driver`]'s).
pub trait Compress: 'static {
    /// The algorithm.
    type Alg: Algorithm;
    /// `cra_driver_name` of the hash.
    const DRIVER_NAME: &'static str;
    /// `cra_driver_name` of the HMAC.
    const HMAC_DRIVER_NAME: &'static str;
    /// `cra_priority` of the hash; the HMAC's is one more.
    const PRIORITY: i32;
    /// The unit for an operation starting now; only units every CPU has.
    fn unit() -> Unit;
    /// Compresses `blocks`, whole blocks, into `chain` with the core of `unit`: the scalar
    /// one, or one [`Compress::unit`] gave.
    ///
    /// # Safety
    ///
    /// A SIMD unit only in a SIMD section.
    unsafe fn core(unit: Unit, chain: &mut <Self::Alg as Algorithm>::Chain, blocks: Message<'_>);
    /// The hash's counters.
    fn stats() -> &'static CoreStats;
    /// The HMAC's counters.
    fn hmac_stats() -> &'static CoreStats;
    /// Runs `f`, one operation, with its compression function ([`Op`]): in one SIMD section
    /// for a SIMD unit where SIMD is usable, else the scalar core; `stats` counts blocks.
    #[inline(always)]
    fn run<R>(stats: &CoreStats, f: impl FnOnce(&mut Op<'_, '_, Self>) -> R) -> R {
        simd::with_section(stats, Self::unit(), Self::Alg::BLOCK_SIZE, |section| {
            f(&mut Op {
                section,
                stats,
                _c: PhantomData,
            })
        })
    }
}

/// The compression function of one operation ([`Compress::run`]).
pub struct Op<'a, 's, C: Compress + ?Sized> {
    section: Option<&'a mut simd::Section<'s>>,
    stats: &'a CoreStats,
    _c: PhantomData<C>,
}

impl<C: Compress + ?Sized> Op<'_, '_, C> {
    /// Compresses `blocks`, whole blocks, into `chain`.
    #[inline(always)]
    pub fn compress(&mut self, chain: &mut <C::Alg as Algorithm>::Chain, blocks: Message<'_>) {
        match &mut self.section {
            Some(section) => {
                let unit = section.unit();
                // SAFETY: the unit `C::unit()` gave, which every CPU has, in its section.
                unsafe { section.run(blocks, |b| C::core(unit, chain, b)) }
            }
            None => {
                self.stats
                    .count(Unit::Scalar, blocks.len() / C::Alg::BLOCK_SIZE);
                // SAFETY: the scalar core is sound anywhere.
                unsafe { C::core(Unit::Scalar, chain, blocks) }
            }
        }
    }
}

impl<K: Cores, A: Algorithm, const V: Variant> Driver<K, A, V> {
    /// `A`'s chaining value and block against `K::Alg`'s, checked at build time: the cores
    /// write and read no more than those.
    const SAME_BLOCKS: () = {
        use core::mem::{align_of, size_of};
        type Of<K> = <K as Cores>::Alg;
        assert!(size_of::<A::Chain>() == size_of::<<Of<K> as Algorithm>::Chain>());
        assert!(align_of::<A::Chain>() >= align_of::<<Of<K> as Algorithm>::Chain>());
        assert!(A::BLOCK_SIZE == Of::<K>::BLOCK_SIZE);
    };
    /// The crypto core; in a module without one (never called) the scalar core.
    const CRYPTO_CORE: AsmCore = match K::CRYPTO {
        Some((core, _)) => core,
        None => K::SCALAR,
    };
    /// Compresses `blocks`, whole blocks, into `chain` with the core of `unit`. The cores
    /// are called as the constants they are, so by name (see [`AsmCore`]).
    ///
    /// # Safety
    ///
    /// A SIMD unit only in a SIMD section on CPUs with the unit.
    #[inline(always)]
    unsafe fn call(unit: Unit, chain: &mut A::Chain, blocks: Message<'_>) {
        #[allow(clippy::let_unit_value)]
        let () = Self::SAME_BLOCKS;
        let (s, d) = (chain.as_mut().as_mut_ptr().cast(), blocks.as_ptr());
        let n = blocks.len() / A::BLOCK_SIZE;
        // SAFETY: `n` whole blocks of `K::Alg`'s size at `d`, into a chaining value of its
        // size and alignment (`SAME_BLOCKS`); a SIMD core in its section on CPUs with its
        // unit (safety requirements), the scalar one anywhere (the `Cores` contract).
        unsafe {
            match unit {
                Unit::Crypto => (Self::CRYPTO_CORE)(s, d, n),
                Unit::Vector => (K::VECTOR)(s, d, n),
                Unit::Scalar => (K::SCALAR)(s, d, n),
            }
        }
    }
}

impl<A: Algorithm, K: Names<A>, const V: Variant> Compress for Driver<K, A, V> {
    type Alg = A;
    const DRIVER_NAME: &'static str = K::NAMES[V as usize];
    const HMAC_DRIVER_NAME: &'static str = K::HMAC_NAMES[V as usize];
    // The selected driver's without the crypto feature; registration adds `priority_delta`.
    const PRIORITY: i32 = if V == AUTO {
        selected_priority(K::PRIORITIES[V as usize], false)
    } else {
        unit_priority(K::PRIORITIES[V as usize])
    };
    #[inline(always)]
    fn unit() -> Unit {
        // A unit driver is registered, and a unit selected, only where every CPU has it.
        match V {
            AUTO => SELECTOR.unit(),
            VECTOR => Unit::Vector,
            CRYPTO if K::CRYPTO.is_some() => Unit::Crypto,
            _ => Unit::Scalar,
        }
    }
    #[inline(always)]
    unsafe fn core(unit: Unit, chain: &mut A::Chain, blocks: Message<'_>) {
        // SAFETY: a SIMD unit in its section (safety requirements), on CPUs with the unit
        // (the unit drivers and the selection use only those).
        unsafe { Self::call(unit, chain, blocks) }
    }
    fn stats() -> &'static CoreStats {
        &K::stats()[V as usize][0]
    }
    fn hmac_stats() -> &'static CoreStats {
        &K::stats()[V as usize][1]
    }
}

/// How far the selected drivers' priorities move once the CE unit's presence is known.
pub fn priority_delta<K: Module>() -> i32 {
    let p = K::PRIORITIES[AUTO as usize];
    let ce = K::CRYPTO.is_some() && SELECTOR.available(Unit::Crypto);
    selected_priority(p, ce) - selected_priority(p, false)
}

/// Compresses `blocks` of `K::Alg` with `unit`, for the unit choice's timing: false if SIMD
/// is not usable.
pub fn run_unit<K: Cores>(unit: Unit, blocks: Message<'_>) -> bool {
    type D<K> = Driver<K, <K as Cores>::Alg, AUTO>;
    static NO_STATS: CoreStats = CoreStats::new();
    let mut chain = K::Alg::INITIAL;
    let ran = simd::with_section(&NO_STATS, unit, K::Alg::BLOCK_SIZE, |section| {
        match section {
            // SAFETY: the selector times only units every CPU has, in their section.
            Some(s) => unsafe { s.run(blocks, |b| D::<K>::call(unit, &mut chain, b)) },
            // SAFETY: the scalar core is sound anywhere.
            None if unit == Unit::Scalar => unsafe { D::<K>::call(unit, &mut chain, blocks) },
            None => return false,
        }
        true
    });
    // So that the runs cannot be left out.
    core::hint::black_box(&chain);
    ran
}

/// Hashes `data` into `state`, counted in `stats` (no section if no block completes).
#[inline(always)]
fn update<C: Compress>(stats: &CoreStats, state: &mut State<C::Alg>, data: Message<'_>) {
    if !state.absorb(data) {
        C::run(stats, |op| {
            state.update(data, &mut |c, b| op.compress(c, b))
        });
    }
}

/// The hash driver of `C`.
pub struct Hash<C>(PhantomData<C>);

impl<C: Compress> Shash for Hash<C> {
    type Alg = C::Alg;
    const NAME: &'static str = C::Alg::NAME;
    const DRIVER_NAME: &'static str = C::DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY;
    type State = State<C::Alg>;
    type Key = ();
    fn stats() -> &'static CoreStats {
        C::stats()
    }
    #[inline(always)]
    unsafe fn init<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        _: *const (),
    ) -> &'s mut Self::State {
        State::init(slot)
    }
    unsafe fn import<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        _: *const (),
        inner: impl FnOnce(&mut MaybeUninit<Self::State>) -> &mut Self::State,
    ) -> &'s mut Self::State {
        inner(slot)
    }
    fn inner(state: &mut Self::State) -> &mut Self::State {
        state
    }
    #[inline(always)]
    fn update(state: &mut Self::State, data: Message<'_>) {
        update::<C>(C::stats(), state, data);
    }
    #[inline(always)]
    fn finup(state: &mut Self::State, data: Message<'_>) -> <C::Alg as Algorithm>::Chain {
        C::run(C::stats(), |op| {
            state.finish(data, &mut |c, b| op.compress(c, b))
        });
        state.output()
    }
    fn wipe(state: &mut Self::State) {
        state.wipe();
    }
}

/// The HMAC driver of `C`, one above the hash in priority: above the `hmac` template over
/// it. Export and import move the inner hash, as the kernel's `hmac-*-lib` drivers do.
pub struct Hmac<C>(PhantomData<C>);

impl<C: Compress> Shash for Hmac<C> {
    type Alg = C::Alg;
    const NAME: &'static str = C::Alg::HMAC_NAME;
    const DRIVER_NAME: &'static str = C::HMAC_DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY + 1;
    const KEYED: bool = true;
    type State = HmacState<C::Alg>;
    type Key = HmacKey<C::Alg>;
    fn stats() -> &'static CoreStats {
        C::hmac_stats()
    }
    fn setkey(slot: &mut MaybeUninit<Self::Key>, key: Message<'_>) -> Result {
        C::run(C::hmac_stats(), |op| {
            HmacKey::prepare(slot, key, &mut |c, b| op.compress(c, b));
        });
        Ok(())
    }
    #[inline(always)]
    unsafe fn init<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
    ) -> &'s mut Self::State {
        // SAFETY: by the function's safety requirements.
        unsafe { HmacState::init(slot, key) }
    }
    unsafe fn import<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
        inner: impl FnOnce(&mut MaybeUninit<State<C::Alg>>) -> &mut State<C::Alg>,
    ) -> &'s mut Self::State {
        // SAFETY: by the function's safety requirements.
        unsafe { HmacState::import_with(slot, key, inner) }
    }
    fn inner(state: &mut Self::State) -> &mut State<C::Alg> {
        &mut state.inner
    }
    #[inline(always)]
    fn update(state: &mut Self::State, data: Message<'_>) {
        update::<C>(C::hmac_stats(), &mut state.inner, data);
    }
    #[inline(always)]
    fn finup(state: &mut Self::State, data: Message<'_>) -> <C::Alg as Algorithm>::Chain {
        C::run(C::hmac_stats(), |op| {
            state.finish(data, &mut |c, b| op.compress(c, b))
        });
        state.inner.output()
    }
    fn wipe(state: &mut Self::State) {
        state.wipe();
    }
}
