// SPDX-License-Identifier: GPL-2.0

//! Merkle-Damgård engine for the SHA family. Whatever consumes blocks takes a `compress`
//! closure of the chaining value and a non-empty [`Message`] of whole blocks: where a driver
//! plugs in its core. Uses only `core`: `tests/engine` compiles this file on the host.

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
            // Byte by byte over the shorter of the two: a short slice (none is passed) gets a
            // prefix, not a panic.
            #[inline]
            fn write_ne(self, out: &mut [u8]) {
                for (o, b) in out.iter_mut().zip(self.to_ne_bytes()) {
                    *o = b;
                }
            }
            #[inline]
            fn read_ne(bytes: &[u8]) -> Self {
                let mut raw = [0u8; core::mem::size_of::<$t>()];
                for (r, b) in raw.iter_mut().zip(bytes) {
                    *r = *b;
                }
                <$t>::from_ne_bytes(raw)
            }
        }
    };
}
impl_word!(u32);
impl_word!(u64);

/// The message byte counter: `u64`, or `[u64; 2]` (low word first, as in the kernel's
/// `struct sha512_state`) for SHA-512's 128-bit length.
pub trait Counter: Copy {
    /// The counter at the start of a message.
    const ZERO: Self;
    /// Size of the bit-length field that ends the padding.
    const LENGTH_FIELD_BYTES: usize;
    /// Number of `u64` words in the counter.
    const WORDS: usize;
    /// Counts `n` more message bytes.
    fn add(&mut self, n: usize);
    /// Writes the message length in bits, big-endian, into `out` (`LENGTH_FIELD_BYTES`).
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
pub trait Bytes: AsRef<[u8]> + AsMut<[u8]> + 'static {
    /// All bytes zero.
    const ZERO: Self;
}

impl<const N: usize> Bytes for [u8; N] {
    const ZERO: Self = [0; N];
}

/// A value at an 8-byte aligned address: with strict alignment (arm64) the compiler copies
/// less aligned memory with `memcpy()`/`memset()` calls, this with a few stores. Neither
/// `Copy` nor `Clone`: it holds an HMAC key's chaining values, copied only in place.
#[repr(C, align(8))]
pub struct Aligned8<T>(pub T);

/// The block buffer of a [`State`], uninitialised at first (no `memset()`).
#[repr(C, align(8))]
pub struct BlockBuffer<B>(core::mem::MaybeUninit<B>);

impl<B: Bytes> BlockBuffer<B> {
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
            // SAFETY: `at + n <= LEN`, in our buffer; the message is readable for `n` bytes
            // and no `&mut` covers it (`Message`'s invariants), so no overlap.
            unsafe { core::ptr::copy_nonoverlapping(data.as_ptr(), self.as_mut_ptr().add(at), n) };
        }
    }
    #[inline(always)]
    fn terminate(&mut self, at: usize, byte: u8) {
        if at < Self::LEN {
            let p = self.as_mut_ptr();
            // SAFETY: `at < LEN`: the `LEN - at` bytes from `at` on lie in our buffer.
            unsafe {
                p.add(at).write(byte);
                p.add(at + 1).write_bytes(0, Self::LEN - at - 1);
            }
        }
    }
    /// Zeroes the first `n` bytes (all of them if `n` is larger).
    #[inline(always)]
    fn zero(&mut self, n: usize) {
        // SAFETY: `min(n, LEN)` bytes from the start lie in our buffer.
        unsafe { self.as_mut_ptr().write_bytes(0, n.min(Self::LEN)) };
    }
    /// # Safety
    ///
    /// Every byte of it has been written.
    #[inline(always)]
    unsafe fn assume_full(&mut self) -> &mut B {
        // SAFETY: every byte is written (safety requirements); any bytes are a `B`.
        unsafe { self.0.assume_init_mut() }
    }
    /// Copies the first `n` bytes into `out` and zeroes the rest of it.
    ///
    /// # Safety
    ///
    /// The first `n` bytes have been written.
    #[inline(always)]
    unsafe fn export(&self, n: usize, out: &mut [u8]) {
        let n = n.min(Self::LEN).min(out.len());
        // SAFETY: the first `n <= LEN` bytes are written (safety requirements); `out`
        // is a distinct `&mut`.
        let written = unsafe { core::slice::from_raw_parts(self.0.as_ptr().cast::<u8>(), n) };
        let (head, tail) = out.split_at_mut(n);
        head.copy_from_slice(written);
        tail.fill(0);
    }
}

/// Message bytes, read by raw copies, never through a reference: the crypto API does not
/// promise that nothing writes them meanwhile (AF_ALG hashes user pages).
///
/// # Invariants
///
/// Unless `len` is 0, `ptr` is valid for reads of `len` bytes for `'a`, and no `&mut`
/// reference covers any of them during `'a`.
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
        // SAFETY: a shared slice is readable, and not `&mut`, for its lifetime.
        unsafe { Self::from_raw(bytes.as_ptr(), bytes.len()) }
    }
    /// The `len` bytes at `ptr`.
    ///
    /// # Safety
    ///
    /// As the type invariants. Other contexts may write the bytes.
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
        // INVARIANT: both parts lie inside `self`'s. `wrapping_add`: NULL if empty.
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
            // SAFETY: `ptr` is readable for `n <= len` bytes, and no message byte is under
            // a `&mut` such as `dst` (type invariants): the two do not overlap.
            unsafe { core::ptr::copy_nonoverlapping(self.ptr, dst.as_mut_ptr(), n) };
        }
    }
}

/// One algorithm of the SHA family (`sha.rs`); sizes checked by `State::LAYOUT`.
pub trait Algorithm: 'static {
    /// The `cra_name` of the algorithm, e.g. `"sha256"`.
    const NAME: &'static str;
    /// The `cra_name` of its HMAC, e.g. `"hmac(sha256)"`.
    const HMAC_NAME: &'static str;
    /// Chaining-value word.
    type Word: Word;
    /// The chaining value, `[Self::Word; N]`, which the block cores take; not bound by `Copy`,
    /// so that generic code copies none (an HMAC key is chaining values) but word by word.
    type Chain: AsRef<[Self::Word]> + AsMut<[Self::Word]>;
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
/// The first `count mod BLOCK_SIZE` bytes of `buffer` are written (a number derived, never
/// stored, so that any counter is valid).
#[repr(C)]
pub struct State<A: Algorithm> {
    chain: Aligned8<A::Chain>,
    count: A::Counter,
    buffer: BlockBuffer<A::Block>,
}

impl<A: Algorithm> State<A> {
    const CHAIN_BYTES: usize = core::mem::size_of::<A::Chain>();
    /// Where the counter starts in the formats of Linux 6.16 and later (C's padding).
    const CORE_COUNT_AT: usize = (Self::CHAIN_BYTES + 7) & !7;
    /// The byte arrays against the layout, checked at build time. Export: chain, counter,
    /// buffer. CoreExport: padded chain, counter. PartialExport: core, buffer, length byte.
    const LAYOUT: () = {
        let words = core::mem::size_of::<A::Word>();
        let count = A::Counter::WORDS * 8;
        assert!(A::DIGEST_SIZE % words == 0 && A::DIGEST_SIZE <= Self::CHAIN_BYTES);
        assert!(A::DIGEST_SIZE < A::BLOCK_SIZE);
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
    /// Writes the state at the start of a message into `slot` in place and returns it.
    pub fn init(slot: &mut core::mem::MaybeUninit<Self>) -> &mut Self {
        // SAFETY: a constant promoted to an 8-byte aligned static, outside the slot
        // (aligned, it is copied with 8-byte loads, not memcpy(), under strict alignment).
        unsafe { Self::resume_from(slot, &Aligned8(A::INITIAL), 0) }
    }
    /// As [`Self::init`], after `blocks` blocks that left the chaining value at `chain`, copied
    /// in place (an HMAC key in a transform).
    ///
    /// # Safety
    ///
    /// `chain` is valid for reads of a chaining value that nothing writes meanwhile,
    /// outside `slot`.
    pub unsafe fn resume_from<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        chain: *const Aligned8<A::Chain>,
        blocks: usize,
    ) -> &'s mut Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::LAYOUT;
        let mut count = A::Counter::ZERO;
        count.add(blocks.wrapping_mul(A::BLOCK_SIZE));
        let state = slot.as_mut_ptr();
        // INVARIANT: nothing is buffered, the count being whole blocks.
        // SAFETY: `state` is `slot`'s, writable; `chain` is readable and outside it (safety
        // requirements). All fields but the buffer, a `MaybeUninit`, are written.
        unsafe {
            core::ptr::copy_nonoverlapping(chain, core::ptr::addr_of_mut!((*state).chain), 1);
            core::ptr::addr_of_mut!((*state).count).write(count);
            slot.assume_init_mut()
        }
    }
    fn buffered(&self) -> usize {
        self.count.word(0) as usize & (A::BLOCK_SIZE - 1)
    }
    /// Hashes `data` if it completes no block (true), else returns false untouched.
    #[inline(always)]
    pub fn absorb(&mut self, data: Message<'_>) -> bool {
        let fill = self.buffered();
        // `fill < BLOCK_SIZE`: no overflow.
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
            // INVARIANT (every return below): the first `fill` bytes and these are written.
            self.buffer.write(fill, head);
            rest = tail;
            if fill + head.len() < A::BLOCK_SIZE {
                return;
            }
            // SAFETY: `fill` bytes were written before (type invariants), the rest now.
            let block = unsafe { self.buffer.assume_full() };
            compress(&mut self.chain.0, Message::new(block.as_ref()));
        }
        let (blocks, tail) = rest.split_at(rest.len() & !(A::BLOCK_SIZE - 1));
        if !blocks.is_empty() {
            compress(&mut self.chain.0, blocks);
        }
        self.buffer.write(0, tail);
    }
    /// Pads the message and compresses the last block or two.
    pub fn pad<F>(&mut self, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        let fill = self.buffered();
        let length_at = A::BLOCK_SIZE - A::Counter::LENGTH_FIELD_BYTES;
        self.buffer.terminate(fill, 0x80);
        // SAFETY: the first `fill` bytes (type invariants) and the rest (above) are written.
        let buffer = unsafe { self.buffer.assume_full() }.as_mut();
        if fill >= length_at {
            compress(&mut self.chain.0, Message::new(buffer));
            buffer[..length_at].fill(0);
        }
        self.count.write_bit_length(&mut buffer[length_at..]);
        compress(&mut self.chain.0, Message::new(buffer));
    }
    /// Hashes the last bytes `data` and pads the message.
    #[inline(always)]
    pub fn finish<F>(&mut self, data: Message<'_>, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        if !data.is_empty() && !self.absorb(data) {
            self.update(data, compress);
        }
        self.pad(compress);
    }
    /// The digest of a padded message in native words (the output, no key), copied word by
    /// word: kept in registers while the state is wiped.
    #[inline(always)]
    pub fn output(&self) -> A::Chain {
        let mut words = A::INITIAL;
        for (w, c) in words.as_mut().iter_mut().zip(self.chain.0.as_ref()) {
            *w = *c;
        }
        words
    }
    /// The chaining value, by reference.
    #[inline(always)]
    pub fn chain(&self) -> &A::Chain {
        &self.chain.0
    }
    /// Writes the digest of a padded message into `out`.
    pub fn write_digest(&self, out: &mut A::Digest) {
        // SAFETY: `out` is a `&mut` digest, `DIGEST_SIZE` bytes.
        unsafe { store_digest::<A>(&self.chain.0, out.as_mut().as_mut_ptr()) }
    }
    /// Starts an HMAC's outer hash in place of this finished inner one: the inner digest goes
    /// into the buffer, the chaining value becomes `outer`'s (copied word by word, in place),
    /// and the count one block (the outer key block) plus the digest.
    pub fn restart_outer(&mut self, outer: &Aligned8<A::Chain>) {
        // SAFETY: the buffer, a field apart from the chaining value, holds `BLOCK_SIZE >
        // DIGEST_SIZE` bytes (`LAYOUT`).
        unsafe { store_digest::<A>(&self.chain.0, self.buffer.as_mut_ptr()) };
        for (w, o) in self.chain.0.as_mut().iter_mut().zip(outer.0.as_ref()) {
            *w = *o;
        }
        // INVARIANT: the `DIGEST_SIZE` bytes buffered are written (above).
        self.count = A::Counter::ZERO;
        self.count.add(A::BLOCK_SIZE + A::DIGEST_SIZE);
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
    /// The state that `input` (any bytes) describes, written into `slot`.
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
    /// Writes chain, zeroes up to `count_at` and `count` into `out`; returns what follows.
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
    /// Writes the core state (no block buffer) into `out`: `export_core()` of Linux 6.16.
    pub fn export_core(&self, out: &mut A::CoreExport) {
        self.write_head(out.as_mut(), Self::CORE_COUNT_AT, &self.count);
    }
    /// The state of core state `input` (any bytes), buffered bytes zero, written into `slot`.
    pub fn import_core<'s>(
        slot: &'s mut core::mem::MaybeUninit<Self>,
        input: &A::CoreExport,
    ) -> &'s mut Self {
        let state = Self::init(slot);
        state.read_head(input.as_ref(), Self::CORE_COUNT_AT);
        // INVARIANT: the buffered bytes are written.
        state.buffer.zero(state.buffered());
        state
    }
    /// Writes the state into `out` in the export format of Linux 6.16 and later: the core
    /// state with the counter rounded down to a block, the buffer, and its length.
    pub fn export_partial(&self, out: &mut A::PartialExport) {
        let buffered = self.buffered();
        let mut rounded = self.count;
        rounded.set_word(0, rounded.word(0) & !(A::BLOCK_SIZE as u64 - 1));
        let rest = self.write_head(out.as_mut(), Self::CORE_COUNT_AT, &rounded);
        // SAFETY: the buffered bytes are written (type invariants).
        unsafe { self.buffer.export(buffered, rest) };
        if let Some(length) = rest.get_mut(A::BLOCK_SIZE) {
            // Less than a block, at most 128: fits a byte.
            *length = buffered as u8;
        }
    }
    /// The state that `input` (any bytes) describes, written into `slot`; as the kernel's
    /// `*-lib` drivers do, the length byte is added to the counter's low word, no carry.
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
/// `memzero_explicit()` does (plain stores to memory not read again may be removed).
///
/// # Safety
///
/// All-zero bytes are a valid `T`.
#[inline]
pub unsafe fn wipe<T>(value: &mut T) {
    let at = core::ptr::from_mut(value);
    if core::mem::align_of::<T>() >= 8 && core::mem::size_of::<T>() % 8 == 0 {
        for i in 0..core::mem::size_of::<T>() / 8 {
            // SAFETY: word `i` lies in the `&mut value`, aligned (checked above); zeroes are
            // a valid `T` (safety requirements).
            unsafe { at.cast::<u64>().add(i).write_volatile(0) };
        }
    } else {
        for i in 0..core::mem::size_of::<T>() {
            // SAFETY: as above, byte `i`.
            unsafe { at.cast::<u8>().add(i).write_volatile(0) };
        }
    }
}

/// Stores the digest of the chaining value `chain` at `out` (big-endian words).
///
/// # Safety
///
/// `out` is valid for writes of `DIGEST_SIZE` bytes, and no reference covers them.
#[inline(always)]
pub unsafe fn store_digest<A: Algorithm>(chain: &A::Chain, out: *mut u8) {
    let words = chain.as_ref().iter().take(A::DIGEST_SIZE / A::Word::BYTES);
    if (out as usize) % core::mem::align_of::<A::Word>() == 0 {
        // Word stores where `out` allows (strict alignment would store bytes).
        for (i, word) in words.enumerate() {
            // SAFETY: word `i` of `DIGEST_SIZE / BYTES` lies in `out` (safety requirements),
            // aligned (checked above).
            unsafe { out.cast::<A::Word>().add(i).write(word.to_be()) };
        }
    } else {
        for (i, word) in words.enumerate() {
            // SAFETY: as above, unaligned.
            unsafe { out.cast::<A::Word>().add(i).write_unaligned(word.to_be()) };
        }
    }
}
