// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for arm64: a scalar assembly core, a NEON one and one with the Crypto
//! Extensions (`sha1c`/`sha1p`/`sha1m`/`sha1h`/`sha1su0`/`sha1su1`).
//!
//! Priorities: scalar 150 and NEON 160 (no in-tree scalar or NEON driver on
//! arm64: between generic, 100, and the in-tree `sha1-ce`, 200); CE 210, above
//! `sha1-ce`; the selected driver, which runs the fastest unit of each CPU, 220.
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
    fn rsha_sha1_arm64_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_arm64_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_arm64_ce(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha1_arm64_rs() -> *const rsha_params;
}

/// `rsha_sha1_arm64_scalar`, `rsha_sha1_arm64_neon` and `rsha_sha1_arm64_ce` are the cores
/// of asm/arm64/sha1-{scalar,neon,ce}.S, built into this module (Kbuild); tests/cores
/// checks them against a C reference at every length and alignment. The CE one needs
/// nothing beyond NEON but the FEAT_SHA1 instructions, which `Sha1` names for the
/// registration check.
struct Sha1Arm64;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha1Arm64 {
    type Alg = Sha1;
    const SCALAR: AsmCore = rsha_sha1_arm64_scalar;
    const VECTOR: AsmCore = rsha_sha1_arm64_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha1_arm64_ce, Feature::Sha1));
    const PARAMS: ParamsFn = rsha_params_sha1_arm64_rs;
}

crate::module_sha_driver! {
    cores: Sha1Arm64,
    priorities: { scalar: 150, vector: 160, crypto: 210, selected: 220 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (CE ahead on every core modelled; NEON or scalar by core).
    expected: [Crypto],
    algorithms: [
        Sha1 => {
            scalar: "sha1-arm64-rs",
            vector: "sha1-arm64-neon-rs",
            crypto: "sha1-arm64-ce-rs",
            selected: "sha1-arm64-auto-rs",
        },
    ],
    name: "sha1_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, arm64 scalar, NEON and Crypto Extensions cores (Rust glue)",
    license: "GPL",
}
