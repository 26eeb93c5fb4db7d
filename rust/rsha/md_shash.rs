// SPDX-License-Identifier: GPL-2.0

//! From a block core to an shash algorithm.
//!
//! A driver variant is a block function, a name and a priority: a [`BlockCore`].
//! [`MdShash`] combines it with the generic engine ([`super::md`]) into a
//! [`Shash`], so buffering, padding and export/import exist once for every driver.

use super::{
    md::{Algorithm, State},
    shash::Shash,
    stats::CoreStats,
};
use core::{marker::PhantomData, mem::MaybeUninit};
use kernel::{error::Result, ffi::c_void};

/// The chaining value type of a block core's algorithm.
pub type Chain<C> = <<C as BlockCore>::Alg as Algorithm>::Chain;

/// The compression function of one shash operation.
///
/// [`MdShash`] gets one from [`BlockCore::start`] for every `update()` or
/// `finup()` and drops it before the digest is written: a NEON variant's holds
/// the operation's NEON section ([`super::simd::NeonOp`]), which the drop
/// closes. A scalar variant's is the empty core type itself.
pub trait Compress<A: Algorithm> {
    /// Compresses `blocks`, a non-empty whole number of blocks, into `chain`.
    fn compress(&mut self, chain: &mut A::Chain, blocks: &[u8]);
}

/// One driver variant: an algorithm, a compression function, a name and a priority.
pub trait BlockCore: 'static {
    /// The algorithm (from [`super::sha`]).
    type Alg: Algorithm;
    /// `cra_driver_name`.
    const DRIVER_NAME: &'static str;
    /// `cra_priority`.
    const PRIORITY: i32;
    /// The compression function of one operation.
    type Op: Compress<Self::Alg>;
    /// Starts an operation: a NEON variant decides here whether it may use NEON.
    fn start() -> Self::Op;
    /// This variant's counters ([`super::stats`]); each variant has its own.
    fn stats() -> &'static CoreStats;
}

/// The shash implementation of a [`BlockCore`].
pub struct MdShash<C: BlockCore>(PhantomData<C>);

impl<C: BlockCore> Shash for MdShash<C> {
    const NAME: &'static str = C::Alg::NAME;
    const DRIVER_NAME: &'static str = C::DRIVER_NAME;
    const PRIORITY: i32 = C::PRIORITY;
    const DIGEST_SIZE: usize = C::Alg::DIGEST_SIZE;
    const BLOCK_SIZE: usize = C::Alg::BLOCK_SIZE;
    const EXPORT_SIZE: usize = State::<C::Alg>::EXPORT_SIZE;

    type State = State<C::Alg>;

    fn init(state: &mut MaybeUninit<Self::State>) -> &mut Self::State {
        // The whole state, block buffer included (64 or 128 bytes of zeroes,
        // a few stores): `export` copies the buffer, so every byte of it must
        // have been written.
        State::init_in_place(state)
    }

    fn update(state: &mut Self::State, data: &[u8]) -> Result {
        // An update that completes no block needs no core: no `start()`, so no
        // SIMD check for a NEON variant.
        if state.absorb(data) {
            return Ok(());
        }
        let mut op = C::start();
        state.update(data, &mut |chain, blocks| op.compress(chain, blocks));
        Ok(())
    }

    fn finup(state: &mut Self::State, data: &[u8], out: &mut [u8]) -> Result {
        let mut op = C::start();
        let mut compress = |chain: &mut Chain<C>, blocks: &[u8]| op.compress(chain, blocks);
        // `final()` comes here with no data: nothing to count or buffer.
        if !data.is_empty() {
            state.update(data, &mut compress);
        }
        state.pad(&mut compress);
        // Ends the NEON section, if any, before the output: only the
        // compressions need it.
        drop(op);
        state.output(out);
        Ok(())
    }

    fn export(state: &Self::State, out: &mut [u8]) -> Result {
        state.export(out);
        Ok(())
    }

    fn import(input: &[u8]) -> Result<Self::State> {
        let mut state = State::new();
        state.import(input);
        Ok(state)
    }

    fn stats() -> Option<&'static CoreStats> {
        Some(C::stats())
    }
}

/// Declares a module registering the given [`BlockCore`]s as shash algorithms.
///
/// `cores` are always registered, `neon_cores` only on CPUs with NEON; other
/// fields are those of [`module!`](kernel::prelude::module).
#[macro_export]
macro_rules! module_md_driver {
    (cores: [$($core:ty),+ $(,)?], neon_cores: [$($neon:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver! {
            algorithms: [$($crate::rsha::md_shash::MdShash<$core>),+],
            simd_algorithms: [$($crate::rsha::md_shash::MdShash<$neon>),+],
            $($f)*
        }
    };
    (cores: [$($core:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver! {
            algorithms: [$($crate::rsha::md_shash::MdShash<$core>),+],
            $($f)*
        }
    };
}

/// Defines [`BlockCore`] types: `Name => (Algorithm, "driver-name", priority, compress)`.
///
/// ```ignore
/// kernel::block_cores! {
///     Sha256Scalar => (Sha256, "sha256-arm64-rs", 130, scalar),
/// }
/// ```
#[macro_export]
macro_rules! block_cores {
    ($($name:ident => ($alg:ty, $driver:literal, $priority:expr, $compress:expr)),+ $(,)?) => {$(
        struct $name;

        $crate::__scalar_block_core!($name, $name, $alg, $driver, $priority, $compress);
    )+};
}

/// Implements [`BlockCore`] for `$ty`, a variant whose compression function is
/// the plain function `$compress`: the type is its own [`Compress`] operation,
/// made by `$make`. For [`block_cores!`] and [`module_asm_sha_driver!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __scalar_block_core {
    ($ty:ty, $make:expr, $alg:ty, $driver:expr, $priority:expr, $compress:expr) => {
        impl $crate::rsha::md_shash::Compress<$alg> for $ty {
            fn compress(&mut self, chain: &mut $crate::rsha::md_shash::Chain<Self>, blocks: &[u8]) {
                <Self as $crate::rsha::md_shash::BlockCore>::stats().count(
                    $crate::rsha::stats::Unit::Scalar,
                    blocks.len() / <$alg as $crate::rsha::md::Algorithm>::BLOCK_SIZE,
                );
                $compress(chain, blocks)
            }
        }

        impl $crate::rsha::md_shash::BlockCore for $ty {
            type Alg = $alg;
            const DRIVER_NAME: &'static str = $driver;
            const PRIORITY: i32 = $priority;
            type Op = Self;
            fn start() -> Self {
                $make
            }
            fn stats() -> &'static $crate::rsha::stats::CoreStats {
                $crate::__core_stats!()
            }
        }
    };
}

/// The `&'static` [`CoreStats`] of the one `BlockCore::stats()` it is written in.
#[doc(hidden)]
#[macro_export]
macro_rules! __core_stats {
    () => {{
        static STATS: $crate::rsha::stats::CoreStats = $crate::rsha::stats::CoreStats::new();
        &STATS
    }};
}

/// An assembly block core: `void core(word *state, const u8 *data, size_t nblocks)`.
///
/// The contract of every core under `asm/`: it reads `nblocks` whole blocks at
/// `data` (any alignment), reads and updates the chaining words at `state`, touches
/// no other memory than its own stack, and follows the procedure call standard.
/// Scalar cores use no FP/SIMD register; NEON cores may only run inside a
/// `kernel_neon_begin()`/`kernel_neon_end()` section.
pub type AsmCore = unsafe extern "C" fn(state: *mut c_void, data: *const u8, nblocks: usize);

/// Runs an assembly core over `blocks`, a whole number of blocks of `A`.
///
/// # Safety
///
/// `core` follows the [`AsmCore`] contract for algorithm `A`, and if it is a NEON
/// core the caller holds a NEON section.
pub unsafe fn run_asm_core<A: Algorithm>(core: AsmCore, chain: &mut A::Chain, blocks: &[u8]) {
    let state = chain.as_mut().as_mut_ptr().cast::<c_void>();
    // SAFETY: `state` is the whole chaining value and `blocks` holds
    // `blocks.len() / BLOCK_SIZE` whole blocks: exactly what the core reads and
    // writes under its contract, which the caller vouches for.
    unsafe { core(state, blocks.as_ptr(), blocks.len() / A::BLOCK_SIZE) }
}

/// Declares a module with a scalar and a NEON assembly core for one algorithm
/// family: for every algorithm listed, a scalar driver (always registered) and a
/// NEON driver (registered on CPUs with NEON; it falls back to the scalar core
/// where NEON cannot be used). Each driver variant is a core, a name and a
/// priority; the rest are [`module!`](kernel::prelude::module) fields.
///
/// The module also declares the aliases that let the kernel load it on demand,
/// as the in-tree drivers do with `MODULE_ALIAS_CRYPTO()`: `crypto-<alg>` and
/// `<alg>` for every algorithm, `crypto-<driver>` and `<driver>` for every driver.
///
/// ```ignore
/// crate::module_asm_sha_driver! {
///     // SAFETY: why both symbols follow the `AsmCore` contract for every
///     // algorithm listed, and why the scalar one uses no FP/SIMD register.
///     cores: unsafe {
///         scalar: rsha_sha256_arm64_scalar,
///         neon: rsha_sha256_arm64_neon,
///     },
///     priorities: (135, 160),
///     algorithms: [
///         Sha224 => ("sha224-arm64-rs", "sha224-arm64-neon-rs"),
///         Sha256 => ("sha256-arm64-rs", "sha256-arm64-neon-rs"),
///     ],
///     name: "sha256_arm64_rs",
///     author: "...",
///     description: "...",
///     license: "GPL",
/// }
/// ```
///
/// Calling foreign assembly is an obligation only the driver's author can
/// discharge, so the syntax makes them write it: `cores: unsafe { ... }`, with a
/// safety comment above it that argues it. The macro calls the cores only through
/// [`run_asm_core`], with whole blocks, and the NEON core only inside a NEON
/// section.
#[macro_export]
macro_rules! module_asm_sha_driver {
    // SAFETY: not an unsafe block but the driver author's `unsafe`, which
    // their own safety comment argues (see the documentation above).
    (cores: unsafe { scalar: $scalar:ident, neon: $neon:ident $(,)? },
     priorities: ($scalar_priority:expr, $neon_priority:expr),
     algorithms: [$($alg:ty => ($scalar_name:literal, $neon_name:literal)),+ $(,)?],
     $($f:tt)*) => {
        extern "C" {
            fn $scalar(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
            fn $neon(state: *mut ::kernel::ffi::c_void, data: *const u8, nblocks: usize);
        }

        struct ScalarCore<A>(::core::marker::PhantomData<A>);
        struct NeonCore<A>(::core::marker::PhantomData<A>);

        fn scalar<A: $crate::rsha::md::Algorithm>(chain: &mut A::Chain, blocks: &[u8]) {
            // SAFETY: the module's author wrote `cores: unsafe { ... }` and argued
            // there that this is an integer-only core following the `AsmCore`
            // contract for every algorithm of the module.
            unsafe { $crate::rsha::md_shash::run_asm_core::<A>($scalar, chain, blocks) }
        }

        /// # Safety
        ///
        /// Only inside a NEON section.
        unsafe fn neon<A: $crate::rsha::md::Algorithm>(chain: &mut A::Chain, blocks: &[u8]) {
            // SAFETY: a NEON core following the `AsmCore` contract (the author's
            // `cores: unsafe { ... }`), and the caller holds a NEON section.
            unsafe { $crate::rsha::md_shash::run_asm_core::<A>($neon, chain, blocks) }
        }

        $(
            $crate::__scalar_block_core!(
                ScalarCore<$alg>,
                ScalarCore(::core::marker::PhantomData),
                $alg,
                $scalar_name,
                $scalar_priority,
                scalar::<$alg>
            );

            impl $crate::rsha::md_shash::BlockCore for NeonCore<$alg> {
                type Alg = $alg;
                const DRIVER_NAME: &'static str = $neon_name;
                const PRIORITY: i32 = $neon_priority;
                type Op = $crate::rsha::simd::NeonOp<$alg>;
                fn start() -> Self::Op {
                    // SAFETY: all `neon` requires is a NEON section: it runs the
                    // NEON core (an `AsmCore`, the macro's contract) through
                    // `run_asm_core`, which passes it the whole blocks of any slice.
                    unsafe {
                        $crate::rsha::simd::NeonOp::start(neon::<$alg>, scalar::<$alg>, Self::stats())
                    }
                }
                fn stats() -> &'static $crate::rsha::stats::CoreStats {
                    $crate::__core_stats!()
                }
            }
        )+

        $(
            $crate::__modinfo_alias!("crypto-",
                <$crate::rsha::md_shash::MdShash<ScalarCore<$alg>>
                    as $crate::rsha::shash::Shash>::NAME);
            $crate::__modinfo_alias!("",
                <$crate::rsha::md_shash::MdShash<ScalarCore<$alg>>
                    as $crate::rsha::shash::Shash>::NAME);
            $crate::__modinfo_alias!("crypto-", $scalar_name);
            $crate::__modinfo_alias!("", $scalar_name);
            $crate::__modinfo_alias!("crypto-", $neon_name);
            $crate::__modinfo_alias!("", $neon_name);
        )+

        $crate::module_md_driver! {
            cores: [$(ScalarCore<$alg>),+],
            neon_cores: [$(NeonCore<$alg>),+],
            $($f)*
        }
    };
}

/// One `alias=<prefix><name>` entry of the module's `.modinfo` section, which
/// `modpost`, `modinfo` and `depmod` read. `module!` takes only literal
/// aliases; this one takes constant expressions, so that the aliases are made
/// from the very names the drivers register.
#[doc(hidden)]
#[macro_export]
macro_rules! __modinfo_alias {
    ($prefix:expr, $name:expr) => {
        #[cfg(MODULE)]
        const _: () = {
            const PARTS: &[&str] = &["alias=", $prefix, $name];
            const LEN: usize = $crate::rsha::md_shash::modinfo_len(PARTS);
            #[link_section = ".modinfo"]
            #[used]
            static ENTRY: [u8; LEN] = $crate::rsha::md_shash::modinfo_entry::<LEN>(PARTS);
        };
    };
}

/// Length of the `.modinfo` entry made of `parts`: their bytes and a NUL.
#[doc(hidden)]
pub const fn modinfo_len(parts: &[&str]) -> usize {
    let mut len = 1;
    let mut i = 0;
    while i < parts.len() {
        len += parts[i].len();
        i += 1;
    }
    len
}

/// The `.modinfo` entry made of `parts`, NUL-terminated; `N` is
/// [`modinfo_len`] of them (evaluated at compile time: a wrong `N` stops the
/// build, not the kernel).
#[doc(hidden)]
pub const fn modinfo_entry<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut entry = [0u8; N];
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        let bytes = parts[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            entry[at] = bytes[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(at + 1 == N);
    entry
}
