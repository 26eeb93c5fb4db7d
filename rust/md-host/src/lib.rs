// SPDX-License-Identifier: GPL-2.0

//! The kernel crate's `crypto::md` and `crypto::sha` modules, built for the host.
//! They use only `core`, so the very same files compile here unchanged.

#![no_std]

#[path = "../../kernel/crypto/md.rs"]
pub mod md;
#[path = "../../kernel/crypto/sha.rs"]
pub mod sha;
