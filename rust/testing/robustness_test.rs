// SPDX-License-Identifier: GPL-2.0

//! Test only: hashes with every Rust SHA and HMAC driver from every context a
//! kernel user may call it from, and compares each digest with the kernel's C
//! driver.
//!
//! Loaded by the test suite after the drivers (`scripts/guest/initramfs/robustness.sh`); all
//! tests run in module init and report in KTAP version 1
//! (`Documentation/dev-tools/ktap.rst`), one subtest per driver and the
//! `threads` test, every line through `pr_info!`:
//!
//! ```text
//! rsha_robustness_test: KTAP version 1
//! rsha_robustness_test: 1..<drivers + 1>
//! rsha_robustness_test:     KTAP version 1
//! rsha_robustness_test:     # Subtest: <driver>
//! rsha_robustness_test:     # <driver> <test>: <detail>
//! rsha_robustness_test:     ok <n> <test>                (or "not ok <n> <test>")
//! rsha_robustness_test: ok <n> <driver>                    (not ok: a test failed)
//! rsha_robustness_test: ok <n> <driver> # SKIP not registered
//! rsha_robustness_test: not ok <n> <driver>                (with "# <driver> alloc: ...")
//! rsha_robustness_test: # all-drivers threads: <detail>
//! rsha_robustness_test: ok <n> threads
//! rsha_robustness_test: # <passed> passed, <failed> failed
//! ```
//!
//! The host (`scripts/results/parse.py`, through the kernel's `kunit.py parse`)
//! decides; it also checks the drivers' debugfs statistics, which show that the
//! hardirq calls took the scalar core.
//! Every test must fail on the negative control driver.
//! While loaded the module holds a transform of every driver, so `rmmod` of a
//! driver module must be refused until this one goes.
//!
//! Tests, per driver (the reference is `<alg>-generic` on 6.12 and `<alg>-lib`
//! on 7.x; for an HMAC `hmac(<alg>-generic)` and `hmac-<alg>-lib`, with the same
//! random key of 0 to 300 bytes as ours, a key per driver and thread; before
//! the key is set, an HMAC transform must refuse to hash with `-ENOKEY`, or the
//! driver's `alloc` fails):
//! - `ctx-task`, `ctx-preempt-off`, `ctx-irqs-off`, `ctx-softirq`, `ctx-hardirq`:
//!   a batch of messages (0 B to 9 KiB, so NEON sections are cut) hashed in that
//!   context; the softirq and hardirq batches run in an hrtimer callback (soft and
//!   hard mode), and the batch checks that it ran in the context it asked for.
//! - `threads`: one kernel thread per CPU, each with its own transforms, hashing
//!   random lengths in random update splits (zero-length ones included) at random
//!   source and output misalignment, all at once.
//! - `misalign`: every source and output misalignment 0..15, with guard bytes
//!   around the output.
//! - `zero-length`: empty updates before, between and after data.
//! - `import-random`: `import()` of random bytes, then more data; the generic
//!   driver gets the same state (in its layout) and must agree.
//! - `counter-wrap`: states whose byte counter is just below a word boundary of
//!   the counter or of the bit length (2^29, 2^32, 2^61, 2^64 and the 128-bit
//!   counter's carry), then a stream of updates across it.
//! - `export-interop`: a state exported by our driver finishes in the generic one.
//! - `overlap`: buffers the C drivers take without a check: a digest written
//!   over its own message; a state exported into the descriptor's own context
//!   and imported back from there, then finished; a message that lies inside
//!   the context (accepted, and the descriptor hashes correctly afterwards).

#[path = "../rsha/mod.rs"]
pub mod rsha;
/// The consumer side of the crypto API: transforms and descriptors.
pub mod tfm;

use crate::cstr as c_str;
use core::{
    ffi::{c_int, c_void, CStr},
    sync::atomic::{AtomicBool, AtomicU32, Ordering},
};
use kernel::{
    alloc::{flags::GFP_KERNEL, KBox, KVec},
    bindings,
    error::{code::ENOENT, from_err_ptr, Error},
    prelude::*,
};
use rsha::{
    cstr_text,
    stats::{current_context, Context},
};
use tfm::{ShashDesc, ShashTfm};

// An hrtimer calling back in hardirq or softirq context, and interrupts off:
// test_helpers.c.
extern "C" {
    fn rsha_hrtimer_setup(
        timer: *mut rsha::bindings::hrtimer,
        function: Option<unsafe extern "C" fn(*mut rsha::bindings::hrtimer)>,
        hard: bool,
    );
    fn rsha_hrtimer_start(timer: *mut rsha::bindings::hrtimer, delay_ns: u64, hard: bool);
    fn rsha_hrtimer_cancel(timer: *mut rsha::bindings::hrtimer);
    fn rsha_local_irq_save() -> kernel::ffi::c_ulong;
    fn rsha_local_irq_restore(flags: kernel::ffi::c_ulong);
    fn rsha_nr_cpu_ids() -> kernel::ffi::c_uint;
}

// The author goes into `.modinfo` through the library: `module!` spells the
// field differently on 6.12 (`author:`) and 7.3 (`authors: [...]`).
crate::modinfo!("author=", "rust-arm-sha developers");

module! {
    type: RobustnessTest,
    name: "rsha_robustness_test",
    description: "Test only: the Rust SHA drivers from every context, against generic",
    license: "GPL",
}

/// The architecture and the vector and crypto units in our drivers' names.
#[cfg(CONFIG_ARM64)]
macro_rules! arch {
    () => {
        "arm64"
    };
}
#[cfg(CONFIG_X86_64)]
macro_rules! arch {
    () => {
        "x86_64"
    };
}
#[cfg(not(any(CONFIG_ARM64, CONFIG_X86_64)))]
macro_rules! arch {
    () => {
        "arm"
    };
}
#[cfg(not(CONFIG_X86_64))]
macro_rules! unit {
    (vector) => {
        "-neon-rs"
    };
    (crypto) => {
        "-ce-rs"
    };
}
#[cfg(CONFIG_X86_64)]
macro_rules! unit {
    (vector) => {
        "-avx2-rs"
    };
    (crypto) => {
        "-ni-rs"
    };
}

/// The suffix of the reference drivers' names: the C drivers that testmgr also
/// compares with, `sha256-generic` on 6.12 and `sha256-lib` (over
/// `lib/crypto`) from 6.17 on.
#[cfg(not(rsha_lib_drivers))]
macro_rules! reference_suffix {
    () => {
        "-generic"
    };
}
#[cfg(rsha_lib_drivers)]
macro_rules! reference_suffix {
    () => {
        "-lib"
    };
}

/// The reference driver of an HMAC: the `hmac` template over the generic
/// driver on 6.12, the kernel's `hmac-<alg>-lib` from 6.17 on.
#[cfg(not(rsha_lib_drivers))]
macro_rules! hmac_reference {
    ($name:literal) => {
        concat!("hmac(", $name, "-generic)")
    };
}
#[cfg(rsha_lib_drivers)]
macro_rules! hmac_reference {
    ($name:literal) => {
        concat!("hmac-", $name, "-lib")
    };
}

/// One algorithm: its reference driver, our drivers and its export layout.
struct Alg {
    generic: &'static CStr,
    drivers: &'static [&'static CStr],
    /// An HMAC: both transforms get the same random key.
    keyed: bool,
    /// Bytes of chaining value at the start of the export format.
    chain_bytes: usize,
    /// `u64` words of byte counter after it (1, or 2 for SHA-384/512).
    counter_words: usize,
}

/// Our drivers of one algorithm: the scalar, vector, crypto (where the architecture has
/// the instructions: `$crypto`) and selected ones.
/// With `hmac`, their HMAC drivers.
macro_rules! alg {
    ($name:literal, $chain:expr, $words:expr, $crypto:expr) => {
        alg!(@ $name, "", concat!($name, reference_suffix!()), false, $chain, $words, $crypto)
    };
    (hmac $name:literal, $chain:expr, $words:expr, $crypto:expr) => {
        alg!(@ $name, "hmac-", hmac_reference!($name), true, $chain, $words, $crypto)
    };
    (@ $name:literal, $prefix:literal, $reference:expr, $keyed:expr, $chain:expr, $words:expr,
     $crypto:expr) => {
        Alg {
            generic: c_str!($reference),
            drivers: if $crypto {
                &[
                    c_str!(concat!($prefix, $name, "-", arch!(), "-rs")),
                    c_str!(concat!($prefix, $name, "-", arch!(), unit!(vector))),
                    c_str!(concat!($prefix, $name, "-", arch!(), unit!(crypto))),
                    c_str!(concat!($prefix, $name, "-", arch!(), "-auto-rs")),
                ]
            } else {
                &[
                    c_str!(concat!($prefix, $name, "-", arch!(), "-rs")),
                    c_str!(concat!($prefix, $name, "-", arch!(), unit!(vector))),
                    c_str!(concat!($prefix, $name, "-", arch!(), "-auto-rs")),
                ]
            },
            keyed: $keyed,
            chain_bytes: $chain,
            counter_words: $words,
        }
    };
}

/// Whether SHA-384/512 have a crypto driver: on arm64 only.
const SHA512_CE: bool = cfg!(CONFIG_ARM64);

const ALGS: [Alg; 10] = [
    alg!("sha1", 20, 1, true),
    alg!("sha224", 32, 1, true),
    alg!("sha256", 32, 1, true),
    alg!("sha384", 64, 2, SHA512_CE),
    alg!("sha512", 64, 2, SHA512_CE),
    alg!(hmac "sha1", 20, 1, true),
    alg!(hmac "sha224", 32, 1, true),
    alg!(hmac "sha256", 32, 1, true),
    alg!(hmac "sha384", 64, 2, SHA512_CE),
    alg!(hmac "sha512", 64, 2, SHA512_CE),
];

/// The negative control (rust/testing/negative_control.rs): a "sha256" driver
/// whose digests are wrong. When its module is loaded every per-driver test must
/// fail on it, which shows that the tests can fail. The `threads` test leaves it
/// out.
const NEGATIVE_CONTROL: Alg = Alg {
    generic: c_str!(concat!("sha256", reference_suffix!())),
    drivers: &[c_str!("sha256-rs-negative-control")],
    keyed: false,
    chain_bytes: 32,
    counter_words: 1,
};

/// Largest digest.
const MAX_DIGEST: usize = 64;
/// Largest export format (SHA-512: 64 + 16 + 128, and the C layout of SHA-1: 96).
const MAX_STATE: usize = 256;
type Digest = [u8; MAX_DIGEST];

/// Messages per context batch.
const BATCH: usize = 16;
/// Longest message of a batch: more than two NEON sections.
const BATCH_MAX_LEN: usize = 9 * 1024;
/// Iterations per driver and thread of the `threads` test.
const THREAD_ITERATIONS: u32 = 24;
/// Longest message of the `threads` test.
const THREAD_MAX_LEN: usize = 3000;
/// Random states per driver in `import-random`.
const IMPORT_ITERATIONS: u32 = 32;

fn random_u32() -> u32 {
    // SAFETY: `get_random_u32()` has no preconditions.
    unsafe { bindings::get_random_u32() }
}

/// A random number in `0..=max`.
fn random_upto(max: usize) -> usize {
    (random_u32() as usize) % (max + 1)
}

fn fill_random(buf: &mut [u8]) {
    // SAFETY: `buf` is valid for `buf.len()` bytes of writes.
    unsafe { bindings::get_random_bytes(buf.as_mut_ptr().cast(), buf.len()) };
}

/// Longest random HMAC key: longer than any block, so that it is hashed first.
const MAX_KEY: usize = 300;

/// Gives `ours` and its reference the same random key of 0 to
/// [`MAX_KEY`] bytes, for an HMAC; nothing for a hash.
fn set_random_key(alg: &Alg, ours: &mut ShashTfm, reference: &mut ShashTfm) -> Result {
    if !alg.keyed {
        return Ok(());
    }
    let mut key = [0u8; MAX_KEY];
    let key = &mut key[..random_upto(MAX_KEY)];
    fill_random(key);
    ours.setkey(key)?;
    reference.setkey(key)
}

/// Whether an HMAC transform without its key refuses to hash, as the
/// reference does: `-ENOKEY`, from the crypto API (`CRYPTO_TFM_NEED_KEY`,
/// set for every algorithm with a `setkey`). Nothing to check for a hash.
fn refuses_without_key(alg: &Alg, tfm: &ShashTfm) -> Result {
    if !alg.keyed {
        return Ok(());
    }
    let mut out = [0u8; MAX_DIGEST];
    match tfm.desc()?.digest(&[], &mut out) {
        Err(e) if e.to_errno() == -(bindings::ENOKEY as i32) => Ok(()),
        Err(e) => Err(e),
        Ok(()) => Err(EINVAL),
    }
}

/// A zeroed byte buffer of `len` bytes.
fn buffer(len: usize) -> Result<KVec<u8>> {
    Ok(KVec::from_elem(0u8, len, GFP_KERNEL)?)
}

/// `digest(data)` with the reference driver.
fn reference(generic: &ShashTfm, data: &[u8]) -> Result<Digest> {
    let mut out = [0u8; MAX_DIGEST];
    generic.desc()?.digest(data, &mut out)?;
    Ok(out)
}

/// Where the byte counter starts in our export format: right after the
/// chaining value on 6.12, at the next multiple of 8 bytes in the format of 6.16
/// and later, which is the reference drivers' own.
fn count_offset(alg: &Alg) -> usize {
    if cfg!(rsha_shash_api_6_16) {
        alg.chain_bytes.div_ceil(8) * 8
    } else {
        alg.chain_bytes
    }
}

/// Our export format to the reference driver's. From 6.16 on they are the same
/// (the `*-lib` drivers' format).
#[cfg(rsha_shash_api_6_16)]
fn to_c_layout(_alg: &Alg, ours: &[u8], c: &mut [u8]) -> Result {
    if ours.len() != c.len() {
        return Err(EINVAL);
    }
    c.copy_from_slice(ours);
    Ok(())
}

/// Our export format to the generic driver's: the same fields, but C aligns the
/// `u64` counter to 8 bytes (SHA-1: 20 bytes of chain, then 4 of padding).
#[cfg(not(rsha_shash_api_6_16))]
fn to_c_layout(alg: &Alg, ours: &[u8], c: &mut [u8]) -> Result {
    let count_at = (alg.chain_bytes + 7) & !7;
    if ours.len() < alg.chain_bytes || c.len() != count_at + ours.len() - alg.chain_bytes {
        return Err(EINVAL);
    }
    c.fill(0);
    c[..alg.chain_bytes].copy_from_slice(&ours[..alg.chain_bytes]);
    c[count_at..].copy_from_slice(&ours[alg.chain_bytes..]);
    Ok(())
}

/// One driver under test, with its reference.
struct Target<'a> {
    alg: &'a Alg,
    tfm: ShashTfm,
    generic: ShashTfm,
}

impl Target<'_> {
    fn name(&self) -> &CStr {
        self.tfm.driver_name()
    }
    fn digest_size(&self) -> usize {
        self.tfm.digest_size()
    }
}

/// Counts and prints results, in KTAP.
struct Report {
    passed: u32,
    failed: u32,
    /// Results of the document so far (drivers and `threads`).
    top: u32,
    /// Results in the open subtest of a driver, if one is open.
    case: Option<u32>,
    /// Whether a test of the open subtest failed.
    case_failed: bool,
}

impl Report {
    /// Starts the document: `tests` results will follow.
    fn new(tests: usize) -> Self {
        pr_info!("KTAP version 1\n");
        pr_info!("1..{}\n", tests);
        Report {
            passed: 0,
            failed: 0,
            top: 0,
            case: None,
            case_failed: false,
        }
    }

    /// Opens the subtest of one driver.
    fn begin(&mut self, driver: &CStr) {
        pr_info!("    KTAP version 1\n");
        pr_info!("    # Subtest: {}\n", cstr_text(driver));
        self.case = Some(0);
        self.case_failed = false;
    }

    /// Closes the subtest of `driver`: failed when one of its tests failed.
    fn end(&mut self, driver: &CStr) {
        self.case = None;
        self.top += 1;
        let not = if self.case_failed { "not " } else { "" };
        pr_info!("{}ok {} {}\n", not, self.top, cstr_text(driver));
    }

    /// A driver that is not registered (a CPU without NEON).
    fn skip(&mut self, driver: &CStr) {
        self.top += 1;
        pr_info!(
            "ok {} {} # SKIP not registered\n",
            self.top,
            cstr_text(driver)
        );
    }

    /// One result line: `test` in the open subtest, else `driver` itself (a
    /// driver that could not be allocated, or `threads`).
    fn line(&mut self, ok: bool, test: &str, driver: &CStr, detail: core::fmt::Arguments<'_>) {
        let not = if ok { "" } else { "not " };
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
        match self.case {
            Some(n) => {
                self.case = Some(n + 1);
                self.case_failed |= !ok;
                pr_info!("    # {} {}: {}\n", cstr_text(driver), test, detail);
                pr_info!("    {}ok {} {}\n", not, n + 1, test);
            }
            None => {
                self.top += 1;
                pr_info!("# {} {}: {}\n", cstr_text(driver), test, detail);
                if test == "threads" {
                    pr_info!("{}ok {} {}\n", not, self.top, test);
                } else {
                    pr_info!("{}ok {} {}\n", not, self.top, cstr_text(driver));
                }
            }
        }
    }

    fn result(&mut self, test: &str, driver: &CStr, outcome: Result<core::fmt::Arguments<'_>>) {
        match outcome {
            Ok(detail) => self.line(true, test, driver, detail),
            Err(e) => self.line(false, test, driver, format_args!("error {}", e.to_errno())),
        }
    }

    /// A check with a count of mismatches: passes when there are none.
    fn mismatches(&mut self, test: &str, driver: &CStr, checked: Result<(u32, u32)>) {
        match checked {
            Ok((0, total)) => self.result(
                test,
                driver,
                Ok(format_args!("{} checks agree with generic", total)),
            ),
            Ok((bad, total)) => self.line(
                false,
                test,
                driver,
                format_args!("{} of {} checks differ from generic", bad, total),
            ),
            Err(e) => self.result(test, driver, Err(e)),
        }
    }
}

/// Where a batch of messages is hashed.
#[derive(Clone, Copy)]
enum Where {
    Task,
    PreemptOff,
    IrqsOff,
    Softirq,
    Hardirq,
}

impl Where {
    const ALL: [Where; 5] = [
        Where::Task,
        Where::PreemptOff,
        Where::IrqsOff,
        Where::Softirq,
        Where::Hardirq,
    ];

    fn test_name(self) -> &'static str {
        match self {
            Where::Task => "ctx-task",
            Where::PreemptOff => "ctx-preempt-off",
            Where::IrqsOff => "ctx-irqs-off",
            Where::Softirq => "ctx-softirq",
            Where::Hardirq => "ctx-hardirq",
        }
    }

    /// What `current_context()` must say while the batch runs.
    fn expected(self) -> Context {
        match self {
            Where::Task | Where::PreemptOff => Context::Task,
            Where::IrqsOff => Context::IrqsOff,
            Where::Softirq => Context::Softirq,
            Where::Hardirq => Context::Hardirq,
        }
    }
}

/// A batch: messages as (offset, length) in a shared random pool, and their digests.
struct Batch<'a> {
    pool: &'a [u8],
    messages: [(usize, usize); BATCH],
    /// On the heap: kernel stacks are 8 KiB on 32-bit ARM.
    out: KVec<Digest>,
}

impl<'a> Batch<'a> {
    fn new(pool: &'a [u8]) -> Result<Self> {
        let mut messages = [(0, 0); BATCH];
        for (i, m) in messages.iter_mut().enumerate() {
            let len = match i % 4 {
                0 => random_upto(64),
                1 => random_upto(1024),
                2 => random_upto(300),
                _ => 4096 + random_upto(BATCH_MAX_LEN - 4096),
            };
            *m = (random_upto(15), len);
        }
        Ok(Batch {
            pool,
            messages,
            out: KVec::from_elem([0; MAX_DIGEST], BATCH, GFP_KERNEL)?,
        })
    }

    fn message(&self, i: usize) -> &'a [u8] {
        let (off, len) = self.messages[i];
        &self.pool[off..off + len]
    }

    /// Hashes every message with `desc`; returns the context it ran in.
    fn run(&mut self, desc: &mut ShashDesc<'_>) -> Result<Context> {
        let context = current_context();
        for i in 0..BATCH {
            let data = self.message(i);
            desc.digest(data, &mut self.out[i])?;
        }
        Ok(context)
    }
}

/// A batch run from an hrtimer callback.
///
/// `timer` is the first field of this `repr(C)` struct, so the callback's
/// `*mut hrtimer` is a `*mut IrqJob`. The job is boxed and pinned there until the
/// timer is cancelled.
#[repr(C)]
struct IrqJob<'a> {
    timer: rsha::bindings::hrtimer,
    desc: ShashDesc<'a>,
    batch: Batch<'a>,
    outcome: Result<Context>,
    done: AtomicBool,
}

/// The hrtimer callback of [`run_in_timer`], called by `helpers.c`'s C
/// callback, which returns `HRTIMER_NORESTART` (a C enum in the signature of
/// a Rust function that C calls through a pointer would trap under kCFI).
///
/// # Safety
///
/// Called by the hrtimer core only, with the `timer` field of a live [`IrqJob`]
/// that `run_in_timer` started and waits for.
unsafe extern "C" fn irq_job_fn(timer: *mut rsha::bindings::hrtimer) {
    let job = timer.cast::<IrqJob<'_>>();
    // SAFETY: `timer` is the first field of a live `IrqJob` (see its documentation);
    // until `done` is set only this callback touches `desc`, `batch` and `outcome`,
    // and the task that started the timer only reads `done`.
    unsafe {
        let outcome = (*job).batch.run(&mut (*job).desc);
        (*job).outcome = outcome;
        (*job).done.store(true, Ordering::Release);
    }
}

/// Runs `batch` with `desc` from an hrtimer callback, in hardirq context if
/// `hard`, else in softirq context.
fn run_in_timer<'a>(
    desc: ShashDesc<'a>,
    batch: Batch<'a>,
    hard: bool,
) -> Result<(Batch<'a>, Context)> {
    let job = KBox::new(
        IrqJob {
            // SAFETY: all-zeroes is a valid `hrtimer` before `hrtimer_setup()`.
            timer: unsafe { core::mem::zeroed() },
            desc,
            batch,
            outcome: Err(Error::from_errno(-(bindings::ETIMEDOUT as c_int))),
            done: AtomicBool::new(false),
        },
        GFP_KERNEL,
    )?;
    let job = KBox::into_raw(job);
    // SAFETY: `job` is a live, boxed `IrqJob` that stays at this address until
    // `KBox::from_raw` below, after `hrtimer_cancel()` has waited for the callback.
    unsafe {
        let timer = core::ptr::addr_of_mut!((*job).timer);
        rsha_hrtimer_setup(timer, Some(irq_job_fn), hard);
        rsha_hrtimer_start(timer, 1_000_000, hard);
    }
    let mut waited_ms = 0;
    // SAFETY: `done` is an atomic inside the live job; the callback only sets it.
    while !unsafe { (*job).done.load(Ordering::Acquire) } && waited_ms < 20_000 {
        // SAFETY: task context, may sleep.
        unsafe { bindings::msleep(1) };
        waited_ms += 1;
    }
    // SAFETY: the timer was initialised above; `hrtimer_cancel()` returns once the
    // callback is neither pending nor running, so the job is ours again after it.
    let job = unsafe {
        rsha_hrtimer_cancel(core::ptr::addr_of_mut!((*job).timer));
        KBox::from_raw(job)
    };
    let IrqJob { batch, outcome, .. } = KBox::into_inner(job);
    Ok((batch, outcome?))
}

/// The `ctx-*` tests of one driver.
// Not inlined: each test's locals live only while it runs (8 KiB stacks on ARM).
#[inline(never)]
fn contexts(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    for place in Where::ALL {
        let outcome = (|| -> Result<(u32, u32)> {
            let mut batch = Batch::new(pool)?;
            let desc = t.tfm.desc()?;
            let (batch, context) = match place {
                Where::Task => {
                    let mut desc = desc;
                    let c = batch.run(&mut desc)?;
                    (batch, c)
                }
                Where::PreemptOff => {
                    let mut desc = desc;
                    // SAFETY: paired with `rsha_preempt_enable()` just below; the batch
                    // does not sleep.
                    unsafe { rsha::bindings::rsha_preempt_disable() };
                    let c = batch.run(&mut desc);
                    // SAFETY: pairs with the disable above.
                    unsafe { rsha::bindings::rsha_preempt_enable() };
                    (batch, c?)
                }
                Where::IrqsOff => {
                    let mut desc = desc;
                    // SAFETY: paired with the restore just below; the batch does not
                    // sleep.
                    let flags = unsafe { rsha_local_irq_save() };
                    let c = batch.run(&mut desc);
                    // SAFETY: restores the flags saved above, on the same CPU (no
                    // migration with interrupts off).
                    unsafe { rsha_local_irq_restore(flags) };
                    (batch, c?)
                }
                Where::Softirq => run_in_timer(desc, batch, false)?,
                Where::Hardirq => run_in_timer(desc, batch, true)?,
            };
            if context != place.expected() {
                pr_info!(
                    "    # {}: ran in {:?}, not {:?}\n",
                    place.test_name(),
                    context,
                    place.expected()
                );
                return Err(EINVAL);
            }
            let mut bad = 0;
            for i in 0..BATCH {
                let want = reference(&t.generic, batch.message(i))?;
                let n = t.digest_size();
                if batch.out[i][..n] != want[..n] {
                    bad += 1;
                }
            }
            Ok((bad, BATCH as u32))
        })();
        report.mismatches(place.test_name(), t.name(), outcome);
    }
}

/// Hashes `data` with random update splits (a tenth of them empty) and finishes
/// with `final` or an empty `finup`.
fn hash_split(desc: &mut ShashDesc<'_>, data: &[u8], out: &mut [u8]) -> Result {
    desc.init()?;
    let mut rest = data;
    while !rest.is_empty() {
        let take = if random_upto(9) == 0 {
            0
        } else {
            1 + random_upto(rest.len().min(700) - 1)
        };
        let (head, tail) = rest.split_at(take);
        desc.update(head)?;
        rest = tail;
    }
    if random_u32() & 1 == 0 {
        desc.final_(out)
    } else {
        desc.finup(&[], out)
    }
}

/// The work of one `threads` kernel thread: every driver, own transforms.
/// Returns the number of mismatches, or an error.
#[inline(never)]
fn thread_work() -> Result<u32> {
    let mut bad = 0;
    let mut src = buffer(THREAD_MAX_LEN + 16)?;
    for alg in &ALGS {
        let mut generic = ShashTfm::new(alg.generic)?;
        for &driver in alg.drivers {
            let mut tfm = match ShashTfm::new(driver) {
                Ok(tfm) => tfm,
                Err(e) if e == ENOENT => continue, // absent, reported by init
                Err(e) => return Err(e),
            };
            // A key of this thread's own: two transforms of a driver with
            // different keys hashing at once must not mix.
            set_random_key(alg, &mut tfm, &mut generic)?;
            let mut desc = tfm.desc()?;
            for _ in 0..THREAD_ITERATIONS {
                let off = random_upto(15);
                let len = random_upto(THREAD_MAX_LEN);
                let data = &mut src[off..off + len];
                fill_random(data);
                let mut out = [0u8; MAX_DIGEST + 16];
                let out_off = random_upto(15);
                hash_split(&mut desc, data, &mut out[out_off..])?;
                let want = reference(&generic, data)?;
                let n = tfm.digest_size();
                if out[out_off..out_off + n] != want[..n] {
                    bad += 1;
                }
            }
        }
    }
    Ok(bad)
}

/// How many threads of the running `threads` test have entered [`thread_fn`]:
/// `kthread_stop()` on a thread that has not yet done so returns `-EINTR`
/// without ever running it, so the test waits for all of them first.
static THREADS_STARTED: AtomicU32 = AtomicU32::new(0);

/// The function of the per-CPU threads of the `threads` test.
///
/// # Safety
///
/// Called by the kthread core only, as the thread function of a thread that
/// the `threads` test created; it uses no argument.
unsafe extern "C" fn thread_fn(_data: *mut c_void) -> c_int {
    THREADS_STARTED.fetch_add(1, Ordering::AcqRel);
    match thread_work() {
        Ok(bad) => bad.min(c_int::MAX as u32) as c_int,
        Err(e) => e.to_errno(),
    }
}

/// The `threads` test: one kernel thread per possible CPU, all at once; `drivers`
/// is the number of our drivers present.
#[inline(never)]
fn threads(report: &mut Report, drivers: u32) {
    let outcome = (|| -> Result<(u32, u32)> {
        // SAFETY: reads an integer set at boot.
        let cpus = unsafe { rsha_nr_cpu_ids() };
        let mut tasks = KVec::with_capacity(cpus as usize, GFP_KERNEL)?;
        THREADS_STARTED.store(0, Ordering::Release);
        for cpu in 0..cpus {
            // SAFETY: `thread_fn` takes no data; the name format has one `%u`.
            let task = from_err_ptr(unsafe {
                bindings::kthread_create_on_cpu(
                    Some(thread_fn),
                    core::ptr::null_mut(),
                    cpu,
                    rsha::cstr_ptr(c_str!("rsha-stress/%u")),
                )
            });
            let task = match task {
                Ok(task) => task,
                Err(e) => {
                    // Threads already created still run to the end below.
                    pr_info!("threads: no thread for CPU {}: {}\n", cpu, e.to_errno());
                    break;
                }
            };
            // SAFETY: `task` is a new kthread; the reference taken here keeps its
            // `task_struct` (and result) until `kthread_stop_put()`, even if it exits
            // first.
            unsafe {
                bindings::get_task_struct(task);
                bindings::wake_up_process(task);
            }
            tasks.push(task, GFP_KERNEL)?;
        }
        // Every thread inside its function before any stop (at most 60 s:
        // under emulation a busy CPU may take a while to run a new thread).
        let mut waited_ms = 0;
        while (THREADS_STARTED.load(Ordering::Acquire) as usize) < tasks.len() && waited_ms < 60_000
        {
            // SAFETY: task context, may sleep.
            unsafe { bindings::msleep(1) };
            waited_ms += 1;
        }
        let (mut bad, mut failed) = (0u32, None);
        if (THREADS_STARTED.load(Ordering::Acquire) as usize) < tasks.len() {
            pr_info!(
                "threads: {} of {} threads started within 60 s\n",
                THREADS_STARTED.load(Ordering::Acquire),
                tasks.len()
            );
            failed = Some(Error::from_errno(-(bindings::ETIMEDOUT as c_int)));
        }
        for &task in tasks.iter() {
            // SAFETY: a kthread we hold a reference to (above); waits for it to end.
            let rc = unsafe { bindings::kthread_stop_put(task) };
            if rc < 0 {
                failed.get_or_insert(Error::from_errno(rc));
            } else {
                bad += rc as u32;
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if tasks.len() != cpus as usize {
            return Err(ENOMEM);
        }
        pr_info!(
            "# threads: {} threads, {} iterations per driver each\n",
            cpus,
            THREAD_ITERATIONS
        );
        Ok((bad, cpus * THREAD_ITERATIONS * drivers))
    })();
    report.mismatches("threads", c_str!("all-drivers"), outcome);
}

/// The `misalign` test: every source and output offset, guard bytes around the
/// digest.
#[inline(never)]
fn misalign(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    const GUARD: u8 = 0xa5;
    let outcome = (|| -> Result<(u32, u32)> {
        let (mut bad, mut total) = (0, 0);
        let n = t.digest_size();
        let mut desc = t.tfm.desc()?;
        for len in [0usize, 1, 55, 64, 65, 200] {
            for src_off in 0..16 {
                let data = &pool[src_off..src_off + len];
                let want = reference(&t.generic, data)?;
                for out_off in 0..16 {
                    let mut out = [GUARD; MAX_DIGEST + 32];
                    let dst = &mut out[out_off..out_off + n];
                    if (src_off + out_off) % 2 == 0 {
                        desc.digest(data, dst)?;
                    } else {
                        desc.init()?;
                        let (a, b) = data.split_at(len / 2);
                        desc.update(a)?;
                        desc.finup(b, dst)?;
                    }
                    let guards_intact = out[..out_off].iter().all(|&b| b == GUARD)
                        && out[out_off + n..].iter().all(|&b| b == GUARD);
                    if out[out_off..out_off + n] != want[..n] || !guards_intact {
                        bad += 1;
                    }
                    total += 1;
                }
            }
        }
        Ok((bad, total))
    })();
    report.mismatches("misalign", t.name(), outcome);
}

/// The `zero-length` test.
#[inline(never)]
fn zero_length(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    let outcome = (|| -> Result<(u32, u32)> {
        let (mut bad, mut total) = (0, 0);
        let n = t.digest_size();
        let mut desc = t.tfm.desc()?;
        for len in [0usize, 1, 64, 129, 1000] {
            let data = &pool[..len];
            let want = reference(&t.generic, data)?;
            let mut out = [0u8; MAX_DIGEST];
            desc.init()?;
            desc.update(&[])?;
            desc.update(&[])?;
            let (a, b) = data.split_at(len / 3);
            desc.update(a)?;
            desc.update(&[])?;
            desc.update(b)?;
            desc.update(&[])?;
            desc.finup(&[], &mut out)?;
            bad += u32::from(out[..n] != want[..n]);
            desc.digest(data, &mut out)?;
            bad += u32::from(out[..n] != want[..n]);
            total += 2;
        }
        Ok((bad, total))
    })();
    report.mismatches("zero-length", t.name(), outcome);
}

/// Imports `ours` (our layout) into our driver and the generic one, hashes the same
/// `updates` with both and compares the counters and chaining values of their
/// exports, then the digests. Returns whether they agree.
#[inline(never)]
fn import_and_compare(t: &Target<'_>, ours: &[u8], updates: &[&[u8]]) -> Result<bool> {
    // Three state buffers and two descriptors: the buffers go to the heap, as
    // kernel stacks are 8 KiB on 32-bit ARM.
    let mut scratch = KVec::from_elem(0u8, 3 * MAX_STATE, GFP_KERNEL)?;
    let (c_state, rest) = scratch.split_at_mut(MAX_STATE);
    let (exported, c_exported) = rest.split_at_mut(MAX_STATE);
    let c_state = &mut c_state[..t.generic.state_size()];
    to_c_layout(t.alg, ours, c_state)?;
    let mut desc = t.tfm.desc()?;
    let mut reference = t.generic.desc()?;
    desc.import(ours)?;
    reference.import(c_state)?;
    for data in updates {
        desc.update(data)?;
        reference.update(data)?;
    }
    desc.export(exported)?;
    reference.export(c_exported)?;
    to_c_layout(t.alg, &exported[..t.tfm.state_size()], c_state)?;
    // Chaining value and counter; the block buffer beyond the buffered bytes is
    // unspecified. From 6.16 on the counter is rounded down to a block and the
    // number of buffered bytes is the format's last byte.
    // Padding between them (SHA-1: 4 bytes) holds nothing: the `*-lib`
    // drivers copy whatever was imported there, ours write zeroes.
    let (chain, count_at) = (t.alg.chain_bytes, t.alg.chain_bytes.div_ceil(8) * 8);
    let head = count_at + 8 * t.alg.counter_words;
    let mut same_state = c_state[..chain] == c_exported[..chain]
        && c_state[count_at..head] == c_exported[count_at..head];
    if cfg!(rsha_shash_api_6_16) {
        let last = t.generic.state_size() - 1;
        same_state &= c_state[last] == c_exported[last];
    }
    let (mut out, mut want) = ([0u8; MAX_DIGEST], [0u8; MAX_DIGEST]);
    desc.final_(&mut out)?;
    reference.final_(&mut want)?;
    let n = t.digest_size();
    Ok(same_state && out[..n] == want[..n])
}

/// The `import-random` test.
#[inline(never)]
fn import_random(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    let outcome = (|| -> Result<(u32, u32)> {
        let mut bad = 0;
        let size = t.tfm.state_size();
        for _ in 0..IMPORT_ITERATIONS {
            let mut state = [0u8; MAX_STATE];
            fill_random(&mut state[..size]);
            let len = random_upto(300);
            bad += u32::from(!import_and_compare(t, &state[..size], &[&pool[..len]])?);
        }
        Ok((bad, IMPORT_ITERATIONS))
    })();
    report.mismatches("import-random", t.name(), outcome);
}

/// The `counter-wrap` test: counters just below the boundaries, then a stream.
#[inline(never)]
fn counter_wrap(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    // (low word, high word) of the byte counter, before subtracting 1..=200.
    const BOUNDARIES: [(u64, u64); 5] = [
        (1 << 29, 0), // the bit length leaves its low 32-bit word
        (1 << 32, 0), // the byte count leaves its low 32-bit word
        (1 << 61, 0), // the bit length leaves its low 64-bit word
        (0, 1),       // 2^64: the 64-bit counter wraps / the 128-bit one carries
        (0, 1 << 61), // 2^125: the top of SHA-512's bit length
    ];
    let outcome = (|| -> Result<(u32, u32)> {
        let (mut bad, mut total) = (0, 0);
        let size = t.tfm.state_size();
        for (low, high) in BOUNDARIES {
            if t.alg.counter_words == 1 && high > 1 {
                continue;
            }
            let mut state = [0u8; MAX_STATE];
            fill_random(&mut state[..size]);
            let before = 1 + random_upto(199) as u64;
            let (low, borrow) = low.overflowing_sub(before);
            let count_at = count_offset(t.alg);
            state[count_at..count_at + 8].copy_from_slice(&low.to_ne_bytes());
            if t.alg.counter_words == 2 {
                let high = high - u64::from(borrow);
                state[count_at + 8..count_at + 16].copy_from_slice(&high.to_ne_bytes());
            }
            if cfg!(rsha_shash_api_6_16) {
                // The format's length byte, which import adds to the counter:
                // none, so that the counter stays just below the boundary.
                state[size - 1] = 0;
            }
            // A stream of updates across the boundary: 200 to 920 bytes.
            let mut updates: [&[u8]; 8] = [&[]; 8];
            let mut at = 0;
            for u in updates.iter_mut() {
                let len = 25 + random_upto(90);
                *u = &pool[at..at + len];
                at += len;
            }
            bad += u32::from(!import_and_compare(t, &state[..size], &updates)?);
            total += 1;
        }
        Ok((bad, total))
    })();
    report.mismatches("counter-wrap", t.name(), outcome);
}

/// The `export-interop` test: start with our driver, finish with generic.
#[inline(never)]
fn export_interop(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    let outcome = (|| -> Result<(u32, u32)> {
        let (mut bad, mut total) = (0, 0);
        for len in [0usize, 3, 64, 100, 128, 1000] {
            let data = &pool[..len + 77];
            let (head, tail) = data.split_at(len);
            let mut desc = t.tfm.desc()?;
            desc.init()?;
            desc.update(head)?;
            let mut ours = [0u8; MAX_STATE];
            desc.export(&mut ours)?;
            let mut c_state = [0u8; MAX_STATE];
            let c_state = &mut c_state[..t.generic.state_size()];
            to_c_layout(t.alg, &ours[..t.tfm.state_size()], c_state)?;
            let mut reference = t.generic.desc()?;
            reference.import(c_state)?;
            let mut out = [0u8; MAX_DIGEST];
            reference.finup(tail, &mut out)?;
            let want = self::reference(&t.generic, data)?;
            bad += u32::from(out[..t.digest_size()] != want[..t.digest_size()]);
            total += 1;
        }
        Ok((bad, total))
    })();
    report.mismatches("export-interop", t.name(), outcome);
}

/// The `overlap` test.
#[inline(never)]
fn overlap(report: &mut Report, t: &Target<'_>, pool: &[u8]) {
    let outcome = (|| -> Result<(u32, u32)> {
        let (mut bad, mut total) = (0, 0);
        let n = t.digest_size();
        let mut desc = t.tfm.desc()?;
        let mut buf = buffer(1000)?;
        for len in [64usize, 65, 200, 1000] {
            let data = &pool[..len];
            let want = reference(&t.generic, data)?;
            // A digest written over its own message.
            buf[..len].copy_from_slice(data);
            desc.digest_in_place(&mut buf[..len])?;
            bad += u32::from(buf[..n] != want[..n]);
            // A state exported into its own context and imported back.
            let (head, tail) = data.split_at(len / 3);
            desc.init()?;
            desc.update(head)?;
            desc.export_into_own_context()?;
            desc.import_from_own_context()?;
            let mut out = [0u8; MAX_DIGEST];
            desc.finup(tail, &mut out)?;
            bad += u32::from(out[..n] != want[..n]);
            // A message inside the context: accepted (an error fails the
            // test); what it hashes to is whatever the bytes were, so only
            // the next message's digest is compared.
            desc.init()?;
            desc.update(head)?;
            desc.update_from_own_context(64)?;
            desc.final_(&mut out)?;
            desc.digest(data, &mut out)?;
            bad += u32::from(out[..n] != want[..n]);
            total += 3;
        }
        Ok((bad, total))
    })();
    report.mismatches("overlap", t.name(), outcome);
}

struct RobustnessTest {
    /// One transform per driver, held while the module is loaded.
    _held: KVec<ShashTfm>,
}

impl kernel::Module for RobustnessTest {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut report = Report::new(
            Iterator::chain(ALGS.iter(), [&NEGATIVE_CONTROL])
                .map(|alg| alg.drivers.len())
                .sum::<usize>()
                + 1,
        );
        let mut pool = buffer(16 + BATCH_MAX_LEN)?;
        fill_random(&mut pool);
        let mut held = KVec::new();
        for alg in Iterator::chain(ALGS.iter(), [&NEGATIVE_CONTROL]) {
            for &driver in alg.drivers {
                let tfm = match ShashTfm::new(driver) {
                    Ok(tfm) => tfm,
                    Err(e) if e == ENOENT => {
                        report.skip(driver);
                        continue;
                    }
                    Err(e) => {
                        report.result("alloc", driver, Err(e));
                        continue;
                    }
                };
                if tfm.driver_name().to_bytes() != driver.to_bytes() {
                    pr_info!(
                        "# alloc: asked for {}, got {}\n",
                        cstr_text(driver),
                        cstr_text(tfm.driver_name())
                    );
                    report.result("alloc", driver, Err(EINVAL));
                    continue;
                }
                let mut t = Target {
                    alg,
                    tfm,
                    generic: ShashTfm::new(alg.generic)?,
                };
                if let Err(e) = refuses_without_key(alg, &t.tfm)
                    .and_then(|()| set_random_key(alg, &mut t.tfm, &mut t.generic))
                {
                    report.result("alloc", driver, Err(e));
                    continue;
                }
                report.begin(driver);
                contexts(&mut report, &t, &pool);
                misalign(&mut report, &t, &pool);
                zero_length(&mut report, &t, &pool);
                import_random(&mut report, &t, &pool);
                counter_wrap(&mut report, &t, &pool);
                export_interop(&mut report, &t, &pool);
                overlap(&mut report, &t, &pool);
                report.end(driver);
                held.push(t.tfm, GFP_KERNEL)?;
            }
        }
        let ours = held.len() as u32
            - u32::from(held.iter().any(|t: &ShashTfm| {
                t.driver_name().to_bytes() == NEGATIVE_CONTROL.drivers[0].to_bytes()
            }));
        threads(&mut report, ours);
        pr_info!("# {} passed, {} failed\n", report.passed, report.failed);
        Ok(RobustnessTest { _held: held })
    }
}
