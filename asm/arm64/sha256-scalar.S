// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for arm64, integer registers only.
 *
 * void rsha_sha256_arm64_scalar(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Uses no FP/SIMD register, so it may be
 * called where kernel_neon_begin() is not allowed.
 *
 * Calling convention: AAPCS64. Clobbers x0-x17 and flags; saves and
 * restores x19-x28 and x30 (x30 serves as a temporary; the function makes
 * no calls); never touches x18 or x29.
 * Stack: 160 bytes (64 for the W[] ring, 80 for x19-x28, 16 for x30),
 * sp stays 16-byte aligned.
 * Sections: .text (7.4 KiB) and .rodata (256 bytes of K, reached with
 * adrp/add :lo12:, so fine in a module).
 *
 * Design: all 64 rounds are unrolled; the state lives in w4-w11 and the
 * register names rotate through macro arguments instead of moving data.
 * The message schedule W[16..63] is computed one word per round, 16 words
 * ahead of its use, into a 16-word ring on the stack; loads and stores
 * issue on their own pipes, while keeping all of W[] in registers would
 * not fit. On A57/A72 the limit is the 3-wide dispatch, so the code
 * minimises instructions: a shifted-operand "eor Rd, Rn, Rm, ror #n" does
 * a rotate for free, each Sigma/sigma is three instructions in two
 * dependent steps, and K (and W[t+9]) come two per 64-bit load, the odd
 * round adding the high half with "add x, x, x, lsr #32". The round
 * itself (Sigma, Ch, Maj and the register rotation) is sha256-rounds.h,
 * shared with the NEON core; this file adds K, W and the schedule
 * through its hook.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha256_arm64.rs (with asm/arm64/sha256-neon.S).
 */

#include <linux/linkage.h>
#include "../sha256-k.h"
#include "sha256-rounds.h"

	.section .rodata
	.balign	16
.Lsha256_k_scalar:
	sha256_k_table
	.size	.Lsha256_k_scalar, . - .Lsha256_k_scalar

	.text

	// (state, data, nblk, kptr and the round's big1, chf, chg, big0:
	// sha256-rounds.h)
	// message schedule
	sg0	.req	w22		// sigma0(W[t+1])
	sg1	.req	w23		// sigma1(W[t+14])
	rot1	.req	w28		// ror(e,25), then x >> 10
	rot0	.req	w30		// ror(a,22), then x >> 3

/*
 * Offset of W[i] in the 16-word stack ring.
 */
#define RING(i)	(4 * ((i) % 16))

/*
 * The work of round t around the shared round (sha256_round, slot k of its
 * hook; sha256-rounds.h): h is the register NUMBER of h. wc = W[t], wn
 * receives W[t+1] (wc of round t+1). x27 holds K[t] (low half, even t) and
 * K[t+1] (high half): one load per two rounds, the odd round adding the
 * high half with "add x, x, x, lsr #32". That leaves junk in bits 63:32 of
 * the destination, which is harmless because only its w view is read.
 * x21 holds W[t+9] (odd t, low half) and W[t+10] (high half, for t+1) the
 * same way.
 *
 * When sched is 1 the round also computes W[t+16] into wnew from W[t],
 * W[t+1], W[t+9] (ring) and W[t+14] (w14src, made two rounds ago) and
 * stores it into the ring slot W[t] has just vacated. rot1/rot0 double as
 * the sigma temporaries once Sigma1/Sigma0 are done with them.
 *
 * sigma0(x) = (x >> 3) ^ ror(x ^ ror(x,11), 7)
 * sigma1(x) = (x >> 10) ^ ror(x ^ ror(x,2), 17)
 * (two dependent steps each, like the Sigmas)
 */
.macro	ROUND_OP k, t, h, wc, wn, sched, wnew, w14src
	rsha_at \k, 0, ROUND_ADD_K \t, \h, \wn
	rsha_at \k, 1, add w\h, w\h, w\wc	// h += W[t]
	.if \sched
	SCHED_OP \k, \t, \wc, \wn, \wnew, \w14src
	.endif
.endm

/* Slot 0: h += K[t]; load W[t+1], and in odd rounds K[t+1], K[t+2]. */
.macro	ROUND_ADD_K t, h, wn
	.if \t < 63
	ldr	w\wn, [sp, #RING(\t + 1)]
	.endif
	.if (\t % 2) == 0
	add	w\h, w\h, w27			// h += K[t]
	.else
	add	x\h, x\h, x27, lsr #32		// h += K[t] (high half)
	  .if \t < 63
	ldr	x27, [kptr, #4 * (\t + 1)]	// K[t+1], K[t+2]
	  .endif
	.endif
.endm

/* Slots 2..8 of a round with schedule work: W[t+16] into wnew. */
.macro	SCHED_OP k, t, wc, wn, wnew, w14src
	rsha_at2 \k, (\t % 2), 2, 1, ldr x21, [sp, #RING(\t + 9)]	// W[t+9], W[t+10]
	rsha_at \k, 4, eor sg1, w\w14src, w\w14src, ror #2
	rsha_at \k, 4, lsr rot1, w\w14src, #10
	rsha_at2 \k, (\t % 2), 4, 1, add w\wnew, w\wc, w21		// W[t] + W[t+9]
	rsha_at2 \k, (\t % 2), 4, 0, add x\wnew, x\wc, x21, lsr #32	// W[t] + W[t+9]
	rsha_at \k, 5, eor sg0, w\wn, w\wn, ror #11
	rsha_at \k, 5, lsr rot0, w\wn, #3
	rsha_at \k, 5, eor sg1, rot1, sg1, ror #17	// sigma1(W[t+14])
	rsha_at \k, 6, eor sg0, rot0, sg0, ror #7	// sigma0(W[t+1])
	rsha_at \k, 6, add w\wnew, w\wnew, sg1
	rsha_at \k, 7, add w\wnew, w\wnew, sg0
	rsha_at \k, 8, str w\wnew, [sp, #RING(\t)]
.endm

/*
 * Pick the registers of round t: the state rotates by one register per
 * round (sha256_round_regs); W[t]/W[t+1] and the two Maj carries
 * alternate with t%2; W[t+16] rotates over w24-w26 so that W[t+14] (made
 * two rounds ago) is still in a register.
 */
.macro	ROUND_T t
	.if (\t % 2) == 0
	  ROUND_WM \t, 19, 20, 16, 17
	.else
	  ROUND_WM \t, 20, 19, 17, 16
	.endif
.endm

.macro	ROUND_WM t, wc, wn, mp, mc
	.if (\t % 3) == 0
	  ROUND_WN \t, \wc, \wn, \mp, \mc, 24, 25
	.elseif (\t % 3) == 1
	  ROUND_WN \t, \wc, \wn, \mp, \mc, 25, 26
	.else
	  ROUND_WN \t, \wc, \wn, \mp, \mc, 26, 24
	.endif
.endm

.macro	ROUND_WN t, wc, wn, mp, mc, wnew, w14src
	sha256_round_regs \t, sha256_round, \mp, \mc, ROUND_OP, \wc, \wn, (\t < 48), \wnew, \w14src
.endm

/*
 * Load the 16 big-endian message words of the block at data, byte-swap
 * them into the stack ring, and leave W[0] in w19 and W[14], W[15] in
 * w25, w26 (where round 0 and 1 look for W[t] and W[t+14]). Uses
 * w12-w17, w21-w23 as scratch (free between blocks).
 */
.macro	LOAD_BLOCK
	ldp	w19, w13, [data, #0]
	ldp	w14, w15, [data, #8]
	ldp	w16, w17, [data, #16]
	ldp	w21, w22, [data, #24]
	rev	w19, w19
	rev	w13, w13
	rev	w14, w14
	rev	w15, w15
	stp	w19, w13, [sp, #0]
	rev	w16, w16
	rev	w17, w17
	stp	w14, w15, [sp, #8]
	rev	w21, w21
	rev	w22, w22
	stp	w16, w17, [sp, #16]
	ldp	w12, w13, [data, #32]
	ldp	w14, w15, [data, #40]
	stp	w21, w22, [sp, #24]
	ldp	w16, w17, [data, #48]
	ldp	w25, w26, [data, #56]
	rev	w12, w12
	rev	w13, w13
	rev	w14, w14
	rev	w15, w15
	stp	w12, w13, [sp, #32]
	rev	w16, w16
	rev	w17, w17
	stp	w14, w15, [sp, #40]
	rev	w25, w25
	rev	w26, w26
	stp	w16, w17, [sp, #48]
	stp	w25, w26, [sp, #56]
	add	data, data, #64
.endm

SYM_FUNC_START(rsha_sha256_arm64_scalar)
	cbz	nblk, .Lscalar_ret
	// sp+0..63: the W ring; sp+64..143: x19-x28; sp+144: x30
	sub	sp, sp, #160
	str	x30, [sp, #144]
	stp	x19, x20, [sp, #64]
	stp	x21, x22, [sp, #80]
	stp	x23, x24, [sp, #96]
	stp	x25, x26, [sp, #112]
	stp	x27, x28, [sp, #128]
	adrp	kptr, .Lsha256_k_scalar
	add	kptr, kptr, :lo12:.Lsha256_k_scalar
	ldp	w4, w5, [state, #0]
	ldp	w6, w7, [state, #8]
	ldp	w8, w9, [state, #16]
	ldp	w10, w11, [state, #24]

.Lscalar_block:
	LOAD_BLOCK
	eor	w16, w5, w6			// b^c for round 0's Maj
	ldr	x27, [kptr]			// K[0], K[1]
	ldr	x21, [sp, #32]			// W[8], W[9]

	.set	.Lt, 0
	.rept	64
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward; the rotation is back at a=w4 after 64 rounds.
	ldp	w12, w13, [state, #0]
	ldp	w14, w15, [state, #8]
	ldp	w16, w17, [state, #16]
	ldp	w21, w22, [state, #24]
	add	w4, w4, w12
	add	w5, w5, w13
	add	w6, w6, w14
	add	w7, w7, w15
	stp	w4, w5, [state, #0]
	add	w8, w8, w16
	add	w9, w9, w17
	stp	w6, w7, [state, #8]
	add	w10, w10, w21
	add	w11, w11, w22
	stp	w8, w9, [state, #16]
	subs	nblk, nblk, #1
	stp	w10, w11, [state, #24]
.Lscalar_block_end:
	b.ne	.Lscalar_block

	ldp	x19, x20, [sp, #64]
	ldp	x21, x22, [sp, #80]
	ldp	x23, x24, [sp, #96]
	ldp	x25, x26, [sp, #112]
	ldp	x27, x28, [sp, #128]
	ldr	x30, [sp, #144]
	add	sp, sp, #160
.Lscalar_ret:
	ret
SYM_FUNC_END(rsha_sha256_arm64_scalar)

	sha256_rounds_unreq
	.unreq	sg0
	.unreq	sg1
	.unreq	rot1
	.unreq	rot0
