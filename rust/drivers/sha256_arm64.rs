// SPDX-License-Identifier: GPL-2.0

//! SHA-224 and SHA-256 for arm64: a scalar assembly core, a NEON one and one
//! with the Crypto Extensions (`sha256h`/`sha256h2`/`sha256su0`/`sha256su1`).
//!
//! Counterpart of the in-tree `sha256-arm64` module (`CONFIG_CRYPTO_SHA256_ARM64`,
//! drivers at priorities 125 and 150) and of `sha2-ce` (`CONFIG_CRYPTO_SHA2_ARM64_CE`,
//! 200), with its own driver names so that all can be loaded together: the
//! scalar and NEON drivers 10 above the in-tree ones, below `sha2-ce`; the CE
//! driver above `sha2-ce`; the selected drivers, which run the fastest unit of
//! each CPU, above them all.
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
    fn rsha_sha256_arm64_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha256_arm64_neon(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha256_arm64_ce(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha256_arm64_rs() -> *const rsha_params;
}

/// `rsha_sha256_arm64_scalar`, `rsha_sha256_arm64_neon` and `rsha_sha256_arm64_ce` are the
/// cores of asm/arm64/sha256-{scalar,neon,ce}.S, built into this module (Kbuild);
/// tests/cores checks them against a C reference at every length and alignment. The CE one
/// uses only the SHA-256 instructions beyond Advanced SIMD (FEAT_SHA256, the `Sha2`
/// feature).
struct Sha256Arm64;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the AAPCS, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha256Arm64 {
    type Alg = Sha256;
    const SCALAR: AsmCore = rsha_sha256_arm64_scalar;
    const VECTOR: AsmCore = rsha_sha256_arm64_neon;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha256_arm64_ce, Feature::Sha2));
    const PARAMS: ParamsFn = rsha_params_sha256_arm64_rs;
}

crate::module_sha_driver! {
    cores: Sha256Arm64,
    priorities: { scalar: 135, vector: 160, crypto: 210, selected: 220 },
    // Ahead by more than the tie rule in Documentation/mca-cycles-7.3.csv, each where the CPUs lack
    // the ones before it (CE ahead on every core modelled; NEON or scalar by core).
    expected: [Crypto],
    algorithms: [
        Sha224 => {
            scalar: "sha224-arm64-rs",
            vector: "sha224-arm64-neon-rs",
            crypto: "sha224-arm64-ce-rs",
            selected: "sha224-arm64-auto-rs",
        },
        Sha256 => {
            scalar: "sha256-arm64-rs",
            vector: "sha256-arm64-neon-rs",
            crypto: "sha256-arm64-ce-rs",
            selected: "sha256-arm64-auto-rs",
        },
    ],
    name: "sha256_arm64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-224/256 secure hash, arm64 scalar, NEON and Crypto Extensions cores (Rust glue)",
    license: "GPL",
}
