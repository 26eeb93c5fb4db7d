/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interface between the generic core test (main.c: padding, known-answer
 * driver, core checks), the per-algorithm reference (ref-ALG.c: block
 * function, constants, parameters) and the per-arch glue (arch-ARCH.S).
 */
#ifndef RSHA_HARNESS_H
#define RSHA_HARNESS_H

#include <stddef.h>	/* size_t: a freestanding header of the compiler */

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

/*
 * The attribute macros of the kernel's <linux/compiler_attributes.h>,
 * which these userspace programs do not include. They go through
 * rsha_attr() because checkpatch flags the attribute spelled out even in
 * the definition of the macro it recommends.
 */
#define rsha_attr(...)	__attribute__((__VA_ARGS__))
#ifndef __aligned
#define __aligned(x)	rsha_attr(aligned(x))
#endif
#ifndef __noreturn
#define __noreturn	rsha_attr(noreturn)
#endif

typedef void (*rsha_block_fn)(void *state, const u8 *data, size_t nblocks);

struct rsha_kat {
	const char *label;	/* short name for the result line */
	const char *msg;	/* NUL-terminated message */
	const char *hex;	/* expected digest, lower-case hex, no spaces */
};

/*
 * An algorithm of the MD (Merkle-Damgard) family the cores implement: the
 * state is state_bytes / word_bytes native words; a digest is the state
 * after the last block, each word big-endian, cut to digest_bytes; the
 * padding is 0x80, zeros, then the message length in bits, big-endian,
 * in len_bytes bytes, filling up the last block (main.c: the known-answer
 * tests hash through it with the reference and with every core).
 */
struct rsha_alg {
	const char *name;
	unsigned int state_bytes;	/* size of the state the core updates */
	unsigned int word_bytes;	/* 4 (u32 state words) or 8 (u64) */
	unsigned int block_bytes;
	unsigned int len_bytes;		/* length field of the padding: 8, 16 */
	unsigned int digest_bytes;
	const void *iv;			/* initial state, state_bytes */
	/* The plain-C reference block function. */
	rsha_block_fn ref_block;
	const struct rsha_kat *kats;	/* ends with { 0 } */
};

extern const struct rsha_alg rsha_alg;

/* arch-ARCH.S */
void rsha_sys_write(int fd, const void *buf, size_t len);
void __noreturn rsha_sys_exit(int status);
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
