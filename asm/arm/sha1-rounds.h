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

/*
 * Invoke "round t, a, b, c, d, e, args" with the state registers of
 * round t.
 */
.macro	sha1_state_regs t, round, args:vararg
	.if (\t % 5) == 0
	  \round \t, r4, r5, r6, r7, r8, \args
	.elseif (\t % 5) == 1
	  \round \t, r8, r4, r5, r6, r7, \args
	.elseif (\t % 5) == 2
	  \round \t, r7, r8, r4, r5, r6, \args
	.elseif (\t % 5) == 3
	  \round \t, r6, r7, r8, r4, r5, \args
	.else
	  \round \t, r5, r6, r7, r8, r4, \args
	.endif
.endm

/*
 * Invoke "next t, x0, x1, y0, y1": x0:x1 the pair round t reads (r0:r1
 * when (t / 2) is even, else r2:r3), y0:y1 the other one.
 */
.macro	sha1_pair_regs t, next
	.if ((\t / 2) % 2) == 0
	  \next \t, r0, r1, r2, r3
	.else
	  \next \t, r2, r3, r0, r1
	.endif
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
