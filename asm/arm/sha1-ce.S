// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for 32-bit ARM kernels on ARMv8 CPUs with the
 * Crypto Extensions (AArch32 SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU1; the
 * schedule's SHA1SU0 step is done with plain NEON eors, see Design).
 *
 * void rsha_sha1_arm_ce(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Only call between kernel_neon_begin()
 * and kernel_neon_end(), on a CPU with the SHA-1 instructions
 * (HWCAP2_SHA1). Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code (the only conditional instruction
 * is the entry's bxeq, in an explicit it block). Carries its own .arch
 * armv8-a and .fpu crypto-neon-fp-armv8: the kernel assembles the file
 * with baseline flags. Input is read with vld1.8 (no alignment needed);
 * state[] with vld1.32/vldr (4-byte alignment is enough).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers r1-r3,
 * flags, q0-q3 and q8-q15; saves and restores r4-r11, lr (untouched, the
 * shared frame saves them) and d8-d15 (q4-q7 hold the four K). No calls.
 * Stack: 104 bytes (64 for d8-d15, 40 for r3-r11, lr), sp stays 8-byte
 * aligned; no frame of its own.
 * Sections: .text (ARM 720 bytes, Thumb-2 712 bytes) and .rodata (16
 * bytes: K0..K3 from ../sha1-k.h, splatted into q4-q7 once per call with
 * vld1.32 {d[], d[]}). The table is reached through a literal word next
 * to the code (R_ARM_ABS32, loaded pc-relative with ldr), the same in ARM
 * and Thumb-2.
 *
 * Design: one block per loop pass, the 20 four-round groups unrolled.
 * Group g (rounds 4g..4g+3) is one SHA1C (g < 5), SHA1P (5 <= g < 10,
 * g >= 15) or SHA1M (10 <= g < 15) on abcd, e and W[4g..4g+3] + K; the e
 * of group g+1 is SHA1H of the a that group g starts from. The chain of
 * SHA1C/P/M (latency 6 on the reference model, llvm-mca's Cortex-A57) is
 * the whole cost, 20 * 6 cycles plus 3 for the feed-forward add, and the
 * rest is arranged never to delay it. On that model the SHA instructions
 * issue to one pipe (W; SHA1C/P/M hold it two cycles), other NEON
 * instructions to either of two (W or X), shifts to X only:
 *  - SHA1H and the next SHA1C wait for the same abcd, and SHA1H, the
 *    older, would take W first: a, b are copied with a shift by 0 (X,
 *    3 cycles) and SHA1H of the copy (W, 3) runs behind the SHA1C, its
 *    result ready when the next SHA1C wants it;
 *  - nothing else holds a pipe for two cycles: SHA1SU0 (two on the
 *    model) is three single-cycle eors with the same result, two of them
 *    on d halves so that no vext is needed; SHA1SU1 finishes the word;
 *  - the feed-forward writes abcd into two registers at once (the next
 *    block's abcd and the copy it keeps for its own feed-forward), and
 *    the chaining e is not added at the end of the block: SHA1C adds its
 *    e operand only once, into round 0's sum with W[0] + K, so the next
 *    block's first group takes the SHA1H result as e and adds the
 *    previous block's e (ey) to its W[0] + K, which is ready long
 *    before. At every block start the chaining e is e + ey.
 * The next block's loads, byte swaps and schedule do not depend on the
 * current block and run ahead out of order; nothing beyond the input is
 * read. 157 instructions a block.
 *
 * Cycles per block, llvm-mca-19 Cortex-A57 model, ARM and Thumb-2 alike:
 * 123.2 (the in-tree sha1-ce-core.S: 146.1 for a whole block cut from an
 * execution trace, as scripts/performance/mca-table.sh measures). The
 * Cortex-A9/A15 models have no timing for the SHA instructions.
 *
 * Used by the driver module rust/drivers/sha1_arm.rs.
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha1-k.h"
#include "../regs.h"

	.syntax	unified
	.arch	armv8-a
	.fpu	crypto-neon-fp-armv8

	.section .rodata
	.balign	16
.Lsha1_k_arm_ce:
	sha1_k_table
	.size	.Lsha1_k_arm_ce, . - .Lsha1_k_arm_ce

	.text

	abcd	.req	q0		// a (lane 0), b, c, d
	e	.req	q1		// e operand of the group (lane 0; 1-3 zero)
	edl	.req	d2		//   its low half
	nabcd	.req	q3		// feed-forward result, for the next abcd0
	abcd0	.req	q13		// abcd at the start of the block
	e0	.req	d28		// e at the start of the block (lane 0)
	ey	.req	d29		// previous block's e0 (lane 0; lane 1 zero)
	wk	.req	q12		// W + K of the group
	wk_lo	.req	d24		//   its low half
	abcd_lo	.req	d0		// a, b
	acopy	.req	q15		// copy of a, b (lanes 0, 1) for SHA1H
	acopyd	.req	d30		//   the half that is written

/*
 * Group g, rounds 4g..4g+3, t = 4g + 16 .. 4g + 19 the schedule words it
 * makes. Registers:
 *   w0..w3  W[4g..4g+15] in the ring q8-q11 (w0 = q(8 + g % 4)); for
 *           g < 16 w0 becomes W[t] once its W + K is taken: lanes 0-1 and
 *           2-3 of W[t-16] ^ W[t-14] by d halves, ^ W[t-8] (w2): what
 *           SHA1SU0 w0, w1, w2 gives; then SHA1SU1 w0, w3 adds W[t-3] and
 *           rotates;
 *   k       q4 + g / 5, K of the stage, splatted;
 *   abcd    the state; e the e of the group in, that of group g+1 out:
 *           SHA1H of a (copied to acopy first, see Design).
 * Group 0 also takes the block's chaining e apart (see Design): the
 * previous block's e0 (ey) goes into W[0] + K, e0 = e + ey is kept for
 * the feed-forward, and abcd0 is taken from nabcd.
 */
.macro	GROUP g
	rsha_reg w0,   q, (8 + (\g) % 4)
	rsha_reg w0lo, d, (2 * (8 + (\g) % 4))
	rsha_reg w0hi, d, (2 * (8 + (\g) % 4) + 1)
	rsha_reg w1lo, d, (2 * (8 + ((\g) + 1) % 4))
	rsha_reg w2,   q, (8 + ((\g) + 2) % 4)
	rsha_reg w3,   q, (8 + ((\g) + 3) % 4)
	rsha_reg k,    q, (4 + (\g) / 5)

	vadd.i32 wk, w0, k
	.if \g == 0
	vadd.i32 wk_lo, wk_lo, ey		// W[0] + K + ey, W[1] + K
	.endif
	.if \g < 16
	veor	w0lo, w0lo, w0hi		// lanes 0-1: W[t-16] ^ W[t-14]
	veor	w0hi, w0hi, w1lo		// lanes 2-3: W[t-16] ^ W[t-14]
	veor	w0, w0, w2			// ^ W[t-8]
	.endif
	vshl.i64 acopyd, abcd_lo, #0		// a, b: a copy on the X pipe
	.if \g < 5
	sha1c.32 abcd, e, wk
	.elseif \g < 10 || \g >= 15
	sha1p.32 abcd, e, wk
	.else
	sha1m.32 abcd, e, wk
	.endif
	.if \g == 0
	vmov	abcd0, nabcd
	vadd.i32 e0, edl, ey
	.endif
	sha1h.32 e, acopy			// e of group g+1 = rol(a, 30)
	.if \g < 16
	sha1su1.32 w0, w3			// W[t]
	.endif
.endm

	.balign	4
.Lsha1_k_arm_ce_addr:
	.long	.Lsha1_k_arm_ce

SYM_FUNC_START(rsha_sha1_arm_ce)
	rsha_arm_enter 0, 1
	ldr	r3, .Lsha1_k_arm_ce_addr
	vld1.32	{d8[], d9[]}, [r3]!		// q4..q7 = K0..K3, splatted
	vld1.32	{d10[], d11[]}, [r3]!
	vld1.32	{d12[], d13[]}, [r3]!
	vld1.32	{d14[], d15[]}, [r3]
	vld1.32	{d0-d1}, [r0]			// abcd
	vmov.i32 e, #0
	vmov.i32 ey, #0
	vldr	s4, [r0, #16]			// e (ey = 0: e is all of it)
	vmov	nabcd, abcd

.Lce_block:
	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11

	.irp	g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	GROUP	\g
	.endr

	// Feed-forward, abcd into two registers at once; e: the chaining e
	// is e + ey (see Design).
	vadd.i32 nabcd, abcd, abcd0
	vadd.i32 abcd, abcd, abcd0
	vmov	ey, e0
	subs	r2, r2, #1
.Lce_block_end:
	bne	.Lce_block

	vadd.i32 edl, edl, ey			// the chaining e
	vst1.32	{d0-d1}, [r0]
	vstr	s4, [r0, #16]
	rsha_arm_leave 0, 1
SYM_FUNC_END(rsha_sha1_arm_ce)

	.unreq	abcd
	.unreq	e
	.unreq	edl
	.unreq	nabcd
	.unreq	wk
	.unreq	abcd0
	.unreq	e0
	.unreq	acopy
	.unreq	acopyd
	.unreq	abcd_lo
	.unreq	ey
	.unreq	wk_lo
