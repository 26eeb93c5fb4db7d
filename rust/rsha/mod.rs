// SPDX-License-Identifier: GPL-2.0

//! Crypto API support: synchronous hash (`shash`) algorithms.
//!
//! C headers: [`include/crypto/internal/hash.h`](srctree/include/crypto/internal/hash.h),
//! [`include/crypto/internal/simd.h`](srctree/include/crypto/internal/simd.h).
//!
//! - [`shash`]: the abstraction: a [`shash::Shash`] implementation becomes a
//!   `struct shash_alg`, registered by [`shash::Registration`] or the
//!   [`module_shash_driver`](crate::module_shash_driver) macro.
//! - [`md`] and [`sha`]: the Merkle-Damgård engine and the SHA parameters (`core` only).
//! - [`md_shash`]: a block core (an assembly function, a name, a priority) plus the
//!   engine gives a [`shash::Shash`].
//! - [`simd`]: when the NEON unit may be used, and bounded NEON sections.
//! - [`stats`]: per-driver block and NEON-section counters in debugfs
//!   (`CONFIG_CRYPTO_RSHA_STATS`).
//! - [`tfm`]: the consumer side: allocate a transform by name and hash with it.

pub mod md;
pub mod md_shash;
pub mod sha;
pub mod shash;
pub mod simd;
pub mod stats;
pub mod tfm;
