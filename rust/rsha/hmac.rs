// SPDX-License-Identifier: GPL-2.0

//! HMAC (RFC 2104) over the engine ([`super::md`]); uses only `core`. Key material is never
//! copied by value: [`HmacKey`] is neither `Copy` nor `Clone`, its chaining values are
//! computed where they stay and copied in place, and the key block on the stack is wiped.

use super::md::{store_digest, wipe, Algorithm, Aligned8, Bytes, Message, State};
use core::mem::MaybeUninit;
use core::ptr::{addr_of, addr_of_mut, copy_nonoverlapping};

/// The key of an HMAC transform: the chaining values after the inner key block (the key,
/// hashed if longer than a block, zero-padded, XOR `0x36`) and the outer one (XOR `0x5c`).
#[repr(C)]
pub struct HmacKey<A: Algorithm> {
    inner: Aligned8<A::Chain>,
    outer: Aligned8<A::Chain>,
}

impl<A: Algorithm> HmacKey<A> {
    /// Writes the key made of the bytes `key` (any length) into `slot`, compressing with
    /// `compress`, and returns it; the key block it makes on the stack is wiped.
    pub fn prepare<'s, F>(
        slot: &'s mut MaybeUninit<Self>,
        key: Message<'_>,
        compress: &mut F,
    ) -> &'s mut Self
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        let mut block = A::Block::ZERO;
        if key.len() > A::BLOCK_SIZE {
            let mut hash = MaybeUninit::<State<A>>::uninit();
            let hash = State::init(&mut hash);
            hash.finish(key, compress);
            // SAFETY: `block` is valid for `BLOCK_SIZE > DIGEST_SIZE` bytes (`State::LAYOUT`).
            unsafe { store_digest::<A>(hash.chain(), block.as_mut().as_mut_ptr()) };
            hash.wipe();
        } else {
            key.copy_to(block.as_mut());
        }
        let at = slot.as_mut_ptr();
        // SAFETY: `at` is `slot`'s: the addresses of its fields.
        let fields = unsafe {
            [
                (0x36, addr_of_mut!((*at).inner)),
                (0x6a, addr_of_mut!((*at).outer)),
            ]
        };
        // The outer pad is XORed onto the inner padded block: `0x36 ^ 0x6a == 0x5c`.
        for (pad, chain) in fields {
            for b in block.as_mut() {
                *b ^= pad;
            }
            // SAFETY: `chain` is a field of `slot`, valid for writes; once written, it is
            // initialised, and only this `&mut` refers to it.
            let chain = unsafe {
                chain.write(Aligned8(A::INITIAL));
                &mut (*chain).0
            };
            compress(chain, Message::new(block.as_ref()));
        }
        // SAFETY: a block is bytes, which zeroes are.
        unsafe { wipe(&mut block) };
        // SAFETY: both fields are written (the loop).
        unsafe { slot.assume_init_mut() }
    }
}

/// The running HMAC of one message: the inner hash, and the chaining value the outer hash
/// starts from (the key's, copied at `init`: the request does not read the key again).
#[repr(C)]
pub struct HmacState<A: Algorithm> {
    /// The inner hash: what `update()` hashes, and export/import move.
    pub inner: State<A>,
    outer: Aligned8<A::Chain>,
}

impl<A: Algorithm> HmacState<A> {
    /// Writes the start of a message with the key at `key` into `slot` and returns it.
    ///
    /// # Safety
    ///
    /// `key` is valid for reads of a key that nothing writes meanwhile, outside `slot`.
    pub unsafe fn init<'s>(
        slot: &'s mut MaybeUninit<Self>,
        key: *const HmacKey<A>,
    ) -> &'s mut Self {
        // SAFETY: by the function's safety requirements.
        unsafe {
            Self::import_with(slot, key, |inner| {
                State::resume_from(inner, addr_of!((*key).inner), 1)
            })
        }
    }
    /// The state of `key` whose inner hash `import` writes, written into `slot`.
    ///
    /// # Safety
    ///
    /// As for [`Self::init`].
    pub unsafe fn import_with<'s, F>(
        slot: &'s mut MaybeUninit<Self>,
        key: *const HmacKey<A>,
        import: F,
    ) -> &'s mut Self
    where
        F: FnOnce(&mut MaybeUninit<State<A>>) -> &mut State<A>,
    {
        let at = slot.as_mut_ptr();
        // SAFETY: `at` is `slot`'s, valid for writes of a `Self`; `key` is readable and
        // outside it (safety requirements); the inner state's slot is a field of `slot`.
        import(unsafe {
            copy_nonoverlapping(addr_of!((*key).outer), addr_of_mut!((*at).outer), 1);
            &mut *addr_of_mut!((*at).inner).cast::<MaybeUninit<State<A>>>()
        });
        // SAFETY: the outer chaining value is written (above), and the inner state by
        // `import`: the `&mut State` it returns for its slot can only come from writing it.
        unsafe { slot.assume_init_mut() }
    }
    /// Hashes the last bytes `data` and finishes the HMAC through `compress`, the outer hash
    /// in the inner one's place; afterwards only [`State::output`] and [`Self::wipe`].
    pub fn finish<F>(&mut self, data: Message<'_>, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        self.inner.finish(data, compress);
        self.inner.restart_outer(&self.outer);
        self.inner.pad(compress);
    }
    /// Overwrites the whole state with zeroes, the outer chaining value included.
    pub fn wipe(&mut self) {
        // SAFETY: all-zero bytes are a valid `Self` (words, counter, bytes).
        unsafe { wipe(self) };
    }
}
