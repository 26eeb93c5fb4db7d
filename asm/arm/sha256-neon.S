// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for 32-bit ARM (ARMv7-A) with NEON: the message
 * schedule in NEON, the rounds in integer registers. No ARMv8 crypto
 * instructions.
 *
 * void rsha_sha256_arm_neon(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Only call between kernel_neon_begin()
 * and kernel_neon_end(). Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: only instructions and addressing
 * modes both have (immediate shifts, ldrd/strd on even/odd register pairs
 * as ARM needs, no register-shifted operands), explicit it blocks.
 * Input is read with vld1.8 (no alignment needed); ldrd/strd, ldm and vstm
 * only touch the stack and state[] (4-byte alignment is enough).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12, flags, q0-q3 and q8-q15 (d0-d7, d16-d31: caller-saved);
 * saves and restores r4-r11 and lr (lr is the K pointer; no calls are
 * made); d8-d15 are not touched.
 * Stack: 128 bytes (64 for the K+W ring, 24 for the state/next-block/end
 * slots and padding, 40 for r3-r11, lr), sp stays 8-byte aligned.
 * Sections: .text (ARM 6188 bytes, Thumb-2 5638 bytes) and .rodata (256
 * bytes of K, 16-byte aligned for the :128 loads). K is reached through
 * a literal word next to the code (R_ARM_ABS32, loaded pc-relative with
 * ldr): position-independent code reading an absolute address the module
 * loader relocates, the same in ARM and Thumb-2, no movw/movt needed.
 *
 * Design: while the integer unit runs rounds 4g..4g+3, NEON computes
 * W[4g+16..4g+19] (g < 12) or byte-swaps the next block's W[4g-48..4g-45]
 * (g >= 12), adds K and stores W+K into a 16-word ring on the stack, so
 * each round needs only "h += (K+W)[t]" (read two at a time with ldrd).
 * The NEON work of a group is spread over 36 slots, nine per round,
 * between every other integer instruction, so both units stay busy. On
 * the reference model (llvm-mca's Cortex-A15: 2-wide in-order dispatch,
 * a memory or NEON instruction whose inputs are not ready holds it up)
 * the cost is close to the instruction count / 2:
 *  - a round is 16.5 integer instructions: Sigma0/Sigma1 are two
 *    "eor x, y, y, ror" plus an "add h, h, x, ror" each; Ch =
 *    ((f ^ g) & e) ^ g; Maj = ((a ^ b) & (b ^ c)) ^ b with b ^ c carried
 *    over from the previous round's a ^ b; one ldrd per two rounds (the
 *    round: sha256-rounds.h, shared with the scalar core);
 *  - four schedule words are 33 NEON instructions: sigma0 of four words
 *    (computed one group ahead) as q operations, sigma1 in two d halves
 *    (the second half needs the first), its rotates one vshrn.i64 each;
 *  - a store never waits for its data: each group's W+K is stored during
 *    the next group (the ring slot is free by then).
 * The last block "loads" a next block from its own address (the values
 * are not used), so nothing is read past the input.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha256_arm.rs (with asm/arm/sha256-scalar.S).
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha256-k.h"
#include "sha256-rounds.h"

	.syntax	unified
	.arch	armv7-a
	.fpu	neon

	.section .rodata
	.balign	16
.Lsha256_k_arm_neon:
	sha256_k_table
	.size	.Lsha256_k_arm_neon, . - .Lsha256_k_arm_neon

	.text

	kptr	.req	lr		// next K to load

// Stack frame (below the 40 bytes of saved registers)
#define RING(i)		(4 * ((i) % 16))	// (K+W)[i]
#define STATE_SLOT	64		// u32 *state
#define DPTR_SLOT	68		// block whose W the next rounds 48.. load
#define END_SLOT	72		// data + 64 * nblocks
#define FRAME		88

/*
 * One round t (a..h: the state registers, rotated by sha256_round_regs):
 * even rounds load (K+W)[t], (K+W)[t+1] into r0:r1; h += (K+W)[t], then
 * the round proper (sha256_round, sha256-rounds.h: r0 the Ch temporary,
 * r1 too in odd rounds once added, r3 the Sigma one), its hook NEON_OP
 * t, 0..8 placing the NEON work between every other integer instruction.
 * mp holds b ^ c (the previous round's a ^ b), mc receives this round's
 * a ^ b; they alternate between r12 and r2.
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, mp, mc
	.if (\t % 2) == 0
	ldrd	r0, r1, [sp, #RING(\t)]		// (K+W)[t], (K+W)[t+1]
	add	\h, \h, r0
	.else
	add	\h, \h, r1
	.endif
	sha256_round \t, \a, \b, \c, \d, \e, \f, \g, \h, \mp, \mc, NEON_OP
.endm

/*
 * Round t with its registers: the Maj carries alternate with t % 2 (mp
 * r12 and mc r2 in even rounds, the other way round in odd ones). Round
 * 63 puts a ^ b into r1 instead of r12 so that r12 can fetch the state
 * pointer for the feed-forward.
 */
.macro	ROUND_T t
	rsha_reg sha256_mp, r, (12 - 10 * ((\t) % 2))
	rsha_reg sha256_mc, r, (2 + 10 * ((\t) % 2))
	.if \t == 63
	rsha_reg sha256_mc, r, 1
	.endif
	sha256_round_regs \t, ROUND, sha256_mp, sha256_mc
.endm

/*
 * Slot i (0..35) of the NEON work of group g, that is of rounds
 * 4g..4g+3 (slot 9 * (t % 4) + k is NEON_OP t, k).
 *
 * g < 12 finishes W[4g+16..4g+19] = W[t] + sigma0(W[t+1]) + W[t+9] +
 * sigma1(W[t+14]) (t = 4g..4g+3) in place of W[4g..4g+3]:
 *   x0..x3   q(g%4) .. q((g+3)%4), W[4g..4g+15] (x3 made by group g-1);
 *            x0lo/x0hi the halves of x0, x3hi the upper half of x3
 *   q15      sigma0(W[4g+1..4g+4]), made by group g-1; this group makes
 *            sigma0(W[4g+5..4g+8]) for the next one
 *   q12      K[4g+16..4g+19]; q14 the K+W result, stored into the ring
 *            by the next group, when its data is ready and its slot free
 *   q8-q11, q13 temporaries (d19 unused)
 * sigma1 of two words x = {x0, x1}: vdup makes the 64-bit lanes x0:x0 and
 * x1:x1, on which a narrowing 64-bit shift right by n is ror(x, n):
 *   sigma1(x) = ror(x,17) ^ ror(x,19) ^ (x >> 10)
 * sigma0 of four words: no rotate in NEON, so five shifts and four eors:
 *   sigma0(x) = (x >> 7) ^ (x << 25) ^ (x >> 18) ^ (x << 14) ^ (x >> 3)
 * The slots are chosen for the Cortex-A15 model, where a NEON instruction
 * whose inputs are not ready holds up dispatch: a result is not used for
 * three slots (about four cycles) and the sigma1 chain of one group fits
 * in the slots of one group.
 */
.macro	SCHED i, g, x0, x1, x2, x3, x0lo, x0hi, x3hi
	rsha_at \i, 0,  vdup.32 d20, \x3hi[0]
	rsha_at \i, 1,  vdup.32 d21, \x3hi[1]	// W[t+14]:W[t+14], W[t+15]:W[t+15]
	rsha_at \i, 2,  vadd.i32 \x0, \x0, q15	// + sigma0(W[t+1..t+4])
	rsha_at \i, 3,  vshrn.i64 d22, q10, #17
	rsha_at \i, 4,  vshrn.i64 d23, q10, #19
	rsha_at \i, 5,  vshr.u32 d18, \x3hi, #10
	rsha_at \i, 6,  vext.8 q13, \x2, \x3, #4	// W[t+9..t+12]
	rsha_at \i, 7,  vext.8 q8, \x1, \x2, #4	// W[t+5..t+8]
	rsha_at \i, 8,  veor d22, d22, d23
	rsha_at \i, 9,  vstr d28, [sp, #RING(4 * \g + 12)]
	rsha_at \i, 10, vadd.i32 \x0, \x0, q13
	rsha_at \i, 11, veor d22, d22, d18	// sigma1(W[t+14..t+15])
	rsha_at \i, 12, vshr.u32 q15, q8, #7
	rsha_at \i, 13, vshl.i32 q13, q8, #25
	rsha_at \i, 14, vadd.i32 \x0lo, \x0lo, d22	// W[t+16..t+17] done
	rsha_at \i, 15, vstr d29, [sp, #RING(4 * \g + 14)]
	rsha_at \i, 16, veor q15, q15, q13
	rsha_at \i, 17, vdup.32 d20, \x0lo[0]
	rsha_at \i, 18, vdup.32 d21, \x0lo[1]
	rsha_at \i, 19, vshr.u32 d18, \x0lo, #10
	rsha_at \i, 20, vshrn.i64 d22, q10, #17
	rsha_at \i, 21, vshrn.i64 d23, q10, #19
	rsha_at \i, 22, vshr.u32 q13, q8, #18
	rsha_at \i, 23, vld1.32 {d24-d25}, [kptr, :128]!
	rsha_at \i, 24, veor d22, d22, d23
	rsha_at \i, 25, veor q15, q15, q13
	rsha_at \i, 26, vshl.i32 q13, q8, #14
	rsha_at \i, 27, veor d22, d22, d18	// sigma1(W[t+16..t+17])
	rsha_at \i, 29, veor q15, q15, q13
	rsha_at \i, 30, vadd.i32 \x0hi, \x0hi, d22	// W[t+18..t+19] done
	rsha_at \i, 31, vshr.u32 q13, q8, #3
	rsha_at \i, 33, vadd.i32 q14, \x0, q12	// K+W
	rsha_at \i, 34, veor q15, q15, q13	// sigma0(W[t+5..t+8])
.endm

/*
 * g >= 12: the next block. Group 12 loads it (r2 is free until mc is
 * written in round 48), each group byte-swaps its quarter x0 and adds K;
 * group 15 also makes sigma0 of the next block's W[1..4] into q15 and
 * fetches the state pointer for the feed-forward.
 */
.macro	NEXT i, g, x0
	rsha_at2 \g, \i, 12, 0,  ldr r2, [sp, #DPTR_SLOT]
	rsha_at2 \g, \i, 12, 3,  vld1.8 {d0-d3}, [r2]!
	rsha_at2 \g, \i, 12, 4,  vld1.8 {d4-d7}, [r2]
	rsha_at2 \g, \i, 12, 5,  sub kptr, kptr, #256	// K[0] again
	rsha_at \i, 9,  vstr d28, [sp, #RING(4 * \g + 12)]
	rsha_at \i, 12, vrev32.8 \x0, \x0
	rsha_at \i, 15, vstr d29, [sp, #RING(4 * \g + 14)]
	rsha_at \i, 23, vld1.32 {d24-d25}, [kptr, :128]!
	rsha_at2 \g, \i, 15, 27, ldr r12, [sp, #STATE_SLOT]	// for the feed-forward
	rsha_at \i, 33, vadd.i32 q14, \x0, q12	// K+W
	rsha_at \g, 15, SIGMA0_NEXT \i
.endm

/* Group 15: q15 = sigma0(W[1..4]) of the next block (q0, q1 are done). */
.macro	SIGMA0_NEXT i
	rsha_at \i, 1,  vext.8 q8, q0, q1, #4
	rsha_at \i, 5,  vshr.u32 q15, q8, #7
	rsha_at \i, 6,  vshl.i32 q13, q8, #25
	rsha_at \i, 10, veor q15, q15, q13
	rsha_at \i, 11, vshr.u32 q13, q8, #18
	rsha_at \i, 16, veor q15, q15, q13
	rsha_at \i, 17, vshl.i32 q13, q8, #14
	rsha_at \i, 21, veor q15, q15, q13
	rsha_at \i, 22, vshr.u32 q13, q8, #3
	rsha_at \i, 26, veor q15, q15, q13
.endm

.macro	NEON_OP t, k
	rsha_at2 \t, \k, 0, 3, str r2, [sp, #DPTR_SLOT]	// see .Lneon_block
	NEON_G	(9 * (\t % 4) + \k), (\t / 4)
.endm

/*
 * Slot i of group g with its registers: x0..x3 = q(g % 4) .. q((g + 3) %
 * 4), x0lo, x0hi = the halves of x0, x3hi = the high half of x3.
 */
.macro	NEON_G i, g
	rsha_reg sg_x0,   q, ((\g) % 4)
	rsha_reg sg_x1,   q, (((\g) + 1) % 4)
	rsha_reg sg_x2,   q, (((\g) + 2) % 4)
	rsha_reg sg_x3,   q, (((\g) + 3) % 4)
	rsha_reg sg_x0lo, d, (2 * ((\g) % 4))
	rsha_reg sg_x0hi, d, (2 * ((\g) % 4) + 1)
	rsha_reg sg_x3hi, d, (2 * (((\g) + 3) % 4) + 1)
	.if \g >= 12
	NEXT	\i, \g, sg_x0
	.else
	SCHED	\i, \g, sg_x0, sg_x1, sg_x2, sg_x3, sg_x0lo, sg_x0hi, sg_x3hi
	.endif
.endm

	.balign	4
.Lsha256_k_arm_neon_addr:
	.long	.Lsha256_k_arm_neon

SYM_FUNC_START(rsha_sha256_arm_neon)
	rsha_arm_enter FRAME
	ldr	kptr, .Lsha256_k_arm_neon_addr
	add	r2, r1, r2, lsl #6
	str	r0, [sp, #STATE_SLOT]
	str	r1, [sp, #DPTR_SLOT]
	str	r2, [sp, #END_SLOT]

	// (K+W)[0..15] of the first block: ring slots 0..11, q14 = 12..15
	// (stored by group 0).
	vld1.8	{d0-d3}, [r1]!
	vld1.8	{d4-d7}, [r1]
	vld1.32	{d24-d27}, [kptr, :128]!
	vld1.32	{d20-d23}, [kptr, :128]!
	vrev32.8 q0, q0
	vrev32.8 q1, q1
	vrev32.8 q2, q2
	vrev32.8 q3, q3
	vadd.i32 q8, q0, q12
	vadd.i32 q9, q1, q13
	vadd.i32 q10, q2, q10
	vadd.i32 q14, q3, q11
	.if RING(0)
	.error "the vstmia below stores RING(0..11) at sp"
	.endif
	vstmia	sp, {d16-d21}			// RING(0..11)
	vext.8	q8, q0, q1, #4			// sigma0(W[1..4]) for group 0
	vshr.u32 q15, q8, #7
	vshl.i32 q13, q8, #25
	veor	q15, q15, q13
	vshr.u32 q13, q8, #18
	veor	q15, q15, q13
	vshl.i32 q13, q8, #14
	veor	q15, q15, q13
	vshr.u32 q13, q8, #3
	veor	q15, q15, q13
	ldmia	r0, {r4-r11}

	// The next block is the one rounds 48.. of this block load, or this
	// block again if it is the last (flags: eq, kept until the loop end:
	// nothing in between sets them).
.Lneon_block:
	ldr	r2, [sp, #DPTR_SLOT]
	ldr	r1, [sp, #END_SLOT]
	eor	r12, r5, r6			// b ^ c for round 0's Maj
	add	r2, r2, #64
	cmp	r2, r1
	it	eq
	subeq	r2, r2, #64			// stored in round 0 (r2 is free)

	.set	.Lt, 0
	.rept	64
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward; the rotation is back at a = r4 after 64 rounds.
	ldrd	r0, r1, [r12, #0]
	add	r4, r4, r0
	ldrd	r2, r3, [r12, #8]
	add	r5, r5, r1
	add	r6, r6, r2
	ldrd	r0, r1, [r12, #16]
	add	r7, r7, r3
	strd	r4, r5, [r12, #0]
	add	r8, r8, r0
	ldrd	r2, r3, [r12, #24]
	add	r9, r9, r1
	strd	r6, r7, [r12, #8]
	add	r10, r10, r2
	strd	r8, r9, [r12, #16]
	add	r11, r11, r3
	strd	r10, r11, [r12, #24]
.Lneon_block_end:
	bne	.Lneon_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha256_arm_neon)

	.unreq	kptr
