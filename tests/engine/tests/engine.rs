// SPDX-License-Identifier: GPL-2.0

//! Checks the generic engine against the RustCrypto `sha1`/`sha2` crates: every
//! message length 0..=300 (which covers each padding boundary: 55/56/63/64 bytes for
//! 64-byte blocks, 111/112/127/128 for 128-byte blocks) with random update splits,
//! export/import in the middle of a stream, and import of arbitrary bytes.
//!
//! The compression function handed to the engine is the reference crate's own
//! block function, so what is tested here is the engine's buffering, counting,
//! padding and output, not the block function.

use rand::{rngs::SmallRng, Rng, RngCore, SeedableRng};
use rsha_md_host::md::{Algorithm, State};
use rsha_md_host::sha::{Sha1, Sha224, Sha256, Sha384, Sha512};
use sha2::Digest;

/// A block function of the shape the engine calls, per algorithm family.
trait Reference: Algorithm {
    fn compress(chain: &mut Self::Chain, blocks: &[u8]);
    fn digest(message: &[u8]) -> Vec<u8>;
}

fn compress32(chain: &mut [u32; 8], blocks: &[u8]) {
    assert!(
        !blocks.is_empty() && blocks.len() % 64 == 0,
        "engine passed {} bytes",
        blocks.len()
    );
    let blocks: Vec<_> = blocks
        .chunks(64)
        .map(|b| *sha2::digest::generic_array::GenericArray::from_slice(b))
        .collect();
    sha2::compress256(chain, &blocks);
}

fn compress64(chain: &mut [u64; 8], blocks: &[u8]) {
    assert!(
        !blocks.is_empty() && blocks.len() % 128 == 0,
        "engine passed {} bytes",
        blocks.len()
    );
    let blocks: Vec<_> = blocks
        .chunks(128)
        .map(|b| *sha2::digest::generic_array::GenericArray::from_slice(b))
        .collect();
    sha2::compress512(chain, &blocks);
}

impl Reference for Sha1 {
    fn compress(chain: &mut [u32; 5], blocks: &[u8]) {
        assert!(
            !blocks.is_empty() && blocks.len() % 64 == 0,
            "engine passed {} bytes",
            blocks.len()
        );
        let blocks: Vec<_> = blocks
            .chunks(64)
            .map(|b| *sha1::digest::generic_array::GenericArray::from_slice(b))
            .collect();
        sha1::compress(chain, &blocks);
    }
    fn digest(m: &[u8]) -> Vec<u8> {
        sha1::Sha1::digest(m).to_vec()
    }
}
impl Reference for Sha224 {
    fn compress(chain: &mut [u32; 8], blocks: &[u8]) {
        compress32(chain, blocks)
    }
    fn digest(m: &[u8]) -> Vec<u8> {
        sha2::Sha224::digest(m).to_vec()
    }
}
impl Reference for Sha256 {
    fn compress(chain: &mut [u32; 8], blocks: &[u8]) {
        compress32(chain, blocks)
    }
    fn digest(m: &[u8]) -> Vec<u8> {
        sha2::Sha256::digest(m).to_vec()
    }
}
impl Reference for Sha384 {
    fn compress(chain: &mut [u64; 8], blocks: &[u8]) {
        compress64(chain, blocks)
    }
    fn digest(m: &[u8]) -> Vec<u8> {
        sha2::Sha384::digest(m).to_vec()
    }
}
impl Reference for Sha512 {
    fn compress(chain: &mut [u64; 8], blocks: &[u8]) {
        compress64(chain, blocks)
    }
    fn digest(m: &[u8]) -> Vec<u8> {
        sha2::Sha512::digest(m).to_vec()
    }
}

/// Hashes `message` in the given pieces with the engine: `update()` alone
/// (`absorb_first` false) or, as the kernel glue does, `absorb()` first and
/// `update()` only when it declines.
fn engine_digest_with<A: Reference>(pieces: &[&[u8]], absorb_first: bool) -> Vec<u8> {
    let mut state = State::<A>::new();
    for piece in pieces {
        if !(absorb_first && state.absorb(piece)) {
            state.update(piece, &mut A::compress);
        }
    }
    let mut out = vec![0u8; A::DIGEST_SIZE];
    state.finish(&mut out, &mut A::compress);
    out
}

/// [`engine_digest_with`] both ways, which must agree.
fn engine_digest<A: Reference>(pieces: &[&[u8]]) -> Vec<u8> {
    let plain = engine_digest_with::<A>(pieces, false);
    assert_eq!(
        engine_digest_with::<A>(pieces, true),
        plain,
        "{}: absorb() changed the digest",
        A::NAME
    );
    plain
}

/// Cuts `message` at random points (including empty pieces).
fn random_split<'a>(rng: &mut SmallRng, message: &'a [u8]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    let mut rest = message;
    while !rest.is_empty() {
        let n = if rng.gen_bool(0.1) {
            0
        } else {
            rng.gen_range(1..=rest.len())
        };
        let (head, tail) = rest.split_at(n);
        pieces.push(head);
        rest = tail;
    }
    pieces
}

fn all_lengths_random_splits<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(0x5ea_1e55 ^ A::DIGEST_SIZE as u64);
    for len in 0..=300usize {
        let mut message = vec![0u8; len];
        rng.fill_bytes(&mut message);
        let expected = A::digest(&message);
        assert_eq!(
            engine_digest::<A>(&[&message]),
            expected,
            "{} len {len} one piece",
            A::NAME
        );
        let bytewise: Vec<&[u8]> = message.chunks(1).collect();
        assert_eq!(
            engine_digest::<A>(&bytewise),
            expected,
            "{} len {len} bytewise",
            A::NAME
        );
        for _ in 0..8 {
            let pieces = random_split(&mut rng, &message);
            assert_eq!(
                engine_digest::<A>(&pieces),
                expected,
                "{} len {len} split {:?}",
                A::NAME,
                pieces.iter().map(|p| p.len()).collect::<Vec<_>>()
            );
        }
    }
}

fn absorb_declines_exactly_at_a_block<A: Reference>() {
    let block = A::BLOCK_SIZE;
    for fill in [0, 1, block / 2, block - 1] {
        for len in [0, 1, block - 1 - fill, block - fill, block, 3 * block] {
            let mut state = State::<A>::new();
            state.update(&vec![0x3c; fill], &mut A::compress);
            let mut before = vec![0u8; State::<A>::EXPORT_SIZE];
            state.export(&mut before);
            let took = state.absorb(&vec![0xa5; len]);
            assert_eq!(
                took,
                fill + len < block,
                "{} fill {fill} len {len}",
                A::NAME
            );
            if !took {
                let mut after = vec![0u8; State::<A>::EXPORT_SIZE];
                state.export(&mut after);
                assert_eq!(
                    after,
                    before,
                    "{}: a declined absorb() changed the state",
                    A::NAME
                );
            }
        }
    }
}

/// The digest of `message` when a state that has seen other data imports
/// `exported` with `import` (nothing of the other data may survive) and then
/// hashes `message[len..]`: what the export/import tests check against the
/// reference digest.
fn resumed_digest<A: Reference>(
    import: fn(&mut State<A>, &[u8]),
    exported: &[u8],
    message: &[u8],
    len: usize,
) -> Vec<u8> {
    let mut other = State::<A>::new();
    other.update(b"unrelated data that must be overwritten", &mut A::compress);
    import(&mut other, exported);
    other.update(&message[len..], &mut A::compress);
    let mut out = vec![0u8; A::DIGEST_SIZE];
    other.finish(&mut out, &mut A::compress);
    out
}

fn export_import_mid_stream<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(7);
    for len in [0usize, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 300] {
        let mut message = vec![0u8; len + 77];
        rng.fill_bytes(&mut message);
        let mut state = State::<A>::new();
        state.update(&message[..len], &mut A::compress);
        let mut exported = vec![0xa5u8; State::<A>::EXPORT_SIZE];
        state.export(&mut exported);
        let out = resumed_digest(State::<A>::import, &exported, &message, len);
        assert_eq!(
            out,
            A::digest(&message),
            "{} export/import at {len}",
            A::NAME
        );
        // Export is a pure function of the state.
        let mut again = vec![0u8; State::<A>::EXPORT_SIZE];
        state.export(&mut again);
        assert_eq!(exported, again);
    }
}

fn import_arbitrary_bytes<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(11);
    for _ in 0..2000 {
        let mut junk = vec![0u8; State::<A>::EXPORT_SIZE];
        rng.fill_bytes(&mut junk);
        let mut state = State::<A>::new();
        state.import(&junk);
        let mut extra = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut extra);
        state.update(&extra, &mut A::compress);
        let mut out = vec![0u8; A::DIGEST_SIZE];
        state.finish(&mut out, &mut A::compress);
        // Round trip: exporting an imported state gives the same bytes.
        let mut state = State::<A>::new();
        state.import(&junk);
        let mut back = vec![0u8; State::<A>::EXPORT_SIZE];
        state.export(&mut back);
        assert_eq!(back, junk, "{} import/export round trip", A::NAME);
    }
}

/// The export format of Linux 6.16 and later (`export_partial`): a state
/// exported mid-stream finishes the message after `import_partial`; the layout
/// is the `*-lib` drivers' (chaining value, zero padding to 8 bytes, counter
/// rounded down to a block, block buffer, number of buffered bytes).
fn partial_export_mid_stream<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(21);
    let size = State::<A>::PARTIAL_EXPORT_SIZE;
    for len in [0usize, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 300] {
        let mut message = vec![0u8; len + 77];
        rng.fill_bytes(&mut message);
        let mut state = State::<A>::new();
        state.update(&message[..len], &mut A::compress);
        let mut exported = vec![0xa5u8; size];
        state.export_partial(&mut exported);
        let chain = core::mem::size_of::<A::Chain>();
        let count_at = count_at_of::<A>();
        assert!(
            exported[chain..count_at].iter().all(|&b| b == 0),
            "{} padding",
            A::NAME
        );
        let low = u64::from_ne_bytes(exported[count_at..count_at + 8].try_into().unwrap());
        assert_eq!(
            low as usize,
            len - len % A::BLOCK_SIZE,
            "{} rounded counter",
            A::NAME
        );
        assert_eq!(
            exported[size - 1] as usize,
            len % A::BLOCK_SIZE,
            "{} length byte",
            A::NAME
        );
        let buffer_at = State::<A>::CORE_SIZE;
        assert_eq!(
            exported[buffer_at..buffer_at + len % A::BLOCK_SIZE],
            message[len - len % A::BLOCK_SIZE..len],
            "{} buffered bytes",
            A::NAME
        );
        let out = resumed_digest(State::<A>::import_partial, &exported, &message, len);
        assert_eq!(
            out,
            A::digest(&message),
            "{} partial export at {len}",
            A::NAME
        );
        // Exporting the imported state again gives the same bytes.
        let mut again = State::<A>::new();
        again.import_partial(&exported);
        let mut back = vec![0u8; size];
        again.export_partial(&mut back);
        assert_eq!(back, exported, "{} partial export round trip", A::NAME);
    }
}

/// Where the counter starts in the 6.16 formats: the chaining value rounded up
/// to 8 bytes.
fn count_at_of<A: Algorithm>() -> usize {
    core::mem::size_of::<A::Chain>().div_ceil(8) * 8
}

/// Arbitrary bytes in the 6.16 format: the length byte is added to the low
/// word of the counter whatever its value, as the kernel's `*-lib` drivers do,
/// and the state stays usable.
fn partial_import_arbitrary_bytes<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(22);
    let size = State::<A>::PARTIAL_EXPORT_SIZE;
    let count_at = count_at_of::<A>();
    for _ in 0..2000 {
        let mut junk = vec![0u8; size];
        rng.fill_bytes(&mut junk);
        let mut state = State::<A>::new();
        state.import_partial(&junk);
        let mut core = vec![0u8; State::<A>::CORE_SIZE];
        state.export_core(&mut core);
        let low_in = u64::from_ne_bytes(junk[count_at..count_at + 8].try_into().unwrap());
        let low = u64::from_ne_bytes(core[count_at..count_at + 8].try_into().unwrap());
        assert_eq!(
            low,
            low_in.wrapping_add(u64::from(junk[size - 1])),
            "{} counter",
            A::NAME
        );
        assert_eq!(
            core[count_at + 8..],
            junk[count_at + 8..State::<A>::CORE_SIZE],
            "{} high counter",
            A::NAME
        );
        let mut extra = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut extra);
        state.update(&extra, &mut A::compress);
        let mut out = vec![0u8; A::DIGEST_SIZE];
        state.finish(&mut out, &mut A::compress);
    }
}

/// `export_core`/`import_core` at a block boundary: the state without a
/// partial block, `CORE_SIZE` bytes, continues the message.
fn core_export_at_block_boundary<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(23);
    for blocks in [0usize, 1, 2, 5] {
        let len = blocks * A::BLOCK_SIZE;
        let mut message = vec![0u8; len + 99];
        rng.fill_bytes(&mut message);
        let mut state = State::<A>::new();
        state.update(&message[..len], &mut A::compress);
        let mut core = vec![0x5au8; State::<A>::CORE_SIZE];
        state.export_core(&mut core);
        let out = resumed_digest(State::<A>::import_core, &core, &message, len);
        assert_eq!(out, A::digest(&message), "{} core export at {len}", A::NAME);
    }
}

/// `reset()` on a state full of junk (what the kernel hands `init()`) starts a
/// correct message: it writes only the chaining value and the counter.
fn reset_over_junk<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(12);
    for _ in 0..500 {
        let mut junk = vec![0u8; State::<A>::EXPORT_SIZE];
        rng.fill_bytes(&mut junk);
        let mut state = State::<A>::new();
        state.import(&junk);
        state.reset();
        let mut message = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut message);
        let split = rng.gen_range(0..=message.len());
        state.update(&message[..split], &mut A::compress);
        state.update(&message[split..], &mut A::compress);
        let mut out = vec![0u8; A::DIGEST_SIZE];
        state.finish(&mut out, &mut A::compress);
        assert_eq!(
            out,
            A::digest(&message),
            "{} after reset over junk",
            A::NAME
        );
    }
}

/// `init_in_place()` over memory full of junk (what the kernel hands `init()`)
/// writes the whole state: its export is exactly that of `State::new()`, block
/// buffer included, and a message hashed from there is correct.
fn init_in_place_over_junk<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(13);
    let mut fresh = vec![0u8; State::<A>::EXPORT_SIZE];
    State::<A>::new().export(&mut fresh);
    for _ in 0..200 {
        let mut slot = core::mem::MaybeUninit::<State<A>>::uninit();
        let mut junk = vec![0u8; core::mem::size_of::<State<A>>()];
        rng.fill_bytes(&mut junk);
        // SAFETY: `junk` has the size of the slot; a `MaybeUninit` may hold any bytes.
        unsafe {
            core::ptr::copy_nonoverlapping(
                junk.as_ptr(),
                slot.as_mut_ptr().cast::<u8>(),
                junk.len(),
            )
        };
        let state = State::<A>::init_in_place(&mut slot);
        let mut exported = vec![0u8; State::<A>::EXPORT_SIZE];
        state.export(&mut exported);
        assert_eq!(exported, fresh, "{} init_in_place over junk", A::NAME);
        let mut message = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut message);
        state.update(&message, &mut A::compress);
        let mut out = vec![0u8; A::DIGEST_SIZE];
        state.finish(&mut out, &mut A::compress);
        assert_eq!(out, A::digest(&message), "{} after init_in_place", A::NAME);
    }
}

fn short_output_gets_prefix<A: Reference>() {
    let expected = A::digest(b"abc");
    let mut state = State::<A>::new();
    state.update(b"abc", &mut A::compress);
    let mut out = vec![0u8; 5];
    state.finish(&mut out, &mut A::compress);
    assert_eq!(out, expected[..5]);
}

fn finish_wipes_state<A: Reference>() {
    let mut state = State::<A>::new();
    state.update(&[0x5a; 200], &mut A::compress);
    let mut out = vec![0u8; A::DIGEST_SIZE];
    state.finish(&mut out, &mut A::compress);
    let mut exported = vec![0xffu8; State::<A>::EXPORT_SIZE];
    state.export(&mut exported);
    assert!(
        exported.iter().all(|&b| b == 0),
        "{} state not wiped",
        A::NAME
    );
}

/// The 128-bit counter of SHA-384/512 carries into its high word, and the bit
/// length takes the three top bits of the low word. Compared with a computed
/// 128-bit value, not a written-down one.
#[test]
fn counter_128_carries() {
    use rsha_md_host::md::Counter;
    let mut c: [u64; 2] = [u64::MAX - 2, 5];
    c.add(10);
    let bytes = ((5u128 << 64) + (u64::MAX as u128 - 2) + 10) << 3;
    let mut field = [0u8; 16];
    c.write_bit_length(&mut field);
    assert_eq!(field, bytes.to_be_bytes());
    let mut c: u64 = u64::MAX - 1;
    c.add(3);
    let mut field = [0u8; 8];
    c.write_bit_length(&mut field);
    assert_eq!(field, (1u64 << 3).to_be_bytes());
}

#[test]
fn formats_of_6_16_match_the_lib_drivers() {
    // crypto/sha1.c, sha256.c, sha512.c of 7.3: statesize 97, 105 and 209; the
    // core state is the library context before its block buffer.
    assert_eq!(State::<Sha1>::PARTIAL_EXPORT_SIZE, 97);
    assert_eq!(State::<Sha256>::PARTIAL_EXPORT_SIZE, 105);
    assert_eq!(State::<Sha224>::PARTIAL_EXPORT_SIZE, 105);
    assert_eq!(State::<Sha512>::PARTIAL_EXPORT_SIZE, 209);
    assert_eq!(State::<Sha384>::PARTIAL_EXPORT_SIZE, 209);
    assert_eq!(State::<Sha1>::CORE_SIZE, 32);
    assert_eq!(State::<Sha256>::CORE_SIZE, 40);
    assert_eq!(State::<Sha512>::CORE_SIZE, 80);
}

#[test]
fn export_size_matches_kernel_state_structs() {
    // struct sha256_state and struct sha512_state (include/crypto/sha2.h) have no
    // padding, so our export is the same size; sha1_state has 4 bytes of padding.
    assert_eq!(State::<Sha256>::EXPORT_SIZE, 8 * 4 + 8 + 64);
    assert_eq!(State::<Sha512>::EXPORT_SIZE, 8 * 8 + 16 + 128);
    assert_eq!(State::<Sha1>::EXPORT_SIZE, 5 * 4 + 8 + 64);
    assert_eq!(core::mem::size_of::<State<Sha256>>(), 104);
    assert_eq!(core::mem::size_of::<State<Sha512>>(), 208);
}

macro_rules! per_algorithm {
    ($($alg:ident => $module:ident),*) => {$(
        mod $module {
            use super::*;
            #[test] fn all_lengths_random_splits() { super::all_lengths_random_splits::<$alg>() }
            #[test] fn absorb_declines_exactly_at_a_block() { super::absorb_declines_exactly_at_a_block::<$alg>() }
            #[test] fn export_import_mid_stream() { super::export_import_mid_stream::<$alg>() }
            #[test] fn import_arbitrary_bytes() { super::import_arbitrary_bytes::<$alg>() }
            #[test] fn partial_export_mid_stream() { super::partial_export_mid_stream::<$alg>() }
            #[test] fn partial_import_arbitrary_bytes() { super::partial_import_arbitrary_bytes::<$alg>() }
            #[test] fn core_export_at_block_boundary() { super::core_export_at_block_boundary::<$alg>() }
            #[test] fn reset_over_junk() { super::reset_over_junk::<$alg>() }
            #[test] fn init_in_place_over_junk() { super::init_in_place_over_junk::<$alg>() }
            #[test] fn short_output_gets_prefix() { super::short_output_gets_prefix::<$alg>() }
            #[test] fn finish_wipes_state() { super::finish_wipes_state::<$alg>() }
        }
    )*};
}
per_algorithm!(Sha1 => sha1_engine, Sha224 => sha224_engine, Sha256 => sha256_engine,
               Sha384 => sha384_engine, Sha512 => sha512_engine);
