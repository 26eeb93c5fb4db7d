// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for x86_64 with AVX2 and BMI1/BMI2.
 *
 * void rsha_sha256_x86_64_avx2(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Call between kernel_fpu_begin() and
 * kernel_fpu_end(); needs AVX2, BMI1 (andn) and BMI2 (rorx).
 *
 * Calling convention: SysV x86_64 (rdi = state, rsi = data, rdx = nblocks).
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm8, ymm10, ymm11 and
 * flags; saves and restores rbx, r12-r15; rbp only as the frame pointer
 * while rsp is aligned down to 32 bytes. Ends with vzeroupper. DF is not used.
 * Stack: 8 bytes for rbp, then up to 31 of alignment and a 576-byte frame
 * (512 for W+K of two blocks, 40 for rbx and r12-r15, 24 for state, data
 * and nblocks). Nothing below rsp.
 * Sections: .text (15.2 KiB), .rodata (256 bytes of K) and .rodata.cst32
 * (three 32-byte shuffle masks), reached RIP-relative.
 *
 * Design: two blocks per pass. The message schedule of both runs in the
 * ymm registers, one block per 128-bit lane (the AVX2 shifts, shuffles and
 * adds all work lane by lane), four words W[t..t+3] a step; each step
 * adds K and stores W+K for both blocks to the stack. The first block's
 * rounds carry the schedule, a quarter step per round, twelve rounds ahead
 * of first use; the second block's rounds run from the stack alone. With
 * one block left the second lane repeats it and its rounds are skipped.
 * Measured (64 hot blocks, Intel Golden Cove class): 443 cycles a block
 * against 463 for the same code run one block per pass, so sharing the
 * schedule between two blocks is worth its 512 bytes of stack.
 *
 * The rounds are scalar (8 state registers rotated through macro
 * arguments, as in the scalar core) and take W+K as one load-and-add.
 * A block is a chain of 64 dependent rounds, and on this core two rotates
 * that become ready together often wait on the same port, so the round is
 * built for a short e -> e' and a -> a' path rather than for the fewest
 * instructions: rorx gives each Sigma as three independent rotates and
 * two xors, andn gives Ch as two independent halves, e' is summed with
 * Sigma1 last, and a' is taken from e' (a' = e' + Maj - d + Sigma0) with
 * Maj as the sum of two disjoint terms carried from the round before. That
 * costs three instructions a round over the plain T1/T2 order and measures
 * 6.1 against 7.5 cycles a round in isolation.
 *
 *   sigma0 (4 words): (x >> 7 ^ x << 25) ^ (x >> 18 ^ x << 14) ^ x >> 3
 *   sigma1 (2 words at a time, as W[t+2] needs W[t]): each word copied
 *   into both halves of a 64-bit lane, where a 64-bit right shift by n
 *   leaves ror(x, n) in the low half: ror 17, ror 19 and x >> 10 in three
 *   shifts, then a byte shuffle packs the two results into place.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha256-k.h"

	.section .rodata
	.balign	64
.Lsha256_k_avx2:
	sha256_k_table
	.size	.Lsha256_k_avx2, . - .Lsha256_k_avx2

	.section .rodata.cst32, "aM", @progbits, 32
	.balign	32
	// byte order of each 32-bit word reversed (big-endian message words)
.Lbswap32_avx2:
	.rept	2
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
	.endr
	// dwords 0 and 2 to dwords 0 and 1, zeros above
.Lpack_lo_avx2:
	.rept	2
	.byte	0, 1, 2, 3, 8, 9, 10, 11
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.endr
	// dwords 0 and 2 to dwords 2 and 3, zeros below
.Lpack_hi_avx2:
	.rept	2
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0, 1, 2, 3, 8, 9, 10, 11
	.endr

/*
 * Stack frame (offsets from the aligned rsp): W+K, then the saved
 * registers and the arguments that have no register during the rounds.
 * W+K of rounds 4i..4i+3 are at 32 * i: the first block's four words,
 * then the second block's (the two lanes of one ymm store).
 */
#define WK(b, t)	(32 * ((t) / 4) + 4 * ((t) % 4) + 16 * (b))
#define SAVE_RBX	512
#define SAVE_R12	520
#define SAVE_R13	528
#define SAVE_R14	536
#define SAVE_R15	544
#define STATE_PTR	552
#define DATA_PTR	560
#define NBLK		568
#define FRAME		576

	.text

/*
 * Round t of block b (0, 1) on the state registers a..h (32-bit names,
 * rotated per round by ROUND_T). Two carries from the round before: edx =
 * b ^ c and esi = b & c. eax, ebx, ecx, edi are temporaries. On return
 * d = d + T1 (the next round's e) and h = T1 + T2 (the next round's a);
 * edx and esi hold a ^ b and a & b for the next round.
 *
 * What bounds a block is the path e -> e' (and a -> a') through its 64
 * dependent rounds, not the instruction count. So e' is summed as
 * ((d + h + K + W) + Ch) + Sigma1 with Sigma1 added last (rorx, xor,
 * xor, add: four steps), and a' is taken from e' instead of from T1:
 * a' = e' + (Maj - d) + Sigma0, where Maj = (b & c) + (a & (b ^ c))
 * (the two terms never share a bit) is one and and one add from a.
 *
 *   Sigma1(e) = ror(e,6) ^ ror(e,11) ^ ror(e,25)
 *   Sigma0(a) = ror(a,2) ^ ror(a,13) ^ ror(a,22)
 *   Ch(e,f,g) = (e & f) + (g & ~e)	(the two terms never share a bit)
 */
.macro	ROUND b, t, a, b_, c, d, e, f, g, h
	addl	WK(\b, \t)(%rsp), \h		// h + K[t] + W[t]
	rorxl	$6, \e, %eax
	rorxl	$11, \e, %ebx
	andnl	\g, \e, %ecx			// g & ~e
	xorl	%ebx, %eax
	rorxl	$25, \e, %ebx
	movl	\f, %edi
	andl	\e, %edi			// e & f
	subl	\d, %esi			// (b & c) - d
	addl	\h, \d
	addl	%ecx, \d
	addl	%edi, \d
	xorl	%ebx, %eax			// Sigma1(e)
	addl	%eax, \d			// d + T1: next round's e
	rorxl	$2, \a, %eax
	rorxl	$13, \a, %ebx
	andl	\a, %edx			// a & (b ^ c)
	xorl	%ebx, %eax
	rorxl	$22, \a, %ebx
	addl	%edx, %esi			// Maj(a, b, c) - d
	leal	(\d, %esi), \h			// T1 + Maj
	xorl	%ebx, %eax			// Sigma0(a)
	addl	%eax, \h			// T1 + T2: next round's a
	movl	\a, %edx
	xorl	\b_, %edx			// a ^ b
	movl	\a, %esi
	andl	\b_, %esi			// a & b
.endm

/*
 * Schedule step i (4..15): W[4i..4i+3] of both blocks from the 16 words
 * before them, in x0 (W[4i-16..4i-13], overwritten with the result) to x3
 * (W[4i-4..4i-1]); then W+K to the stack. Emitted in four quarters
 * (k = 0..3), one per round, so that the vector work is spread evenly
 * over the rounds it runs beside. ymm0-ymm3 are temporaries, carried from
 * one quarter to the next; ymm10/ymm11 hold the two packing shuffles.
 */
.macro	SCHED i, k, x0, x1, x2, x3
	.if \k == 0
	vpalignr	$4, \x0, \x1, %ymm0		// W[t-15..t-12]
	vpalignr	$4, \x2, \x3, %ymm1		// W[t-7..t-4]
	vpsrld		$7, %ymm0, %ymm2
	vpslld		$25, %ymm0, %ymm3
	vpaddd		%ymm1, \x0, \x0			// W[t-16] + W[t-7]
	vpsrld		$18, %ymm0, %ymm1
	vpxor		%ymm2, %ymm3, %ymm2
	vpslld		$14, %ymm0, %ymm3
	.elseif \k == 1
	vpxor		%ymm1, %ymm3, %ymm1
	vpsrld		$3, %ymm0, %ymm0
	vpxor		%ymm1, %ymm2, %ymm2
	vpxor		%ymm0, %ymm2, %ymm2		// sigma0(W[t-15..t-12])
	vpaddd		%ymm2, \x0, \x0
	vpshufd		$0xfa, \x3, %ymm0		// W[t-2] twice, W[t-1] twice
	vpsrld		$10, %ymm0, %ymm1
	vpsrlq		$17, %ymm0, %ymm2
	.elseif \k == 2
	vpsrlq		$19, %ymm0, %ymm3
	vpxor		%ymm2, %ymm1, %ymm1
	vpxor		%ymm3, %ymm1, %ymm1		// sigma1 in dwords 0 and 2
	vpshufb		%ymm10, %ymm1, %ymm1
	vpaddd		%ymm1, \x0, \x0			// W[t], W[t+1] done
	vpshufd		$0x50, \x0, %ymm0		// W[t] twice, W[t+1] twice
	vpsrld		$10, %ymm0, %ymm1
	vpsrlq		$17, %ymm0, %ymm2
	.else
	vpsrlq		$19, %ymm0, %ymm3
	vpxor		%ymm2, %ymm1, %ymm1
	vpxor		%ymm3, %ymm1, %ymm1
	vpshufb		%ymm11, %ymm1, %ymm1
	vpaddd		%ymm1, \x0, \x0			// W[t..t+3]
	vbroadcasti128	.Lsha256_k_avx2 + 16 * \i(%rip), %ymm1
	vpaddd		\x0, %ymm1, %ymm1
	vmovdqa		%ymm1, 32 * \i(%rsp)
	.endif
.endm

/* The W ring registers of step i: x0 = ymm(4 + i % 4), x1 the next, ... */
.macro	SCHED_I i, k
	.if (\i % 4) == 0
	SCHED	\i, \k, %ymm4, %ymm5, %ymm6, %ymm7
	.elseif (\i % 4) == 1
	SCHED	\i, \k, %ymm5, %ymm6, %ymm7, %ymm4
	.elseif (\i % 4) == 2
	SCHED	\i, \k, %ymm6, %ymm7, %ymm4, %ymm5
	.else
	SCHED	\i, \k, %ymm7, %ymm4, %ymm5, %ymm6
	.endif
.endm

/*
 * Round t of block b with its state registers (a = r8d at t % 8 == 0,
 * rsha_rotate8, ../regs.h). The first block's rounds 4i..4i+3 (i < 12)
 * carry schedule step i + 4, which round 4i + 16 is the first to need.
 */
.macro	ROUND_T b, t
	.if \b == 0 && \t < 48
	SCHED_I	(\t / 4 + 4), (\t % 4)
	.endif
	rsha_rotate8 (\t % 8), ROUND_BT, \t, %r8d, %r9d, %r10d, %r11d, %r12d, %r13d, %r14d, %r15d, \b
.endm

/* rsha_rotate8 passes t first: put b back in front. */
.macro	ROUND_BT t, a, b_, c, d, e, f, g, h, blk
	ROUND	\blk, \t, \a, \b_, \c, \d, \e, \f, \g, \h
.endm

/* 64 rounds of block b, then the feed-forward into state. */
.macro	BLOCK b
	movl	%r9d, %edx
	xorl	%r10d, %edx			// b ^ c and b & c for round 0
	movl	%r9d, %esi
	andl	%r10d, %esi
	.set	.Lt, 0
	.rept	64
	ROUND_T	\b, .Lt
	.set	.Lt, .Lt + 1
	.endr
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
.endm

/*
 * W[4i..4i+3] of the block at rdi (low lane) and at rsi (high lane),
 * byte-swapped into x, and W+K to the stack.
 */
.macro	LOAD_WORDS i, x
	vmovdqu		16 * \i(%rdi), %xmm\x
	vinserti128	$1, 16 * \i(%rsi), %ymm\x, %ymm\x
	vpshufb		%ymm8, %ymm\x, %ymm\x
	vbroadcasti128	.Lsha256_k_avx2 + 16 * \i(%rip), %ymm0
	vpaddd		%ymm\x, %ymm0, %ymm0
	vmovdqa		%ymm0, 32 * \i(%rsp)
.endm

SYM_FUNC_START(rsha_sha256_x86_64_avx2)
	test	%rdx, %rdx
	jz	.Lavx2_ret
	push	%rbp
	mov	%rsp, %rbp
	sub	$FRAME, %rsp
	and	$-32, %rsp
	mov	%rbx, SAVE_RBX(%rsp)
	mov	%r12, SAVE_R12(%rsp)
	mov	%r13, SAVE_R13(%rsp)
	mov	%r14, SAVE_R14(%rsp)
	mov	%r15, SAVE_R15(%rsp)
	mov	%rdi, STATE_PTR(%rsp)
	mov	%rsi, DATA_PTR(%rsp)
	mov	%rdx, NBLK(%rsp)
	vmovdqa	.Lbswap32_avx2(%rip), %ymm8
	vmovdqa	.Lpack_lo_avx2(%rip), %ymm10
	vmovdqa	.Lpack_hi_avx2(%rip), %ymm11
	movl	0(%rdi), %r8d
	movl	4(%rdi), %r9d
	movl	8(%rdi), %r10d
	movl	12(%rdi), %r11d
	movl	16(%rdi), %r12d
	movl	20(%rdi), %r13d
	movl	24(%rdi), %r14d
	movl	28(%rdi), %r15d

.Lavx2_pair:
	// the second block, or the first again if it is the last one (its
	// lane is computed but its rounds are skipped)
	mov	DATA_PTR(%rsp), %rdi
	lea	64(%rdi), %rsi
	cmpq	$1, NBLK(%rsp)
	cmove	%rdi, %rsi
	LOAD_WORDS 0, 4
	LOAD_WORDS 1, 5
	LOAD_WORDS 2, 6
	LOAD_WORDS 3, 7

	BLOCK	0
	decq	NBLK(%rsp)
	jz	.Lavx2_done
	BLOCK	1
	addq	$128, DATA_PTR(%rsp)
	decq	NBLK(%rsp)
	jnz	.Lavx2_pair

.Lavx2_done:
	vzeroupper
	mov	SAVE_RBX(%rsp), %rbx
	mov	SAVE_R12(%rsp), %r12
	mov	SAVE_R13(%rsp), %r13
	mov	SAVE_R14(%rsp), %r14
	mov	SAVE_R15(%rsp), %r15
	mov	%rbp, %rsp
	pop	%rbp
.Lavx2_ret:
	RET
SYM_FUNC_END(rsha_sha256_x86_64_avx2)
