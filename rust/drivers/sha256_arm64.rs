// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for arm64: a scalar assembly core and a NEON one.
//!
//! Counterpart of the in-tree `sha256-arm64` module (`CONFIG_CRYPTO_SHA256_ARM64`,
//! drivers at priorities 125 and 150), with its own driver names so both can be
//! loaded together, and priorities 10 above theirs, below the Crypto Extensions
//! driver (200).

use kernel::crypto::sha::{Sha224, Sha256};

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha256_arm64_scalar,
    neon_core: rsha_sha256_arm64_neon,
    priorities: (135, 160),
    algorithms: [
        Sha224 => ("sha224-arm64-rs", "sha224-arm64-neon-rs"),
        Sha256 => ("sha256-arm64-rs", "sha256-arm64-neon-rs"),
    ],
    name: "sha256_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-224/256 secure hash, arm64 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
