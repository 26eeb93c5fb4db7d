// SPDX-License-Identifier: GPL-2.0

//! Checks the generic engine against the RustCrypto `sha1`/`sha2` crates: every
//! message length 0..=300 (which covers each padding boundary: 55/56/63/64 bytes for
//! 64-byte blocks, 111/112/127/128 for 128-byte blocks) with random update splits,
//! export/import in the middle of a stream, and import of arbitrary bytes.
//!
//! The compression function handed to the engine is the reference crate's own
//! block function, so what is tested here is the engine's buffering, counting,
//! padding, output and wiping, not the block function.

use core::mem::MaybeUninit;
use rand::{rngs::SmallRng, Rng, RngCore, SeedableRng};
use rsha_md_host::hmac::{HmacKey, HmacState};
use rsha_md_host::md::{Algorithm, Bytes, Message, State};
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
        let mut digest = sha2::Sha256::digest(m).to_vec();
        // The negative control of these tests (scripts/test.sh): with
        // RSHA_ENGINE_WRONG_DIGEST set, one expected value is wrong, the
        // SHA-256 of the empty message, and the tests comparing with it must fail.
        if m.is_empty() && std::env::var_os("RSHA_ENGINE_WRONG_DIGEST").is_some() {
            digest[0] ^= 1;
        }
        digest
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

/// The engine's compression callback over the reference block function: the
/// blocks are copied out of the [`Message`] first, as a core reads them.
fn compress<A: Reference>(chain: &mut A::Chain, blocks: Message<'_>) {
    let mut bytes = vec![0u8; blocks.len()];
    blocks.copy_to(&mut bytes);
    A::compress(chain, &bytes);
}

fn update<A: Reference>(state: &mut State<A>, data: &[u8]) {
    state.update(Message::new(data), &mut compress::<A>);
}

/// Pads, writes the digest and wipes the state, as a driver's `final()` does.
fn finish<A: Reference>(state: &mut State<A>) -> Vec<u8> {
    state.pad(&mut compress::<A>);
    let mut out = A::Digest::ZERO;
    state.write_digest(&mut out);
    state.wipe();
    out.as_ref().to_vec()
}

fn array<B: Bytes>(bytes: &[u8]) -> B {
    let mut out = B::ZERO;
    out.as_mut().copy_from_slice(bytes);
    out
}

fn export<A: Algorithm>(state: &State<A>) -> Vec<u8> {
    let mut out = A::Export::ZERO;
    state.export(&mut out);
    out.as_ref().to_vec()
}

fn export_partial<A: Algorithm>(state: &State<A>) -> Vec<u8> {
    let mut out = A::PartialExport::ZERO;
    state.export_partial(&mut out);
    out.as_ref().to_vec()
}

fn export_core<A: Algorithm>(state: &State<A>) -> Vec<u8> {
    let mut out = A::CoreExport::ZERO;
    state.export_core(&mut out);
    out.as_ref().to_vec()
}

/// An import from bytes of one of the three formats.
type Import<A> = for<'s> fn(&'s mut MaybeUninit<State<A>>, &[u8]) -> &'s mut State<A>;

fn import<'s, A: Algorithm>(slot: &'s mut MaybeUninit<State<A>>, b: &[u8]) -> &'s mut State<A> {
    State::import(slot, &array(b))
}

fn import_partial<'s, A: Algorithm>(
    slot: &'s mut MaybeUninit<State<A>>,
    b: &[u8],
) -> &'s mut State<A> {
    State::import_partial(slot, &array(b))
}

fn import_core<'s, A: Algorithm>(
    slot: &'s mut MaybeUninit<State<A>>,
    b: &[u8],
) -> &'s mut State<A> {
    State::import_core(slot, &array(b))
}

/// The bytes of the memory a state lives in, padding included.
fn raw_bytes<A: Algorithm>(slot: &MaybeUninit<State<A>>) -> Vec<u8> {
    let mut out = vec![0u8; core::mem::size_of::<State<A>>()];
    // SAFETY: the slot is `out.len()` bytes; every byte of it was written (the
    // callers fill it before use), so reading it as bytes is defined.
    unsafe {
        core::ptr::copy_nonoverlapping(slot.as_ptr().cast::<u8>(), out.as_mut_ptr(), out.len())
    };
    out
}

/// A slot whose every byte is `fill`, as the memory the kernel hands `init()`.
fn filled_slot<A: Algorithm>(fill: u8) -> MaybeUninit<State<A>> {
    let mut slot = MaybeUninit::<State<A>>::uninit();
    // SAFETY: writes the slot's own bytes; a `MaybeUninit` may hold any bytes.
    unsafe {
        core::ptr::write_bytes(
            slot.as_mut_ptr().cast::<u8>(),
            fill,
            core::mem::size_of::<State<A>>(),
        )
    };
    slot
}

/// Hashes `message` in the given pieces with the engine: `update()` alone
/// (`absorb_first` false) or, as the kernel glue does, `absorb()` first and
/// `update()` only when it declines.
fn engine_digest_with<A: Reference>(pieces: &[&[u8]], absorb_first: bool) -> Vec<u8> {
    let mut slot = MaybeUninit::uninit();
    let state = State::<A>::init(&mut slot);
    for piece in pieces {
        if !(absorb_first && state.absorb(Message::new(piece))) {
            update(state, piece);
        }
    }
    finish(state)
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
            let mut slot = MaybeUninit::uninit();
            let state = State::<A>::init(&mut slot);
            update(state, &vec![0x3c; fill]);
            let before = export(state);
            let data = vec![0xa5; len];
            let took = state.absorb(Message::new(&data));
            assert_eq!(
                took,
                fill + len < block,
                "{} fill {fill} len {len}",
                A::NAME
            );
            if !took {
                assert_eq!(
                    export(state),
                    before,
                    "{}: a declined absorb() changed the state",
                    A::NAME
                );
            }
        }
    }
}

/// The digest of `message` when a state that has seen other data imports
/// `exported` with `import` into its memory (nothing of the other data may
/// survive) and then hashes `message[len..]`: what the export/import tests
/// check against the reference digest.
fn resumed_digest<A: Reference>(
    import: Import<A>,
    exported: &[u8],
    message: &[u8],
    len: usize,
) -> Vec<u8> {
    let mut slot = MaybeUninit::uninit();
    let other = State::<A>::init(&mut slot);
    update(other, &[0x77; 300]);
    update(other, b"unrelated data that must be overwritten");
    let state = import(&mut slot, exported);
    update(state, &message[len..]);
    finish(state)
}

fn export_import_mid_stream<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(7);
    for len in [0usize, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 300] {
        let mut message = vec![0u8; len + 77];
        rng.fill_bytes(&mut message);
        let mut slot = MaybeUninit::uninit();
        let state = State::<A>::init(&mut slot);
        update(state, &message[..len]);
        let exported = export(state);
        let out = resumed_digest(import::<A>, &exported, &message, len);
        assert_eq!(
            out,
            A::digest(&message),
            "{} export/import at {len}",
            A::NAME
        );
        // Export is a pure function of the state.
        assert_eq!(exported, export(state));
    }
}

fn import_arbitrary_bytes<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(11);
    for _ in 0..2000 {
        let mut junk = vec![0u8; core::mem::size_of::<A::Export>()];
        rng.fill_bytes(&mut junk);
        let mut slot = MaybeUninit::uninit();
        let state = import::<A>(&mut slot, &junk);
        // Round trip: exporting an imported state gives the same bytes, but
        // for the block buffer's bytes after the buffered ones, which mean
        // nothing and export as zeroes.
        let chain = core::mem::size_of::<A::Chain>();
        let words = core::mem::size_of::<A::Export>() - chain - A::BLOCK_SIZE;
        let low = u64::from_ne_bytes(junk[chain..chain + 8].try_into().unwrap());
        let buffered = low as usize % A::BLOCK_SIZE;
        let mut want = junk.clone();
        want[chain + words + buffered..].fill(0);
        assert_eq!(export(state), want, "{} import/export round trip", A::NAME);
        let mut extra = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut extra);
        update(state, &extra);
        finish(state);
    }
}

/// The export format of Linux 6.16 and later (`export_partial`): a state
/// exported mid-stream finishes the message after `import_partial`; the layout
/// is the `*-lib` drivers' (chaining value, zero padding to 8 bytes, counter
/// rounded down to a block, block buffer, number of buffered bytes).
fn partial_export_mid_stream<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(21);
    let size = core::mem::size_of::<A::PartialExport>();
    for len in [0usize, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 300] {
        let mut message = vec![0u8; len + 77];
        rng.fill_bytes(&mut message);
        let mut slot = MaybeUninit::uninit();
        let state = State::<A>::init(&mut slot);
        update(state, &message[..len]);
        let exported = export_partial(state);
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
        let buffer_at = core::mem::size_of::<A::CoreExport>();
        assert_eq!(
            exported[buffer_at..buffer_at + len % A::BLOCK_SIZE],
            message[len - len % A::BLOCK_SIZE..len],
            "{} buffered bytes",
            A::NAME
        );
        let out = resumed_digest(import_partial::<A>, &exported, &message, len);
        assert_eq!(
            out,
            A::digest(&message),
            "{} partial export at {len}",
            A::NAME
        );
        // Exporting the imported state again gives the same bytes.
        let mut again = MaybeUninit::uninit();
        let again = import_partial::<A>(&mut again, &exported);
        assert_eq!(
            export_partial(again),
            exported,
            "{} partial export round trip",
            A::NAME
        );
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
    let size = core::mem::size_of::<A::PartialExport>();
    let core_size = core::mem::size_of::<A::CoreExport>();
    let count_at = count_at_of::<A>();
    for _ in 0..2000 {
        let mut junk = vec![0u8; size];
        rng.fill_bytes(&mut junk);
        let mut slot = MaybeUninit::uninit();
        let state = import_partial::<A>(&mut slot, &junk);
        let core = export_core(state);
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
            junk[count_at + 8..core_size],
            "{} high counter",
            A::NAME
        );
        let mut extra = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut extra);
        update(state, &extra);
        finish(state);
    }
}

/// `export_core`/`import_core` at a block boundary: the state without a
/// partial block continues the message.
fn core_export_at_block_boundary<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(23);
    for blocks in [0usize, 1, 2, 5] {
        let len = blocks * A::BLOCK_SIZE;
        let mut message = vec![0u8; len + 99];
        rng.fill_bytes(&mut message);
        let mut slot = MaybeUninit::uninit();
        let state = State::<A>::init(&mut slot);
        update(state, &message[..len]);
        let core = export_core(state);
        let out = resumed_digest(import_core::<A>, &core, &message, len);
        assert_eq!(out, A::digest(&message), "{} core export at {len}", A::NAME);
    }
}

/// `init()` over memory full of junk (what the kernel hands `init()`) writes
/// the whole state: its export is exactly that of a state made in zeroed
/// memory, block buffer included, and a message hashed from there is correct.
fn init_over_junk<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(13);
    let mut zeroed = filled_slot::<A>(0);
    let fresh = export(State::<A>::init(&mut zeroed));
    for _ in 0..200 {
        let mut slot = MaybeUninit::<State<A>>::uninit();
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
        let state = State::<A>::init(&mut slot);
        assert_eq!(export(state), fresh, "{} init over junk", A::NAME);
        let mut message = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut message);
        update(state, &message);
        assert_eq!(finish(state), A::digest(&message), "{} after init", A::NAME);
    }
}

/// After the digest, every byte of the state's memory is zero: the padding
/// after SHA-1's five chaining words too, which a caller's poison must not
/// survive.
fn output_wipes_all_of_the_state<A: Reference>() {
    for fill in [0xa5u8, 0xff] {
        let mut slot = filled_slot::<A>(fill);
        let state = State::<A>::init(&mut slot);
        update(state, &[0x5a; 200]);
        finish(state);
        assert!(
            raw_bytes(&slot).iter().all(|&b| b == 0),
            "{}: bytes of the state survive the digest",
            A::NAME
        );
    }
}

/// A message split anywhere, copied partly: `Message` never gives more bytes
/// than it has, nor more than the destination holds.
#[test]
fn message_split_and_copy() {
    let data: Vec<u8> = (0..10).collect();
    let m = Message::new(&data);
    let (a, b) = m.split_at(4);
    assert_eq!((a.len(), b.len()), (4, 6));
    let (c, d) = b.split_at(100);
    assert_eq!((c.len(), d.len()), (6, 0));
    let mut out = [0xeeu8; 8];
    c.copy_to(&mut out);
    assert_eq!(out, [4, 5, 6, 7, 8, 9, 0xee, 0xee]);
    let mut short = [0u8; 2];
    a.copy_to(&mut short);
    assert_eq!(short, [0, 1]);
    let (e, f) = Message::EMPTY.split_at(3);
    assert!(e.is_empty() && f.is_empty());
    Message::EMPTY.copy_to(&mut short);
    assert_eq!(short, [0, 1]);
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
    use core::mem::size_of;
    // crypto/sha1.c, sha256.c, sha512.c of 7.3: statesize 97, 105 and 209; the
    // core state is the library context before its block buffer.
    assert_eq!(size_of::<<Sha1 as Algorithm>::PartialExport>(), 97);
    assert_eq!(size_of::<<Sha256 as Algorithm>::PartialExport>(), 105);
    assert_eq!(size_of::<<Sha224 as Algorithm>::PartialExport>(), 105);
    assert_eq!(size_of::<<Sha512 as Algorithm>::PartialExport>(), 209);
    assert_eq!(size_of::<<Sha384 as Algorithm>::PartialExport>(), 209);
    assert_eq!(size_of::<<Sha1 as Algorithm>::CoreExport>(), 32);
    assert_eq!(size_of::<<Sha256 as Algorithm>::CoreExport>(), 40);
    assert_eq!(size_of::<<Sha512 as Algorithm>::CoreExport>(), 80);
}

#[test]
fn export_size_matches_kernel_state_structs() {
    use core::mem::size_of;
    // struct sha256_state and struct sha512_state (include/crypto/sha2.h) have no
    // padding, so our export is the same size; sha1_state has 4 bytes of padding.
    assert_eq!(size_of::<<Sha256 as Algorithm>::Export>(), 8 * 4 + 8 + 64);
    assert_eq!(size_of::<<Sha512 as Algorithm>::Export>(), 8 * 8 + 16 + 128);
    assert_eq!(size_of::<<Sha1 as Algorithm>::Export>(), 5 * 4 + 8 + 64);
    assert_eq!(size_of::<State<Sha256>>(), 104);
    assert_eq!(size_of::<State<Sha512>>(), 208);
    assert_eq!(size_of::<State<Sha1>>(), 96);
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
            #[test] fn init_over_junk() { super::init_over_junk::<$alg>() }
            #[test] fn output_wipes_all_of_the_state() { super::output_wipes_all_of_the_state::<$alg>() }
        }
    )*};
}
per_algorithm!(Sha1 => sha1_engine, Sha224 => sha224_engine, Sha256 => sha256_engine,
               Sha384 => sha384_engine, Sha512 => sha512_engine);

/// HMAC (RFC 2104) from the reference hash alone: H((K ^ opad) || H((K ^ ipad) || m)),
/// with K the key, or the digest of a key longer than a block, padded with zeroes.
fn reference_hmac<A: Reference>(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut k = if key.len() > A::BLOCK_SIZE {
        A::digest(key)
    } else {
        key.to_vec()
    };
    k.resize(A::BLOCK_SIZE, 0);
    let mut inner: Vec<u8> = k.iter().map(|b| b ^ 0x36).collect();
    inner.extend_from_slice(message);
    let mut outer: Vec<u8> = k.iter().map(|b| b ^ 0x5c).collect();
    outer.extend_from_slice(&A::digest(&inner));
    A::digest(&outer)
}

fn hmac_key<A: Reference>(key: &[u8]) -> HmacKey<A> {
    let mut slot = MaybeUninit::uninit();
    HmacKey::prepare(&mut slot, Message::new(key), &mut compress::<A>);
    // SAFETY: `prepare` wrote the key.
    unsafe { slot.assume_init() }
}

/// The engine's HMAC of `pieces` under `key`, as a driver's init, updates and
/// finup compute it.
fn engine_hmac<A: Reference>(key: &HmacKey<A>, pieces: &[&[u8]]) -> Vec<u8> {
    let mut slot = MaybeUninit::uninit();
    // SAFETY: the key is a distinct, unchanging value.
    let state = unsafe { HmacState::init(&mut slot, key) };
    let empty: &[u8] = &[];
    let (last, first) = pieces.split_last().unwrap_or((&empty, &[]));
    for piece in first {
        state.inner.update(Message::new(piece), &mut compress::<A>);
    }
    state.finish(Message::new(last), &mut compress::<A>);
    let mut out = A::Digest::ZERO;
    state.inner.write_digest(&mut out);
    state.wipe();
    out.as_ref().to_vec()
}

/// Every key length 0..=300 (shorter than, equal to and longer than a block)
/// with a random message in random pieces, against the reference.
fn hmac_all_key_lengths<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(2104);
    for key_len in 0..=300 {
        let mut key = vec![0u8; key_len];
        rng.fill_bytes(&mut key);
        let mut message = vec![0u8; rng.gen_range(0..=300)];
        rng.fill_bytes(&mut message);
        let pieces = random_split(&mut rng, &message);
        assert_eq!(
            engine_hmac::<A>(&hmac_key::<A>(&key), &pieces),
            reference_hmac::<A>(&key, &message),
            "key {key_len} bytes, message {} bytes",
            message.len()
        );
    }
}

/// An HMAC exported mid-stream in the format of the kernel's `hmac-*-lib`
/// drivers (the inner hash, 6.16 and later) and imported under the same key
/// finishes to the same HMAC; under another key, to that key's.
fn hmac_export_import<A: Reference>() {
    let mut rng = SmallRng::seed_from_u64(4231);
    for len in [0usize, 1, 63, 64, 65, 127, 128, 129, 300] {
        let mut message = vec![0u8; len];
        rng.fill_bytes(&mut message);
        let (head, tail) = message.split_at(len / 2);
        let key = hmac_key::<A>(b"export key");
        let mut slot = MaybeUninit::uninit();
        // SAFETY: the key is a distinct, unchanging value.
        let state = unsafe { HmacState::init(&mut slot, &key) };
        state.inner.update(Message::new(head), &mut compress::<A>);
        let exported = export_partial(&state.inner);
        let mut slot = MaybeUninit::uninit();
        // SAFETY: the key is a distinct, unchanging value.
        let state = unsafe {
            HmacState::import_with(&mut slot, &key, |inner| {
                State::import_partial(inner, &array(&exported))
            })
        };
        state.finish(Message::new(tail), &mut compress::<A>);
        let mut out = A::Digest::ZERO;
        state.inner.write_digest(&mut out);
        assert_eq!(
            out.as_ref(),
            &reference_hmac::<A>(b"export key", &message)[..],
            "{len} bytes"
        );
    }
}

#[test]
fn hmac_published_vectors() {
    // RFC 2202 test case 2 (HMAC-SHA-1) and RFC 4231 test case 2 (HMAC-SHA-256,
    // HMAC-SHA-512): key "Jefe", data "what do ya want for nothing?". They
    // check the reference above as much as the engine.
    let (key, data) = (b"Jefe", b"what do ya want for nothing?");
    let hex = |v: Vec<u8>| v.iter().map(|b| format!("{b:02x}")).collect::<String>();
    for (got, want) in [
        (
            engine_hmac::<Sha1>(&hmac_key::<Sha1>(key), &[data]),
            "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
        ),
        (
            engine_hmac::<Sha256>(&hmac_key::<Sha256>(key), &[data]),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        ),
        (
            engine_hmac::<Sha512>(&hmac_key::<Sha512>(key), &[data]),
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554\
             9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
        ),
    ] {
        assert_eq!(hex(got), want);
    }
    assert_eq!(
        hex(reference_hmac::<Sha256>(key, data)),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
}

macro_rules! per_algorithm_hmac {
    ($($alg:ident => $module:ident),*) => {$(
        mod $module {
            use super::*;
            #[test] fn hmac_all_key_lengths() { super::hmac_all_key_lengths::<$alg>() }
            #[test] fn hmac_export_import() { super::hmac_export_import::<$alg>() }
        }
    )*};
}
per_algorithm_hmac!(Sha1 => sha1_hmac, Sha224 => sha224_hmac, Sha256 => sha256_hmac,
                    Sha384 => sha384_hmac, Sha512 => sha512_hmac);
