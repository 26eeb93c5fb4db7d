// SPDX-License-Identifier: GPL-2.0

//! Generic Merkle-Damgård engine for the SHA family.
//!
//! Buffering, byte counting, padding, output and export/import are written once
//! here and instantiated for SHA-1, SHA-224/256 and SHA-384/512 by the
//! [`Algorithm`] trait. The compression function is not part of the engine: every
//! call that may consume blocks takes a `compress` closure, which receives the
//! chaining value and a non-empty slice holding a whole number of blocks. That is
//! where a driver plugs in its assembly core (and, for NEON, the bound on the work
//! done inside one `kernel_neon_begin()` section).
//!
//! This file uses only `core`: it is compiled into the kernel crate and, through a
//! `#[path]` module, into the host crate `tests/engine`, whose `cargo test` checks it
//! against reference implementations.

/// A word of the chaining value: `u32` (SHA-1, SHA-256) or `u64` (SHA-512).
pub trait Word: Copy {
    /// Size of the word in bytes.
    const BYTES: usize;
    /// The word with all bits clear.
    const ZERO: Self;
    /// Writes the word big-endian into `out` (which is `BYTES` long, or shorter for
    /// a truncated digest).
    fn write_be(self, out: &mut [u8]);
    /// Writes the word in native byte order into `out` (`BYTES` long).
    fn write_ne(self, out: &mut [u8]);
    /// Reads a word in native byte order from `bytes` (`BYTES` long).
    fn read_ne(bytes: &[u8]) -> Self;
}

macro_rules! impl_word {
    ($t:ty) => {
        impl Word for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            const ZERO: Self = 0;
            // Whole words (every digest is made of them) take the fixed-size path,
            // a single store; only a short `out` is copied bytewise.
            #[inline]
            fn write_be(self, out: &mut [u8]) {
                match out.first_chunk_mut::<{ core::mem::size_of::<$t>() }>() {
                    Some(word) => *word = self.to_be_bytes(),
                    None => copy_prefix(out, &self.to_be_bytes()),
                }
            }
            #[inline]
            fn write_ne(self, out: &mut [u8]) {
                match out.first_chunk_mut::<{ core::mem::size_of::<$t>() }>() {
                    Some(word) => *word = self.to_ne_bytes(),
                    None => copy_prefix(out, &self.to_ne_bytes()),
                }
            }
            #[inline]
            fn read_ne(bytes: &[u8]) -> Self {
                match bytes.first_chunk::<{ core::mem::size_of::<$t>() }>() {
                    Some(word) => <$t>::from_ne_bytes(*word),
                    None => {
                        let mut raw = [0u8; core::mem::size_of::<$t>()];
                        copy_prefix(&mut raw, bytes);
                        <$t>::from_ne_bytes(raw)
                    }
                }
            }
        }
    };
}
impl_word!(u32);
impl_word!(u64);

/// Copies as many bytes as both slices hold; never panics.
#[inline]
fn copy_prefix(dst: &mut [u8], src: &[u8]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d = *s;
    }
}

/// The message byte counter: `u64` for SHA-1/SHA-256, `[u64; 2]` (low word first,
/// as in the kernel's `struct sha512_state`) for SHA-512's 128-bit length.
pub trait Counter: Copy {
    /// The counter at the start of a message.
    const ZERO: Self;
    /// Size of the bit-length field that ends the padding.
    const LENGTH_FIELD_BYTES: usize;
    /// Number of `u64` words in the counter (for export/import).
    const WORDS: usize;
    /// Counts `n` more message bytes.
    fn add(&mut self, n: usize);
    /// The low bits of the byte count; enough to know how full the block buffer is.
    fn low(&self) -> usize;
    /// Writes the message length in bits, big-endian, into `out`
    /// (`LENGTH_FIELD_BYTES` long).
    fn write_bit_length(&self, out: &mut [u8]);
    /// Word `i` of the counter, for export.
    fn word(&self, i: usize) -> u64;
    /// Sets word `i` of the counter, for import.
    fn set_word(&mut self, i: usize, value: u64);
}

impl Counter for u64 {
    const ZERO: Self = 0;
    const LENGTH_FIELD_BYTES: usize = 8;
    const WORDS: usize = 1;
    #[inline]
    fn add(&mut self, n: usize) {
        *self = self.wrapping_add(n as u64);
    }
    #[inline]
    fn low(&self) -> usize {
        *self as usize
    }
    #[inline]
    fn write_bit_length(&self, out: &mut [u8]) {
        (*self << 3).write_be(out);
    }
    #[inline]
    fn word(&self, _i: usize) -> u64 {
        *self
    }
    #[inline]
    fn set_word(&mut self, _i: usize, value: u64) {
        *self = value;
    }
}

impl Counter for [u64; 2] {
    const ZERO: Self = [0, 0];
    const LENGTH_FIELD_BYTES: usize = 16;
    const WORDS: usize = 2;
    #[inline]
    fn add(&mut self, n: usize) {
        let (low, carry) = self[0].overflowing_add(n as u64);
        self[0] = low;
        self[1] = self[1].wrapping_add(u64::from(carry));
    }
    #[inline]
    fn low(&self) -> usize {
        self[0] as usize
    }
    #[inline]
    fn write_bit_length(&self, out: &mut [u8]) {
        let high_bits = (self[1] << 3) | (self[0] >> 61);
        let (high, low) = out.split_at_mut(out.len().min(8));
        high_bits.write_be(high);
        (self[0] << 3).write_be(low);
    }
    #[inline]
    fn word(&self, i: usize) -> u64 {
        self.get(i).copied().unwrap_or(0)
    }
    #[inline]
    fn set_word(&mut self, i: usize, value: u64) {
        if let Some(w) = self.get_mut(i) {
            *w = value;
        }
    }
}

/// One algorithm of the SHA family, as the engine needs to know it.
///
/// Implementations are plain data: see `sha.rs`.
pub trait Algorithm: 'static {
    /// The `cra_name` of the algorithm, e.g. `"sha256"`.
    const NAME: &'static str;
    /// Chaining-value word.
    type Word: Word;
    /// The chaining value, `[Self::Word; N]`; this is what the block cores take.
    type Chain: Copy + AsRef<[Self::Word]> + AsMut<[Self::Word]>;
    /// One message block, `[u8; BLOCK_SIZE]`; its size is the block size.
    type Block: Copy + AsRef<[u8]> + AsMut<[u8]>;
    /// The byte counter.
    type Counter: Counter;
    /// Initial chaining value (FIPS 180-4).
    const INITIAL: Self::Chain;
    /// An all-zero block.
    const ZERO_BLOCK: Self::Block;
    /// Digest length in bytes (a prefix of the final chaining value).
    const DIGEST_SIZE: usize;
    /// Block size in bytes; a power of two.
    const BLOCK_SIZE: usize = core::mem::size_of::<Self::Block>();
}

/// The running hash of one message: what a `shash_desc` context holds.
///
/// # Invariants
///
/// The number of bytes buffered in `buffer` is always `count mod BLOCK_SIZE`, so
/// it is derived, never stored: any bit pattern (for example one given to
/// [`State::import`]) is a valid state and cannot index outside `buffer`.
#[repr(C)]
pub struct State<A: Algorithm> {
    chain: A::Chain,
    count: A::Counter,
    buffer: A::Block,
}

impl<A: Algorithm> Clone for State<A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A: Algorithm> Copy for State<A> {}

impl<A: Algorithm> Default for State<A> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A: Algorithm> State<A> {
    /// Size of the export format: chaining value, counter and block buffer, in
    /// native byte order and without padding.
    pub const EXPORT_SIZE: usize =
        core::mem::size_of::<A::Chain>() + A::Counter::WORDS * 8 + core::mem::size_of::<A::Block>();

    /// Where the counter starts in the formats of Linux 6.16 and later: after
    /// the chaining value, padded to 8 bytes as C lays out the `u64` counter
    /// after it (SHA-1's 20 bytes get 4 bytes of padding, written as zeroes).
    const CORE_COUNT_AT: usize = (core::mem::size_of::<A::Chain>() + 7) & !7;

    /// Size of the core state of Linux 6.16 and later ([`Self::export_core`]):
    /// the chaining value, padded, and the counter; 32, 40 and 80 bytes for
    /// SHA-1, SHA-256 and SHA-512, the part of the library's `struct sha1_ctx`,
    /// `__sha256_ctx` and `__sha512_ctx` before the block buffer.
    pub const CORE_SIZE: usize = Self::CORE_COUNT_AT + A::Counter::WORDS * 8;

    /// Size of the export format of Linux 6.16 and later
    /// ([`Self::export_partial`]), the one of the kernel's `sha1-lib` ...
    /// `sha512-lib` drivers: the core state with the counter rounded down to a
    /// whole block, the block buffer, and one byte with the number of bytes
    /// buffered; 97, 105 and 209 bytes for SHA-1, SHA-256 and SHA-512.
    pub const PARTIAL_EXPORT_SIZE: usize = Self::CORE_SIZE + A::BLOCK_SIZE + 1;

    /// The state at the start of a message.
    pub const fn new() -> Self {
        Self {
            chain: A::INITIAL,
            count: A::Counter::ZERO,
            buffer: A::ZERO_BLOCK,
        }
    }

    /// Writes the state at the start of a message into `slot`, which may be
    /// uninitialised, field by field in place (no whole state built elsewhere
    /// and copied), and returns it, now initialised: every field is written,
    /// the block buffer included, so no byte of it is ever read unwritten.
    pub fn init_in_place(slot: &mut core::mem::MaybeUninit<Self>) -> &mut Self {
        let state = slot.as_mut_ptr();
        // Each field is written whole, through a raw pointer, without reading
        // or dropping what was there; padding needs no value.
        // SAFETY: `state` points to memory valid for writes of a `Self` (it is
        // `slot`'s); after the three writes every field is initialised, so
        // `slot` holds a valid `Self`.
        unsafe {
            core::ptr::addr_of_mut!((*state).chain).write(A::INITIAL);
            core::ptr::addr_of_mut!((*state).count).write(A::Counter::ZERO);
            core::ptr::addr_of_mut!((*state).buffer).write(A::ZERO_BLOCK);
            slot.assume_init_mut()
        }
    }

    /// Starts a new message in place. The block buffer is left as it is: only its
    /// first `count mod BLOCK_SIZE` bytes belong to the message (type invariants),
    /// none after this, so only the chaining value and the counter are written:
    /// that is all a per-request `init()` should cost.
    pub fn reset(&mut self) {
        self.chain = A::INITIAL;
        self.count = A::Counter::ZERO;
    }

    fn buffered(&self) -> usize {
        self.count.low() & (A::BLOCK_SIZE - 1)
    }

    /// Hashes `data` if it completes no block: copies it into the block buffer
    /// and returns true. Otherwise leaves the state as it is and returns false
    /// (then [`Self::update`] has blocks to compress).
    ///
    /// A caller that must set something up for the compressions (a NEON
    /// driver's SIMD check and section) tries this first: most small updates
    /// only fill the buffer.
    pub fn absorb(&mut self, data: &[u8]) -> bool {
        let fill = self.buffered();
        // `fill < BLOCK_SIZE` (see `buffered`): no overflow.
        if data.len() >= A::BLOCK_SIZE - fill {
            return false;
        }
        match self.buffer.as_mut().get_mut(fill..fill + data.len()) {
            Some(space) => space.copy_from_slice(data),
            None => return false,
        }
        self.count.add(data.len());
        true
    }

    /// Hashes `data`, calling `compress` for whole blocks only.
    pub fn update<F>(&mut self, data: &[u8], compress: &mut F)
    where
        F: FnMut(&mut A::Chain, &[u8]),
    {
        let fill = self.buffered();
        self.count.add(data.len());
        let mut rest = data;
        if fill != 0 {
            let buffer = self.buffer.as_mut();
            let space = &mut buffer[fill..];
            let take = space.len().min(rest.len());
            let (head, tail) = rest.split_at(take);
            space[..take].copy_from_slice(head);
            rest = tail;
            if fill + take < A::BLOCK_SIZE {
                return;
            }
            compress(&mut self.chain, self.buffer.as_ref());
        }
        let whole = rest.len() - rest.len() % A::BLOCK_SIZE;
        let (blocks, tail) = rest.split_at(whole);
        if !blocks.is_empty() {
            compress(&mut self.chain, blocks);
        }
        if !tail.is_empty() {
            self.buffer.as_mut()[..tail.len()].copy_from_slice(tail);
        }
    }

    /// Pads the message, writes the digest into `out` (which must hold
    /// `DIGEST_SIZE` bytes; a shorter `out` gets a prefix) and wipes the state:
    /// [`Self::pad`], then [`Self::output`].
    pub fn finish<F>(&mut self, out: &mut [u8], compress: &mut F)
    where
        F: FnMut(&mut A::Chain, &[u8]),
    {
        self.pad(compress);
        self.output(out);
    }

    /// Pads the message and compresses the last block or two: after it only
    /// [`Self::output`] may be called. Split from it so that a caller holding a
    /// resource for the compressions (a NEON section) can release it first.
    pub fn pad<F>(&mut self, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, &[u8]),
    {
        let fill = self.buffered();
        let length_at = A::BLOCK_SIZE - A::Counter::LENGTH_FIELD_BYTES;
        let buffer = self.buffer.as_mut();
        buffer[fill] = 0x80;
        let mut zero_from = fill + 1;
        if zero_from > length_at {
            buffer[zero_from..].fill(0);
            compress(&mut self.chain, self.buffer.as_ref());
            zero_from = 0;
        }
        // Up to the length field only: it is written next.
        self.buffer.as_mut()[zero_from..length_at].fill(0);
        self.count
            .write_bit_length(&mut self.buffer.as_mut()[length_at..]);
        compress(&mut self.chain, self.buffer.as_ref());
    }

    /// Writes the digest of a padded message (see [`Self::pad`]) into `out`
    /// (which must hold `DIGEST_SIZE` bytes; a shorter `out` gets a prefix) and
    /// wipes the state.
    pub fn output(&mut self, out: &mut [u8]) {
        // Straight into `out`, one store a word: `out` may have any alignment,
        // and both kernel targets store words to any address (ARMv7; arm64 with
        // strict alignment off, see `Kbuild`). A short last chunk gets a prefix.
        let (digest, _) = split_at_most(out, A::DIGEST_SIZE);
        for (word, bytes) in self
            .chain
            .as_ref()
            .iter()
            .zip(digest.chunks_mut(A::Word::BYTES))
        {
            word.write_be(bytes);
        }
        self.wipe();
    }

    /// Overwrites the whole state with zeroes, so that no message-dependent data
    /// outlives the hash. The state lives in memory owned by the caller, so these
    /// stores cannot be removed as dead.
    pub fn wipe(&mut self) {
        self.chain.as_mut().fill(A::Word::ZERO);
        self.count = A::Counter::ZERO;
        self.buffer = A::ZERO_BLOCK;
    }

    /// Writes the state into `out` in the export format (`EXPORT_SIZE` bytes).
    pub fn export(&self, out: &mut [u8]) {
        let (chain_out, rest) = split_at_most(out, core::mem::size_of::<A::Chain>());
        self.write_chain(chain_out);
        let (count_out, buffer_out) = split_at_most(rest, A::Counter::WORDS * 8);
        write_count::<A>(count_out, &self.count);
        copy_prefix(buffer_out, self.buffer.as_ref());
    }

    /// Replaces the state with one produced by [`State::export`].
    ///
    /// Any `EXPORT_SIZE` bytes are accepted: every bit pattern is a valid state (see
    /// the type invariants). A shorter `input` leaves the missing tail at zero.
    pub fn import(&mut self, input: &[u8]) {
        if input.len() < Self::EXPORT_SIZE {
            self.wipe();
        }
        let (chain_in, rest) = split_at_most_ref(input, core::mem::size_of::<A::Chain>());
        self.read_chain(chain_in);
        let (count_in, buffer_in) = split_at_most_ref(rest, A::Counter::WORDS * 8);
        self.read_count(count_in);
        copy_prefix(self.buffer.as_mut(), buffer_in);
    }

    /// Writes the chaining words in native byte order into `out` (a prefix
    /// if it is shorter; nothing beyond them if it is longer).
    fn write_chain(&self, out: &mut [u8]) {
        for (word, bytes) in self
            .chain
            .as_ref()
            .iter()
            .zip(out.chunks_mut(A::Word::BYTES))
        {
            word.write_ne(bytes);
        }
    }

    /// Reads the chaining words from `input` as [`Self::write_chain`] writes
    /// them; a word that `input` ends in gets the prefix and zeroes, the words
    /// it does not reach stay as they were.
    fn read_chain(&mut self, input: &[u8]) {
        for (word, bytes) in self
            .chain
            .as_mut()
            .iter_mut()
            .zip(input.chunks(A::Word::BYTES))
        {
            *word = A::Word::read_ne(bytes);
        }
    }

    /// Reads the counter's `u64` words from `input` (native byte order, low
    /// word first), as [`write_count`] writes them.
    fn read_count(&mut self, input: &[u8]) {
        for (i, bytes) in input.chunks(8).enumerate() {
            self.count.set_word(i, u64::read_ne(bytes));
        }
    }
}

/// Writes the `u64` words of `count` into `out` (native byte order, low word
/// first; a prefix if `out` is shorter).
fn write_count<A: Algorithm>(out: &mut [u8], count: &A::Counter) {
    for (i, bytes) in out.chunks_mut(8).enumerate() {
        copy_prefix(bytes, &count.word(i).to_ne_bytes());
    }
}

impl<A: Algorithm> State<A> {
    /// Writes the chaining value, its padding and `count` in the core format
    /// into `out` (a shorter `out` gets a prefix).
    fn write_core(&self, out: &mut [u8], count: &A::Counter) {
        let (chain_out, rest) = split_at_most(out, Self::CORE_COUNT_AT);
        let (chain_out, padding) = split_at_most(chain_out, core::mem::size_of::<A::Chain>());
        self.write_chain(chain_out);
        padding.fill(0);
        let (count_out, _) = split_at_most(rest, A::Counter::WORDS * 8);
        write_count::<A>(count_out, count);
    }

    /// Reads the chaining value and the counter of the core format from
    /// `input` (a shorter `input` leaves what it does not reach as it was, but
    /// for a word it ends in, which gets the prefix and zeroes).
    fn read_core(&mut self, input: &[u8]) {
        let (chain_in, rest) = split_at_most_ref(input, Self::CORE_COUNT_AT);
        let (chain_in, _padding) = split_at_most_ref(chain_in, core::mem::size_of::<A::Chain>());
        self.read_chain(chain_in);
        let (count_in, _) = split_at_most_ref(rest, A::Counter::WORDS * 8);
        self.read_count(count_in);
    }

    /// Writes the core state into `out` (`CORE_SIZE` bytes): the state without
    /// the block buffer, what `export_core()` of Linux 6.16 and later gives a
    /// caller that keeps the partial block itself. The counter is written as
    /// it is, as the kernel's `*-lib` drivers do.
    pub fn export_core(&self, out: &mut [u8]) {
        self.write_core(out, &self.count);
    }

    /// Replaces the state with the core state in `input` ([`Self::export_core`]),
    /// with an empty block buffer. Any bytes are accepted (type invariants).
    pub fn import_core(&mut self, input: &[u8]) {
        self.wipe();
        self.read_core(input);
    }

    /// Writes the state into `out` in the export format of Linux 6.16 and later
    /// (`PARTIAL_EXPORT_SIZE` bytes): the core state with the counter rounded
    /// down to a whole block, the block buffer, and the number of buffered
    /// bytes in the last byte.
    pub fn export_partial(&self, out: &mut [u8]) {
        let buffered = self.buffered();
        let mut rounded = self.count;
        rounded.set_word(0, rounded.word(0) & !(A::BLOCK_SIZE as u64 - 1));
        let (core_out, rest) = split_at_most(out, Self::CORE_SIZE);
        self.write_core(core_out, &rounded);
        let (buffer_out, length_out) = split_at_most(rest, A::BLOCK_SIZE);
        copy_prefix(buffer_out, self.buffer.as_ref());
        if let Some(length) = length_out.first_mut() {
            // Less than the block size, at most 128: fits a byte.
            *length = buffered as u8;
        }
    }

    /// Replaces the state with one in the export format of Linux 6.16 and later
    /// ([`Self::export_partial`]), from any source: as the kernel's `*-lib`
    /// drivers do, the length byte is added to the low word of the counter
    /// (wrapping, without carry), whatever its value. Any bytes are accepted
    /// (type invariants); a shorter `input` leaves the missing tail at zero.
    pub fn import_partial(&mut self, input: &[u8]) {
        self.wipe();
        let (core_in, rest) = split_at_most_ref(input, Self::CORE_SIZE);
        self.read_core(core_in);
        let (buffer_in, length_in) = split_at_most_ref(rest, A::BLOCK_SIZE);
        copy_prefix(self.buffer.as_mut(), buffer_in);
        if let Some(&length) = length_in.first() {
            self.count
                .set_word(0, self.count.word(0).wrapping_add(u64::from(length)));
        }
    }
}

#[inline]
fn split_at_most(s: &mut [u8], at: usize) -> (&mut [u8], &mut [u8]) {
    let at = at.min(s.len());
    s.split_at_mut(at)
}

#[inline]
fn split_at_most_ref(s: &[u8], at: usize) -> (&[u8], &[u8]) {
    let at = at.min(s.len());
    s.split_at(at)
}
