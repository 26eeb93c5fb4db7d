// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for arm64 using the ARMv8.2 SHA-512 Crypto
 * Extensions (FEAT_SHA512: sha512h, sha512h2, sha512su0, sha512su1);
 * SHA-384 uses the same block function with its own IV.
 *
 * void rsha_sha512_arm64_ce(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding. The caller must own the SIMD unit (kernel_neon_begin()/
 * kernel_neon_end() in the kernel) and must only call it where
 * FEAT_SHA512 is present.
 *
 * Calling convention: AAPCS64. Clobbers x1-x3, v0-v7, v16-v31 and flags;
 * never touches x4-x30 or v8-v15 (so no d8-d15 save is needed).
 * Stack: none.
 * Sections: .text (1.9 KiB) and .rodata (640 bytes of K, reached with
 * adrp/add :lo12:, so fine in a module).
 *
 * The instructions (Arm ARM pseudocode; vectors written [lane 0, lane 1],
 * lane 0 = bits 63:0, the lower address in memory; x is the destination,
 * also read):
 *   sha512h   Qx, Qn, Vm.2D, with n = [f, g], m = [d, e]:
 *	x1' = Ch(e, f, g) + Sigma1(e) + x1		T1 of the first round
 *	t   = x1' + d					its new e
 *	x0' = Ch(t, e, f) + Sigma1(t) + x0		T1 of the second round
 *   sha512h2  Qx, Qn, Vm.2D, with n = [c, -], m = [a, b]:
 *	x1' = Maj(c, b, a) + Sigma0(a) + x1		new a, if x1 = T1
 *	x0' = Maj(x1', a, b) + Sigma0(x1') + x0		the next, if x0 = T1
 *   sha512su0 Vx.2D, Vn.2D: x = [x0 + sigma0(x1), x1 + sigma0(n0)]
 *   sha512su1 Vx.2D, Vn.2D, Vm.2D: x = x + sigma1(n) + m, lane by lane
 * (tests/cores checks the operand order below against the C reference).
 * So a "step" does rounds 2p and 2p+1 on the state as four pairs in
 * memory order, ab = [a, b], cd, ef, gh: with WK = W + K of the two
 * rounds, x = [WK[2p+1], WK[2p]] + gh (lane 1 holds the first round),
 *	T   = sha512h(x, [f, g], [d, e])	= [T1 of 2p+1, T1 of 2p]
 *	ab' = sha512h2(T, cd, ab)		= [a'', a']
 *	ef' = cd + T				= [e'', e']
 *	cd' = ab, gh' = ef
 * with [f, g] = ext(ef, gh, #8) and [d, e] = ext(cd, ef, #8). The two
 * exts read the ef' of the step before, made by the add from its
 * sha512h: three dependent instructions from one sha512h to the next
 * ("plain" step). A "folded" step adds cd into x as well and passes
 * [0, e] for [d, e]: lane 1 of the result is then T1 + d = e' (and t
 * = x1' + 0 is e' too) and lane 0 is T1 + c = e'', i.e. sha512h
 * returns ef' itself; the next step's exts read it directly (two
 * dependent instructions per step) and T = ef' - cd feeds sha512h2. It
 * costs one more instruction (the add of cd into x), and that add hangs
 * step p+2 on the sha512h2 of step p, which is again two instructions
 * per step (sub, sha512h2, add, sha512h over two steps).
 *
 * Design: the 40 steps of a block are unrolled, register names computed
 * per step (rsha_reg, ../regs.h): the W pairs rotate through v0-v7
 * (W[2q..2q+1] in v(q % 8); step q replaces it with W[2q+16..2q+17]:
 * sha512su0, an ext for W[2q+9..2q+10], sha512su1), the ab values through
 * v16-v19 (ab of step p in A(p) = v(16 + p % 4), so cd is A(p-1)), the ef
 * values through v20-v23 (ef of step p in E(p-1), gh in E(p-2)); 40 is a
 * multiple of 4, so every block starts with the state in the same
 * registers. x is built in three stages, the first (ldr K, add W, ext
 * swap) three steps ahead in v28-v30. The work of steps p-1..p+3 is
 * interleaved in the code of step p (STEP) so that the in-order
 * Cortex-A53 (6-cycle SIMD results) seldom waits; out-of-order cores do
 * not mind the order. Every third step (0, 3, .., 39: .Lfold_every) is
 * folded, from the llvm-mca-19 models: plain steps are latency-bound (3
 * dependent SIMD instructions per step), a folded step has one more
 * instruction for the two SIMD pipes of Neoverse N1/N2 and Cortex-A710 to
 * issue. N1, per block: all plain 244 cycles (latency, like the in-tree
 * core), all folded 236 (= its resource bound), a third folded 223 (=
 * bound, 489 instructions). Irregular sets found by a search over the
 * models were no better on N1 and within 2 % on the others. (The A53,
 * A57, A72 and N1 models time the SHA-512 instructions, which those CPUs
 * lack, as plain SIMD instructions.)
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha512_arm64.rs.
 */

#include <linux/linkage.h>
#include "../sha512-k.h"
#include "../regs.h"

	.arch	armv8.2-a+sha3		// FEAT_SHA512 is "sha3" to LLVM and gas

	.section .rodata
	.balign	16
.Lsha512_k_ce:
	sha512_k_table
	.size	.Lsha512_k_ce, . - .Lsha512_k_ce

	.text

	state	.req	x0
	data	.req	x1
	nblk	.req	x2
	kptr	.req	x3
	// v0-v7: W pairs (W[2q..2q+1] of step q in v(q % 8))
	// v16-v19: A(p), v20-v23: E(p), v28-v30: P(q) (see below)
	vzero	.req	v24		// [0, 0]
	vfg	.req	v25		// [f, g] of the next sha512h
	qfg	.req	q25
	vde	.req	v26		// [d, e] ([0, e] when folded)
	vw9	.req	v27		// W[2q+9..2q+10] for SCHED_SU1
	// v25-v28: also the old state at the end of the block

// Register numbers of the rings (x may be negative: the steps -3..-1 of
// the block prologue, and the registers of the state before step 0).
#define AR(x)	(16 + ((x) + 80) % 4)	/* A(x): ab of step x */
#define ER(x)	(20 + ((x) + 80) % 4)	/* E(x): ef of step x+1, x of step x if folded */
#define PR(x)	(28 + ((x) + 81) % 3)	/* P(x): swapped W + K of step x */

// Every third step (0, 3, .., 39) is folded.
	.set	.Lfold_every, 3

/*
 * step_in q: .Lok = 1 if 0 <= q <= 39, .Lfold = 1 if step q is folded
 * (.Lqv = q).
 * sched_in q: .Lok = 1 if 0 <= q <= 31 (step q makes W[q+8]). Every part
 * below starts with one of them, so the prologue and the last steps can
 * call STEP for steps that do not exist.
 */
.macro	step_in q
	.set	.Lqv, \q
	.set	.Lok, 0
	.if .Lqv >= 0
	.if .Lqv <= 39
	.set	.Lok, 1
	.endif
	.endif
	.set	.Lqm, (\q + 120) % .Lfold_every
	.set	.Lfold, 0
	.if .Lqm == 0
	.set	.Lfold, 1
	.endif
.endm

.macro	sched_in q
	.set	.Lqv, \q
	.set	.Lok, 0
	.if .Lqv >= 0
	.if .Lqv <= 31
	.set	.Lok, 1
	.endif
	.endif
.endm

/*
 * x of step q, in stages: WK_LOAD, WK_ADDW, WK_SWAP leave
 * [WK[2q+1], WK[2q]] in P(q); X_GH (folded) or X_FIN (plain) add gh
 * (E(q-2)) and put x where sha512h of step q writes its result: E(q) when
 * folded (ef'), A(q+1) when plain (T, where sha512h2 wants it). X_FIN of
 * a folded step adds cd (A(q-1), made by sha512h2 of step q-2).
 */
.macro	WK_LOAD q
	step_in	\q
	.if .Lok
	rsha_reg r_pq, q, PR(\q)
	ldr	r_pq, [kptr, #16 * (\q)]		// K[2q], K[2q+1]
	.endif
.endm

.macro	WK_ADDW q
	step_in	\q
	.if .Lok
	rsha_reg r_p, v, PR(\q)
	rsha_reg r_w, v, (((\q) + 80) % 8)
	add	r_p.2d, r_p.2d, r_w.2d
	.endif
.endm

.macro	WK_SWAP q
	step_in	\q
	.if .Lok
	rsha_reg r_p, v, PR(\q)
	ext	r_p.16b, r_p.16b, r_p.16b, #8		// [WK[2q+1], WK[2q]]
	.endif
.endm

.macro	X_GH q
	step_in	\q
	.if .Lok && .Lfold
	rsha_reg r_p, v, PR(\q)
	rsha_reg r_x, v, ER(\q)
	rsha_reg r_gh, v, ER((\q) - 2)
	add	r_x.2d, r_p.2d, r_gh.2d
	.endif
.endm

.macro	X_FIN q
	step_in	\q
	.if .Lok && .Lfold
	rsha_reg r_x, v, ER(\q)
	rsha_reg r_cd, v, AR((\q) - 1)
	add	r_x.2d, r_x.2d, r_cd.2d			// + [c, d]
	.elseif .Lok
	rsha_reg r_p, v, PR(\q)
	rsha_reg r_x, v, AR((\q) + 1)
	rsha_reg r_gh, v, ER((\q) - 2)
	add	r_x.2d, r_p.2d, r_gh.2d			// + [g, h]
	.endif
.endm

/*
 * The round operands of step q from ef (E(q-1)), gh (E(q-2)) and cd
 * (A(q-1)): vfg = [f, g]; vde = [d, e], or [0, e] when folded (d is in x).
 */
.macro	OP_FG q
	step_in	\q
	.if .Lok
	rsha_reg r_ef, v, ER((\q) - 1)
	rsha_reg r_gh, v, ER((\q) - 2)
	ext	vfg.16b, r_ef.16b, r_gh.16b, #8
	.endif
.endm

.macro	OP_DE q
	step_in	\q
	.if .Lok
	rsha_reg r_ef, v, ER((\q) - 1)
	.if .Lfold
	ext	vde.16b, vzero.16b, r_ef.16b, #8
	.else
	rsha_reg r_cd, v, AR((\q) - 1)
	ext	vde.16b, r_cd.16b, r_ef.16b, #8
	.endif
	.endif
.endm

/*
 * HASH_E: sha512h of step q: ef' into E(q) (folded) or T into A(q+1)
 * (plain). HASH_T: the other one of T and ef': T = ef' - cd into A(q+1)
 * or ef' = T + cd into E(q). HASH_A: sha512h2 of step q turns T (A(q+1))
 * into ab' with cd (A(q-1), only its c is read) and ab (A(q)).
 */
.macro	HASH_E q
	step_in	\q
	.if .Lok && .Lfold
	rsha_reg r_xq, q, ER(\q)
	sha512h	r_xq, qfg, vde.2d
	.elseif .Lok
	rsha_reg r_xq, q, AR((\q) + 1)
	sha512h	r_xq, qfg, vde.2d
	.endif
.endm

.macro	HASH_T q
	step_in	\q
	.if .Lok
	rsha_reg r_t, v, AR((\q) + 1)
	rsha_reg r_e, v, ER(\q)
	rsha_reg r_cd, v, AR((\q) - 1)
	.if .Lfold
	sub	r_t.2d, r_e.2d, r_cd.2d
	.else
	add	r_e.2d, r_t.2d, r_cd.2d
	.endif
	.endif
.endm

.macro	HASH_A q
	step_in	\q
	.if .Lok
	rsha_reg r_tq, q, AR((\q) + 1)
	rsha_reg r_cdq, q, AR((\q) - 1)
	rsha_reg r_ab, v, AR(\q)
	sha512h2 r_tq, r_cdq, r_ab.2d
	.endif
.endm

/*
 * Message schedule, in step q < 32: W[2q+16..2q+17] replaces W[2q..2q+1]
 * in w = v(q % 8), from the pairs in v(q % 8)..v((q + 7) % 8) (indices
 * relative to 2q):
 *   SCHED_SU0: w = [W0 + sigma0(W1), W1 + sigma0(W2)]
 *   SCHED_EXT: vw9 = [W9, W10]
 *   SCHED_SU1: w += sigma1([W14, W15]) + vw9
 */
.macro	SCHED_SU0 q
	sched_in \q
	.if .Lok
	rsha_reg r_w, v, (((\q) + 80) % 8)
	rsha_reg r_w1, v, (((\q) + 81) % 8)
	sha512su0 r_w.2d, r_w1.2d
	.endif
.endm

.macro	SCHED_EXT q
	sched_in \q
	.if .Lok
	rsha_reg r_w4, v, (((\q) + 84) % 8)
	rsha_reg r_w5, v, (((\q) + 85) % 8)
	ext	vw9.16b, r_w4.16b, r_w5.16b, #8
	.endif
.endm

.macro	SCHED_SU1 q
	sched_in \q
	.if .Lok
	rsha_reg r_w, v, (((\q) + 80) % 8)
	rsha_reg r_w7, v, (((\q) + 87) % 8)
	sha512su1 r_w.2d, r_w7.2d, vw9.2d
	.endif
.endm

/*
 * The code of step p: its sha512h first, then the sha512h2 of step p-1,
 * the stages of x for steps p+1..p+3, the schedule (W[2p+16..2p+17]), the
 * operands of step p+1 and this step's T/ef'. A folded step's ef' is
 * ready one instruction after its sha512h, so the operands of step p+1
 * come early; a plain step's ef' comes from HASH_T, so they come last.
 * Steps -3..-1 are the prologue of the block (x of steps 0..2, operands
 * of step 0), step 40 is the sha512h2 of step 39.
 */
.macro	STEP p
	step_in	\p
	.if .Lqv < 0
	.set	.Lfold, 1
	.endif
	.if .Lfold
	HASH_E	\p
	HASH_A	(\p - 1)
	WK_LOAD	(\p + 3)
	WK_SWAP	(\p + 2)
	SCHED_SU0 \p
	SCHED_EXT \p
	OP_FG	(\p + 1)
	X_FIN	(\p + 1)
	OP_DE	(\p + 1)
	HASH_T	\p
	WK_ADDW	(\p + 3)
	SCHED_SU1 \p
	X_GH	(\p + 2)
	.else
	HASH_E	\p
	HASH_A	(\p - 1)
	WK_LOAD	(\p + 3)
	WK_SWAP	(\p + 2)
	SCHED_SU0 \p
	SCHED_EXT \p
	HASH_T	\p
	X_FIN	(\p + 1)
	WK_ADDW	(\p + 3)
	SCHED_SU1 \p
	OP_FG	(\p + 1)
	OP_DE	(\p + 1)
	X_GH	(\p + 2)
	.endif
.endm

SYM_FUNC_START(rsha_sha512_arm64_ce)
	cbz	nblk, .Lce_ret
	adrp	kptr, .Lsha512_k_ce
	add	kptr, kptr, :lo12:.Lsha512_k_ce
	movi	vzero.2d, #0
	// the state before step 0: ab in A(0), cd in A(-1), ef in E(-1),
	// gh in E(-2)
	ldp	q16, q19, [state]
	ldp	q23, q22, [state, #32]

.Lce_block:
	ld1	{v0.16b-v3.16b}, [data], #64
	ld1	{v4.16b-v7.16b}, [data], #64
	rev64	v0.16b, v0.16b			// W[0..1] (big-endian words)
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	rev64	v4.16b, v4.16b
	rev64	v5.16b, v5.16b
	rev64	v6.16b, v6.16b
	rev64	v7.16b, v7.16b			// W[14..15]
	.irp	p, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40
	STEP	\p
	.endr

	// Feed-forward: after 40 steps (a multiple of the ring sizes) ab,
	// cd, ef, gh are back in v16, v19, v23, v22.
	ldp	q25, q26, [state]
	ldp	q27, q28, [state, #32]
	add	v16.2d, v16.2d, v25.2d
	add	v19.2d, v19.2d, v26.2d
	add	v23.2d, v23.2d, v27.2d
	add	v22.2d, v22.2d, v28.2d
	stp	q16, q19, [state]
	stp	q23, q22, [state, #32]
	subs	nblk, nblk, #1
.Lce_block_end:
	b.ne	.Lce_block

.Lce_ret:
	ret
SYM_FUNC_END(rsha_sha512_arm64_ce)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	kptr
	.unreq	vzero
	.unreq	vfg
	.unreq	qfg
	.unreq	vde
	.unreq	vw9
