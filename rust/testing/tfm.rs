// SPDX-License-Identifier: GPL-2.0

//! Using shash algorithms: a transform ([`ShashTfm`]) and request descriptors
//! ([`ShashDesc`]), the consumer side of the crypto API.
//!
//! C header: [`include/crypto/hash.h`](srctree/include/crypto/hash.h).
//!
//! A transform may be shared by several threads and contexts at once, each with
//! its own descriptor; a descriptor holds the state of one message and lives on
//! the stack or inside another object, like `SHASH_DESC_ON_STACK`. Nothing here
//! allocates after [`ShashTfm::new`], so descriptors can be used in any context
//! the algorithm supports (every shash supports softirq and hardirq).

use crate::rsha::bindings;
use bindings::{crypto_shash, shash_desc};

// The consumer side of the shash API, static inlines on 7.x: test_helpers.c.
extern "C" {
    fn rsha_crypto_free_shash(tfm: *mut crypto_shash);
    fn rsha_crypto_shash_driver_name(tfm: *mut crypto_shash) -> *const kernel::ffi::c_char;
    fn rsha_crypto_shash_digestsize(tfm: *mut crypto_shash) -> kernel::ffi::c_uint;
    fn rsha_crypto_shash_statesize(tfm: *mut crypto_shash) -> kernel::ffi::c_uint;
    fn rsha_crypto_shash_descsize(tfm: *mut crypto_shash) -> kernel::ffi::c_uint;
    fn rsha_crypto_shash_init(desc: *mut shash_desc) -> kernel::ffi::c_int;
    fn rsha_crypto_shash_update(
        desc: *mut shash_desc,
        data: *const u8,
        len: kernel::ffi::c_uint,
    ) -> kernel::ffi::c_int;
    fn rsha_crypto_shash_final(desc: *mut shash_desc, out: *mut u8) -> kernel::ffi::c_int;
}
use core::ffi::CStr;
use core::{marker::PhantomData, ptr::NonNull};
use kernel::error::{code::EINVAL, from_err_ptr, to_result, Result};

/// Largest descriptor context of any shash algorithm (`HASH_MAX_DESCSIZE` less the
/// descriptor header: 360 bytes on 6.12, 361 on 7.3).
const MAX_CTX: usize =
    bindings::RSHA_HASH_MAX_DESCSIZE - core::mem::size_of::<bindings::shash_desc>();

/// A `struct crypto_shash`.
///
/// # Invariants
///
/// `tfm` is a transform from `crypto_alloc_shash()`, owned by this value and freed
/// on drop.
pub struct ShashTfm {
    tfm: NonNull<bindings::crypto_shash>,
}

// SAFETY: only `setkey` (through `&mut self`) changes a transform once allocated,
// and the crypto API lets any number of threads use it at once, each with its
// own descriptor.
unsafe impl Send for ShashTfm {}
// SAFETY: as above.
unsafe impl Sync for ShashTfm {}

impl ShashTfm {
    /// Allocates a transform of `name`, an algorithm (`"sha256"`) or a driver
    /// (`"sha256-generic"`) name. Sleeps; task context only.
    pub fn new(name: &CStr) -> Result<Self> {
        // SAFETY: `name` is NUL-terminated; type and mask 0 ask for any shash.
        let tfm = from_err_ptr(unsafe {
            bindings::crypto_alloc_shash(crate::rsha::cstr_ptr(name), 0, 0)
        })?;
        // INVARIANT: a transform from `crypto_alloc_shash()`, now owned here.
        NonNull::new(tfm).map(|tfm| Self { tfm }).ok_or(EINVAL)
    }

    fn as_ptr(&self) -> *mut bindings::crypto_shash {
        self.tfm.as_ptr()
    }

    /// Sets the key of a keyed algorithm (an HMAC); any length.
    pub fn setkey(&mut self, key: &[u8]) -> Result {
        let len = u32::try_from(key.len())?;
        // SAFETY: the transform is valid (type invariant), and `&mut self` makes
        // it ours for the call: no descriptor of it is in use. `key` is `len`
        // readable bytes.
        to_result(unsafe { bindings::crypto_shash_setkey(self.as_ptr(), key.as_ptr(), len) })
    }

    /// The implementation behind the transform (`cra_driver_name`).
    pub fn driver_name(&self) -> &CStr {
        // SAFETY: the transform is valid (type invariant); its algorithm, hence the
        // NUL-terminated name, lives at least as long as the transform.
        unsafe { crate::rsha::cstr_from_ptr(rsha_crypto_shash_driver_name(self.as_ptr())) }
    }

    /// Digest size in bytes.
    pub fn digest_size(&self) -> usize {
        // SAFETY: the transform is valid (type invariant).
        unsafe { rsha_crypto_shash_digestsize(self.as_ptr()) as usize }
    }

    /// Size of the export format in bytes.
    pub fn state_size(&self) -> usize {
        // SAFETY: the transform is valid (type invariant).
        unsafe { rsha_crypto_shash_statesize(self.as_ptr()) as usize }
    }

    /// A descriptor for one message; call [`ShashDesc::init`] or
    /// [`ShashDesc::import`] before anything else.
    pub fn desc(&self) -> Result<ShashDesc<'_>> {
        // SAFETY: the transform is valid (type invariant).
        let size = unsafe { rsha_crypto_shash_descsize(self.as_ptr()) } as usize;
        if size > MAX_CTX {
            return Err(EINVAL);
        }
        // SAFETY: all-zeroes is a valid `shash_desc` (a pointer and a flexible array).
        let mut desc: bindings::shash_desc = unsafe { core::mem::zeroed() };
        desc.tfm = self.as_ptr();
        // INVARIANT: `tfm` is set to this transform, borrowed for `'_`, and the
        // context has room for its `descsize`, checked above.
        Ok(ShashDesc {
            desc: DescStorage {
                desc,
                _ctx: [0; MAX_CTX],
            },
            _tfm: PhantomData,
        })
    }
}

impl Drop for ShashTfm {
    fn drop(&mut self) {
        // SAFETY: owned (type invariant); no descriptor can outlive the borrow it
        // holds, so none uses the transform any more.
        unsafe { rsha_crypto_free_shash(self.as_ptr()) };
    }
}

/// A descriptor with room for any algorithm's context, like `SHASH_DESC_ON_STACK`.
#[repr(C)]
struct DescStorage {
    desc: bindings::shash_desc,
    _ctx: [u8; MAX_CTX],
}

/// The state of one message hashed with a [`ShashTfm`].
///
/// # Invariants
///
/// `desc.desc.tfm` is the transform borrowed for `'a`, whose `descsize` fits the
/// context that follows the descriptor header.
pub struct ShashDesc<'a> {
    desc: DescStorage,
    _tfm: PhantomData<&'a ShashTfm>,
}

impl ShashDesc<'_> {
    fn as_ptr(&mut self) -> *mut bindings::shash_desc {
        &mut self.desc.desc
    }

    /// Checks that `out` can hold the digest.
    fn check_digest_room(&self, out: &[u8]) -> Result {
        // SAFETY: the transform outlives `self` (type invariant).
        let size = unsafe { rsha_crypto_shash_digestsize(self.desc.desc.tfm) } as usize;
        if out.len() < size {
            return Err(EINVAL);
        }
        Ok(())
    }

    fn state_size(&self) -> usize {
        // SAFETY: the transform outlives `self` (type invariant).
        unsafe { rsha_crypto_shash_statesize(self.desc.desc.tfm) as usize }
    }

    /// Starts a message.
    pub fn init(&mut self) -> Result {
        // SAFETY: a descriptor of a live transform with room for its context (type
        // invariants).
        to_result(unsafe { rsha_crypto_shash_init(self.as_ptr()) })
    }

    /// Hashes `data` (at most `u32::MAX` bytes per call, as in C).
    pub fn update(&mut self, data: &[u8]) -> Result {
        let len = u32::try_from(data.len())?;
        // SAFETY: as in `init`; `data` is `len` readable bytes.
        to_result(unsafe { rsha_crypto_shash_update(self.as_ptr(), data.as_ptr(), len) })
    }

    /// Hashes `data` and writes the digest into `out`, which must hold the digest.
    pub fn finup(&mut self, data: &[u8], out: &mut [u8]) -> Result {
        let len = u32::try_from(data.len())?;
        self.check_digest_room(out)?;
        // SAFETY: as in `update`; `out` has room for the digest, checked above.
        to_result(unsafe {
            bindings::crypto_shash_finup(self.as_ptr(), data.as_ptr(), len, out.as_mut_ptr())
        })
    }

    /// Writes the digest into `out`, which must hold it.
    pub fn final_(&mut self, out: &mut [u8]) -> Result {
        self.check_digest_room(out)?;
        // SAFETY: as in `init`; `out` has room for the digest, checked above.
        to_result(unsafe { rsha_crypto_shash_final(self.as_ptr(), out.as_mut_ptr()) })
    }

    /// Hashes `data` as a whole message (init, update, final).
    pub fn digest(&mut self, data: &[u8], out: &mut [u8]) -> Result {
        let len = u32::try_from(data.len())?;
        self.check_digest_room(out)?;
        // SAFETY: as in `finup`.
        to_result(unsafe {
            bindings::crypto_shash_digest(self.as_ptr(), data.as_ptr(), len, out.as_mut_ptr())
        })
    }

    /// Writes the state into `out`, which must hold the export format.
    pub fn export(&mut self, out: &mut [u8]) -> Result {
        if out.len() < self.state_size() {
            return Err(EINVAL);
        }
        // SAFETY: as in `init`; `out` has room for `statesize` bytes, checked above.
        to_result(unsafe { bindings::crypto_shash_export(self.as_ptr(), out.as_mut_ptr().cast()) })
    }

    /// The descriptor and its context, where the driver keeps its state, as
    /// raw pointers of one origin: for the tests that hand a driver its own
    /// context as a buffer, which the crypto API does not forbid. Fails unless
    /// the context has room for the export format, `statesize` bytes.
    fn with_own_context(&mut self) -> Result<(*mut bindings::shash_desc, *mut u8)> {
        if self.state_size() > MAX_CTX {
            return Err(EINVAL);
        }
        let desc = self.as_ptr();
        // SAFETY: `desc` points to this descriptor's storage; `__ctx` is its
        // flexible array, followed by `MAX_CTX` bytes of it.
        let ctx = unsafe { (*desc).__ctx.as_mut_ptr().cast::<u8>() };
        Ok((desc, ctx))
    }

    /// Exports the state into the descriptor's own context, over the state.
    pub fn export_into_own_context(&mut self) -> Result {
        let (desc, ctx) = self.with_own_context()?;
        // SAFETY: as in `init`; the context has room for `statesize` bytes
        // (checked by `with_own_context`), and no Rust reference covers it.
        to_result(unsafe { bindings::crypto_shash_export(desc, ctx.cast()) })
    }

    /// Imports the state from the descriptor's own context.
    pub fn import_from_own_context(&mut self) -> Result {
        let (desc, ctx) = self.with_own_context()?;
        // SAFETY: as in `init`; the context holds `statesize` readable bytes
        // (checked by `with_own_context`; it is zeroed at creation).
        to_result(unsafe { bindings::crypto_shash_import(desc, ctx.cast()) })
    }

    /// Hashes the first `len` bytes of the descriptor's own context as message.
    pub fn update_from_own_context(&mut self, len: u32) -> Result {
        let (desc, ctx) = self.with_own_context()?;
        if len as usize > MAX_CTX {
            return Err(EINVAL);
        }
        // SAFETY: as in `update`; the context is readable for `MAX_CTX >= len`
        // bytes.
        to_result(unsafe { rsha_crypto_shash_update(desc, ctx, len) })
    }

    /// Hashes `buf` as a whole message and writes the digest over its start
    /// (hashing in place), which must hold the digest.
    pub fn digest_in_place(&mut self, buf: &mut [u8]) -> Result {
        let len = u32::try_from(buf.len())?;
        self.check_digest_room(buf)?;
        let data = buf.as_mut_ptr();
        // SAFETY: as in `digest`; `data` is `len` bytes, readable and
        // writable, with room for the digest (checked above).
        to_result(unsafe { bindings::crypto_shash_digest(self.as_ptr(), data, len, data) })
    }

    /// Replaces the state with `input`, which must hold the export format.
    pub fn import(&mut self, input: &[u8]) -> Result {
        if input.len() < self.state_size() {
            return Err(EINVAL);
        }
        // SAFETY: as in `init`; `input` holds `statesize` bytes, checked above.
        to_result(unsafe { bindings::crypto_shash_import(self.as_ptr(), input.as_ptr().cast()) })
    }
}
