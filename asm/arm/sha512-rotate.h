/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 64-bit rotate/shift terms on 32-bit register pairs, shared by the ARM
 * SHA-512 cores (sha512-scalar.S: all Sigma/sigma functions; sha512-neon.S:
 * the integer-side sigma0/sigma1 of its message schedule).
 *
 * A 64-bit word x is the pair xl:xh (low, high 32-bit half). Half h (0 low,
 * 1 high) of ror(x, n) for n < 32 is (that half >> n) ^ (other half <<
 * 32 - n); for n > 32 it is the other half's ror by n - 32. Half h of
 * x >> n (n < 32) is the low half's (xl >> n) ^ (xh << 32 - n), or xh >> n
 * alone for the high half. So every term below is one lsr, or one
 * "eor d, d, src, lsl/lsr #amt" with the shift in the shifted operand.
 */

/*
 * One term into d: first = 1 starts d with "op d, src, #amt" (op = lsr),
 * first = 0 folds it in with "eor d, d, src, op #amt", or, given a
 * scratch register tmp, with "op tmp, src, #amt" + a plain "eor d, d,
 * tmp": one instruction more, but out of the shifted-operand pipe, which
 * the Cortex-A57 has one of (sha512-scalar.S uses it in its schedule).
 */
.macro	sha512_rtop first, d, src, op, amt, tmp=
	.if \first
	\op	\d, \src, #\amt
	.else
	  .ifnb \tmp
	\op	\tmp, \src, #\amt
	eor	\d, \d, \tmp
	  .else
	eor	\d, \d, \src, \op #\amt
	  .endif
	.endif
.endm

/*
 * Term j (0: the lsr, 1: the lsl from the other half) of half h of a rotate
 * (shift = 0) or shift right (shift = 1) of xl:xh by m (< 32) into d; the
 * high half of a shift has no term 1.
 */
.macro	sha512_rt1 j, h, d, xl, xh, m, shift, first, tmp=
	.if \j == 0
	  .if \h == 0
	    sha512_rtop \first, \d, \xl, lsr, \m, \tmp
	  .else
	    sha512_rtop \first, \d, \xh, lsr, \m, \tmp
	  .endif
	.elseif \h == 0
	    sha512_rtop 0, \d, \xh, lsl, (32-\m), \tmp
	.elseif \shift == 0
	    sha512_rtop 0, \d, \xl, lsl, (32-\m), \tmp
	.endif
.endm

/* sha512_rt1 for any n (1..63): n > 32 is the other half's ror by n - 32. */
.macro	sha512_rt j, h, d, xl, xh, n, shift, first, tmp=
	.if \n > 32
	  sha512_rt1 \j, (1-\h), \d, \xl, \xh, (\n-32), \shift, \first, \tmp
	.else
	  sha512_rt1 \j, \h, \d, \xl, \xh, \n, \shift, \first, \tmp
	.endif
.endm

/*
 * Term k (0..5) of half h (d: that half of the result) of
 *   ror(x, n1) ^ ror(x, n2) ^ ror(x, n3)	(shift = 0: Sigma0, Sigma1)
 *   ror(x, n1) ^ ror(x, n2) ^ (x >> n3)	(shift = 1: sigma0, sigma1)
 * on x = xl:xh: terms 0, 1 are ror n1, 2, 3 ror n2, 4, 5 the n3 term;
 * term 0 is the lsr that starts d, the others eor into d (the high half
 * of the shift has no term 5, so emits nothing there). Emitting k = 0..5
 * in order, other work in between, leaves the function's half in d.
 * tmp (optional): scratch register for the two-instruction form of a
 * term k > 0 (see sha512_rtop).
 */
.macro	sha512_sigh k, h, d, xl, xh, n1, n2, n3, shift, tmp=
	.if \k == 0
	  sha512_rt 0, \h, \d, \xl, \xh, \n1, 0, 1
	.elseif \k == 1
	  sha512_rt 1, \h, \d, \xl, \xh, \n1, 0, 0, \tmp
	.elseif \k < 4
	  sha512_rt (\k-2), \h, \d, \xl, \xh, \n2, 0, 0, \tmp
	.else
	  sha512_rt (\k-4), \h, \d, \xl, \xh, \n3, \shift, 0, \tmp
	.endif
.endm
