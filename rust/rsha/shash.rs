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

use super::bindings;
use core::{
    marker::PhantomData,
    mem::{size_of, MaybeUninit},
    pin::Pin,
};
use kernel::{
    error::{code::EINVAL, from_result, to_result, Result},
    ffi::{c_char, c_int, c_uint},
    types::Opaque,
};

/// Longest algorithm or driver name, including the terminating NUL
/// (`CRYPTO_MAX_ALG_NAME`).
const MAX_NAME: usize = bindings::CRYPTO_MAX_ALG_NAME as usize;

/// Largest digest of any algorithm (SHA-512's), in bytes.
const MAX_DIGEST: usize = 64;

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
/// `shash_desc` context (`descsize` is its size); export/import use a byte format of
/// [`Shash::EXPORT_SIZE`] bytes (`statesize`), and on Linux 6.16 and later
/// `export_core`/`import_core` one of [`Shash::CORE_SIZE`] bytes, the state
/// without a partial block. The implementation buffers partial blocks itself
/// (no `CRYPTO_AHASH_ALG_BLOCK_ONLY`, as the kernel's `*-lib` drivers).
/// Callbacks run in any context the crypto API allows, including softirq and
/// hardirq (which 6.16 and later no longer promise callers): they must not
/// sleep or allocate.
///
/// The crypto API hands `init` and `import` a context it has not initialised
/// (kmalloc'd, or `SHASH_DESC_ON_STACK`): `init` gets it as `MaybeUninit` and
/// returns it initialised (the `&mut Self::State` it returns can only come
/// from writing it, e.g. `MaybeUninit::write`); `import` returns a whole new
/// state, which the adapter writes into the context. Every other callback gets
/// the state that one of them wrote, as the crypto API calls `update`,
/// `final`, `finup` and `export` only after `init` or `import`.
pub trait Shash {
    /// Algorithm name (`cra_name`), e.g. `"sha256"`.
    const NAME: &'static str;
    /// Implementation name (`cra_driver_name`), unique in the system.
    const DRIVER_NAME: &'static str;
    /// Priority among implementations of [`Shash::NAME`] (`cra_priority`).
    const PRIORITY: i32;
    /// Digest size in bytes.
    const DIGEST_SIZE: usize;
    /// Block size in bytes.
    const BLOCK_SIZE: usize;
    /// Size of the export format.
    const EXPORT_SIZE: usize;
    /// Size of the core state of `export_core`/`import_core` (Linux 6.16 and
    /// later).
    const CORE_SIZE: usize;

    /// Per-request state, stored in the `shash_desc` context.
    type State;

    /// Initialises `state` for the start of a message, all of it, and returns
    /// it.
    fn init(state: &mut MaybeUninit<Self::State>) -> &mut Self::State;
    /// Hashes more message bytes.
    fn update(state: &mut Self::State, data: &[u8]) -> Result;
    /// Hashes the last bytes and writes the digest into `out` (`DIGEST_SIZE` bytes).
    fn finup(state: &mut Self::State, data: &[u8], out: &mut [u8]) -> Result;
    /// Writes the state into `out` (`EXPORT_SIZE` bytes).
    fn export(state: &Self::State, out: &mut [u8]) -> Result;
    /// The state that `input` (`EXPORT_SIZE` bytes, from any source) describes.
    fn import(input: &[u8]) -> Result<Self::State>;
    /// Writes the state without its partial block into `out` (`CORE_SIZE`
    /// bytes), for a caller that keeps the partial block itself.
    fn export_core(state: &Self::State, out: &mut [u8]) -> Result;
    /// The state, with no partial block, that `input` (`CORE_SIZE` bytes, from
    /// any source) describes.
    fn import_core(input: &[u8]) -> Result<Self::State>;
    /// The implementation's statistics, shown in debugfs by
    /// [`module_shash_driver`](crate::module_shash_driver) when
    /// `CONFIG_CRYPTO_RSHA_STATS` is set.
    fn stats() -> Option<&'static super::stats::CoreStats> {
        None
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
    // The state lives in `shash_desc::__ctx`, aligned to `ARCH_SLAB_MINALIGN`.
    assert!(core::mem::align_of::<T::State>() <= CTX_ALIGN);
    // `finup_callback` may stage the digest in a buffer of this size.
    assert!(T::DIGEST_SIZE <= MAX_DIGEST);
    // What the crypto API allows (6.16 and later check it at registration).
    assert!(size_of::<T::State>() <= MAX_DESCSIZE);
    assert!(T::EXPORT_SIZE <= MAX_STATESIZE);
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
        #[cfg(rsha_shash_api_6_16)]
        export_core: Some(Adapter::<T>::export_core_callback),
        #[cfg(rsha_shash_api_6_16)]
        import_core: Some(Adapter::<T>::import_core_callback),
        descsize: size_of::<T::State>() as c_uint,
        __bindgen_anon_1: bindings::shash_alg__bindgen_ty_1 {
            halg: bindings::hash_alg_common {
                digestsize: T::DIGEST_SIZE as c_uint,
                statesize: T::EXPORT_SIZE as c_uint,
                base,
                // SAFETY: all-zeroes is a valid `hash_alg_common` (see above).
                ..unsafe { core::mem::zeroed() }
            },
        },
        // No `setkey`, `init_tfm`, `exit_tfm` or `clone_tfm`.
        // SAFETY: all-zeroes is a valid `shash_alg` (see above).
        ..unsafe { core::mem::zeroed() }
    }))
}

/// The `extern "C"` callbacks of the `shash_alg` made for `T`.
pub struct Adapter<T: Shash>(PhantomData<T>);

impl<T: Shash> Adapter<T> {
    /// Returns the request state in the descriptor's context.
    ///
    /// # Safety
    ///
    /// `desc` is a descriptor of a tfm of the algorithm made by
    /// [`create_shash_alg::<T>`]: its context holds `descsize = size_of::<T::State>()`
    /// bytes aligned to `ARCH_SLAB_MINALIGN`, which is enough for `T::State`.
    unsafe fn ctx(desc: *mut bindings::shash_desc) -> *mut T::State {
        // SAFETY: `desc` is valid by the function's safety requirements; `__ctx` is
        // its flexible array member.
        let ctx = unsafe { (*desc).__ctx.as_mut_ptr().cast::<T::State>() };
        if ctx as usize % core::mem::align_of::<T::State>() != 0 {
            // Telling the compiler lets it use whole-word accesses on
            // strict-alignment targets (`assert_unchecked` would say it shorter,
            // but needs a newer rustc than the kernel's minimum).
            // SAFETY: `__ctx` is aligned to `ARCH_SLAB_MINALIGN`, at least the
            // state's alignment (checked in `create_shash_alg`): never reached.
            unsafe { core::hint::unreachable_unchecked() };
        }
        ctx
    }

    /// A message slice from the crypto API's pointer and length.
    ///
    /// # Safety
    ///
    /// Unless `len` is 0, `data` points to `len` readable bytes that stay valid and
    /// unchanged for `'a`.
    unsafe fn message<'a>(data: *const u8, len: c_uint) -> &'a [u8] {
        if len == 0 {
            // `data` may be NULL or dangling for an empty update.
            return &[];
        }
        // SAFETY: by the function's safety requirements.
        unsafe { core::slice::from_raw_parts(data, len as usize) }
    }

    /// Whether the `len` bytes at `data` overlap the descriptor's context, which
    /// the callbacks hold as `&mut T::State` while they read the message.
    ///
    /// # Safety
    ///
    /// `desc` is valid as for [`Self::ctx`].
    unsafe fn overlaps_ctx(desc: *mut bindings::shash_desc, data: *const u8, len: usize) -> bool {
        // SAFETY: by the function's safety requirements.
        let ctx = unsafe { Self::ctx(desc) } as usize;
        let data = data as usize;
        // Wrapping sums: an address plus a length that passes the top of the
        // address space is no reason to panic.
        len != 0 && data < ctx.wrapping_add(size_of::<T::State>()) && ctx < data.wrapping_add(len)
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
        T::init(slot);
        0
    }

    /// `update` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns exclusively for the call, with `len` readable bytes at `data`
    /// that nothing writes during the call.
    unsafe extern "C" fn update_callback(
        desc: *mut bindings::shash_desc,
        data: *const u8,
        len: c_uint,
    ) -> c_int {
        from_result(|| {
            // The message must not lie inside the context that is being updated:
            // `&mut T::State` and `&[u8]` must not alias.
            // SAFETY: `desc` is a descriptor of this algorithm.
            if unsafe { Self::overlaps_ctx(desc, data, len as usize) } {
                return Err(EINVAL);
            }
            // SAFETY: the context holds the `T::State` that `init` or `import`
            // wrote, and the caller owns `desc` exclusively for this call; `data`
            // holds `len` bytes, disjoint from the context (checked above).
            let (state, data) = unsafe { (&mut *Self::ctx(desc), Self::message(data, len)) };
            T::update(state, data)?;
            Ok(0)
        })
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
        from_result(|| {
            // SAFETY: `desc` is a descriptor of this algorithm.
            if unsafe {
                Self::overlaps_ctx(desc, data, len as usize)
                    || Self::overlaps_ctx(desc, out, T::DIGEST_SIZE)
            } {
                return Err(EINVAL);
            }
            // SAFETY: as in `update_callback`; neither the message nor `out`
            // overlaps the context (checked above).
            let (state, data) = unsafe { (&mut *Self::ctx(desc), Self::message(data, len)) };
            let (out_addr, data_addr) = (out as usize, data.as_ptr() as usize);
            if data.is_empty()
                || out_addr >= data_addr.wrapping_add(data.len())
                || data_addr >= out_addr.wrapping_add(T::DIGEST_SIZE)
            {
                // SAFETY: `out` has room for `digestsize` bytes, which overlap
                // neither the message nor the context.
                let out = unsafe { core::slice::from_raw_parts_mut(out, T::DIGEST_SIZE) };
                return T::finup(state, data, out).map(|()| 0);
            }
            // The digest goes where the message is (hashing in place is allowed
            // in C): staged here, and copied once the message has been read.
            let mut digest = [0u8; MAX_DIGEST];
            T::finup(state, data, &mut digest[..T::DIGEST_SIZE])?;
            // SAFETY: `out` has room for `digestsize` bytes; the message slice is
            // not used after this point, so writing over its bytes is allowed.
            unsafe { core::ptr::copy(digest.as_ptr(), out, T::DIGEST_SIZE) };
            Ok(0)
        })
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

    /// Writes the state of `desc` into the `size` bytes at `out` with `export`:
    /// what `export_callback` and `export_core_callback` share.
    ///
    /// # Safety
    ///
    /// As for `export_callback`, with room for `size` bytes at `out`.
    unsafe fn export_with(
        desc: *mut bindings::shash_desc,
        out: *mut core::ffi::c_void,
        size: usize,
        export: fn(&T::State, &mut [u8]) -> Result,
    ) -> c_int {
        from_result(|| {
            // SAFETY: `desc` is a descriptor of this algorithm.
            if unsafe { Self::overlaps_ctx(desc, out.cast(), size) } {
                return Err(EINVAL);
            }
            // SAFETY: the context holds the `T::State` that `init` or `import`
            // wrote, every byte of it defined; `out` has room for `size` bytes
            // and does not overlap the context (checked above).
            let (state, out) = unsafe {
                (
                    &*Self::ctx(desc),
                    core::slice::from_raw_parts_mut(out.cast::<u8>(), size),
                )
            };
            export(state, out)?;
            Ok(0)
        })
    }

    /// Replaces the state of `desc` with the one that `import` makes of the
    /// `size` bytes at `input`: what `import_callback` and
    /// `import_core_callback` share.
    ///
    /// # Safety
    ///
    /// As for `import_callback`, with `size` readable bytes at `input`.
    unsafe fn import_with(
        desc: *mut bindings::shash_desc,
        input: *const core::ffi::c_void,
        size: usize,
        import: fn(&[u8]) -> Result<T::State>,
    ) -> c_int {
        from_result(|| {
            // SAFETY: `input` holds `size` readable bytes. The slice is dropped
            // before the context is written below, so `input` may even lie
            // inside the context.
            let input = unsafe { core::slice::from_raw_parts(input.cast::<u8>(), size) };
            let state = import(input)?;
            // SAFETY: as in `init_callback`.
            unsafe { Self::ctx(desc).write(state) };
            Ok(0)
        })
    }

    /// `export` of the ops table.
    ///
    /// # Safety
    ///
    /// Called by the crypto API only, after `init` or `import` on `desc`, which
    /// it owns exclusively for the call, with room for `statesize` bytes at `out`.
    unsafe extern "C" fn export_callback(
        desc: *mut bindings::shash_desc,
        out: *mut core::ffi::c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements; `statesize` is
        // `EXPORT_SIZE`.
        unsafe { Self::export_with(desc, out, T::EXPORT_SIZE, T::export) }
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
        input: *const core::ffi::c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::EXPORT_SIZE, T::import) }
    }

    /// `export_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `export_callback`, with room for the core state (`statesize`
    /// minus the block size minus one: `CORE_SIZE` bytes) at `out`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn export_core_callback(
        desc: *mut bindings::shash_desc,
        out: *mut core::ffi::c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::export_with(desc, out, T::CORE_SIZE, T::export_core) }
    }

    /// `import_core` of the ops table (Linux 6.16 and later).
    ///
    /// # Safety
    ///
    /// As for `import_callback`, with `CORE_SIZE` readable bytes at `input`.
    #[cfg_attr(not(rsha_shash_api_6_16), allow(dead_code))]
    unsafe extern "C" fn import_core_callback(
        desc: *mut bindings::shash_desc,
        input: *const core::ffi::c_void,
    ) -> c_int {
        // SAFETY: by the function's safety requirements.
        unsafe { Self::import_with(desc, input, T::CORE_SIZE, T::import_core) }
    }
}

/// Registration of a static array of shash algorithms.
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
        let count = c_int::try_from(algs.len())?;
        // `AlgDef` is `repr(transparent)`, so the array is an array of `shash_alg`; it
        // is `'static` and pinned, so it stays at this address while registered.
        // SAFETY: by the type invariants of `AlgDef` every element is complete.
        to_result(unsafe { bindings::crypto_register_shashes(algs[0].0.get(), count) })?;
        // INVARIANT: registered just above.
        Ok(Registration { algs })
    }
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

/// Declares a kernel module that registers shash algorithms.
///
/// `algorithms` are always registered; `simd_algorithms`, if given, only when the
/// CPU has a usable SIMD unit (NEON), as a second registration. The remaining
/// fields are those of [`module!`](kernel::prelude::module).
///
/// ```ignore
/// kernel::module_shash_driver! {
///     algorithms: [Sha256Scalar],
///     simd_algorithms: [Sha256Neon],
///     name: "sha256_arm64_rs",
///     author: "...",
///     description: "SHA-256",
///     license: "GPL",
/// }
/// ```
#[macro_export]
macro_rules! module_shash_driver {
    (@count $($x:ty),*) => { 0usize $(+ { let _ = ::core::marker::PhantomData::<$x>; 1usize })* };

    (@register $module:ident, [$($alg:ty),+]) => {{
        static mut ALGS: [$crate::rsha::shash::AlgDef;
            $crate::module_shash_driver!(@count $($alg),+)] =
            [$($crate::rsha::shash::create_shash_alg::<$alg>()),+];
        // SAFETY: `ALGS` is local to this block, which runs once, from module init;
        // no other reference to it exists. From here on only C uses it.
        let algs = unsafe { &mut *::core::ptr::addr_of_mut!(ALGS) };
        $crate::rsha::shash::Registration::register(
            $module, ::core::pin::Pin::static_mut(&mut algs[..]))?
    }};

    (algorithms: [$($alg:ty),+ $(,)?], simd_algorithms: [$($simd:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver!(@module [$($alg),+] [$($simd),+] $($f)*);
    };

    (algorithms: [$($alg:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver!(@module [$($alg),+] [] $($f)*);
    };

    (@module [$($alg:ty),+] [$($simd:ty),*] name: $name:tt, author: $author:literal, $($f:tt)*) => {
        $crate::__modinfo!("author=", $author);

        struct Module {
            // Dropped first: the statistics files go before the algorithms.
            _stats: $crate::rsha::stats::StatsDir,
            _algs: $crate::rsha::shash::Registration,
            _simd_algs: ::core::option::Option<$crate::rsha::shash::Registration>,
        }

        ::kernel::prelude::module! {
            type: Module,
            name: $name,
            $($f)*
        }

        impl ::kernel::Module for Module {
            fn init(module: &'static ::kernel::ThisModule) -> ::kernel::error::Result<Self> {
                let algs = $crate::module_shash_driver!(@register module, [$($alg),+]);
                let simd_algs = $crate::module_shash_driver!(@register_simd module, [$($simd),*]);
                let stats = $crate::rsha::stats::StatsDir::new(module, __LOG_PREFIX);
                $crate::module_shash_driver!(@stats stats, [$($alg),+]);
                if simd_algs.is_some() {
                    $crate::module_shash_driver!(@stats stats, [$($simd),*]);
                }
                Ok(Module { _stats: stats, _algs: algs, _simd_algs: simd_algs })
            }
        }
    };

    (@stats $dir:ident, [$($alg:ty),*]) => {
        $(
            if let Some(stats) = <$alg as $crate::rsha::shash::Shash>::stats() {
                $dir.add(<$alg as $crate::rsha::shash::Shash>::DRIVER_NAME, stats);
            }
        )*
    };

    (@register_simd $module:ident, []) => { None };

    (@register_simd $module:ident, [$($simd:ty),+]) => {
        if $crate::rsha::simd::cpu_has_neon() {
            Some($crate::module_shash_driver!(@register $module, [$($simd),+]))
        } else {
            None
        }
    };
}
