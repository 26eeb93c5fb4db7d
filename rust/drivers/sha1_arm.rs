// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for ARMv7: a scalar assembly core, a NEON one and one with the AArch32
//! Crypto Extensions (`sha1c.32` and the rest, for ARMv7 kernels on ARMv8
//! CPUs), all assembled for ARM or Thumb-2 as the kernel is.
//!
//! Priorities: scalar 160 and NEON 260, 10 above the in-tree `sha1-asm` (150)
//! and `sha1-neon` (250); CE 210, above the in-tree `sha1-ce` (200, below
//! `sha1-neon` upstream); the selected driver, which runs the fastest unit of
//! each CPU, 270, above them all.
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
    sha::Sha1,
};

extern "C" {
    fn rsha_sha1_arm_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_arm_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_arm_ce(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha1_arm_rs() -> *const rsha_params;
}

/// `rsha_sha1_arm_scalar`, `rsha_sha1_arm_neon` and `rsha_sha1_arm_ce` are the cores of
/// asm/arm/sha1-{scalar,neon,ce}.S, built into this module (Kbuild); tests/cores checks
/// them against a C reference at every length and alignment. The CE one needs nothing
/// beyond NEON but the HWCAP2_SHA1 instructions, which `Sha1` names for the registration
/// check.
struct Sha1Arm;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha1Arm {
    type Alg = Sha1;
    const SCALAR: AsmCore = rsha_sha1_arm_scalar;
    const VECTOR: AsmCore = rsha_sha1_arm_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha1_arm_ce, Feature::Sha1));
    const PARAMS: ParamsFn = rsha_params_sha1_arm_rs;
}

crate::module_sha_driver! {
    cores: Sha1Arm,
    priorities: { scalar: 160, vector: 260, crypto: 210, selected: 270 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (CE ahead of NEON, NEON of scalar, on every core modelled).
    expected: [Crypto, Vector],
    algorithms: [
        Sha1 => {
            scalar: "sha1-arm-rs",
            vector: "sha1-arm-neon-rs",
            crypto: "sha1-arm-ce-rs",
            selected: "sha1-arm-auto-rs",
        },
    ],
    name: "sha1_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, ARMv7 scalar, NEON and Crypto Extensions cores (Rust glue)",
    license: "GPL",
}
