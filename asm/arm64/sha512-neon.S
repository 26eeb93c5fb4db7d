// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for arm64 using Advanced SIMD (no SHA-512 Crypto
 * Extensions); SHA-384 uses the same block function with its own IV.
 *
 * void rsha_sha512_arm64_neon(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once. No padding. The caller must own
 * the SIMD unit (kernel_neon_begin()/kernel_neon_end() in the kernel).
 *
 * Calling convention: AAPCS64. Clobbers x0-x17, v0-v7, v16-v31 and flags;
 * never touches x18-x30 or v8-v15 (so nothing needs saving).
 * Stack: none.
 * Sections: .text (8.8 KiB) and .rodata (640 bytes of K, reached with
 * adrp/add :lo12:, so fine in a module).
 *
 * Design: the 80 rounds run in the integer unit (state in x4-x11, register
 * names rotated through macro arguments, all rounds unrolled). NEON keeps
 * W[0..15] as eight 2-word vectors (v0-v7) and computes the message
 * schedule two words at a time, adds K and keeps W+K for the next 16
 * rounds in v16-v23; each round moves its word to an integer register
 * with one fmov (1 uop on A57, cheaper than a store and two loads), two
 * rounds ahead of use. Each schedule pair is split into six parts spread
 * over two rounds, and half of its work (W[t] + W[t+9] + sigma0) is done
 * one group early, so that only the sigma1 recurrence is left on the
 * group-to-group critical path. The SIMD rotates (ushr + sli) make the
 * schedule cost more uops than the scalar core's shifted-operand eors,
 * but they move work off the integer I/M pipes, so on the A57/A72 model
 * this core runs at its dispatch limit (809 cycles) where the scalar core
 * cannot quite reach its own.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha512_arm64.rs (with asm/arm64/sha512-scalar.S).
 */

#include <linux/linkage.h>
#include "../sha512-k.h"
#include "../regs.h"

	.section .rodata
	.balign	16
.Lsha512_k_neon:
	sha512_k_table
	.size	.Lsha512_k_neon, . - .Lsha512_k_neon

	.text

	state	.req	x0
	data	.req	x1
	nblk	.req	x2
	kptr	.req	x3
	// x4-x11: the state a..h, rotated by macro arguments
	t0	.req	x12
	t1	.req	x13
	// x14, x15: the Maj carry (b^c of the round), alternating per round
	// x16, x17: W[t]+K[t] of the even / odd rounds, moved from v16-v23
	// v0-v7: W[0..15] as pairs, v16-v23: W+K of the next 16 rounds as
	// pairs (both indexed by (t / 2) % 8); v24-v30 schedule temporaries,
	// v31 K[t+16..t+17]

/*
 * One round t. a..h are register NUMBERS of the state (rotated by the
 * caller); wk (16 or 17) holds W[t]+K[t]; wkv is the vector holding
 * W[t+2]+K[t+2] (lane t % 2), moved into wk for round t+2 once this round
 * has used it, so the slow SIMD-to-integer move is off the critical path.
 * mp holds b^c (the a^b of round t-1), mc receives this round's a^b; until
 * then mc is a third temporary.
 * p0..p2: parts of the schedule group to interleave (SCHED_<part>; n:
 * none); pre and
 * va..vwk are passed through to SCHED.
 *
 * Sigma1(e) = ror(e,14) ^ ror(e ^ ror(e,23), 18)
 * Sigma0(a) = ror(a,28) ^ ror(a ^ ror(a,5), 34)
 * Ch(e,f,g) = (e & f) + (g & ~e)		(disjoint bits: + is |)
 * Maj(a,b,c) = ((a^b) & (b^c)) ^ b, b^c carried from round t-1.
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, mp, mc, wk, wkv, p0, p1, p2, pre, va, vb, vc, v5n, v6n, v7, vwk
	ror	t1, x\e, #14
	eor	t0, x\e, x\e, ror #23
	add	x\h, x\h, x\wk			// h += W[t] + K[t]
	.if \t < 78
	.if (\t % 2) == 0
	fmov	x\wk, d\wkv			// W+K[t+2]
	.else
	fmov	x\wk, v\wkv\().d[1]		// W+K[t+2]
	.endif
	.endif
	SCHED	\p0, \t, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	and	x\mc, x\e, x\f
	eor	t1, t1, t0, ror #18		// Sigma1(e)
	bic	t0, x\g, x\e
	add	x\h, x\h, x\mc
	add	x\h, x\h, t0
	add	x\h, x\h, t1			// h = T1
	eor	t1, x\a, x\a, ror #5
	ror	t0, x\a, #28
	SCHED	\p1, \t, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	eor	x\mc, x\a, x\b
	add	x\d, x\d, x\h			// d += T1: next round's e
	eor	t0, t0, t1, ror #34		// Sigma0(a)
	and	x\mp, x\mp, x\mc
	eor	x\mp, x\mp, x\b			// Maj(a,b,c)
	add	x\h, x\h, t0
	add	x\h, x\h, x\mp			// h = T1 + T2: next round's a
	SCHED	\p2, \t, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
.endm

/*
 * Part (0-5) of schedule group g = t / 2 (parts 0-2 run in round t, 3-5 in
 * round t+1). The group finishes W[t+16..t+17] in va, which group g-1 has
 * already set to W[t] + W[t+9] + sigma0(W[t+1]), by adding
 * sigma1(W[t+14..t+15]) (in v7), and puts W+K[t+16..t+17] into vwk (whose
 * old contents rounds t-2 and t-1 have moved out). It also starts group
 * g+1 (when pre is 1): vb = W[t+2..t+3] += W[t+11..t+12] (from v5n, v6n)
 * + sigma0(W[t+3..t+4]) (from vb, vc). Splitting the work this way keeps
 * every dependent SIMD step at least one part (half a round) after its
 * input, which the in-order A53 (6-cycle SIMD latency) needs, and adds
 * nothing on the out-of-order cores.
 *
 * sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 * sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6)
 * A SIMD rotate is ushr + sli.
 */
.macro	SCHED part, t, pre, va, vb, vc, v5n, v6n, v7, vwk
	SCHED_\part \t, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
.endm

.macro	SCHED_0 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	ldr	q31, [kptr, #8 * (\t + 16)]		// K[t+16..t+17]
	ushr	v26.2d, \v7\().2d, #19
	ushr	v27.2d, \v7\().2d, #61
	ushr	v28.2d, \v7\().2d, #6
	.if \pre
	ext	v24.16b, \vb\().16b, \vc\().16b, #8	// W[t+3..t+4]
	ext	v25.16b, \v5n\().16b, \v6n\().16b, #8	// W[t+11..t+12]
	.endif
.endm

.macro	SCHED_1 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	sli	v26.2d, \v7\().2d, #45
	sli	v27.2d, \v7\().2d, #3
	.if \pre
	ushr	v29.2d, v24.2d, #1
	ushr	v30.2d, v24.2d, #8
	add	\vb\().2d, \vb\().2d, v25.2d
	.endif
.endm

.macro	SCHED_2 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	eor	v28.16b, v28.16b, v26.16b
	.if \pre
	ushr	v25.2d, v24.2d, #7
	sli	v29.2d, v24.2d, #63
	sli	v30.2d, v24.2d, #56
	.endif
.endm

.macro	SCHED_3 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	eor	v28.16b, v28.16b, v27.16b		// sigma1(W[t+14..t+15])
	.if \pre
	eor	v25.16b, v25.16b, v29.16b
	.endif
.endm

.macro	SCHED_4 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	add	\va\().2d, \va\().2d, v28.2d		// W[t+16..t+17]
	.if \pre
	eor	v25.16b, v25.16b, v30.16b		// sigma0(W[t+3..t+4])
	.endif
.endm

.macro	SCHED_5 t, pre, va, vb, vc, v5n, v6n, v7, vwk
	add	\vwk\().2d, \va\().2d, v31.2d
	.if \pre
	add	\vb\().2d, \vb\().2d, v25.2d
	.endif
.endm

// no schedule work
.macro	SCHED_n t, pre, va, vb, vc, v5n, v6n, v7, vwk
.endm

/*
 * Before group 0: v0 = W[0..1] += W[9..10] + sigma0(W[1..2]), the part
 * group -1 would have done.
 */
.macro	SCHED_PRE0
	ext	v24.16b, v0.16b, v1.16b, #8
	ext	v25.16b, v4.16b, v5.16b, #8
	ushr	v29.2d, v24.2d, #1
	ushr	v30.2d, v24.2d, #8
	ushr	v26.2d, v24.2d, #7
	sli	v29.2d, v24.2d, #63
	sli	v30.2d, v24.2d, #56
	add	v0.2d, v0.2d, v25.2d
	eor	v26.16b, v26.16b, v29.16b
	eor	v26.16b, v26.16b, v30.16b
	add	v0.2d, v0.2d, v26.2d
.endm

/*
 * Round t with the state rotation of t % 8 (a = x4 at t % 8 == 0, each
 * round moving every name one register down: rsha_rotate8, ../regs.h) and
 * the Maj carries and W+K register of t % 2.
 */
.macro	ROUND_T t, wkv, p0, p1, p2, pre, va, vb, vc, v5n, v6n, v7, vwk
	.if (\t % 2) == 0
	  ROUND_M \t, 14, 15, 16, \wkv, \p0, \p1, \p2, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	.else
	  ROUND_M \t, 15, 14, 17, \wkv, \p0, \p1, \p2, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	.endif
.endm

.macro	ROUND_M t, mp, mc, wk, wkv, p0, p1, p2, pre, va, vb, vc, v5n, v6n, v7, vwk
	rsha_rotate8 ((\t) % 8), ROUND, \t, 4, 5, 6, 7, 8, 9, 10, 11, \mp, \mc, \wk, \wkv, \p0, \p1, \p2, \pre, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
.endm

/*
 * Rounds 2g and 2g+1, with schedule group g when g < 32. The vector
 * registers follow g % 8 (named by rsha_reg, ../regs.h): va = v(g % 8) =
 * W[2g..2g+1], vb, vc the next two pairs, v5n, v6n = W[2g+10..2g+13], v7
 * = W[2g+14..2g+15], vwk = v(16 + g % 8) = W+K[2g..2g+1], and wkv (a
 * number: 16 + (g + 1) % 8) the W+K pair of the next group.
 */
.macro	GROUP g
	rsha_reg grp_va,  v, ((\g) % 8)
	rsha_reg grp_vb,  v, (((\g) + 1) % 8)
	rsha_reg grp_vc,  v, (((\g) + 2) % 8)
	rsha_reg grp_v5n, v, (((\g) + 5) % 8)
	rsha_reg grp_v6n, v, (((\g) + 6) % 8)
	rsha_reg grp_v7,  v, (((\g) + 7) % 8)
	rsha_reg grp_vwk, v, (16 + (\g) % 8)
	rsha_num GROUP_R, (16 + ((\g) + 1) % 8), \g, grp_va, grp_vb, grp_vc, grp_v5n, grp_v6n, grp_v7, grp_vwk
.endm

.macro	GROUP_R wkv, g, va, vb, vc, v5n, v6n, v7, vwk
	.if \g < 32
	ROUND_T	(2 * \g), \wkv, 0, 1, 2, (\g < 31), \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	ROUND_T	(2 * \g + 1), \wkv, 3, 4, 5, (\g < 31), \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	.else
	ROUND_T	(2 * \g), \wkv, n, n, n, 0, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	ROUND_T	(2 * \g + 1), \wkv, n, n, n, 0, \va, \vb, \vc, \v5n, \v6n, \v7, \vwk
	.endif
.endm

SYM_FUNC_START(rsha_sha512_arm64_neon)
	cbz	nblk, .Lneon_ret
	adrp	kptr, .Lsha512_k_neon
	add	kptr, kptr, :lo12:.Lsha512_k_neon
	ldp	x4, x5, [state, #0]
	ldp	x6, x7, [state, #16]
	ldp	x8, x9, [state, #32]
	ldp	x10, x11, [state, #48]

.Lneon_block:
	// W[0..15] = the block's big-endian words; v16-v23 = W + K[0..15]
	ld1	{v0.16b-v3.16b}, [data], #64
	ld1	{v4.16b-v7.16b}, [data], #64
	ld1	{v24.2d-v27.2d}, [kptr], #64
	ld1	{v28.2d-v31.2d}, [kptr]
	sub	kptr, kptr, #64
	rev64	v0.16b, v0.16b
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	rev64	v4.16b, v4.16b
	rev64	v5.16b, v5.16b
	rev64	v6.16b, v6.16b
	rev64	v7.16b, v7.16b
	add	v16.2d, v0.2d, v24.2d
	add	v17.2d, v1.2d, v25.2d
	add	v18.2d, v2.2d, v26.2d
	add	v19.2d, v3.2d, v27.2d
	add	v20.2d, v4.2d, v28.2d
	add	v21.2d, v5.2d, v29.2d
	add	v22.2d, v6.2d, v30.2d
	add	v23.2d, v7.2d, v31.2d
	fmov	x16, d16			// W+K[0]
	fmov	x17, v16.d[1]			// W+K[1]
	eor	x14, x5, x6			// b^c for round 0's Maj
	SCHED_PRE0

	.irp	g, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39
	GROUP	\g
	.endr

	// Feed-forward; the rotation is back at a=x4 after 80 rounds.
	ldp	t0, t1, [state, #0]
	ldp	x14, x15, [state, #16]
	ldp	x16, x17, [state, #32]
	add	x4, x4, t0
	add	x5, x5, t1
	ldp	t0, t1, [state, #48]
	add	x6, x6, x14
	add	x7, x7, x15
	stp	x4, x5, [state, #0]
	add	x8, x8, x16
	add	x9, x9, x17
	stp	x6, x7, [state, #16]
	add	x10, x10, t0
	add	x11, x11, t1
	stp	x8, x9, [state, #32]
	subs	nblk, nblk, #1
	stp	x10, x11, [state, #48]
.Lneon_block_end:
	b.ne	.Lneon_block

.Lneon_ret:
	ret
SYM_FUNC_END(rsha_sha512_arm64_neon)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	kptr
	.unreq	t0
	.unreq	t1
