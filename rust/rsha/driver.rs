// SPDX-License-Identifier: GPL-2.0

//! The drivers: a module's assembly cores ([`Cores`]), the unit that runs
//! them ([`Driver`]), and the hash and the HMAC over the engine ([`Hash`](struct@Hash),
//! [`Hmac`]), each an [`Shash`].
//!
//! The hot path is [`Compress::run`] and [`Op::compress`]: the unit read
//! with one load, the scalar core called directly, or a SIMD core in a NEON
//! section around the whole operation ([`super::simd::with_section`]), the
//! scalar core where SIMD is not usable.

use super::{
    cpu::Feature,
    hmac::{HmacKey, HmacState},
    md::{store_digest, Algorithm, Message, State},
    select::{selected_priority, unit_priority, Selector, Unit},
    shash::Shash,
    simd,
    stats::CoreStats,
};
use core::{marker::PhantomData, mem::MaybeUninit};
use kernel::error::Result;

/// An assembly block core: `void core(word *state, const u8 *data, size_t nblocks)`.
///
/// The contract of every core under `asm/`: it reads `nblocks` whole blocks at
/// `data` (any alignment), reads and updates the chaining words at `state`,
/// touches no other memory than its own stack, and follows the procedure call
/// standard. Scalar cores use no FP/SIMD register; NEON and CE cores run only
/// inside a NEON section. The drivers call them directly, by name: an indirect
/// call to an assembly function, which has no kCFI type hash, would trap in a
/// kernel with `CONFIG_CFI`.
pub type AsmCore =
    unsafe extern "C" fn(state: *mut kernel::ffi::c_void, data: *const u8, nblocks: usize);

/// The arguments of an assembly core for `blocks`, whole blocks of `A`.
#[inline(always)]
pub fn core_args<A: Algorithm>(
    chain: &mut A::Chain,
    blocks: Message<'_>,
) -> (*mut kernel::ffi::c_void, *const u8, usize) {
    (
        chain.as_mut().as_mut_ptr().cast(),
        blocks.as_ptr(),
        blocks.len() / A::BLOCK_SIZE,
    )
}

/// Which unit a driver runs: the numbers of [`Unit`], and [`AUTO`] for the
/// selected driver, which runs the unit its CPU chose.
pub type Variant = u8;
/// The scalar unit driver (test builds).
pub const SCALAR: Variant = Unit::Scalar as u8;
/// The NEON unit driver (test builds).
pub const NEON: Variant = Unit::Neon as u8;
/// The Crypto Extensions unit driver (test builds).
pub const CE: Variant = Unit::Ce as u8;
/// The selected driver.
pub const AUTO: Variant = 3;

/// The counters of one driver: its hash's and its HMAC's.
pub struct DriverStats {
    /// The hash driver's.
    pub hash: CoreStats,
    /// The HMAC driver's.
    pub hmac: CoreStats,
}

impl DriverStats {
    /// All at zero.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self {
            hash: CoreStats::new(),
            hmac: CoreStats::new(),
        }
    }
}

/// A driver module's assembly cores for algorithm `A`, with the names and
/// priorities of its drivers, indexed by [`Variant`]:
/// [`module_sha_driver!`](crate::module_sha_driver) implements it.
///
/// # Safety
///
/// The cores follow the [`AsmCore`] contract for `A`: [`Cores::scalar`] is
/// sound anywhere, [`Cores::neon`] inside a NEON section on a CPU with NEON,
/// [`Cores::ce`] inside a NEON section on a CPU with [`Cores::CE_FEATURE`]
/// (never called when that is `None`).
pub unsafe trait Cores<A: Algorithm>: 'static {
    /// The CPU feature of the CE core; `None` for a module without one.
    const CE_FEATURE: Option<Feature>;
    /// The hash drivers' names.
    const NAMES: [&'static str; 4];
    /// The HMAC drivers' names.
    const HMAC_NAMES: [&'static str; 4];
    /// The module's priorities (on kernels without the `*-lib` drivers).
    const PRIORITIES: [i32; 4];
    /// The module's unit choice, shared by its algorithms.
    fn selector() -> &'static Selector;
    /// The counters of `A`'s drivers.
    fn stats() -> &'static [DriverStats; 4];
    /// The scalar core.
    fn scalar(chain: &mut A::Chain, blocks: Message<'_>);
    /// The NEON core.
    ///
    /// # Safety
    ///
    /// Only inside a NEON section.
    unsafe fn neon(chain: &mut A::Chain, blocks: Message<'_>);
    /// The CE core.
    ///
    /// # Safety
    ///
    /// Only inside a NEON section on a CPU with [`Cores::CE_FEATURE`].
    unsafe fn ce(chain: &mut A::Chain, blocks: Message<'_>);
}

/// The driver of variant `V` of algorithm `A` in the module of cores `K`.
pub struct Driver<K, A, const V: Variant>(PhantomData<(K, A)>);

/// What a hash or HMAC driver needs of its cores: the unit that runs them,
/// names and a priority. [`Driver`] implements it; the negative control
/// module its own.
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
    fn unit() -> Unit {
        Unit::Scalar
    }
    /// The scalar core: whole blocks, sound anywhere.
    fn scalar(chain: &mut <Self::Alg as Algorithm>::Chain, blocks: Message<'_>);
    /// The core of SIMD unit `unit` (one [`Compress::unit`] gave).
    ///
    /// # Safety
    ///
    /// Only inside a NEON section.
    unsafe fn simd(unit: Unit, chain: &mut <Self::Alg as Algorithm>::Chain, blocks: Message<'_>) {
        let _ = unit;
        Self::scalar(chain, blocks)
    }
    /// The hash's counters.
    fn stats() -> &'static CoreStats;
    /// The HMAC's counters.
    fn hmac_stats() -> &'static CoreStats;

    /// Runs `f`, one operation, with its compression function ([`Op`]): the
    /// unit read with one load, and where it is a SIMD unit and SIMD is
    /// usable one NEON section around the whole operation, else the scalar
    /// core. `stats` counts the blocks.
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
                // SAFETY: the core of the section's unit, which `C::unit()`
                // gave, so every CPU has it, runs inside the section.
                unsafe { section.run(blocks, |b| C::simd(unit, chain, b)) }
            }
            None => {
                self.stats
                    .count(Unit::Scalar, blocks.len() / C::Alg::BLOCK_SIZE);
                C::scalar(chain, blocks)
            }
        }
    }
}

impl<A: Algorithm, K: Cores<A>, const V: Variant> Compress for Driver<K, A, V> {
    type Alg = A;
    const DRIVER_NAME: &'static str = K::NAMES[V as usize];
    const HMAC_DRIVER_NAME: &'static str = K::HMAC_NAMES[V as usize];
    // The selected driver's priority without the CE feature; registration
    // moves it by `priority_delta`.
    const PRIORITY: i32 = if V == AUTO {
        selected_priority(K::PRIORITIES[V as usize], false)
    } else {
        unit_priority(K::PRIORITIES[V as usize])
    };

    #[inline(always)]
    fn unit() -> Unit {
        // A unit driver is registered, and a unit selected, only where every
        // CPU has it (`Selector`'s invariants, the module's init).
        match V {
            AUTO => K::selector().unit(),
            NEON => Unit::Neon,
            CE if K::CE_FEATURE.is_some() => Unit::Ce,
            _ => Unit::Scalar,
        }
    }

    #[inline(always)]
    fn scalar(chain: &mut A::Chain, blocks: Message<'_>) {
        K::scalar(chain, blocks)
    }

    #[inline(always)]
    unsafe fn simd(unit: Unit, chain: &mut A::Chain, blocks: Message<'_>) {
        if unit == Unit::Ce {
            // SAFETY: inside a NEON section (the function's contract), on
            // CPUs that have the unit (`unit()`).
            unsafe { K::ce(chain, blocks) }
        } else {
            // SAFETY: as above.
            unsafe { K::neon(chain, blocks) }
        }
    }

    fn stats() -> &'static CoreStats {
        &K::stats()[V as usize].hash
    }

    fn hmac_stats() -> &'static CoreStats {
        &K::stats()[V as usize].hmac
    }
}

impl<A: Algorithm, K: Cores<A>> Driver<K, A, AUTO> {
    /// How far the selected drivers' priorities move once the module knows
    /// whether every CPU has its CE unit ([`selected_priority`]).
    pub fn priority_delta() -> i32 {
        let ce = K::CE_FEATURE.is_some() && K::selector().available(Unit::Ce);
        selected_priority(K::PRIORITIES[AUTO as usize], ce) - <Self as Compress>::PRIORITY
    }

    /// Compresses `blocks` with `unit`, for the unit choice's timing: false
    /// for a SIMD unit where SIMD is not usable.
    pub fn run_unit(unit: Unit, blocks: Message<'_>) -> bool {
        static NO_STATS: CoreStats = CoreStats::new();
        let mut chain = A::INITIAL;
        let ran = simd::with_section(&NO_STATS, unit, A::BLOCK_SIZE, |section| match section {
            Some(s) => {
                // SAFETY: the selector times a unit only where every CPU has
                // it (`Selector::start`), in its section.
                unsafe { s.run(blocks, |b| Self::simd(unit, &mut chain, b)) };
                true
            }
            None if unit == Unit::Scalar => {
                K::scalar(&mut chain, blocks);
                true
            }
            None => false,
        });
        // Keep the result alive, so that the runs cannot be left out.
        core::hint::black_box(&chain);
        ran
    }
}

/// The export format of the kernel's own drivers of the same algorithm, so
/// that a state moves between theirs and ours: on 6.12 the engine's own, from
/// 6.16 on the `*-lib` drivers'.
#[cfg(not(rsha_shash_api_6_16))]
type ExportOf<A> = <A as Algorithm>::Export;
#[cfg(rsha_shash_api_6_16)]
type ExportOf<A> = <A as Algorithm>::PartialExport;

#[inline(always)]
fn export_state<A: Algorithm>(state: &State<A>, out: &mut ExportOf<A>) {
    #[cfg(not(rsha_shash_api_6_16))]
    state.export(out);
    #[cfg(rsha_shash_api_6_16)]
    state.export_partial(out);
}

#[inline(always)]
fn import_state<'s, A: Algorithm>(
    slot: &'s mut MaybeUninit<State<A>>,
    input: &ExportOf<A>,
) -> &'s mut State<A> {
    #[cfg(not(rsha_shash_api_6_16))]
    return State::import(slot, input);
    #[cfg(rsha_shash_api_6_16)]
    return State::import_partial(slot, input);
}

/// Hashes `data` into the (inner) hash `state`, counted in `stats`: an update
/// that completes no block needs no core and no section.
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
    const NAME: &'static str = C::Alg::NAME;
    const DRIVER_NAME: &'static str = C::DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY;
    const BLOCK_SIZE: usize = C::Alg::BLOCK_SIZE;
    type Digest = <C::Alg as Algorithm>::Digest;
    type Export = ExportOf<C::Alg>;
    type CoreExport = <C::Alg as Algorithm>::CoreExport;
    type State = State<C::Alg>;
    type Key = ();
    type Words = <C::Alg as Algorithm>::Chain;

    #[inline(always)]
    unsafe fn init<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        _: *const (),
    ) -> &'s mut Self::State {
        State::init(state)
    }

    #[inline(always)]
    fn update(state: &mut Self::State, data: Message<'_>) {
        update::<C>(C::stats(), state, data);
    }

    #[inline(always)]
    fn finup(state: &mut Self::State, data: Message<'_>) -> Self::Words {
        C::run(C::stats(), |op| {
            state.finish(data, &mut |c, b| op.compress(c, b))
        });
        state.chain()
    }

    #[inline(always)]
    unsafe fn store(words: &Self::Words, out: *mut u8) {
        // SAFETY: by the function's safety requirements.
        unsafe { store_digest::<C::Alg>(words, out) }
    }

    fn wipe(state: &mut Self::State) {
        state.wipe();
    }

    fn export(state: &Self::State, out: &mut Self::Export) {
        export_state(state, out);
    }

    unsafe fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        _: *const (),
    ) -> &'s mut Self::State {
        import_state(state, input)
    }

    fn export_core(state: &Self::State, out: &mut Self::CoreExport) {
        state.export_core(out);
    }

    unsafe fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        _: *const (),
    ) -> &'s mut Self::State {
        State::import_core(state, input)
    }
}

/// The HMAC driver of `C`: `hmac(<alg>)`, one above the hash in priority, so
/// that it ranks above the `hmac` template's instance over the hash driver.
///
/// `setkey` takes a key of any length and keeps the chaining values after
/// the two key blocks; a request starts from them. Export and import move
/// the inner hash in the hash driver's format, as the kernel's `hmac-*-lib`
/// drivers do; the outer chaining value comes from the transform's key.
pub struct Hmac<C>(PhantomData<C>);

impl<C: Compress> Shash for Hmac<C> {
    const NAME: &'static str = C::Alg::HMAC_NAME;
    const DRIVER_NAME: &'static str = C::HMAC_DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY + 1;
    const BLOCK_SIZE: usize = C::Alg::BLOCK_SIZE;
    const KEYED: bool = true;
    type Digest = <C::Alg as Algorithm>::Digest;
    type Export = ExportOf<C::Alg>;
    type CoreExport = <C::Alg as Algorithm>::CoreExport;
    type State = HmacState<C::Alg>;
    type Key = HmacKey<C::Alg>;
    type Words = <C::Alg as Algorithm>::Chain;

    fn setkey(slot: &mut MaybeUninit<Self::Key>, key: Message<'_>) -> Result {
        C::run(C::hmac_stats(), |op| {
            HmacKey::prepare(slot, key, &mut |c, b| op.compress(c, b));
        });
        Ok(())
    }

    #[inline(always)]
    unsafe fn init<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
    ) -> &'s mut Self::State {
        // SAFETY: by the function's safety requirements.
        unsafe { HmacState::init(state, key) }
    }

    #[inline(always)]
    fn update(state: &mut Self::State, data: Message<'_>) {
        update::<C>(C::hmac_stats(), state.inner(), data);
    }

    #[inline(always)]
    fn finup(state: &mut Self::State, data: Message<'_>) -> Self::Words {
        C::run(C::hmac_stats(), |op| {
            state.finish(data, &mut |c, b| op.compress(c, b))
        });
        state.chain()
    }

    #[inline(always)]
    unsafe fn store(words: &Self::Words, out: *mut u8) {
        // SAFETY: by the function's safety requirements.
        unsafe { store_digest::<C::Alg>(words, out) }
    }

    fn wipe(state: &mut Self::State) {
        state.wipe();
    }

    fn export(state: &Self::State, out: &mut Self::Export) {
        export_state(state.inner_ref(), out);
    }

    unsafe fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        key: *const Self::Key,
    ) -> &'s mut Self::State {
        // SAFETY: by the function's safety requirements.
        unsafe { HmacState::import_with(state, key, |inner| import_state(inner, input)) }
    }

    fn export_core(state: &Self::State, out: &mut Self::CoreExport) {
        state.inner_ref().export_core(out);
    }

    unsafe fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        key: *const Self::Key,
    ) -> &'s mut Self::State {
        // SAFETY: by the function's safety requirements.
        unsafe { HmacState::import_with(state, key, |inner| State::import_core(inner, input)) }
    }
}
