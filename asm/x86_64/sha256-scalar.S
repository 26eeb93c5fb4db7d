// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for x86_64, integer registers only.
 *
 * void rsha_sha256_x86_64_scalar(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Baseline x86-64 only (no BMI, no
 * MOVBE) and no x87/MMX/SSE/AVX register, so it runs on any x86_64 and
 * where kernel_fpu_begin() is not allowed.
 *
 * Calling convention: SysV x86_64 (rdi = state, rsi = data, rdx = nblocks).
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11 and flags; saves and restores
 * rbx, r12-r15; never touches rbp. DF is not used.
 * Stack: 128 bytes (40 for the five saved registers, 64 for the W[] ring,
 * 24 for state, data and nblocks, which have no register to live in).
 * Nothing below rsp.
 * Sections: .text (8.2 KiB) and .rodata (256 bytes of K, reached
 * RIP-relative).
 *
 * Design: all 64 rounds are unrolled; the state lives in r8d-r15d and the
 * register names rotate through macro arguments instead of moving data,
 * as in the arm64 core. W[t+16] is computed in round t, 16 rounds ahead
 * of its use, into a 16-word ring on the stack: every register is taken
 * (8 state, 3 round temporaries, the two Maj carries, one more for the
 * schedule), so W lives in memory and the rounds add K[t] and W[t] as
 * load-and-add operands, which cost no extra issue slot. Baseline x86 has
 * no three-operand rotate, so each Sigma is a copy (free: move
 * elimination) and three rotates in a two-deep tree instead of the
 * nested form, cutting the e -> e chain of a round to 5 cycles. What
 * bounds the schedule rounds is issue width and the two ports that
 * rotate and shift (12 rotates/shifts a round, 47 instructions), not
 * latency; the shorter-path round of the AVX2 core (sha256-avx2.S) costs
 * three more instructions here and measured 10% slower.
 *
 * Measured (64 hot blocks, Intel Golden Cove class): 507 cycles a block,
 * against 645 (gcc -O2) and 671 (clang-19 -O2) for the kernel's generic C.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha256-k.h"

	.section .rodata
	.balign	64
.Lsha256_k_scalar:
	sha256_k_table
	.size	.Lsha256_k_scalar, . - .Lsha256_k_scalar

/*
 * Stack frame (offsets from rsp after the prologue): the W ring, then the
 * arguments that have no register during the rounds.
 */
#define RING(i)		(4 * ((i) % 16))	// W[i], i mod 16
#define STATE_PTR	64
#define DATA_PTR	72
#define NBLK		80
#define FRAME		88

	.text

/*
 * Round t of the compression function on the state registers a..h (32-bit
 * names, rotated per round by ROUND_T). p holds b ^ c (the previous
 * round's a ^ b) and becomes Maj(a, b, c); q receives a ^ b for the next
 * round. eax, ebx, ecx are temporaries (Sigma1 then Sigma0; Ch).
 * On return h = T1 + T2 (the next round's a) and d = d + T1 (the next
 * round's e).
 *
 *   Sigma1(e) = ror(e,6) ^ ror(e,11) ^ ror(ror(e,11),14)
 *   Sigma0(a) = ror(a,2) ^ ror(a,13) ^ ror(ror(a,13),9)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, p, q
	addl	.Lsha256_k_scalar + 4 * \t(%rip), \h	// h += K[t]
	addl	RING(\t)(%rsp), \h			// h += W[t]
	movl	\e, %eax
	rorl	$6, %eax
	movl	\e, %ebx
	rorl	$11, %ebx
	movl	\f, %ecx
	xorl	\g, %ecx
	xorl	%ebx, %eax
	rorl	$14, %ebx
	andl	\e, %ecx
	xorl	%ebx, %eax			// Sigma1(e)
	xorl	\g, %ecx			// Ch(e, f, g)
	addl	%ecx, \h
	addl	%eax, \h			// h = T1
	movl	\a, %eax
	rorl	$2, %eax
	movl	\a, %ebx
	rorl	$13, %ebx
	addl	\h, \d				// d += T1: next round's e
	movl	\a, \q
	xorl	\b, \q				// a ^ b
	xorl	%ebx, %eax
	rorl	$9, %ebx
	andl	\q, \p
	xorl	%ebx, %eax			// Sigma0(a)
	xorl	\b, \p				// Maj(a, b, c)
	addl	%eax, \p
	addl	\p, \h				// h = T1 + T2: next round's a
.endm

/*
 * W[t+16] = sigma1(W[t+14]) + W[t+9] + sigma0(W[t+1]) + W[t], into the
 * ring slot of W[t] (which round t has just read). edi, eax, ebx, ecx are
 * temporaries (free once the round is done with them).
 *
 *   sigma0(x) = ror(x ^ ror(x,11), 7) ^ (x >> 3)
 *   sigma1(x) = ror(x ^ ror(x,2), 17) ^ (x >> 10)
 */
.macro	SCHED t
	movl	RING(\t + 1)(%rsp), %edi	// W[t+1]
	movl	RING(\t + 14)(%rsp), %eax	// W[t+14]
	movl	%edi, %ecx
	rorl	$11, %ecx
	movl	%eax, %ebx
	rorl	$2, %ebx
	xorl	%edi, %ecx
	shrl	$3, %edi
	xorl	%eax, %ebx
	shrl	$10, %eax
	rorl	$7, %ecx
	rorl	$17, %ebx
	xorl	%edi, %ecx			// sigma0(W[t+1])
	xorl	%eax, %ebx			// sigma1(W[t+14])
	addl	RING(\t)(%rsp), %ecx
	addl	RING(\t + 9)(%rsp), %ebx
	addl	%ebx, %ecx
	movl	%ecx, RING(\t)(%rsp)		// W[t+16]
.endm

/*
 * Round t with its state registers (a = r8d at t % 8 == 0, each round
 * moving every name one register down: rsha_rotate8, ../regs.h), the two
 * Maj carries edx/esi swapping roles every round, and the schedule work
 * for rounds 0..47.
 */
.macro	ROUND_T t
	.if (\t % 2) == 0
	rsha_rotate8 (\t % 8), ROUND, \t, %r8d, %r9d, %r10d, %r11d, %r12d, %r13d, %r14d, %r15d, %edx, %esi
	.else
	rsha_rotate8 (\t % 8), ROUND, \t, %r8d, %r9d, %r10d, %r11d, %r12d, %r13d, %r14d, %r15d, %esi, %edx
	.endif
	.if \t < 48
	SCHED	\t
	.endif
.endm

/*
 * The 16 big-endian message words of the block at rdi, byte-swapped into
 * the ring. eax, ebx, ecx, edx are scratch (free between blocks); four
 * names so that the loads need not wait on one another's bswap.
 */
.macro	LOAD_WORD i, r
	movl	4 * \i(%rdi), \r
	bswapl	\r
	movl	\r, RING(\i)(%rsp)
.endm

.macro	LOAD_BLOCK
	.irp	i, 0, 4, 8, 12
	LOAD_WORD (\i + 0), %eax
	LOAD_WORD (\i + 1), %ebx
	LOAD_WORD (\i + 2), %ecx
	LOAD_WORD (\i + 3), %edx
	.endr
.endm

SYM_FUNC_START(rsha_sha256_x86_64_scalar)
	test	%rdx, %rdx
	jz	.Lscalar_ret
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$FRAME, %rsp
	mov	%rdi, STATE_PTR(%rsp)
	mov	%rsi, DATA_PTR(%rsp)
	mov	%rdx, NBLK(%rsp)
	movl	0(%rdi), %r8d
	movl	4(%rdi), %r9d
	movl	8(%rdi), %r10d
	movl	12(%rdi), %r11d
	movl	16(%rdi), %r12d
	movl	20(%rdi), %r13d
	movl	24(%rdi), %r14d
	movl	28(%rdi), %r15d

.Lscalar_block:
	mov	DATA_PTR(%rsp), %rdi
	LOAD_BLOCK
	addq	$64, DATA_PTR(%rsp)
	movl	%r9d, %edx
	xorl	%r10d, %edx			// b ^ c for round 0's Maj

	.set	.Lt, 0
	.rept	64
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward; the rotation is back at a = r8d after 64 rounds.
	mov	STATE_PTR(%rsp), %rdi
	addl	0(%rdi), %r8d
	addl	4(%rdi), %r9d
	addl	8(%rdi), %r10d
	addl	12(%rdi), %r11d
	addl	16(%rdi), %r12d
	addl	20(%rdi), %r13d
	addl	24(%rdi), %r14d
	addl	28(%rdi), %r15d
	movl	%r8d, 0(%rdi)
	movl	%r9d, 4(%rdi)
	movl	%r10d, 8(%rdi)
	movl	%r11d, 12(%rdi)
	movl	%r12d, 16(%rdi)
	movl	%r13d, 20(%rdi)
	movl	%r14d, 24(%rdi)
	movl	%r15d, 28(%rdi)
	decq	NBLK(%rsp)
	jnz	.Lscalar_block

	add	$FRAME, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.Lscalar_ret:
	RET
SYM_FUNC_END(rsha_sha256_x86_64_scalar)
