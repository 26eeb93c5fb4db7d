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
//! kernel has: `module!`, `ThisModule`, `Opaque`, `CStr`, error codes. The
//! macros of the library name it as `$crate::rsha`, hence the fixed module name.
//!
//! - [`shash`]: the abstraction: a [`shash::Shash`] implementation becomes a
//!   `struct shash_alg`, registered by [`shash::Registration`] or the
//!   [`module_shash_driver`] macro.
//! - [`md`] and [`sha`]: the Merkle-Damgård engine and the SHA parameters (`core` only).
//! - [`md_shash`]: a block core (an assembly function, a name, a priority) plus the
//!   engine gives a [`shash::Shash`].
//! - [`simd`]: when the NEON unit may be used, and bounded NEON sections (for the
//!   NEON and the Crypto Extensions cores).
//! - [`cpu`]: the CPUs' Crypto Extensions features, CPU types and numbers.
//! - [`select`]: the unit each CPU runs for the selected drivers, by measurement.
//! - [`stats`]: per-driver block and NEON-section counters in debugfs
//!   (`CONFIG_CRYPTO_RSHA_STATS`).
//! - [`tfm`]: the consumer side: allocate a transform by name and hash with it.

pub mod bindings;
pub mod cpu;
pub mod md;
pub mod md_shash;
pub mod select;
pub mod sha;
pub mod shash;
pub mod simd;
pub mod stats;
pub mod tfm;
