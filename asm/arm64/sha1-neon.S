// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for arm64 using Advanced SIMD (no Crypto Extensions).
 *
 * void rsha_sha1_arm64_neon(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once. No padding. The caller must own
 * the SIMD unit (kernel_neon_begin()/kernel_neon_end() in the kernel).
 *
 * Calling convention: AAPCS64. Clobbers x0-x17, v0-v7, v16-v25 and flags;
 * uses no callee-saved register at all (x19-x30, sp beyond the frame,
 * v8-v15 untouched), never touches x18.
 * Stack: 64 bytes (the W+K ring), sp stays 16-byte aligned.
 * Sections: .text (3404 bytes) and .rodata (16 bytes: the four K from
 * ../sha1-k.h, splatted into v16-v19 by one ld4r; reached with adrp/add
 * :lo12:, so fine in a module).
 *
 * Design: the 80 rounds run in the integer unit (state in w5-w9, register
 * names rotated through macro arguments, all rounds unrolled; the same
 * round shape as the scalar core: c and d kept as rol(x, 2) and rotated
 * back for free by "ror #2" operands, e's rotation hoisted into the round
 * before; f(b, c, d) from sha1-rounds.h, shared with the scalar core).
 * Rounds consume W[t]+K[t] from a 16-word ring on the stack, two words
 * per 64-bit load. NEON computes the schedule four words at a time,
 * 16 rounds ahead of use, adds K and stores into the ring slots the rounds
 * have just consumed; each group is split into four parts spread over four
 * rounds so it issues in the FP/ASIMD pipes beside the integer work. From
 * t = 32 on it uses W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2),
 * whose four lanes are independent (W in an 8-vector ring v0-v7); the
 * first four groups use the standard recurrence and fix up lane 3. The
 * t >= 32 groups are software-pipelined (SCHED8): every round issues two
 * SIMD ops that do not depend on each other, each dependent op a round
 * after its input. On the in-order A53 model a SIMD op has latency 6 and
 * no later instruction may complete before it, so a dependent SIMD pair
 * in one round stalled the integer rounds about 6 cycles (1076 cycles per
 * block before, 909 now); the out-of-order models gain a little too.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha1_arm64.rs (with asm/arm64/sha1-scalar.S).
 */

#include <linux/linkage.h>
#include "../sha1-k.h"
#include "sha1-rounds.h"

	.section .rodata
	.balign	16
.Lsha1_k_neon:
	sha1_k_table
	.size	.Lsha1_k_neon, . - .Lsha1_k_neon

	.text

	state	.req	x0
	data	.req	x1
	nblk	.req	x2
	t2	.req	w12		// Maj temporary
	rol5	.req	w13		// rol(a, 5)
	ring16	.req	x14
	ring32	.req	x15
	ring48	.req	x16
	ring0	.req	sp		// (W+K) ring slot i at ring<i>
	ring1	.req	ring16
	ring2	.req	ring32
	ring3	.req	ring48
	vzero	.req	v24
	vt0	.req	v20
	vt1	.req	v21
	vt2	.req	v22
	vx0	.req	v23
	vx1	.req	v25

/*
 * Part (0-3) of message-schedule group q: W[4q..4q+3] into v(q%8), and
 * W+K of those words into the stack ring slot (q%4)*16. Part p runs in
 * round 4(q-4)+p, so the group is ready 16 rounds ahead of use; part 3
 * stores after the last load of that slot (round 4(q-4)); groups q >= 8
 * store one group later (SCHED8: round 4(q-3)+3, still 7 rounds before
 * the slot is loaded). W lives in an
 * 8-vector ring v0-v7 (32 words, what the t >= 32 form reaches back to);
 * w = v(q), w1..w7 = v(q-1)..v(q-7) (w = v(q-8) too, before it is
 * overwritten); k = the K vector of the group.
 *
 * q >= 8 (t = 4q >= 32) uses the equivalent recurrence
 *   W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2),
 * whose inputs are all in earlier groups, so the four lanes are
 * independent. q = 4..7 use W[t] = rol(W[t-3] ^ W[t-8] ^ W[t-14] ^
 * W[t-16], 1): lane 3 needs W[t], lane 0 of the same group, so it is
 * first computed with 0 in its place and then fixed up with
 * rol(W[t], 1) (rol distributes over xor).
 */
.macro	SCHED p_part, p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_w7, p_k
	.if \p_q >= 8
	SCHED8	\p_part, \p_q
	.else
	SCHED4_\p_part \p_q, \p_w, \p_w1, \p_w2, \p_w3, \p_w4, \p_k
	.endif
.endm

// Part 0..3 of group q = 4..7 (W(q) in v<p_w>, W(q-j) in v<p_wj>).
.macro	SCHED4_0 p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_k
	ext	vt0.16b, v\p_w1\().16b, vzero.16b, #4		// W[t-3..t-1], 0
	ext	vt1.16b, v\p_w4\().16b, v\p_w3\().16b, #8	// W[t-14..t-11]
	eor	vt0.16b, vt0.16b, v\p_w2\().16b			// ^ W[t-8..t-5]
	eor	vt1.16b, vt1.16b, v\p_w4\().16b			// ^ W[t-16..t-13]
	.if \p_q == 7
	eor	vx0.16b, v0.16b, v1.16b				// X(8), see SCHED8
	.endif
.endm
.macro	SCHED4_1 p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_k
	eor	vt0.16b, vt0.16b, vt1.16b
	ushr	v\p_w\().4s, vt0.4s, #31
	sli	v\p_w\().4s, vt0.4s, #1
	.if \p_q == 7
	eor	vx0.16b, vx0.16b, v4.16b
	.endif
.endm
.macro	SCHED4_2 p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_k
	ext	vt1.16b, vzero.16b, v\p_w\().16b, #4		// 0, 0, 0, W[t]
	ushr	vt2.4s, vt1.4s, #31
	sli	vt2.4s, vt1.4s, #1
	eor	v\p_w\().16b, v\p_w\().16b, vt2.16b
.endm
.macro	SCHED4_3 p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_k
	add	vt2.4s, v\p_w\().4s, v\p_k\().4s
	STORE_RING \p_q
.endm

/*
 * Groups q >= 8, software-pipelined for the in-order A53 model (6-cycle
 * SIMD latency, in-order completion): every round gets two SIMD ops that
 * do not depend on each other, and every dependent op is at least a round
 * after its input. In the rounds of group q (part 0-3):
 *   0: Y = W[t-6..t-3] (ext; needs group q-1, done in part 3 before)
 *      X(q+1) = W[t-28..] ^ W[t-12..]	(inputs of group q+1)
 *   1: Z = Y ^ X(q)			X(q+1) ^= W[t-24..]
 *   2: W[t..] = Z >> 30			vt2 = W+K of group q-1
 *   3: W[t..] |= Z << 2 (rol 2)		store vt2 to the ring
 * X(q) = W[t-32..] ^ W[t-16..] ^ W[t-28..] alternates between vx0 (even
 * q) and vx1 (odd q); X(8) is made in group 7. The W+K of group 19 is
 * stored in the rounds of "group 20" (rounds 64-67).
 */
.macro	SCHED8 p_part, p_q
	.set	.Lw, \p_q % 8
	.set	.Lw1, (\p_q + 7) % 8
	.set	.Lw2, (\p_q + 6) % 8
	.set	.Lp, (\p_q + 7) % 8			// group q-1
	.set	.Lpk, 16 + (\p_q - 1) / 5		// its K
	SCHED8_\p_part \p_q
.endm

// Part 0..3 of group q >= 8 (.Lw, .Lw1, .Lw2, .Lp, .Lpk set by SCHED8);
// groups 19 and 20 leave out what is past the last group.
.macro	SCHED8_0 p_q
	.if \p_q < 20
	SCHED_EXT %(.Lw2), %(.Lw1)
	.endif
	.if \p_q < 19
	SCHED_X0 %((\p_q + 1) % 2), %((\p_q + 1) % 8), %((\p_q + 5) % 8)
	.endif
.endm
.macro	SCHED8_1 p_q
	.if \p_q < 20
	SCHED_Z %(\p_q % 2)
	.endif
	.if \p_q < 19
	SCHED_X1 %((\p_q + 1) % 2), %((\p_q + 2) % 8)
	.endif
.endm
.macro	SCHED8_2 p_q
	.if \p_q < 20
	SCHED_USHR %(.Lw)
	.endif
	.if \p_q > 8
	SCHED_ADDK %(.Lp), %(.Lpk)
	.endif
.endm
.macro	SCHED8_3 p_q
	.if \p_q < 20
	SCHED_SLI %(.Lw)
	.endif
	.if \p_q > 8
	STORE_RING (\p_q - 1)
	.endif
.endm

.macro	SCHED_EXT p_w2, p_w1
	ext	vt0.16b, v\p_w2\().16b, v\p_w1\().16b, #8	// Y = W[t-6..t-3]
.endm
// X(q+1) into vx<p_x>, p_x = (q + 1) % 2
.macro	SCHED_X0 p_x, p_a, p_b
	eor	vx\p_x\().16b, v\p_a\().16b, v\p_b\().16b	// W[t-28..] ^ W[t-12..]
.endm
.macro	SCHED_X1 p_x, p_c
	eor	vx\p_x\().16b, vx\p_x\().16b, v\p_c\().16b	// ^ W[t-24..]
.endm
// Z = Y ^ X(q), X(q) in vx<p_x>, p_x = q % 2
.macro	SCHED_Z p_x
	eor	vt0.16b, vt0.16b, vx\p_x\().16b
.endm
.macro	SCHED_USHR p_w
	ushr	v\p_w\().4s, vt0.4s, #30
.endm
.macro	SCHED_SLI p_w
	sli	v\p_w\().4s, vt0.4s, #2				// W[t..t+3]
.endm
.macro	SCHED_ADDK p_p, p_k
	add	vt2.4s, v\p_p\().4s, v\p_k\().4s		// W+K of group q-1
.endm

// vt2 into ring slot q % 4 (ring0 = sp, ring1..3 = ring16..ring48)
.macro	STORE_RING p_q
	STORE_RING_AT %((\p_q) % 4)
.endm
.macro	STORE_RING_AT p_i
	st1	{vt2.4s}, [ring\p_i]
.endm

/*
 * One round t (as in the scalar core: a, b true values; c, d kept as
 * rol(x, 2) and rotated back for free by "ror #2" operands; e turned back
 * into a true value by round t-1; tf = ror(c ^ d, 30) from round t-1, tn
 * receives it for round t+1). p: number of the register holding W+K[t]
 * (low half, even t) and W+K[t+1] (high half): one 64-bit load feeds two
 * rounds, the odd one adding the high half with "add x, x, x, lsr #32"
 * (junk in bits 63:32 of e is harmless: only the w view is read). n: the
 * other pair register, loaded by even rounds. Rounds 0..63 also run one
 * part of a schedule group.
 *
 * rol(a, 5) is a ror and an add: on A57/A72 that keeps the a -> T chain
 * at two 1-cycle I-pipe ops and leaves the M pipe to the shifted-operand
 * f ops (two shifted adds instead measured 380 cycles/block, this 317).
 */
.macro	ROUND p_t, p_a, p_b, p_c, p_d, p_e, p_p, p_n, p_tf, p_tn
	.if ((\p_t % 2) == 0) && (\p_t < 78)
	ldr	x\p_n, [sp, #4 * ((\p_t + 2) % 16)]
	.endif
	ror	rol5, w\p_a, #27
	sha1_f_begin \p_t, \p_b, \p_c, \p_tf, \p_tn
	.if (\p_t % 2) == 0
	add	w\p_e, w\p_e, w\p_p		// + W[t] + K
	.else
	add	x\p_e, x\p_e, x\p_p, lsr #32	// + W[t] + K (high half)
	.endif
	sha1_f_mid \p_t, \p_d, \p_tf
	sha1_f_end \p_t, \p_c, \p_tf
	add	w\p_e, w\p_e, w\p_tf
	.if \p_t < 68
	.set	.Lq, \p_t / 4 + 4
	SCHED	%(\p_t % 4), %(.Lq), %(.Lq % 8), %((.Lq + 7) % 8), %((.Lq + 6) % 8), %((.Lq + 5) % 8), %((.Lq + 4) % 8), %((.Lq + 1) % 8), %(16 + .Lq / 5)
	.endif
	.if \p_t < 79
	ror	w\p_d, w\p_d, #2		// e of round t+1: true value
	.endif
	add	w\p_e, w\p_e, rol5
.endm

/*
 * Round t with the registers of t: state rotated by t%5 (a = w5 + (0 - t)
 * mod 5 .. e = w5 + (4 - t) mod 5), W+K pair registers p = x3, n = x4
 * when (t/2) is even and the other way round when odd, f temporaries tf =
 * w10, tn = w11 in even rounds and the other way round in odd ones.
 */
.macro	ROUND_T p_t
	ROUND	\p_t, %(5 + (80 - \p_t) % 5), %(5 + (81 - \p_t) % 5), %(5 + (82 - \p_t) % 5), %(5 + (83 - \p_t) % 5), %(5 + (84 - \p_t) % 5), %(3 + (\p_t / 2) % 2), %(4 - (\p_t / 2) % 2), %(10 + \p_t % 2), %(11 - \p_t % 2)
.endm

SYM_FUNC_START(rsha_sha1_arm64_neon)
	cbz	nblk, .Lneon_ret
	sub	sp, sp, #64
	adrp	x3, .Lsha1_k_neon
	add	x3, x3, :lo12:.Lsha1_k_neon
	ld4r	{v16.4s-v19.4s}, [x3]
	movi	vzero.16b, #0
	add	ring16, sp, #16
	add	ring32, sp, #32
	add	ring48, sp, #48
	ldp	w5, w6, [state]
	ldp	w7, w8, [state, #8]
	ldr	w9, [state, #16]
	// c and d are kept as rol(x, 2), e as a true value (see ROUND)
	ror	w7, w7, #30
	ror	w8, w8, #30

.Lneon_block:
	ld1	{v0.16b-v3.16b}, [data], #64
	rev32	v0.16b, v0.16b
	rev32	v1.16b, v1.16b
	rev32	v2.16b, v2.16b
	rev32	v3.16b, v3.16b
	add	v20.4s, v0.4s, v16.4s
	add	v21.4s, v1.4s, v16.4s
	add	v22.4s, v2.4s, v16.4s
	add	v23.4s, v3.4s, v16.4s
	st1	{v20.4s-v23.4s}, [sp]
	ldr	x3, [sp]
	eor	w10, w7, w8			// ror(c ^ d, 30) for round 0

	.altmacro
	.set	.Lt, 0
	.rept	80
	ROUND_T	%(.Lt)
	.set	.Lt, .Lt + 1
	.endr
	.noaltmacro

	ldp	w10, w11, [state]
	ldp	w12, w13, [state, #8]
	ldr	w17, [state, #16]
	ror	w7, w7, #2
	ror	w8, w8, #2
	ror	w9, w9, #2
	add	w5, w5, w10
	add	w6, w6, w11
	add	w7, w7, w12
	add	w8, w8, w13
	add	w9, w9, w17
	stp	w5, w6, [state]
	stp	w7, w8, [state, #8]
	str	w9, [state, #16]
	ror	w7, w7, #30
	ror	w8, w8, #30
	subs	nblk, nblk, #1
.Lneon_block_end:
	b.ne	.Lneon_block

	add	sp, sp, #64
.Lneon_ret:
	ret
SYM_FUNC_END(rsha_sha1_arm64_neon)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	t2
	.unreq	rol5
	.unreq	ring16
	.unreq	ring32
	.unreq	ring48
	.unreq	ring0
	.unreq	ring1
	.unreq	ring2
	.unreq	ring3
	.unreq	vzero
	.unreq	vt0
	.unreq	vt1
	.unreq	vt2
	.unreq	vx0
	.unreq	vx1
