/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The integer SHA-256 round shared by the arm64 SHA-256 cores
 * (sha256-scalar.S, sha256-neon.S). Each core adds K[t] and W[t] to h
 * its own way, from hook slots of this round.
 *
 * Registers: the state a..h is w4-w11, named by register NUMBER so that
 * both the w and the x view can be written (a = 4 .. h = 11 at t % 8 ==
 * 0, see sha256_round_regs). mp holds b ^ c (the previous round's a ^ b),
 * mc receives this round's a ^ b (numbers too). Defined here: the
 * argument names state, data, nblk, kptr (x0-x3) and the temporaries big1
 * (w12) Sigma1(e), chf (w13) e & f, chg (w14) g & ~e, big0 (w15)
 * Sigma0(a). The including core defines rot1 and rot0 (.req, w registers)
 * for ror(e, 25) and ror(a, 22), which it may reuse in its hooks once the
 * round is done with them.
 *
 *   Sigma1(e) = ror(e,25) ^ ror(e ^ ror(e,5), 6)
 *   Sigma0(a) = ror(a,22) ^ ror(a ^ ror(a,11), 2)
 *   Ch(e,f,g) = (e & f) + (g & ~e)	(the two terms never share a bit)
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 * (two dependent steps each, the shifted-operand eor doing a rotate for
 * free on the A57/A72 M pipe).
 */

#include "../regs.h"

	// the block function's arguments, as both cores name them
	state	.req	x0		// u32 state[8]
	data	.req	x1		// next input block
	nblk	.req	x2		// blocks left
	kptr	.req	x3		// K
	// round temporaries
	big1	.req	w12		// Sigma1(e)
	chf	.req	w13		// e & f
	chg	.req	w14		// g & ~e
	big0	.req	w15		// Sigma0(a)

/*
 * Round t: h = T1 + T2 (the next round's a), d += T1 (the next round's
 * e), mp = Maj(a, b, c), mc = a ^ b. h must receive K[t] + W[t] from the
 * hooks: "hook k, t, h, args" (k = 0..8) is invoked at nine points, k =
 * 0..2 before the round first uses h, so that a core
 * can add K and W and interleave its other work (loads, the message
 * schedule).
 */
.macro	sha256_round t, a, b, c, d, e, f, g, h, mp, mc, hook, args:vararg
	\hook	0, \t, \h, \args
	eor	big1, w\e, w\e, ror #5
	ror	rot1, w\e, #25
	and	chf, w\e, w\f
	bic	chg, w\g, w\e
	\hook	1, \t, \h, \args
	eor	big0, w\a, w\a, ror #11
	ror	rot0, w\a, #22
	\hook	2, \t, \h, \args
	add	w\h, w\h, chf
	\hook	3, \t, \h, \args
	eor	big1, rot1, big1, ror #6	// Sigma1(e)
	eor	w\mc, w\a, w\b
	add	w\h, w\h, chg
	eor	big0, rot0, big0, ror #2	// Sigma0(a)
	\hook	4, \t, \h, \args
	and	w\mp, w\mp, w\mc
	add	w\h, w\h, big1			// h = T1
	\hook	5, \t, \h, \args
	eor	w\mp, w\mp, w\b			// Maj(a,b,c)
	add	w\d, w\d, w\h			// d += T1: next round's e
	\hook	6, \t, \h, \args
	add	w\h, w\h, big0
	\hook	7, \t, \h, \args
	add	w\h, w\h, w\mp			// h = T1 + T2: next round's a
	\hook	8, \t, \h, \args
.endm

/*
 * Invoke "round t, a, b, c, d, e, f, g, h, args" with the state register
 * numbers of round t: a = 4 .. h = 11 at t % 8 == 0, each round moving
 * every name one register down (the new a is the old h's register), so
 * no round moves data (rsha_rotate8, ../regs.h).
 */
.macro	sha256_round_regs t, round, args:vararg
	rsha_rotate8 ((\t) % 8), \round, \t, 4, 5, 6, 7, 8, 9, 10, 11, \args
.endm

/* Drop the aliases above (at the end of the including core). */
.macro	sha256_rounds_unreq
	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	kptr
	.unreq	big1
	.unreq	chf
	.unreq	chg
	.unreq	big0
.endm
