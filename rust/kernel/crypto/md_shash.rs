// SPDX-License-Identifier: GPL-2.0

//! From a block core to an shash algorithm.
//!
//! A driver variant is a block function, a name and a priority: a [`BlockCore`].
//! [`MdShash`] combines it with the generic engine ([`super::md`]) into a
//! [`Shash`], so buffering, padding and export/import exist once for every driver.

use super::{
    md::{Algorithm, State},
    shash::Shash,
};
use crate::error::Result;
use core::marker::PhantomData;

/// The chaining value type of a block core's algorithm.
pub type Chain<C> = <<C as BlockCore>::Alg as Algorithm>::Chain;

/// One driver variant: an algorithm, a compression function, a name and a priority.
pub trait BlockCore: 'static {
    /// The algorithm (from [`super::sha`]).
    type Alg: Algorithm;
    /// `cra_driver_name`.
    const DRIVER_NAME: &'static str;
    /// `cra_priority`.
    const PRIORITY: i32;
    /// Compresses `blocks`, a non-empty whole number of blocks, into `chain`.
    fn compress(chain: &mut Chain<Self>, blocks: &[u8]);
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

    fn init() -> Self::State {
        State::new()
    }

    fn update(state: &mut Self::State, data: &[u8]) -> Result {
        state.update(data, &mut C::compress);
        Ok(())
    }

    fn finup(state: &mut Self::State, data: &[u8], out: &mut [u8]) -> Result {
        state.update(data, &mut C::compress);
        state.finish(out, &mut C::compress);
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
}

/// Declares a module registering the given [`BlockCore`]s as shash algorithms.
///
/// `cores` are always registered, `neon_cores` only on CPUs with NEON; other
/// fields are those of [`module!`](crate::prelude::module).
#[macro_export]
macro_rules! module_md_driver {
    (cores: [$($core:ty),+ $(,)?], neon_cores: [$($neon:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver! {
            algorithms: [$($crate::crypto::md_shash::MdShash<$core>),+],
            simd_algorithms: [$($crate::crypto::md_shash::MdShash<$neon>),+],
            $($f)*
        }
    };
    (cores: [$($core:ty),+ $(,)?], $($f:tt)*) => {
        $crate::module_shash_driver! {
            algorithms: [$($crate::crypto::md_shash::MdShash<$core>),+],
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

        impl $crate::crypto::md_shash::BlockCore for $name {
            type Alg = $alg;
            const DRIVER_NAME: &'static str = $driver;
            const PRIORITY: i32 = $priority;
            fn compress(chain: &mut $crate::crypto::md_shash::Chain<Self>, blocks: &[u8]) {
                $compress(chain, blocks)
            }
        }
    )+};
}
