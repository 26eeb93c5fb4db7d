// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for 32-bit ARM (ARMv7-A) with NEON: the message
 * schedule in NEON, the rounds in integer registers. No ARMv8 crypto
 * instructions.
 *
 * void rsha_sha1_arm_neon(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Only call between kernel_neon_begin()
 * and kernel_neon_end(). Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: only instructions and addressing
 * modes both have (immediate shifts, ldrd/strd on even/odd register pairs
 * as ARM needs, no register-shifted operands), explicit it blocks.
 * Input is read with vld1.8 (no alignment needed); ldrd/strd only touch
 * the stack and state[] (4-byte alignment is enough).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12, flags, q0-q3 and q8-q15; saves and restores r4-r11, lr and
 * d8-d15 (q4-q7 hold the four K; no calls are made).
 * Stack: 184 bytes (64 for the K+W ring, 16 for the state/next-block/
 * count slots and padding, 64 for d8-d15, 40 for r3-r11, lr), sp stays
 * 8-byte aligned.
 * Sections: .text only (ARM 3084 bytes, Thumb-2 2904 bytes), no
 * relocations; K comes from ../sha1-k.h as movw/movt immediates splatted
 * with vdup (once per call), so there is no .rodata.
 *
 * Design: the 80 rounds run in the integer unit, all unrolled, state in
 * r4-r8 with the register names rotated through macro arguments, in the
 * form of the scalar core (sha1-scalar.S; the rotation and the rounds 0-2
 * forms shared in sha1-rounds.h): c, d, e kept rotated left by 2 and
 * turned back by free "ror #2" operands. NEON makes K+W four words
 * at a time into a 16-word ring on the stack, so a round is "e = K+W +
 * ror(e, 2)", rol(a, 5) as "add ..., a, ror #27", f (Ch 4, Parity 3, Maj
 * 5 instructions) and half an ldrd: 6.5 / 5.5 / 7.5 integer instructions.
 * On the reference model (llvm-mca's Cortex-A15: 2-wide in-order
 * dispatch, one NEON instruction a cycle, a NEON or memory instruction
 * whose inputs are not ready holds dispatch up) the cost is close to the
 * instruction count / 2, so the NEON work is placed in the rounds' slots
 * far enough from its inputs:
 *  - W[32..79] with W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2)
 *    (the standard recurrence applied twice), whose four lanes of a
 *    group are independent: six instructions a group, the unaligned
 *    W[t-6..t-3] taken as two d-register halves instead of a vext;
 *  - W[16..31] with the standard recurrence, lane 3's W[t] term fixed up
 *    afterwards: eleven instructions a group;
 *  - K+W: one vadd and one vst1 a group;
 *  - the next block is loaded, byte-swapped and its W[16..31] made
 *    during rounds 60-79, so a block's first rounds find their K+W ready.
 *    The last block "loads" itself again (the values are not used), so
 *    nothing is read past the input.
 * 680 instructions a block (the in-tree core: 835, with an ldr and an
 * explicit "ror b" in every round).
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha1_arm.rs (with asm/arm/sha1-scalar.S).
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha1-k.h"
#include "sha1-rounds.h"

	.syntax	unified
	.arch	armv7-a
	.fpu	neon

	.text

	ft	.req	r12		// f temporary
	mt	.req	lr		// second Maj temporary
	ring1	.req	r9		// sp + 16: (K+W) ring slot 1
	ring2	.req	r10		// sp + 32: slot 2
	ring3	.req	r11		// sp + 48: slot 3

// Stack frame (below the 64 bytes of d8-d15 and the 40 of r3-r11, lr)
#define RING(i)		(4 * ((i) % 16))	// (K+W)[i]
#define STATE_SLOT	64		// u32 *state
#define DPTR_SLOT	68		// block that sg 15 loads as the next
#define NBLK_SLOT	72		// blocks left, this one included
#define FRAME		80

/*
 * The NEON side works in 4-word groups: group g is W[4g..4g+3]; W(g) is
 * kept in q(8 + g % 8) (W ring q8-q15, 32 words), K of its stage in
 * q4 + (4g / 20). Its K+W goes to ring slot g % 4 (16 bytes on the
 * stack), which rounds 4g..4g+3 read with ldrd, two words at a time. The
 * work is placed by 4-round "sub-groups" s = t / 4, 36 slots each (9 per
 * round), NEON_OP t, k being slot i = 9 * (t % 4) + k of sub-group s = t / 4:
 *   s 0..11  store group s+4 (K+W), compute group s+8 (distance-32 form)
 *   s 12..14 store group s+4
 *   s 15     store group 19, load and byte-swap the next block into
 *            W(0..3), begin its group 4
 *   s 16..19 store the next block's group s-16 (K0 + W), finish its
 *            group s-12 and begin group s-11 (up to 7)
 * so every group is in its ring slot well before its rounds, and stored
 * only after the ldrd of the last rounds that read the slot's previous
 * group (round 4s loads the pair of rounds 4s+2, 4s+3).
 */

/*
 * Group g >= 8 (t = 4g >= 32) in W(g) = the register of W(g-8):
 *   W[t..t+3] = rol(W[t-32..] ^ W[t-28..] ^ W[t-16..] ^ W[t-6..], 2),
 * W[t-6..t-3] being the high half of W(g-2) and the low half of W(g-1);
 * all four lanes are independent. GRP32_G op, g emits instruction op
 * (0..5) of group g, GRP32_<op>, with these registers:
 *   g32_w = W(g) (= W(g-8) before), g32_w7 = W(g-7), g32_w4 = W(g-4),
 *   g32_w2hi = high half of W(g-2), g32_w1lo = low half of W(g-1);
 * q0 is the temporary.
 */
.macro	GRP32_0
	veor	q0, g32_w, g32_w7		// W[t-32..] ^ W[t-28..]
.endm
.macro	GRP32_1
	veor	q0, q0, g32_w4			// ^ W[t-16..]
.endm
.macro	GRP32_2
	veor	d0, d0, g32_w2hi		// ^ W[t-6], W[t-5]
.endm
.macro	GRP32_3
	veor	d1, d1, g32_w1lo		// ^ W[t-4], W[t-3]
.endm
.macro	GRP32_4
	vshl.i32 g32_w, q0, #2
.endm
.macro	GRP32_5
	vsri.32	g32_w, q0, #30			// rol 2
.endm

.macro	GRP32_G op, g
	rsha_reg g32_w,    q, (8 + (\g) % 8)
	rsha_reg g32_w7,   q, (8 + ((\g) + 1) % 8)
	rsha_reg g32_w4,   q, (8 + ((\g) + 4) % 8)
	rsha_reg g32_w2hi, d, (2 * (8 + ((\g) + 6) % 8) + 1)
	rsha_reg g32_w1lo, d, (2 * (8 + ((\g) + 7) % 8))
	GRP32_\op
.endm

/*
 * Group g = 4..7 (t = 16..31) in W(g) = q12..q15:
 *   W[t] = rol(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16], 1)
 * with W[t-16..], W[t-8..] = W(g-4), W(g-2), W[t-14..] = high half of
 * W(g-4) and low half of W(g-3), W[t-3..t-1] = W(g-1) lanes 1..3 (vext
 * with q3 = 0 puts 0 in lane 3). Lane 3 also needs W[t], made by lane 0:
 * rol(x ^ W[t], 1) = rol(x, 1) ^ rol(W[t], 1) and rol(W[t], 1) =
 * rol(x0, 2), x0 being lane 0 before its rotation, so the fix-up works
 * from x0 while lane 0 is still rotating. GRP16_G op, g emits
 * instruction op (0..10), GRP16_<op>, with these registers:
 *   g16_w = W(g) = q(8 + g), g16_whi = its high half, g16_w4 = W(g-4),
 *   g16_w4hi = high half of W(g-4), g16_w3lo = low half of W(g-3),
 *   g16_w2 = W(g-2), g16_w1 = W(g-1);
 * q0, q1 are the temporaries.
 */
.macro	GRP16_0
	veor	q0, g16_w4, g16_w2		// W[t-16..] ^ W[t-8..]
.endm
.macro	GRP16_1
	veor	d0, d0, g16_w4hi		// ^ W[t-14], W[t-13]
.endm
.macro	GRP16_2
	veor	d1, d1, g16_w3lo		// ^ W[t-12], W[t-11]
.endm
.macro	GRP16_3
	vext.8	q1, g16_w1, q3, #4		// W[t-3], W[t-2], W[t-1], 0
.endm
.macro	GRP16_4
	veor	q0, q0, q1			// x
.endm
.macro	GRP16_5
	vshl.i32 g16_w, q0, #1
.endm
.macro	GRP16_6
	vshl.i64 d2, d0, #32			// 0, x0
.endm
.macro	GRP16_7
	vsri.32	g16_w, q0, #31			// rol(x, 1), lane 3 without W[t]
.endm
.macro	GRP16_8
	vshl.i32 d3, d2, #2
.endm
.macro	GRP16_9
	vsri.32	d3, d2, #30			// 0, rol(x0, 2) = rol(W[t], 1)
.endm
.macro	GRP16_10
	veor	g16_whi, g16_whi, d3
.endm

.macro	GRP16_G op, g
	rsha_reg g16_w,    q, (8 + (\g))
	rsha_reg g16_whi,  d, (2 * (8 + (\g)) + 1)
	rsha_reg g16_w4,   q, (4 + (\g))
	rsha_reg g16_w4hi, d, (2 * (4 + (\g)) + 1)
	rsha_reg g16_w3lo, d, (2 * (5 + (\g)))
	rsha_reg g16_w2,   q, (6 + (\g))
	rsha_reg g16_w1,   q, (7 + (\g))
	GRP16_\op
.endm

/*
 * Group g's K + W into its ring slot: STORE_G 0, g makes it in q2
 * (st_w = W(g) = q(8 + g % 8), st_k = K of its stage, q(4 + g / 5)),
 * STORE_G 1, g stores it through st_ring = ring(g % 4).
 */
	ring0	.req	sp		// (K+W) ring slot 0

.macro	STORE_0
	vadd.i32 q2, st_w, st_k
.endm
.macro	STORE_1
	vst1.32	{d4-d5}, [st_ring]
.endm

.macro	STORE_G op, g
	rsha_reg st_w,    q, (8 + (\g) % 8)
	rsha_reg st_k,    q, (4 + (\g) / 5)
	rsha_reg st_ring, ring, ((\g) % 4)
	STORE_\op
.endm

/*
 * Slot i of sub-group s. Distances between dependent NEON instructions
 * keep each one's inputs ready when it is reached (the model holds up
 * dispatch for a NEON instruction whose inputs are not ready). The
 * sub-groups come in five phases (see above), NEON_SG<phase> s, i each,
 * one line per placed instruction: "rsha_at i, slot, instruction".
 */
.macro	NEON_OP t, k
	// sub-group s = t / 4, slot i = 9 * (t % 4) + k; phase: 0 for
	// s < 12, 1 for s < 15, 2 for s = 15, 3 for s < 19, 4 for s = 19
	// (a true comparison is -1)
	rsha_call NEON_SG, (-(((\t) >= 48) + ((\t) >= 60) + ((\t) >= 64) + ((\t) >= 76))), ((\t) / 4), (9 * ((\t) % 4) + (\k))
	EXTRA	\t, \k
.endm

// s 0..11: store group s+4 (its W long ready), compute group s+8
.macro	NEON_SG0 s, i
	rsha_at \i, 3,  STORE_G 0, ((\s) + 4)
	rsha_at \i, 9,  STORE_G 1, ((\s) + 4)
	rsha_at \i, 0,  GRP32_G 0, ((\s) + 8)
	rsha_at \i, 6,  GRP32_G 1, ((\s) + 8)
	rsha_at \i, 12, GRP32_G 2, ((\s) + 8)
	rsha_at \i, 15, GRP32_G 3, ((\s) + 8)
	rsha_at \i, 19, GRP32_G 4, ((\s) + 8)
	rsha_at \i, 25, GRP32_G 5, ((\s) + 8)
.endm

// s 12..14: store group s+4
.macro	NEON_SG1 s, i
	rsha_at \i, 3,  STORE_G 0, ((\s) + 4)
	rsha_at \i, 9,  STORE_G 1, ((\s) + 4)
.endm

// s 15: store group 19 first, then load the next block (lr: its
// address, from round 59) into W(0..3) and begin its group 4
.macro	NEON_SG2 s, i
	rsha_at \i, 0,  STORE_G 0, 19
	rsha_at \i, 2,  STORE_G 1, 19
	rsha_at \i, 4,  vld1.8 {d16-d19}, [lr]!
	rsha_at \i, 5,  vld1.8 {d20-d23}, [lr]
	rsha_at \i, 6,  vrev32.8 q8, q8
	rsha_at \i, 8,  vrev32.8 q10, q10
	rsha_at \i, 10, vrev32.8 q9, q9
	rsha_at \i, 12, vrev32.8 q11, q11
	GRP16_HEAD ((\s) - 11), \i
.endm

// s 16..18: the next block's group s-16 into its ring slot, finish its
// group s-12, begin group s-11
.macro	NEON_SG3 s, i
	rsha_at \i, 3,  STORE_G 0, ((\s) - 16)
	rsha_at \i, 9,  STORE_G 1, ((\s) - 16)
	GRP16_HEAD ((\s) - 11), \i
	GRP16_TAIL ((\s) - 12), \i
.endm

// s 19: the next block's group 3 into its ring slot, finish group 7
.macro	NEON_SG4 s, i
	rsha_at \i, 3,  STORE_G 0, ((\s) - 16)
	rsha_at \i, 9,  STORE_G 1, ((\s) - 16)
	GRP16_TAIL ((\s) - 12), \i
.endm

// Instructions 0..6 of group g (4..7) at slots 14..32 of a sub-group,
// 7..10 at slots 1..15 of the next one.
.macro	GRP16_HEAD g, i
	rsha_at \i, 14, GRP16_G 0, \g
	rsha_at \i, 17, GRP16_G 1, \g
	rsha_at \i, 19, GRP16_G 2, \g
	rsha_at \i, 21, GRP16_G 3, \g
	rsha_at \i, 26, GRP16_G 4, \g
	rsha_at \i, 30, GRP16_G 5, \g
	rsha_at \i, 32, GRP16_G 6, \g
.endm

.macro	GRP16_TAIL g, i
	rsha_at \i, 1,  GRP16_G 7, \g
	rsha_at \i, 5,  GRP16_G 8, \g
	rsha_at \i, 10, GRP16_G 9, \g
	rsha_at \i, 15, GRP16_G 10, \g
.endm

/*
 * f(b, c, d) of round t added to e, NEON slots 2..6 between its
 * instructions: ROUND_F0 Ch (rounds 0-19), ROUND_F1 and ROUND_F3 Parity
 * (20-39, 60-79), ROUND_F2 Maj (40-59). ft, mt: the temporaries.
 */
.macro	ROUND_F0 t, b, c, d, e
	sha1_ch_cd \t, \c, \d
	NEON_OP	\t, 2
	sha1_ch_and \t, \b
	NEON_OP	\t, 3
	sha1_ch_xor \t, \d			// Ch = ((c ^ d) & b) ^ d
	NEON_OP	\t, 4
	add	\e, \e, ft
	NEON_OP	\t, 5
	NEON_OP	\t, 6
.endm

.macro	ROUND_F1 t, b, c, d, e
	eor	ft, \c, \d
	NEON_OP	\t, 2
	eor	ft, \b, ft, ror #2		// Parity = b ^ c ^ d
	NEON_OP	\t, 3
	add	\e, \e, ft
	NEON_OP	\t, 4
	NEON_OP	\t, 5
	NEON_OP	\t, 6
.endm

.macro	ROUND_F2 t, b, c, d, e
	and	ft, \c, \d
	NEON_OP	\t, 2
	eor	mt, \c, \d
	NEON_OP	\t, 3
	add	\e, \e, ft, ror #2		// + (c & d)
	NEON_OP	\t, 4
	and	mt, \b, mt, ror #2
	NEON_OP	\t, 5
	add	\e, \e, mt			// + (b & (c ^ d)): Maj
	NEON_OP	\t, 6
.endm

.macro	ROUND_F3 t, b, c, d, e
	ROUND_F1 \t, \b, \c, \d, \e
.endm

/*
 * One round t: e = rol(a, 5) + f(b, c, d) + e + (K+W)[t], the new a.
 * a and b hold true values, c, d and e hold values rotated left by 2
 * (the true value is "reg, ror #2") except in rounds 0-2, where those
 * that come straight from the chaining value are still true values.
 * wk: the register with (K+W)[t]; even rounds load the pair of rounds
 * t+2, t+3 into np0:np1.
 */
.macro	ROUND t, a, b, c, d, e, wk, np0, np1
	NEON_OP	\t, 0
	.if (\t % 2) == 0
	ldrd	\np0, \np1, [sp, #RING(\t + 2)]
	.endif
	sha1_add_e \t, \e, \wk		// e + K + W[t]
	NEON_OP	\t, 1
	rsha_call ROUND_F, ((\t) / 20), \t, \b, \c, \d, \e
	NEON_OP	\t, 7
	add	\e, \e, \a, ror #27		// + rol(a, 5)
	NEON_OP	\t, 8
.endm

/*
 * Integer work outside the rounds, slot k of round t (lr is free outside
 * the Maj rounds 40-59): count the block (flags: eq on the last one, kept
 * to the loop end, nothing in between sets them) and advance the
 * next-block pointer unless this is the last block (the last block then
 * "loads" itself as the next: nothing is read past the input), fetch
 * that pointer for sub-group 15's loads, and the state pointer and first
 * words for the feed-forward.
 */
.macro	EXTRA t, k
	rsha_at2 \t, \k, 0, 1,  ldr lr, [sp, #NBLK_SLOT]
	rsha_at2 \t, \k, 1, 1,  subs lr, lr, #1
	rsha_at2 \t, \k, 1, 6,  str lr, [sp, #NBLK_SLOT]
	rsha_at2 \t, \k, 2, 1,  ldr lr, [sp, #DPTR_SLOT]
	rsha_at2 \t, \k, 3, 1,  it ne
	rsha_at2 \t, \k, 3, 1,  addne lr, lr, #64
	rsha_at2 \t, \k, 3, 6,  str lr, [sp, #DPTR_SLOT]
	rsha_at2 \t, \k, 59, 8, ldr lr, [sp, #DPTR_SLOT]
	rsha_at2 \t, \k, 75, 8, ldr lr, [sp, #STATE_SLOT]
	rsha_at2 \t, \k, 79, 1, ldrd r2, r3, [lr, #0]	// r2:r3 are free from here
.endm

/*
 * Round t with its registers (sha1-rounds.h): the state by t % 5, the
 * pairs by (t / 2) % 2, wk = r(t % 4), the pair's word of round t,
 * np0:np1 = the other pair.
 */
.macro	ROUND_T t
	rsha_reg sha1_wk, r, ((\t) % 4)
	rsha_reg sha1_y0, r, (2 - 2 * (((\t) / 2) % 2))
	rsha_reg sha1_y1, r, (3 - 2 * (((\t) / 2) % 2))
	sha1_state_regs \t, ROUND, sha1_wk, sha1_y0, sha1_y1
.endm

/* qk = k in all four lanes (r12 is free where this is used) */
.macro	LOADK qk, k
	movw	r12, #((\k) & 0xffff)
	movt	r12, #((\k) >> 16)
	vdup.32	\qk, r12
.endm

SYM_FUNC_START(rsha_sha1_arm_neon)
	rsha_arm_enter FRAME, 1
	str	r0, [sp, #STATE_SLOT]
	str	r1, [sp, #DPTR_SLOT]
	str	r2, [sp, #NBLK_SLOT]
	add	ring1, sp, #16
	add	ring2, sp, #32
	add	ring3, sp, #48
	LOADK	q4, SHA1_K0
	LOADK	q5, SHA1_K1
	LOADK	q6, SHA1_K2
	LOADK	q7, SHA1_K3
	vmov.i32 q3, #0

	// The first block: W(0..3), their K+W in the ring, W(4..7).
	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11
	.irp	g, 0, 1, 2, 3
	STORE_G	0, \g
	STORE_G	1, \g
	.endr
	.irp	g, 4, 5, 6, 7
	.irp	op, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	GRP16_G	\op, \g
	.endr
	.endr
	ldrd	r4, r5, [r0, #0]
	ldrd	r6, r7, [r0, #8]
	ldr	r8, [r0, #16]
	ldrd	r0, r1, [sp, #RING(0)]

.Lneon_block:
	.set	.Lt, 0
	.rept	80
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward (lr: state, r2:r3: its first two words, loaded in
	// round 79); the rotation is back at a = r4 after 80 rounds. r0:r1
	// hold the next block's first pair (loaded by round 78).
	ldr	r12, [lr, #16]
	add	r4, r4, r2
	add	r5, r5, r3
	ldrd	r2, r3, [lr, #8]
	strd	r4, r5, [lr, #0]
	add	r8, r12, r8, ror #2
	add	r6, r2, r6, ror #2
	add	r7, r3, r7, ror #2
	str	r8, [lr, #16]
	strd	r6, r7, [lr, #8]
.Lneon_block_end:
	bne	.Lneon_block

	rsha_arm_leave FRAME, 1
SYM_FUNC_END(rsha_sha1_arm_neon)

	.unreq	ft
	.unreq	mt
	.unreq	ring1
	.unreq	ring2
	.unreq	ring3
	.unreq	ring0
