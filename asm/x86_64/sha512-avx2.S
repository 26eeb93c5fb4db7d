// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for x86_64 with AVX2 and BMI2 (SHA-384 uses
 * the same block function with its own IV).
 *
 * void rsha_sha512_x86_64_avx2(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Needs AVX2 (the message schedule),
 * BMI2 (rorx; cores.tab also lists bmi1, which every BMI2 CPU has); call
 * it between kernel_fpu_begin() and kernel_fpu_end().
 *
 * Calling convention: SysV x86_64 (rdi = state, rsi = data, rdx = nblocks).
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm11 and flags; saves
 * and restores rbx, r12-r15 and rbp (rbp only as the frame pointer of the
 * realigned stack, never as a general register). Ends with vzeroupper.
 * DF is not used.
 * Stack: 48 bytes of saved registers, then up to 31 bytes of alignment
 * and 160 bytes: the W[]+K[] ring (128, 32-byte aligned) and state, data
 * and the end of data, which have no register to live in. Nothing below
 * rsp.
 * Sections: .text (about 5 KiB) and .rodata (640 bytes of K and two
 * 32-byte vpshufb masks, reached RIP-relative).
 *
 * Design: the rounds run on integer registers, the state in r8-r15 with
 * the register names rotating through macro arguments, as in the scalar
 * core; BMI2 rorx makes each Sigma three rotates with no copy, so a
 * round is 24 instructions. (Ch as (e & f) + (~e & g) with BMI1 andn is
 * as many instructions and measured 1% slower than the xor form: two
 * adds into the T1 chain instead of one.)
 * The message schedule runs on the vector unit in parallel with them:
 * ymm0-ymm3 hold the 16-word window W[t..t+15], and each group of four
 * rounds computes the next four words W[t+16..t+19] (sigma0 on four
 * lanes, sigma1 twice on two, since W[t+18] needs sigma1(W[t+16])) and
 * stores W+K for them into a 16-entry ring on the stack, from which a
 * round takes W[t]+K[t] with one load-and-add. AVX2 has no 64-bit vector
 * rotate: each rotate is two shifts, except ror 8 in sigma0, one vpshufb.
 * Rounds 0..63 are a loop of 16 rounds (four schedule groups; 16 rounds
 * bring both the state names and the ymm window back to their starting
 * registers), rounds 64..79 follow without schedule work.
 *
 * Measured on the build machine (Intel, Golden Cove class, 64 hot blocks,
 * cycles from a dependent-add chain): about 650 cycles a block, 0.96x the
 * kernel's sha512_transform_rorx. The rounds alone (schedule removed)
 * take about 580: what bounds them is the e -> e chain (5 cycles in
 * theory, about 6 measured under port contention from the rotates), not
 * issue width. Emitting a round's Sigma0/Maj half after the next round's
 * T1 half, or shortening the e chain to 4 with two more adds, measured no
 * better.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha512-k.h"

	.section .rodata
	.balign	64
.Lsha512_k_avx2:
	sha512_k_table
	.size	.Lsha512_k_avx2, . - .Lsha512_k_avx2

	.balign	32
	// vpshufb: reverse the bytes of each 64-bit word (big-endian load)
.Lbswap64_mask:
	.rept	2
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.endr
	// vpshufb: rotate each 64-bit word right by 8 bits
.Lror8_mask:
	.rept	2
	.byte	1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.endr

/*
 * Stack frame (offsets from the 32-byte aligned rsp): the W+K ring, then
 * the arguments that have no register during the rounds.
 */
#define WK(i)		(8 * ((i) % 16))	// W[i] + K[i], i mod 16
#define STATE_PTR	128
#define DATA_PTR	136
#define DATA_END	144
#define FRAME		160

#define kptr	%rbx		// K[16 * loop iteration]
	// ymm0-ymm3: the schedule window, four words each (SCHED_T)
	// ymm4-ymm9: schedule temporaries
	// ymm10: .Lror8_mask

	.text

/*
 * Round t of the compression function on the state registers a..h
 * (rotated per round by ROUND_T). p holds b ^ c (the previous round's
 * a ^ b) and becomes Maj(a, b, c); q receives a ^ b for the next round.
 * rax, rcx (Sigma1, then Sigma0) and rdi (Ch) are temporaries.
 * On return h = T1 + T2 (the next round's a) and d = d + T1
 * (the next round's e).
 *
 *   Sigma1(e) = ror(e,14) ^ ror(e,18) ^ ror(e,41)
 *   Sigma0(a) = ror(a,28) ^ ror(a,34) ^ ror(a,39)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, p, q
	add	WK(\t)(%rsp), \h		// h += W[t] + K[t]
	rorx	$14, \e, %rax
	rorx	$18, \e, %rcx
	mov	\f, %rdi
	xor	\g, %rdi
	xor	%rcx, %rax
	rorx	$41, \e, %rcx
	and	\e, %rdi
	xor	\g, %rdi			// Ch(e, f, g)
	xor	%rcx, %rax			// Sigma1(e)
	add	%rdi, \h
	add	%rax, \h			// h = T1
	rorx	$28, \a, %rax
	rorx	$34, \a, %rcx
	add	\h, \d				// d += T1: next round's e
	mov	\a, \q
	xor	\b, \q				// a ^ b
	xor	%rcx, %rax
	rorx	$39, \a, %rcx
	and	\q, \p
	xor	%rcx, %rax			// Sigma0(a)
	xor	\b, \p				// Maj(a, b, c)
	add	%rax, \p
	add	\p, \h				// h = T1 + T2: next round's a
.endm

/*
 * sigma1 of the four words in x, into s (u: temporary):
 *   sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6), ror(x,n) = x >> n ^ x << (64-n)
 */
.macro	SIGMA1 x, s, u
	vpsrlq	$6, \x, \s
	vpsrlq	$19, \x, \u
	vpxor	\u, \s, \s
	vpsllq	$45, \x, \u
	vpxor	\u, \s, \s
	vpsrlq	$61, \x, \u
	vpxor	\u, \s, \s
	vpsllq	$3, \x, \u
	vpxor	\u, \s, \s
.endm

/*
 * Part k (0..3, one per round of the group) of the schedule step that
 * turns the window x0..x3 = W[j..j+15] into W[j+16..j+19] (replacing x0,
 * which holds W[j..j+3]) and stores W+K for them in the ring slots of
 * W[j..j+3]: part 3 comes after round j+3, the last to read them. koff is
 * the byte offset of K[j+16] from kptr. ymm4-ymm9 are temporaries:
 * ymm4 = W[j+1..j+4], ymm5 = W[j+9..j+12], then their sums.
 *
 *   sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 *   W[i+16] = sigma1(W[i+14]) + W[i+9] + sigma0(W[i+1]) + W[i]
 */
.macro	SCHED_PART k, j, koff, x0, x1, x2, x3
	.if \k == 0
	vperm2i128 $0x21, \x1, \x0, %ymm4	// W[j+2], W[j+3], W[j+4], W[j+5]
	vpalignr $8, \x0, %ymm4, %ymm4		// W[j+1..j+4]
	vperm2i128 $0x21, \x3, \x2, %ymm5
	vpalignr $8, \x2, %ymm5, %ymm5		// W[j+9..j+12]
	vpsrlq	$1, %ymm4, %ymm6
	vpsllq	$63, %ymm4, %ymm7
	vpxor	%ymm7, %ymm6, %ymm6
	vpsrlq	$7, %ymm4, %ymm7
	vpxor	%ymm7, %ymm6, %ymm6
	vpshufb	%ymm10, %ymm4, %ymm7
	vpxor	%ymm7, %ymm6, %ymm6		// sigma0(W[j+1..j+4])
	.elseif \k == 1
	vpaddq	\x0, %ymm5, %ymm5
	vpaddq	%ymm6, %ymm5, %ymm5		// W[j] + W[j+9] + sigma0(W[j+1])
	SIGMA1	\x3, %ymm8, %ymm9		// lanes 2, 3: sigma1(W[j+14..j+15])
	.elseif \k == 2
	vperm2i128 $0x81, %ymm8, %ymm8, %ymm8	// to lanes 0, 1; lanes 2, 3 zero
	vpaddq	%ymm8, %ymm5, %ymm5		// lanes 0, 1: W[j+16], W[j+17]
	SIGMA1	%ymm5, %ymm8, %ymm9		// lanes 0, 1: sigma1(W[j+16..j+17])
	.else
	vperm2i128 $0x08, %ymm8, %ymm8, %ymm8	// to lanes 2, 3; lanes 0, 1 zero
	vpaddq	%ymm8, %ymm5, \x0		// W[j+16..j+19]
	vpaddq	\koff(kptr), \x0, %ymm4
	vmovdqa	%ymm4, WK(\j)(%rsp)		// W+K[j+16..j+19]
	.endif
.endm

/*
 * Round t (0..15 within the loop, 64..79 after it) with its state
 * registers (a = r8 at t % 8 == 0, each round moving every name one
 * register down: rsha_rotate8, ../regs.h), the two Maj carries rdx/rsi
 * swapping roles every round, and in the loop one part of the schedule
 * step of its group of four rounds: the window registers rotate by one
 * ymm register per group.
 */
.macro	ROUND_T t
	.if (\t % 2) == 0
	rsha_rotate8 (\t % 8), ROUND, \t, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rdx, %rsi
	.else
	rsha_rotate8 (\t % 8), ROUND, \t, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdx
	.endif
	.if \t < 16
	SCHED_T	(\t % 4), (\t - \t % 4), (\t / 4)
	.endif
.endm

.macro	SCHED_T k, j, g
	.if \g == 0
	SCHED_PART \k, \j, (8 * (\j + 16)), %ymm0, %ymm1, %ymm2, %ymm3
	.elseif \g == 1
	SCHED_PART \k, \j, (8 * (\j + 16)), %ymm1, %ymm2, %ymm3, %ymm0
	.elseif \g == 2
	SCHED_PART \k, \j, (8 * (\j + 16)), %ymm2, %ymm3, %ymm0, %ymm1
	.else
	SCHED_PART \k, \j, (8 * (\j + 16)), %ymm3, %ymm0, %ymm1, %ymm2
	.endif
.endm

/*
 * The block at rdi into the window ymm0-ymm3 (byte-swapped to native
 * words), and W+K for rounds 0..15 into the ring (ymm4-ymm7, ymm11
 * temporaries).
 */
.macro	LOAD_QUAD i, x, s
	vmovdqu	32 * \i(%rdi), \x
	vpshufb	%ymm11, \x, \x
	vpaddq	.Lsha512_k_avx2 + 32 * \i(%rip), \x, \s
	vmovdqa	\s, WK(4 * \i)(%rsp)
.endm

.macro	LOAD_BLOCK
	vmovdqa	.Lbswap64_mask(%rip), %ymm11
	LOAD_QUAD 0, %ymm0, %ymm4
	LOAD_QUAD 1, %ymm1, %ymm5
	LOAD_QUAD 2, %ymm2, %ymm6
	LOAD_QUAD 3, %ymm3, %ymm7
.endm

SYM_FUNC_START(rsha_sha512_x86_64_avx2)
	test	%rdx, %rdx
	jz	.Lavx2_ret
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rbp
	mov	%rsp, %rbp
	sub	$FRAME, %rsp
	and	$-32, %rsp
	shl	$7, %rdx
	add	%rsi, %rdx
	mov	%rdi, STATE_PTR(%rsp)
	mov	%rsi, DATA_PTR(%rsp)
	mov	%rdx, DATA_END(%rsp)
	mov	0(%rdi), %r8
	mov	8(%rdi), %r9
	mov	16(%rdi), %r10
	mov	24(%rdi), %r11
	mov	32(%rdi), %r12
	mov	40(%rdi), %r13
	mov	48(%rdi), %r14
	mov	56(%rdi), %r15
	vmovdqa	.Lror8_mask(%rip), %ymm10

.Lavx2_block:
	mov	DATA_PTR(%rsp), %rdi
	LOAD_BLOCK
	lea	.Lsha512_k_avx2(%rip), kptr
	mov	%r9, %rdx
	xor	%r10, %rdx			// b ^ c for round 0's Maj

.Lavx2_rounds:					// rounds 0..63, 16 a pass
	.set	.Lt, 0
	.rept	16
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr
	add	$128, kptr
	lea	.Lsha512_k_avx2 + 512(%rip), %rax
	cmp	%rax, kptr
	jne	.Lavx2_rounds

	.set	.Lt, 64				// rounds 64..79
	.rept	16
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward; after 80 rounds a is back in r8.
	mov	STATE_PTR(%rsp), %rdi
	add	0(%rdi), %r8
	add	8(%rdi), %r9
	add	16(%rdi), %r10
	add	24(%rdi), %r11
	add	32(%rdi), %r12
	add	40(%rdi), %r13
	add	48(%rdi), %r14
	add	56(%rdi), %r15
	mov	%r8, 0(%rdi)
	mov	%r9, 8(%rdi)
	mov	%r10, 16(%rdi)
	mov	%r11, 24(%rdi)
	mov	%r12, 32(%rdi)
	mov	%r13, 40(%rdi)
	mov	%r14, 48(%rdi)
	mov	%r15, 56(%rdi)
	mov	DATA_PTR(%rsp), %rsi
	add	$128, %rsi
	mov	%rsi, DATA_PTR(%rsp)
	cmp	DATA_END(%rsp), %rsi
	jne	.Lavx2_block

	vzeroupper
	mov	%rbp, %rsp
	pop	%rbp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.Lavx2_ret:
	RET
SYM_FUNC_END(rsha_sha512_x86_64_avx2)
