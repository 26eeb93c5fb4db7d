// SPDX-License-Identifier: GPL-2.0

//! `rsha`: the project's library for synchronous hash (`shash`) drivers.
//!
//! C headers: [`include/crypto/internal/hash.h`](srctree/include/crypto/internal/hash.h),
//! [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h).
//!
//! The library is not part of the kernel's `kernel` crate: every module of the
//! project compiles it in, as its module `rsha` at the crate root,
//!
//! ```ignore
//! #[path = "../rsha/mod.rs"]
//! pub mod rsha;
//! ```
//!
//! and links the library's C helpers (`helpers.c`). Its C declarations come from
//! [`bindings`], generated when the module is built against the kernel tree it
//! is built for. From the `kernel` crate it uses only what every Rust-enabled
//! kernel has: `module!`, `ThisModule`, `Opaque`, error codes, `pr_*!`; for C
//! strings it uses `core::ffi::CStr` ([`cstr!`](crate::cstr)), as the
//! `kernel` crate's own `CStr` changed between 6.12 and 7.3. The macros of the
//! library name it as `$crate::rsha`, hence the fixed module name.
//!
//! The rooms, in the order a call goes through them:
//!
//! - [`module`]: the declaration macro of a driver module
//!   ([`module_sha_driver!`]) and its generic init.
//! - [`shash`]: the binding to the crypto API: the [`shash::Shash`] trait, the
//!   `shash_alg` of it and its registration.
//! - [`driver`]: a module's cores ([`driver::Cores`]), the unit that runs them,
//!   and the hash and HMAC drivers over the engine. The hot path is
//!   [`driver::Driver`]'s `compress`.
//! - [`md`], [`hmac`] and [`sha`]: the Merkle-Damgård engine, HMAC over it, the
//!   SHA parameters (`core` only, tested on the host by `tests/engine`).
//! - [`select`]: the unit each CPU runs, by measurement, and the priorities.
//! - [`simd`]: the NEON section of a SIMD core's call.
//! - [`cpu`]: the CPUs' features and types.
//! - [`stats`]: debugfs counters (`CONFIG_CRYPTO_RSHA_STATS`).

/// A `&'static core::ffi::CStr` of the constant string expression `$s` (for
/// example a `concat!`), checked at compile time.
#[macro_export]
macro_rules! cstr {
    ($s:expr) => {{
        const C: &::core::ffi::CStr =
            match ::core::ffi::CStr::from_bytes_with_nul(concat!($s, "\0").as_bytes()) {
                Ok(c) => c,
                // Evaluated by the compiler (`C` is a `const`): a string with
                // a NUL inside fails the build; nothing of it runs in the
                // kernel, so no path from the crypto API reaches it.
                Err(_) => panic!("the string has a NUL inside"),
            };
        C
    }};
}

/// The `char *` of a C string, for C. The kernel's `char` is unsigned on both
/// architectures, as `core::ffi::c_char` is on their Linux targets; the cast
/// only names the `kernel::ffi` type. 7.3's clippy configuration points at the
/// `kernel` crate's `CStrExt::as_char_ptr` instead, which 6.12 does not have:
/// this is the one place that calls `CStr::as_ptr`.
#[allow(clippy::disallowed_methods)]
pub fn cstr_ptr(s: &core::ffi::CStr) -> *const kernel::ffi::c_char {
    s.as_ptr().cast()
}

/// The C string at `ptr`, borrowed for `'a`: the counterpart of [`cstr_ptr`].
///
/// # Safety
///
/// `ptr` points to a NUL-terminated string that stays valid and unchanged for
/// `'a`.
#[allow(clippy::disallowed_methods)]
pub unsafe fn cstr_from_ptr<'a>(ptr: *const kernel::ffi::c_char) -> &'a core::ffi::CStr {
    // SAFETY: by the function's safety requirements.
    unsafe { core::ffi::CStr::from_ptr(ptr.cast()) }
}

/// A C string as text, for messages: `"?"` if it is not UTF-8.
pub fn cstr_text(s: &core::ffi::CStr) -> &str {
    core::str::from_utf8(s.to_bytes()).unwrap_or("?")
}

pub mod bindings;
pub mod cpu;
pub mod driver;
pub mod hmac;
pub mod md;
pub mod module;
pub mod select;
pub mod sha;
pub mod shash;
pub mod simd;
pub mod stats;
