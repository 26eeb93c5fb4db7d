// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for 32-bit ARMv7: a scalar assembly core, a NEON one and
//! one with the AArch32 Crypto Extensions (`sha256h.32` and the rest, for ARMv7
//! kernels on ARMv8 CPUs), all assembled for ARM or Thumb-2 as the kernel is.
//!
//! Counterpart of the in-tree `sha256-arm` module (`CONFIG_CRYPTO_SHA256_ARM`,
//! drivers `sha256-asm` at 150 and `sha256-neon` at 250) and of `sha2-ce`
//! (`CONFIG_CRYPTO_SHA2_ARM_CE`, 300), with its own driver names: scalar 160
//! and NEON 260, 10 above theirs; CE 310, above `sha2-ce`; the selected
//! drivers, which run the fastest unit of each CPU, 320.
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
    sha::{Sha224, Sha256},
};

extern "C" {
    fn rsha_sha256_arm_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha256_arm_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha256_arm_ce(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha256_arm_rs() -> *const rsha_params;
}

/// `rsha_sha256_arm_scalar`, `rsha_sha256_arm_neon` and `rsha_sha256_arm_ce` are the cores
/// of asm/arm/sha256-{scalar,neon,ce}.S, built into this module (Kbuild); tests/cores
/// checks them against a C reference at every length and alignment. The CE one needs
/// nothing beyond NEON but the HWCAP2_SHA2 instructions, which `Sha2` names for the
/// registration check.
struct Sha256Arm;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha256Arm {
    type Alg = Sha256;
    const SCALAR: AsmCore = rsha_sha256_arm_scalar;
    const VECTOR: AsmCore = rsha_sha256_arm_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha256_arm_ce, Feature::Sha2));
    const PARAMS: ParamsFn = rsha_params_sha256_arm_rs;
}

crate::module_sha_driver! {
    cores: Sha256Arm,
    priorities: { scalar: 160, vector: 260, crypto: 310, selected: 320 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (CE ahead of NEON, NEON of scalar, on every core modelled).
    expected: [Crypto, Vector],
    algorithms: [
        Sha224 => {
            scalar: "sha224-arm-rs",
            vector: "sha224-arm-neon-rs",
            crypto: "sha224-arm-ce-rs",
            selected: "sha224-arm-auto-rs",
        },
        Sha256 => {
            scalar: "sha256-arm-rs",
            vector: "sha256-arm-neon-rs",
            crypto: "sha256-arm-ce-rs",
            selected: "sha256-arm-auto-rs",
        },
    ],
    name: "sha256_arm_rs",
    author: "rust-arm-sha developers",
    description: "SHA-224/256 secure hash, ARMv7 scalar, NEON and Crypto Extensions cores (Rust glue)",
    license: "GPL",
}
