// SPDX-License-Identifier: GPL-2.0

//! `rsha`: the project's library for synchronous hash (`shash`) drivers, which every
//! module compiles in as its module `rsha` at the crate root (the macros name it
//! `$crate::rsha`); its rooms are in `Documentation/design.rst`. For C strings it uses
//! `core::ffi::CStr` ([`cstr!`](crate::cstr)): the `kernel` crate's changed after 6.12.

/// A `&'static core::ffi::CStr` of the constant string expression `$s` (for example a
/// `concat!`), checked at compile time.
#[macro_export]
macro_rules! cstr {
    ($s:expr) => {{
        const C: &::core::ffi::CStr =
            match ::core::ffi::CStr::from_bytes_with_nul(concat!($s, "\0").as_bytes()) {
                Ok(c) => c,
                // A `const`: a string with a NUL inside fails the build.
                Err(_) => panic!("the string has a NUL inside"),
            };
        C
    }};
}

/// The `char *` of a C string (`char` is unsigned, as `c_char` here); 7.3's clippy
/// configuration asks for `CStrExt::as_char_ptr`, which 6.12 does not have.
#[allow(clippy::disallowed_methods)]
pub fn cstr_ptr(s: &core::ffi::CStr) -> *const kernel::ffi::c_char {
    s.as_ptr().cast()
}

/// The C string at `ptr`, borrowed for `'a`: the counterpart of [`cstr_ptr`].
///
/// # Safety
///
/// `ptr` points to a NUL-terminated string that stays valid and unchanged for `'a`.
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
