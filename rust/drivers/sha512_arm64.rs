// SPDX-License-Identifier: GPL-2.0

//! SHA-384/512 for arm64: a scalar assembly core, a NEON one and one with the
//! SHA-512 instructions of the Crypto Extensions (FEAT_SHA512: `sha512h`/
//! `sha512h2`/`sha512su0`/`sha512su1`).
//!
//! Priorities: scalar 160 and NEON 170, 10 above the in-tree `sha512-arm64`
//! (scalar, 150; no NEON driver upstream) and below its `sha512-ce` (200); CE
//! 210, above `sha512-ce`; the selected drivers, which run the fastest unit of
//! each CPU, 220.
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
    fn rsha_sha512_arm64_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha512_arm64_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha512_arm64_ce(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha512_arm64_rs() -> *const rsha_params;
}

/// `rsha_sha512_arm64_scalar`, `rsha_sha512_arm64_neon` and `rsha_sha512_arm64_ce` are the
/// cores of asm/arm64/sha512-{scalar,neon,ce}.S, built into this module (Kbuild);
/// tests/cores checks them against a C reference at every length and alignment. The CE one
/// needs nothing beyond NEON but the FEAT_SHA512 instructions, which `Sha512` names for the
/// registration check.
struct Sha512Arm64;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha512Arm64 {
    type Alg = Sha512;
    const SCALAR: AsmCore = rsha_sha512_arm64_scalar;
    const VECTOR: AsmCore = rsha_sha512_arm64_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha512_arm64_ce, Feature::Sha512));
    const PARAMS: ParamsFn = rsha_params_sha512_arm64_rs;
}

crate::module_sha_driver! {
    cores: Sha512Arm64,
    priorities: { scalar: 160, vector: 170, crypto: 210, selected: 220 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (CE ahead on every core modelled; NEON or scalar by core).
    expected: [Crypto],
    algorithms: [
        Sha384 => {
            scalar: "sha384-arm64-rs",
            vector: "sha384-arm64-neon-rs",
            crypto: "sha384-arm64-ce-rs",
            selected: "sha384-arm64-auto-rs",
        },
        Sha512 => {
            scalar: "sha512-arm64-rs",
            vector: "sha512-arm64-neon-rs",
            crypto: "sha512-arm64-ce-rs",
            selected: "sha512-arm64-auto-rs",
        },
    ],
    name: "sha512_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-384/512 secure hash, arm64 scalar, NEON and Crypto Extensions cores (Rust glue)",
    license: "GPL",
}
