// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for x86_64, integer registers only (SHA-384 uses
 * the same block function with its own IV).
 *
 * void rsha_sha512_x86_64_scalar(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Baseline x86-64 only (no BMI, no
 * MOVBE) and no x87/MMX/SSE/AVX register, so it runs on any x86_64 and
 * where kernel_fpu_begin() is not allowed.
 *
 * Calling convention: SysV x86_64 (rdi = state, rsi = data, rdx = nblocks).
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11 and flags; saves and restores
 * rbx, r12-r15; never touches rbp. DF is not used.
 * Stack: 192 bytes (40 for the five saved registers, 128 for the W[] ring,
 * 24 for state, data and the end of data, which have no register to live
 * in). Nothing below rsp.
 * Sections: .text (about 5 KiB) and .rodata (640 bytes of K, reached
 * RIP-relative).
 *
 * Design: the state lives in r8-r15 and the register names rotate
 * through macro arguments instead of moving data. Rounds 0..63 are a loop
 * of 16 (16 rounds bring the names back to their registers, rbx steps
 * through K), rounds 64..79 follow without schedule work; unrolling all
 * 80 measured the same and is 2.5 times the code. W[t+16] is computed in
 * round t, 16 rounds ahead of its use, into a 16-word ring on the stack.
 * Every register is taken (8 state, the K pointer, the two Maj carries,
 * three temporaries), so W lives in memory and the rounds add K[t] and
 * W[t] as load-and-add operands, which cost no extra issue slot.
 * Baseline x86 has no three-operand rotate, so each Sigma is one copy
 * and the nested ror(ror(ror(x,p) ^ x, q) ^ x, r): issue width, not
 * latency, bounds a scheduled round (45 instructions, 12 of them
 * rotates or shifts, which only two ports execute), and this form
 * measured 3% faster than a two-deep tree of three rotates (one copy
 * more a Sigma, e -> e chain 5 cycles instead of 7).
 *
 * Measured on the build machine (Intel, Golden Cove class, 64 hot blocks,
 * cycles from a dependent-add chain): about 680 cycles a block, 0.74x
 * the kernel's generic C (sha512_transform, clang -O2: 922).
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha512-k.h"

	.section .rodata
	.balign	64
.Lsha512_k_scalar:
	sha512_k_table
	.size	.Lsha512_k_scalar, . - .Lsha512_k_scalar

/*
 * Stack frame (offsets from rsp after the prologue): the W ring, then the
 * arguments that have no register during the rounds.
 */
#define RING(i)		(8 * ((i) % 16))	// W[i], i mod 16
#define STATE_PTR	128
#define DATA_PTR	136
#define DATA_END	144
#define FRAME		152

	.text

/*
 * Round t of the compression function on the state registers a..h
 * (rotated per round by ROUND_T). p holds b ^ c (the previous round's
 * a ^ b) and becomes Maj(a, b, c); q receives a ^ b for the next round.
 * rax (Sigma1, then Sigma0) and rcx (Ch) are temporaries; rbx points
 * at K[16 * loop pass].
 * On return h = T1 + T2 (the next round's a) and d = d + T1 (the next
 * round's e).
 *
 *   Sigma1(e) = ror(ror(ror(e,23) ^ e, 4) ^ e, 14)
 *   Sigma0(a) = ror(ror(ror(a,5) ^ a, 6) ^ a, 28)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, p, q
	add	8 * (\t % 16)(%rbx), \h	// h += K[t]
	add	RING(\t)(%rsp), \h			// h += W[t]
	mov	\e, %rax
	ror	$23, %rax
	mov	\f, %rcx
	xor	\g, %rcx
	xor	\e, %rax
	ror	$4, %rax
	and	\e, %rcx
	xor	\e, %rax
	ror	$14, %rax			// Sigma1(e)
	xor	\g, %rcx			// Ch(e, f, g)
	add	%rcx, \h
	add	%rax, \h			// h = T1
	mov	\a, %rax
	ror	$5, %rax
	add	\h, \d				// d += T1: next round's e
	mov	\a, \q
	xor	\b, \q				// a ^ b
	xor	\a, %rax
	ror	$6, %rax
	and	\q, \p
	xor	\a, %rax
	ror	$28, %rax			// Sigma0(a)
	xor	\b, \p				// Maj(a, b, c)
	add	%rax, \p
	add	\p, \h				// h = T1 + T2: next round's a
.endm

/*
 * W[t+16] = sigma1(W[t+14]) + W[t+9] + sigma0(W[t+1]) + W[t], into the
 * ring slot of W[t] (which round t has just read). rdi, rax, rcx are
 * temporaries (free once the round is done with them).
 *
 *   sigma0(x) = ror(x ^ ror(x,7), 1) ^ (x >> 7)
 * (ror by 1 is written rol $63: the assembler encodes "ror $1" in its
 * short form, two uops on Intel cores, for the flags it updates.)
 *   sigma1(x) = ror(x ^ ror(x,42), 19) ^ (x >> 6)
 */
.macro	SCHED t
	mov	RING(\t + 1)(%rsp), %rdi	// W[t+1]
	mov	%rdi, %rcx
	ror	$7, %rcx
	xor	%rdi, %rcx
	shr	$7, %rdi
	rol	$63, %rcx
	xor	%rdi, %rcx			// sigma0(W[t+1])
	mov	RING(\t + 14)(%rsp), %rax	// W[t+14]
	mov	%rax, %rdi
	ror	$42, %rdi
	xor	%rax, %rdi
	shr	$6, %rax
	ror	$19, %rdi
	xor	%rax, %rdi			// sigma1(W[t+14])
	add	RING(\t)(%rsp), %rcx
	add	RING(\t + 9)(%rsp), %rdi
	add	%rdi, %rcx
	mov	%rcx, RING(\t)(%rsp)		// W[t+16]
.endm

/*
 * Round t with its state registers (a = r8 at t % 8 == 0, each round
 * moving every name one register down: rsha_rotate8, ../regs.h), the two
 * Maj carries rdx/rsi swapping roles every round, and the schedule work
 * for rounds 0..63.
 */
.macro	ROUND_T t
	.if (\t % 2) == 0
	rsha_rotate8 (\t % 8), ROUND, \t, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rdx, %rsi
	.else
	rsha_rotate8 (\t % 8), ROUND, \t, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rsi, %rdx
	.endif
	.if \t < 64
	SCHED	\t
	.endif
.endm

/*
 * The 16 big-endian message words of the block at rdi, byte-swapped into
 * the ring. rax, rbx, rcx, rdx are scratch (free between blocks); four
 * names so that the loads need not wait on one another's bswap.
 */
.macro	LOAD_WORD i, r
	mov	8 * \i(%rdi), \r
	bswap	\r
	mov	\r, RING(\i)(%rsp)
.endm

.macro	LOAD_BLOCK
	.irp	i, 0, 4, 8, 12
	LOAD_WORD (\i + 0), %rax
	LOAD_WORD (\i + 1), %rbx
	LOAD_WORD (\i + 2), %rcx
	LOAD_WORD (\i + 3), %rdx
	.endr
.endm

SYM_FUNC_START(rsha_sha512_x86_64_scalar)
	test	%rdx, %rdx
	jz	.Lscalar_ret
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$FRAME, %rsp
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

.Lscalar_block:
	mov	DATA_PTR(%rsp), %rdi
	LOAD_BLOCK
	mov	%r9, %rdx
	xor	%r10, %rdx			// b ^ c for round 0's Maj

	lea	.Lsha512_k_scalar(%rip), %rbx
.Lscalar_rounds:				// rounds 0..63, 16 a pass
	.set	.Lt, 0
	.rept	16
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr
	add	$128, %rbx
	lea	.Lsha512_k_scalar + 512(%rip), %rcx
	cmp	%rcx, %rbx
	jne	.Lscalar_rounds

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
	jne	.Lscalar_block

	add	$FRAME, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
.Lscalar_ret:
	RET
SYM_FUNC_END(rsha_sha512_x86_64_scalar)
