// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for ARMv7: a scalar assembly core and a NEON one.
//!
//! Priorities 160 (scalar) and 260 (NEON): 10 above the in-tree `sha1-asm` (150) and
//! `sha1-neon` (250).

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::Sha1;

crate::module_asm_sha_driver! {
    // `rsha_sha1_arm_scalar` and `rsha_sha1_arm_neon` are the cores of
    // asm/arm/sha1-scalar.S and asm/arm/sha1-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` says, read exactly `nblocks`
    // whole blocks at `data` (any alignment), write only the chaining words at `state` and
    // their own stack, and follow the procedure call standard; the scalar one uses no FP/SIMD.
    cores: unsafe {
        scalar: rsha_sha1_arm_scalar,
        neon: rsha_sha1_arm_neon,
    },
    priorities: (160, 260),
    algorithms: [
        Sha1 => ("sha1-arm-rs", "sha1-arm-neon-rs"),
    ],
    name: "sha1_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, ARMv7 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
