// SPDX-License-Identifier: GPL-2.0

//! HMAC (RFC 2104) over the Merkle-Damgård engine ([`super::md`]): the key,
//! precomputed, and the running HMAC of one message. Uses only `core`, like
//! the engine, so that `tests/engine` checks it on the host.
//!
//! Key material is never copied by value: [`HmacKey`] is neither `Copy` nor
//! `Clone`, a request takes the two chaining values from the transform's key
//! by raw copies ([`HmacState::init`]), and every copy on the stack is wiped.

use super::md::{store_digest, wipe, Algorithm, Aligned8, Bytes, Message, State};
use core::mem::MaybeUninit;
use core::ptr::{addr_of, addr_of_mut, copy_nonoverlapping};

/// The key of an HMAC transform, precomputed: the chaining values after the
/// inner key block (the key, padded with zeroes to a block, XOR `0x36` bytes)
/// and after the outer one (XOR `0x5c`). A key longer than a block is hashed
/// first. What the key was cannot be read back from it.
#[repr(C)]
pub struct HmacKey<A: Algorithm> {
    inner: Aligned8<A::Chain>,
    outer: Aligned8<A::Chain>,
}

impl<A: Algorithm> HmacKey<A> {
    /// Writes the key made of the bytes `key` (any length, 0 included) into
    /// `slot`, compressing its two key blocks, and a long key's own blocks,
    /// with `compress`, and returns it; the copies it made on the stack are
    /// wiped.
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
            // The digest is shorter than a block (`State::LAYOUT`).
            // SAFETY: `block` is valid for `BLOCK_SIZE > DIGEST_SIZE` bytes.
            unsafe { store_digest::<A>(&hash.chain(), block.as_mut().as_mut_ptr()) };
            hash.wipe();
        } else {
            key.copy_to(block.as_mut());
        }
        let at = slot.as_mut_ptr();
        // The block is key XOR 0x36 for the inner chain; XOR 0x36 ^ 0x5c then
        // makes it key XOR 0x5c for the outer one.
        // SAFETY: `at` is `slot`'s, valid for writes of a `Self`; the fields
        // are written before `slot` is assumed initialised.
        let fields = unsafe {
            [
                (addr_of_mut!((*at).inner), 0x36),
                (addr_of_mut!((*at).outer), 0x36 ^ 0x5c),
            ]
        };
        for (chain, pad) in fields {
            for b in block.as_mut() {
                *b ^= pad;
            }
            let mut value = Aligned8(A::INITIAL);
            compress(&mut value.0, Message::new(block.as_ref()));
            // SAFETY: `chain` is a field of `slot` (above); the value on the
            // stack is wiped right after.
            unsafe {
                chain.write(Aligned8(value.0));
                wipe(&mut value);
            }
        }
        // SAFETY: a block is bytes, which zeroes are.
        unsafe { wipe(&mut block) };
        // SAFETY: both fields are written (the loop).
        unsafe { slot.assume_init_mut() }
    }
}

/// The running HMAC of one message: the inner hash, and the chaining value
/// that the outer hash starts from (the key's, copied at `init` so that the
/// request does not read the transform again).
#[repr(C)]
pub struct HmacState<A: Algorithm> {
    inner: State<A>,
    outer: Aligned8<A::Chain>,
}

impl<A: Algorithm> HmacState<A> {
    /// Writes the start of a message with the key at `key` into `slot` and
    /// returns it.
    ///
    /// # Safety
    ///
    /// `key` is valid for reads of a key that nothing writes meanwhile, and
    /// lies outside `slot`.
    pub unsafe fn init<'s>(
        slot: &'s mut MaybeUninit<Self>,
        key: *const HmacKey<A>,
    ) -> &'s mut Self {
        // SAFETY: by the function's safety requirements.
        let inner = unsafe { Self::fields(slot, key) };
        // SAFETY: `key` is readable and outside `slot` (as above).
        unsafe { State::resume_from(inner, addr_of!((*key).inner), 1) };
        // SAFETY: both fields are written (`fields` and the lines above).
        unsafe { slot.assume_init_mut() }
    }

    /// Copies the outer chaining value of the key at `key` into `slot`, and
    /// returns the inner state's slot, for the caller to write.
    ///
    /// # Safety
    ///
    /// As for [`Self::init`].
    unsafe fn fields<'s>(
        slot: &'s mut MaybeUninit<Self>,
        key: *const HmacKey<A>,
    ) -> &'s mut MaybeUninit<State<A>> {
        let at = slot.as_mut_ptr();
        // SAFETY: `at` is `slot`'s, valid for writes of a `Self`; `key` is
        // readable and outside it (the function's safety requirements). The
        // inner state's slot is a field of `slot`, which `&mut` makes ours.
        unsafe {
            copy_nonoverlapping(addr_of!((*key).outer), addr_of_mut!((*at).outer), 1);
            &mut *addr_of_mut!((*at).inner).cast::<MaybeUninit<State<A>>>()
        }
    }

    /// The inner hash: what `update()` hashes, and export/import move.
    pub fn inner(&mut self) -> &mut State<A> {
        &mut self.inner
    }

    /// The inner hash, read-only.
    pub fn inner_ref(&self) -> &State<A> {
        &self.inner
    }

    /// The state that `import` writes into the inner hash's slot, with the
    /// outer chaining value of the key at `key`, written into `slot` and
    /// returned.
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
        // SAFETY: by the function's safety requirements.
        import(unsafe { Self::fields(slot, key) });
        // SAFETY: `fields` wrote the outer chaining value, and `import` the
        // inner state: the `&mut State` it returns for its slot can only come
        // from writing it (`State::init`, `resume`, `import_core`).
        unsafe { slot.assume_init_mut() }
    }

    /// Hashes the last bytes `data` and finishes the HMAC: pads the inner
    /// hash, then hashes its digest under the outer key block, all through
    /// `compress`. Afterwards only [`Self::chain`], [`Self::write_digest`]
    /// and [`Self::wipe`] may be called.
    pub fn finish<F>(&mut self, data: Message<'_>, compress: &mut F)
    where
        F: FnMut(&mut A::Chain, Message<'_>),
    {
        self.inner.finish(data, compress);
        let mut digest = A::Digest::ZERO;
        self.inner.write_digest(&mut digest);
        // The outer hash reuses the inner one's place: its block buffer
        // takes the inner digest, which is shorter than a block
        // (`State::LAYOUT`), so `absorb` keeps it.
        // SAFETY: a `State` is a valid `MaybeUninit<State>`; `resume`
        // overwrites it with a valid state.
        let slot =
            unsafe { &mut *core::ptr::from_mut(&mut self.inner).cast::<MaybeUninit<State<A>>>() };
        let outer = State::resume(slot, &self.outer.0, 1);
        outer.absorb(Message::new(digest.as_ref()));
        outer.pad(compress);
        // SAFETY: a digest is bytes, which zeroes are.
        unsafe { wipe(&mut digest) };
    }

    /// The HMAC's chaining value after [`Self::finish`], by copy (see
    /// [`State::chain`]).
    pub fn chain(&self) -> A::Chain {
        self.inner.chain()
    }

    /// Writes the HMAC of a finished message ([`Self::finish`]) into `out`.
    pub fn write_digest(&self, out: &mut A::Digest) {
        self.inner.write_digest(out);
    }

    /// Overwrites the whole state with zeroes, the outer chaining value
    /// included.
    pub fn wipe(&mut self) {
        // SAFETY: all-zero bytes are a valid `Self` (words, counter, bytes).
        unsafe { wipe(self) };
    }
}
