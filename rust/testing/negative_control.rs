// SPDX-License-Identifier: GPL-2.0

//! Test only: a "sha256" driver whose digests are wrong on purpose.
//!
//! `/proc/crypto` says `selftest: passed` even when the kernel's self-tests are
//! compiled out, so a passing driver proves nothing. This module goes through the
//! same abstraction and engine as the real drivers, with a compression function that
//! is not SHA-256; when the self-tests run, the kernel must report it as failed,
//! and the test suite checks that it does; the same for its HMAC, which proves
//! that the HMAC self-tests run. Its priorities are below the generic
//! drivers', so nothing picks it by name "sha256" or "hmac(sha256)".

#[path = "../rsha/mod.rs"]
pub mod rsha;

use rsha::{
    md::Message,
    md_shash::{BlockCore, MdHmac, MdShash, ScalarOp, Work},
    sha::Sha256,
    stats::CoreStats,
};

/// Not SHA-256: mixes the message into the chaining value with xor and rotations.
fn wrong_compress(chain: &mut [u32; 8], blocks: Message<'_>) {
    let mut rest = blocks;
    while !rest.is_empty() {
        let (now, tail) = rest.split_at(64);
        let mut block = [0u8; 64];
        now.copy_to(&mut block);
        for (i, byte) in block.iter().enumerate() {
            let word = &mut chain[i % 8];
            *word = word.rotate_left(5) ^ u32::from(*byte);
        }
        rest = tail;
    }
}

/// The driver: the real engine over the wrong compression function.
struct Sha256Wrong;

impl BlockCore for Sha256Wrong {
    type Alg = Sha256;
    const DRIVER_NAME: &'static str = "sha256-rs-negative-control";
    const HMAC_DRIVER_NAME: &'static str = "hmac-sha256-rs-negative-control";
    const PRIORITY: i32 = 10;
    fn run<W: Work<Sha256>>(stats: &'static CoreStats, work: W) -> W::Output {
        work.run(&mut ScalarOp::new(wrong_compress, stats))
    }
    fn stats() -> &'static CoreStats {
        static STATS: CoreStats = CoreStats::new();
        &STATS
    }
    fn hmac_stats() -> &'static CoreStats {
        static STATS: CoreStats = CoreStats::new();
        &STATS
    }
}

crate::module_shash_driver! {
    algorithms: [MdShash<Sha256Wrong>, MdHmac<Sha256Wrong>],
    name: "rsha_negative_control",
    author: "rust-arm-sha developers",
    description: "Test only: SHA-256 driver with deliberately wrong digests",
    license: "GPL",
}
