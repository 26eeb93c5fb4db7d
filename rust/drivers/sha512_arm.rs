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

use kernel::ffi::c_void;
use rsha::{
    bindings::rsha_params,
    cpu::Feature,
    driver::{AsmCore, Cores, ParamsFn},
    sha::{Sha384, Sha512},
};

extern "C" {
    fn rsha_sha512_arm_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha512_arm_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha512_arm_rs() -> *const rsha_params;
}

/// `rsha_sha512_arm_scalar` and `rsha_sha512_arm_neon` are the cores of
/// asm/arm/sha512-scalar.S and asm/arm/sha512-neon.S, built into this module (Kbuild);
/// tests/cores checks them against a C reference at every length and alignment.
struct Sha512Arm;

// SAFETY: both take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha512Arm {
    type Alg = Sha512;
    const SCALAR: AsmCore = rsha_sha512_arm_scalar;
    const VECTOR: AsmCore = rsha_sha512_arm_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = None;
    const PARAMS: ParamsFn = rsha_params_sha512_arm_rs;
}

crate::module_sha_driver! {
    cores: Sha512Arm,
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
