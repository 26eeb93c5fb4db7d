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
    cpu::Unit,
    driver::{Compress, Hash, Hmac},
    md::Message,
    sha::Sha256,
    shash::{AlgDef, Registration},
    stats::{CoreStats, StatsDir},
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

static STATS: [CoreStats; 2] = [CoreStats::new(), CoreStats::new()];

impl Compress for Sha256Wrong {
    type Alg = Sha256;
    const DRIVER_NAME: &'static str = "sha256-rs-negative-control";
    const HMAC_DRIVER_NAME: &'static str = "hmac-sha256-rs-negative-control";
    const PRIORITY: i32 = 10;
    fn unit() -> Unit {
        Unit::Scalar
    }
    unsafe fn core(_: Unit, chain: &mut [u32; 8], blocks: Message<'_>) {
        wrong_compress(chain, blocks)
    }
    fn stats() -> &'static CoreStats {
        &STATS[0]
    }
    fn hmac_stats() -> &'static CoreStats {
        &STATS[1]
    }
}

static DRIVERS: [AlgDef; 2] = [
    AlgDef::new::<Hash<Sha256Wrong>>(),
    AlgDef::new::<Hmac<Sha256Wrong>>(),
];

crate::modinfo!("author=", "rust-arm-sha developers");

struct Module {
    // Dropped first: the statistics files go before the drivers.
    _stats: StatsDir,
    _drivers: Registration,
}

kernel::prelude::module! {
    type: Module,
    name: "rsha_negative_control",
    description: "Test only: SHA-256 driver with deliberately wrong digests",
    license: "GPL",
}

impl kernel::Module for Module {
    fn init(module: &'static kernel::ThisModule) -> kernel::error::Result<Self> {
        // Its self-tests fail, which ends each wait at once: the hash's test ends before
        // the HMAC's starts, so that testmgr's two reports do not interleave.
        let drivers = Registration::register(module, &DRIVERS, |_| Some(0))?;
        let stats = StatsDir::new(module, __LOG_PREFIX);
        stats.add(Sha256Wrong::DRIVER_NAME, Sha256Wrong::stats());
        stats.add(Sha256Wrong::HMAC_DRIVER_NAME, Sha256Wrong::hmac_stats());
        Ok(Module {
            _stats: stats,
            _drivers: drivers,
        })
    }
}
