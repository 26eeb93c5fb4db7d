// SPDX-License-Identifier: GPL-2.0

//! SHA-1 for x86_64: a scalar assembly core, an AVX2 one (the message schedule in vector
//! registers, the rounds scalar) and one with the SHA extensions (`sha1rnds4` and the
//! rest, SHA-NI).
//!
//! Counterpart of the in-tree `sha1-ssse3` module (`CONFIG_CRYPTO_SHA1_SSSE3`: drivers
//! `sha1-avx2` at 170 and `sha1-ni` at 250 on 6.12), with its own driver names. On 7.x
//! the selected driver ranks around the kernel's `sha1-lib` (300), and the unit drivers
//! below it (`rsha::select::selected_priority`, `unit_priority`).

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
    fn rsha_sha1_x86_64_scalar(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_x86_64_avx2(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_sha1_x86_64_ni(state: *mut c_void, data: *const u8, nblocks: usize);
    fn rsha_params_sha1_x86_64_rs() -> *const rsha_params;
}

/// `rsha_sha1_x86_64_scalar`, `rsha_sha1_x86_64_avx2` and `rsha_sha1_x86_64_ni` are the
/// cores of asm/x86_64/sha1-{scalar,avx2,ni}.S, built into this module (Kbuild);
/// tests/cores checks them against a C reference at every length and alignment. The AVX2
/// core needs AVX2 and BMI2 (`rsha::cpu::has_vector`), the SHA-NI one SHA-NI, SSSE3 and
/// SSE4.1 (the `Sha1` feature).
struct Sha1X86;

// SAFETY: all three take (state, data, nblocks) as `AsmCore` says, read `nblocks` whole blocks
// at `data`, write only the chaining words and their own stack, follow the SysV ABI, and
// the scalar one uses no FP/SIMD register; `PARAMS` is this module's own (`helpers.c`).
unsafe impl Cores for Sha1X86 {
    type Alg = Sha1;
    const SCALAR: AsmCore = rsha_sha1_x86_64_scalar;
    const VECTOR: AsmCore = rsha_sha1_x86_64_avx2;
    const CRYPTO: Option<(AsmCore, Feature)> = Some((rsha_sha1_x86_64_ni, Feature::Sha1));
    const PARAMS: ParamsFn = rsha_params_sha1_x86_64_rs;
}

crate::module_sha_driver! {
    cores: Sha1X86,
    priorities: { scalar: 110, vector: 175, crypto: 255, selected: 260 },
    // Ahead by more than the tie rule in Documentation/x86-cycles.csv, each where the CPUs lack
    // the ones before it (SHA-NI ahead of AVX2, AVX2 of scalar).
    expected: [Crypto, Vector],
    algorithms: [
        Sha1 => {
            scalar: "sha1-x86_64-rs",
            vector: "sha1-x86_64-avx2-rs",
            crypto: "sha1-x86_64-ni-rs",
            selected: "sha1-x86_64-auto-rs",
        },
    ],
    name: "sha1_x86_64_rs",
    author: "rust-arm-sha developers",
    description: "SHA-1 secure hash, x86_64 scalar, AVX2 and SHA-NI cores (Rust glue)",
    license: "GPL",
}
