// SPDX-License-Identifier: GPL-2.0

//! The kernel crate's `md`, `hmac` and `sha` modules, built for the host.
//! They use only `core`, so the very same files compile here unchanged.

#![no_std]

#[path = "../../../rust/rsha/hmac.rs"]
pub mod hmac;
#[path = "../../../rust/rsha/md.rs"]
pub mod md;
#[path = "../../../rust/rsha/sha.rs"]
pub mod sha;
