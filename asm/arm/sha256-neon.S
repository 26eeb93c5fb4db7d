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
 * Sections: .text (ARM 6012 bytes, Thumb-2 5462 bytes) and .rodata (256
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
 *  - four schedule words are 30.5 NEON instructions: sigma0 of four words
 *    (computed one group ahead) as q operations, each rotate a shift and
 *    a shift-insert (vsli), sigma1 in two d halves (the second half needs
 *    the first), its rotates one vshrn.i64 each; two vstr of K+W, and one
 *    vld1 of K per two groups (on the Cortex-A57 model a load with
 *    writeback is two micro-ops, whatever its length);
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
 *   q12/q13  K[4g+16..4g+19] for even/odd g (KLOAD); q14 the K+W result,
 *            stored into the ring by the next group, when its data is
 *            ready and its slot free
 *   q8-q11   temporaries (q8, q9: SIGMA0's; q9 also W[t+9..t+12]; d21
 *            also x >> 10 of sigma1, once the vshrn's have read q10)
 * sigma1 of two words x = {x0, x1}: vdup makes the 64-bit lanes x0:x0 and
 * x1:x1, on which a narrowing 64-bit shift right by n is ror(x, n):
 *   sigma1(x) = ror(x,17) ^ ror(x,19) ^ (x >> 10)
 * sigma0 of four words: SIGMA0 below. Group 11 makes none (group 12,
 * the next block's first, takes none).
 * The slots are chosen for the Cortex-A15 model, where a NEON instruction
 * whose inputs are not ready holds up dispatch: a result is mostly not
 * used for three slots (about four cycles; SIGMA0's slots were tried
 * against the model), the sigma1 chain of one group fits in the slots of
 * one group, and the two vext (two micro-ops each there) are apart.
 */
.macro	SCHED i, g, x0, x1, x2, x3, x0lo, x0hi, x3hi, k
	rsha_at \i, 0,  vdup.32 d20, \x3hi[0]
	rsha_at \i, 1,  vdup.32 d21, \x3hi[1]	// W[t+14]:W[t+14], W[t+15]:W[t+15]
	rsha_at \i, 2,  vadd.i32 \x0, \x0, q15	// + sigma0(W[t+1..t+4])
	rsha_at \i, 3,  vshrn.i64 d22, q10, #17
	rsha_at \i, 4,  vshrn.i64 d23, q10, #19
	rsha_at \i, 5,  vshr.u32 d21, \x3hi, #10
	rsha_at \i, 6,  vext.8 q9, \x2, \x3, #4	// W[t+9..t+12]
	rsha_at \i, 8,  veor d22, d22, d23
	rsha_at \i, 9,  vstr d28, [sp, #RING(4 * \g + 12)]
	rsha_at \i, 10, vadd.i32 \x0, \x0, q9
	rsha_at \i, 11, veor d22, d22, d21	// sigma1(W[t+14..t+15])
	rsha_at \i, 14, vadd.i32 \x0lo, \x0lo, d22	// W[t+16..t+17] done
	rsha_at \i, 15, vstr d29, [sp, #RING(4 * \g + 14)]
	rsha_at \i, 17, vdup.32 d20, \x0lo[0]
	rsha_at \i, 18, vdup.32 d21, \x0lo[1]
	rsha_at \i, 20, vshrn.i64 d22, q10, #17
	rsha_at \i, 21, vshrn.i64 d23, q10, #19
	rsha_at \i, 22, vshr.u32 d21, \x0lo, #10
	KLOAD	\i, \g
	rsha_at \i, 24, veor d22, d22, d23
	rsha_at \i, 27, veor d22, d22, d21	// sigma1(W[t+16..t+17])
	rsha_at \i, 30, vadd.i32 \x0hi, \x0hi, d22	// W[t+18..t+19] done
	rsha_at \i, 33, vadd.i32 q14, \x0, \k	// K+W
	.if \g < 11
	SIGMA0	\i, 2, 4, 21, 11, 23, 25, 26, 30, \x1, \x2	// of W[t+5..t+8]
	.endif
.endm

/*
 * g >= 12: the next block. Group 12 loads it (r2 is free until mc is
 * written in round 48), each group byte-swaps its quarter x0 and adds K;
 * group 15 also makes sigma0 of the next block's W[1..4] into q15 and
 * fetches the state pointer for the feed-forward.
 */
.macro	NEXT i, g, x0, k
	rsha_at2 \g, \i, 12, 0,  ldr r2, [sp, #DPTR_SLOT]
	rsha_at2 \g, \i, 12, 3,  vld1.8 {d0-d3}, [r2]!
	rsha_at2 \g, \i, 12, 4,  vld1.8 {d4-d7}, [r2]
	rsha_at2 \g, \i, 12, 5,  sub kptr, kptr, #256	// K[0] again
	rsha_at \i, 9,  vstr d28, [sp, #RING(4 * \g + 12)]
	rsha_at \i, 12, vrev32.8 \x0, \x0
	rsha_at \i, 15, vstr d29, [sp, #RING(4 * \g + 14)]
	KLOAD	\i, \g
	rsha_at2 \g, \i, 15, 27, ldr r12, [sp, #STATE_SLOT]	// for the feed-forward
	rsha_at \i, 33, vadd.i32 q14, \x0, \k	// K+W
	rsha_at \g, 15, SIGMA0_NEXT \i
.endm

/* Group 15: q15 = sigma0(W[1..4]) of the next block (q0, q1 are done). */
.macro	SIGMA0_NEXT i
	SIGMA0	\i, 1, 5, 6, 10, 11, 16, 17, 22, q0, q1
.endm

/*
 * q15 = sigma0 of the four words W[j..j+3] = vext(xa, xb, #4) (xa holds
 * W[j-1..j+2], xb W[j+3..j+6]), its k-th instruction in slot sk (k =
 * 0..7) of the caller's i; q8 receives the words, q13 is a temporary.
 * Each rotate is a shift right and a shift left inserted over it (vsli:
 * the bits it keeps are the zeros the shift right brought in, so the
 * insert is an or):
 *   sigma0(x) = (x ror 7) ^ (x ror 18) ^ (x >> 3)
 */
.macro	SIGMA0 i, s0, s1, s2, s3, s4, s5, s6, s7, xa, xb
	rsha_at \i, \s0, vext.8 q8, \xa, \xb, #4
	rsha_at \i, \s1, vshr.u32 q15, q8, #7
	rsha_at \i, \s2, vshr.u32 q9, q8, #18
	rsha_at \i, \s3, vsli.32 q15, q8, #25	// x ror 7
	rsha_at \i, \s4, vsli.32 q9, q8, #14	// x ror 18
	rsha_at \i, \s5, veor q15, q15, q9
	rsha_at \i, \s6, vshr.u32 q9, q8, #3
	rsha_at \i, \s7, veor q15, q15, q9	// sigma0
.endm

/*
 * Slot 23 of an even group g: q12, q13 = the K of groups g and g + 1, one
 * load of eight words (K[4g+16..4g+23]; for g >= 12, the next block's
 * K[4g-48..4g-41]). The last reads of both (slot 33 of groups g - 2 and
 * g - 1) are done.
 */
.macro	KLOAD i, g
	.if ((\g) % 2) == 0
	rsha_at \i, 23, vld1.32 {d24-d27}, [kptr, :128]!
	.endif
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
	rsha_reg sg_k,    q, (12 + (\g) % 2)
	.if \g >= 12
	NEXT	\i, \g, sg_x0, sg_k
	.else
	SCHED	\i, \g, sg_x0, sg_x1, sg_x2, sg_x3, sg_x0lo, sg_x0hi, sg_x3hi, sg_k
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
	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7	// sigma0(W[1..4]) for group 0
	SIGMA0	\k, 0, 1, 2, 3, 4, 5, 6, 7, q0, q1
	.endr
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
