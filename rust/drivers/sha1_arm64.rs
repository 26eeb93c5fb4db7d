// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for arm64: a scalar assembly core and a NEON one.
//!
//! Priorities 150 (scalar) and 160 (NEON): no in-tree scalar or NEON driver on arm64
//! (only Crypto Extensions, `sha1-ce` at 200); ours sit between generic (100) and CE.

use kernel::crypto::sha::Sha1;

kernel::module_asm_sha_driver! {
    scalar_core: rsha_sha1_arm64_scalar,
    neon_core: rsha_sha1_arm64_neon,
    priorities: (150, 160),
    algorithms: [
        Sha1 => ("sha1-arm64-rs", "sha1-arm64-neon-rs"),
    ],
    name: "sha1_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, arm64 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
