// SPDX-License-Identifier: GPL-2.0

//! From a block core to an shash algorithm.
//!
//! A driver variant is a block function, a name and a priority: a [`BlockCore`].
//! [`MdShash`] combines it with the generic engine ([`super::md`]) into a
//! [`Shash`], so buffering, padding and export/import exist once for every driver;
//! [`MdHmac`] makes its HMAC of it, on the same cores and unit choice.
//! A driver module's assembly cores are an [`AsmCores`] implementation, which
//! [`SelectedDriver`] (and in test builds [`ScalarDriver`], [`NeonDriver`] and
//! [`CeDriver`]) turn into block cores;
//! [`module_asm_sha_driver!`](crate::module_asm_sha_driver) declares the
//! module.

use super::{
    cpu::Feature,
    md::{Algorithm, HmacKey, HmacState, Message, State},
    select::{selected_priority, unit_priority, Mode, Selector, Units},
    shash::{KeyRef, Shash},
    simd::{run_simd, ScalarFn, SimdFn, SimdUnit},
    stats::{CoreStats, Unit},
};
use core::{marker::PhantomData, mem::MaybeUninit};
use kernel::{
    error::Result,
    ffi::{c_int, c_uint, c_void},
};

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

/// One driver variant: an algorithm, a compression function, a name and a
/// priority, for the hash and for its HMAC.
pub trait BlockCore: 'static {
    /// The algorithm (from [`super::sha`]).
    type Alg: Algorithm;
    /// `cra_driver_name` of the hash.
    const DRIVER_NAME: &'static str;
    /// `cra_driver_name` of the HMAC.
    const HMAC_DRIVER_NAME: &'static str;
    /// `cra_priority` of the hash; the HMAC's is one more ([`MdHmac`]).
    const PRIORITY: i32;
    /// Runs `work` with the compression function of one operation, its
    /// blocks counted in `stats`. A SIMD variant decides here, once per
    /// operation, whether it may use NEON, and holds the NEON section around
    /// `work` ([`super::simd::run_simd`]).
    fn run<W: Work<Self::Alg>>(stats: &'static CoreStats, work: W) -> W::Output;
    /// The hash driver's counters ([`super::stats`]); each driver has its own.
    fn stats() -> &'static CoreStats;
    /// The HMAC driver's counters.
    fn hmac_stats() -> &'static CoreStats;
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
    // The export format of the kernel's own drivers of the same algorithm,
    // so that a state moves between theirs and ours.
    type Export = ExportOf<C::Alg>;
    type CoreExport = <C::Alg as Algorithm>::CoreExport;

    type State = State<C::Alg>;
    type Key = ();

    fn init<'s>(state: &'s mut MaybeUninit<Self::State>, _: KeyRef<'_, ()>) -> &'s mut Self::State {
        // The chaining value and the counter; the block buffer is written as
        // the message fills it (`md::BlockBuffer`).
        State::init(state)
    }

    fn update(state: &mut Self::State, data: Message<'_>) -> Result {
        // An update that completes no block needs no core: no unit to look
        // up, no SIMD check, no NEON section.
        if !state.absorb(data) {
            C::run(C::stats(), Update { state, data });
        }
        Ok(())
    }

    fn finup(state: &mut Self::State, data: Message<'_>, out: &mut Self::Digest) -> Result {
        // The NEON section, if any, ends with `run`, before the output: only
        // the compressions need it.
        C::run(
            C::stats(),
            Finish {
                state: &mut *state,
                data,
            },
        );
        // From 6.16 on the crypto API zeroes the whole context after every
        // `finup()`, `final()` and `digest()` (`crypto_shash_op_and_zero()`),
        // so the state's own wipe would be done twice; before, it is ours.
        #[cfg(rsha_shash_api_6_16)]
        state.write_digest(out);
        #[cfg(not(rsha_shash_api_6_16))]
        state.output(out);
        Ok(())
    }

    fn export(state: &Self::State, out: &mut Self::Export) -> Result {
        export_state(state, out);
        Ok(())
    }

    fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        _: KeyRef<'_, ()>,
    ) -> Result<&'s mut Self::State> {
        Ok(import_state(state, input))
    }

    fn export_core(state: &Self::State, out: &mut Self::CoreExport) -> Result {
        state.export_core(out);
        Ok(())
    }

    fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        _: KeyRef<'_, ()>,
    ) -> Result<&'s mut Self::State> {
        Ok(State::import_core(state, input))
    }

    fn stats() -> Option<&'static CoreStats> {
        Some(C::stats())
    }
}

/// The export format of the kernel's own drivers: on 6.12 the engine's own
/// (every field, no padding), on 6.16 and later the `*-lib` drivers'.
#[cfg(not(rsha_shash_api_6_16))]
type ExportOf<A> = <A as Algorithm>::Export;
#[cfg(rsha_shash_api_6_16)]
type ExportOf<A> = <A as Algorithm>::PartialExport;

/// Writes the state in `out` in the kernel's export format ([`ExportOf`]).
fn export_state<A: Algorithm>(state: &State<A>, out: &mut ExportOf<A>) {
    #[cfg(not(rsha_shash_api_6_16))]
    state.export(out);
    #[cfg(rsha_shash_api_6_16)]
    state.export_partial(out);
}

/// The state that `input`, in the kernel's export format, describes, written
/// into `slot`.
fn import_state<'s, A: Algorithm>(
    slot: &'s mut MaybeUninit<State<A>>,
    input: &ExportOf<A>,
) -> &'s mut State<A> {
    #[cfg(not(rsha_shash_api_6_16))]
    return State::import(slot, input);
    #[cfg(rsha_shash_api_6_16)]
    return State::import_partial(slot, input);
}

/// The HMAC key set-up of a `setkey()`: compresses a long key and the two
/// key blocks with the operation's compression function.
struct SetKey<'a, 'm, A: Algorithm> {
    slot: &'a mut MaybeUninit<HmacKey<A>>,
    key: Message<'m>,
}

impl<A: Algorithm> Work<A> for SetKey<'_, '_, A> {
    type Output = ();
    #[inline(always)]
    fn run<C: Compress<A>>(self, op: &mut C) {
        HmacKey::prepare(self.slot, self.key, &mut |chain, blocks| {
            op.compress(chain, blocks)
        });
    }
}

/// The blocks of an HMAC `finup()`: its data, the inner padding, then the
/// outer hash, in one operation (one NEON section).
struct HmacFinish<'a, 'm, A: Algorithm> {
    state: &'a mut HmacState<A>,
    data: Message<'m>,
}

impl<A: Algorithm> Work<A> for HmacFinish<'_, '_, A> {
    type Output = ();
    #[inline(always)]
    fn run<C: Compress<A>>(self, op: &mut C) {
        self.state
            .finish(self.data, &mut |chain, blocks| op.compress(chain, blocks));
    }
}

/// The HMAC (RFC 2104) implementation of a [`BlockCore`]: `hmac(<alg>)`,
/// named [`BlockCore::HMAC_DRIVER_NAME`], one above the hash in priority, so
/// that it ranks above the `hmac` template's instance over the hash driver
/// (which takes the hash's priority).
///
/// `setkey` takes a key of any length, as the kernel's own HMACs do, and
/// keeps the chaining values after the two key blocks; a request starts from
/// them, so that an HMAC costs the blocks of its message and of the outer
/// hash. Export and import move the inner hash in the hash driver's format,
/// as the kernel's `hmac-*-lib` drivers do (from 6.16 on their format); the
/// outer chaining value comes from the transform's key.
pub struct MdHmac<C: BlockCore>(PhantomData<C>);

impl<C: BlockCore> Shash for MdHmac<C> {
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

    fn setkey(slot: &mut MaybeUninit<Self::Key>, key: Message<'_>) -> Result {
        C::run(C::hmac_stats(), SetKey { slot, key });
        Ok(())
    }

    fn init<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        key: KeyRef<'_, Self::Key>,
    ) -> &'s mut Self::State {
        HmacState::init(state, &key.read())
    }

    fn update(state: &mut Self::State, data: Message<'_>) -> Result {
        let state = state.inner();
        if !state.absorb(data) {
            C::run(C::hmac_stats(), Update { state, data });
        }
        Ok(())
    }

    fn finup(state: &mut Self::State, data: Message<'_>, out: &mut Self::Digest) -> Result {
        C::run(
            C::hmac_stats(),
            HmacFinish {
                state: &mut *state,
                data,
            },
        );
        state.write_digest(out);
        // As `MdShash::finup`: from 6.16 on the crypto API zeroes the context.
        #[cfg(not(rsha_shash_api_6_16))]
        state.wipe();
        Ok(())
    }

    fn export(state: &Self::State, out: &mut Self::Export) -> Result {
        export_state(state.inner_ref(), out);
        Ok(())
    }

    fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        key: KeyRef<'_, Self::Key>,
    ) -> Result<&'s mut Self::State> {
        Ok(HmacState::import_with(state, &key.read(), |inner| {
            import_state(inner, input)
        }))
    }

    fn export_core(state: &Self::State, out: &mut Self::CoreExport) -> Result {
        state.inner_ref().export_core(out);
        Ok(())
    }

    fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        key: KeyRef<'_, Self::Key>,
    ) -> Result<&'s mut Self::State> {
        Ok(HmacState::import_with(state, &key.read(), |inner| {
            State::import_core(inner, input)
        }))
    }

    fn stats() -> Option<&'static CoreStats> {
        Some(C::hmac_stats())
    }
}

/// An assembly block core: `void core(word *state, const u8 *data, size_t nblocks)`.
///
/// The contract of every core under `asm/`: it reads `nblocks` whole blocks at
/// `data` (any alignment), reads and updates the chaining words at `state`, touches
/// no other memory than its own stack, and follows the procedure call standard.
/// Scalar cores use no FP/SIMD register; NEON cores may only run inside a
/// `kernel_neon_begin()`/`kernel_neon_end()` section. The drivers call the cores
/// directly, by name ([`AsmCores`], implemented by
/// [`module_asm_sha_driver!`](crate::module_asm_sha_driver)): an indirect call
/// to an assembly function, which has no kCFI type hash, would trap in a kernel
/// with `CONFIG_CFI`.
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

/// The driver names of one variant: its hash and its HMAC.
#[derive(Clone, Copy)]
pub struct DriverName {
    /// The hash driver's, e.g. `sha256-arm64-auto-rs`.
    pub hash: &'static str,
    /// The HMAC driver's, `hmac-` and the hash driver's.
    pub hmac: &'static str,
}

/// The driver names of one algorithm in a module.
pub struct Names {
    /// The scalar unit's drivers.
    pub scalar: DriverName,
    /// The NEON unit's drivers.
    pub neon: DriverName,
    /// The CE unit's drivers, for a module with a CE core.
    pub ce: Option<DriverName>,
    /// The selected drivers.
    pub selected: DriverName,
}

/// The priorities of a module's drivers ([`Names`]).
pub struct Priorities {
    /// The scalar unit's driver.
    pub scalar: i32,
    /// The NEON unit's driver.
    pub neon: i32,
    /// The CE unit's driver (unused without a CE core).
    pub ce: i32,
    /// The selected driver, on kernels without the `*-lib` drivers
    /// ([`selected_priority`] gives the priority it registers with).
    pub selected: i32,
}

/// The counters of one variant's drivers: its hash and its HMAC.
pub struct VariantStats {
    /// The hash driver's.
    pub hash: CoreStats,
    /// The HMAC driver's.
    pub hmac: CoreStats,
}

impl VariantStats {
    /// Both at zero.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self {
            hash: CoreStats::new(),
            hmac: CoreStats::new(),
        }
    }
}

/// The counters of one algorithm's drivers in a module.
pub struct DriverStats {
    /// The selected drivers'.
    pub selected: VariantStats,
    /// The scalar unit drivers'.
    pub scalar: VariantStats,
    /// The NEON unit drivers'.
    pub neon: VariantStats,
    /// The CE unit drivers'.
    pub ce: VariantStats,
}

impl DriverStats {
    /// All at zero.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        Self {
            selected: VariantStats::new(),
            scalar: VariantStats::new(),
            neon: VariantStats::new(),
            ce: VariantStats::new(),
        }
    }
}

/// The assembly cores of a driver module for algorithm `A`, with the names,
/// priorities, counters and unit choice of its drivers:
/// [`module_asm_sha_driver!`](crate::module_asm_sha_driver) implements it for
/// every algorithm of the module, and [`ScalarDriver`], [`NeonDriver`],
/// [`CeDriver`] and [`SelectedDriver`] make the drivers of it.
///
/// # Safety
///
/// The cores follow the [`AsmCore`] contract for `A`: [`AsmCores::scalar`] is
/// sound anywhere, [`AsmCores::neon`] inside a NEON section on a CPU with
/// NEON, [`AsmCores::ce`] inside a NEON section on a CPU with
/// [`AsmCores::CE_FEATURE`] (never called when that is `None`).
pub unsafe trait AsmCores<A: Algorithm>: 'static {
    /// The CPU feature of the CE core; `None` for a module without one.
    const CE_FEATURE: Option<Feature>;
    /// The driver names for `A`.
    const NAMES: Names;
    /// The module's priorities.
    const PRIORITIES: Priorities;
    /// The module's unit choice, shared by its algorithms.
    fn selector() -> &'static Selector;
    /// The counters of `A`'s drivers.
    fn stats() -> &'static DriverStats;
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
    /// Only inside a NEON section on a CPU with [`AsmCores::CE_FEATURE`].
    unsafe fn ce(chain: &mut A::Chain, blocks: Message<'_>);
}

/// The NEON unit of the cores `K`.
pub struct Neon<K>(PhantomData<K>);

// SAFETY: the NEON core needs a NEON section (the `AsmCores` contract); a
// NEON driver is registered, and the NEON unit selected, only on CPUs with
// NEON.
unsafe impl<A: Algorithm, K: AsmCores<A>> SimdUnit<A> for Neon<K> {
    const UNIT: Unit = Unit::Neon;
    #[inline(always)]
    unsafe fn compress(chain: &mut A::Chain, blocks: Message<'_>) {
        // SAFETY: inside a NEON section (this function's contract).
        unsafe { K::neon(chain, blocks) }
    }
    #[inline(always)]
    fn scalar(chain: &mut A::Chain, blocks: Message<'_>) {
        K::scalar(chain, blocks)
    }
}

/// The Crypto Extensions unit of the cores `K`.
pub struct Ce<K>(PhantomData<K>);

// SAFETY: the CE core needs a NEON section on a CPU with `CE_FEATURE` (the
// `AsmCores` contract); a CE driver is registered, and the CE unit selected,
// only where every CPU has it.
unsafe impl<A: Algorithm, K: AsmCores<A>> SimdUnit<A> for Ce<K> {
    const UNIT: Unit = Unit::Ce;
    #[inline(always)]
    unsafe fn compress(chain: &mut A::Chain, blocks: Message<'_>) {
        // SAFETY: inside a NEON section (this function's contract), on a CPU
        // with the feature (the impl's safety comment).
        unsafe { K::ce(chain, blocks) }
    }
    #[inline(always)]
    fn scalar(chain: &mut A::Chain, blocks: Message<'_>) {
        K::scalar(chain, blocks)
    }
}

/// The selected driver of `A` in the module of cores `K`: the unit that
/// `K::selector()` gives, the scalar core where SIMD is not usable.
pub struct SelectedDriver<K, A>(PhantomData<(K, A)>);

impl<A: Algorithm, K: AsmCores<A>> BlockCore for SelectedDriver<K, A> {
    type Alg = A;
    const DRIVER_NAME: &'static str = K::NAMES.selected.hash;
    const HMAC_DRIVER_NAME: &'static str = K::NAMES.selected.hmac;
    // The priority without the CE feature; `module_asm_sha_driver!` moves it
    // by [`SelectedDriver::priority_delta`].
    const PRIORITY: i32 = selected_priority(K::PRIORITIES.selected, false);
    #[inline(always)]
    fn run<W: Work<A>>(stats: &'static CoreStats, work: W) -> W::Output {
        // `SELECTOR` gives only units that every CPU has (its invariants).
        match K::selector().unit() {
            Unit::Neon => run_simd::<A, Neon<K>, W>(stats, work),
            Unit::Ce if K::CE_FEATURE.is_some() => run_simd::<A, Ce<K>, W>(stats, work),
            _ => work.run(&mut ScalarOp::new(K::scalar, stats)),
        }
    }
    fn stats() -> &'static CoreStats {
        &K::stats().selected.hash
    }
    fn hmac_stats() -> &'static CoreStats {
        &K::stats().selected.hmac
    }
}

impl<A: Algorithm, K: AsmCores<A>> SelectedDriver<K, A> {
    /// How far the drivers' priorities move from their `PRIORITY` once
    /// `K::selector()` knows the units of the CPUs ([`selected_priority`]).
    pub fn priority_delta() -> i32 {
        let ce = K::CE_FEATURE.is_some() && K::selector().available(Unit::Ce);
        selected_priority(K::PRIORITIES.selected, ce) - Self::PRIORITY
    }
}

/// The scalar unit driver of `A` in the module of cores `K` (test builds).
pub struct ScalarDriver<K, A>(PhantomData<(K, A)>);

impl<A: Algorithm, K: AsmCores<A>> BlockCore for ScalarDriver<K, A> {
    type Alg = A;
    const DRIVER_NAME: &'static str = K::NAMES.scalar.hash;
    const HMAC_DRIVER_NAME: &'static str = K::NAMES.scalar.hmac;
    const PRIORITY: i32 = unit_priority(K::PRIORITIES.scalar);
    fn run<W: Work<A>>(stats: &'static CoreStats, work: W) -> W::Output {
        work.run(&mut ScalarOp::new(K::scalar, stats))
    }
    fn stats() -> &'static CoreStats {
        &K::stats().scalar.hash
    }
    fn hmac_stats() -> &'static CoreStats {
        &K::stats().scalar.hmac
    }
}

/// The NEON unit driver of `A` in the module of cores `K` (test builds),
/// registered only on CPUs with NEON.
pub struct NeonDriver<K, A>(PhantomData<(K, A)>);

impl<A: Algorithm, K: AsmCores<A>> BlockCore for NeonDriver<K, A> {
    type Alg = A;
    const DRIVER_NAME: &'static str = K::NAMES.neon.hash;
    const HMAC_DRIVER_NAME: &'static str = K::NAMES.neon.hmac;
    const PRIORITY: i32 = unit_priority(K::PRIORITIES.neon);
    fn run<W: Work<A>>(stats: &'static CoreStats, work: W) -> W::Output {
        run_simd::<A, Neon<K>, W>(stats, work)
    }
    fn stats() -> &'static CoreStats {
        &K::stats().neon.hash
    }
    fn hmac_stats() -> &'static CoreStats {
        &K::stats().neon.hmac
    }
}

/// The CE unit driver of `A` in the module of cores `K` (test builds),
/// registered only on CPUs with `K::CE_FEATURE`.
pub struct CeDriver<K, A>(PhantomData<(K, A)>);

impl<A: Algorithm, K: AsmCores<A>> BlockCore for CeDriver<K, A> {
    type Alg = A;
    const DRIVER_NAME: &'static str = Self::NAMES.hash;
    const HMAC_DRIVER_NAME: &'static str = Self::NAMES.hmac;
    const PRIORITY: i32 = unit_priority(K::PRIORITIES.ce);
    fn run<W: Work<A>>(stats: &'static CoreStats, work: W) -> W::Output {
        run_simd::<A, Ce<K>, W>(stats, work)
    }
    fn stats() -> &'static CoreStats {
        &K::stats().ce.hash
    }
    fn hmac_stats() -> &'static CoreStats {
        &K::stats().ce.hmac
    }
}

impl<A: Algorithm, K: AsmCores<A>> CeDriver<K, A> {
    /// The CE drivers' names (never registered without a CE core: then the
    /// NEON ones').
    const NAMES: DriverName = match K::NAMES.ce {
        Some(names) => names,
        None => K::NAMES.neon,
    };
}

/// The hotplug callback of a module's selector: measures with the module's
/// algorithm `A` (all its algorithms share the cores).
pub extern "C" fn cpu_online<A: Algorithm, K: AsmCores<A>>(cpu: c_uint) -> c_int {
    let ce = K::CE_FEATURE.map(|_| K::ce as SimdFn<A>);
    // SAFETY: `K::neon` and `K::ce` need a NEON section on CPUs with NEON and
    // the CE feature (the `AsmCores` contract); `Selector::start` gets
    // `K::CE_FEATURE` and times a unit only where it is available.
    let units = unsafe { Units::<A>::new(K::scalar, K::neon, ce) };
    K::selector().cpu_online(cpu, &units)
}

/// The hotplug teardown of a module's selector.
pub extern "C" fn cpu_offline<A: Algorithm, K: AsmCores<A>>(cpu: c_uint) -> c_int {
    K::selector().cpu_offline(cpu)
}

/// Starts the unit choice of the module of cores `K` (first algorithm `A`),
/// after reading the module's `unit` parameter `param`.
///
/// Returns a guard that stops it when dropped.
pub fn start_selector<A: Algorithm, K: AsmCores<A>>(
    param: &core::ffi::CStr,
    hotplug_name: &'static core::ffi::CStr,
) -> Result<SelectorGuard> {
    let Some(mode) = Mode::parse(param.to_bytes()) else {
        kernel::pr_err!(
            "unit={}: not a unit (auto, scalar, neon or ce)\n",
            super::cstr_text(param)
        );
        return Err(kernel::error::code::EINVAL);
    };
    K::selector().start(
        mode,
        K::CE_FEATURE,
        hotplug_name,
        cpu_online::<A, K>,
        cpu_offline::<A, K>,
    )?;
    Ok(SelectorGuard(K::selector()))
}

/// Stops a selector's hotplug callbacks when dropped (module exit, or a
/// failed init), after the drivers that read its choices are gone.
pub struct SelectorGuard(&'static Selector);

impl Drop for SelectorGuard {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Declares a driver module with assembly cores for one algorithm family: a
/// scalar core, a NEON core and optionally a Crypto Extensions (CE) core. For
/// every algorithm listed it registers the *selected* driver
/// ([`SelectedDriver`]), at the module's top priority, which runs on each CPU
/// the unit that [`super::select`] measured fastest there (or the one the
/// module parameter `unit` forces); with `CONFIG_CRYPTO_RSHA_UNIT_DRIVERS`
/// also a scalar driver (always), a NEON driver (on CPUs with NEON) and a CE
/// driver (on CPUs with the CE feature named after `if`), for tests and
/// benchmarks.
///
/// What needs a macro is here: the cores' `extern` declarations, their
/// [`AsmCores`] implementation (a type `Cores`), the module's statics, its
/// aliases and [`module!`](kernel::prelude::module); the drivers, the unit
/// choice and the NEON sections are the library's generic code.
///
/// The module declares the aliases that let the kernel load it on demand,
/// as the in-tree drivers do with `MODULE_ALIAS_CRYPTO()`: `crypto-<alg>` and
/// `<alg>` for every algorithm, `crypto-<driver>` and `<driver>` for every
/// driver it registers.
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
/// safety comment above it that argues it.
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
            $(fn $ce(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);)?
            // The module's `unit` parameter (`helpers.c`, named after the module).
            #[link_name = concat!("rsha_unit_param_", $module_name)]
            fn rsha_unit_param() -> *const ::kernel::ffi::c_char;
        }

        /// The module's cores ([`AsmCores`](crate::rsha::md_shash::AsmCores)).
        struct Cores;

        const CE_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> =
            $crate::__asm_ce_feature!($($feature)?);
        const CE_PRIORITY: i32 = $crate::__asm_ce_priority!($($ce_priority)?);

        /// The CE core, or for a module without one (never called: no
        /// `CE_FEATURE`) the scalar core.
        ///
        /// # Safety
        ///
        /// Only inside a NEON section on a CPU with `CE_FEATURE`.
        #[inline(always)]
        unsafe fn ce_core(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize) {
            $crate::__asm_ce_call!($($ce)?, state, data, nblocks, $scalar);
        }

        /// The units of the module's selected drivers, per CPU.
        static SELECTOR: $crate::rsha::select::Selector = $crate::rsha::select::Selector::new();

        $(
            // Each function below passes whole blocks.
            // SAFETY: the author's `cores: unsafe { ... }` argues each core's
            // `AsmCore` contract for every algorithm listed (see the macro).
            unsafe impl $crate::rsha::md_shash::AsmCores<$alg> for Cores {
                const CE_FEATURE: ::core::option::Option<$crate::rsha::cpu::Feature> = CE_FEATURE;
                const NAMES: $crate::rsha::md_shash::Names = $crate::rsha::md_shash::Names {
                    scalar: $crate::__driver_name!($scalar_name),
                    neon: $crate::__driver_name!($neon_name),
                    ce: $crate::__asm_ce_name!($($ce_name)?),
                    selected: $crate::__driver_name!($selected_name),
                };
                const PRIORITIES: $crate::rsha::md_shash::Priorities =
                    $crate::rsha::md_shash::Priorities {
                        scalar: $scalar_priority,
                        neon: $neon_priority,
                        ce: CE_PRIORITY,
                        selected: $selected_priority,
                    };
                #[inline(always)]
                fn selector() -> &'static $crate::rsha::select::Selector {
                    &SELECTOR
                }
                #[inline(always)]
                fn stats() -> &'static $crate::rsha::md_shash::DriverStats {
                    static STATS: $crate::rsha::md_shash::DriverStats =
                        $crate::rsha::md_shash::DriverStats::new();
                    &STATS
                }
                #[inline(always)]
                fn scalar(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain,
                          blocks: $crate::rsha::md::Message<'_>) {
                    let (state, data, nblocks) =
                        $crate::rsha::md_shash::asm_core_args::<$alg>(chain, blocks);
                    // SAFETY: the impl's safety comment; the scalar core is
                    // sound anywhere.
                    unsafe { $scalar(state, data, nblocks) }
                }
                #[inline(always)]
                unsafe fn neon(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain,
                               blocks: $crate::rsha::md::Message<'_>) {
                    let (state, data, nblocks) =
                        $crate::rsha::md_shash::asm_core_args::<$alg>(chain, blocks);
                    // SAFETY: the impl's safety comment; the caller holds a
                    // NEON section (the function's contract).
                    unsafe { $neon(state, data, nblocks) }
                }
                #[inline(always)]
                unsafe fn ce(chain: &mut <$alg as $crate::rsha::md::Algorithm>::Chain,
                             blocks: $crate::rsha::md::Message<'_>) {
                    let (state, data, nblocks) =
                        $crate::rsha::md_shash::asm_core_args::<$alg>(chain, blocks);
                    // SAFETY: the caller holds a NEON section on a CPU with
                    // the feature (the function's contract).
                    unsafe { ce_core(state, data, nblocks) }
                }
            }

            $crate::__modinfo_aliases!(<$alg as $crate::rsha::md::Algorithm>::NAME);
            $crate::__modinfo_aliases!(<$alg as $crate::rsha::md::Algorithm>::HMAC_NAME);
            $crate::__modinfo_aliases!($selected_name);
            $crate::__modinfo_aliases!(concat!("hmac-", $selected_name));
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            const _: () = {
                $crate::__modinfo_aliases!($scalar_name);
                $crate::__modinfo_aliases!(concat!("hmac-", $scalar_name));
                $crate::__modinfo_aliases!($neon_name);
                $crate::__modinfo_aliases!(concat!("hmac-", $neon_name));
                $(
                    $crate::__modinfo_aliases!($ce_name);
                    $crate::__modinfo_aliases!(concat!("hmac-", $ce_name));
                )?
            };
        )+

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

        struct Module {
            // Dropped in this order: the debugfs files, the drivers (the selected
            // ones first), then the hotplug state.
            _debugfs: $crate::rsha::stats::StatsDir,
            _selected: $crate::rsha::shash::Registration,
            #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
            _units: (
                $crate::rsha::shash::Registration,
                ::core::option::Option<$crate::rsha::shash::Registration>,
                ::core::option::Option<$crate::rsha::shash::Registration>,
            ),
            _selector: $crate::rsha::md_shash::SelectorGuard,
        }

        ::kernel::prelude::module! {
            type: Module,
            name: $module_name,
            $($f)*
        }

        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                use $crate::rsha::md_shash::*;
                if !$crate::rsha::cpu::runs_cores() {
                    ::kernel::pr_err!("the CPU is older than ARMv7, which the assembly cores need\n");
                    return Err(::kernel::error::code::ENODEV);
                }
                // SAFETY: the parameter's buffer (`helpers.c`) is static and
                // NUL-terminated (module_param_string() keeps it so); the
                // parameter is read-only (0444), so nothing writes it now.
                let param = unsafe { $crate::rsha::cstr_from_ptr(rsha_unit_param()) };
                let selector = start_selector::<$crate::__first_type!($($alg),+), Cores>(
                    param,
                    $crate::cstr!(concat!("crypto/", $module_name, ":online")),
                )?;
                let debugfs = $crate::rsha::stats::StatsDir::new(module, __LOG_PREFIX);
                debugfs.add_show($crate::cstr!("units"), show_units);
                #[cfg(CONFIG_CRYPTO_RSHA_UNIT_DRIVERS)]
                let units = {
                    let scalar = $crate::module_shash_driver!(@register module,
                        [$(MdShash<ScalarDriver<Cores, $alg>>, MdHmac<ScalarDriver<Cores, $alg>>),+]);
                    $crate::module_shash_driver!(@stats debugfs,
                        [$(MdShash<ScalarDriver<Cores, $alg>>, MdHmac<ScalarDriver<Cores, $alg>>),+]);
                    let neon = if SELECTOR.available($crate::rsha::stats::Unit::Neon) {
                        let neon = $crate::module_shash_driver!(@register module,
                            [$(MdShash<NeonDriver<Cores, $alg>>, MdHmac<NeonDriver<Cores, $alg>>),+]);
                        $crate::module_shash_driver!(@stats debugfs,
                            [$(MdShash<NeonDriver<Cores, $alg>>, MdHmac<NeonDriver<Cores, $alg>>),+]);
                        Some(neon)
                    } else {
                        None
                    };
                    let ce = if SELECTOR.available($crate::rsha::stats::Unit::Ce) {
                        let ce = $crate::module_shash_driver!(@register module,
                            [$(MdShash<CeDriver<Cores, $alg>>, MdHmac<CeDriver<Cores, $alg>>),+]);
                        $crate::module_shash_driver!(@stats debugfs,
                            [$(MdShash<CeDriver<Cores, $alg>>, MdHmac<CeDriver<Cores, $alg>>),+]);
                        Some(ce)
                    } else {
                        None
                    };
                    (scalar, neon, ce)
                };
                let selected = $crate::module_shash_driver!(@register module,
                    [$(MdShash<SelectedDriver<Cores, $alg>>, MdHmac<SelectedDriver<Cores, $alg>>),+],
                    priority_delta:
                        SelectedDriver::<Cores, $crate::__first_type!($($alg),+)>::priority_delta());
                $crate::module_shash_driver!(@stats debugfs,
                    [$(MdShash<SelectedDriver<Cores, $alg>>, MdHmac<SelectedDriver<Cores, $alg>>),+]);
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

/// `AsmCores::CE_FEATURE`: the feature named, or none.
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_feature {
    () => {
        None
    };
    ($feature:ident) => {
        Some($crate::rsha::cpu::Feature::$feature)
    };
}

/// The [`DriverName`] of the hash driver named `$name` and of its HMAC.
#[doc(hidden)]
#[macro_export]
macro_rules! __driver_name {
    ($name:literal) => {
        $crate::rsha::md_shash::DriverName {
            hash: $name,
            hmac: concat!("hmac-", $name),
        }
    };
}

/// `Names::ce`: the names of the driver given, or none.
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_name {
    () => {
        None
    };
    ($name:literal) => {
        Some($crate::__driver_name!($name))
    };
}

/// `Priorities::ce`: the priority given, or 0 (no CE driver).
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_priority {
    () => {
        0
    };
    ($priority:expr) => {
        $priority
    };
}

/// The call of `AsmCores::ce`: the CE core, or for a module without one
/// (never called: `CE_FEATURE` is `None`) the scalar core.
#[doc(hidden)]
#[macro_export]
macro_rules! __asm_ce_call {
    (, $state:ident, $data:ident, $nblocks:ident, $scalar:ident) => {
        // SAFETY: the scalar core is sound anywhere (`AsmCores`' contract).
        unsafe { $scalar($state, $data, $nblocks) }
    };
    ($ce:ident, $state:ident, $data:ident, $nblocks:ident, $scalar:ident) => {
        // SAFETY: the caller of `AsmCores::ce` holds a NEON section on a CPU
        // with the feature (its contract).
        unsafe { $ce($state, $data, $nblocks) }
    };
}

/// The aliases `crypto-<name>` and `<name>` (see [`__modinfo_alias`]), as
/// C's `MODULE_ALIAS_CRYPTO()` gives.
#[doc(hidden)]
#[macro_export]
macro_rules! __modinfo_aliases {
    ($name:expr) => {
        $crate::__modinfo_alias!("crypto-", $name);
        $crate::__modinfo_alias!("", $name);
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
