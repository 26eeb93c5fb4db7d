// SPDX-License-Identifier: GPL-2.0

//! The binding to the crypto API's `shash`, in the shape of `rust/kernel/net/phy.rs`: a
//! [`Shash`] implementation, [`AlgDef::new`] of it (the C ops table of [`Adapter`]'s
//! callbacks), and the [`Registration`] of a static array of those (no `static mut`: C
//! writes them through [`Opaque`]).
//!
//! C header: [`include/crypto/internal/hash.h`](srctree/include/crypto/internal/hash.h).

use super::{
    bindings,
    cpu::now_ns,
    md::{store_digest, wipe, Algorithm, Bytes, Message, State},
    stats::CoreStats,
};
use core::{
    marker::PhantomData,
    mem::{size_of, MaybeUninit},
    sync::atomic::{AtomicBool, Ordering::Relaxed},
};
use kernel::{
    error::{
        code::{EBUSY, EINVAL},
        from_result, to_result, Result,
    },
    ffi::{c_char, c_int, c_uint, c_void},
    types::Opaque,
};

/// Longest algorithm or driver name, including the terminating NUL.
const MAX_NAME: usize = bindings::CRYPTO_MAX_ALG_NAME as usize;

/// Largest block of any algorithm (SHA-512's): the unit of [`Adapter::update_staged`].
const MAX_BLOCK: usize = 128;

/// Alignment of `shash_desc::__ctx`, where [`Shash::State`] lives.
const CTX_ALIGN: usize = bindings::RSHA_ARCH_SLAB_MINALIGN;

/// Most time a driver module waits for its self-tests: three stay in udev's 180 s timeout.
pub const SELF_TEST_WAIT_MS: u64 = 45_000;

/// One shash algorithm implementation (a `cra_driver_name`). The [`Shash::Key`] lives in
/// the transform, which requests on other CPUs read at once: by raw copies, never by
/// reference. Callbacks run in any context, hardirq included: no sleeping, no allocating.
pub trait Shash {
    /// The algorithm: block and digest sizes, chaining value, core export format.
    type Alg: Algorithm;
    /// Algorithm name (`cra_name`), e.g. `"sha256"`.
    const NAME: &'static str;
    /// Implementation name (`cra_driver_name`), unique in the system.
    const DRIVER_NAME: &'static str;
    /// Priority among implementations of [`Shash::NAME`] (`cra_priority`).
    const PRIORITY: i32;
    /// Whether the algorithm takes a key (`CRYPTO_TFM_NEED_KEY` until `setkey`).
    const KEYED: bool = false;
    /// Per-request state, stored in the `shash_desc` context.
    type State;
    /// The transform's context: a keyed algorithm's key, `()` for a hash.
    type Key;
    /// The driver's counters (`CONFIG_CRYPTO_RSHA_STATS`).
    fn stats() -> &'static CoreStats;
    /// Writes the key that the bytes `key` describe into `slot`, all of it.
    fn setkey(_slot: &mut MaybeUninit<Self::Key>, _key: Message<'_>) -> Result {
        Err(EINVAL)
    }
    /// Writes into `slot` the start of a message with the key at `key`; returns it.
    ///
    /// # Safety
    ///
    /// `key` is the transform's key (written by `setkey`, or zeroes), outside `slot`.
    unsafe fn init<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
    ) -> &'s mut Self::State;
    /// Writes into `slot` the state with the key at `key` whose inner hash, the engine's
    /// state that `update` hashes and export/import move, `inner` writes; returns it.
    ///
    /// # Safety
    ///
    /// As for [`Shash::init`].
    unsafe fn import<'s>(
        slot: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
        inner: impl FnOnce(&mut MaybeUninit<State<Self::Alg>>) -> &mut State<Self::Alg>,
    ) -> &'s mut Self::State;
    /// The inner hash of `state`.
    fn inner(state: &mut Self::State) -> &mut State<Self::Alg>;
    /// Hashes more message bytes.
    fn update(state: &mut Self::State, data: Message<'_>);
    /// Hashes the last bytes and returns the digest in words ([`State::output`]), stored
    /// after the wipe.
    fn finup(state: &mut Self::State, data: Message<'_>) -> <Self::Alg as Algorithm>::Chain;
    /// Overwrites the state with zeroes (a request's end, before Linux 6.16).
    fn wipe(state: &mut Self::State);
}

/// The export format of the kernel's own drivers (6.12: the engine's; 6.16: `*-lib`'s).
#[cfg(not(rsha_shash_api_6_16))]
type ExportOf<A> = <A as Algorithm>::Export;
#[cfg(rsha_shash_api_6_16)]
type ExportOf<A> = <A as Algorithm>::PartialExport;

/// A `struct shash_alg` built from a [`Shash`] implementation, for a static array.
///
/// # Invariants
///
/// `alg` is a fully initialised `shash_alg` of [`Adapter`]'s callbacks and the sizes of one
/// [`Shash`] type, whose `name`, `keyed` and `stats` these are. Rust writes it only once
/// `claimed` went from false to true, before registering it.
pub struct AlgDef {
    alg: Opaque<bindings::shash_alg>,
    /// The driver name (`cra_driver_name`).
    pub(super) name: &'static str,
    keyed: bool,
    /// The driver's counters.
    pub(super) stats: fn() -> &'static CoreStats,
    claimed: AtomicBool,
}

// SAFETY: Rust writes the C structure only after claiming it (one claim succeeds), before
// C knows it; C touches it under its own locking.
unsafe impl Sync for AlgDef {}

/// `name` as a NUL-terminated `char` array; one too long fails the build (`const`).
const fn name_array(name: &str) -> [c_char; MAX_NAME] {
    let bytes = name.as_bytes();
    assert!(bytes.len() < MAX_NAME, "crypto algorithm name too long");
    let mut out = [0 as c_char; MAX_NAME];
    let mut i = 0;
    while i < bytes.len() {
        out[i] = bytes[i] as c_char;
        i += 1;
    }
    out
}

impl AlgDef {
    /// The `shash_alg` of `T`, for a static array.
    #[allow(clippy::needless_update)]
    pub const fn new<T: Shash>() -> Self {
        // `shash_desc::__ctx` is aligned to `ARCH_SLAB_MINALIGN`, the transform's context
        // to `CRYPTO_MINALIGN` (at least that); 6.16 and later check the sizes too.
        assert!(core::mem::align_of::<T::State>() <= CTX_ALIGN);
        assert!(core::mem::align_of::<T::Key>() <= CTX_ALIGN);
        assert!(T::Alg::BLOCK_SIZE <= MAX_BLOCK);
        assert!(size_of::<T::State>() <= bindings::RSHA_HASH_MAX_DESCSIZE);
        assert!(size_of::<ExportOf<T::Alg>>() <= bindings::RSHA_HASH_MAX_STATESIZE);
        // For the `zeroed()` below: these C structs of integers, pointers, arrays, list heads
        // and unions of those are valid all-zeroes (as in C's static initialisation).
        let base = bindings::crypto_alg {
            cra_name: name_array(T::NAME),
            cra_driver_name: name_array(T::DRIVER_NAME),
            cra_priority: T::PRIORITY,
            cra_blocksize: T::Alg::BLOCK_SIZE as c_uint,
            cra_ctxsize: size_of::<T::Key>() as c_uint,
            // SAFETY: all-zeroes is a valid `crypto_alg` (see above).
            ..unsafe { core::mem::zeroed() }
        };
        // INVARIANT: every field the crypto API reads for an shash is set from `T` (the
        // owner by `Registration::register`). No `init_tfm`/`exit_tfm`: a key needs none.
        let alg = Opaque::new(bindings::shash_alg {
            init: Some(Adapter::<T>::init),
            update: Some(Adapter::<T>::update),
            final_: Some(Adapter::<T>::final_),
            finup: Some(Adapter::<T>::finup),
            digest: Some(Adapter::<T>::digest),
            export: Some(Adapter::<T>::export),
            import: Some(Adapter::<T>::import),
            setkey: if T::KEYED {
                Some(Adapter::<T>::setkey)
            } else {
                None
            },
            #[cfg(rsha_shash_api_6_16)]
            export_core: Some(Adapter::<T>::export_core),
            #[cfg(rsha_shash_api_6_16)]
            import_core: Some(Adapter::<T>::import_core),
            descsize: size_of::<T::State>() as c_uint,
            __bindgen_anon_1: bindings::shash_alg__bindgen_ty_1 {
                halg: bindings::hash_alg_common {
                    digestsize: T::Alg::DIGEST_SIZE as c_uint,
                    statesize: size_of::<ExportOf<T::Alg>>() as c_uint,
                    base,
                    // SAFETY: all-zeroes is a valid `hash_alg_common` (see above).
                    ..unsafe { core::mem::zeroed() }
                },
            },
            // SAFETY: all-zeroes is a valid `shash_alg` (see above).
            ..unsafe { core::mem::zeroed() }
        });
        AlgDef {
            alg,
            name: T::DRIVER_NAME,
            keyed: T::KEYED,
            stats: T::stats,
            claimed: AtomicBool::new(false),
        }
    }
    fn as_ptr(&self) -> *mut bindings::shash_alg {
        self.alg.get()
    }
    /// The `crypto_alg` inside, by raw pointer.
    fn base(&self) -> *mut bindings::crypto_alg {
        // SAFETY: a field of the structure `self` holds; no reference is made.
        unsafe { core::ptr::addr_of_mut!((*self.as_ptr()).__bindgen_anon_1.halg.base) }
    }
}

/// Whether the `a_len` bytes at `a` and the `b_len` bytes at `b` overlap (no panic).
#[inline(always)]
fn overlap(a: *const u8, a_len: usize, b: *const u8, b_len: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    a_len != 0 && b_len != 0 && a < b.wrapping_add(b_len) && b < a.wrapping_add(a_len)
}

/// An engine's import: writes the state that an `E` describes into a slot.
type ImportFn<A, E> = for<'s> fn(&'s mut MaybeUninit<State<A>>, &E) -> &'s mut State<A>;

/// The `extern "C"` callbacks of the `shash_alg` of `T`, which hold the context as `&mut
/// T::State` while they hash: a message inside it goes through copies on the stack, and a
/// digest or export buffer is written by raw copies once nothing more is read, so no
/// reference covers memory another pointer reads or writes. Their safety requirements: the
/// crypto API's own call, with a descriptor of a tfm of this algorithm, after `init` or
/// `import` (but for those and `digest`), and the bytes each names readable or writable.
pub struct Adapter<T: Shash>(PhantomData<T>);

impl<T: Shash> Adapter<T> {
    /// The request state's place in the descriptor's context.
    ///
    /// # Safety
    ///
    /// `desc` is a descriptor of a tfm of [`AlgDef::new::<T>`]: room for a `T::State`.
    #[inline(always)]
    unsafe fn ctx(desc: *mut bindings::shash_desc) -> *mut T::State {
        // SAFETY: `desc` is valid; `__ctx` is its flexible array member.
        unsafe { (*desc).__ctx.as_mut_ptr().cast::<T::State>() }
    }
    /// The key in the context of the transform of `desc`, by address.
    ///
    /// # Safety
    ///
    /// As for [`Self::ctx`].
    #[inline(always)]
    unsafe fn key(desc: *mut bindings::shash_desc) -> *const T::Key {
        // SAFETY: `desc` and its `tfm` are valid; `__crt_ctx` holds a `T::Key`.
        unsafe { core::ptr::addr_of!((*(*desc).tfm).base.__crt_ctx).cast() }
    }
    #[inline(always)]
    fn in_ctx(ctx: *mut T::State, p: *const u8, len: usize) -> bool {
        overlap(ctx.cast_const().cast(), size_of::<T::State>(), p, len)
    }
    /// # Safety
    ///
    /// The crypto API's `init` (see [`Adapter`]).
    #[inline(always)]
    unsafe extern "C" fn init(desc: *mut bindings::shash_desc) -> c_int {
        // SAFETY: the context is ours, any bytes as a `MaybeUninit`; the key is outside it.
        unsafe { T::init(&mut *Self::ctx(desc).cast(), Self::key(desc)) };
        0
    }
    /// # Safety
    ///
    /// The crypto API's `update`, with `len` bytes readable at `data` (see [`Adapter`]).
    unsafe extern "C" fn update(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let len = len as usize;
        if Self::in_ctx(ctx, data, len) {
            // SAFETY: the message is readable and lies inside the context.
            unsafe { Self::update_staged(ctx, data, len) };
        } else {
            // SAFETY: the context holds a state, ours for the call; the message is outside.
            T::update(unsafe { &mut *ctx }, unsafe {
                Message::from_raw(data, len)
            });
        }
        0
    }
    /// Hashes the `len` bytes at `data`, inside the context, a block at a time from a copy.
    ///
    /// # Safety
    ///
    /// As for `update`, with the context `ctx` of `desc`.
    #[cold]
    #[inline(never)]
    unsafe fn update_staged(ctx: *mut T::State, data: *const u8, len: usize) {
        let mut chunk = [0u8; MAX_BLOCK];
        let mut at = 0;
        while at < len {
            let n = (len - at).min(MAX_BLOCK);
            // SAFETY: `data` is readable for `at + n` bytes; no reference to them is alive.
            unsafe { core::ptr::copy(data.wrapping_add(at), chunk.as_mut_ptr(), n) };
            // SAFETY: as in `update`; the reference lives for this call only.
            T::update(unsafe { &mut *ctx }, Message::new(&chunk[..n]));
            at += n;
        }
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut chunk) };
    }
    /// Ends a request: the last bytes hashed, the state wiped (before 6.16 the crypto API
    /// does not), then the digest stored from registers (`out` may lie in the state).
    ///
    /// # Safety
    ///
    /// As for `update`, and `out` has room for `digestsize` bytes.
    #[inline(always)]
    unsafe extern "C" fn finup(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
        out: *mut u8,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let len = len as usize;
        let words = if Self::in_ctx(ctx, data, len) {
            // SAFETY: as in `update`; the state is borrowed once the message is hashed.
            unsafe {
                Self::update_staged(ctx, data, len);
                T::finup(&mut *ctx, Message::EMPTY)
            }
        } else {
            // SAFETY: as in `update`.
            T::finup(unsafe { &mut *ctx }, unsafe {
                Message::from_raw(data, len)
            })
        };
        #[cfg(not(rsha_shash_api_6_16))]
        // SAFETY: the state is valid, and the reference above is gone.
        T::wipe(unsafe { &mut *ctx });
        // SAFETY: `out` is the caller's, and no reference to the state is alive.
        unsafe { store_digest::<T::Alg>(&words, out) };
        0
    }
    /// # Safety
    ///
    /// As for `finup`, with no message.
    unsafe extern "C" fn final_(desc: *mut bindings::shash_desc, out: *mut u8) -> c_int {
        // SAFETY: no bytes, by the function's safety requirements.
        unsafe { Self::finup(desc, core::ptr::null(), 0, out) }
    }
    /// # Safety
    ///
    /// As for `init` and then `finup`.
    unsafe extern "C" fn digest(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
        out: *mut u8,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe {
            Self::init(desc);
            Self::finup(desc, data, len, out)
        }
    }
    /// # Safety
    ///
    /// The crypto API's `setkey`, with a tfm of this algorithm, whose context nothing else
    /// uses meanwhile, and `keylen` bytes readable at `key`.
    unsafe extern "C" fn setkey(
        tfm: *mut bindings::crypto_shash,
        key: *const u8,
        keylen: c_uint,
    ) -> c_int {
        // SAFETY: `tfm` is valid; the context is its flexible array member.
        let ctx =
            unsafe { core::ptr::addr_of_mut!((*tfm).base.__crt_ctx) }.cast::<MaybeUninit<T::Key>>();
        let len = keylen as usize;
        // A key inside the context it is to replace is refused.
        if overlap(ctx.cast_const().cast(), size_of::<T::Key>(), key, len) {
            return EINVAL.to_errno();
        }
        // SAFETY: the context is ours, any bytes as a `MaybeUninit`; the key is outside it.
        let (slot, key) = unsafe { (&mut *ctx, Message::from_raw(key, len)) };
        from_result(|| T::setkey(slot, key).map(|()| 0))
    }
    /// Writes the state of `desc` into the `E` at `out` with `export`.
    ///
    /// # Safety
    ///
    /// The crypto API's `export`, with room for an `E` at `out` (see [`Adapter`]).
    unsafe fn export_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        out: *mut c_void,
        export: fn(&State<T::Alg>, &mut E),
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let out = out.cast::<u8>();
        // SAFETY: the state is valid, ours for the call.
        let inner = T::inner(unsafe { &mut *ctx });
        if !Self::in_ctx(ctx, out, size_of::<E>()) {
            // SAFETY: `out` is outside the state, and an `E` is bytes.
            export(inner, unsafe { &mut *out.cast::<E>() });
            return 0;
        }
        let mut staged = E::ZERO;
        export(inner, &mut staged);
        // SAFETY: `out` is writable for an `E`; the reference is gone.
        unsafe { core::ptr::copy(staged.as_ref().as_ptr(), out, size_of::<E>()) };
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut staged) };
        0
    }
    /// Replaces the state of `desc` with the one `import` makes of a copy of the `E` at
    /// `input` (which may lie inside the context).
    ///
    /// # Safety
    ///
    /// The crypto API's `import`, with an `E` readable at `input` (see [`Adapter`]).
    unsafe fn import_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
        import: ImportFn<T::Alg, E>,
    ) -> c_int {
        let mut staged = E::ZERO;
        let to = staged.as_mut().as_mut_ptr();
        // SAFETY: `input` is readable for an `E`; no reference to the context exists yet.
        unsafe { core::ptr::copy(input.cast::<u8>(), to, size_of::<E>()) };
        // SAFETY: as in `init`.
        unsafe {
            T::import(&mut *Self::ctx(desc).cast(), Self::key(desc), |slot| {
                import(slot, &staged)
            })
        };
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut staged) };
        0
    }
    /// # Safety
    ///
    /// As for `export_with`, with room for `statesize` bytes at `out`.
    unsafe extern "C" fn export(desc: *mut bindings::shash_desc, out: *mut c_void) -> c_int {
        #[cfg(not(rsha_shash_api_6_16))]
        let export = State::export;
        #[cfg(rsha_shash_api_6_16)]
        let export = State::export_partial;
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, export) }
    }
    /// # Safety
    ///
    /// As for `import_with`, with `statesize` bytes readable at `input`.
    unsafe extern "C" fn import(desc: *mut bindings::shash_desc, input: *const c_void) -> c_int {
        #[cfg(not(rsha_shash_api_6_16))]
        let import = State::import;
        #[cfg(rsha_shash_api_6_16)]
        let import = State::import_partial;
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, import) }
    }
    /// # Safety
    ///
    /// As for `export_with`, with room for a core export at `out`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn export_core(desc: *mut bindings::shash_desc, out: *mut c_void) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, State::export_core) }
    }
    /// # Safety
    ///
    /// As for `import_with`, with a core export readable at `input`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn import_core(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, State::import_core) }
    }
}

/// Registration of a static array of shash algorithms, one at a time, the hashes first,
/// each once the previous one's self-test has passed (`Documentation/design.rst`).
///
/// # Invariants
///
/// The elements of `algs` whose bit is set in `registered` are registered.
pub struct Registration {
    algs: &'static [AlgDef],
    registered: u64,
}

impl Registration {
    /// Registers the elements of `algs` owned by `module` for which `plan` gives a priority
    /// change, waiting at most [`SELF_TEST_WAIT_MS`] for their self-tests in all. An element
    /// registered before (claimed) fails with `-EBUSY`.
    pub fn register(
        module: &'static kernel::ThisModule,
        algs: &'static [AlgDef],
        plan: impl Fn(usize) -> Option<i32>,
    ) -> Result<Self> {
        if algs.len() > 64 {
            return Err(EINVAL);
        }
        // INVARIANT: nothing is registered yet; each registration below sets its bit.
        let mut reg = Registration {
            algs,
            registered: 0,
        };
        // The self-tests start at the first registration: so does the clock.
        let start = now_ns();
        let deadline = start.saturating_add(SELF_TEST_WAIT_MS.saturating_mul(1_000_000));
        for keyed in [false, true] {
            for (i, alg) in algs.iter().enumerate() {
                let Some(delta) = plan(i).filter(|_| alg.keyed == keyed) else {
                    continue;
                };
                if alg.claimed.swap(true, Relaxed) {
                    return Err(EBUSY);
                }
                // SAFETY: claimed just now, so only this call writes the element, which C does
                // not know yet (the same C `struct module` in both bindings).
                to_result(unsafe {
                    let base = alg.base();
                    (*base).cra_module = module.as_ptr().cast();
                    (*base).cra_priority += delta;
                    bindings::crypto_register_shash(alg.as_ptr())
                })?;
                reg.registered |= 1 << i;
                wait_for_test(alg, start, deadline);
            }
        }
        Ok(reg)
    }
    /// The registered algorithms.
    pub fn algs(&self) -> impl Iterator<Item = &'static AlgDef> + '_ {
        let algs = self.algs.iter().enumerate();
        algs.filter(|(i, _)| self.registered & (1 << i) != 0)
            .map(|(_, alg)| alg)
    }
}

/// Polls until the self-test of the registered `alg` has ended, at most until `deadline`
/// (monotonic clock, ns), and logs a failure or the wait given up, with the time since
/// `start`, the module's first registration.
fn wait_for_test(alg: &AlgDef, start: u64, deadline: u64) {
    let outcome = loop {
        // SAFETY: `alg` is registered; the C helper reads its flags and reference count.
        let test = unsafe { bindings::rsha_alg_test(alg.base()) };
        if test != bindings::rsha_test_RSHA_TEST_PENDING || now_ns() >= deadline {
            break test;
        }
        // SAFETY: module init, task context: may sleep.
        unsafe { bindings::msleep(20) };
    };
    if outcome == bindings::rsha_test_RSHA_TEST_PASSED {
        return;
    }
    // SAFETY: reads the monotonic clock; any context.
    let ms = unsafe { bindings::rsha_ms_since(start) };
    if outcome == bindings::rsha_test_RSHA_TEST_FAILED {
        kernel::pr_err!(
            "self-test of {} failed, {} ms after the module's first registration\n",
            alg.name,
            ms
        );
    } else {
        kernel::pr_warn!(
            "self-test of {} not ended {} ms after the module's first registration: not waiting for it\n",
            alg.name,
            ms
        );
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        for alg in self.algs() {
            // SAFETY: registered (type invariants), once.
            unsafe { bindings::crypto_unregister_shash(alg.as_ptr()) };
        }
    }
}
