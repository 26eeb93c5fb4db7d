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
 * round), NEON_OP t, k being slot 9 * (t % 4) + k of sub-group t / 4:
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
 * all four lanes are independent. q0 is the temporary.
 */
.macro	GRP32 op, w, w7, w4, w2hi, w1lo
	.if \op == 0
	veor	q0, \w, \w7			// W[t-32..] ^ W[t-28..]
	.elseif \op == 1
	veor	q0, q0, \w4			// ^ W[t-16..]
	.elseif \op == 2
	veor	d0, d0, \w2hi			// ^ W[t-6], W[t-5]
	.elseif \op == 3
	veor	d1, d1, \w1lo			// ^ W[t-4], W[t-3]
	.elseif \op == 4
	vshl.i32 \w, q0, #2
	.else
	vsri.32	\w, q0, #30			// rol 2
	.endif
.endm

/*
 * Group g = 4..7 (t = 16..31) in W(g) = q12..q15:
 *   W[t] = rol(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16], 1)
 * with W[t-16..], W[t-8..] = W(g-4), W(g-2), W[t-14..] = high half of
 * W(g-4) and low half of W(g-3), W[t-3..t-1] = W(g-1) lanes 1..3 (vext
 * with q3 = 0 puts 0 in lane 3). Lane 3 also needs W[t], made by lane 0:
 * rol(x ^ W[t], 1) = rol(x, 1) ^ rol(W[t], 1) and rol(W[t], 1) =
 * rol(x0, 2), x0 being lane 0 before its rotation, so the fix-up works
 * from x0 while lane 0 is still rotating. q0, q1 are the temporaries.
 */
.macro	GRP16 op, w, whi, w4, w4hi, w3lo, w2, w1
	.if \op == 0
	veor	q0, \w4, \w2			// W[t-16..] ^ W[t-8..]
	.elseif \op == 1
	veor	d0, d0, \w4hi			// ^ W[t-14], W[t-13]
	.elseif \op == 2
	veor	d1, d1, \w3lo			// ^ W[t-12], W[t-11]
	.elseif \op == 3
	vext.8	q1, \w1, q3, #4			// W[t-3], W[t-2], W[t-1], 0
	.elseif \op == 4
	veor	q0, q0, q1			// x
	.elseif \op == 5
	vshl.i32 \w, q0, #1
	.elseif \op == 6
	vshl.i64 d2, d0, #32			// 0, x0
	.elseif \op == 7
	vsri.32	\w, q0, #31			// rol(x, 1), lane 3 without W[t]
	.elseif \op == 8
	vshl.i32 d3, d2, #2
	.elseif \op == 9
	vsri.32	d3, d2, #30			// 0, rol(x0, 2) = rol(W[t], 1)
	.else
	veor	\whi, \whi, d3
	.endif
.endm

/* Group g's K + W into its ring slot (q2 the temporary). */
.macro	STORE op, w, k, slot
	.if \op == 0
	vadd.i32 q2, \w, \k
	.elseif \slot == 0
	vst1.32	{d4-d5}, [sp]
	.elseif \slot == 1
	vst1.32	{d4-d5}, [ring1]
	.elseif \slot == 2
	vst1.32	{d4-d5}, [ring2]
	.else
	vst1.32	{d4-d5}, [ring3]
	.endif
.endm

/* Group g >= 8 with its registers: W(g) = q(8 + g % 8). */
.macro	GRP32_G op, g
	.if ((\g) % 8) == 0
	GRP32	\op, q8, q9, q12, d29, d30
	.elseif ((\g) % 8) == 1
	GRP32	\op, q9, q10, q13, d31, d16
	.elseif ((\g) % 8) == 2
	GRP32	\op, q10, q11, q14, d17, d18
	.elseif ((\g) % 8) == 3
	GRP32	\op, q11, q12, q15, d19, d20
	.elseif ((\g) % 8) == 4
	GRP32	\op, q12, q13, q8, d21, d22
	.elseif ((\g) % 8) == 5
	GRP32	\op, q13, q14, q9, d23, d24
	.elseif ((\g) % 8) == 6
	GRP32	\op, q14, q15, q10, d25, d26
	.else
	GRP32	\op, q15, q8, q11, d27, d28
	.endif
.endm

/* Group g = 4..7 with its registers. */
.macro	GRP16_G op, g
	.if (\g) == 4
	GRP16	\op, q12, d25, q8, d17, d18, q10, q11
	.elseif (\g) == 5
	GRP16	\op, q13, d27, q9, d19, d20, q11, q12
	.elseif (\g) == 6
	GRP16	\op, q14, d29, q10, d21, d22, q12, q13
	.else
	GRP16	\op, q15, d31, q11, d23, d24, q13, q14
	.endif
.endm

/* Store group g (W(g) = q(8 + g % 8), K in q(4 + g / 5), slot g % 4). */
.macro	STORE_G op, g
	.if ((\g) % 8) == 0
	STORE_K	\op, q8, \g
	.elseif ((\g) % 8) == 1
	STORE_K	\op, q9, \g
	.elseif ((\g) % 8) == 2
	STORE_K	\op, q10, \g
	.elseif ((\g) % 8) == 3
	STORE_K	\op, q11, \g
	.elseif ((\g) % 8) == 4
	STORE_K	\op, q12, \g
	.elseif ((\g) % 8) == 5
	STORE_K	\op, q13, \g
	.elseif ((\g) % 8) == 6
	STORE_K	\op, q14, \g
	.else
	STORE_K	\op, q15, \g
	.endif
.endm

.macro	STORE_K op, w, g
	.if ((\g) / 5) == 0
	STORE	\op, \w, q4, ((\g) % 4)
	.elseif ((\g) / 5) == 1
	STORE	\op, \w, q5, ((\g) % 4)
	.elseif ((\g) / 5) == 2
	STORE	\op, \w, q6, ((\g) % 4)
	.else
	STORE	\op, \w, q7, ((\g) % 4)
	.endif
.endm

.macro	NEON_OP t, k
	NEON_S	((\t) / 4), (9 * ((\t) % 4) + (\k))
	EXTRA	\t, \k
.endm

/*
 * Slot i of sub-group s. Distances between dependent NEON instructions
 * keep each one's inputs ready when it is reached (the model holds up
 * dispatch for a NEON instruction whose inputs are not ready).
 */
.macro	NEON_S s, i
	// store group s+4 (s < 15), its W long ready
	.if (\s) < 15
	  .if (\i) == 3
	STORE_G	0, ((\s) + 4)
	  .elseif (\i) == 9
	STORE_G	1, ((\s) + 4)
	  .endif
	.endif
	// compute group s+8 (s < 12)
	.if (\s) < 12
	  .if (\i) == 0
	GRP32_G	0, ((\s) + 8)
	  .elseif (\i) == 6
	GRP32_G	1, ((\s) + 8)
	  .elseif (\i) == 12
	GRP32_G	2, ((\s) + 8)
	  .elseif (\i) == 15
	GRP32_G	3, ((\s) + 8)
	  .elseif (\i) == 19
	GRP32_G	4, ((\s) + 8)
	  .elseif (\i) == 25
	GRP32_G	5, ((\s) + 8)
	  .endif
	.endif
	// sub-group 15: store group 19 first, then load the next block
	// (lr: its address, from round 59)
	.if (\s) == 15
	  .if (\i) == 0
	STORE_G	0, 19
	  .elseif (\i) == 2
	STORE_G	1, 19
	  .elseif (\i) == 4
	vld1.8	{d16-d19}, [lr]!
	  .elseif (\i) == 5
	vld1.8	{d20-d23}, [lr]
	  .elseif (\i) == 6
	vrev32.8 q8, q8
	  .elseif (\i) == 8
	vrev32.8 q10, q10
	  .elseif (\i) == 10
	vrev32.8 q9, q9
	  .elseif (\i) == 12
	vrev32.8 q11, q11
	  .endif
	.endif
	// sub-groups 16..19: the next block's group s-16 into its ring slot
	.if (\s) >= 16
	  .if (\i) == 3
	STORE_G	0, ((\s) - 16)
	  .elseif (\i) == 9
	STORE_G	1, ((\s) - 16)
	  .endif
	.endif
	// the next block's groups 4..7: head in s 15..18, tail in s 16..19
	.if (\s) >= 15 && (\s) <= 18
	GRP16_HEAD ((\s) - 11), \i
	.endif
	.if (\s) >= 16
	GRP16_TAIL ((\s) - 12), \i
	.endif
.endm

.macro	GRP16_HEAD g, i
	.if (\i) == 14
	GRP16_G	0, \g
	.elseif (\i) == 17
	GRP16_G	1, \g
	.elseif (\i) == 19
	GRP16_G	2, \g
	.elseif (\i) == 21
	GRP16_G	3, \g
	.elseif (\i) == 26
	GRP16_G	4, \g
	.elseif (\i) == 30
	GRP16_G	5, \g
	.elseif (\i) == 32
	GRP16_G	6, \g
	.endif
.endm

.macro	GRP16_TAIL g, i
	.if (\i) == 1
	GRP16_G	7, \g
	.elseif (\i) == 5
	GRP16_G	8, \g
	.elseif (\i) == 10
	GRP16_G	9, \g
	.elseif (\i) == 15
	GRP16_G	10, \g
	.endif
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
	.if \t < 20
	  .if \t == 1
	eor	ft, \d, \c, ror #2		// c true, d not yet rotated
	  .else
	eor	ft, \c, \d
	  .endif
	NEON_OP	\t, 2
	  .if \t < 2
	and	ft, ft, \b
	NEON_OP	\t, 3
	eor	ft, ft, \d			// Ch = ((c ^ d) & b) ^ d
	  .else
	and	ft, \b, ft, ror #2
	NEON_OP	\t, 3
	eor	ft, ft, \d, ror #2		// Ch = ((c ^ d) & b) ^ d
	  .endif
	NEON_OP	\t, 4
	add	\e, \e, ft
	NEON_OP	\t, 5
	NEON_OP	\t, 6
	.elseif \t >= 40 && \t < 60
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
	.else
	eor	ft, \c, \d
	NEON_OP	\t, 2
	eor	ft, \b, ft, ror #2		// Parity = b ^ c ^ d
	NEON_OP	\t, 3
	add	\e, \e, ft
	NEON_OP	\t, 4
	NEON_OP	\t, 5
	NEON_OP	\t, 6
	.endif
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
	.if \t == 0 && \k == 1
	ldr	lr, [sp, #NBLK_SLOT]
	.elseif \t == 1 && \k == 1
	subs	lr, lr, #1
	.elseif \t == 1 && \k == 6
	str	lr, [sp, #NBLK_SLOT]
	.elseif \t == 2 && \k == 1
	ldr	lr, [sp, #DPTR_SLOT]
	.elseif \t == 3 && \k == 1
	it	ne
	addne	lr, lr, #64
	.elseif \t == 3 && \k == 6
	str	lr, [sp, #DPTR_SLOT]
	.elseif \t == 59 && \k == 8
	ldr	lr, [sp, #DPTR_SLOT]
	.elseif \t == 75 && \k == 8
	ldr	lr, [sp, #STATE_SLOT]
	.elseif \t == 79 && \k == 1
	ldrd	r2, r3, [lr, #0]		// r2:r3 are free from here
	.endif
.endm

/*
 * Round t with its registers (sha1-rounds.h): the state by t % 5, the
 * pairs by (t / 2) % 2, wk = the pair's word of round t, np0:np1 = the
 * other pair.
 */
.macro	ROUND_T t
	sha1_pair_regs \t, ROUND_P
.endm

.macro	ROUND_P t, x0, x1, y0, y1
	.if (\t % 2) == 0
	  sha1_state_regs \t, ROUND, \x0, \y0, \y1
	.else
	  sha1_state_regs \t, ROUND, \x1, \y0, \y1
	.endif
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
