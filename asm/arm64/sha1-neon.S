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
 * Calling convention: AAPCS64. Clobbers x0-x17, v0-v7, v16-v24 and flags;
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
 * before; f(b, c, d) from sha1-rounds.h, shared with the scalar core). Rounds consume W[t]+K[t] from a 16-word ring on the stack, two
 * words per 64-bit load. NEON computes the schedule four words at a time,
 * 16 rounds ahead of use, adds K and stores into the ring slots the rounds
 * have just consumed; each group is split into four parts spread over four
 * rounds so it issues in the FP/ASIMD pipes beside the integer work. From
 * t = 32 on it uses W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2),
 * whose four lanes are independent (W in an 8-vector ring v0-v7); the
 * first four groups use the standard recurrence and fix up lane 3.
 *
 * llvm-mca-19 cycles per 64-byte block (-iterations=100, the block loop
 * body .Lneon_block .. .Lneon_block_end). The kernel has no non-CE SHA-1
 * core for arm64; reference = its generic C sha1_transform()
 * (lib/crypto/sha1.c), clang-19 -O2 -mcpu=<cpu>, in a loop over blocks,
 * measured the same way on its loop body; the table uses the stricter
 * fully unrolled build of that C ("#pragma clang loop unroll(full)" in
 * the /tmp copy; as compiled, with rolled loops: 1066.1 / 1035.4 /
 * 1036.1):
 *
 *	CPU		ours	C ref	ours/ref	(ours/rolled C)
 *	cortex-a53	1077.0	518.0	2.08		(1.01)
 *	cortex-a57	317.1	491.6	0.65		(0.31)
 *	cortex-a72	317.1	491.6	0.65		(0.31)
 *
 * The A57/A72 bound is the 3-wide dispatch (about 830 instructions per
 * block). The ~2.35 cycles/byte (~150 cycles/block) often quoted for
 * OpenSSL on A57 appears to be its Crypto Extensions figure; without CE
 * the dispatch bound alone is about 280 cycles here. This core runs at
 * 317/64 = 4.95 cycles/byte.
 * On the A53 model every 128-bit NEON op has latency 6 and an instruction
 * may not complete before an older one, so each NEON op stalls the integer
 * stream behind it: use the scalar core (524 cycles) on A53-only systems.
 * Note: scripts/mca-core.sh marks the region with "//" comments, which
 * llvm-mca ignores for AArch64, so it measures the whole function
 * (1099.0 / 324.1 / 324.1 here); these figures use "#" markers.
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
	vzero	.req	v24
	vt0	.req	v20
	vt1	.req	v21
	vt2	.req	v22

/*
 * Part (0-3) of message-schedule group q: W[4q..4q+3] into v(q%8), and
 * W+K of those words into the stack ring slot (q%4)*16. Part p runs in
 * round 4(q-4)+p, so the group is ready 16 rounds ahead of use; part 3
 * stores after the last load of that slot (round 4(q-4)). W lives in an
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
	.if \p_part == 0
	ext	vt0.16b, v\p_w2\().16b, v\p_w1\().16b, #8	// W[t-6..t-3]
	eor	vt1.16b, v\p_w\().16b, v\p_w4\().16b		// W[t-32] ^ W[t-16]
	.elseif \p_part == 1
	eor	vt0.16b, vt0.16b, v\p_w7\().16b			// ^ W[t-28]
	eor	vt0.16b, vt0.16b, vt1.16b
	.elseif \p_part == 2
	ushr	v\p_w\().4s, vt0.4s, #30
	sli	v\p_w\().4s, vt0.4s, #2
	.else
	add	vt2.4s, v\p_w\().4s, v\p_k\().4s
	STORE_RING \p_q
	.endif
	.else
	.if \p_part == 0
	ext	vt0.16b, v\p_w1\().16b, vzero.16b, #4		// W[t-3..t-1], 0
	ext	vt1.16b, v\p_w4\().16b, v\p_w3\().16b, #8	// W[t-14..t-11]
	eor	vt0.16b, vt0.16b, v\p_w2\().16b			// ^ W[t-8..t-5]
	eor	vt1.16b, vt1.16b, v\p_w4\().16b			// ^ W[t-16..t-13]
	.elseif \p_part == 1
	eor	vt0.16b, vt0.16b, vt1.16b
	ushr	v\p_w\().4s, vt0.4s, #31
	sli	v\p_w\().4s, vt0.4s, #1
	.elseif \p_part == 2
	ext	vt1.16b, vzero.16b, v\p_w\().16b, #4		// 0, 0, 0, W[t]
	ushr	vt2.4s, vt1.4s, #31
	sli	vt2.4s, vt1.4s, #1
	eor	v\p_w\().16b, v\p_w\().16b, vt2.16b
	.else
	add	vt2.4s, v\p_w\().4s, v\p_k\().4s
	STORE_RING \p_q
	.endif
	.endif
.endm

.macro	STORE_RING p_q
	.if (\p_q % 4) == 0
	st1	{vt2.4s}, [sp]
	.elseif (\p_q % 4) == 1
	st1	{vt2.4s}, [ring16]
	.elseif (\p_q % 4) == 2
	st1	{vt2.4s}, [ring32]
	.else
	st1	{vt2.4s}, [ring48]
	.endif
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
	.if \p_t < 64
	.set	.Lq, \p_t / 4 + 4
	SCHED	(\p_t % 4), %(.Lq), %(.Lq % 8), %((.Lq + 7) % 8), %((.Lq + 6) % 8), %((.Lq + 5) % 8), %((.Lq + 4) % 8), %((.Lq + 1) % 8), %(16 + .Lq / 5)
	.endif
	.if \p_t < 79
	ror	w\p_d, w\p_d, #2		// e of round t+1: true value
	.endif
	add	w\p_e, w\p_e, rol5
.endm

/* Round t with the registers of t: state rotated by t%5 (w5-w9), W+K pair
 * registers x3/x4 by (t/2)%2, f temporaries w10/w11 by t%2. */
.macro	ROUND_T p_t
	.if ((\p_t / 2) % 2) == 0
	  ROUND_P \p_t, 3, 4
	.else
	  ROUND_P \p_t, 4, 3
	.endif
.endm

.macro	ROUND_P p_t, p_p, p_n
	.if (\p_t % 2) == 0
	ROUND	\p_t, %(5 + (80 - \p_t) % 5), %(5 + (81 - \p_t) % 5), %(5 + (82 - \p_t) % 5), %(5 + (83 - \p_t) % 5), %(5 + (84 - \p_t) % 5), \p_p, \p_n, 10, 11
	.else
	ROUND	\p_t, %(5 + (80 - \p_t) % 5), %(5 + (81 - \p_t) % 5), %(5 + (82 - \p_t) % 5), %(5 + (83 - \p_t) % 5), %(5 + (84 - \p_t) % 5), \p_p, \p_n, 11, 10
	.endif
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
	.unreq	vzero
	.unreq	vt0
	.unreq	vt1
	.unreq	vt2
