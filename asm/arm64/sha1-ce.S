// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for arm64 using the ARMv8 Crypto Extensions
 * (SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1).
 *
 * void rsha_sha1_arm64_ce(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once. No padding. The caller must own
 * the SIMD unit (kernel_neon_begin()/kernel_neon_end() in the kernel).
 *
 * Calling convention: AAPCS64. Clobbers x1, x2, x8, x9, v0-v7, v16-v31
 * and flags; uses no callee-saved register (x19-x30 and v8-v15 are left
 * alone), never touches x18.
 * Stack: none.
 * Sections: .text (512 bytes) and .rodata (16 bytes: the four K from
 * ../sha1-k.h, splatted into v16-v19 by one ld4r; reached with adrp/add
 * :lo12:, so fine in a module).
 *
 * Design: one 20-step loop per block, fully unrolled (sha1_step: 4 rounds
 * in one sha1c/sha1p/sha1m). The step chain is abcd -> hash op -> abcd;
 * e of the next step is sha1h of abcd as this step begins, so it has a
 * whole step of slack. The message schedule runs two steps ahead of use
 * (sha1_sched: sha1su1 of W(t+3), sha1su0 of W(t+4), W+K of step t+2)
 * in a four-vector ring; the next block is loaded early, byte-swapped
 * into the ring as its last words are consumed and its first two W+K
 * are made in steps 18 and 19, so the next block's first hash op waits
 * only for the feed-forward add. That add also makes a second copy of
 * the new abcd (dgn), which step 0's sha1h reads after the hash op.
 *
 * Where sha1h goes is the one real choice, and the CPUs disagree:
 * reading dg directly, it has to come before the hash op (which
 * overwrites dg), and an out-of-order core then issues it first (oldest
 * first) when abcd arrives, delaying the hash op by one cycle a step
 * (sha1h and the hash ops share one pipe: F0 on Cortex-A57/A72, V0 on
 * Neoverse N1). A
 * 64-bit copy of abcd first (mode c) lets the hash op go first and
 * sha1h read the copy afterwards, which is still in time (A57: copy 3 +
 * sha1h 3 = sha1c 6; N1: 2 + 2 = 4), but on the in-order Cortex-A53,
 * where every SIMD op takes 6 cycles, copy + sha1h = 12 makes the next
 * hash op wait. Each copy step saves an out-of-order core about one
 * cycle; a pair of them costs the A53 about four. llvm-mca-19, cycles
 * per block on the A53 / A57 (= A72) / N1 models: every step direct
 * 146 / 142 / 101, every step a copy 206 / 128 / 83, the two pairs used
 * here (steps 5-6 and 12-13, all other steps direct) 154 / 136 / 95,
 * against 166 / 146 / 104 for the in-tree 6.12 core, which keeps every
 * model at or below 0.95x of it. Table and notes:
 * Documentation/performance.rst.
 *
 * The loop count is decremented at the end of the loop (where the A53
 * waits for the feed-forward anyway) and tested with the carry, so its
 * zero flag says during the next block whether yet another block
 * follows: the next block's address is data + 64 then, and the block
 * being hashed otherwise (read again, never past the end of the input).
 *
 * Used by the driver module rust/drivers/sha1_arm64.rs.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha1-k.h"

	.arch	armv8-a+crypto

	.section .rodata
	.balign	16
.Lsha1_k_ce:
	sha1_k_table
	.size	.Lsha1_k_ce, . - .Lsha1_k_ce

	.text

	state	.req	x0
	data	.req	x1		// the block being hashed, then the next
	nblk	.req	x2		// blocks after the one being hashed
	more	.req	x8		// 1 if another block follows this one
	kptr	.req	x9
	// W(n) of the message schedule in msg<n % 4>
	msg0	.req	v0
	msg1	.req	v1
	msg2	.req	v2
	msg3	.req	v3
	// the next block as loaded, before its byte swap into msg0-msg3
	nxt0	.req	v4
	nxt1	.req	v5
	nxt2	.req	v6
	nxt3	.req	v7
	// K of steps 0-4, 5-9, 10-14, 15-19 in all four lanes
	k0	.req	v16
	k1	.req	v17
	k2	.req	v18
	k3	.req	v19
	dg	.req	v20		// abcd, updated step by step
	dgq	.req	q20
	dgs	.req	s20
	dg0	.req	v21		// abcd at the start of the block
	e0	.req	v22		// e at the start of the block (lane 0)
	e0s	.req	s22
	// e of steps 1-20 (from sha1h, upper lanes 0): e(t) in eh<t % 2>
	eh0	.req	s23
	eh1	.req	s24
	ev0	.req	v23		// eh0 as a vector: e(20) for the feed-forward
	dgn	.req	v25		// abcd at the start of the block, copy for step 0
	dgns	.req	s25
	// W(t)+K(t) in wk<t % 4>
	wk0	.req	v26
	wk1	.req	v27
	wk2	.req	v28
	wk3	.req	v29
	// low halves of abcd copied for sha1h in the copy steps: cp<t % 2>
	cp0	.req	v30
	cp1	.req	v31
	cps0	.req	s30
	cps1	.req	s31

/*
 * The message schedule work done in step t, for later steps (msg<n % 4>
 * holds W(n); W(n) for n >= 20 is the next block's W(n - 20), which is
 * byte-swapped into msg0-msg3 in steps 16-18):
 *   W(t+3) = sha1su1 of its sha1su0 partial (in msg<(t+3) % 4>) and
 *            W(t+2) (t+3 = 4..19);
 *   the partial of W(t+4): sha1su0 of W(t), W(t+1), W(t+2) in place of
 *            W(t), which step t no longer needs (t+4 <= 19);
 *   wk<(t+2) % 4> = W(t+2) + K of step t+2 (for t+2 >= 20: the next
 *            block's first two W+K, with K0).
 */
.macro	sha1_sched t
	.if (\t + 3 >= 4) && (\t + 3 <= 19)
	rsha_reg	sw, msg, ((\t + 3) % 4)
	rsha_reg	sw2, msg, ((\t + 2) % 4)
	sha1su1		sw.4s, sw2.4s
	.endif
	.if \t + 4 <= 19
	rsha_reg	sw, msg, (\t % 4)
	rsha_reg	sw1, msg, ((\t + 1) % 4)
	rsha_reg	sw2, msg, ((\t + 2) % 4)
	sha1su0		sw.4s, sw1.4s, sw2.4s
	.endif
	rsha_reg	swk, wk, ((\t + 2) % 4)
	rsha_reg	sw2, msg, ((\t + 2) % 4)
	rsha_reg	sk, k, (((\t + 2) % 20) / 5)
	add		swk.4s, sw2.4s, sk.4s
.endm

/*
 * Step t (rounds 4t..4t+3): dg = abcd, e(t) in e0s (t = 0) or
 * eh<t % 2>, W(t)+K(t) in wk<t % 4>. Also makes e(t+1) = sha1h(abcd as
 * the step begins) in eh<(t+1) % 2>, placed as mode says:
 *   f  step 0: hash op, then sha1h of dgn (the feed-forward's copy);
 *   d  sha1h of dg, then the hash op;
 *   c  copy the low half of dg into cp<t % 2>, hash op, schedule work,
 *      then sha1h of the copy;
 *   C  as c, but sha1h right after the hash op (second step of a copy
 *      pair: there the hash op waited for e(t) and the copy is ready).
 * The schedule work (sha1_sched t) follows the hash op. Instructions the
 * loop body writes after a step belong to it (loop control, the next
 * block's load and byte swaps).
 */
.macro	sha1_step t, mode
	rsha_reg	eout, eh, ((\t + 1) % 2)
	rsha_reg	wkt, wk, (\t % 4)
	rsha_reg	cpv, cp, (\t % 2)
	rsha_reg	cpt, cps, (\t % 2)
	.ifc \mode, d
	sha1h		eout, dgs
	.endif
	.ifc \mode, c
	mov		cpv.8b, dg.8b
	.endif
	.ifc \mode, C
	mov		cpv.8b, dg.8b
	.endif
	// the hash op: Ch in steps 0-4, Parity 5-9, Maj 10-14, Parity 15-19
	// (spelt out here: from a macro nested one level deeper, llvm-mca-19
	// left some of them out of the measured region)
	.if \t == 0
	sha1c		dgq, e0s, wkt.4s
	.else
	rsha_reg	ein, eh, (\t % 2)
	.if \t < 5
	sha1c		dgq, ein, wkt.4s
	.elseif (\t >= 10) && (\t < 15)
	sha1m		dgq, ein, wkt.4s
	.else
	sha1p		dgq, ein, wkt.4s
	.endif
	.endif
	.ifc \mode, f
	sha1h		eout, dgns
	.endif
	.ifc \mode, C
	sha1h		eout, cpt
	.endif
	sha1_sched	\t
	.ifc \mode, c
	sha1h		eout, cpt
	.endif
.endm

SYM_FUNC_START(rsha_sha1_arm64_ce)
	cbz		nblk, .Lce_ret
	adrp		kptr, .Lsha1_k_ce
	add		kptr, kptr, :lo12:.Lsha1_k_ce
	ld4r		{v16.4s-v19.4s}, [kptr]		// k0-k3
	ld1		{dg.4s}, [state]
	ldr		e0s, [state, #16]
	ld1		{v0.16b-v3.16b}, [data]		// msg0-msg3
	mov		dg0.16b, dg.16b
	mov		dgn.16b, dg.16b
	rev32		msg0.16b, msg0.16b
	rev32		msg1.16b, msg1.16b
	rev32		msg2.16b, msg2.16b
	rev32		msg3.16b, msg3.16b
	add		wk0.4s, msg0.4s, k0.4s
	add		wk1.4s, msg1.4s, k0.4s
	subs		nblk, nblk, #1			// Z: no block after this one

.Lce_block:
	sha1_step	0, f
	cset		more, ne			// another block after this one
	sha1_step	1, d
	sha1_step	2, d
	sha1_step	3, d
	add		data, data, more, lsl #6	// the next block, or this one
	sha1_step	4, d
	sha1_step	5, c
	sha1_step	6, C
	ld1		{v4.16b-v7.16b}, [data]		// nxt0-nxt3
	sha1_step	7, d
	sha1_step	8, d
	sha1_step	9, d
	sha1_step	10, d
	sha1_step	11, d
	sha1_step	12, c
	sha1_step	13, C
	sha1_step	14, d
	sha1_step	15, d
	sha1_step	16, d
	rev32		msg0.16b, nxt0.16b		// W(20), W(21): the next block
	rev32		msg1.16b, nxt1.16b
	sha1_step	17, d
	rev32		msg2.16b, nxt2.16b
	sha1_step	18, d
	rev32		msg3.16b, nxt3.16b
	mov		dg0.16b, dgn.16b		// abcd of this block's start
	sha1_step	19, d

	// Feed-forward (dgn first: it needs the old abcd), e(20) in eh0.
	add		e0.2s, e0.2s, ev0.2s
	add		dgn.4s, dg.4s, dg0.4s
	add		dg.4s, dg.4s, dg0.4s
	subs		nblk, nblk, #1
.Lce_block_end:
	b.hs		.Lce_block

	st1		{dg.4s}, [state]
	str		e0s, [state, #16]
.Lce_ret:
	ret
SYM_FUNC_END(rsha_sha1_arm64_ce)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	more
	.unreq	kptr
	.unreq	msg0
	.unreq	msg1
	.unreq	msg2
	.unreq	msg3
	.unreq	nxt0
	.unreq	nxt1
	.unreq	nxt2
	.unreq	nxt3
	.unreq	k0
	.unreq	k1
	.unreq	k2
	.unreq	k3
	.unreq	dg
	.unreq	dgq
	.unreq	dgs
	.unreq	dg0
	.unreq	e0
	.unreq	e0s
	.unreq	eh0
	.unreq	eh1
	.unreq	ev0
	.unreq	dgn
	.unreq	dgns
	.unreq	wk0
	.unreq	wk1
	.unreq	wk2
	.unreq	wk3
	.unreq	cp0
	.unreq	cp1
	.unreq	cps0
	.unreq	cps1
	.unreq	eout
	.unreq	wkt
	.unreq	cpv
	.unreq	cpt
	.unreq	ein
	.unreq	sw
	.unreq	sw1
	.unreq	sw2
	.unreq	swk
	.unreq	sk
