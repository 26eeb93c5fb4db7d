// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for ARMv7: a scalar assembly core and a NEON one.
//!
//! Priorities 160 (scalar) and 260 (NEON): 10 above the in-tree `sha1-asm` (150) and
//! `sha1-neon` (250).

use kernel::crypto::sha::Sha1;

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha1_arm_scalar,
    neon_core: rsha_sha1_arm_neon,
    priorities: (160, 260),
    algorithms: [
        Sha1 => ("sha1-arm-rs", "sha1-arm-neon-rs"),
    ],
    name: "sha1_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, ARMv7 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
