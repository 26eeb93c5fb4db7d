// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for arm64 using Advanced SIMD (no Crypto Extensions).
 *
 * void rsha_sha1_arm64_neon(u32 state[5], const u8 *data, size_t nblocks);
 *
 * (header completed below)
 */

#include <linux/linkage.h>
#include "../sha1-k.h"

	.section .rodata
	.balign	16
.Lsha1_k_neon:
	sha1_k_table
	.size	.Lsha1_k_neon, . - .Lsha1_k_neon

	.text

	state	.req	x0
	data	.req	x1
	nblk	.req	x2
	t0	.req	w10
	t1	.req	w11
	t2	.req	w12
	ring16	.req	x14
	ring32	.req	x15
	ring48	.req	x16
	vzero	.req	v24
	vt0	.req	v20
	vt1	.req	v21
	vt2	.req	v22

#ifndef ROL5_SHIFTED
#define ROL5_SHIFTED 1
#endif

/*
 * One eighth... part (0-3) of schedule group q (W[4q..4q+3] into v(q%8)).
 */
.macro	SCHED p_part, p_q, p_w, p_w1, p_w2, p_w3, p_w4, p_w7, p_k
	.if \p_q >= 8
	.if \p_part == 0
	ext	vt0.16b, v\p_w2\().16b, v\p_w1\().16b, #8	// W[t-6..t-3]
	eor	vt1.16b, v\p_w\().16b, v\p_w4\().16b		// W[t-32] ^ W[t-16]
	.elseif \p_part == 1
	eor	vt0.16b, vt0.16b, v\p_w7\().16b			// ^ W[t-28]
	eor	vt0.16b, vt0.16b, vt1.16b
	.elseif \p_part == 2
	ushr	v\p_w\().4s, vt0.4s, #30
	sli	v\p_w\().4s, vt0.4s, #2
	.else
	add	vt2.4s, v\p_w\().4s, v\p_k\().4s
	STORE_RING \p_q
	.endif
	.else
	.if \p_part == 0
	ext	vt0.16b, v\p_w1\().16b, vzero.16b, #4		// W[t-3..t-1], 0
	ext	vt1.16b, v\p_w4\().16b, v\p_w3\().16b, #8	// W[t-14..t-11]
	eor	vt0.16b, vt0.16b, v\p_w2\().16b			// ^ W[t-8..t-5]
	eor	vt1.16b, vt1.16b, v\p_w4\().16b			// ^ W[t-16..t-13]
	.elseif \p_part == 1
	eor	vt0.16b, vt0.16b, vt1.16b
	ushr	v\p_w\().4s, vt0.4s, #31
	sli	v\p_w\().4s, vt0.4s, #1
	.elseif \p_part == 2
	ext	vt1.16b, vzero.16b, v\p_w\().16b, #4		// 0, 0, 0, W[t]
	ushr	vt2.4s, vt1.4s, #31
	sli	vt2.4s, vt1.4s, #1
	eor	v\p_w\().16b, v\p_w\().16b, vt2.16b
	.else
	add	vt2.4s, v\p_w\().4s, v\p_k\().4s
	STORE_RING \p_q
	.endif
	.endif
.endm

.macro	STORE_RING p_q
	.if (\p_q % 4) == 0
	st1	{vt2.4s}, [sp]
	.elseif (\p_q % 4) == 1
	st1	{vt2.4s}, [ring16]
	.elseif (\p_q % 4) == 2
	st1	{vt2.4s}, [ring32]
	.else
	st1	{vt2.4s}, [ring48]
	.endif
.endm

.macro	ROUND p_t, p_a, p_b, p_c, p_d, p_e, p_p, p_n, p_tf, p_tn
	.set	.Lmaj, (\p_t >= 40) && (\p_t < 60)
	.if ((\p_t % 2) == 0) && (\p_t < 78)
	ldr	x\p_n, [sp, #4 * ((\p_t + 2) % 16)]
	.endif
	.if !ROL5_SHIFTED
	ror	w13, w\p_a, #27
	.endif
	.if \p_t < 20
	and	w\p_tf, w\p_b, w\p_tf, ror #2	// Ch = ((c ^ d) & b) ^ d
	.elseif .Lmaj
	eor	t2, w\p_b, w\p_c, ror #2	// Maj = ((b ^ c) & (c ^ d)) ^ c
	.else
	eor	w\p_tf, w\p_b, w\p_tf, ror #2	// Parity = b ^ c ^ d
	.endif
	.if \p_t < 79
	eor	w\p_tn, w\p_b, w\p_c		// ror(c ^ d, 30) of round t+1
	.endif
	.if (\p_t % 2) == 0
	add	w\p_e, w\p_e, w\p_p		// + W[t] + K
	.else
	add	x\p_e, x\p_e, x\p_p, lsr #32	// + W[t] + K (high half)
	.endif
	.if \p_t < 20
	eor	w\p_tf, w\p_tf, w\p_d, ror #2
	.elseif .Lmaj
	and	t2, t2, w\p_tf, ror #2
	eor	w\p_tf, t2, w\p_c, ror #2
	.endif
	add	w\p_e, w\p_e, w\p_tf
	.if \p_t < 64
	.set	.Lq, \p_t / 4 + 4
	SCHED	(\p_t % 4), %(.Lq), %(.Lq % 8), %((.Lq + 7) % 8), %((.Lq + 6) % 8), %((.Lq + 5) % 8), %((.Lq + 4) % 8), %((.Lq + 1) % 8), %(16 + .Lq / 5)
	.endif
	.if \p_t < 79
	ror	w\p_d, w\p_d, #2		// e of round t+1: true value
	.endif
	.if ROL5_SHIFTED
	add	w\p_e, w\p_e, w\p_a, lsl #5	// rol(a, 5), low part
	add	w\p_e, w\p_e, w\p_a, lsr #27	// rol(a, 5), high part
	.else
	add	w\p_e, w\p_e, w13		// rol(a, 5)
	.endif
.endm

.macro	ROUND_T p_t
	.if ((\p_t / 2) % 2) == 0
	  ROUND_P \p_t, 3, 4
	.else
	  ROUND_P \p_t, 4, 3
	.endif
.endm

.macro	ROUND_P p_t, p_p, p_n
	.if (\p_t % 2) == 0
	ROUND	\p_t, %(5 + (80 - \p_t) % 5), %(5 + (81 - \p_t) % 5), %(5 + (82 - \p_t) % 5), %(5 + (83 - \p_t) % 5), %(5 + (84 - \p_t) % 5), \p_p, \p_n, 10, 11
	.else
	ROUND	\p_t, %(5 + (80 - \p_t) % 5), %(5 + (81 - \p_t) % 5), %(5 + (82 - \p_t) % 5), %(5 + (83 - \p_t) % 5), %(5 + (84 - \p_t) % 5), \p_p, \p_n, 11, 10
	.endif
.endm

SYM_FUNC_START(rsha_sha1_arm64_neon)
	cbz	nblk, .Lneon_ret
	sub	sp, sp, #64
	adrp	x3, .Lsha1_k_neon
	add	x3, x3, :lo12:.Lsha1_k_neon
	ld4r	{v16.4s-v19.4s}, [x3]
	movi	vzero.16b, #0
	add	ring16, sp, #16
	add	ring32, sp, #32
	add	ring48, sp, #48
	ldp	w5, w6, [state]
	ldp	w7, w8, [state, #8]
	ldr	w9, [state, #16]
	// c, d, e are kept as rol(x, 2): every use rotates them back for free
	ror	w7, w7, #30
	ror	w8, w8, #30

.Lneon_block:
	ld1	{v0.16b-v3.16b}, [data], #64
	rev32	v0.16b, v0.16b
	rev32	v1.16b, v1.16b
	rev32	v2.16b, v2.16b
	rev32	v3.16b, v3.16b
	add	v20.4s, v0.4s, v16.4s
	add	v21.4s, v1.4s, v16.4s
	add	v22.4s, v2.4s, v16.4s
	add	v23.4s, v3.4s, v16.4s
	st1	{v20.4s-v23.4s}, [sp]
	ldr	x3, [sp]
	eor	w10, w7, w8			// ror(c ^ d, 30) for round 0

	.altmacro
	.set	.Lt, 0
	.rept	80
	ROUND_T	%(.Lt)
	.set	.Lt, .Lt + 1
	.endr
	.noaltmacro

	ldp	w10, w11, [state]
	ldp	w12, w13, [state, #8]
	ldr	w17, [state, #16]
	ror	w7, w7, #2
	ror	w8, w8, #2
	ror	w9, w9, #2
	add	w5, w5, w10
	add	w6, w6, w11
	add	w7, w7, w12
	add	w8, w8, w13
	add	w9, w9, w17
	stp	w5, w6, [state]
	stp	w7, w8, [state, #8]
	str	w9, [state, #16]
	ror	w7, w7, #30
	ror	w8, w8, #30
	subs	nblk, nblk, #1
.Lneon_block_end:
	b.ne	.Lneon_block

	add	sp, sp, #64
.Lneon_ret:
	ret
SYM_FUNC_END(rsha_sha1_arm64_neon)
