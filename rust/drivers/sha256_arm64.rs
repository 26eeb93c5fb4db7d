// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for arm64: a scalar assembly core and a NEON one.
//!
//! Counterpart of the in-tree `sha256-arm64` module (`CONFIG_CRYPTO_SHA256_ARM64`),
//! with its own driver names so both can be loaded together, and priorities just
//! above the C drivers' (125 and 150), below the Crypto Extensions driver (200).

use kernel::crypto::{
    sha::{Sha224, Sha256},
    simd::compress_neon_or_scalar,
};

extern "C" {
    fn rsha_sha256_arm64_scalar(state: *mut u32, data: *const u8, blocks: usize);
    fn rsha_sha256_arm64_neon(state: *mut u32, data: *const u8, blocks: usize);
}

const BLOCK: usize = 64;

fn scalar(chain: &mut [u32; 8], blocks: &[u8]) {
    // SAFETY: the core reads `blocks.len() / 64` whole blocks from `blocks`, reads and
    // writes the eight words of `chain` and nothing else; it uses no SIMD register,
    // so it runs in any context.
    unsafe { rsha_sha256_arm64_scalar(chain.as_mut_ptr(), blocks.as_ptr(), blocks.len() / BLOCK) }
}

/// # Safety
///
/// Only between `kernel_neon_begin()` and `kernel_neon_end()`.
unsafe fn neon(chain: &mut [u32; 8], blocks: &[u8]) {
    // SAFETY: as for the scalar core; the NEON registers it uses are the kernel's
    // inside the NEON section the caller holds.
    unsafe { rsha_sha256_arm64_neon(chain.as_mut_ptr(), blocks.as_ptr(), blocks.len() / BLOCK) }
}

fn neon_or_scalar(chain: &mut [u32; 8], blocks: &[u8]) {
    compress_neon_or_scalar(chain, blocks, neon, scalar)
}

kernel::block_cores! {
    Sha224Scalar => (Sha224, "sha224-arm64-rs", 130, scalar),
    Sha256Scalar => (Sha256, "sha256-arm64-rs", 130, scalar),
    Sha224Neon => (Sha224, "sha224-arm64-neon-rs", 160, neon_or_scalar),
    Sha256Neon => (Sha256, "sha256-arm64-neon-rs", 160, neon_or_scalar),
}

kernel::module_md_driver! {
    cores: [Sha224Scalar, Sha256Scalar],
    neon_cores: [Sha224Neon, Sha256Neon],
    name: "sha256_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-224/256 secure hash, arm64 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
