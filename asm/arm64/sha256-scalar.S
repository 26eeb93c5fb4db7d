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
 * Calling convention: AAPCS64. Clobbers x0-x17 (only x0-x3 and x12-x17
 * and w4-w11 actually) and flags; saves/restores x19-x28; never touches
 * x18, x29 or x30.
 * Stack: 144 bytes (80 for x19-x28, 64 for the W[] ring), sp stays 16-byte
 * aligned.
 *
 * Design: all 64 rounds are unrolled (about 6.5 KiB of code); the state
 * lives in w4-w11 and the register names rotate through the macro
 * arguments instead of moving data. The message schedule W[16..63] is
 * computed one word per round, 16 words ahead of its use, into a 16-word
 * ring on the stack; on Cortex-A5x loads and stores issue on their own
 * pipes, so the ring costs no ALU slot, while keeping all of W[] in
 * registers would not fit. The work of a round is limited by the two simple
 * integer pipes of A57/A72 (the third, "M", pipe takes the shifted-operand
 * forms), so Sigma and sigma use "eor Rd, Rn, Rm, ror #n" for two of their
 * three terms, which moves work to M.
 *
 * llvm-mca-19 cycles per 64-byte block (-iterations=100, whole unrolled
 * block loop .Lscalar_block .. .Lscalar_block_end; in-tree = the 6.12
 * sha256_block_data_order from sha512-armv8.pl, its inner loop unrolled
 * 3x for the measurement):
 *
 *	CPU		ours	in-tree	ratio
 *	cortex-a53	TBD	1200.0
 *	cortex-a57	TBD	672.1
 *	cortex-a72	TBD	672.1
 */

#include <linux/linkage.h>

	.section .rodata
	.balign	16
.Lsha256_k_scalar:
	.long	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
	.size	.Lsha256_k_scalar, . - .Lsha256_k_scalar

	.text

	state	.req	x0
	data	.req	x1
	nblk	.req	x2
	kptr	.req	x3
	// round temporaries
	big1	.req	w12		// Sigma1(e)
	chf	.req	w13		// e & f
	chg	.req	w14		// g & ~e
	big0	.req	w15		// Sigma0(a)
	// message schedule
	w9t	.req	w21		// W[t+9]
	sg0	.req	w22		// sigma0(W[t+1])
	sg1	.req	w23		// sigma1(W[t+14])
	kt	.req	w27		// K[t]

/*
 * Offset of W[i] in the 16-word stack ring.
 */
#define RING(i)	(4 * ((i) % 16))

/*
 * One round t. a..h: state registers (rotated by the caller); wc = W[t],
 * wn = register that receives W[t+1] (it is wc of round t+1); mp = b^c
 * (the a^b of round t-1), mc receives this round's a^b (mp of round t+1).
 * When \sched is 1 the round also computes W[t+16] into wnew (from W[t],
 * W[t+1], W[t+9] in the ring and W[t+14] in w14src) and stores it into the
 * ring slot W[t] has just vacated. The schedule work is spread between the
 * round's dependent steps so that the in-order A53 finds a second
 * instruction to pair; A57/A72 reorder anyway.
 *
 * Sigma1(e) = ror(e ^ ror(e,5) ^ ror(e,19), 6)
 * Sigma0(a) = ror(a ^ ror(a,11) ^ ror(a,20), 2)
 * Maj(a,b,c) = ((a^b) & (b^c)) ^ b, with b^c carried over from the
 * previous round's a^b.
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, wc, wn, mp, mc, sched, wnew, w14src
	.if \t < 63
	ldr	\wn, [sp, #RING(\t + 1)]
	.endif
	ldr	kt, [kptr, #4 * \t]
	eor	big1, \e, \e, ror #5
	add	\h, \h, \wc
	and	chf, \e, \f
	.if \sched
	ldr	w9t, [sp, #RING(\t + 9)]
	.endif
	eor	big1, big1, \e, ror #19
	bic	chg, \g, \e
	add	\h, \h, chf
	.if \sched
	add	\wnew, \wc, w9t			// W[t] + W[t+9]
	ror	sg1, \w14src, #17
	.endif
	ror	big1, big1, #6
	add	\h, \h, chg
	eor	big0, \a, \a, ror #11
	add	\h, \h, kt
	.if \sched
	eor	sg1, sg1, \w14src, ror #19
	.endif
	add	\h, \h, big1			// h = T1
	eor	big0, big0, \a, ror #20
	eor	\mc, \a, \b
	.if \sched
	eor	sg1, sg1, \w14src, lsr #10
	ror	sg0, \wn, #7
	.endif
	add	\d, \d, \h			// d += T1: next round's e
	and	\mp, \mp, \mc
	ror	big0, big0, #2
	.if \sched
	eor	sg0, sg0, \wn, ror #18
	add	\wnew, \wnew, sg1
	.endif
	eor	\mp, \mp, \b			// Maj(a,b,c)
	add	\h, \h, big0
	.if \sched
	eor	sg0, sg0, \wn, lsr #3
	.endif
	add	\h, \h, \mp			// h = T1 + T2: next round's a
	.if \sched
	add	\wnew, \wnew, sg0
	str	\wnew, [sp, #RING(\t)]
	.endif
.endm

/*
 * Pick the registers of round t: the state rotates by one register per
 * round (a=w4..h=w11 at t%8 == 0); W[t]/W[t+1] and the two Maj carries
 * alternate with t%2; W[t+16] rotates over w24-w26 so that W[t+14] (made
 * two rounds ago) is still in a register.
 */
.macro	ROUND_T t
	.if (\t % 2) == 0
	  ROUND_WM \t, w19, w20, w16, w17
	.else
	  ROUND_WM \t, w20, w19, w17, w16
	.endif
.endm

.macro	ROUND_WM t, wc, wn, mp, mc
	.if (\t % 3) == 0
	  ROUND_WN \t, \wc, \wn, \mp, \mc, w24, w25
	.elseif (\t % 3) == 1
	  ROUND_WN \t, \wc, \wn, \mp, \mc, w25, w26
	.else
	  ROUND_WN \t, \wc, \wn, \mp, \mc, w26, w24
	.endif
.endm

.macro	ROUND_WN t, wc, wn, mp, mc, wnew, w14src
	.if (\t % 8) == 0
	  ROUND \t, w4, w5, w6, w7, w8, w9, w10, w11, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 1
	  ROUND \t, w11, w4, w5, w6, w7, w8, w9, w10, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 2
	  ROUND \t, w10, w11, w4, w5, w6, w7, w8, w9, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 3
	  ROUND \t, w9, w10, w11, w4, w5, w6, w7, w8, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 4
	  ROUND \t, w8, w9, w10, w11, w4, w5, w6, w7, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 5
	  ROUND \t, w7, w8, w9, w10, w11, w4, w5, w6, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.elseif (\t % 8) == 6
	  ROUND \t, w6, w7, w8, w9, w10, w11, w4, w5, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.else
	  ROUND \t, w5, w6, w7, w8, w9, w10, w11, w4, \wc, \wn, \mp, \mc, (\t < 48), \wnew, \w14src
	.endif
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
	// sp+0..63: the W ring; sp+64..143: x19-x28
	sub	sp, sp, #144
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
	add	sp, sp, #144
.Lscalar_ret:
	ret
SYM_FUNC_END(rsha_sha256_arm64_scalar)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	kptr
	.unreq	big1
	.unreq	chf
	.unreq	chg
	.unreq	big0
	.unreq	w9t
	.unreq	sg0
	.unreq	sg1
	.unreq	kt
