/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SHA-1 round function f(b, c, d), shared by the arm64 SHA-1 cores
 * (sha1-scalar.S, sha1-neon.S) in the round shape both use: b holds a
 * true value, c and d hold rol(x, 2) (the "b = rol(b, 30)" of every round
 * is left undone; each use rotates back for free with a "ror #2"
 * operand), and tf = ror(c ^ d, 30) was made by the round before.
 *
 * Registers are passed as NUMBERS (w\p_b ...); the including core defines
 * t2 (.req, a w register) as the Maj temporary. Parameter names carry a
 * p_ prefix because the cores expand these under .altmacro.
 *
 *   t  0..19   Ch     = ((c ^ d) & b) ^ d
 *   t 20..39   Parity = b ^ c ^ d
 *   t 40..59   Maj    = ((b ^ c) & (c ^ d)) ^ c
 *   t 60..79   Parity
 *
 * f takes two or three dependent steps (begin, mid, end); the core places
 * its other work between them and then adds tf (f) to e.
 */

/* Step 1 of f, and tn = ror(c ^ d, 30) of round t+1 (whose c, d are b, c). */
.macro	sha1_f_begin p_t, p_b, p_c, p_tf, p_tn
	.if \p_t < 20
	and	w\p_tf, w\p_b, w\p_tf, ror #2	// Ch = ((c ^ d) & b) ^ d
	.elseif (\p_t >= 40) && (\p_t < 60)
	eor	t2, w\p_b, w\p_c, ror #2	// Maj = ((b ^ c) & (c ^ d)) ^ c
	.else
	eor	w\p_tf, w\p_b, w\p_tf, ror #2	// Parity = b ^ c ^ d
	.endif
	.if \p_t < 79
	eor	w\p_tn, w\p_b, w\p_c		// ror(c ^ d, 30) of round t+1
	.endif
.endm

/* Step 2 of f (Parity is done after step 1). */
.macro	sha1_f_mid p_t, p_d, p_tf
	.if \p_t < 20
	eor	w\p_tf, w\p_tf, w\p_d, ror #2
	.elseif (\p_t >= 40) && (\p_t < 60)
	and	t2, t2, w\p_tf, ror #2
	.endif
.endm

/* Step 3 of f: Maj only. After it tf = f(b, c, d) in every round. */
.macro	sha1_f_end p_t, p_c, p_tf
	.if (\p_t >= 40) && (\p_t < 60)
	eor	w\p_tf, t2, w\p_c, ror #2
	.endif
.endm
