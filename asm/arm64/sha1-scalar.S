// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for arm64, integer registers only.
 *
 * void rsha_sha1_arm64_scalar(u32 state[5], const u8 *data, size_t nblocks);
 *
 * (header completed below)
 */

#include <linux/linkage.h>
#include "../sha1-k.h"

	.text

	state	.req	x0
	data	.req	x1
	wk	.req	w24		// K of the current stage
	nblk	.req	x28
	t0	.req	w25
	t1	.req	w26
	t2	.req	w27

#ifndef ROL5_SHIFTED
#define ROL5_SHIFTED 0
#endif
#ifndef E_SHIFTED
#define E_SHIFTED 1
#endif

/*
 * W[n] = rol1(W[n-3] ^ W[n-8] ^ W[n-14] ^ W[n-16]) in place: ws holds
 * W[n-16] on entry.
 */
.macro	SCHED ws, w14, w8, w3
	eor	w\ws, w\ws, w\w14
	eor	w\ws, w\ws, w\w8
	eor	w\ws, w\ws, w\w3
	ror	w\ws, w\ws, #31
.endm

.macro	ROUND p_t, p_a, p_b, p_c, p_d, p_e, p_w, p_s, p_s14, p_s8, p_s3
	.if (\p_t + 2 >= 16) && (\p_t + 2 < 80)
	SCHED	\p_s, \p_s14, \p_s8, \p_s3
	.endif
	add	t0, wk, w\p_w
	.if E_SHIFTED
	add	t0, t0, w\p_e, lsr #2
	add	w\p_e, t0, w\p_e, lsl #30
	.else
	ror	w\p_e, w\p_e, #2
	add	w\p_e, w\p_e, t0
	.endif
	.if \p_t < 20
	eor	t1, w\p_c, w\p_d
	and	t1, w\p_b, t1, ror #2
	eor	t1, t1, w\p_d, ror #2
	add	w\p_e, w\p_e, t1
	.elseif (\p_t >= 40) && (\p_t < 60)
	eor	t1, w\p_c, w\p_d		// ror(c ^ d, 30)
	and	t2, w\p_c, w\p_d		// ror(c & d, 30)
	and	t1, w\p_b, t1, ror #2
	add	w\p_e, w\p_e, t1
	ror	t2, t2, #2
	add	w\p_e, w\p_e, t2
	.else
	eor	t1, w\p_c, w\p_d
	eor	t1, w\p_b, t1, ror #2
	add	w\p_e, w\p_e, t1
	.endif
	.if ROL5_SHIFTED
	add	w\p_e, w\p_e, w\p_a, lsl #5
	add	w\p_e, w\p_e, w\p_a, lsr #27
	.else
	ror	t2, w\p_a, #27
	add	w\p_e, w\p_e, t2
	.endif
.endm

/* wk = k, two instructions, no memory */
.macro	LOADK k
	movz	wk, #((\k) & 0xffff)
	movk	wk, #((\k) >> 16), lsl #16
.endm

#define LA	2	/* rounds of look-ahead for the schedule */

.macro	ROUND_T p_t
	.if \p_t == 20
	LOADK	SHA1_K1
	.elseif \p_t == 40
	LOADK	SHA1_K2
	.elseif \p_t == 60
	LOADK	SHA1_K3
	.endif
	ROUND	\p_t, %(19 + (80 - \p_t) % 5), %(19 + (81 - \p_t) % 5), %(19 + (82 - \p_t) % 5), %(19 + (83 - \p_t) % 5), %(19 + (84 - \p_t) % 5), %(2 + \p_t % 16), %(2 + (\p_t + LA) % 16), %(2 + (\p_t + LA + 2) % 16), %(2 + (\p_t + LA + 8) % 16), %(2 + (\p_t + LA + 13) % 16)
.endm

SYM_FUNC_START(rsha_sha1_arm64_scalar)
	cbz	x2, .Lscalar_ret
	stp	x19, x20, [sp, #-80]!
	stp	x21, x22, [sp, #16]
	stp	x23, x24, [sp, #32]
	stp	x25, x26, [sp, #48]
	stp	x27, x28, [sp, #64]
	mov	nblk, x2
	ldp	w19, w20, [state]
	ldp	w21, w22, [state, #8]
	ldr	w23, [state, #16]
	// c, d, e are kept as rol(x, 2): every use rotates them back for free
	ror	w21, w21, #30
	ror	w22, w22, #30
	ror	w23, w23, #30

.Lscalar_block:
	ldp	w2, w3, [data, #0]
	ldp	w4, w5, [data, #8]
	ldp	w6, w7, [data, #16]
	ldp	w8, w9, [data, #24]
	ldp	w10, w11, [data, #32]
	ldp	w12, w13, [data, #40]
	ldp	w14, w15, [data, #48]
	ldp	w16, w17, [data, #56]
	add	data, data, #64
	.irp	r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
	rev	w\r, w\r
	.endr
	LOADK	SHA1_K0

	.altmacro
	.set	.Lt, 0
	.rept	80
	ROUND_T	%(.Lt)
	.set	.Lt, .Lt + 1
	.endr
	.noaltmacro

	ldp	w2, w3, [state]
	ldp	w4, w5, [state, #8]
	ldr	w6, [state, #16]
	ror	w21, w21, #2
	ror	w22, w22, #2
	ror	w23, w23, #2
	add	w19, w19, w2
	add	w20, w20, w3
	add	w21, w21, w4
	add	w22, w22, w5
	add	w23, w23, w6
	stp	w19, w20, [state]
	stp	w21, w22, [state, #8]
	str	w23, [state, #16]
	ror	w21, w21, #30
	ror	w22, w22, #30
	ror	w23, w23, #30
	subs	nblk, nblk, #1
.Lscalar_block_end:
	b.ne	.Lscalar_block

	ldp	x21, x22, [sp, #16]
	ldp	x23, x24, [sp, #32]
	ldp	x25, x26, [sp, #48]
	ldp	x27, x28, [sp, #64]
	ldp	x19, x20, [sp], #80
.Lscalar_ret:
	ret
SYM_FUNC_END(rsha_sha1_arm64_scalar)
