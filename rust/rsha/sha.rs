// SPDX-License-Identifier: GPL-2.0

//! The SHA family as parameters of the engine ([`super::md`]), which checks the export
//! sizes at compile time. Initial values: FIPS 180-4, 5.3.1 to 5.3.5. Uses only `core`.

use super::md::Algorithm;

macro_rules! sha_algorithm {
    ($(#[$doc:meta])* $name:ident, $cra_name:literal, $word:ty, $words:literal,
     $block:literal, $counter:ty, $digest:literal,
     export: $export:literal, core: $core:literal, partial: $partial:literal,
     $initial:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl Algorithm for $name {
            const NAME: &'static str = $cra_name;
            const HMAC_NAME: &'static str = concat!("hmac(", $cra_name, ")");
            type Word = $word;
            type Chain = [$word; $words];
            type Block = [u8; $block];
            type Counter = $counter;
            type Digest = [u8; $digest];
            type Export = [u8; $export];
            type CoreExport = [u8; $core];
            type PartialExport = [u8; $partial];
            const INITIAL: Self::Chain = $initial;
        }
    };
}

sha_algorithm!(
    /// SHA-1: five 32-bit words, 64-byte blocks, 20-byte digest.
    Sha1, "sha1", u32, 5, 64, u64, 20, export: 92, core: 32, partial: 97,
    [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]
);

sha_algorithm!(
    /// SHA-224: SHA-256 with its own initial value, truncated to 28 bytes.
    Sha224, "sha224", u32, 8, 64, u64, 28, export: 104, core: 40, partial: 105,
    [
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
        0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
    ]
);

sha_algorithm!(
    /// SHA-256: eight 32-bit words, 64-byte blocks, 32-byte digest.
    Sha256, "sha256", u32, 8, 64, u64, 32, export: 104, core: 40, partial: 105,
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
);

sha_algorithm!(
    /// SHA-384: SHA-512 with its own initial value, truncated to 48 bytes.
    Sha384, "sha384", u64, 8, 128, [u64; 2], 48, export: 208, core: 80, partial: 209,
    [
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
    ]
);

sha_algorithm!(
    /// SHA-512: eight 64-bit words, 128-byte blocks, 128-bit length, 64-byte digest.
    Sha512, "sha512", u64, 8, 128, [u64; 2], 64, export: 208, core: 80, partial: 209,
    [
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ]
);
