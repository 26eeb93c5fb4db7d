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
 * same source, no mode-specific code: immediate shifts only, explicit it
 * blocks. Input is read with vld1.8 (no alignment needed); state[] with
 * vldm/vstm (8-byte aligned is enough), K with vld1.64 :128 (it is 16-byte
 * aligned).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12, flags, q0-q3 and q8-q15 (d0-d7, d16-d31: caller-saved);
 * saves and restores r4-r11, lr (lr is the ring pointer of the rounds; no
 * calls are made) and d8-d15 (the message schedule's registers).
 * Stack: 240 bytes (136 for the W[] ring and its one repeated slot, 40
 * for r3-r11, lr, 64 for d8-d15), sp stays 8-byte aligned.
 * Sections: .text (ARM 4460 bytes, Thumb-2 4440 bytes) and .rodata
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
 * The message schedule runs in NEON too, two words a q register (17
 * NEON instructions a pair, as many as one word takes in d registers),
 * W[t+16..t+17] during rounds t, t+1 of rounds 0..63, its
 * instructions spread evenly between the rounds' (SCHED_SLOT), into a
 * 16-word ring on the stack, from which the rounds load W pairs with vld1
 * two rounds ahead. The words the schedule needs at odd offsets (W[j-15],
 * W[j-7]) are loaded from the ring as pairs (the ring's one repeated slot
 * makes the two pairs that wrap round one load), not put together with
 * vext: loads cost no NEON slot. During rounds 64..79 NEON byte-swaps the
 * next block into the ring (the last block reloads itself, so nothing
 * past the input is read). The 16-round body (a multiple of the rotation
 * period 8 and the ring size) is a loop run 4 times, then once more
 * without the schedule. A call's first block goes into the ring before
 * the rounds (4 vld1, 8 vrev64, one vstm): with the ring pointers and
 * d8-d15, a call costs some 28 instructions more than the in-tree core's
 * (which loads W inside its rounds), and each block 11 fewer.
 *
 * An earlier version ran the schedule on the integer unit, idle
 * otherwise (33 instructions a word, between the NEON ones): 2421 cycles
 * a block on the A15 model (0.83x in-tree), but 4.47 thousand guest
 * instructions a block against the in-tree core's 2.96 (tcrypt under
 * QEMU -icount), which made the driver 0.68-0.72x of in-tree at 16- and
 * 64-byte updates in instructions and 0.68-0.87x in TCG time. In NEON the
 * schedule costs the A15 model some 280 cycles a block more and saves a
 * third of the instructions: 2.95 thousand a block against 2.96 (2883
 * against 2894 in the one-block traces that scripts/performance/mca-table.sh cuts).
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha512_arm.rs (with asm/arm/sha512-scalar.S).
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha512-k.h"
#include "../regs.h"

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
	pnew	.req	r4		// schedule: W[j-16..j-15], W[j..j+1]
	w15p	.req	r6		// schedule: W[j-15..j-14] (not "p15": GNU as
	w7p	.req	r7		// schedule: W[j-7..j-6]    takes pN for a coprocessor)
	chunks	.req	r5		// schedule chunks left
	wrap	.req	r11		// -112: one pair's step (16) less the ring
	state	.req	r0		// u64 state[8]
	nblk	.req	r2		// blocks left, this one included (after
				// .Lneon_last: not included)

// Stack frame (below the saved r3-r11, lr and d8-d15)
#define W_SLOT(i)	(8 * ((i) & 15))	// W[] ring
#define DUP_SLOT	128		// a copy of ring slot 0
#define FRAME		136

/*
 * A pair's access insn {regs} through a ring pointer, which then steps to
 * the next pair: by 16, or, on its last access before the ring's end
 * (last = 1), by wrap, back to the ring's start.
 */
.macro	RING_STEP insn, regs, ptr, last
	.if \last
	\insn		{\regs}, [\ptr], wrap
	.else
	\insn		{\regs}, [\ptr]!
	.endif
.endm

/*
 * Schedule op i (0..19) of the word pair W[j..j+1], j = 16 + m, m even
 * (0..14 within the chunk), in NEON, two words a q register:
 *   W[j..j+1] = W[j-16..j-15] + W[j-7..j-6] + sigma1(W[j-2..j-1])
 *               + sigma0(W[j-15..j-14])
 * W[j-16..j-15] is W of rounds j-16, j-15, which ROUND loaded into q3
 * two rounds before them: op 3 reads it before ROUND reloads q3 (op 3
 * comes after slot 10 of round j-16, the reload after slot 15). q7 holds
 * W[j-2..j-1] on entry (the previous pair's result) and W[j..j+1] on exit; q6 sums the
 * terms; q4 and q5 are sigma temporaries, q4 also takes W[j-15..j-14].
 * The ring is walked a pair at a time by three pointers: w7p (W[j-7..j-6]:
 * slot m + 9, or m - 7 from m = 8 on), w15p (W[j-15..j-14]: slot m + 1)
 * and pnew (W[j..j+1]: slot m). Each steps back by the ring's size on its
 * last access before the ring's end (post-increment by wrap, -112, in
 * place of 16), so a chunk leaves them where it found them. Slot 16
 * repeats slot 0, so that the pairs that straddle the ring's end (slots
 * 15 and 0: m + 1 = 15, m + 9 = 15) are one load.
 * sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 * sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6)
 */
.macro	SCHED_OP i, m
	rsha_at \i, 0,  RING_STEP vld1.64, d12-d13, w7p, (\m == 6)	// W[j-7..j-6]
	rsha_at \i, 1,  vshr.u64 q5, q7, #19
	rsha_at \i, 2,  vshr.u64 q4, q7, #61
	rsha_at \i, 3,  vadd.i64 q6, q6, q3	// + W[j-16..j-15]
	rsha_at \i, 4,  vsli.64 q5, q7, #45
	rsha_at \i, 5,  vsli.64 q4, q7, #3
	rsha_at \i, 6,  vshr.u64 q7, q7, #6
	rsha_at \i, 7,  veor q5, q5, q4
	rsha_at \i, 8,  RING_STEP vld1.64, d8-d9, w15p, (\m == 14)	// W[j-15..j-14]
	rsha_at \i, 9,  veor q5, q5, q7	// sigma1(W[j-2..j-1])
	rsha_at \i, 10, vadd.i64 q6, q6, q5
	rsha_at \i, 11, vshr.u64 q5, q4, #1
	rsha_at \i, 12, vshr.u64 q7, q4, #8
	rsha_at \i, 13, vsli.64 q5, q4, #63
	rsha_at \i, 14, vsli.64 q7, q4, #56
	rsha_at \i, 15, vshr.u64 q4, q4, #7
	rsha_at \i, 16, veor q5, q5, q7
	rsha_at \i, 17, veor q5, q5, q4	// sigma0(W[j-15..j-14])
	rsha_at \i, 18, vadd.i64 q7, q6, q5	// W[j..j+1]
	rsha_at \i, 19, RING_STEP vst1.64, d14-d15, pnew, (\m == 14)
	rsha_at2 \i, \m, 19, 0, vstr d14, [sp, #DUP_SLOT]
.endm

#define SCHED_OPS	20

/*
 * After NEON slot s (0..26) of round t: schedule ops
 * SCHED_OPS * g / 54 .. SCHED_OPS * (g + 1) / 54 - 1 of the pair
 * W[t+16..t+17] (t even) or W[t+15..t+16] (t odd), g = 27 * (t % 2) + s,
 * so that two consecutive ops are at least two round slots apart
 * (sched = 1), or nothing (sched = 0).
 */
.macro	SCHED_SLOT t, s, sched
	.if \sched
	.set	.Lg, 27 * (\t % 2) + \s
	.set	.Li, (SCHED_OPS * .Lg) / 54
	.set	.Lm, (\t - (\t % 2)) % 16
	.rept	(SCHED_OPS * (.Lg + 1)) / 54 - (SCHED_OPS * .Lg) / 54
	SCHED_OP .Li, .Lm
	.set	.Li, .Li + 1
	.endr
	.endif
.endm

/*
 * Step 0 (load, r1), 1 (byte swap) or 2 (store into the ring through
 * pnew, free in the last chunk; the last store wraps it back to slot 0)
 * of the next block's W[t..t+1], t even, in the last chunk. It goes through q2,
 * except W[14..15], which goes through q7 and stays there for the next
 * block's first schedule pair.
 */
.macro	NEXT_BLOCK_STEP step, t
	.if (\t % 16) == 14
	NEXT_BLOCK_OP\step d14, d15, q7, 1
	.else
	NEXT_BLOCK_OP\step d4, d5, q2, 0
	.endif
.endm

.macro	NEXT_BLOCK_OP0 lo, hi, q, last
	vld1.8		{\lo-\hi}, [r1]!
.endm

.macro	NEXT_BLOCK_OP1 lo, hi, q, last
	vrev64.8	\q, \q
.endm

.macro	NEXT_BLOCK_OP2 lo, hi, q, last
	RING_STEP vst1.64, \lo-\hi, pnew, \last
.endm

/*
 * One round t (0..15 within the chunk); a..h are the d registers of the
 * state (rotated by the caller). On entry h already holds h + K[t] + W[t]
 * (HK), d30 a copy of g, d31 b ^ c (made by round t-1). Temporaries:
 * d24-d26 Sigma1 terms, d27-d29 Sigma0 terms, d30 Ch, d31 Maj; q0/q1 hold
 * K+W of rounds t..t+3 (d(t % 4) = K+W[t]), q2/q3 K and W pairs loaded
 * for the next pair (the schedule reads q3 too, see SCHED_OP); q4-q7
 * belong to the schedule.
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
 * sched: interleave the schedule's pair (SCHED_SLOT). last (the last chunk, no
 * schedule): even rounds also byte-swap the next block's W[t..t+1] into
 * the ring slots just read (r1: next block, pnew: ring), round 14 rewinds
 * K, round 15 leaves round 0's set-up to the block tail (the state is not
 * final yet).
 *
 * Sigma0(a) = ror(a,28) ^ ror(a,34) ^ ror(a,39)
 * Sigma1(e) = ror(e,14) ^ ror(e,18) ^ ror(e,41)
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, sched, last
	vshr.u64	d24, \e, #14
	SCHED_SLOT \t, 0, \sched
	vshr.u64	d25, \e, #18
	SCHED_SLOT \t, 1, \sched
	vshr.u64	d26, \e, #41
	SCHED_SLOT \t, 2, \sched
	vbit		d30, \f, \e		// Ch(e,f,g)
	SCHED_SLOT \t, 3, \sched
	vsli.64		d24, \e, #50
	SCHED_SLOT \t, 4, \sched
	vsli.64		d25, \e, #46
	SCHED_SLOT \t, 5, \sched
	vsli.64		d26, \e, #23
	SCHED_SLOT \t, 6, \sched
	vadd.i64	\h, \h, d30
	SCHED_SLOT \t, 7, \sched
	veor		d24, d24, d25
	SCHED_SLOT \t, 8, \sched
	vshr.u64	d27, \a, #28
	SCHED_SLOT \t, 9, \sched
	vshr.u64	d28, \a, #34
	SCHED_SLOT \t, 10, \sched
	veor		d24, d24, d26		// Sigma1(e)
	SCHED_SLOT \t, 11, \sched
	vshr.u64	d29, \a, #39
	.if (\t % 2) == 0
	.if (\last && (\t % 16) == 14)
	sub		kptr, kptr, #640	// K[0..1] for the next block
	.endif
	vld1.64		{d4-d5}, [kptr :128]!	// K[t+2..t+3]
	.endif
	SCHED_SLOT \t, 12, \sched
	vbsl		d31, \a, \b		// Maj(a,b,c)
	SCHED_SLOT \t, 13, \sched
	vadd.i64	\h, \h, d24		// T1
	SCHED_SLOT \t, 14, \sched
	vsli.64		d27, \a, #36
	.if (\t % 2) == 0
	RING_STEP vld1.64, d6-d7, wptr, ((\t % 16) == 12)	// W[t+2..t+3]
	.endif
	SCHED_SLOT \t, 15, \sched
	vsli.64		d28, \a, #30
	SCHED_SLOT \t, 16, \sched
	vadd.i64	\d, \d, \h		// d + T1: next round's e
	SCHED_SLOT \t, 17, \sched
	vadd.i64	\h, \h, d31		// T1 + Maj
	SCHED_SLOT \t, 18, \sched
	vsli.64		d29, \a, #25
	SCHED_SLOT \t, 19, \sched
	veor		d27, d27, d28
	SCHED_SLOT \t, 20, \sched
	.if (\t % 2) == 0
	rsha_reg kw_pair, q, (1 - ((\t) % 4) / 2)
	vadd.i64	kw_pair, q2, q3		// K+W[t+2..t+3]: q1 or q0
	  .if \last
	NEXT_BLOCK_STEP 0, \t
	  .endif
	.endif
	SCHED_SLOT \t, 21, \sched
	.if !(\last && (\t % 16) == 15)
	rsha_reg kw_next, d, (((\t) + 1) % 4)
	vadd.i64	\g, \g, kw_next	// next h += K+W[t+1]
	.endif
	SCHED_SLOT \t, 22, \sched
	veor		d27, d27, d29		// Sigma0(a)
	.if (\last && (\t % 2) == 0)
	NEXT_BLOCK_STEP 1, \t
	.endif
	SCHED_SLOT \t, 23, \sched
	.if !(\last && (\t % 16) == 15)
	vmov		d30, \f		// next g, for Ch
	.endif
	SCHED_SLOT \t, 24, \sched
	.if !(\last && (\t % 16) == 15)
	veor		d31, \a, \b		// next b ^ c, for Maj
	.endif
	SCHED_SLOT \t, 25, \sched
	vadd.i64	\h, \h, d27		// + Sigma0(a): next round's a
	SCHED_SLOT \t, 26, \sched
	.if (\last && (\t % 2) == 0)
	NEXT_BLOCK_STEP 2, \t
	.endif
.endm

/*
 * Round t with the state rotation of t % 8 (a = d16 at t % 8 == 0, each
 * round moving every name one register down: rsha_rotate8, ../regs.h).
 */
.macro	ROUND_T t, sched, last
	rsha_rotate8 ((\t) % 8), ROUND, \t, d16, d17, d18, d19, d20, d21, d22, d23, \sched, \last
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
	subs	chunks, chunks, #1
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
	rsha_arm_enter FRAME, 1
	ldr	kptr, .Lsha512_k_arm_neon_addr
	mov	pnew, sp			// the schedule's ring pointers:
	add	w15p, sp, #W_SLOT(1)		// every chunk leaves them
	add	w7p, sp, #W_SLOT(9)		// where it found them
	mvn	wrap, #111

	// The first block into the ring with one vstm (r1 then points to the
	// next block), its K+W[0..1] into q0, W[0..1] into q3 and W[14..15]
	// into q7 for the first schedule pair, the state into d16-d23 (a..h).
	vld1.8		{d0-d3}, [r1]!
	vld1.8		{d4-d7}, [r1]!
	vld1.8		{d8-d11}, [r1]!
	vld1.8		{d12-d15}, [r1]!
	.irp	q, q0, q1, q2, q3, q4, q5, q6, q7
	vrev64.8	\q, \q
	.endr
	vstmia		sp, {d0-d15}
	vldmia		state, {d16-d23}
	vld1.64		{d4-d5}, [kptr :128]!
	vmov		q3, q0
	add	wptr, sp, #W_SLOT(2)
	vadd.i64	q0, q0, q2
	ROUND0_SETUP

	// kptr: K[2]; wptr: W[2] (ring); the ring holds W[0..15], q0 K+W[0..1],
	// q3 W[0..1], q7 W[14..15]; r1 the next block
.Lneon_block:
	mov	chunks, #4

.Lneon_chunk:
	CHUNK_BODY
	bne	.Lneon_chunk

.Lneon_last:
	subs	nblk, nblk, #1			// flags kept to the loop's bne:
	it	eq				// nothing in between sets them
	subeq	r1, r1, #128			// the last block reloads itself
	ROUNDS16 0, 1

	// Feed-forward (the rotation is back at a = d16), stored before
	// ROUND0_SETUP adds K+W[0] to h. r1 is now the block after the next.
	vldmia		state, {d24-d31}
	vadd.i64	q11, q11, q15
	vadd.i64	q10, q10, q14
	vadd.i64	q9, q9, q13
	vadd.i64	q8, q8, q12
	vstmia		state, {d16-d23}
	ROUND0_SETUP
.Lneon_block_end:
	bne	.Lneon_block

	rsha_arm_leave FRAME, 1
SYM_FUNC_END(rsha_sha512_arm_neon)

	.unreq	kptr
	.unreq	wptr
	.unreq	pnew
	.unreq	w15p
	.unreq	w7p
	.unreq	chunks
	.unreq	wrap
	.unreq	state
	.unreq	nblk
