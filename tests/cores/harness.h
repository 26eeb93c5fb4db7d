/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface between the generic core test (main.c), the per-algorithm
 * reference (ref-ALG.c) and the per-arch glue (arch-ARCH.S).
 */
#ifndef RSHA_HARNESS_H
#define RSHA_HARNESS_H

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef __SIZE_TYPE__ size_t;

typedef void (*rsha_block_fn)(void *state, const u8 *data, size_t nblocks);

struct rsha_kat {
	const char *label;	/* short name for the result line */
	const char *msg;	/* NUL-terminated message */
	const char *hex;	/* expected digest, lower-case hex, no spaces */
};

struct rsha_alg {
	const char *name;
	unsigned int state_bytes;	/* size of the state the core updates */
	unsigned int block_bytes;
	unsigned int digest_bytes;
	/* The plain-C reference block function. */
	rsha_block_fn ref_block;
	/* Full hash (IV, padding, output encoding) using any block function. */
	void (*digest)(rsha_block_fn block, const u8 *msg, size_t len, u8 *out);
	const struct rsha_kat *kats;	/* ends with { 0 } */
};

extern const struct rsha_alg rsha_alg;

/* arch-ARCH.S */
void rsha_sys_write(int fd, const void *buf, size_t len);
void rsha_sys_exit(int status) __attribute__((noreturn));
/*
 * Call fn(state, data, nblocks) with the callee-saved registers of the
 * ABI (and the stack pointer) set to known values, and everything the
 * callee may clobber set to junk. Returns 0 if all callee-saved state
 * came back intact, else a bitmask of what did not (bits documented
 * in arch-ARCH.S).
 */
unsigned long rsha_call_checked(rsha_block_fn fn, void *state, const u8 *data,
				size_t nblocks);

#endif
