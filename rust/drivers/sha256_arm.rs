// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for 32-bit ARMv7: a scalar assembly core and a NEON one,
//! both assembled for ARM or Thumb-2 as the kernel is.
//!
//! Counterpart of the in-tree `sha256-arm` module (`CONFIG_CRYPTO_SHA256_ARM`,
//! drivers `sha256-asm` at 150 and `sha256-neon` at 250), with its own driver
//! names and priorities 10 above theirs, below the Crypto Extensions driver (300).

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::{Sha224, Sha256};

crate::module_asm_sha_driver! {
    // `rsha_sha256_arm_scalar` and `rsha_sha256_arm_neon` are the cores of
    // asm/arm/sha256-scalar.S and asm/arm/sha256-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` says, read exactly `nblocks`
    // whole blocks at `data` (any alignment), write only the chaining words at `state` and
    // their own stack, and follow the procedure call standard; the scalar one uses no FP/SIMD.
    cores: unsafe {
        scalar: rsha_sha256_arm_scalar,
        neon: rsha_sha256_arm_neon,
    },
    priorities: (160, 260),
    algorithms: [
        Sha224 => ("sha224-arm-rs", "sha224-arm-neon-rs"),
        Sha256 => ("sha256-arm-rs", "sha256-arm-neon-rs"),
    ],
    name: "sha256_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-224/256 secure hash, ARMv7 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
