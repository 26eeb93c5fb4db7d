// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for 32-bit ARM (ARMv7-A), integer registers only.
 *
 * void rsha_sha1_arm_scalar(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Uses no VFP/NEON register, so it may
 * be called where kernel_neon_begin() is not allowed. Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: only instructions and addressing
 * modes both have (immediate shifts, ldrd/strd on even/odd register pairs
 * as ARM needs, no register-shifted operands), explicit it blocks.
 * Input words are read with plain ldr, which ARMv6+ allows unaligned (the
 * kernel runs with SCTLR.A clear); ldrd/strd only touch the stack and
 * state[], and need just the 4-byte alignment a u32[] has.
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12 and flags; saves and restores r4-r11 and lr (no calls are
 * made).
 * Stack: 120 bytes (64 for the W ring, 16 for the state/data/end slots
 * and padding, 40 for r3-r11, lr), sp stays 8-byte aligned.
 * Sections: .text only (ARM 4012 bytes, Thumb-2 3636 bytes), no
 * relocations; K comes from ../sha1-k.h as movw/movt immediates, so there
 * is no .rodata. Needs an ARMv7-A CPU (movw/movt; ".arch armv7-a" lets it
 * assemble in a kernel built for older architectures too, so the glue
 * must only use it on ARMv7).
 *
 * Design: all 80 rounds unrolled, state in r4-r8 with the register names
 * rotated through macro arguments (sha1-rounds.h, shared with the NEON
 * core):
 *  - "b = rol(b, 30)" is never done: c, d and e are kept unrotated and
 *    every use rotates them back with a "ror #2" operand (e's in "e = K +
 *    ror(e, 2)", which also adds K); rol(a, 5) is an "add ..., a, ror
 *    #27". A round is then 3 adds plus f: Ch 4, Parity 3, Maj 5 (as (c &
 *    d) + (b & (c ^ d)), the two terms having no common bit);
 *  - the schedule works on pairs W[s], W[s+1] (s even), 12 instructions
 *    a pair: three ldrd (W[s-16..s-15], W[s-14..s-13], W[s-8..s-7]), six
 *    plain eor, two ror #31 (the rol 1) and one strd. W[s-3] and W[s-2]
 *    are still in registers (the previous two pairs), so the 16-word
 *    ring on the stack is only read at even offsets and never wraps
 *    inside an ldrd. Each pair is spread over rounds s-2 (loads, first
 *    eors), s-1 (the rest) and s (its store, placed where its data is
 *    ready: a store waiting for its data would hold up dispatch), and
 *    rounds s and s+1 take W[s], W[s+1] straight from the registers.
 * The chaining value is kept as true values between blocks; rounds 0-2
 * use the forms for their not-yet-rotated c, d, e.
 *
 * What bounds it (llvm-mca models): Cortex-A57 issues 3 uops a cycle but
 * sends every ALU op with a shifted operand to its single M pipe (2-cycle
 * latency). The previous version of this core folded the schedule's rol
 * 1 into shifted operands (the ring held ror(W[j], j / 16)): two
 * instructions a pair fewer, but ~430 M-pipe ops a block, which bound it
 * at 439 cycles on A57. The plain eors and a separate ror move ~220 ops
 * off the M pipe for 64 extra instructions; the A57 model is then bound
 * by dispatch (~1090 uops / 3), the 2-wide A9/A15 model by the
 * instruction count (~990 a block).
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha1_arm.rs (with asm/arm/sha1-neon.S).
 */
#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha1-k.h"
#include "sha1-rounds.h"

	.syntax	unified
	.arch	armv7-a

	.text

	kreg	.req	r9		// K of the current stage
	ft	.req	r12		// f temporary
	mt	.req	lr		// second Maj temporary
	b0	.req	r10		// schedule pair B (r11: data pointer in
	b1	.req	r11		// rounds 0..13)
	dptr	.req	r11

// Stack frame (below the 40 bytes of saved registers)
#define WS(i)		(4 * ((i) % 16))	// ring slot of W[i]
#define STATE_SLOT	64		// u32 *state
#define DATA_SLOT	68		// next input block
#define END_SLOT	72		// data + 64 * nblocks
#define FRAME		80

/* kreg = k (two instructions, no memory access) */
.macro	LOADK k
	movw	kreg, #((\k) & 0xffff)
	movt	kreg, #((\k) >> 16)
.endm

/*
 * Message schedule, slot k of round t. Pair s (s even: W[s], W[s+1]) is
 * made in rounds s-2 (half 0) and s-1 (half 1) into the register pair
 * R(s) = r0:r1 ((s/2) even) or r2:r3 (odd), and stored by round s; rounds
 * s and s+1 read it from R(s). r0..r3 are given as x0, x1 (R(t), the pair
 * of round t) and y0, y1 (the other one).
 *   s >= 16, half 0: W[s-16..s-15] into b0:b1, ^= W[s-3] (y1 at round
 *     s-2: R(s-4)'s second word) and W[s-2] (x0), then W[s-14..s-13]
 *     into y0:y1 (R(s) = R(s-4)), ^= b0:b1;
 *   s >= 16, half 1: ^= W[s-8..s-7], loaded into b0:b1, then rol 1;
 *   s < 16: half 0 loads the two input words, half 1 byte-swaps them.
 */
.macro	SCHED t, k, x0, x1, y0, y1
	// pair s = t + 2 - t % 2; kind 0 (s < 16), 1 (s < 80), 2 (none)
	// (a true comparison is -1); even rounds SCHED_<kind>, odd ones
	// SCHED_<3 + kind>
	rsha_call SCHED_, (3 * ((\t) % 2) - (((\t) + 2 - (\t) % 2) >= 16) - (((\t) + 2 - (\t) % 2) >= 80)), \t, \k, \x0, \x1, \y0, \y1
	EXTRA	\t, \k
.endm

// even round t < 14: store pair t, load the input words of pair t+2
.macro	SCHED_0 t, k, x0, x1, y0, y1
	rsha_at \k, 4, strd \x0, \x1, [sp, #WS(\t)]	// pair t, made by rounds t-2, t-1
	rsha_at \k, 1, ldr \y0, [dptr, #4 * (\t + 2)]
	rsha_at \k, 3, ldr \y1, [dptr, #4 * (\t + 3)]
.endm

// even round t < 78: store pair t, half 0 of pair s = t+2
.macro	SCHED_1 t, k, x0, x1, y0, y1
	rsha_at \k, 4, strd \x0, \x1, [sp, #WS(\t)]	// pair t, made by rounds t-2, t-1
	rsha_at \k, 1, ldrd b0, b1, [sp, #WS(\t + 2 - 16)]
	rsha_at \k, 3, eor b0, b0, \y1		// ^ W[s-3]
	rsha_at \k, 4, eor b1, b1, \x0		// ^ W[s-2]
	rsha_at \k, 5, ldrd \y0, \y1, [sp, #WS(\t + 2 - 14)]
	rsha_at \k, 7, eor \y0, b0, \y0		// ^ W[s-14]
	rsha_at \k, 8, eor \y1, b1, \y1		// ^ W[s-13]
.endm

// round 78: store pair 78
.macro	SCHED_2 t, k, x0, x1, y0, y1
	rsha_at \k, 4, strd \x0, \x1, [sp, #WS(\t)]	// pair t, made by rounds t-2, t-1
.endm

// odd round t < 15: byte-swap the input words of pair t+1
.macro	SCHED_3 t, k, x0, x1, y0, y1
	rsha_at \k, 1, rev \y0, \y0
	rsha_at \k, 3, rev \y1, \y1
.endm

// odd round t < 79: half 1 of pair s = t+1
.macro	SCHED_4 t, k, x0, x1, y0, y1
	rsha_at \k, 0, ldrd b0, b1, [sp, #WS(\t + 1 - 8)]
	rsha_at \k, 2, eor \y0, \y0, b0		// ^ W[s-8]
	rsha_at \k, 3, eor \y1, \y1, b1		// ^ W[s-7]
	rsha_at \k, 4, ror \y0, \y0, #31		// rol 1: W[s]
	rsha_at \k, 5, ror \y1, \y1, #31		// W[s+1]
.endm

// round 79: no schedule work
.macro	SCHED_5 t, k, x0, x1, y0, y1
.endm

/*
 * Work outside the schedule, by round: stage constants, the data pointer
 * and loop test (flags stay set to the end: nothing in between sets
 * them), the feed-forward loads (lr: state pointer; r0:r1, r10:r11 and r9
 * are free by then).
 */
.macro	EXTRA t, k
	rsha_at2 \t, \k, 19, 2, LOADK SHA1_K1
	rsha_at2 \t, \k, 39, 2, LOADK SHA1_K2
	rsha_at2 \t, \k, 59, 2, LOADK SHA1_K3
	rsha_at2 \t, \k, 13, 5, add dptr, dptr, #64
	rsha_at2 \t, \k, 13, 6, ldr b0, [sp, #END_SLOT]
	rsha_at2 \t, \k, 13, 7, str dptr, [sp, #DATA_SLOT]
	rsha_at2 \t, \k, 13, 8, cmp dptr, b0
	rsha_at2 \t, \k, 77, 6, ldr lr, [sp, #STATE_SLOT]
	rsha_at2 \t, \k, 78, 1, ldrd r0, r1, [lr, #0]
	rsha_at2 \t, \k, 78, 4, ldrd r10, r11, [lr, #8]
	rsha_at2 \t, \k, 79, 2, ldr r9, [lr, #16]
.endm

/*
 * f(b, c, d) of round t and W[t] (in w) added to e, schedule slots 2..5
 * between the instructions: ROUND_F0 Ch (rounds 0-19), ROUND_F1 and
 * ROUND_F3 Parity (20-39, 60-79), ROUND_F2 Maj (40-59). ft, mt: the
 * temporaries; x0..y1 passed on to SCHED.
 */
.macro	ROUND_F0 t, b, c, d, e, w, x0, x1, y0, y1
	sha1_ch_cd \t, \c, \d
	SCHED	\t, 2, \x0, \x1, \y0, \y1
	add	\e, \e, \w			// + W[t]
	SCHED	\t, 3, \x0, \x1, \y0, \y1
	sha1_ch_and \t, \b
	SCHED	\t, 4, \x0, \x1, \y0, \y1
	sha1_ch_xor \t, \d			// Ch = ((c ^ d) & b) ^ d
	SCHED	\t, 5, \x0, \x1, \y0, \y1
	add	\e, \e, ft
.endm

.macro	ROUND_F1 t, b, c, d, e, w, x0, x1, y0, y1
	eor	ft, \c, \d
	SCHED	\t, 2, \x0, \x1, \y0, \y1
	add	\e, \e, \w			// + W[t]
	SCHED	\t, 3, \x0, \x1, \y0, \y1
	eor	ft, \b, ft, ror #2		// Parity = b ^ c ^ d
	SCHED	\t, 4, \x0, \x1, \y0, \y1
	add	\e, \e, ft
	SCHED	\t, 5, \x0, \x1, \y0, \y1
.endm

.macro	ROUND_F2 t, b, c, d, e, w, x0, x1, y0, y1
	and	ft, \c, \d
	SCHED	\t, 2, \x0, \x1, \y0, \y1
	eor	mt, \c, \d
	SCHED	\t, 3, \x0, \x1, \y0, \y1
	add	\e, \e, \w			// + W[t]
	SCHED	\t, 4, \x0, \x1, \y0, \y1
	add	\e, \e, ft, ror #2		// + (c & d)
	SCHED	\t, 5, \x0, \x1, \y0, \y1
	and	mt, \b, mt, ror #2
	add	\e, \e, mt			// + (b & (c ^ d)): Maj
.endm

.macro	ROUND_F3 t, b, c, d, e, w, x0, x1, y0, y1
	ROUND_F1 \t, \b, \c, \d, \e, \w, \x0, \x1, \y0, \y1
.endm

/*
 * One round t: e = rol(a, 5) + f(b, c, d) + e + K + W[t], the new a.
 * a and b hold true values, c, d and e hold values rotated left by 2
 * (the true value is "reg, ror #2") except in rounds 0-2, where those
 * that come straight from the chaining value are still true values.
 * w: the register with W[t]; x0..y1 passed on to SCHED.
 */
.macro	ROUND t, a, b, c, d, e, w, x0, x1, y0, y1
	SCHED	\t, 0, \x0, \x1, \y0, \y1
	sha1_add_e \t, \e, kreg		// e + K
	SCHED	\t, 1, \x0, \x1, \y0, \y1
	rsha_call ROUND_F, ((\t) / 20), \t, \b, \c, \d, \e, \w, \x0, \x1, \y0, \y1
	SCHED	\t, 6, \x0, \x1, \y0, \y1
	add	\e, \e, \a, ror #27		// + rol(a, 5)
	SCHED	\t, 7, \x0, \x1, \y0, \y1
	SCHED	\t, 8, \x0, \x1, \y0, \y1
.endm

/*
 * Round t with its registers (sha1-rounds.h): the state by t % 5, the W
 * pairs by (t / 2) % 2, w = r(t % 4), the pair's word of round t.
 */
.macro	ROUND_T t
	sha1_pair_regs \t, ROUND_W
.endm

.macro	ROUND_W t, x0, x1, y0, y1
	rsha_reg sha1_w, r, ((\t) % 4)
	sha1_state_regs \t, ROUND, sha1_w, \x0, \x1, \y0, \y1
.endm

SYM_FUNC_START(rsha_sha1_arm_scalar)
	rsha_arm_enter FRAME
	add	r2, r1, r2, lsl #6
	str	r0, [sp, #STATE_SLOT]
	str	r1, [sp, #DATA_SLOT]
	str	r2, [sp, #END_SLOT]
	ldrd	r4, r5, [r0, #0]
	ldrd	r6, r7, [r0, #8]
	ldr	r8, [r0, #16]

.Lscalar_block:
	ldr	dptr, [sp, #DATA_SLOT]
	LOADK	SHA1_K0
	ldr	r0, [dptr, #0]
	ldr	r1, [dptr, #4]
	rev	r0, r0
	rev	r1, r1

	.set	.Lt, 0
	.rept	80
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward (lr: state, r0:r1, r10:r11, r9: its words, loaded
	// by rounds 77-79); the rotation is back at a = r4 after 80 rounds.
	add	r4, r4, r0
	add	r5, r5, r1
	add	r6, r10, r6, ror #2
	add	r7, r11, r7, ror #2
	add	r8, r9, r8, ror #2
	strd	r4, r5, [lr, #0]
	strd	r6, r7, [lr, #8]
	str	r8, [lr, #16]
.Lscalar_block_end:
	bne	.Lscalar_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha1_arm_scalar)

	.unreq	kreg
	.unreq	ft
	.unreq	mt
	.unreq	b0
	.unreq	b1
	.unreq	dptr
