// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for arm64, integer registers only (SHA-384 uses
 * the same block function with its own IV).
 *
 * void rsha_sha512_arm64_scalar(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Uses no FP/SIMD register, so it may be
 * called where kernel_neon_begin() is not allowed.
 *
 * Calling convention: AAPCS64. Clobbers x0-x17 and flags; saves and
 * restores x19-x28 and x30 (x30 serves as the K pointer; the function makes
 * no calls); never touches x18 or x29.
 * Stack: 112 bytes (88 for x19-x28 and x30, 24 for the three arguments,
 * whose registers hold W[] during the rounds), sp stays 16-byte aligned.
 * Sections: .text (8.8 KiB) and .rodata (640 bytes of K, reached with
 * adrp/add :lo12:, so fine in a module).
 *
 * Design: all 80 rounds are unrolled; the state lives in x16, x17, x19-x24
 * and the register names rotate through macro arguments instead of moving
 * data. The whole 16-word schedule window lives in x0-x15, W[t+16]
 * replacing W[t] in place, so the schedule costs no load or store; the
 * price is having only two true temporaries. The Maj carry register that
 * is dead at the start of a round doubles as a third one, and before that
 * holds K[t], loaded by the previous round. In the llvm-mca A57/A72 model
 * a standalone ror is 2 uops and an eor with a rotated operand 1 (on the
 * single M pipe), so each Sigma is ror + two such eors and each sigma
 * lsr + two; at 31 uops per scheduled round the core runs within 3% of the
 * 3-wide dispatch limit (813 cycles per block). The instruction order was
 * chosen with llvm-mca, weighing the in-order A53 too (it needs
 * independent instructions side by side, the A57/A72 a steady mix of I
 * and M pipe work).
 * Rolling rounds 16-63 into a 3x loop of 16 would save ~3.4 KiB of .text
 * for roughly 0.5% more cycles (loop overhead); kept unrolled like the
 * SHA-256 cores.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha512_arm64.rs (with asm/arm64/sha512-neon.S).
 */

#include <linux/linkage.h>
#include "../sha512-k.h"
#include "../regs.h"

	.section .rodata
	.balign	16
.Lsha512_k_scalar:
	sha512_k_table
	.size	.Lsha512_k_scalar, . - .Lsha512_k_scalar

	.text

	// x0-x15: W[0..15] (the whole schedule window lives in registers)
	// x16, x17, x19-x24: the state a..h, rotated by macro arguments
	t0	.req	x25
	t1	.req	x26
	// x27, x28: the Maj carry (b^c of the round) and K[t], swapping roles
	// every round (see ROUND)
	kptr	.req	x30

// Stack frame: x19-x28 and x30 saved, plus the three arguments, whose
// registers hold W[] during the rounds.
#define FRAME		112
#define SAVE_X30	80
#define ARG_STATE	88
#define ARG_DATA	96
#define ARG_NBLK	104

/*
 * One round t. a..h are register NUMBERS of the state (rotated by the
 * caller); w, w1, w9, w14 the registers holding W[t], W[t+1], W[t+9],
 * W[t+14]. mp holds b^c (the a^b of round t-1, or set up before round 0)
 * and, once Maj is done, receives K[t+1]; mc holds K[t] on entry, is then
 * a temporary (and the sigma1 result) and finally receives this round's
 * a^b. t0/t1 are reused freely: on the out-of-order A57/A72 register
 * renaming removes the false dependencies, and keeping all sixteen W in
 * registers saves every schedule load and store.
 *
 * Sigma1(e) = ror(e,14) ^ ror(e ^ ror(e,23), 18)
 * Sigma0(a) = ror(a,28) ^ ror(a ^ ror(a,5), 34)
 * Ch(e,f,g) = (e & f) + (g & ~e)		(disjoint bits: + is |)
 * Maj(a,b,c) = ((a^b) & (b^c)) ^ b, b^c carried from round t-1.
 *
 * When sched is 1, the round then computes W[t+16] in place of W[t]:
 * W[t+16] = W[t] + sigma0(W[t+1]) + W[t+9] + sigma1(W[t+14])
 * sigma0(x) = (x >> 7) ^ ror(x ^ ror(x,7), 1)
 * sigma1(x) = (x >> 6) ^ ror(x ^ ror(x,42), 19)
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, w, w1, w9, w14, mp, mc, sched
	ror	t1, x\e, #14
	eor	t0, x\e, x\e, ror #23
	add	x\h, x\h, x\mc			// h += K[t]
	and	x\mc, x\e, x\f
	add	x\h, x\h, x\w			// h += W[t]
	eor	t1, t1, t0, ror #18		// Sigma1(e)
	add	x\h, x\h, x\mc
	bic	t0, x\g, x\e
	.if \sched
	eor	x\mc, x\w14, x\w14, ror #42
	.endif
	add	x\h, x\h, t0
	add	x\h, x\h, t1			// h = T1
	eor	t1, x\a, x\a, ror #5
	.if \sched
	lsr	t0, x\w14, #6
	.endif
	add	x\d, x\d, x\h			// d += T1: next round's e
	.if \sched
	eor	x\mc, t0, x\mc, ror #19	// sigma1(W[t+14])
	.endif
	ror	t0, x\a, #28
	.if \sched
	add	x\w, x\w, x\w9			// W[t] + W[t+9]
	add	x\w, x\w, x\mc
	.endif
	eor	x\mc, x\a, x\b
	and	x\mp, x\mp, x\mc
	eor	t0, t0, t1, ror #34		// Sigma0(a)
	eor	x\mp, x\mp, x\b			// Maj(a,b,c)
	add	x\h, x\h, t0
	add	x\h, x\h, x\mp			// h = T1 + T2: next round's a
	.if \sched
	eor	t1, x\w1, x\w1, ror #7
	lsr	t0, x\w1, #7
	.endif
	.if \t < 79
	ldr	x\mp, [kptr, #8 * (\t + 1)]	// K[t+1], for round t+1's mc
	.endif
	.if \sched
	eor	t0, t0, t1, ror #1		// sigma0(W[t+1])
	add	x\w, x\w, t0			// W[t+16]
	.endif
.endm

/*
 * Round t with the state rotation of t % 8 (a = x16 at t % 8 == 0, over
 * x16, x17, x19-x24; rsha_rotate8, ../regs.h) and the Maj carries of
 * t % 2. w, w1, w9, w14: the numbers of the registers holding W[t],
 * W[t+1], W[t+9], W[t+14] (x0-x15: t % 16, (t + 1) % 16, ..., written
 * out per round in ROUND16).
 */
.macro	ROUND_T t, w, w1, w9, w14
	.if (\t % 2) == 0
	  ROUND_M \t, \w, \w1, \w9, \w14, 27, 28
	.else
	  ROUND_M \t, \w, \w1, \w9, \w14, 28, 27
	.endif
.endm

.macro	ROUND_M t, w, w1, w9, w14, mp, mc
	rsha_rotate8 ((\t) % 8), ROUND, \t, 16, 17, 19, 20, 21, 22, 23, 24, \w, \w1, \w9, \w14, \mp, \mc, (\t < 64)
.endm

/* Rounds s..s+15 (s a multiple of 16). */
.macro	ROUND16 s
	ROUND_T	(\s + 0), 0, 1, 9, 14
	ROUND_T	(\s + 1), 1, 2, 10, 15
	ROUND_T	(\s + 2), 2, 3, 11, 0
	ROUND_T	(\s + 3), 3, 4, 12, 1
	ROUND_T	(\s + 4), 4, 5, 13, 2
	ROUND_T	(\s + 5), 5, 6, 14, 3
	ROUND_T	(\s + 6), 6, 7, 15, 4
	ROUND_T	(\s + 7), 7, 8, 0, 5
	ROUND_T	(\s + 8), 8, 9, 1, 6
	ROUND_T	(\s + 9), 9, 10, 2, 7
	ROUND_T	(\s + 10), 10, 11, 3, 8
	ROUND_T	(\s + 11), 11, 12, 4, 9
	ROUND_T	(\s + 12), 12, 13, 5, 10
	ROUND_T	(\s + 13), 13, 14, 6, 11
	ROUND_T	(\s + 14), 14, 15, 7, 12
	ROUND_T	(\s + 15), 15, 0, 8, 13
.endm

SYM_FUNC_START(rsha_sha512_arm64_scalar)
	cbz	x2, .Lscalar_ret
	sub	sp, sp, #FRAME
	stp	x19, x20, [sp, #0]
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
	stp	x30, x0, [sp, #SAVE_X30]	// x30 and ARG_STATE
	stp	x1, x2, [sp, #ARG_DATA]
	adrp	kptr, .Lsha512_k_scalar
	add	kptr, kptr, :lo12:.Lsha512_k_scalar
	ldp	x16, x17, [x0, #0]
	ldp	x19, x20, [x0, #16]
	ldp	x21, x22, [x0, #32]
	ldp	x23, x24, [x0, #48]

.Lscalar_block:
	// W[0..15] = the block's big-endian words
	ldr	t0, [sp, #ARG_DATA]
	ldp	x0, x1, [t0, #0]
	ldp	x2, x3, [t0, #16]
	ldp	x4, x5, [t0, #32]
	ldp	x6, x7, [t0, #48]
	ldp	x8, x9, [t0, #64]
	ldp	x10, x11, [t0, #80]
	ldp	x12, x13, [t0, #96]
	ldp	x14, x15, [t0, #112]
	add	t0, t0, #128
	str	t0, [sp, #ARG_DATA]
	.irp	r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	rev	x\r, x\r
	.endr
	eor	x27, x17, x19			// b^c for round 0's Maj
	ldr	x28, [kptr]			// K[0]

	ROUND16	0
	ROUND16	16
	ROUND16	32
	ROUND16	48
	ROUND16	64

	// Feed-forward; the rotation is back at a=x16 after 80 rounds, and
	// x0-x15 (W) and x25-x28 are free.
	ldr	t0, [sp, #ARG_STATE]
	ldp	x0, x1, [t0, #0]
	ldp	x2, x3, [t0, #16]
	ldp	x4, x5, [t0, #32]
	ldp	x6, x7, [t0, #48]
	ldr	t1, [sp, #ARG_NBLK]
	add	x16, x16, x0
	add	x17, x17, x1
	add	x19, x19, x2
	add	x20, x20, x3
	stp	x16, x17, [t0, #0]
	add	x21, x21, x4
	add	x22, x22, x5
	stp	x19, x20, [t0, #16]
	add	x23, x23, x6
	add	x24, x24, x7
	stp	x21, x22, [t0, #32]
	subs	t1, t1, #1
	stp	x23, x24, [t0, #48]
	str	t1, [sp, #ARG_NBLK]
.Lscalar_block_end:
	b.ne	.Lscalar_block

	ldp	x19, x20, [sp, #0]
	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldr	x30, [sp, #SAVE_X30]
	add	sp, sp, #FRAME
.Lscalar_ret:
	ret
SYM_FUNC_END(rsha_sha512_arm64_scalar)

	.unreq	t0
	.unreq	t1
	.unreq	kptr
