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
 * Clobbers rax, rcx, rdx, rsi, rdi, r8-r11, ymm0-ymm10, ymm12, ymm13 and
 * flags; saves and restores rbx, r12-r15; rbp only as the frame pointer
 * while rsp is aligned down to 32 bytes. Ends with vzeroupper. DF is not
 * used.
 * Stack: 8 bytes for rbp, then up to 31 of alignment and a 1344-byte frame
 * (1280 for W+K of all 80 rounds of two blocks, 40 for rbx and r12-r15,
 * 24 for state, data and nblocks). Nothing below rsp.
 * Sections: .text (6.8 KiB), .rodata (640 bytes of K) and .rodata.cst32
 * (two 32-byte shuffle masks), reached RIP-relative.
 *
 * Design: two blocks per pass, as in sha256-avx2.S. The message schedule
 * of both runs in the ymm registers, one block per 128-bit lane, two words
 * W[t], W[t+1] a step: ymm0-ymm7 hold the 16-word window of both blocks,
 * so a step needs no cross-lane shuffle (vpalignr works lane by lane), and
 * sigma1 of W[t-2], W[t-1] is one computation for all four words (with
 * four words a step W[t+2] would wait on sigma1(W[t])). Each step adds K
 * and stores W+K of both blocks to the stack. The first block's rounds
 * 0..63 carry the schedule, half a step per round, 14 rounds ahead of
 * first use; its rounds 64..79 and all of the second block's run from the
 * stack alone. With one block left the second lane repeats it and its
 * rounds are skipped. AVX2 has no 64-bit vector rotate: each rotate is two
 * shifts, except ror 8 in sigma0, one vpshufb.
 * The rounds run as loops of 16 (16 rounds bring the state names, the
 * Maj carries and the ymm window back to their registers; rbx steps
 * through K and W+K): the whole schedule step pattern repeats every 16
 * rounds, and the code (6.8 KiB) stays in the decoded-uop cache. Fully
 * unrolled (22 KiB) measured the same on 64 blocks and 7% slower on 8.
 *
 * The rounds are scalar (8 state registers rotated through macro
 * arguments, as in the scalar core) and take W+K as one load-and-add.
 * A block is a chain of 80 dependent rounds, so the round is built for a
 * short e -> e' and a -> a' path (four steps each) rather than for the
 * fewest instructions: rorx gives each Sigma as three independent rotates
 * and two xors, e' is summed with Sigma1 last, and a' is taken from e'
 * (a' = e' + Maj - d + Sigma0) with Maj as the sum of two disjoint terms
 * carried from the round before (as sha256-avx2.S explains).
 *
 * Measured (scripts/performance/x86/cycles.sh, 64 hot blocks, Intel
 * Sapphire Rapids class under KVM): 559 cycles a block against 679 for
 * the kernel's sha512_transform_rorx (0.82x). The rounds alone (schedule
 * removed) take about 522 (6.5 a round), so the schedule of two blocks
 * costs about 35 a block. Ch as (e & f) + (g & ~e) with andn measured 1%
 * slower than the xor form; spreading the schedule over rounds 0..75
 * instead of 0..63 and emitting it after its round instead of before
 * measured no different.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha512-k.h"

	.section .rodata
	.balign	64
.Lsha512_k_avx2:
	sha512_k_table
	.size	.Lsha512_k_avx2, . - .Lsha512_k_avx2

	.section .rodata.cst32, "aM", @progbits, 32
	.balign	32
	// vpshufb: reverse the bytes of each 64-bit word (big-endian load)
.Lbswap64_avx2:
	.rept	2
	.byte	7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
	.endr
	// vpshufb: rotate each 64-bit word right by 8 bits
.Lror8_avx2:
	.rept	2
	.byte	1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8
	.endr

/*
 * Stack frame (offsets from the aligned rsp): W+K, then the saved
 * registers and the arguments that have no register during the rounds.
 * W+K of rounds 2i and 2i+1 are at 32 * i: the first block's two words,
 * then the second block's (the two lanes of one ymm store). The rounds
 * address them as WK(b, t)(%rsp, %rbx, 2), t = 0..15 within a pass of 16
 * rounds and rbx = 128 * pass (the byte offset of the pass's K).
 */
#define WK(b, t)	(32 * ((t) / 2) + 8 * ((t) % 2) + 16 * (b))
#define SAVE_RBX	1280
#define SAVE_R12	1288
#define SAVE_R13	1296
#define SAVE_R14	1304
#define SAVE_R15	1312
#define STATE_PTR	1320
#define DATA_PTR	1328
#define NBLK		1336
#define FRAME		1344

	// ymm0-ymm7: the schedule window (SCHED_I), ymm8-ymm10 temporaries
	// ymm12: .Lror8_avx2; ymm13: .Lbswap64_avx2
	// rbx: 128 * pass of 16 rounds

	.text

/*
 * Round t (0..15 within the pass in rbx) of block b (0, 1) on the state
 * registers a..h (rotated per round by ROUND_T). Two carries from the
 * round before: rdx = b ^ c and rsi = b & c. rax, rcx, rdi are
 * temporaries. On return d = d + T1 (the next round's e) and h = T1 + T2
 * (the next round's a); rdx and rsi hold a ^ b and a & b for the next
 * round.
 *
 * e' is summed as ((d + h + K + W) + Ch) + Sigma1 with Sigma1 added last
 * (rorx, xor, xor, add: four steps from e), and a' is taken from e'
 * instead of from T1: a' = e' + (Maj - d) + Sigma0, where Maj = (b & c) +
 * (a & (b ^ c)) (the two terms never share a bit) is one and and one add
 * from a.
 *
 *   Sigma1(e) = ror(e,14) ^ ror(e,18) ^ ror(e,41)
 *   Sigma0(a) = ror(a,28) ^ ror(a,34) ^ ror(a,39)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 */
.macro	ROUND b, t, a, b_, c, d, e, f, g, h
	add	WK(\b, \t)(%rsp, %rbx, 2), \h	// h + K[t] + W[t]
	rorx	$14, \e, %rax
	rorx	$18, \e, %rcx
	mov	\f, %rdi
	xor	\g, %rdi
	xor	%rcx, %rax
	rorx	$41, \e, %rcx
	and	\e, %rdi
	sub	\d, %rsi			// (b & c) - d
	add	\h, \d
	xor	\g, %rdi			// Ch(e, f, g)
	add	%rdi, \d
	xor	%rcx, %rax			// Sigma1(e)
	add	%rax, \d			// d + T1: next round's e
	rorx	$28, \a, %rax
	rorx	$34, \a, %rcx
	and	\a, %rdx			// a & (b ^ c)
	xor	%rcx, %rax
	rorx	$39, \a, %rcx
	add	%rdx, %rsi			// Maj(a, b, c) - d
	lea	(\d, %rsi), \h			// T1 + Maj
	xor	%rcx, %rax			// Sigma0(a)
	add	%rax, \h			// T1 + T2: next round's a
	mov	\a, %rdx
	xor	\b_, %rdx			// a ^ b
	mov	\a, %rsi
	and	\b_, %rsi			// a & b
.endm

/*
 * Schedule step s (0..7 within the pass in rbx): W[t], W[t+1] of both
 * blocks, t = 16 + 2s + 16 * pass, from the 16 words before them in x0
 * (W[t-16..t-15], overwritten with the result), x1 (W[t-14..t-13]), x4
 * (W[t-8..t-7]), x5 (W[t-6..t-5]) and x7 (W[t-2..t-1]); then W+K to the
 * stack. Emitted in two halves (k = 0, 1), one per round, to spread the
 * vector work over the rounds it runs beside. ymm8-ymm10 are temporaries;
 * part 1 also uses rax (free between rounds) for the address of K.
 *
 *   sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 *   sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6)
 *   W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16]
 */
.macro	SCHED s, k, x0, x1, x4, x5, x7
	.if \k == 0
	vpalignr $8, \x0, \x1, %ymm8		// W[t-15], W[t-14]
	vpalignr $8, \x4, \x5, %ymm9		// W[t-7], W[t-6]
	vpaddq	%ymm9, \x0, \x0			// W[t-16] + W[t-7]
	vpsrlq	$1, %ymm8, %ymm9
	vpsllq	$63, %ymm8, %ymm10
	vpxor	%ymm10, %ymm9, %ymm9
	vpsrlq	$7, %ymm8, %ymm10
	vpxor	%ymm10, %ymm9, %ymm9
	vpshufb	%ymm12, %ymm8, %ymm10
	vpxor	%ymm10, %ymm9, %ymm9		// sigma0(W[t-15..t-14])
	vpaddq	%ymm9, \x0, \x0
	.else
	vpsrlq	$6, \x7, %ymm8
	vpsrlq	$19, \x7, %ymm9
	vpsllq	$45, \x7, %ymm10
	vpxor	%ymm9, %ymm8, %ymm8
	vpsrlq	$61, \x7, %ymm9
	vpxor	%ymm10, %ymm8, %ymm8
	vpsllq	$3, \x7, %ymm10
	vpxor	%ymm9, %ymm8, %ymm8
	vpxor	%ymm10, %ymm8, %ymm8		// sigma1(W[t-2..t-1])
	vpaddq	%ymm8, \x0, \x0			// W[t], W[t+1]
	lea	.Lsha512_k_avx2(%rip), %rax
	vbroadcasti128 16 * (\s + 8)(%rax, %rbx), %ymm9
	vpaddq	\x0, %ymm9, %ymm9
	vmovdqa	%ymm9, 32 * (\s + 8)(%rsp, %rbx, 2)
	.endif
.endm

/* The window registers of step s: x0 = ymm(s % 8), x1 the next, ... */
.macro	SCHED_I s, k
	.if (\s % 8) == 0
	SCHED	\s, \k, %ymm0, %ymm1, %ymm4, %ymm5, %ymm7
	.elseif (\s % 8) == 1
	SCHED	\s, \k, %ymm1, %ymm2, %ymm5, %ymm6, %ymm0
	.elseif (\s % 8) == 2
	SCHED	\s, \k, %ymm2, %ymm3, %ymm6, %ymm7, %ymm1
	.elseif (\s % 8) == 3
	SCHED	\s, \k, %ymm3, %ymm4, %ymm7, %ymm0, %ymm2
	.elseif (\s % 8) == 4
	SCHED	\s, \k, %ymm4, %ymm5, %ymm0, %ymm1, %ymm3
	.elseif (\s % 8) == 5
	SCHED	\s, \k, %ymm5, %ymm6, %ymm1, %ymm2, %ymm4
	.elseif (\s % 8) == 6
	SCHED	\s, \k, %ymm6, %ymm7, %ymm2, %ymm3, %ymm5
	.else
	SCHED	\s, \k, %ymm7, %ymm0, %ymm3, %ymm4, %ymm6
	.endif
.endm

/*
 * Round t (0..15) of block b with its state registers (a = r8 at t % 8 ==
 * 0, rsha_rotate8, ../regs.h); with sched = 1, half a schedule step
 * before it (rounds 2s and 2s + 1 carry step s).
 */
.macro	ROUND_T b, sched, t
	.if \sched
	SCHED_I	(\t / 2), (\t % 2)
	.endif
	rsha_rotate8 (\t % 8), ROUND_BT, \t, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, \b
.endm

/* rsha_rotate8 passes t first: put b back in front. */
.macro	ROUND_BT t, a, b_, c, d, e, f, g, h, blk
	ROUND	\blk, \t, \a, \b_, \c, \d, \e, \f, \g, \h
.endm

/* One pass of 16 rounds of block b (the pass in rbx), with the schedule. */
.macro	PASS b, sched
	.set	.Lt, 0
	.rept	16
	ROUND_T	\b, \sched, .Lt
	.set	.Lt, .Lt + 1
	.endr
	add	$128, %rbx
.endm

/*
 * 80 rounds of block b, then the feed-forward into state: the first block
 * runs four passes with the schedule and one without, the second five
 * without.
 */
.macro	BLOCK b
	mov	%r9, %rdx
	xor	%r10, %rdx			// b ^ c and b & c for round 0
	mov	%r9, %rsi
	and	%r10, %rsi
	xor	%ebx, %ebx
1:
	.if \b == 0
	PASS	0, 1
	cmp	$512, %rbx
	jne	1b
	PASS	0, 0
	.else
	PASS	1, 0
	cmp	$640, %rbx
	jne	1b
	.endif
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
.endm

/*
 * W[2i], W[2i+1] of the block at rdi (low lane) and at rsi (high lane),
 * byte-swapped into ymm(i), and W+K to the stack (ymm8 temporary).
 */
.macro	LOAD_WORDS i
	vmovdqu		16 * \i(%rdi), %xmm\i
	vinserti128	$1, 16 * \i(%rsi), %ymm\i, %ymm\i
	vpshufb		%ymm13, %ymm\i, %ymm\i
	vbroadcasti128	.Lsha512_k_avx2 + 16 * \i(%rip), %ymm8
	vpaddq		%ymm\i, %ymm8, %ymm8
	vmovdqa		%ymm8, 32 * \i(%rsp)
.endm

SYM_FUNC_START(rsha_sha512_x86_64_avx2)
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
	vmovdqa	.Lbswap64_avx2(%rip), %ymm13
	vmovdqa	.Lror8_avx2(%rip), %ymm12
	mov	0(%rdi), %r8
	mov	8(%rdi), %r9
	mov	16(%rdi), %r10
	mov	24(%rdi), %r11
	mov	32(%rdi), %r12
	mov	40(%rdi), %r13
	mov	48(%rdi), %r14
	mov	56(%rdi), %r15

.Lavx2_pair:
	// the second block, or the first again if it is the last one (its
	// lane is computed but its rounds are skipped)
	mov	DATA_PTR(%rsp), %rdi
	lea	128(%rdi), %rsi
	cmpq	$1, NBLK(%rsp)
	cmove	%rdi, %rsi
	LOAD_WORDS 0
	LOAD_WORDS 1
	LOAD_WORDS 2
	LOAD_WORDS 3
	LOAD_WORDS 4
	LOAD_WORDS 5
	LOAD_WORDS 6
	LOAD_WORDS 7

	BLOCK	0
	decq	NBLK(%rsp)
	jz	.Lavx2_done
	BLOCK	1
	addq	$256, DATA_PTR(%rsp)
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
SYM_FUNC_END(rsha_sha512_x86_64_avx2)
