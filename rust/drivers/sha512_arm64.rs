// SPDX-License-Identifier: GPL-2.0

//! SHA-384/512 for arm64: a scalar assembly core and a NEON one.
//!
//! Priorities 160 (scalar) and 170 (NEON): 10 above the in-tree `sha512-arm64` (scalar,
//! 150; no NEON driver upstream) and below the Crypto Extensions driver (200).

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::{Sha384, Sha512};

crate::module_asm_sha_driver! {
    // `rsha_sha512_arm64_scalar` and `rsha_sha512_arm64_neon` are the cores of
    // asm/arm64/sha512-scalar.S and asm/arm64/sha512-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` says, read exactly `nblocks`
    // whole blocks at `data` (any alignment), write only the chaining words at `state` and
    // their own stack, and follow the procedure call standard; the scalar one uses no FP/SIMD.
    cores: unsafe {
        scalar: rsha_sha512_arm64_scalar,
        neon: rsha_sha512_arm64_neon,
    },
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
