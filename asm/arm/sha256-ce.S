// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for 32-bit ARM kernels on ARMv8 CPUs with the
 * Crypto Extensions (AArch32 SHA256H/SHA256H2/SHA256SU0/SHA256SU1).
 *
 * void rsha_sha256_arm_ce(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Only call between kernel_neon_begin()
 * and kernel_neon_end(), on a CPU with the SHA-256 instructions
 * (HWCAP2_SHA2). Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code (the only conditional instruction
 * is the entry's bxeq, in an explicit it block). Carries its own .arch
 * armv8-a and .fpu crypto-neon-fp-armv8: the kernel assembles the file
 * with baseline flags. Input is read with vld1.8 (no alignment needed);
 * state[] with vld1.32/vst1.32 (4-byte alignment is enough).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers r1-r3,
 * r12, flags, q0-q3 and q8-q14; saves and restores r4-r11, lr (untouched,
 * the shared frame saves them); d8-d15 are not touched. No calls.
 * Stack: 40 bytes (r3-r11, lr), sp stays 8-byte aligned; no frame of its
 * own.
 * Sections: .text (ARM 520 bytes, Thumb-2 510 bytes) and .rodata (256
 * bytes of K from ../sha256-k.h, 16-byte aligned for the :128 loads). K
 * is reached through a literal word next to the code (R_ARM_ABS32, loaded
 * pc-relative with ldr), the same in ARM and Thumb-2.
 *
 * Design: one block per loop pass, the 16 four-round groups unrolled.
 * Group g (rounds 4g..4g+3) is SHA256H (new abcd) and SHA256H2 (new
 * efgh) on W[4g..4g+3] + K[4g..4g+3]; both read the old abcd and efgh
 * and each overwrites one, so abcd is copied first. On the reference
 * model (llvm-mca's Cortex-A57) both issue to the one pipe that takes
 * the SHA instructions (W), for two cycles each, latency 6: a group
 * cannot take less than 8 cycles (its second instruction starts two
 * cycles after the first, and both need both halves of the previous
 * group), so a block is at least 16 * 8 + 3 (the feed-forward add) = 131
 * cycles, and the rest is arranged never to delay that chain:
 *  - abcd is copied as soon as SHA256H has made it, three cycles before
 *    the next SHA256H2 can have W anyway;
 *  - W is free four cycles in eight; SHA256SU0 (one cycle) and
 *    SHA256SU1 (two) have to fit there without an SU1 starting in the
 *    last free cycle, which would hold up the next SHA256H. The schedule
 *    of each word is split over two groups (SU0 in group g, SU1 in group
 *    g + 1), which on the model places every SU1 where it fits;
 *  - the feed-forward writes each half into two registers at once (the
 *    next block's abcd and its copy for the first SHA256H2, efgh and the
 *    copy the next block keeps for its own feed-forward), so the next
 *    block's first group waits for no vmov.
 * K is loaded four words a group (vld1.32 :128, the pointer reset each
 * block). The next block's loads, byte swaps and schedule do not depend
 * on the current block and run ahead out of order; nothing beyond the
 * input is read. 117 instructions a block.
 *
 * Cycles per block, llvm-mca-19 Cortex-A57 model, ARM and Thumb-2 alike:
 * 131.2 (the in-tree sha2-ce-core.S: 134.2 for a whole block cut from an
 * execution trace, as scripts/performance/mca-table.sh measures). The
 * Cortex-A9/A15 models have no timing for the SHA instructions.
 *
 * Used by the driver module rust/drivers/sha256_arm.rs.
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha256-k.h"
#include "../regs.h"

	.syntax	unified
	.arch	armv8-a
	.fpu	crypto-neon-fp-armv8

	.section .rodata
	.balign	16
.Lsha256_k_arm_ce:
	sha256_k_table
	.size	.Lsha256_k_arm_ce, . - .Lsha256_k_arm_ce

	.text

	abcd	.req	q0		// a (lane 0), b, c, d
	efgh	.req	q1		// e (lane 0), f, g, h
	acopy	.req	q2		// abcd before the group, for SHA256H2
	nefgh	.req	q3		// feed-forward result, for the next efgh0
	wk	.req	q12		// K, then W + K, of the group
	abcd0	.req	q13		// abcd at the start of the block
	efgh0	.req	q14		// efgh at the start of the block
	kbase	.req	r3		// K[0]
	kptr	.req	r12		// K of the next group

/*
 * Group g, rounds 4g..4g+3. Registers:
 *   w0..w3  W[4g..4g+15] in the ring q8-q11 (w0 = q(8 + g % 4));
 *   abcd, efgh the state; acopy abcd as the group starts (in group 0
 *           made by the feed-forward, which also leaves the next efgh0
 *           in nefgh: group 0 takes both copies for this block).
 * The schedule, t = 4g + 16 .. 4g + 19, is split over two groups: g < 12
 * starts W[t] in w0 once its W + K is taken, SHA256SU0 w0, w1 = W[t-16] +
 * sigma0(W[t-15]); 1 <= g < 13 finishes the words group g-1 started,
 * which are in w3 (the ring register of W[4g-4..4g-1]): SHA256SU1 w3,
 * w1, w2 adds W[t-7] + sigma1(W[t-2]) (t = 4g + 12 .. 4g + 15).
 */
.macro	GROUP g
	rsha_reg w0, q, (8 + (\g) % 4)
	rsha_reg w1, q, (8 + ((\g) + 1) % 4)
	rsha_reg w2, q, (8 + ((\g) + 2) % 4)
	rsha_reg w3, q, (8 + ((\g) + 3) % 4)

	vld1.32	{d24-d25}, [kptr :128]!		// K[4g..4g+3]
	vadd.i32 wk, wk, w0
	.if \g < 12
	sha256su0.32 w0, w1
	.endif
	.if \g > 0
	vmov	acopy, abcd
	.endif
	sha256h.32 abcd, efgh, wk
	sha256h2.32 efgh, acopy, wk
	.if \g == 0
	vmov	abcd0, acopy
	vmov	efgh0, nefgh
	.endif
	.if \g >= 1 && \g < 13
	sha256su1.32 w3, w1, w2
	.endif
.endm

	.balign	4
.Lsha256_k_arm_ce_addr:
	.long	.Lsha256_k_arm_ce

SYM_FUNC_START(rsha_sha256_arm_ce)
	rsha_arm_enter 0
	ldr	kbase, .Lsha256_k_arm_ce_addr
	vld1.32	{d0-d3}, [r0]			// abcd, efgh
	vmov	acopy, abcd
	vmov	nefgh, efgh

.Lce_block:
	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	mov	kptr, kbase
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11

	.irp	g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	GROUP	\g
	.endr

	// Feed-forward, each half into two registers at once (see Design).
	vadd.i32 acopy, abcd, abcd0
	vadd.i32 abcd, abcd, abcd0
	vadd.i32 nefgh, efgh, efgh0
	vadd.i32 efgh, efgh, efgh0
	subs	r2, r2, #1
.Lce_block_end:
	bne	.Lce_block

	vst1.32	{d0-d3}, [r0]
	rsha_arm_leave 0
SYM_FUNC_END(rsha_sha256_arm_ce)

	.unreq	abcd
	.unreq	efgh
	.unreq	acopy
	.unreq	nefgh
	.unreq	wk
	.unreq	abcd0
	.unreq	efgh0
	.unreq	kbase
	.unreq	kptr
