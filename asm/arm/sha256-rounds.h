/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The integer SHA-256 round shared by the ARM SHA-256 cores
 * (sha256-scalar.S, sha256-neon.S): each core loads its K and W (or K+W)
 * its own way and adds them to h, then runs this.
 *
 * Registers: the state a..h rotates over r4-r11 (a = r4 .. h = r11 at
 * t % 8 == 0; see sha256_round_regs, which rotates them with
 * rsha_rotate8, ../regs.h), r0 is the Ch temporary, r3 the
 * Sigma temporary; mp holds b ^ c (the previous round's a ^ b) and mc
 * receives this round's a ^ b, the two alternating between r12 and r2
 * (or other registers the core picks). r1 is not touched unless passed
 * as mp or mc: the cores keep the odd round's K+W there.
 *
 *   Sigma1(e) = ror(e ^ ror(e,5) ^ ror(e,19), 6)
 *   Sigma0(a) = ror(a ^ ror(a,11) ^ ror(a,20), 2)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 * (the outer ror is a free shifted operand of the add into h).
 */

#include "../regs.h"

/* A hook that places nothing (for sha256_round's hook argument). */
.macro	sha256_no_hook t, k
.endm

/*
 * Round t after "h += K[t] + W[t]": h = T1 + T2 (the next round's a),
 * d += T1 (the next round's e), mp = Maj(a, b, c), mc = a ^ b. "hook t,
 * k" (k = 0..8) is invoked between every other instruction, so that a core
 * can interleave other work (the NEON core's message schedule).
 */
.macro	sha256_round t, a, b, c, d, e, f, g, h, mp, mc, hook
	\hook	\t, 0
	eor	r3, \e, \e, ror #5
	eor	r0, \f, \g
	\hook	\t, 1
	eor	r3, r3, \e, ror #19
	and	r0, r0, \e
	\hook	\t, 2
	eor	r0, r0, \g			// Ch(e,f,g)
	add	\h, \h, r0
	\hook	\t, 3
	add	\h, \h, r3, ror #6		// h += Sigma1(e): h = T1
	eor	r3, \a, \a, ror #11
	\hook	\t, 4
	add	\d, \d, \h			// d += T1: next round's e
	eor	\mc, \a, \b
	\hook	\t, 5
	eor	r3, r3, \a, ror #20
	and	\mp, \mp, \mc
	\hook	\t, 6
	add	\h, \h, r3, ror #2		// h += Sigma0(a)
	\hook	\t, 7
	eor	\mp, \mp, \b			// Maj(a,b,c)
	add	\h, \h, \mp			// h = T1 + T2: next round's a
	\hook	\t, 8
.endm

/*
 * Invoke "round t, a, b, c, d, e, f, g, h, args" with the state registers
 * of round t: a = r4 .. h = r11 at t % 8 == 0, each round moving every
 * name one register down (the new a is the old h's register), so no
 * round moves data.
 */
.macro	sha256_round_regs t, round, args:vararg
	rsha_rotate8 ((\t) % 8), \round, \t, r4, r5, r6, r7, r8, r9, r10, r11, \args
.endm
