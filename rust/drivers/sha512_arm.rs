// SPDX-License-Identifier: GPL-2.0

//! SHA-384/512 for ARMv7: a scalar assembly core and a NEON one (AArch32 has no
//! SHA-512 instructions).
//!
//! Priorities: scalar 260 and NEON 310, 10 above the in-tree `sha512-arm` (250)
//! and `sha512-neon` (300); the selected drivers, which run the faster unit of
//! each CPU, 320.
//! These are 6.12's; on 7.x the selected drivers rank around the kernel's
//! `*-lib` drivers (300), and the unit drivers below them
//! (`rsha::select::selected_priority`, `unit_priority`).

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::sha::{Sha384, Sha512};

crate::module_sha_driver! {
    // `rsha_sha512_arm_scalar` and `rsha_sha512_arm_neon` are the cores of
    // asm/arm/sha512-scalar.S and asm/arm/sha512-neon.S, built into this module (Kbuild);
    // tests/cores checks them against a C reference at every length and alignment.
    // SAFETY: both take (state, data, nblocks) as `AsmCore` (rust/rsha/driver.rs) says, read `nblocks` whole blocks at
    // `data`, write only the chaining words and their own stack, and follow the procedure call
    // standard; the scalar one uses no FP/SIMD register.
    cores: unsafe {
        scalar: rsha_sha512_arm_scalar,
        vector: rsha_sha512_arm_neon,
    },
    priorities: { scalar: 260, vector: 310, selected: 320 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (NEON ahead of scalar on every core modelled).
    expected: [Vector],
    algorithms: [
        Sha384 => {
            scalar: "sha384-arm-rs",
            vector: "sha384-arm-neon-rs",
            selected: "sha384-arm-auto-rs",
        },
        Sha512 => {
            scalar: "sha512-arm-rs",
            vector: "sha512-arm-neon-rs",
            selected: "sha512-arm-auto-rs",
        },
    ],
    name: "sha512_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-384/512 secure hash, ARMv7 scalar and NEON cores (Rust glue)",
    license: "GPL",
}
