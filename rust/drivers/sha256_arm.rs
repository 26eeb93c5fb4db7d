// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for 32-bit ARMv7: a scalar assembly core and a NEON one,
//! both assembled for ARM or Thumb-2 as the kernel is.
//!
//! Counterpart of the in-tree `sha256-arm` module (`CONFIG_CRYPTO_SHA256_ARM`,
//! drivers `sha256-asm` at 150 and `sha256-neon` at 250), with its own driver
//! names and priorities 10 above theirs, below the Crypto Extensions driver (300).

use kernel::crypto::sha::{Sha224, Sha256};

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha256_arm_scalar,
    neon_core: rsha_sha256_arm_neon,
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
