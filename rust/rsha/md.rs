// SPDX-License-Identifier: GPL-2.0

//! Generic Merkle-Damgård engine for the SHA family: buffering, counting,
//! padding, output and export/import, for every [`Algorithm`]. Whatever may
//! consume blocks takes a `compress` closure, which gets the chaining value and
//! a non-empty [`Message`] of whole blocks: where a driver plugs in its core.
//!
//! Uses only `core`: `tests/engine` compiles this file on the host.

/// A word of the chaining value: `u32` (SHA-1, SHA-256) or `u64` (SHA-512).
pub trait Word: Copy {
    /// Size of the word in bytes.
    const BYTES: usize;
    /// The word with its bytes in big-endian order, for a store.
    fn to_be(self) -> Self;
    /// Writes the word in native byte order into `out` (`BYTES` long).
    fn write_ne(self, out: &mut [u8]);
    /// Reads a word in native byte order from `bytes` (`BYTES` long).
    fn read_ne(bytes: &[u8]) -> Self;
}

macro_rules! impl_word {
    ($t:ty) => {
        impl Word for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            #[inline(always)]
            fn to_be(self) -> Self {
                <$t>::to_be(self)
            }
            // One store or load a word; a short slice, which no caller passes,
            // gets a prefix rather than a panic.
            #[inline]
            fn write_ne(self, out: &mut [u8]) {
                match out.first_chunk_mut::<{ core::mem::size_of::<$t>() }>() {
                    Some(word) => *word = self.to_ne_bytes(),
                    None => copy_prefix(out, &self.to_ne_bytes()),
                }
            }
            #[inline]
            fn read_ne(bytes: &[u8]) -> Self {
                let mut raw = [0u8; core::mem::size_of::<$t>()];
                match bytes.first_chunk() {
                    Some(word) => raw = *word,
                    None => copy_prefix(&mut raw, bytes),
                }
                <$t>::from_ne_bytes(raw)
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
    /// Writes the message length in bits, big-endian, into `out`
    /// (`LENGTH_FIELD_BYTES` long).
    fn write_bit_length(&self, out: &mut [u8]);
    /// Word `i` of the counter, low word first.
    fn word(&self, i: usize) -> u64;
    /// Sets word `i` of the counter.
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
    fn write_bit_length(&self, out: &mut [u8]) {
        (*self << 3).to_be().write_ne(out);
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
    fn write_bit_length(&self, out: &mut [u8]) {
        let high_bits = (self[1] << 3) | (self[0] >> 61);
        let (high, low) = out.split_at_mut(out.len().min(8));
        high_bits.to_be().write_ne(high);
        (self[0] << 3).to_be().write_ne(low);
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

/// Bytes of a fixed length: the digest and the export formats, `[u8; N]`.
pub trait Bytes: Copy + AsRef<[u8]> + AsMut<[u8]> + 'static {
    /// All bytes zero.
    const ZERO: Self;
}

impl<const N: usize> Bytes for [u8; N] {
    const ZERO: Self = [0; N];
}

/// A value at an 8-byte aligned address. The kernel's arm64 Rust target has
/// strict alignment: it copies or zeroes memory it only knows 1- or 4-byte
/// aligned with `memcpy()`/`memset()` calls, 8-byte aligned with a few stores.
#[derive(Clone, Copy)]
#[repr(C, align(8))]
pub struct Aligned8<T>(pub T);

/// The block buffer of a [`State`]: the bytes after the last whole block.
///
/// Left uninitialised at the start of a message (a message overwrites it
/// before reading it, so zeroing would be a wasted `memset()`): which bytes
/// are written is the [`State`]'s invariant, and only those are read.
#[repr(C, align(8))]
pub struct BlockBuffer<B>(core::mem::MaybeUninit<B>);

impl<B: Bytes> BlockBuffer<B> {
    /// The buffer's size, a block.
    const LEN: usize = core::mem::size_of::<B>();

    #[inline(always)]
    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.0.as_mut_ptr().cast()
    }

    /// Copies the first bytes of `data` into the buffer from `at` on, as many as fit.
    #[inline(always)]
    fn write(&mut self, at: usize, data: Message<'_>) {
        let n = data.len().min(Self::LEN.saturating_sub(at));
        if n != 0 {
            // SAFETY: `at + n <= LEN`: the destination lies in our buffer; the
            // message is readable for `n <= len` bytes and no `&mut` covers it
            // (`Message`'s invariants), so the two do not overlap.
            unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), self.as_mut_ptr().add(at), n) };
        }
    }

    /// Writes `byte` at offset `at` and zeroes every byte after it.
    #[inline(always)]
    fn terminate(&mut self, at: usize, byte: u8) {
        if at < Self::LEN {
            let p = self.as_mut_ptr();
            // SAFETY: `at < LEN`: the `LEN - at` bytes from `at` on lie in the
            // buffer, which `&mut self` makes ours.
            unsafe {
                p.add(at).write(byte);
                p.add(at + 1).write_bytes(0, Self::LEN - at - 1);
            }
        }
    }

    /// Zeroes the first `n` bytes (all of them if `n` is larger).
    #[inline(always)]
    fn zero(&mut self, n: usize) {
        // SAFETY: `min(n, LEN)` bytes from the start lie in the buffer, which
        // `&mut self` makes ours.
        unsafe { self.as_mut_ptr().write_bytes(0, n.min(Self::LEN)) };
    }

    /// # Safety
    ///
    /// Every byte of it has been written.
    #[inline(always)]
    unsafe fn assume_full(&mut self) -> &mut B {
        // SAFETY: every byte is written (the function's safety requirements),
        // and a `B` is a byte array: any bytes are one.
        unsafe { self.0.assume_init_mut() }
    }

    /// Copies the first `n` bytes of the buffer into `out` and zeroes the rest.
    ///
    /// # Safety
    ///
    /// The first `n` bytes have been written.
    #[inline(always)]
    unsafe fn export(&self, n: usize, out: &mut [u8]) {
        let n = n.min(Self::LEN).min(out.len());
        // SAFETY: the first `n <= LEN` bytes of the buffer are written (the
        // function's safety requirements); `out` is a distinct `&mut`.
        let written = unsafe { core::slice::from_raw_parts(self.0.as_ptr().cast::<u8>(), n) };
        let (head, tail) = out.split_at_mut(n);
        head.copy_from_slice(written);
        tail.fill(0);
    }
}

/// Message bytes that the engine reads by raw copies, never through a reference:
/// the crypto API does not promise that nothing writes them meanwhile (AF_ALG
/// hashes user pages), which a `&[u8]` would tell the compiler.
///
/// # Invariants
///
/// Unless `len` is 0, `ptr` is valid for reads of `len` bytes for `'a`, and no
/// `&mut` reference covers any of them during `'a`.
#[derive(Clone, Copy)]
pub struct Message<'a> {
    ptr: *const u8,
    len: usize,
    _bytes: core::marker::PhantomData<&'a [u8]>,
}

impl<'a> Message<'a> {
    /// No bytes.
    pub const EMPTY: Message<'static> = Message::new(&[]);

    /// The bytes of a slice.
    pub const fn new(bytes: &'a [u8]) -> Self {
        // INVARIANT: a shared slice is readable for its lifetime, and no `&mut`
        // covers it meanwhile.
        Self {
            ptr: bytes.as_ptr(),
            len: bytes.len(),
            _bytes: core::marker::PhantomData,
        }
    }

    /// The `len` bytes at `ptr`.
    ///
    /// # Safety
    ///
    /// Unless `len` is 0, `ptr` is valid for reads of `len` bytes for `'a`, and no
    /// `&mut` reference covers any of them during `'a`. Other contexts may write
    /// them.
    pub const unsafe fn from_raw(ptr: *const u8, len: usize) -> Self {
        // INVARIANT: by the function's safety requirements.
        Self {
            ptr,
            len,
            _bytes: core::marker::PhantomData,
        }
    }

    /// Number of bytes.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no bytes.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The address of the first byte (may be NULL or dangling when empty).
    #[inline]
    pub const fn as_ptr(&self) -> *const u8 {
        self.ptr
    }

    /// The first `mid` bytes (all of them if there are fewer) and the rest.
    #[inline]
    pub fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(self.len);
        // INVARIANT: both parts lie inside `self`'s bytes. `wrapping_add`: an
        // empty message's pointer may be NULL, and `mid` is 0 then.
        (
            Self { len: mid, ..self },
            Self {
                ptr: self.ptr.wrapping_add(mid),
                len: self.len - mid,
                ..self
            },
        )
    }

    /// Copies the first bytes into `dst`, as many as both hold.
    #[inline]
    pub fn copy_to(self, dst: &mut [u8]) {
        let n = self.len.min(dst.len());
        if n != 0 {
            // SAFETY: `ptr` is readable for `n <= len` bytes (type invariants);
            // `dst` is a `&mut`, which no message byte is under (type
            // invariants), so the two do not overlap.
            unsafe { core::ptr::copy_nonoverlapping(self.ptr, dst.as_mut_ptr(), n) };
        }
    }
}

/// One algorithm of the SHA family (`sha.rs`); the sizes of its byte arrays are
/// checked at compile time (`State::LAYOUT`).
pub trait Algorithm: 'static {
    /// The `cra_name` of the algorithm, e.g. `"sha256"`.
    const NAME: &'static str;
    /// The `cra_name` of its HMAC, e.g. `"hmac(sha256)"`.
    const HMAC_NAME: &'static str;
    /// Chaining-value word.
    type Word: Word;
    /// The chaining value, `[Self::Word; N]`, which the block cores take.
    type Chain: Copy + AsRef<[Self::Word]> + AsMut<[Self::Word]>;
    /// One message block, `[u8; BLOCK_SIZE]`.
    type Block: Bytes;
    /// The byte counter.
    type Counter: Counter;
    /// The digest, a prefix of the final chaining value in big-endian words.
    type Digest: Bytes;
    /// The export format of Linux 6.12 ([`State::export`]).
    type Export: Bytes;
    /// The core format of Linux 6.16 and later ([`State::export_core`]).
    type CoreExport: Bytes;
    /// The export format of Linux 6.16 and later ([`State::export_partial`]).
    type PartialExport: Bytes;
    /// Initial chaining value (FIPS 180-4).
    const INITIAL: Self::Chain;
    /// Digest length in bytes.
    const DIGEST_SIZE: usize = core::mem::size_of::<Self::Digest>();
    /// Block size in bytes; a power of two.
    const BLOCK_SIZE: usize = core::mem::size_of::<Self::Block>();
}

/// The running hash of one message: what a `shash_desc` context holds.
///
/// # Invariants
///
/// The first `count mod BLOCK_SIZE` bytes of `buffer` (the buffered ones, a
/// number derived, never stored, so that any counter is valid) are written.
#[repr(C)]
pub struct State<A: Algorithm> {
    chain: Aligned8<A::Chain>,
    count: A::Counter,
    buffer: BlockBuffer<A::Block>,
}

impl<A: Algorithm> State<A> {
    /// Size of the chaining value in bytes.
    const CHAIN_BYTES: usize = core::mem::size_of::<A::Chain>();

    /// Where the counter starts in the formats of Linux 6.16 and later: after
    /// the chaining value padded to 8 bytes, as C lays out a `u64` after it.
    const CORE_COUNT_AT: usize = (Self::CHAIN_BYTES + 7) & !7;

    /// The algorithm's byte arrays against its layout, checked when a state is
    /// made (a mismatch fails the build). Export: chain, counter, buffer,
    /// unpadded. CoreExport: padded chain, counter (the library contexts before
    /// their buffer). PartialExport: core, buffer, buffered-bytes byte.
    const LAYOUT: () = {
        let words = core::mem::size_of::<A::Word>();
        let count = A::Counter::WORDS * 8;
        assert!(A::DIGEST_SIZE % words == 0 && A::DIGEST_SIZE <= Self::CHAIN_BYTES);
        assert!(A::Counter::LENGTH_FIELD_BYTES < A::BLOCK_SIZE);
        assert!(A::BLOCK_SIZE.is_power_of_two());
        // `wipe` stores whole aligned `u64`s.
        assert!(core::mem::align_of::<Self>() >= 8 && core::mem::size_of::<Self>() % 8 == 0);
        assert!(core::mem::size_of::<A::Export>() == Self::CHAIN_BYTES + count + A::BLOCK_SIZE);
        assert!(core::mem::size_of::<A::CoreExport>() == Self::CORE_COUNT_AT + count);
        assert!(
            core::mem::size_of::<A::PartialExport>()
                == Self::CORE_COUNT_AT + count + A::BLOCK_SIZE + 1
        );
    };

    /// Writes the state at the start of a message into `slot` in place, field by
    /// field (the buffer stays unwritten), and returns it.
    pub fn init(slot: &mut core::mem::MaybeUninit<Self>) -> &mut Self {
        // SAFETY: a constant, promoted to an 8-byte aligned static (so that
        // the copy is aligned 8-byte loads under strict alignment), outside
        // the slot.
        unsafe { Self::resume_from(slot, &Aligned8(A::INITIAL), 0) }
    }

    /// As [`Self::init`], the state after `blocks` whole blocks that left the
    /// chaining value `chain` (an HMAC's hash after its key block).
    pub fn resume<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        chain: &A::Chain,
        blocks: usize,
    ) -> &'s mut Self {
        // SAFETY: a local is valid for reads, outside the slot.
        unsafe { Self::resume_from(slot, &Aligned8(*chain), blocks) }
    }

    /// [`Self::resume`] with `chain` read by raw copy, never through a
    /// reference: an HMAC key in a transform's context.
    ///
    /// # Safety
    ///
    /// `chain` is valid for reads of a chaining value that nothing writes
    /// meanwhile, outside `slot`.
    pub unsafe fn resume_from<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        chain: *const Aligned8<A::Chain>,
        blocks: usize,
    ) -> &'s mut Self {
        // Evaluated at compile time, for every algorithm a state is made of.
        #[allow(clippy::let_unit_value)]
        let () = Self::LAYOUT;
        let mut count = A::Counter::ZERO;
        count.add(blocks.wrapping_mul(A::BLOCK_SIZE));
        let state = slot.as_mut_ptr();
        // INVARIANT: nothing is buffered, the count being whole blocks.
        // SAFETY: `state` is `slot`'s, valid for writes of a `Self`; `chain` is
        // readable and outside it (the function's safety requirements). The
        // two writes initialise every field but the buffer, a `MaybeUninit`.
        unsafe {
            // Aligned 8-byte loads and stores, no `memcpy()` call.
            core::ptr::addr_of_mut!((*state).chain).write(chain.read());
            core::ptr::addr_of_mut!((*state).count).write(count);
            slot.assume_init_mut()
        }
    }

    fn buffered(&self) -> usize {
        self.count.word(0) as usize & (A::BLOCK_SIZE - 1)
    }

    /// Hashes `data` and returns true if it completes no block, else returns
    /// false untouched: lets a caller skip setting up the cores (a NEON section).
    #[inline(always)]
    pub fn absorb(&mut self, data: Message<'_>) -> bool {
        let fill = self.buffered();
        // `fill < BLOCK_SIZE` (see `buffered`): no overflow.
        if data.len() >= A::BLOCK_SIZE - fill {
            return false;
        }
        // INVARIANT: the bytes up to the new count are written.
        self.buffer.write(fill, data);
        self.count.add(data.len());
        true
    }

    /// Hashes `data`, calling `compress` for whole blocks only.
    pub fn update<F>(&mut self, data: Message<'_>, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        let fill = self.buffered();
        self.count.add(data.len());
        let mut rest = data;
        if fill != 0 {
            let (head, tail) = rest.split_at(A::BLOCK_SIZE - fill);
            // INVARIANT (for every return below): the buffered bytes, the
            // first `fill` (type invariants) and these, are written.
            self.buffer.write(fill, head);
            rest = tail;
            if fill + head.len() < A::BLOCK_SIZE {
                return;
            }
            // SAFETY: the first `fill` bytes were written before (type
            // invariants), and the other `BLOCK_SIZE - fill` just now.
            let block = unsafe { self.buffer.assume_full() };
            compress(&mut self.chain.0, Message::new(block.as_ref()));
        }
        let (blocks, tail) = rest.split_at(rest.len() & !(A::BLOCK_SIZE - 1));
        if !blocks.is_empty() {
            compress(&mut self.chain.0, blocks);
        }
        self.buffer.write(0, tail);
    }

    /// Pads the message and compresses the last block or two; then only the
    /// digest may be read. Apart so that a NEON section can end before output.
    pub fn pad<F>(&mut self, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        let fill = self.buffered();
        let length_at = A::BLOCK_SIZE - A::Counter::LENGTH_FIELD_BYTES;
        // With the first `fill` bytes (type invariants) the buffer is whole.
        self.buffer.terminate(fill, 0x80);
        // SAFETY: every byte is written (above).
        let buffer = unsafe { self.buffer.assume_full() }.as_mut();
        if fill >= length_at {
            compress(&mut self.chain.0, Message::new(buffer));
            buffer[..length_at].fill(0);
        }
        self.count.write_bit_length(&mut buffer[length_at..]);
        compress(&mut self.chain.0, Message::new(buffer));
    }

    /// Hashes the last bytes `data` and pads the message ([`Self::pad`]).
    #[inline(always)]
    pub fn finish<F>(&mut self, data: Message<'_>, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        // A short tail only fills the block buffer, in line.
        if !data.is_empty() && !self.absorb(data) {
            self.update(data, compress);
        }
        self.pad(compress);
    }

    /// The chaining value by copy: a caller keeps the digest's words in
    /// registers while it wipes the state ([`store_digest`]).
    #[inline(always)]
    pub fn chain(&self) -> A::Chain {
        self.chain.0
    }

    /// Writes the digest of a padded message into `out` and wipes the state.
    pub fn output(&mut self, out: &mut A::Digest) {
        self.write_digest(out);
        self.wipe();
    }

    /// Writes the digest of a padded message into `out`.
    pub fn write_digest(&self, out: &mut A::Digest) {
        // SAFETY: `out` is a digest, valid for writes of `DIGEST_SIZE` bytes,
        // and no other reference to it exists.
        unsafe { store_digest::<A>(&self.chain.0, out.as_mut().as_mut_ptr()) }
    }

    /// Overwrites the whole state with zeroes, padding included ([`wipe`]).
    pub fn wipe(&mut self) {
        // SAFETY: all-zero bytes are a valid `Self` (words, counter, bytes).
        unsafe { wipe(self) };
    }

    /// Writes the state into `out` in the export format of Linux 6.12.
    pub fn export(&self, out: &mut A::Export) {
        let rest = self.write_head(out.as_mut(), Self::CHAIN_BYTES, &self.count);
        // SAFETY: the buffered bytes are written (type invariants).
        unsafe { self.buffer.export(self.buffered(), rest) };
    }

    /// The state that `input` ([`Self::export`]'s format) describes, written
    /// into `slot`. Any bytes are a valid state (type invariants).
    pub fn import<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        input: &A::Export,
    ) -> &'s mut Self {
        let state = Self::init(slot);
        let rest = state.read_head(input.as_ref(), Self::CHAIN_BYTES);
        // INVARIANT: the whole buffer is written.
        state.buffer.write(0, Message::new(rest));
        state
    }

    /// Writes the chaining value (native byte order), zeroes up to `count_at`
    /// and the words of `count` (low first) into `out`; returns what follows.
    fn write_head<'o>(
        &self,
        out: &'o mut [u8],
        count_at: usize,
        count: &A::Counter,
    ) -> &'o mut [u8] {
        let (head, rest) = out.split_at_mut(count_at.min(out.len()));
        if let Some(padding) = head.get_mut(Self::CHAIN_BYTES..) {
            padding.fill(0);
        }
        let chunks = head.chunks_exact_mut(A::Word::BYTES);
        for (word, bytes) in self.chain.0.as_ref().iter().zip(chunks) {
            word.write_ne(bytes);
        }
        let (count_out, rest) = rest.split_at_mut((A::Counter::WORDS * 8).min(rest.len()));
        for (i, bytes) in count_out.chunks_exact_mut(8).enumerate() {
            count.word(i).write_ne(bytes);
        }
        rest
    }

    /// Reads what [`Self::write_head`] writes; returns what follows.
    fn read_head<'i>(&mut self, input: &'i [u8], count_at: usize) -> &'i [u8] {
        let (head, rest) = input.split_at(count_at.min(input.len()));
        let chunks = head.chunks_exact(A::Word::BYTES);
        for (word, bytes) in self.chain.0.as_mut().iter_mut().zip(chunks) {
            *word = A::Word::read_ne(bytes);
        }
        let (count_in, rest) = rest.split_at((A::Counter::WORDS * 8).min(rest.len()));
        for (i, bytes) in count_in.chunks_exact(8).enumerate() {
            self.count.set_word(i, u64::read_ne(bytes));
        }
        rest
    }

    /// Writes the core state, without the block buffer and with the counter
    /// as it is, into `out`: `export_core()` of Linux 6.16 and later.
    pub fn export_core(&self, out: &mut A::CoreExport) {
        self.write_head(out.as_mut(), Self::CORE_COUNT_AT, &self.count);
    }

    /// The state with the core state `input` ([`Self::export_core`]) and the
    /// buffered bytes zero, written into `slot`. Any bytes are accepted.
    pub fn import_core<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        input: &A::CoreExport,
    ) -> &'s mut Self {
        let state = Self::init(slot);
        state.read_head(input.as_ref(), Self::CORE_COUNT_AT);
        // INVARIANT: the buffered bytes are written; usually none (the `hmac`
        // template imports a core state of whole blocks at every `init()`).
        state.buffer.zero(state.buffered());
        state
    }

    /// Writes the state into `out` in the export format of Linux 6.16 and
    /// later: the core state with the counter rounded down to a whole block,
    /// the block buffer, and the number of buffered bytes in the last byte.
    pub fn export_partial(&self, out: &mut A::PartialExport) {
        let buffered = self.buffered();
        let mut rounded = self.count;
        rounded.set_word(0, rounded.word(0) & !(A::BLOCK_SIZE as u64 - 1));
        let rest = self.write_head(out.as_mut(), Self::CORE_COUNT_AT, &rounded);
        // SAFETY: the buffered bytes are written (type invariants).
        unsafe { self.buffer.export(buffered, rest) };
        if let Some(length) = rest.get_mut(A::BLOCK_SIZE) {
            // Less than the block size, at most 128: fits a byte.
            *length = buffered as u8;
        }
    }

    /// The state that `input` ([`Self::export_partial`]'s format) describes,
    /// written into `slot`. As the kernel's `*-lib` drivers do, the length byte
    /// is added to the counter's low word (wrapping, without carry), whatever
    /// its value. Any bytes are accepted (type invariants).
    pub fn import_partial<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        input: &A::PartialExport,
    ) -> &'s mut Self {
        let state = Self::init(slot);
        let rest = state.read_head(input.as_ref(), Self::CORE_COUNT_AT);
        // INVARIANT: the whole buffer is written.
        state.buffer.write(0, Message::new(rest));
        if let Some(&length) = rest.get(A::BLOCK_SIZE) {
            let low = state.count.word(0).wrapping_add(u64::from(length));
            state.count.set_word(0, low);
        }
        state
    }
}

/// Overwrites `value` with zeroes by volatile stores, padding included, as
/// `memzero_explicit()` does: plain stores to memory not read again may be
/// removed. Word stores where the type allows them, byte stores elsewhere.
///
/// # Safety
///
/// All-zero bytes are a valid `T`.
#[inline]
pub unsafe fn wipe<T>(value: &mut T) {
    let at = core::ptr::from_mut(value);
    if core::mem::align_of::<T>() >= 8 && core::mem::size_of::<T>() % 8 == 0 {
        for i in 0..core::mem::size_of::<T>() / 8 {
            // SAFETY: word `i` lies in `value`, aligned (checked above), and
            // `&mut` makes it ours; zeroes are a valid `T` (the function's
            // safety requirements).
            unsafe { at.cast::<u64>().add(i).write_volatile(0) };
        }
    } else {
        for i in 0..core::mem::size_of::<T>() {
            // SAFETY: as above, byte `i`.
            unsafe { at.cast::<u8>().add(i).write_volatile(0) };
        }
    }
}

/// Stores the digest of the chaining value `chain` at `out`: its first
/// `DIGEST_SIZE` bytes, big-endian words.
///
/// # Safety
///
/// `out` is valid for writes of `DIGEST_SIZE` bytes, and no reference covers
/// them.
#[inline(always)]
pub unsafe fn store_digest<A: Algorithm>(chain: &A::Chain, out: *mut u8) {
    let words = chain.as_ref().iter().take(A::DIGEST_SIZE / A::Word::BYTES);
    if (out as usize) % core::mem::align_of::<A::Word>() == 0 {
        // Word stores where `out` allows (strict alignment: the compiler stores
        // a word it cannot prove aligned one byte at a time).
        for (i, word) in words.enumerate() {
            // SAFETY: word `i` of `DIGEST_SIZE / BYTES` lies in `out` (the
            // function's safety requirements), aligned (checked above).
            unsafe { out.cast::<A::Word>().add(i).write(word.to_be()) };
        }
    } else {
        for (i, word) in words.enumerate() {
            // SAFETY: as above, unaligned.
            unsafe { out.cast::<A::Word>().add(i).write_unaligned(word.to_be()) };
        }
    }
}
