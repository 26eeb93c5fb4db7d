// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for 32-bit ARM (ARMv7-A) with NEON (no ARMv8
 * crypto instructions); SHA-384 uses the same block function with its own
 * IV.
 *
 * void rsha_sha512_arm_neon(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Only call between kernel_neon_begin()
 * and kernel_neon_end(). Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: immediate shifts only, ldrd/strd on
 * even/odd register pairs with offsets below 256, explicit it blocks.
 * Input is read with vld1.8 (no alignment needed); state[] with vld1.64
 * (8-byte aligned is enough), K with vld1.64 :128 (it is 16-byte aligned).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12, flags, q0-q3 and q8-q15 (d0-d7, d16-d31: caller-saved);
 * saves and restores r4-r11 and lr (lr is the W[] ring pointer; no calls
 * are made); d8-d15 are not touched.
 * Stack: 184 bytes (128 for the W[] ring, 16 for the state/next-block/
 * nblocks/loop-count slots, 40 for r3-r11, lr), sp stays 8-byte aligned.
 * Sections: .text (ARM 6020 bytes, Thumb-2 5916 bytes) and .rodata
 * (640 bytes of K, 16-byte aligned). K is reached through a literal word
 * next to the code (R_ARM_ABS32, loaded pc-relative with ldr), the same in
 * ARM and Thumb-2, no movw/movt needed.
 *
 * Design. The d registers hold 64-bit words, so the 80 rounds run wholly
 * in NEON (state in d16-d23, names rotated through macro arguments), 26
 * NEON instructions a round plus half a vadd.i64 q for K + W of two
 * rounds: Sigma0/Sigma1 are three vshr + vsli rotates and two veor each;
 * Ch = vbit into a copy of g (made a round early, so Ch is one step after
 * e); Maj = vbsl with mask b ^ c (made a round early: b, c are older than
 * a, so Maj too is one step after a); six vadd.i64. On the reference
 * model (llvm-mca's Cortex-A15: 2-wide in-order dispatch, one NEON
 * instruction a cycle, 3-cycle NEON latency, a NEON instruction whose
 * inputs are not ready holds up dispatch) the round is software-pipelined
 * by hand (see ROUND): every NEON input is at least three NEON slots old,
 * the e chain of round t+1 starts while round t's Sigma0/Maj tail runs.
 * The message schedule would cost the NEON unit some 10 more instructions
 * a word; the integer unit, idle otherwise, does it instead (33
 * instructions a word: sigma0/sigma1 on register pairs with shifted
 * operands, from sha512-rotate.h as in the scalar core), W[t+16] during
 * round t of rounds 0..63, its instructions spread between the NEON
 * ones, into a 16-word ring on the stack, from which NEON loads W pairs
 * with vld1 two rounds ahead. During rounds 64..79 NEON byte-swaps the
 * next block into the ring (the last block reloads itself, so nothing
 * past the input is read). The 16-round body (a multiple of the rotation
 * period 8 and the ring size) is a loop run 4 times, then once more
 * without the schedule.
 *
 * llvm-mca-19 cycles per 128-byte block (-iterations=100; one whole
 * block cut out of the execution trace, the chunk loop run as often as
 * it runs, as scripts/mca-table.sh measures it, ARM and Thumb-2; in-tree =
 * Linux 6.12 sha512_block_data_order_neon from arch/arm/crypto/
 * sha512-armv4.pl, its 16-round loop unrolled 4x; cortex-a15 and cortex-a9
 * share one llvm model):
 *
 *	CPU		build	ours	in-tree	ours/in-tree
 *	cortex-a15	ARM	2421.0	2904.0	0.83
 *	cortex-a15	Thumb-2	2392.0	2904.0	0.82
 *	cortex-a57	ARM	1653.2	1858.1	0.89
 *	cortex-a57	Thumb-2	1653.2	1858.1	0.89
 *
 * (llvm-mca leaves out the in-tree loop's one vldmia and our one it a
 * block, having no timing for them. Rounds 0..63 are dispatch-bound, 27
 * NEON + 33 integer + 1 vld1 instructions in some 30.5 cycles; rounds
 * 64..79 NEON-bound at 27. Spreading the schedule over all 80 rounds would
 * make every round NEON-bound (about 2200 cycles) but needs the 80 rounds
 * unrolled, some 17 KiB of code: not worth the instruction cache. The
 * model counts vld1/vst1 as free; they are 1.5 a round here, as in the
 * in-tree core.)
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha512-k.h"
#include "sha512-rotate.h"

	.syntax	unified
	.arch	armv7-a
	.fpu	neon

	.section .rodata
	.balign	16
.Lsha512_k_arm_neon:
	sha512_k_table
	.size	.Lsha512_k_arm_neon, . - .Lsha512_k_arm_neon

	.text

	kptr	.req	r12		// K pair of the next K+W (vld1 ...!)
	wptr	.req	lr		// W pair of the next K+W (ring)

// Stack frame (below the 40 bytes of saved registers)
#define W_SLOT(i)	(8 * ((i) & 15))	// W[] ring
#define STATE_SLOT	128		// u64 *state
#define NEXT_SLOT	132		// block the last rounds load
#define NBLK_SLOT	136		// blocks left, this one included
#define CNT_SLOT	140		// schedule chunks left
#define FRAME		144

/*
 * Instruction i (0..32) of schedule step j (16..31 within the chunk):
 * W[j] = sigma1(W[j-2]) + W[j-7] + sigma0(W[j-15]) + W[j-16], into the ring
 * slot of W[j-16]. Register pairs:
 *   p1  W[j-1]; stored here (deferred from the step that made it)
 *   p2  W[j-2]
 *   q   W[j-16], becomes W[j]
 *   r   receives W[j-15] (the next step's q)
 *   r8:r9 sigma1(W[j-2]); r10:r11 W[j-7], then sigma0(W[j-15])
 * Next step: p1 = q, p2 = p1, q = r, r = p2. Loads are single ldr (the
 * model's ldrd would take the NEON unit's address-generation slot).
 * sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 * sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6)
 * S1H/S0H k, h emit term k of half h of these (sha512_sigh, from
 * sha512-rotate.h, shared with the scalar core).
 */
.macro	S1H k, h, xl, xh
	.if \h == 0
	sha512_sigh \k, 0, r8, \xl, \xh, 19, 61, 6, 1
	.else
	sha512_sigh \k, 1, r9, \xl, \xh, 19, 61, 6, 1
	.endif
.endm
.macro	S0H k, h, xl, xh
	.if \h == 0
	sha512_sigh \k, 0, r10, \xl, \xh, 1, 8, 7, 1
	.else
	sha512_sigh \k, 1, r11, \xl, \xh, 1, 8, 7, 1
	.endif
.endm

.macro	SCHED_OP i, j, p1l, p1h, p2l, p2h, ql, qh, rl, rh
	.if \i == 0
	ldr	\rl, [sp, #W_SLOT(\j-15)]
	.elseif \i == 1
	ldr	\rh, [sp, #W_SLOT(\j-15)+4]
	.elseif \i == 2
	S1H	0, 0, \p2l, \p2h
	.elseif \i == 3
	S1H	0, 1, \p2l, \p2h
	.elseif \i == 4
	ldr	r10, [sp, #W_SLOT(\j-7)]
	.elseif \i == 5
	ldr	r11, [sp, #W_SLOT(\j-7)+4]
	.elseif \i == 6
	S1H	1, 0, \p2l, \p2h
	.elseif \i == 7
	S1H	1, 1, \p2l, \p2h
	.elseif \i == 8
	strd	\p1l, \p1h, [sp, #W_SLOT(\j-1)]
	.elseif \i == 9
	S1H	2, 0, \p2l, \p2h
	.elseif \i == 10
	S1H	2, 1, \p2l, \p2h
	.elseif \i == 11
	adds	\ql, \ql, r10
	.elseif \i == 12
	adc	\qh, \qh, r11			// W[j-16] + W[j-7]
	.elseif \i == 13
	S0H	0, 0, \rl, \rh
	.elseif \i == 14
	S0H	0, 1, \rl, \rh
	.elseif \i == 15
	S1H	3, 0, \p2l, \p2h
	.elseif \i == 16
	S1H	3, 1, \p2l, \p2h
	.elseif \i == 17
	S0H	1, 0, \rl, \rh
	.elseif \i == 18
	S0H	1, 1, \rl, \rh
	.elseif \i == 19
	S1H	4, 0, \p2l, \p2h
	.elseif \i == 20
	S1H	4, 1, \p2l, \p2h
	.elseif \i == 21
	S0H	2, 0, \rl, \rh
	.elseif \i == 22
	S0H	2, 1, \rl, \rh
	.elseif \i == 23
	S1H	5, 0, \p2l, \p2h		// sigma1(W[j-2])
	.elseif \i == 24
	S0H	3, 0, \rl, \rh
	.elseif \i == 25
	S0H	3, 1, \rl, \rh
	.elseif \i == 26
	adds	\ql, \ql, r8
	.elseif \i == 27
	adc	\qh, \qh, r9
	.elseif \i == 28
	S0H	4, 0, \rl, \rh
	.elseif \i == 29
	S0H	4, 1, \rl, \rh
	.elseif \i == 30
	S0H	5, 0, \rl, \rh			// sigma0(W[j-15])
	.elseif \i == 31
	adds	\ql, \ql, r10
	.elseif \i == 32
	adc	\qh, \qh, r11			// W[j]
	.endif
.endm

/* The pairs r0:r1, r2:r3, r4:r5, r6:r7 take turns as p1, p2, q, r. */
.macro	SCHED_OP_T i, j
	.if (\j % 4) == 0
	  SCHED_OP \i, \j, r0, r1, r2, r3, r4, r5, r6, r7
	.elseif (\j % 4) == 1
	  SCHED_OP \i, \j, r4, r5, r0, r1, r6, r7, r2, r3
	.elseif (\j % 4) == 2
	  SCHED_OP \i, \j, r6, r7, r4, r5, r2, r3, r0, r1
	.else
	  SCHED_OP \i, \j, r2, r3, r6, r7, r0, r1, r4, r5
	.endif
.endm

/*
 * After NEON slot s (0..26) of round t: schedule instructions
 * 33 * s / 27 .. 33 * (s + 1) / 27 - 1 of step t + 16 (sched = 1), or
 * nothing (sched = 0).
 */
.macro	INT_SLOT t, s, sched
	.if \sched
	.set	.Li, (33 * \s) / 27
	.rept	(33 * (\s + 1)) / 27 - (33 * \s) / 27
	SCHED_OP_T .Li, (\t + 16)
	.set	.Li, .Li + 1
	.endr
	.endif
.endm

/*
 * One round t (0..15 within the chunk); a..h are d register NUMBERS
 * (rotated by the caller). On entry h already holds h + K[t] + W[t]
 * (HK), d30 a copy of g, d31 b ^ c (made by round t-1). Temporaries:
 * d24-d26 Sigma1 terms, d27-d29 Sigma0 terms, d30 Ch, d31 Maj; q0/q1 hold
 * K+W of rounds t..t+3 (d(t % 4) = K+W[t]), q2/q3 K and W pairs loaded
 * for the next pair.
 *
 * Slot order, with the NEON slot each input is made in (all at least 3
 * slots back, next round = slot + 27):
 *   0-2   Sigma1 vshr (e: round t-1's slot 17)
 *   3     Ch = vbit(g copy, f, e)
 *   4-6   Sigma1 vsli (0-2)
 *   7     h += Ch (3)			8    Sigma1 veor (4, 5)
 *   9,10  Sigma0 vshr (a: round t-1's slot 26)
 *   11    Sigma1(e) (8, 6)		12   Sigma0 vshr
 *   13    Maj = vbsl(b ^ c, a, b)	14   h += Sigma1: T1 (11, 7)
 *   15,16 Sigma0 vsli (9, 10)		17   d += T1: new e (14)
 *   18    T1 + Maj (14, 13)		19   Sigma0 vsli (12)
 *   20    Sigma0 veor (15, 16)	21   K+W of rounds t+2, t+3 (even t)
 *   22    next h (= g) += K+W[t+1]	23   Sigma0(a) (20, 19)
 *   24    Ch copy of next g (= f)	25   next b ^ c (= a ^ b)
 *   26    + Sigma0: new a, in h's register (23, 18)
 * The e chain (0 .. 17) has 7 slots of slack a round; the a chain
 * (round t-1's 26 .. 26) is 27 slots long with the T1 it waits for ready
 * at 17.
 *
 * sched: interleave schedule step t + 16. last (the last chunk, no
 * schedule): even rounds also byte-swap the next block's W[t..t+1] into
 * the ring slots just read (r0: next block, r1: ring), round 14 rewinds
 * K, round 15 leaves round 0's set-up to the block tail (the state is not
 * final yet).
 *
 * Sigma0(a) = ror(a,28) ^ ror(a,34) ^ ror(a,39)
 * Sigma1(e) = ror(e,14) ^ ror(e,18) ^ ror(e,41)
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, sched, last
	vshr.u64	d24, d\e, #14
	INT_SLOT \t, 0, \sched
	vshr.u64	d25, d\e, #18
	INT_SLOT \t, 1, \sched
	vshr.u64	d26, d\e, #41
	INT_SLOT \t, 2, \sched
	vbit		d30, d\f, d\e		// Ch(e,f,g)
	INT_SLOT \t, 3, \sched
	vsli.64		d24, d\e, #50
	INT_SLOT \t, 4, \sched
	vsli.64		d25, d\e, #46
	INT_SLOT \t, 5, \sched
	vsli.64		d26, d\e, #23
	INT_SLOT \t, 6, \sched
	vadd.i64	d\h, d\h, d30
	INT_SLOT \t, 7, \sched
	veor		d24, d24, d25
	INT_SLOT \t, 8, \sched
	vshr.u64	d27, d\a, #28
	INT_SLOT \t, 9, \sched
	vshr.u64	d28, d\a, #34
	INT_SLOT \t, 10, \sched
	veor		d24, d24, d26		// Sigma1(e)
	INT_SLOT \t, 11, \sched
	vshr.u64	d29, d\a, #39
	.if (\t % 2) == 0
	.if (\last && (\t % 16) == 14)
	sub		kptr, kptr, #640	// K[0..1] for the next block
	.endif
	vld1.64		{d4-d5}, [kptr :128]!	// K[t+2..t+3]
	.endif
	INT_SLOT \t, 12, \sched
	vbsl		d31, d\a, d\b		// Maj(a,b,c)
	INT_SLOT \t, 13, \sched
	vadd.i64	d\h, d\h, d24		// T1
	INT_SLOT \t, 14, \sched
	vsli.64		d27, d\a, #36
	.if (\t % 2) == 0
	.if (\t % 16) == 14
	mov		wptr, sp		// W[t+2] is in ring slot 0
	.endif
	vld1.64		{d6-d7}, [wptr]!	// W[t+2..t+3]
	.endif
	INT_SLOT \t, 15, \sched
	vsli.64		d28, d\a, #30
	INT_SLOT \t, 16, \sched
	vadd.i64	d\d, d\d, d\h		// d + T1: next round's e
	INT_SLOT \t, 17, \sched
	vadd.i64	d\h, d\h, d31		// T1 + Maj
	INT_SLOT \t, 18, \sched
	vsli.64		d29, d\a, #25
	INT_SLOT \t, 19, \sched
	veor		d27, d27, d28
	INT_SLOT \t, 20, \sched
	.if (\t % 2) == 0
	  .if (\t % 4) == 0
	vadd.i64	q1, q2, q3		// K+W[t+2..t+3]
	  .else
	vadd.i64	q0, q2, q3
	  .endif
	  .if \last
	vld1.8		{d4-d5}, [r0]!		// next block, W[t..t+1]
	  .endif
	.endif
	INT_SLOT \t, 21, \sched
	.if !(\last && (\t % 16) == 15)
	  .if ((\t + 1) % 4) == 0
	vadd.i64	d\g, d\g, d0		// next h += K+W[t+1]
	  .elseif ((\t + 1) % 4) == 1
	vadd.i64	d\g, d\g, d1
	  .elseif ((\t + 1) % 4) == 2
	vadd.i64	d\g, d\g, d2
	  .else
	vadd.i64	d\g, d\g, d3
	  .endif
	.endif
	INT_SLOT \t, 22, \sched
	veor		d27, d27, d29		// Sigma0(a)
	.if (\last && (\t % 2) == 0)
	vrev64.8	q2, q2
	.endif
	INT_SLOT \t, 23, \sched
	.if !(\last && (\t % 16) == 15)
	vmov		d30, d\f		// next g, for Ch
	.endif
	INT_SLOT \t, 24, \sched
	.if !(\last && (\t % 16) == 15)
	veor		d31, d\a, d\b		// next b ^ c, for Maj
	.endif
	INT_SLOT \t, 25, \sched
	vadd.i64	d\h, d\h, d27		// + Sigma0(a): next round's a
	INT_SLOT \t, 26, \sched
	.if (\last && (\t % 2) == 0)
	vst1.64		{d4-d5}, [r1]!
	.endif
.endm

/* Round t with the state rotation of t % 8 (a = d16 at t % 8 == 0). */
.macro	ROUND_T t, sched, last
	.if (\t % 8) == 0
	  ROUND \t, 16, 17, 18, 19, 20, 21, 22, 23, \sched, \last
	.elseif (\t % 8) == 1
	  ROUND \t, 23, 16, 17, 18, 19, 20, 21, 22, \sched, \last
	.elseif (\t % 8) == 2
	  ROUND \t, 22, 23, 16, 17, 18, 19, 20, 21, \sched, \last
	.elseif (\t % 8) == 3
	  ROUND \t, 21, 22, 23, 16, 17, 18, 19, 20, \sched, \last
	.elseif (\t % 8) == 4
	  ROUND \t, 20, 21, 22, 23, 16, 17, 18, 19, \sched, \last
	.elseif (\t % 8) == 5
	  ROUND \t, 19, 20, 21, 22, 23, 16, 17, 18, \sched, \last
	.elseif (\t % 8) == 6
	  ROUND \t, 18, 19, 20, 21, 22, 23, 16, 17, \sched, \last
	.else
	  ROUND \t, 17, 18, 19, 20, 21, 22, 23, 16, \sched, \last
	.endif
.endm

/* 16 rounds with (sched = 1) or without the schedule steps. */
.macro	ROUNDS16 sched, last
	.set	.Lt, 0
	.rept	16
	ROUND_T	.Lt, \sched, \last
	.set	.Lt, .Lt + 1
	.endr
.endm

/* One pass of the chunk loop: 16 rounds and schedule steps, loop count. */
.macro	CHUNK_BODY
	ROUNDS16 1, 0
	ldr	r8, [sp, #CNT_SLOT]
	subs	r8, r8, #1
	str	r8, [sp, #CNT_SLOT]
.endm

/*
 * Round 0's set-up (see ROUND) from the state in d16-d23 and K+W[0] in
 * d0: h += K+W[0], d30 = g, d31 = b ^ c.
 */
.macro	ROUND0_SETUP
	vadd.i64	d23, d23, d0
	vmov		d30, d22
	veor		d31, d17, d18
.endm

	.balign	4
.Lsha512_k_arm_neon_addr:
	.long	.Lsha512_k_arm_neon

SYM_FUNC_START(rsha_sha512_arm_neon)
	rsha_arm_enter FRAME
	ldr	kptr, .Lsha512_k_arm_neon_addr
	add	r3, r1, #128
	cmp	r2, #1
	it	eq
	moveq	r3, r1				// one block: it "loads" itself
	str	r0, [sp, #STATE_SLOT]
	str	r3, [sp, #NEXT_SLOT]
	str	r2, [sp, #NBLK_SLOT]

	// The first block into the ring, its K+W[0..1] into q0, the state
	// into d16-d23 (a..h).
	mov	wptr, sp
	.rept	4
	vld1.8		{d4-d7}, [r1]!
	vrev64.8	q2, q2
	vrev64.8	q3, q3
	vst1.64		{d4-d7}, [wptr]!
	.endr
	vld1.64		{d16-d19}, [r0]!
	vld1.64		{d20-d23}, [r0]
	mov	wptr, sp
	vld1.64		{d4-d5}, [kptr :128]!
	vld1.64		{d6-d7}, [wptr]!
	vadd.i64	q0, q2, q3
	ROUND0_SETUP

	// kptr: K[2]; wptr: W[2] (ring); the ring holds W[0..15], q0 K+W[0..1]
.Lneon_block:
	ldrd	r0, r1, [sp, #W_SLOT(15)]		// step 16: p1 = W[15], p2 = W[14],
	ldrd	r2, r3, [sp, #W_SLOT(14)]		// q = W[0]
	ldrd	r4, r5, [sp, #W_SLOT(0)]
	mov	r8, #4
	str	r8, [sp, #CNT_SLOT]

.Lneon_chunk:
	CHUNK_BODY
	bne	.Lneon_chunk

.Lneon_last:
	strd	r0, r1, [sp, #W_SLOT(15)]		// step 79's word
	ldr	r0, [sp, #NEXT_SLOT]
	mov	r1, sp
	ROUNDS16 0, 1

	// Feed-forward (the rotation is back at a = d16); a (d16) is the
	// newest result, so it goes last.
	ldr	r2, [sp, #STATE_SLOT]
	vld1.64		{d24-d27}, [r2]!
	vld1.64		{d28-d31}, [r2]
	vadd.i64	q11, q11, q15
	vadd.i64	q10, q10, q14
	vadd.i64	q9, q9, q13
	ldr	r3, [sp, #NBLK_SLOT]
	vadd.i64	q8, q8, q12
	ldr	r0, [sp, #NEXT_SLOT]
	vst1.64		{d20-d23}, [r2]
	sub	r2, r2, #32
	cmp	r3, #2
	it	hi
	addhi	r0, r0, #128			// >= 2 more blocks: the one after next
	ROUND0_SETUP
	str	r0, [sp, #NEXT_SLOT]
	vst1.64		{d16-d19}, [r2]
	subs	r3, r3, #1
	str	r3, [sp, #NBLK_SLOT]
.Lneon_block_end:
	bne	.Lneon_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha512_arm_neon)

	.unreq	kptr
	.unreq	wptr
