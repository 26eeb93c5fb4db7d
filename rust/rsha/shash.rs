// SPDX-License-Identifier: GPL-2.0

//! Synchronous message digest (`shash`) algorithms.
//!
//! C header: [`include/crypto/internal/hash.h`](srctree/include/crypto/internal/hash.h).
//!
//! A type implementing [`Shash`] describes one algorithm implementation (one
//! `cra_driver_name`). [`create_shash_alg`] turns it into the C ops table, whose
//! callbacks are the `extern "C"` functions of [`Adapter`]; [`Registration`] registers
//! a static array of them and unregisters it on drop. Drivers normally use
//! [`module_shash_driver`](crate::module_shash_driver) and write no `unsafe` at all.

use super::{
    bindings,
    md::{Bytes, Message},
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

/// Longest algorithm or driver name, including the terminating NUL
/// (`CRYPTO_MAX_ALG_NAME`).
const MAX_NAME: usize = bindings::CRYPTO_MAX_ALG_NAME as usize;

/// Largest block of any algorithm (SHA-512's), in bytes: the unit in which a
/// message that overlaps the context is staged.
const MAX_BLOCK: usize = 128;

/// Alignment of `shash_desc::__ctx`, where [`Shash::State`] lives.
const CTX_ALIGN: usize = bindings::RSHA_ARCH_SLAB_MINALIGN;

/// Largest `descsize` the crypto API takes (`HASH_MAX_DESCSIZE`: what
/// `SHASH_DESC_ON_STACK` reserves); 6.16 and later refuse a larger one at
/// registration.
const MAX_DESCSIZE: usize = bindings::RSHA_HASH_MAX_DESCSIZE;

/// Largest `statesize` the crypto API takes (`HASH_MAX_STATESIZE`).
const MAX_STATESIZE: usize = bindings::RSHA_HASH_MAX_STATESIZE;

/// One shash algorithm implementation.
///
/// The state of one hash request is a [`Shash::State`] value kept in the
/// `shash_desc` context (`descsize` is its size); export/import use the byte
/// array [`Shash::Export`] (`statesize` is its size), and on Linux 6.16 and
/// later `export_core`/`import_core` the array [`Shash::CoreExport`], the state
/// without a partial block. The implementation buffers partial blocks itself
/// (no `CRYPTO_AHASH_ALG_BLOCK_ONLY`, as the kernel's `*-lib` drivers).
/// Callbacks run in any context the crypto API allows, including softirq and
/// hardirq (which 6.16 and later no longer promise callers): they must not
/// sleep or allocate.
///
/// A keyed algorithm (an HMAC) keeps its key in the transform's context
/// ([`Shash::Key`], `cra_ctxsize` bytes), which `setkey` writes and every
/// request reads, through a [`KeyRef`].
///
/// The crypto API hands `init` and `import` a context it has not initialised
/// (kmalloc'd, or `SHASH_DESC_ON_STACK`): they get it as `MaybeUninit` and
/// return it initialised (the `&mut Self::State` they return can only come
/// from writing it). Every other callback gets the state that one of them
/// wrote, as the crypto API calls `update`, `final`, `finup` and `export` only
/// after `init` or `import`. The message is a [`Message`], never a reference:
/// the crypto API does not promise that nothing else writes it meanwhile.
pub trait Shash {
    /// Algorithm name (`cra_name`), e.g. `"sha256"`.
    const NAME: &'static str;
    /// Implementation name (`cra_driver_name`), unique in the system.
    const DRIVER_NAME: &'static str;
    /// Priority among implementations of [`Shash::NAME`] (`cra_priority`).
    const PRIORITY: i32;
    /// Block size in bytes.
    const BLOCK_SIZE: usize;

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
    /// Whether the algorithm takes a key: then it has a `setkey`, and the
    /// crypto API refuses to hash with a transform before its key is set
    /// (`CRYPTO_TFM_NEED_KEY`, `-ENOKEY`).
    const KEYED: bool = false;

    /// Writes the key that the bytes `key` describe into `slot`, all of it.
    fn setkey(_slot: &mut MaybeUninit<Self::Key>, _key: Message<'_>) -> Result {
        Err(EINVAL)
    }
    /// Initialises `state` for the start of a message, all of it, and returns
    /// it.
    fn init<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        key: KeyRef<'_, Self::Key>,
    ) -> &'s mut Self::State;
    /// Hashes more message bytes.
    fn update(state: &mut Self::State, data: Message<'_>) -> Result;
    /// Hashes the last bytes and writes the digest into `out`.
    fn finup(state: &mut Self::State, data: Message<'_>, out: &mut Self::Digest) -> Result;
    /// Writes the state into `out`.
    fn export(state: &Self::State, out: &mut Self::Export) -> Result;
    /// Writes the state that `input` (from any source) describes into `state`
    /// and returns it.
    fn import<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::Export,
        key: KeyRef<'_, Self::Key>,
    ) -> Result<&'s mut Self::State>;
    /// Writes the state without its partial block into `out`, for a caller
    /// that keeps the partial block itself.
    fn export_core(state: &Self::State, out: &mut Self::CoreExport) -> Result;
    /// Writes the state, with no partial block, that `input` (from any source)
    /// describes into `state` and returns it.
    fn import_core<'s>(
        state: &'s mut MaybeUninit<Self::State>,
        input: &Self::CoreExport,
        key: KeyRef<'_, Self::Key>,
    ) -> Result<&'s mut Self::State>;
    /// The implementation's statistics, shown in debugfs by
    /// [`module_shash_driver`](crate::module_shash_driver) when
    /// `CONFIG_CRYPTO_RSHA_STATS` is set.
    fn stats() -> Option<&'static super::stats::CoreStats> {
        None
    }
}

/// The key in a transform's context, as a request sees it: read by copy,
/// never through a reference.
///
/// The crypto API lets a transform serve requests on many CPUs at once, which
/// only read its context; `setkey` writes it, and the caller must not run it
/// while requests are in flight (a caller that does gets requests hashed with
/// a mix of both keys, as with the C drivers, but no reference to memory
/// being written). A hash's key is `()`, read as nothing.
///
/// # Invariants
///
/// `ptr` is valid for reads of a `K` during `'a`, which `setkey` (or the
/// zeroes of the transform's allocation, a valid `K`) wrote.
pub struct KeyRef<'a, K> {
    ptr: *const K,
    _key: PhantomData<&'a K>,
}

impl<K> KeyRef<'_, K> {
    /// A copy of the key.
    pub fn read(&self) -> K
    where
        K: Copy,
    {
        // SAFETY: `ptr` is valid for reads of a written `K` (type invariants);
        // the read makes no reference.
        unsafe { self.ptr.read() }
    }
}

/// A `struct shash_alg` built from a [`Shash`] implementation.
///
/// # Invariants
///
/// `self.0` is a fully initialised `shash_alg` whose callbacks are those of
/// [`Adapter`] for one [`Shash`] type and whose sizes are that type's.
#[repr(transparent)]
pub struct AlgDef(Opaque<bindings::shash_alg>);

// SAFETY: `AlgDef` exposes no `&self` method that reads or writes the inner data; only
// the C side touches it, under its own locking.
unsafe impl Sync for AlgDef {}

impl AlgDef {
    /// Moves `cra_priority` by `delta` before registration, for a priority
    /// that depends on the CPUs ([`super::select::selected_priority`]): a
    /// hash driver and its HMAC move together.
    pub fn move_priority(&mut self, delta: i32) {
        // A registered definition is held by its `Registration` as a pinned
        // `&'static mut` for good (`Opaque` makes `AlgDef` `!Unpin`).
        // SAFETY: `&mut self` is the only reference, and C does not know it.
        unsafe { (*self.0.get()).__bindgen_anon_1.halg.base.cra_priority += delta };
    }
}

/// Copies `name` into a NUL-terminated `char` array; a name that does not fit fails
/// the build (this runs in constant evaluation).
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

// The `..zeroed()` updates may have no field left to fill on some
// architectures and not on others (bindgen's padding fields).
#[allow(clippy::needless_update)]
/// Creates the `shash_alg` for `T`; used by [`module_shash_driver`](crate::module_shash_driver)
/// to fill a static array.
pub const fn create_shash_alg<T: Shash>() -> AlgDef {
    // The state lives in `shash_desc::__ctx`, aligned to `ARCH_SLAB_MINALIGN`:
    // the adapter's references to it are aligned (`Adapter::ctx`).
    assert!(core::mem::align_of::<T::State>() <= CTX_ALIGN);
    // An overlapping message is staged a block at a time (`Adapter`).
    assert!(T::BLOCK_SIZE <= MAX_BLOCK);
    // What the crypto API allows (6.16 and later check it at registration).
    assert!(size_of::<T::State>() <= MAX_DESCSIZE);
    // The transform's context is aligned to `CRYPTO_MINALIGN`, at least
    // `ARCH_SLAB_MINALIGN`.
    assert!(core::mem::align_of::<T::Key>() <= CTX_ALIGN);
    assert!(size_of::<T::Export>() <= MAX_STATESIZE);
    // For the three `zeroed()` below: `shash_alg`, `hash_alg_common` and
    // `crypto_alg` are C structs of integers, pointers, arrays, list heads and unions
    // of those, for all of which all-zeroes is a valid value (and the one C drivers
    // get from static initialisation). It also fills the padding fields that bindgen
    // adds on some architectures.
    let base = bindings::crypto_alg {
        cra_name: name_array(T::NAME),
        cra_driver_name: name_array(T::DRIVER_NAME),
        cra_priority: T::PRIORITY,
        cra_blocksize: T::BLOCK_SIZE as c_uint,
        cra_ctxsize: size_of::<T::Key>() as c_uint,
        // SAFETY: all-zeroes is a valid `crypto_alg` (see above).
        ..unsafe { core::mem::zeroed() }
    };
    // INVARIANT: every field the crypto API reads for an shash is set from `T`; the
    // module owner is set by `Registration::register`.
    AlgDef(Opaque::new(bindings::shash_alg {
        init: Some(Adapter::<T>::init_callback),
        update: Some(Adapter::<T>::update_callback),
        final_: Some(Adapter::<T>::final_callback),
        finup: Some(Adapter::<T>::finup_callback),
        digest: Some(Adapter::<T>::digest_callback),
        export: Some(Adapter::<T>::export_callback),
        import: Some(Adapter::<T>::import_callback),
        setkey: if T::KEYED {
            Some(Adapter::<T>::setkey_callback)
        } else {
            None
        },
        #[cfg(rsha_shash_api_6_16)]
        export_core: Some(Adapter::<T>::export_core_callback),
        #[cfg(rsha_shash_api_6_16)]
        import_core: Some(Adapter::<T>::import_core_callback),
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
        // No `init_tfm`, `exit_tfm` or `clone_tfm`: a key needs no set-up,
        // and the crypto API frees the transform's context with
        // `kfree_sensitive()`, which wipes the key.
        // SAFETY: all-zeroes is a valid `shash_alg` (see above).
        ..unsafe { core::mem::zeroed() }
    }))
}

/// Whether the `a_len` bytes at `a` and the `b_len` bytes at `b` overlap
/// (addresses only; nothing is read). Wrapping sums: an address plus a length
/// that passes the top of the address space is no reason to panic.
fn overlap(a: *const u8, a_len: usize, b: *const u8, b_len: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    a_len != 0 && b_len != 0 && a < b.wrapping_add(b_len) && b < a.wrapping_add(a_len)
}

/// Overwrites `bytes` with zeroes by a volatile store, which the compiler
/// keeps even though nothing reads them afterwards: for copies of a state on
/// the stack.
fn wipe<B: Bytes>(bytes: &mut B) {
    // SAFETY: `bytes` is valid for writes of a `B`, and all zeroes is a `B`.
    unsafe { core::ptr::write_volatile(bytes, B::ZERO) };
}

/// A [`Shash`] import: writes the state that an `E` describes into a context.
type ImportFn<T, E> = for<'s, 'k> fn(
    &'s mut MaybeUninit<<T as Shash>::State>,
    &E,
    KeyRef<'k, <T as Shash>::Key>,
) -> Result<&'s mut <T as Shash>::State>;

/// The `extern "C"` callbacks of the `shash_alg` made for `T`.
///
/// The callbacks hold the context as `&mut T::State` while they hash. What
/// the C drivers do not check, a message, digest or export buffer that lies
/// inside the context (or a digest inside the message: hashing in place),
/// takes a slower path that goes through copies on the stack, so that no
/// reference covers memory that is read or written through another pointer:
/// the result is what a C driver's `memcpy()`/`memmove()` would give, or
/// better, and never undefined behaviour.
pub struct Adapter<T: Shash>(PhantomData<T>);

impl<T: Shash> Adapter<T> {
    /// The request state in the descriptor's context.
    ///
    /// # Safety
    ///
    /// `desc` is a descriptor of a tfm of the algorithm made by
    /// [`create_shash_alg::<T>`]: its context holds `descsize = size_of::<T::State>()`
    /// bytes aligned to `ARCH_SLAB_MINALIGN`, which is enough for `T::State`
    /// (checked at compile time in `create_shash_alg`).
    unsafe fn ctx(desc: *mut bindings::shash_desc) -> *mut T::State {
        // SAFETY: `desc` is valid by the function's safety requirements; `__ctx` is
        // its flexible array member.
        unsafe { (*desc).__ctx.as_mut_ptr().cast::<T::State>() }
    }

    /// The key in the context of the transform of `desc`.
    ///
    /// # Safety
    ///
    /// `desc` is a descriptor of a tfm of the algorithm made by
    /// [`create_shash_alg::<T>`], used after `setkey` (the crypto API refuses
    /// requests before it: `CRYPTO_TFM_NEED_KEY`) or with no key (`()`), and
    /// the returned value is used only during the callback.
    unsafe fn key<'a>(desc: *mut bindings::shash_desc) -> KeyRef<'a, T::Key> {
        // INVARIANT: the context holds `cra_ctxsize = size_of::<T::Key>()`
        // bytes aligned to `CRYPTO_MINALIGN` (enough: `create_shash_alg`),
        // zeroed at allocation and written by `setkey`; the transform outlives
        // the request.
        // SAFETY: `desc` and its `tfm` are valid (the function's safety
        // requirements); `__crt_ctx` is the flexible array member that starts
        // the transform's context. No reference is made.
        let ptr = unsafe { core::ptr::addr_of!((*(*desc).tfm).base.__crt_ctx) };
        KeyRef {
            ptr: ptr.cast::<T::Key>(),
            _key: PhantomData,
        }
    }

    /// `setkey` of the ops table (keyed algorithms only).
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a tfm of this algorithm, whose
    /// context the caller does not use meanwhile, and `keylen` bytes at
    /// `key` that are readable during the call.
    unsafe extern "C" fn setkey_callback(
        tfm: *mut bindings::crypto_shash,
        key: *const u8,
        keylen: c_uint,
    ) -> c_int {
        // SAFETY: `tfm` is valid (the function's safety requirements); the
        // context is its flexible array member.
        let ctx = unsafe { core::ptr::addr_of_mut!((*tfm).base.__crt_ctx) }.cast::<T::Key>();
        let len = keylen as usize;
        // A key inside the context it is to replace: no caller has a reason to
        // pass one, and reading it while writing the context is refused.
        if overlap(ctx.cast_const().cast(), size_of::<T::Key>(), key, len) {
            return EINVAL.to_errno();
        }
        // SAFETY: the context is `cra_ctxsize` bytes aligned for a `T::Key`
        // (`Self::key`), the caller's to `setkey` for the call, any bytes as a
        // `MaybeUninit`; the key bytes are readable, outside it (checked above).
        let (slot, key) = unsafe {
            (
                &mut *ctx.cast::<MaybeUninit<T::Key>>(),
                Message::from_raw(key, len),
            )
        };
        from_result(|| T::setkey(slot, key).map(|()| 0))
    }

    /// Whether the `len` bytes at `p` overlap the context `ctx`.
    fn in_ctx(ctx: *mut T::State, p: *const u8, len: usize) -> bool {
        overlap(ctx.cast_const().cast(), size_of::<T::State>(), p, len)
    }

    /// `init` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a descriptor of a tfm of this
    /// algorithm, which it owns exclusively for the call.
    unsafe extern "C" fn init_callback(desc: *mut bindings::shash_desc) -> c_int {
        // SAFETY: the context is `descsize` bytes, aligned for a `T::State`
        // (`Self::ctx`), which the crypto API owns exclusively for this call;
        // as a `MaybeUninit` it may hold anything. `init` initialises it.
        let slot = unsafe { &mut *Self::ctx(desc).cast::<MaybeUninit<T::State>>() };
        // SAFETY: a descriptor of this algorithm, during the callback.
        T::init(slot, unsafe { Self::key(desc) });
        0
    }

    /// `update` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns exclusively for the call, with `len` bytes at `data` that are
    /// readable during the call.
    unsafe extern "C" fn update_callback(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let len = len as usize;
        if Self::in_ctx(ctx, data, len) {
            // SAFETY: as below; the message lies inside the context.
            return from_result(|| unsafe { Self::update_staged(ctx, data, len) }.map(|()| 0));
        }
        // The context holds the `T::State` that `init` or `import` wrote, and
        // the caller owns `desc` exclusively for this call.
        // SAFETY: by the above; `data` is readable for `len` bytes during the
        // call and lies outside the context (checked above), the only `&mut`.
        let (state, data) = unsafe { (&mut *ctx, Message::from_raw(data, len)) };
        from_result(|| T::update(state, data).map(|()| 0))
    }

    /// Hashes the `len` bytes at `data`, which may lie inside the context, a
    /// block at a time from a copy on the stack: each copy is made while no
    /// reference to the state exists, and the state is borrowed only to hash
    /// the copy.
    ///
    /// # Safety
    ///
    /// As for `update_callback`, with the context `ctx` of `desc`.
    #[cold]
    #[inline(never)]
    unsafe fn update_staged(ctx: *mut T::State, data: *const u8, len: usize) -> Result {
        let mut chunk = [0u8; MAX_BLOCK];
        let mut rest = len;
        let mut at = data;
        while rest > 0 {
            let n = rest.min(MAX_BLOCK);
            // `ptr::copy`: a copy between distinct objects cannot overlap, but
            // the bytes may move under us.
            // SAFETY: `at` is readable for `rest >= n` more bytes of `data`;
            // `chunk` is local; no reference to the context, where the bytes
            // lie, is alive.
            unsafe { core::ptr::copy(at, chunk.as_mut_ptr(), n) };
            // SAFETY: as in `update_callback`; the reference lives only for
            // this call, and the chunk is a local array.
            T::update(unsafe { &mut *ctx }, Message::new(&chunk[..n]))?;
            // `n <= rest`, and `at` stays within `data` or one past its end.
            rest -= n;
            at = at.wrapping_add(n);
        }
        wipe(&mut chunk);
        Ok(())
    }

    /// `finup` of the ops table.
    ///
    /// # Safety
    ///
    /// As for `update_callback`, and `out` has room for `digestsize` bytes.
    // Not inlined: `final` and `digest` call it with their arguments in
    // registers, instead of each carrying a copy of the whole operation (which
    // then got a closure environment built on the stack).
    #[inline(never)]
    unsafe extern "C" fn finup_callback(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
        out: *mut u8,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let len = len as usize;
        let digest = size_of::<T::Digest>();
        if Self::in_ctx(ctx, data, len)
            || Self::in_ctx(ctx, out, digest)
            || overlap(data, len, out, digest)
        {
            // SAFETY: by the function's safety requirements.
            return from_result(|| unsafe { Self::finup_staged(ctx, data, len, out) }.map(|()| 0));
        }
        // `out` is the caller's, writable for `digestsize` bytes and ours
        // during the call; a digest is a byte array, aligned at any address.
        // SAFETY: as in `update_callback`; `out` as above, overlapping neither
        // the message nor the context (checked above).
        let (state, data, out) = unsafe {
            (
                &mut *ctx,
                Message::from_raw(data, len),
                &mut *out.cast::<T::Digest>(),
            )
        };
        from_result(|| T::finup(state, data, out).map(|()| 0))
    }

    /// `finup` for a message or digest inside the context, or a digest that
    /// overlaps the message: the message is hashed first (through copies if it
    /// lies inside the context), the digest made on the stack and copied out
    /// last, once nothing more is read.
    ///
    /// # Safety
    ///
    /// As for `finup_callback`, with the context `ctx` of `desc`.
    #[cold]
    #[inline(never)]
    unsafe fn finup_staged(
        ctx: *mut T::State,
        data: *const u8,
        len: usize,
        out: *mut u8,
    ) -> Result {
        let mut digest = T::Digest::ZERO;
        let result = if Self::in_ctx(ctx, data, len) {
            // SAFETY: by the function's safety requirements.
            unsafe { Self::update_staged(ctx, data, len) }
                // SAFETY: as in `update_callback`; the digest is local.
                .and_then(|()| T::finup(unsafe { &mut *ctx }, Message::EMPTY, &mut digest))
        } else {
            // SAFETY: the message is readable and outside the context, the
            // digest is local: as in `finup_callback`.
            let (state, data) = unsafe { (&mut *ctx, Message::from_raw(data, len)) };
            T::finup(state, data, &mut digest)
        };
        if result.is_ok() {
            // SAFETY: `out` is writable for `digestsize` bytes; no reference
            // to the context or the message is alive.
            unsafe { core::ptr::copy(digest.as_ref().as_ptr(), out, size_of::<T::Digest>()) };
        }
        wipe(&mut digest);
        result
    }

    /// `final` of the ops table.
    ///
    /// # Safety
    ///
    /// As for `finup_callback`, with an empty message.
    unsafe extern "C" fn final_callback(desc: *mut bindings::shash_desc, out: *mut u8) -> c_int {
        // SAFETY: `final` has the requirements of `finup` with an empty message.
        unsafe { Self::finup_callback(desc, core::ptr::null(), 0, out) }
    }

    /// `digest` of the ops table.
    ///
    /// # Safety
    ///
    /// As for `init_callback` and then `finup_callback`.
    unsafe extern "C" fn digest_callback(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
        out: *mut u8,
    ) -> c_int {
        // SAFETY: `digest` is `init` followed by `finup`, with the requirements of both.
        unsafe {
            Self::init_callback(desc);
            Self::finup_callback(desc, data, len, out)
        }
    }

    /// Writes the state of `desc` into the `E` at `out` with `export`: what
    /// `export_callback` and `export_core_callback` share. An `out` inside the
    /// context gets the bytes through a copy on the stack.
    ///
    /// # Safety
    ///
    /// As for `export_callback`, with room for an `E` at `out`.
    unsafe fn export_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        out: *mut c_void,
        export: fn(&T::State, &mut E) -> Result,
    ) -> c_int {
        // SAFETY: `desc` is a descriptor of this algorithm.
        let ctx = unsafe { Self::ctx(desc) };
        let out = out.cast::<u8>();
        from_result(|| {
            if !Self::in_ctx(ctx, out, size_of::<E>()) {
                // The context holds the `T::State` that `init` or `import`
                // wrote; `out` is the caller's, writable for an `E`.
                // SAFETY: by the above; an `E` is a byte array, aligned at any
                // address, and `out` lies outside the context (checked above).
                let (state, out) = unsafe { (&*ctx, &mut *out.cast::<E>()) };
                return export(state, out).map(|()| 0);
            }
            let mut staged = E::ZERO;
            // SAFETY: as above, into a local array.
            let result = export(unsafe { &*ctx }, &mut staged);
            if result.is_ok() {
                // SAFETY: `out` is writable for an `E`; the reference to the
                // context is gone.
                unsafe { core::ptr::copy(staged.as_ref().as_ptr(), out, size_of::<E>()) };
            }
            wipe(&mut staged);
            result.map(|()| 0)
        })
    }

    /// Replaces the state of `desc` with the one that `import` makes of the
    /// `E` at `input`: what `import_callback` and `import_core_callback`
    /// share. The input is copied first (it may lie inside the context, and
    /// it is caller memory that nothing promises to keep still) and the copy
    /// wiped after.
    ///
    /// # Safety
    ///
    /// As for `import_callback`, with an `E` readable at `input`.
    unsafe fn import_with<E: Bytes>(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
        import: ImportFn<T, E>,
    ) -> c_int {
        let mut staged = MaybeUninit::<E>::uninit();
        // SAFETY: `input` is readable for an `E`; the local copy is distinct
        // from it, and no reference to the context exists yet.
        let staged = unsafe {
            core::ptr::copy(
                input.cast::<u8>(),
                staged.as_mut_ptr().cast::<u8>(),
                size_of::<E>(),
            );
            // Every byte written just above; any bytes are an `E`.
            staged.assume_init_mut()
        };
        // SAFETY: as in `init_callback`.
        let slot = unsafe { &mut *Self::ctx(desc).cast::<MaybeUninit<T::State>>() };
        // SAFETY: as in `init_callback`.
        let result = import(slot, staged, unsafe { Self::key(desc) }).map(|_| 0);
        wipe(staged);
        from_result(|| result)
    }

    /// `export` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns exclusively for the call, with room for `statesize` bytes at `out`.
    unsafe extern "C" fn export_callback(
        desc: *mut bindings::shash_desc,
        out: *mut c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements; `statesize` is the
        // size of `T::Export`.
        unsafe { Self::export_with(desc, out, T::export) }
    }

    /// `import` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, with a descriptor of a tfm of this
    /// algorithm, which it owns exclusively for the call, and `statesize`
    /// readable bytes at `input`.
    unsafe extern "C" fn import_callback(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::import) }
    }

    /// `export_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `export_callback`, with room for the core state (`statesize`
    /// minus the block size minus one: the size of `T::CoreExport`) at `out`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn export_core_callback(
        desc: *mut bindings::shash_desc,
        out: *mut c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, T::export_core) }
    }

    /// `import_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `import_callback`, with a `T::CoreExport` readable at `input`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn import_core_callback(
        desc: *mut bindings::shash_desc,
        input: *const c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::import_core) }
    }
}

/// Registration of a static array of shash algorithms.
///
/// The algorithms are registered one at a time, each after the previous one's
/// self-test has finished, as `crypto_register_alg()` did before Linux 6.12
/// (which registers without waiting). A module's HMAC drivers need that: their
/// self-test compares them with an instance of the `hmac` template over the
/// generic hash (`hmac(sha256-generic)`), and each of the module's hash drivers
/// that passes its own self-test removes that instance (`crypto_alg_tested()`
/// removes the users of every lower-priority driver of the same algorithm),
/// under an HMAC test that is using or instantiating it: the test fails
/// (`-ELIBBAD`, `-ENOENT`, `-ETIMEDOUT`) and the driver is never used.
///
/// # Invariants
///
/// `algs` is registered with `crypto_register_shashes` for the lifetime of this
/// value.
pub struct Registration {
    algs: Pin<&'static mut [AlgDef]>,
}

// `Registration` only holds the registered array, which it never reads or writes
// after registration; module exit drops it (unregisters) from another thread.
// SAFETY: `crypto_unregister_shashes` may run in any process context.
unsafe impl Send for Registration {}

impl Registration {
    /// Registers `algs`, owned by `module`. The array must not be empty.
    pub fn register(
        module: &'static kernel::ThisModule,
        algs: Pin<&'static mut [AlgDef]>,
    ) -> Result<Self> {
        if algs.is_empty() {
            return Err(EINVAL);
        }
        for alg in algs.iter() {
            // SAFETY: the array is not registered yet, so nothing else reads it; the
            // pointer from `Opaque::get` is valid for writes. `struct module` of
            // the `kernel` crate's bindings and of ours are the same C type.
            unsafe {
                (*alg.0.get()).__bindgen_anon_1.halg.base.cra_module = module.as_ptr().cast();
            }
        }
        c_int::try_from(algs.len())?;
        for (registered, alg) in algs.iter().enumerate() {
            // The array is `'static` and pinned, so each element stays at its address
            // while registered.
            // SAFETY: by the type invariants of `AlgDef` the element is complete.
            let result = to_result(unsafe { bindings::crypto_register_shash(alg.0.get()) });
            if let Err(e) = result {
                if registered > 0 {
                    // SAFETY: the first `registered` elements are registered (by the
                    // loop), and their count fits a `c_int` (checked above).
                    unsafe {
                        bindings::crypto_unregister_shashes(algs[0].0.get(), registered as c_int)
                    };
                }
                return Err(e);
            }
            wait_for_self_test(alg);
        }
        // INVARIANT: every element was registered by the loop.
        Ok(Registration { algs })
    }
}

/// Returns when the self-test of the registered `alg` has finished (at once
/// if the kernel has them off): allocating a transform by driver name waits for
/// the test, and the transform is freed at once. A failed test is the kernel's
/// to report, and registration goes on. The wait is the one any first user's
/// lookup makes (`crypto_larval_wait()`): a test still running after 60 seconds
/// is given up, and the driver stays unusable, as it would for that user.
fn wait_for_self_test(alg: &AlgDef) {
    // SAFETY: `alg` is complete (type invariant); its driver name is a NUL-terminated
    // array nothing writes after `create_shash_alg`, reached by raw pointer with no
    // reference to the structure, whose other fields the crypto API writes.
    let name = unsafe {
        crate::rsha::cstr_from_ptr(
            core::ptr::addr_of!((*alg.0.get()).__bindgen_anon_1.halg.base.cra_driver_name).cast(),
        )
    };
    // Dropping the transform frees it.
    let _ = super::tfm::ShashTfm::new(name);
}

impl Drop for Registration {
    fn drop(&mut self) {
        // SAFETY: by the type invariants the array is registered, with this length
        // (which fit a `c_int` at registration).
        unsafe {
            bindings::crypto_unregister_shashes(self.algs[0].0.get(), self.algs.len() as c_int)
        };
    }
}

/// Declares a kernel module that registers shash algorithms, and the pieces
/// of it that [`module_asm_sha_driver!`](crate::module_asm_sha_driver) uses
/// (`@register`, `@stats`). The remaining fields are those of
/// [`module!`](kernel::prelude::module).
///
/// ```ignore
/// // rust/testing/negative_control.rs
/// crate::module_shash_driver! {
///     algorithms: [MdShash<Sha256Wrong>],
///     name: "rsha_negative_control",
///     author: "rust-arm-sha developers",
///     description: "Test only: SHA-256 driver with deliberately wrong digests",
///     license: "GPL",
/// }
/// ```
#[macro_export]
macro_rules! module_shash_driver {
    (@count $($x:ty),*) => { 0usize $(+ { let _ = ::core::marker::PhantomData::<$x>; 1usize })* };

    (@register $module:ident, [$($alg:ty),+] $(, priority_delta: $delta:expr)?) => {{
        static mut ALGS: [$crate::rsha::shash::AlgDef;
            $crate::module_shash_driver!(@count $($alg),+)] =
            [$($crate::rsha::shash::create_shash_alg::<$alg>()),+];
        // SAFETY: `ALGS` is local to this block, which runs once, from module init;
        // no other reference to it exists. From here on only C uses it.
        let algs = unsafe { &mut *::core::ptr::addr_of_mut!(ALGS) };
        $(for alg in algs.iter_mut() {
            alg.move_priority($delta);
        })?
        $crate::rsha::shash::Registration::register(
            $module, ::core::pin::Pin::static_mut(&mut algs[..]))?
    }};

    (@stats $dir:ident, [$($alg:ty),*]) => {
        $(
            if let Some(stats) = <$alg as $crate::rsha::shash::Shash>::stats() {
                $dir.add(<$alg as $crate::rsha::shash::Shash>::DRIVER_NAME, stats);
            }
        )*
    };

    (algorithms: [$($alg:ty),+ $(,)?], name: $name:tt, author: $author:literal, $($f:tt)*) => {
        $crate::__modinfo!("author=", $author);

        struct Module {
            // Dropped first: the statistics files go before the algorithms.
            _stats: $crate::rsha::stats::StatsDir,
            _algs: $crate::rsha::shash::Registration,
        }

        ::kernel::prelude::module! {
            type: Module,
            name: $name,
            $($f)*
        }

        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                let algs = $crate::module_shash_driver!(@register module, [$($alg),+]);
                let stats = $crate::rsha::stats::StatsDir::new(module, __LOG_PREFIX);
                $crate::module_shash_driver!(@stats stats, [$($alg),+]);
                Ok(Module { _stats: stats, _algs: algs })
            }
        }
    };
}
