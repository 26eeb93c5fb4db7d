// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for arm64, integer registers only.
 *
 * void rsha_sha1_arm64_scalar(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Uses no FP/SIMD register, so it may be
 * called where kernel_neon_begin() is not allowed.
 *
 * Calling convention: AAPCS64. Clobbers x0-x17 and flags; saves and
 * restores x19-x28 and x30 (x30 holds the block count; the function makes
 * no calls); never touches x18, x29 or any FP/SIMD register.
 * Stack: 96 bytes (80 for x19-x28, 8 for x30, 8 padding), sp stays 16-byte
 * aligned.
 * Sections: .text only (4128 bytes); K is built with movz/movk from
 * ../sha1-k.h, so there is no .rodata.
 *
 * Design: all 80 rounds unrolled, state in w19-w23 with the register names
 * rotated through macro arguments, the whole 16-word schedule ring in
 * w2-w17, W[t+3] computed three rounds ahead. Tricks that cut
 * instructions: the "b = rol(b, 30)" of every round is never done; c and d
 * are kept unrotated and every use rotates them for free with a "ror #2"
 * shifted operand of the logical op (f needs ror(c ^ d, 30), made one
 * round early; f is in sha1-rounds.h, shared with the NEON core), and only the e use needs an explicit ror, hoisted into the
 * round before together with "+ K + W". rol(a, 5) is two shifted-operand
 * adds (lsl #5, lsr #27): on the in-order A53 a ror's result is the
 * slowest to reach its consumer, and a -> T is the critical chain. The
 * instruction order pairs each dependent step with an independent one
 * (A53 dual issue); message words 5..15 are loaded and byte-swapped inside
 * rounds 0..10, which have free issue slots.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha1_arm64.rs (with asm/arm64/sha1-neon.S).
 */

#include <linux/linkage.h>
#include "../sha1-k.h"
#include "../regs.h"
#include "sha1-rounds.h"

	.text

	state	.req	x0
	data	.req	x1
	wk	.req	w24		// K of the current stage
	t0	.req	w25		// K + W[t], then K + W[t] + f
	t2	.req	w27		// Maj temporary
	nblk	.req	x30

#define LA	3	/* rounds of look-ahead for the schedule */
#define SREG(r)	(19 + (r) % 5)	/* state registers w19..w23 */
#define WREG(i)	(2 + (i) % 16)	/* W[i] lives in w2..w17 */

/*
 * One round t. State registers rotate through the arguments: a and b
 * hold true values, c and d hold rol(x, 2) (the rotation every SHA-1
 * round applies to b is left undone; each use rotates back for free with
 * a "ror #2" operand), e was turned back into a true value by round t-1.
 * tf holds ror(c ^ d, 30), made by round t-1; tn receives the same for
 * round t+1. w: W[t]; ws, w14, w8, w3: W[t+LA-16] (becomes W[t+LA]),
 * W[t+LA-14], W[t+LA-8], W[t+LA-3]; wp: W[t+LA-1], made by round t-1 and
 * still to be rotated. wl: message word W[t+4], byte-swapped here (t < 12); wln: W[t+5],
 * loaded here (t < 11).
 *
 * T = e + K + W[t] + f(b, c, d) + rol(a, 5) goes into e's register; the
 * two halves of rol(a, 5) are shifted-operand adds, so the a -> T chain is
 * two adds (no ror, whose result the in-order A53 waits longest for).
 * The order pairs every dependent step with an independent one for the
 * dual-issue in-order A53; the out-of-order A57/A72 do not mind it.
 */
.macro	ROUND p_t, p_a, p_b, p_c, p_d, p_e, p_w, p_wn, p_ws, p_w14, p_w8, p_w3, p_wp, p_tf, p_tn, p_wl, p_wln
	.set	.Lsch, (\p_t + LA >= 16) && (\p_t + LA < 80)
	.set	.Lschp, (\p_t + LA - 1 >= 16) && (\p_t + LA - 1 < 80)
	sha1_f_begin \p_t, \p_b, \p_c, \p_tf, \p_tn
	.if .Lsch
	eor	w\p_ws, w\p_ws, w\p_w14
	.endif
	sha1_f_mid \p_t, \p_d, \p_tf
	.if .Lsch
	eor	w\p_ws, w\p_ws, w\p_w8
	.endif
	sha1_f_end \p_t, \p_c, \p_tf
	.if \p_t < 79
	ror	w\p_d, w\p_d, #2		// e of round t+1: true value
	.endif
	add	w\p_e, w\p_e, w\p_tf		// e + K + W[t] + f
	.if .Lsch
	eor	w\p_ws, w\p_ws, w\p_w3
	.endif
	.if \p_t < 79
	add	t0, wk, w\p_wn			// K + W[t+1]
	.endif
	add	w\p_e, w\p_e, w\p_a, lsl #5	// rol(a, 5), low part
	.if .Lschp
	ror	w\p_wp, w\p_wp, #31		// W[t+LA-1] = rol(.., 1)
	.endif
	.if \p_t < 12
	rev	w\p_wl, w\p_wl
	.endif
	add	w\p_e, w\p_e, w\p_a, lsr #27	// rol(a, 5), high part
	.if \p_t < 11
	ldr	w\p_wln, [data, #4 * (\p_t + 5)]
	.endif
	.if \p_t < 79
	add	w\p_d, w\p_d, t0		// round t+1: e + K + W[t+1]
	.endif
	.if \p_t == 77
	// the state for the feed-forward, into W slots that are free now
	ldp	w2, w3, [state]
	ldp	w4, w5, [state, #8]
	ldr	w6, [state, #16]
	.endif
.endm

/* wk = k: two instructions, no memory access */
.macro	LOADK k
	movz	wk, #((\k) & 0xffff)
	movk	wk, #((\k) >> 16), lsl #16
.endm

/*
 * Round t with its registers: state rotated by t%5, W ring by t%16, the
 * f temporaries w26/w28 alternating with t%2 (tf = w26 in even rounds).
 */
.macro	ROUND_T p_t
	// K of round t+1, which round t adds to e early
	rsha_at \p_t, 19, LOADK SHA1_K1
	rsha_at \p_t, 39, LOADK SHA1_K2
	rsha_at \p_t, 59, LOADK SHA1_K3
	ROUND	\p_t, %SREG(80 - \p_t), %SREG(81 - \p_t), %SREG(82 - \p_t), %SREG(83 - \p_t), %SREG(84 - \p_t), %WREG(\p_t), %WREG(\p_t + 1), %WREG(\p_t + LA), %WREG(\p_t + LA + 2), %WREG(\p_t + LA + 8), %WREG(\p_t + LA + 13), %WREG(\p_t + LA + 15), %(26 + 2 * (\p_t % 2)), %(28 - 2 * (\p_t % 2)), %WREG(\p_t + 4), %WREG(\p_t + 5)
.endm

SYM_FUNC_START(rsha_sha1_arm64_scalar)
	cbz	x2, .Lscalar_ret
	// sp+0..79: x19-x28; sp+80: x30
	stp	x19, x20, [sp, #-96]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
	str	x30, [sp, #80]
	mov	nblk, x2
	ldp	w19, w20, [state]
	ldp	w21, w22, [state, #8]
	ldr	w23, [state, #16]
	// c and d are kept as rol(x, 2), e as a true value (see ROUND)
	ror	w21, w21, #30
	ror	w22, w22, #30

.Lscalar_block:
	// W[0..4] now, W[5..15] in rounds 0..10 where they fill issue slots
	ldp	w2, w3, [data, #0]
	ldp	w4, w5, [data, #8]
	ldr	w6, [data, #16]
	LOADK	SHA1_K0
	eor	w26, w21, w22			// ror(c ^ d, 30) for round 0
	rev	w2, w2
	add	w23, w23, wk			// e + K for round 0
	rev	w3, w3
	rev	w4, w4
	rev	w5, w5
	add	w23, w23, w2			// + W[0]

	.altmacro
	.set	.Lt, 0
	.rept	80
	ROUND_T	%(.Lt)
	.set	.Lt, .Lt + 1
	.endr
	.noaltmacro

	// Feed-forward (the state was loaded into w2-w6 by round 77); the
	// rotation is back at a=w19 after 80 rounds.
	ror	w21, w21, #2
	ror	w22, w22, #2
	ror	w23, w23, #2
	add	w19, w19, w2
	add	w20, w20, w3
	add	data, data, #64
	add	w23, w23, w6
	add	w21, w21, w4
	add	w22, w22, w5
	stp	w19, w20, [state]
	str	w23, [state, #16]
	stp	w21, w22, [state, #8]
	ror	w21, w21, #30
	ror	w22, w22, #30
	subs	nblk, nblk, #1
.Lscalar_block_end:
	b.ne	.Lscalar_block

	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldr	x30, [sp, #80]
	ldp	x19, x20, [sp], #96
.Lscalar_ret:
	ret
SYM_FUNC_END(rsha_sha1_arm64_scalar)

	.unreq	state
	.unreq	data
	.unreq	wk
	.unreq	t0
	.unreq	t2
	.unreq	nblk
