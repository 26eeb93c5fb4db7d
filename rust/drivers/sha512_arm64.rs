// SPDX-License-Identifier: GPL-2.0

//! SHA-384/512 for arm64: a scalar assembly core and a NEON one.
//!
//! Priorities 160 (scalar) and 170 (NEON): 10 above the in-tree `sha512-arm64` (scalar,
//! 150; no NEON driver upstream) and below the Crypto Extensions driver (200).

use kernel::crypto::sha::{Sha384, Sha512};

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha512_arm64_scalar,
    neon_core: rsha_sha512_arm64_neon,
    priorities: (160, 170),
    algorithms: [
        Sha384 => ("sha384-arm64-rs", "sha384-arm64-neon-rs"),
        Sha512 => ("sha512-arm64-rs", "sha512-arm64-neon-rs"),
    ],
    name: "sha512_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-384/512 secure hash, arm64 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
