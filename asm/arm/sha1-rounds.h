/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register rotation and the rounds-0..2 forms shared by the ARM SHA-1
 * cores (sha1-scalar.S, sha1-neon.S).
 *
 * Both keep the state a..e in r4-r8 (a = r4 .. e = r8 at t % 5 == 0) and
 * let the names rotate instead of moving data; a and b hold true values,
 * c, d and e values rotated left by 2 (the true value is "reg, ror #2"),
 * except in rounds 0-2, where those that come straight from the chaining
 * value are still true values. The W (scalar) or K+W (NEON) words come
 * in pairs in r0:r1 and r2:r3, which take turns every two rounds.
 */

#include "../regs.h"

/*
 * Invoke "round t, a, b, c, d, e, args" with the state registers of
 * round t: a = r4 + (0 - t) mod 5, b = r4 + (1 - t) mod 5, ..., e = r4 +
 * (4 - t) mod 5 (rsha_reg, regs.h), named sha1_a .. sha1_e.
 */
.macro	sha1_state_regs t, round, args:vararg
	rsha_reg sha1_a, r, (4 + (5 - (\t) % 5) % 5)
	rsha_reg sha1_b, r, (4 + (6 - (\t) % 5) % 5)
	rsha_reg sha1_c, r, (4 + (7 - (\t) % 5) % 5)
	rsha_reg sha1_d, r, (4 + (8 - (\t) % 5) % 5)
	rsha_reg sha1_e, r, (4 + (9 - (\t) % 5) % 5)
	\round \t, sha1_a, sha1_b, sha1_c, sha1_d, sha1_e, \args
.endm

/*
 * Invoke "next t, x0, x1, y0, y1": x0:x1 the pair round t reads (r0:r1
 * when (t / 2) is even, else r2:r3), y0:y1 the other one; named
 * sha1_x0 .. sha1_y1. The word of round t itself is r(t % 4).
 */
.macro	sha1_pair_regs t, next
	rsha_reg sha1_x0, r, (2 * (((\t) / 2) % 2))
	rsha_reg sha1_x1, r, (2 * (((\t) / 2) % 2) + 1)
	rsha_reg sha1_y0, r, (2 - 2 * (((\t) / 2) % 2))
	rsha_reg sha1_y1, r, (3 - 2 * (((\t) / 2) % 2))
	\next \t, sha1_x0, sha1_x1, sha1_y0, sha1_y1
.endm

/*
 * e += x (K, or K + W[t]) in round t, turning e into a true value: from
 * round 3 on e is held rotated left by 2, before that it is a true value
 * from the chaining value.
 */
.macro	sha1_add_e t, e, x
	.if \t >= 3
	add	\e, \x, \e, ror #2
	.else
	add	\e, \e, \x
	.endif
.endm

/*
 * Ch = ((c ^ d) & b) ^ d into ft in three steps, in the form round t
 * needs (c, d true values in rounds 0-1 where they come straight from
 * the chaining value, rotated left by 2 after that):
 * sha1_ch_cd ft = c ^ d, sha1_ch_and ft &= b, sha1_ch_xor ft ^= d.
 */
.macro	sha1_ch_cd t, c, d
	.if \t == 1
	eor	ft, \d, \c, ror #2		// c true, d not yet rotated
	.else
	eor	ft, \c, \d
	.endif
.endm

.macro	sha1_ch_and t, b
	.if \t < 2
	and	ft, ft, \b
	.else
	and	ft, \b, ft, ror #2
	.endif
.endm

.macro	sha1_ch_xor t, d
	.if \t < 2
	eor	ft, ft, \d			// Ch = ((c ^ d) & b) ^ d
	.else
	eor	ft, ft, \d, ror #2		// Ch = ((c ^ d) & b) ^ d
	.endif
.endm
