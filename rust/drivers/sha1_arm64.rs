// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for arm64: a scalar assembly core and a NEON one.
//!
//! Priorities 150 (scalar) and 160 (NEON): no in-tree scalar or NEON driver on arm64
//! (only Crypto Extensions, `sha1-ce` at 200); ours sit between generic (100) and CE.

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::Sha1;

crate::module_asm_sha_driver! {
    // `rsha_sha1_arm64_scalar` and `rsha_sha1_arm64_neon` are the cores of
    // asm/arm64/sha1-scalar.S and asm/arm64/sha1-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` says, read exactly `nblocks`
    // whole blocks at `data` (any alignment), write only the chaining words at `state` and
    // their own stack, and follow the procedure call standard; the scalar one uses no FP/SIMD.
    cores: unsafe {
        scalar: rsha_sha1_arm64_scalar,
        neon: rsha_sha1_arm64_neon,
    },
    priorities: (150, 160),
    algorithms: [
        Sha1 => ("sha1-arm64-rs", "sha1-arm64-neon-rs"),
    ],
    name: "sha1_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, arm64 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
