// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for arm64: a scalar assembly core and a NEON one.
//!
//! Counterpart of the in-tree `sha256-arm64` module (`CONFIG_CRYPTO_SHA256_ARM64`,
//! drivers at priorities 125 and 150), with its own driver names so both can be
//! loaded together, and priorities 10 above theirs, below the Crypto Extensions
//! driver (200).

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::{Sha224, Sha256};

crate::module_asm_sha_driver! {
    // `rsha_sha256_arm64_scalar` and `rsha_sha256_arm64_neon` are the cores of
    // asm/arm64/sha256-scalar.S and asm/arm64/sha256-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` says, read exactly `nblocks`
    // whole blocks at `data` (any alignment), write only the chaining words at `state` and
    // their own stack, and follow the procedure call standard; the scalar one uses no FP/SIMD.
    cores: unsafe {
        scalar: rsha_sha256_arm64_scalar,
        neon: rsha_sha256_arm64_neon,
    },
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
