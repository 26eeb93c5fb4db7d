// SPDX-License-Identifier: GPL-2.0

//! SHA-384 and SHA-512 for x86_64: a scalar assembly core and an AVX2 one (the message
//! schedule in vector registers, the rounds scalar). Zen 4 and the Intel CPUs before
//! Arrow Lake have no SHA-512 instructions, so no third core.
//!
//! Counterpart of the in-tree `sha512-ssse3` module (`CONFIG_CRYPTO_SHA512_SSSE3`: driver
//! `sha512-avx2` at 170 on 6.12), with its own driver names. On 7.x the selected drivers
//! rank around the kernel's `*-lib` drivers (300), and the unit drivers below them
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
    fn rsha_sha512_x86_64_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha512_x86_64_avx2(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha512_x86_64_rs() -> *const rsha_params;
}

/// `rsha_sha512_x86_64_scalar` and `rsha_sha512_x86_64_avx2` are the cores of
/// asm/x86_64/sha512-{scalar,avx2}.S, built into this module (Kbuild); tests/cores checks
/// them against a C reference at every length and alignment. The AVX2 core needs AVX2 and
/// BMI2 (`rsha::cpu::has_vector`).
struct Sha512X86;

// SAFETY: both take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the SysV ABI, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha512X86 {
    type Alg = Sha512;
    const SCALAR: AsmCore = rsha_sha512_x86_64_scalar;
    const VECTOR: AsmCore = rsha_sha512_x86_64_avx2;
    const CRYPTO: Option<(AsmCore, Feature)> = None;
    const PARAMS: ParamsFn = rsha_params_sha512_x86_64_rs;
}

crate::module_sha_driver! {
    cores: Sha512X86,
    priorities: { scalar: 110, vector: 175, selected: 180 },
    // Ahead by more than the tie rule in Documentation/x86-cycles.csv, each where the CPUs lack
    // the ones before it (AVX2 ahead of scalar).
    expected: [Vector],
    algorithms: [
        Sha384 => {
            scalar: "sha384-x86_64-rs",
            vector: "sha384-x86_64-avx2-rs",
            selected: "sha384-x86_64-auto-rs",
        },
        Sha512 => {
            scalar: "sha512-x86_64-rs",
            vector: "sha512-x86_64-avx2-rs",
            selected: "sha512-x86_64-auto-rs",
        },
    ],
    name: "sha512_x86_64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-384/512 secure hash, x86_64 scalar and AVX2 cores (Rust glue)",
    license: "GPL",
}
