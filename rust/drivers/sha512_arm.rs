// SPDX-License-Identifier: GPL-2.0

//! SHA-384/512 for ARMv7: a scalar assembly core and a NEON one.
//!
//! Priorities 260 (scalar) and 310 (NEON): 10 above the in-tree `sha512-arm` (250) and
//! `sha512-neon` (300).

use kernel::crypto::sha::{Sha384, Sha512};

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha512_arm_scalar,
    neon_core: rsha_sha512_arm_neon,
    priorities: (260, 310),
    algorithms: [
        Sha384 => ("sha384-arm-rs", "sha384-arm-neon-rs"),
        Sha512 => ("sha512-arm-rs", "sha512-arm-neon-rs"),
    ],
    name: "sha512_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-384/512 secure hash, ARMv7 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
