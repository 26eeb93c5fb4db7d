// SPDX-License-Identifier: GPL-2.0

//! Synchronous message digest (`shash`) algorithms: the binding to the crypto
//! API, in the shape of `rust/kernel/net/phy.rs`.
//!
//! C header: [`include/crypto/internal/hash.h`](srctree/include/crypto/internal/hash.h).
//!
//! A type implementing [`Shash`] describes one algorithm implementation (one
//! `cra_driver_name`). [`AlgDef::new`] turns it into the C ops table, whose
//! callbacks are the `extern "C"` functions of [`Adapter`]; [`Registration`]
//! registers a static array of them and unregisters it on drop.

use super::{
    bindings,
    md::{wipe, Bytes, Message},
};
use core::{
    marker::PhantomData,
    mem::{size_of, MaybeUninit},
    pin::Pin,
};
use kernel::{
    error::{code::EINVAL, from_result, to_result, Result},
    ffi::{c_char, c_int, c_uint, c_void},
    types::Opaque,
};

/// Longest algorithm or driver name, including the terminating NUL.
const MAX_NAME: usize = bindings::CRYPTO_MAX_ALG_NAME as usize;

/// Largest block of any algorithm (SHA-512's), in bytes: the unit in which a
/// message that lies inside the context is staged.
const MAX_BLOCK: usize = 128;

/// Alignment of `shash_desc::__ctx`, where [`Shash::State`] lives.
const CTX_ALIGN: usize = bindings::RSHA_ARCH_SLAB_MINALIGN;

/// Most time a driver module waits for the self-tests of its drivers, in
/// all: three modules that udev loads for one CPU alias stay within its 180 s
/// event timeout even on a machine where every wait runs out.
pub const SELF_TEST_WAIT_MS: u64 = 45_000;

/// One shash algorithm implementation: a request's [`Shash::State`] lives in
/// the `shash_desc` context, a keyed algorithm's [`Shash::Key`] in the
/// transform's, which requests on other CPUs may read at once: it is read by
/// raw copies, never by reference. `init` and `import` get the context as
/// `MaybeUninit` and return it initialised. Callbacks run in any context,
/// hardirq included: they must not sleep or allocate. The message is a
/// [`Message`], never a reference: nothing promises that it stays unchanged.
pub trait Shash {
    /// Algorithm name (`cra_name`), e.g. `"sha256"`.
    const NAME: &'static str;
    /// Implementation name (`cra_driver_name`), unique in the system.
    const DRIVER_NAME: &'static str;
    /// Priority among implementations of [`Shash::NAME`] (`cra_priority`).
    const PRIORITY: i32;
    /// Block size in bytes.
    const BLOCK_SIZE: usize;
    /// Whether the algorithm takes a key: then the crypto API refuses to hash
    /// before `setkey` (`CRYPTO_TFM_NEED_KEY`, `-ENOKEY`).
    const KEYED: bool = false;

    /// The digest, `[u8; digestsize]`.
    type Digest: Bytes;
    /// The export format, `[u8; statesize]`.
    type Export: Bytes;
    /// The core state of `export_core`/`import_core` (Linux 6.16 and later).
    type CoreExport: Bytes;
    /// Per-request state, stored in the `shash_desc` context.
    type State;
    /// The transform's context: a keyed algorithm's key, `()` for a hash.
    type Key;
    /// What a finished request leaves for its digest: the final chaining
    /// value, which [`Shash::store`] writes out after the state is wiped.
    type Words;

    /// Writes the key that the bytes `key` describe into `slot`, all of it.
    fn setkey(_slot: &mut MaybeUninit<Self::Key>, _key: Message<'_>) -> Result {
        Err(EINVAL)
    }
    /// Initialises `state` for the start of a message with the key at `key`.
    ///
    /// # Safety
    ///
    /// `key` is the transform's key: readable, written by `setkey` (or all
    /// zeroes), outside `state`.
    unsafe fn init<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        key: *const Self::Key,
    ) -> &'s mut Self::State;
    /// Hashes more message bytes.
    fn update(state: &mut Self::State, data: Message<'_>);
    /// Hashes the last bytes and returns the digest's words.
    fn finup(state: &mut Self::State, data: Message<'_>) -> Self::Words;
    /// Stores the digest of `words` at `out`.
    ///
    /// # Safety
    ///
    /// `out` is valid for writes of a `Digest`, and no reference covers it.
    unsafe fn store(words: &Self::Words, out: *mut u8);
    /// Overwrites the state with zeroes (a request's end, before Linux 6.16;
    /// from 6.16 on the crypto API zeroes the context itself).
    fn wipe(state: &mut Self::State);
    /// Writes the state into `out`.
    fn export(state: &Self::State, out: &mut Self::Export);
    /// Writes the state that `input` (any bytes) describes into `state`.
    ///
    /// # Safety
    ///
    /// As for [`Shash::init`].
    unsafe fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        key: *const Self::Key,
    ) -> &'s mut Self::State;
    /// Writes the state without its partial block into `out`.
    fn export_core(state: &Self::State, out: &mut Self::CoreExport);
    /// Writes the state, with no partial block, that `input` describes.
    ///
    /// # Safety
    ///
    /// As for [`Shash::init`].
    unsafe fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        key: *const Self::Key,
    ) -> &'s mut Self::State;
}

/// A `struct shash_alg` built from a [`Shash`] implementation.
///
/// # Invariants
///
/// `self.0` is a fully initialised `shash_alg` whose callbacks are those of
/// [`Adapter`] for one [`Shash`] type and whose sizes are that type's.
#[repr(transparent)]
pub struct AlgDef(Opaque<bindings::shash_alg>);

// SAFETY: `AlgDef` exposes no `&self` method that writes the inner data; it
// reads the driver name, which nothing writes after `new`, and `setkey` only
// before registration; the C side touches the rest under its own locking.
unsafe impl Sync for AlgDef {}

/// Copies `name` into a NUL-terminated `char` array; a name that does not fit
/// fails the build (this runs in constant evaluation).
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
    // The `..zeroed()` updates may have no field left to fill on some
    // architectures (bindgen's padding fields).
    #[allow(clippy::needless_update)]
    pub const fn new<T: Shash>() -> Self {
        // The state lives in `shash_desc::__ctx`, aligned to
        // `ARCH_SLAB_MINALIGN`, and the key in the transform's context,
        // aligned to `CRYPTO_MINALIGN` (at least that).
        assert!(core::mem::align_of::<T::State>() <= CTX_ALIGN);
        assert!(core::mem::align_of::<T::Key>() <= CTX_ALIGN);
        assert!(T::BLOCK_SIZE <= MAX_BLOCK);
        // What the crypto API allows (6.16 and later check it at registration).
        assert!(size_of::<T::State>() <= bindings::RSHA_HASH_MAX_DESCSIZE);
        assert!(size_of::<T::Export>() <= bindings::RSHA_HASH_MAX_STATESIZE);
        // For the `zeroed()` below: `shash_alg`, `hash_alg_common` and
        // `crypto_alg` are C structs of integers, pointers, arrays, list heads
        // and unions of those, for all of which all-zeroes is a valid value
        // (the one C drivers get from static initialisation).
        let base = bindings::crypto_alg {
            cra_name: name_array(T::NAME),
            cra_driver_name: name_array(T::DRIVER_NAME),
            cra_priority: T::PRIORITY,
            cra_blocksize: T::BLOCK_SIZE as c_uint,
            cra_ctxsize: size_of::<T::Key>() as c_uint,
            // SAFETY: all-zeroes is a valid `crypto_alg` (see above).
            ..unsafe { core::mem::zeroed() }
        };
        // INVARIANT: every field the crypto API reads for an shash is set from
        // `T`; the module owner is set by `Registration::register`. No
        // `init_tfm`/`exit_tfm`: a key needs no set-up, and the crypto API
        // frees the transform's context with `kfree_sensitive()`.
        AlgDef(Opaque::new(bindings::shash_alg {
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
                    digestsize: size_of::<T::Digest>() as c_uint,
                    statesize: size_of::<T::Export>() as c_uint,
                    base,
                    // SAFETY: all-zeroes is a valid `hash_alg_common` (see above).
                    ..unsafe { core::mem::zeroed() }
                },
            },
            // SAFETY: all-zeroes is a valid `shash_alg` (see above).
            ..unsafe { core::mem::zeroed() }
        }))
    }

    /// The C structure.
    fn as_ptr(&self) -> *mut bindings::shash_alg {
        self.0.get()
    }

    /// The `crypto_alg` inside, by raw pointer (C writes its other fields).
    fn base(&self) -> *mut bindings::crypto_alg {
        // SAFETY: a field of the structure `self` holds; no reference is made.
        unsafe { core::ptr::addr_of_mut!((*self.as_ptr()).__bindgen_anon_1.halg.base) }
    }

    /// The driver name, NUL-terminated.
    pub fn driver_name(&self) -> *const c_char {
        // SAFETY: as in `base`; the array is written once, by `new`.
        unsafe { core::ptr::addr_of!((*self.base()).cra_driver_name).cast() }
    }

    /// Moves `cra_priority` by `delta`, before registration: a priority that
    /// depends on the CPUs (`select::selected_priority`).
    pub fn move_priority(&mut self, delta: i32) {
        // SAFETY: `&mut` is the only reference, and C does not know the
        // structure before registration.
        unsafe { (*self.base()).cra_priority += delta };
    }

    /// Whether the algorithm takes a key (before registration: the crypto
    /// API then fills in a `setkey` of its own).
    fn keyed(&self) -> bool {
        // SAFETY: as in `base`; `setkey` is written once, by `new`.
        unsafe { (*self.as_ptr()).setkey.is_some() }
    }
}

/// Whether the `a_len` bytes at `a` and the `b_len` bytes at `b` overlap
/// (addresses only). Wrapping sums: no reason to panic.
#[inline(always)]
fn overlap(a: *const u8, a_len: usize, b: *const u8, b_len: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    a_len != 0 && b_len != 0 && a < b.wrapping_add(b_len) && b < a.wrapping_add(a_len)
}

/// A [`Shash`] import: writes the state that an `E` describes into a context.
type ImportFn<T, E> = for<'s> unsafe fn(
    &'s mut MaybeUninit<<T as Shash>::State>,
    &E,
    *const <T as Shash>::Key,
) -> &'s mut <T as Shash>::State;

/// The `extern "C"` callbacks of the `shash_alg` made for `T`.
///
/// The callbacks hold the context as `&mut T::State` while they hash. A
/// message that lies inside the context takes a slower path through copies
/// on the stack; a digest or export buffer anywhere (inside the context, over
/// the message) is written by raw copies once nothing more is read. So no
/// reference covers memory that is read or written through another pointer,
/// and the common case pays one range check, or none (`digest`).
pub struct Adapter<T: Shash>(PhantomData<T>);

impl<T: Shash> Adapter<T> {
    /// The request state's place in the descriptor's context.
    ///
    /// # Safety
    ///
    /// `desc` is a descriptor of a tfm of the algorithm made by
    /// [`AlgDef::new::<T>`]: its context holds `size_of::<T::State>()` bytes,
    /// aligned enough (checked in `AlgDef::new`).
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
        // SAFETY: `desc` and its `tfm` are valid; `__crt_ctx` is the flexible
        // array member that holds `cra_ctxsize = size_of::<T::Key>()` bytes.
        unsafe { core::ptr::addr_of!((*(*desc).tfm).base.__crt_ctx).cast() }
    }

    /// Whether the `len` bytes at `p` overlap the context `ctx`.
    #[inline(always)]
    fn in_ctx(ctx: *mut T::State, p: *const u8, len: usize) -> bool {
        overlap(ctx.cast_const().cast(), size_of::<T::State>(), p, len)
    }

    /// Ends a request: the state wiped where the crypto API does not do it,
    /// then the digest stored.
    ///
    /// # Safety
    ///
    /// `ctx` holds a state and no reference to it is alive; `out` is valid
    /// for writes of a digest.
    #[inline(always)]
    unsafe fn finish(ctx: *mut T::State, words: T::Words, out: *mut u8) -> c_int {
        // From 6.16 on the crypto API zeroes the whole context after every
        // `finup()`, `final()` and `digest()` (`crypto_shash_op_and_zero()`).
        #[cfg(not(rsha_shash_api_6_16))]
        // SAFETY: the state is valid, and no other reference to it is alive.
        T::wipe(unsafe { &mut *ctx });
        #[cfg(rsha_shash_api_6_16)]
        let _ = ctx;
        // SAFETY: by the function's safety requirements.
        unsafe { T::store(&words, out) };
        0
    }

    /// `init` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a descriptor of a tfm of this
    /// algorithm, which it owns exclusively for the call.
    unsafe extern "C" fn init(desc: *mut bindings::shash_desc) -> c_int {
        // SAFETY: the context is ours for the call, and as a `MaybeUninit`
        // may hold anything; the key is outside it.
        unsafe { T::init(&mut *Self::ctx(desc).cast(), Self::key(desc)) };
        0
    }

    /// `update` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns exclusively for the call, with `len` bytes at `data` readable
    /// during the call.
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
            // SAFETY: the context holds the state that `init` or `import`
            // wrote, ours for the call; the message lies outside it.
            T::update(unsafe { &mut *ctx }, unsafe {
                Message::from_raw(data, len)
            });
        }
        0
    }

    /// Hashes the `len` bytes at `data`, inside the context, a block at a
    /// time from a copy on the stack, each made while no reference to the
    /// state exists.
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
            // SAFETY: `data` is readable for `len >= at + n` bytes; `chunk` is
            // local; no reference to the context, where they lie, is alive.
            unsafe { core::ptr::copy(data.wrapping_add(at), chunk.as_mut_ptr(), n) };
            // SAFETY: as in `update`; the reference lives for this call only.
            T::update(unsafe { &mut *ctx }, Message::new(&chunk[..n]));
            at += n;
        }
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut chunk) };
    }

    /// `finup` of the ops table.
    ///
    /// # Safety
    ///
    /// As for `update`, and `out` has room for `digestsize` bytes.
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
            // SAFETY: as in `update`; the state is borrowed once the message
            // is hashed.
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
        // SAFETY: the reference to the state is gone; `out` is the caller's.
        unsafe { Self::finish(ctx, words, out) }
    }

    /// `final` of the ops table.
    ///
    /// # Safety
    ///
    /// As for `finup`, with no message.
    unsafe extern "C" fn final_(desc: *mut bindings::shash_desc, out: *mut u8) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm, ours for the call.
        let ctx = unsafe { Self::ctx(desc) };
        // SAFETY: as in `update`.
        let words = T::finup(unsafe { &mut *ctx }, Message::EMPTY);
        // SAFETY: as in `finup`.
        unsafe { Self::finish(ctx, words, out) }
    }

    /// `digest` of the ops table: `init` and `finup` in one.
    ///
    /// # Safety
    ///
    /// As for `init` and then `finup`.
    unsafe extern "C" fn digest(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
        out: *mut u8,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm, ours for the call.
        let (ctx, key) = unsafe { (Self::ctx(desc), Self::key(desc)) };
        let len = len as usize;
        let words = if Self::in_ctx(ctx, data, len) {
            // SAFETY: as in `init`, then `finup`.
            unsafe {
                T::init(&mut *ctx.cast(), key);
                Self::update_staged(ctx, data, len);
                T::finup(&mut *ctx, Message::EMPTY)
            }
        } else {
            // SAFETY: as in `init` and `update`: the message is outside the
            // context.
            unsafe { T::finup(T::init(&mut *ctx.cast(), key), Message::from_raw(data, len)) }
        };
        // SAFETY: as in `finup`.
        unsafe { Self::finish(ctx, words, out) }
    }

    /// `setkey` of the ops table (keyed algorithms only).
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a tfm of this algorithm, whose
    /// context the caller does not use meanwhile, and `keylen` bytes at `key`
    /// readable during the call.
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
        // SAFETY: the context is the caller's to `setkey`, any bytes as a
        // `MaybeUninit`; the key bytes are readable, outside it.
        let (slot, key) = unsafe { (&mut *ctx, Message::from_raw(key, len)) };
        from_result(|| T::setkey(slot, key).map(|()| 0))
    }

    /// Writes the state of `desc` into the `E` at `out` with `export`; an
    /// `out` inside the context gets the bytes through a copy on the stack.
    ///
    /// # Safety
    ///
    /// As for `export`, with room for an `E` at `out`.
    unsafe fn export_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        out: *mut c_void,
        export: fn(&T::State, &mut E),
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let out = out.cast::<u8>();
        if !Self::in_ctx(ctx, out, size_of::<E>()) {
            // SAFETY: the state is valid; `out` is the caller's, outside it,
            // and an `E` is bytes, aligned anywhere.
            export(unsafe { &*ctx }, unsafe { &mut *out.cast::<E>() });
            return 0;
        }
        let mut staged = E::ZERO;
        // SAFETY: as above, into a local array.
        export(unsafe { &*ctx }, &mut staged);
        // SAFETY: `out` is writable for an `E`; the reference is gone.
        unsafe { core::ptr::copy(staged.as_ref().as_ptr(), out, size_of::<E>()) };
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut staged) };
        0
    }

    /// Replaces the state of `desc` with the one `import` makes of the `E` at
    /// `input`, copied first (it may lie inside the context, or change) and
    /// wiped after.
    ///
    /// # Safety
    ///
    /// As for `import`, with an `E` readable at `input`.
    unsafe fn import_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
        import: ImportFn<T, E>,
    ) -> c_int {
        let mut staged = E::ZERO;
        // SAFETY: `input` is readable for an `E`; the copy is local, and no
        // reference to the context exists yet.
        unsafe {
            core::ptr::copy(
                input.cast::<u8>(),
                staged.as_mut().as_mut_ptr(),
                size_of::<E>(),
            )
        };
        // SAFETY: as in `init`.
        unsafe { import(&mut *Self::ctx(desc).cast(), &staged, Self::key(desc)) };
        // SAFETY: bytes, which zeroes are.
        unsafe { wipe(&mut staged) };
        0
    }

    /// `export` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns for the call, with room for `statesize` bytes at `out`.
    unsafe extern "C" fn export(desc: *mut bindings::shash_desc, out: *mut c_void) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, T::export) }
    }

    /// `import` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a descriptor of this algorithm,
    /// which it owns for the call, and `statesize` bytes readable at `input`.
    unsafe extern "C" fn import(desc: *mut bindings::shash_desc, input: *const c_void) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::import) }
    }

    /// `export_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `export`, with room for a `T::CoreExport` at `out`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn export_core(desc: *mut bindings::shash_desc, out: *mut c_void) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, T::export_core) }
    }

    /// `import_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `import`, with a `T::CoreExport` readable at `input`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn import_core(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::import_core) }
    }
}

/// Registration of a static array of shash algorithms.
///
/// Linux 6.12 registers without waiting for the self-tests, and a hash
/// driver that passes its test removes the users of every lower-priority
/// driver of its algorithm (`crypto_alg_tested()`), among them the `hmac`
/// template instance over the generic hash that an HMAC driver's self-test
/// compares with. So the hashes go first, the keyed algorithms after them,
/// and each driver once the previous one's test has passed: tests side by
/// side starve the generic instance's own test under emulation until a
/// lookup gives up on it (`-ETIMEDOUT`, then `-ELIBBAD` for the others). The
/// module polls each outcome (`CRYPTO_ALG_TESTED`), never allocating a
/// transform, whose lookup would kill a test still running after 60 s
/// (`crypto_larval_wait()`), and waits `wait_ms` at most in all; a wait given
/// up is logged, and the driver serves once its test passes.
///
/// # Invariants
///
/// The elements of `algs` whose bit is set in `registered` are registered
/// with the crypto API for the lifetime of this value.
pub struct Registration {
    algs: Pin<&'static mut [AlgDef]>,
    registered: u64,
}

// SAFETY: `Registration` only holds the registered array, which it never
// writes after registration; module exit drops it (unregisters) from another
// thread, which the crypto API allows in any process context.
unsafe impl Send for Registration {}

impl Registration {
    /// Registers the elements of `algs` whose bit is set in `wanted`, owned by
    /// `module`, waiting at most `wait_ms` for their self-tests in all.
    pub fn register(
        module: &'static kernel::ThisModule,
        algs: Pin<&'static mut [AlgDef]>,
        wanted: u64,
        wait_ms: u64,
    ) -> Result<Self> {
        if algs.len() > 64 {
            return Err(EINVAL);
        }
        // INVARIANT: nothing is registered yet; each registration below sets
        // its bit.
        let mut reg = Registration {
            algs,
            registered: 0,
        };
        let deadline = super::select::now_ns().saturating_add(wait_ms.saturating_mul(1_000_000));
        // Which are keyed, read before any registration: the crypto API
        // fills in a `setkey` of its own for the others.
        let keyed = reg
            .algs
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, alg)| m | (u64::from(alg.keyed()) << i));
        for round in [wanted & !keyed, wanted & keyed] {
            for (i, alg) in reg.algs.iter().enumerate() {
                if round & (1 << i) == 0 {
                    continue;
                }
                // SAFETY: the element is complete, static and pinned, not yet
                // known to C, so the owner may be written (one C type
                // `struct module` in both bindings).
                to_result(unsafe {
                    (*alg.base()).cra_module = module.as_ptr().cast();
                    bindings::crypto_register_shash(alg.as_ptr())
                })?;
                reg.registered |= 1 << i;
                wait_for_test(alg, deadline, wait_ms);
            }
        }
        Ok(reg)
    }
}

/// Polls until the self-test of the registered `alg` has passed, or until
/// `deadline` (the monotonic clock, in ns), when it logs that it gave up.
fn wait_for_test(alg: &AlgDef, deadline: u64, wait_ms: u64) {
    // SAFETY: `alg` is registered; the flags are read by a C helper, racing
    // only the crypto API's own writes of them.
    while !unsafe { bindings::rsha_alg_tested(alg.base()) } {
        if super::select::now_ns() >= deadline {
            // SAFETY: a NUL-terminated name that nothing writes after
            // `AlgDef::new`.
            let name = unsafe { super::cstr_from_ptr(alg.driver_name()) };
            kernel::pr_warn!(
                "self-test of {} not passed {} ms after the module began to load: not waiting for it\n",
                super::cstr_text(name),
                u32::try_from(wait_ms).unwrap_or(u32::MAX)
            );
            return;
        }
        // SAFETY: module init, task context: may sleep.
        unsafe { bindings::msleep(20) };
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        for (i, alg) in self.algs.iter().enumerate() {
            if self.registered & (1 << i) != 0 {
                // SAFETY: registered (type invariants), once.
                unsafe { bindings::crypto_unregister_shash(alg.as_ptr()) };
            }
        }
    }
}
