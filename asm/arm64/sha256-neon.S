// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for arm64 using Advanced SIMD (no Crypto
 * Extensions), for Cortex-A53/A57/A72-class CPUs.
 *
 * void rsha_sha256_arm64_neon(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once. No padding. The caller must own
 * the SIMD unit (kernel_neon_begin()/kernel_neon_end() in the kernel).
 *
 * Calling convention: AAPCS64. Clobbers x0-x17, v0-v7, v16-v31 and flags;
 * saves and restores x19-x24; never touches x18, x29, x30 or v8-v15 (so
 * no d8-d15 save is needed).
 * Stack: 112 bytes (64 for the W+K ring, 48 for x19-x24), sp stays
 * 16-byte aligned.
 * Sections: .text (6.3 KiB) and .rodata (256 bytes of K, reached with
 * adrp/add :lo12:, so fine in a module).
 *
 * Design: the 64 rounds run in the integer unit (state in w4-w11, register
 * names rotated through macro arguments, all rounds unrolled). Rounds
 * consume W[t]+K[t] from a 16-word ring on the stack, two words per 64-bit
 * load (the odd round adds the high half with "add x, x, x, lsr #32").
 * NEON computes the message schedule four words at a time, 16 rounds ahead
 * of use, adds K and stores the sums into the ring slots the rounds have
 * just consumed; its instructions are spread over the four rounds of each
 * group so they issue in the FP/ASIMD pipes next to the integer work. The
 * group that produces W[4g+16..4g+19] runs in rounds 4g+8..4g+11, two
 * groups later than the earliest possible: its W+K is stored in round
 * 4g+11 and first loaded in round 4g+14. The slack matters on
 * out-of-order cores: the schedule recurrence (sigma1 of the two newest
 * words, 12 dependent SIMD ops of 2 cycles on Neoverse N1) takes about
 * as long as four rounds, so when a group sat in the rounds it runs
 * beside, the 128-entry N1 reorder buffer filled behind it (415 cycles);
 * two groups of lag take that off the critical path (388). All 64 K words
 * stay in v16-v31 for the whole call. On A57/A72 the limit is the 3-wide
 * dispatch, so instruction count is what was minimised (the round with its
 * Sigma forms is sha256-rounds.h, shared with the scalar core; the ring
 * stores use st1 to a base register, 2 uops, instead of str q with an
 * offset, 3 uops).
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha256_arm64.rs (with asm/arm64/sha256-scalar.S).
 */

#include <linux/linkage.h>
#include "../sha256-k.h"
#include "sha256-rounds.h"

	.section .rodata
	.balign	16
.Lsha256_k_neon:
	sha256_k_table
	.size	.Lsha256_k_neon, . - .Lsha256_k_neon

	.text

	// (state, data, nblk, kptr and the round's big1, chf, chg, big0:
	// sha256-rounds.h)
	// round temporaries
	rot1	.req	w21		// ror(e, 25)
	rot0	.req	w22		// ror(a, 22)
	ring16	.req	x3		// sp + 16 (kptr is free once K is in v16-v31)
	ring32	.req	x23		// sp + 32
	ring48	.req	x24		// sp + 48
	ring0	.req	sp		// ring<i>: ring slot i
	ring1	.req	ring16
	ring2	.req	ring32
	ring3	.req	ring48
	// schedule temporaries (v0-v3 hold W, v16-v31 hold K)
	t0	.req	v4
	t1	.req	v5
	t2	.req	v6
	t3	.req	v7

/*
 * The work of round t around the shared round (sha256_round, slot k of its
 * hook; sha256-rounds.h): h is the register NUMBER of h. wkp: number of
 * the register holding W[t]+K[t] (low half, even t) and W[t+1]+K[t+1]
 * (high half): one 64-bit load feeds two rounds, and the odd round adds
 * the high half with "add x, x, x, lsr #32", which leaves junk in bits
 * 63:32 of x\h; only w\h is ever read, so that is harmless. wkn: the other
 * pair register, loaded in even rounds with the pair after next.
 * part: which quarter (0-3) of the schedule group to interleave (as two
 * eighths, SCHED_P<part>a at slot 3 and SCHED_P<part>b at slot 5), or n
 * for none.
 */
.macro	ROUND_OP k, t, h, wkp, wkn, part, sg, va, vb, vc, vd, kv
	rsha_at \k, 0, ROUND_ADD_WK \t, \h, \wkp
	rsha_at \k, 1, ROUND_LOAD_WK \t, \wkn
	rsha_at \k, 3, SCHED_P\part\()a \sg, \va, \vb, \vc, \vd, \kv
	rsha_at \k, 5, SCHED_P\part\()b \sg, \va, \vb, \vc, \vd, \kv
.endm

.macro	ROUND_ADD_WK t, h, wkp
	.if (\t % 2) == 0
	add	w\h, w\h, w\wkp			// h += W[t]+K[t]
	.else
	add	x\h, x\h, x\wkp, lsr #32	// h += W[t]+K[t] (high half)
	.endif
.endm

.macro	ROUND_LOAD_WK t, wkn
	.if ((\t % 2) == 0) && (\t < 62)
	ldr	x\wkn, [sp, #4 * ((\t + 2) % 16)]
	.endif
.endm

/*
 * The eighths 0-7 (SCHED_P0a, SCHED_P0b, .., SCHED_P3b) of schedule group
 * g, run in rounds 4g+8..4g+11:
 * va..vd = W[4g..4g+15] (four words each); va is replaced by W[4g+16..4g+19], and W+K for those
 * goes to ring slots 4g%16.. (sg = g picks the slot: ring<sg % 4>, ring0 =
 * sp, ring1..3 = ring16..ring48). Eighth 7 runs in round
 * 4g+11, after the last load of those slots (the pair load of round 4g)
 * and before their next one (round 4g+14). kv = K[4g+16..4g+19].
 * Chains of dependent NEON instructions are spread out because the
 * in-order A53 stalls on each one.
 *
 * sigma0(x) = ror(x,7) ^ ror(x,18) ^ (x >> 3)
 * sigma1(x) = ror(x,17) ^ ror(x,19) ^ (x >> 10)
 * A NEON rotate is ushr + sli. sigma1 of the two newest words of the
 * group depends on the first two, so it is done on 64-bit halves: a .2s
 * result has its upper half zeroed, which lets it be added to all four
 * lanes without masking.
 */
.macro	SCHED_P0a sg, va, vb, vc, vd, kv
	ext	t0.16b, \va\().16b, \vb\().16b, #4	// W[t+1..t+4]
	ext	t1.16b, \vc\().16b, \vd\().16b, #4	// W[t+9..t+12]
	ushr	t2.4s, t0.4s, #7
	ushr	t3.4s, t0.4s, #18
.endm
.macro	SCHED_P0b sg, va, vb, vc, vd, kv
	add	\va\().4s, \va\().4s, t1.4s
	sli	t2.4s, t0.4s, #25
	sli	t3.4s, t0.4s, #14
	ushr	t0.4s, t0.4s, #3
.endm
.macro	SCHED_P1a sg, va, vb, vc, vd, kv
	ext	t1.16b, \vd\().16b, \vd\().16b, #8	// W[t+14], W[t+15] low
	eor	t2.16b, t2.16b, t3.16b
	ushr	t3.2s, t1.2s, #17
	eor	t2.16b, t2.16b, t0.16b			// sigma0
.endm
.macro	SCHED_P1b sg, va, vb, vc, vd, kv
	ushr	t0.2s, t1.2s, #19
	sli	t3.2s, t1.2s, #15
	add	\va\().4s, \va\().4s, t2.4s
	sli	t0.2s, t1.2s, #13
.endm
.macro	SCHED_P2a sg, va, vb, vc, vd, kv
	ushr	t2.2s, t1.2s, #10
	eor	t3.8b, t3.8b, t0.8b
	eor	t3.8b, t3.8b, t2.8b			// sigma1, upper half 0
	add	\va\().4s, \va\().4s, t3.4s		// W[t+16], W[t+17] done
.endm
.macro	SCHED_P2b sg, va, vb, vc, vd, kv
	ushr	t0.2s, \va\().2s, #17
	ushr	t3.2s, \va\().2s, #19
	ushr	t2.2s, \va\().2s, #10
	sli	t0.2s, \va\().2s, #15
.endm
.macro	SCHED_P3a sg, va, vb, vc, vd, kv
	sli	t3.2s, \va\().2s, #13
	eor	t0.8b, t0.8b, t2.8b
	eor	t0.8b, t0.8b, t3.8b
.endm
.macro	SCHED_P3b sg, va, vb, vc, vd, kv
	ext	t0.16b, t0.16b, t0.16b, #8		// to lanes 2,3
	add	\va\().4s, \va\().4s, t0.4s		// W[t+18], W[t+19] done
	add	t1.4s, \va\().4s, \kv\().4s
	// st1 to a base register is 2 uops on A57, str q5, [sp, #imm] is 3
	rsha_reg sched_ring, ring, ((\sg) % 4)
	st1	{t1.4s}, [sched_ring]
.endm
// no schedule work
.macro	SCHED_Pna sg, va, vb, vc, vd, kv
.endm
.macro	SCHED_Pnb sg, va, vb, vc, vd, kv
.endm

/*
 * Round t with the state rotation of t%8 (sha256_round_regs) and the
 * W+K / Maj-carry registers of t%2; part/va..kv are passed through.
 */
.macro	ROUND_T t, part, sg, va, vb, vc, vd, kv
	.if ((\t / 2) % 2) == 0
	  ROUND_R \t, 19, 20, \part, \sg, \va, \vb, \vc, \vd, \kv
	.else
	  ROUND_R \t, 20, 19, \part, \sg, \va, \vb, \vc, \vd, \kv
	.endif
.endm

.macro	ROUND_R t, wkp, wkn, part, sg, va, vb, vc, vd, kv
	.if (\t % 2) == 0
	  sha256_round_regs \t, sha256_round, 16, 17, ROUND_OP, \wkp, \wkn, \part, \sg, \va, \vb, \vc, \vd, \kv
	.else
	  sha256_round_regs \t, sha256_round, 17, 16, ROUND_OP, \wkp, \wkn, \part, \sg, \va, \vb, \vc, \vd, \kv
	.endif
.endm

/*
 * Rounds 4g..4g+3 together with schedule group sg = g - 2
 * (W[4sg+16..4sg+19] from va..vd = W[4sg..4sg+15], kv =
 * K[4sg+16..4sg+19]); sg = -1 for the first two and last three groups of
 * rounds, which have no schedule work (part n).
 */
.macro	GROUP g, sg, va, vb, vc, vd, kv
	.if \sg >= 0
	ROUND_T	(4 * \g + 0), 0, \sg, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 1), 1, \sg, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 2), 2, \sg, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 3), 3, \sg, \va, \vb, \vc, \vd, \kv
	.else
	ROUND_T	(4 * \g + 0), n, 0, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 1), n, 0, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 2), n, 0, \va, \vb, \vc, \vd, \kv
	ROUND_T	(4 * \g + 3), n, 0, \va, \vb, \vc, \vd, \kv
	.endif
.endm

SYM_FUNC_START(rsha_sha256_arm64_neon)
	cbz	nblk, .Lneon_ret
	// sp+0..63: the W+K ring; sp+64..111: x19-x24
	sub	sp, sp, #112
	stp	x19, x20, [sp, #64]
	stp	x21, x22, [sp, #80]
	stp	x23, x24, [sp, #96]
	adrp	kptr, .Lsha256_k_neon
	add	kptr, kptr, :lo12:.Lsha256_k_neon
	ld1	{v16.4s-v19.4s}, [kptr], #64
	ld1	{v20.4s-v23.4s}, [kptr], #64
	ld1	{v24.4s-v27.4s}, [kptr], #64
	ld1	{v28.4s-v31.4s}, [kptr]
	ldp	w4, w5, [state, #0]
	ldp	w6, w7, [state, #8]
	ldp	w8, w9, [state, #16]
	ldp	w10, w11, [state, #24]
	add	ring16, sp, #16
	add	ring32, sp, #32
	add	ring48, sp, #48

.Lneon_block:
	// W[0..15] = the block's big-endian words; ring = W + K[0..15]
	ld1	{v0.16b-v3.16b}, [data], #64
	rev32	v0.16b, v0.16b
	rev32	v1.16b, v1.16b
	rev32	v2.16b, v2.16b
	rev32	v3.16b, v3.16b
	add	v4.4s, v0.4s, v16.4s
	add	v5.4s, v1.4s, v17.4s
	add	v6.4s, v2.4s, v18.4s
	add	v7.4s, v3.4s, v19.4s
	st1	{v4.4s-v7.4s}, [sp]
	eor	w16, w5, w6			// b^c for round 0's Maj
	ldr	x19, [sp]			// W+K[0], W+K[1]

	GROUP	0, -1, v0, v1, v2, v3, v16
	GROUP	1, -1, v0, v1, v2, v3, v16
	GROUP	2, 0, v0, v1, v2, v3, v20
	GROUP	3, 1, v1, v2, v3, v0, v21
	GROUP	4, 2, v2, v3, v0, v1, v22
	GROUP	5, 3, v3, v0, v1, v2, v23
	GROUP	6, 4, v0, v1, v2, v3, v24
	GROUP	7, 5, v1, v2, v3, v0, v25
	GROUP	8, 6, v2, v3, v0, v1, v26
	GROUP	9, 7, v3, v0, v1, v2, v27
	GROUP	10, 8, v0, v1, v2, v3, v28
	GROUP	11, 9, v1, v2, v3, v0, v29
	GROUP	12, 10, v2, v3, v0, v1, v30
	GROUP	13, 11, v3, v0, v1, v2, v31
	GROUP	14, -1, v0, v1, v2, v3, v16
	GROUP	15, -1, v0, v1, v2, v3, v16

	// Feed-forward; the rotation is back at a=w4 after 64 rounds.
	ldp	w12, w13, [state, #0]
	ldp	w14, w15, [state, #8]
	ldp	w16, w17, [state, #16]
	add	w4, w4, w12
	add	w5, w5, w13
	ldp	w12, w13, [state, #24]
	add	w6, w6, w14
	add	w7, w7, w15
	stp	w4, w5, [state, #0]
	add	w8, w8, w16
	add	w9, w9, w17
	stp	w6, w7, [state, #8]
	add	w10, w10, w12
	add	w11, w11, w13
	stp	w8, w9, [state, #16]
	subs	nblk, nblk, #1
	stp	w10, w11, [state, #24]
.Lneon_block_end:
	b.ne	.Lneon_block

	ldp	x19, x20, [sp, #64]
	ldp	x21, x22, [sp, #80]
	ldp	x23, x24, [sp, #96]
	add	sp, sp, #112
.Lneon_ret:
	ret
SYM_FUNC_END(rsha_sha256_arm64_neon)

	sha256_rounds_unreq
	.unreq	rot1
	.unreq	rot0
	.unreq	ring16
	.unreq	ring32
	.unreq	ring48
	.unreq	ring0
	.unreq	ring1
	.unreq	ring2
	.unreq	ring3
	.unreq	t0
	.unreq	t1
	.unreq	t2
	.unreq	t3
