// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for x86_64, integer registers only.
 *
 * void rsha_sha1_x86_64_scalar(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Baseline x86-64 only (no BMI, no
 * MOVBE) and no x87/MMX/SSE/AVX register, so it runs on any x86_64 and
 * where kernel_fpu_begin() is not allowed.
 *
 * Calling convention: SysV. Clobbers rax, rcx, rdx, rsi, r8-r11 and flags
 * (rdi is left as it came); saves and restores r12 and r13; never touches
 * rbx, rbp or r14/r15. DF is not touched.
 * Stack: 80 bytes (64 for the W[] ring, 16 for r12/r13), nothing below rsp.
 * Sections: .text only (4.8 KiB): K is an immediate (lea displacement).
 *
 * Design: all 80 rounds unrolled, state in r8d-r12d with the register
 * names rotated through macro arguments (five rounds bring them back), so
 * no round moves state around. The message schedule is computed one word
 * per round, into a 16-word ring on the stack: W[t] = rol(W[t-3] ^ W[t-8]
 * ^ W[t-14] ^ W[t-16], 1) is one load and three xors with a memory
 * operand, which cost no extra ALU work, and x86 has too few registers for
 * the ring. W[t] + K and e are summed by one lea (K as its displacement),
 * then f, then rol(a, 5) last: the round-to-round chain a -> new a is
 * only the mov/rol/add of rol(a, 5) (f reads b = the a of two rounds
 * back, so it is computed in the shadow of the previous round). The
 * limit is then the ALU ports, about 12 ALU operations a round.
 *
 * Cycles per block: see the measurements of the x86 cores (the kernel's
 * generic C, lib/crypto/sha1.c, is the comparison).
 */

#include <linux/linkage.h>
#include "../sha1-k.h"

/*
 * K as a lea displacement: a sign-extended 32-bit field, so values with
 * bit 31 set are written as the negative number with the same low 32 bits.
 */
#define DISP(k)		((((k) ^ 0x80000000) - 0x80000000))

/* W[i] in the 16-word stack ring */
#define W(i)		(4 * ((i) & 15))(%rsp)

	.text

/*
 * f of the three stages, into %eax (Maj also uses %ecx), added into e.
 * b, c, d, e are register numbers (r8..r12).
 *   Ch(b,c,d)     = ((c ^ d) & b) ^ d
 *   Parity(b,c,d) = b ^ c ^ d
 *   Maj(b,c,d)    = (b & c) + ((b ^ c) & d)   (the two terms never share
 *                   a set bit, so + is |)
 */
.macro	F_CH b, c, d, e
	mov	%r\c\()d, %eax
	xor	%r\d\()d, %eax
	and	%r\b\()d, %eax
	xor	%r\d\()d, %eax
	add	%eax, %r\e\()d
.endm

.macro	F_PARITY b, c, d, e
	mov	%r\b\()d, %eax
	xor	%r\c\()d, %eax
	xor	%r\d\()d, %eax
	add	%eax, %r\e\()d
.endm

.macro	F_MAJ b, c, d, e
	mov	%r\b\()d, %ecx
	and	%r\c\()d, %ecx
	mov	%r\b\()d, %eax
	xor	%r\c\()d, %eax
	add	%ecx, %r\e\()d
	and	%r\d\()d, %eax
	add	%eax, %r\e\()d
.endm

/*
 * Round t. a..e are the numbers of the registers holding the state
 * (r8d..r12d, rotated by the caller); e receives the new a:
 *   e += W[t] + K + f(b, c, d) + rol(a, 5);  b = rol(b, 30)
 * %r13d: W[t] (rounds 0..15: the byte-swapped message word, loaded from
 * %rsi; later: computed from the ring), stored into the ring while later
 * rounds still read it. %eax, %ecx: f and rol(a, 5) temporaries.
 */
.macro	ROUND t, a, b, c, d, e
	.if \t < 16
	mov	(4 * \t)(%rsi), %r13d
	bswap	%r13d
	.else
	mov	W(\t - 3), %r13d
	xor	W(\t - 8), %r13d
	xor	W(\t - 14), %r13d
	xor	W(\t - 16), %r13d
	rol	$1, %r13d
	.endif
	.if \t < 77			// last read: round t + 3
	mov	%r13d, W(\t)
	.endif
	.if \t < 20
	lea	DISP(SHA1_K0)(%r\e, %r13), %r\e\()d
	F_CH	\b, \c, \d, \e
	.elseif \t < 40
	lea	DISP(SHA1_K1)(%r\e, %r13), %r\e\()d
	F_PARITY \b, \c, \d, \e
	.elseif \t < 60
	lea	DISP(SHA1_K2)(%r\e, %r13), %r\e\()d
	F_MAJ	\b, \c, \d, \e
	.else
	lea	DISP(SHA1_K3)(%r\e, %r13), %r\e\()d
	F_PARITY \b, \c, \d, \e
	.endif
	mov	%r\a\()d, %eax
	rol	$5, %eax
	add	%eax, %r\e\()d
	ror	$2, %r\b\()d
.endm

/* Rounds t..t+4: after five rounds the state is back in r8..r12 as a..e. */
.macro	ROUNDS5 t
	ROUND	(\t + 0), 8, 9, 10, 11, 12
	ROUND	(\t + 1), 12, 8, 9, 10, 11
	ROUND	(\t + 2), 11, 12, 8, 9, 10
	ROUND	(\t + 3), 10, 11, 12, 8, 9
	ROUND	(\t + 4), 9, 10, 11, 12, 8
.endm

SYM_FUNC_START(rsha_sha1_x86_64_scalar)
	test	%rdx, %rdx
	jz	.Lscalar_ret
	push	%r12
	push	%r13
	sub	$64, %rsp			// W ring at 0(%rsp)
	mov	0(%rdi), %r8d
	mov	4(%rdi), %r9d
	mov	8(%rdi), %r10d
	mov	12(%rdi), %r11d
	mov	16(%rdi), %r12d

.Lscalar_block:
	.set	.Lt, 0
	.rept	16
	ROUNDS5	.Lt
	.set	.Lt, .Lt + 5
	.endr

	// Feed-forward: 80 rounds are a multiple of 5, a..e are r8..r12.
	add	0(%rdi), %r8d
	add	4(%rdi), %r9d
	add	8(%rdi), %r10d
	add	12(%rdi), %r11d
	add	16(%rdi), %r12d
	mov	%r8d, 0(%rdi)
	mov	%r9d, 4(%rdi)
	mov	%r10d, 8(%rdi)
	mov	%r11d, 12(%rdi)
	mov	%r12d, 16(%rdi)
	add	$64, %rsi
	dec	%rdx
	jnz	.Lscalar_block

	add	$64, %rsp
	pop	%r13
	pop	%r12
.Lscalar_ret:
	RET
SYM_FUNC_END(rsha_sha1_x86_64_scalar)
