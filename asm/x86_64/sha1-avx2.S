// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for x86_64 with AVX2, BMI1 and BMI2.
 *
 * void rsha_sha1_x86_64_avx2(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Needs AVX2, BMI1 (andn) and BMI2
 * (rorx); the caller holds kernel_fpu_begin(). Ends with vzeroupper.
 *
 * Calling convention: SysV. Clobbers rax, rcx, rdx, rsi, r8-r11, ymm0-ymm11
 * and flags; saves and restores rbx, r12-r15 and rbp (rbp only as the frame
 * pointer of the stack realignment). DF is not touched.
 * Stack: 48 bytes of saved registers, then up to 31 bytes of alignment and
 * 1280 bytes of W + K (two buffers of 640), 32-byte aligned.
 * Sections: .text (8.2 KiB) and .rodata (16 bytes of K from
 * ../sha1-k.h, 16 bytes of byte-swap mask), reached RIP-relative.
 *
 * Design: the message schedule runs in ymm registers, two blocks at a time
 * (block 2i in the low 128-bit lane, block 2i+1 in the high one), and its
 * result W[t] + K goes to a 640-byte stack buffer per pair of blocks; the
 * rounds are scalar and add W[t] + K with one memory operand. The
 * schedule of the next pair is interleaved into the rounds of the current
 * pair (one 4-word group per 8 rounds), so the vector work fills issue
 * slots the round chain leaves free; only the first pair is scheduled up
 * front. W[16..31] use the plain recurrence (rol 1, with the fix-up of the
 * fourth word, which depends on the first of the same group); W[32..79]
 * use the equivalent W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2),
 * which has no dependency inside a group of four.
 *
 * Rounds: the round-to-round chain is rol(a, 5) + the rest, two cycles
 * (rorx, add); the rest (e + W + K + f(b, c, d)) depends on a only through
 * b, the a of one round earlier, so it is ready in time if f is short. Six
 * registers rotate through the macro arguments: "rorx $2, b, n" writes
 * rol(b, 30) to a free register n (the next round's c) and so leaves b free
 * for f to overwrite, which saves the movs of f. c ^ d of the next round
 * (n ^ c) is made in %r14d one round early, so Parity (b ^ (c ^ d)) and
 * Maj ((b & (c ^ d)) + (c & d)) are one operation on b, then the add:
 * that leaves a cycle of slack on the b path (measured: 2.34 instead of
 * 2.57 cycles a Parity round alone). Ch is (b & c) + (~b & d), andn/and
 * and two adds: d ^ (b & (c ^ d)) has the same depth and measured slower.
 * The names come back after six rounds; the loop moves them back once per
 * pair (80 is not a multiple of 6). The limit is the two-cycle chain plus
 * the integer ports (about 7.8 ALU operations a round): some 2.6 cycles a
 * round, of which the interleaved vector schedule costs about 2 cycles a
 * block.
 *
 * Cycles per block: see the measurements of the x86 cores (the in-tree
 * AVX2 core, sha1_transform_avx2, is the comparison).
 */

#include <linux/linkage.h>
#include "../sha1-k.h"

	.section .rodata
	.balign	16
.Lsha1_k_avx2:
	sha1_k_table
	.size	.Lsha1_k_avx2, . - .Lsha1_k_avx2
	// vpshufb control: byte-swap each 32-bit word (big-endian message)
.Lbswap32_avx2:
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
	.size	.Lbswap32_avx2, . - .Lbswap32_avx2

	.text

#define WK_BUF		640		/* bytes of W + K for a pair of blocks */
/* W[t] + K of block blk (0: low lane, 1: high lane) of the pair */
#define WK(t, blk)	(32 * ((t) / 4) + 16 * (blk) + 4 * ((t) % 4))

/*
 * Fixed registers:
 *   %rdi	state (u32[5])
 *   %rsi	data of block 0 of the pair being scheduled
 *   %rax	0 or 64: its block 1 is at (%rsi,%rax) (0: no such block, the
 *		high lane repeats block 0, harmlessly)
 *   %rdx	blocks left, counting the pair whose rounds run
 *   %rbx	W + K buffer the rounds read
 *   %rcx	W + K buffer the schedule writes
 *   r8d-r13d	the state a..e plus one free register, rotating
 *   %r14d	c ^ d of the round (rounds 20..79, made by the round before),
 *		the andn result in Ch; %r15d rol(a, 5), c & d in Maj
 *   ymm0-7	W groups g..g-7 of the pair being scheduled (group g: W[4g..4g+3]
 *		in ymm(g % 8), both lanes)
 *   ymm8-10	schedule temporaries, ymm11 the byte-swap mask in both lanes
 */

/*
 * Step s (0..7) of the schedule of group g (0..19) of the next pair: each
 * group is spread over the eight rounds that host it. Ends with W[4g..4g+3]
 * + K stored to the buffer at %rcx.
 *   g 0..3:  load the two blocks' words, byte-swap
 *   g 4..7:  W[t] = rol(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16], 1), t = 4g..:
 *            X = the xor with W[t+3-3] (not yet known) taken as 0, then
 *            lane 3 gets rol(W[4g], 1) = rol(X lane 0, 2) xored in
 *   g 8..19: W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2)
 */
.macro	SCHED g, s
	.set	.Lgr, (\g) % 8
	.if .Lgr == 0
	SCHED_G	\g, \s, 0, 7, 6, 5, 4, 1
	.elseif .Lgr == 1
	SCHED_G	\g, \s, 1, 0, 7, 6, 5, 2
	.elseif .Lgr == 2
	SCHED_G	\g, \s, 2, 1, 0, 7, 6, 3
	.elseif .Lgr == 3
	SCHED_G	\g, \s, 3, 2, 1, 0, 7, 4
	.elseif .Lgr == 4
	SCHED_G	\g, \s, 4, 3, 2, 1, 0, 5
	.elseif .Lgr == 5
	SCHED_G	\g, \s, 5, 4, 3, 2, 1, 6
	.elseif .Lgr == 6
	SCHED_G	\g, \s, 6, 5, 4, 3, 2, 7
	.else
	SCHED_G	\g, \s, 7, 6, 5, 4, 3, 0
	.endif
.endm

/* r, r1..r4, r7: the ymm numbers of groups g, g-1..g-4, g-7 (= (g - i) % 8) */
.macro	SCHED_G g, s, r, r1, r2, r3, r4, r7
	.if (\g) < 4
	  SCHED_LOAD \g, \s, %ymm\r, %xmm\r
	.elseif (\g) < 8
	  SCHED_16 \g, \s, %ymm\r, %ymm\r1, %ymm\r2, %ymm\r3, %ymm\r4
	.else
	  SCHED_32 \g, \s, %ymm\r, %ymm\r1, %ymm\r2, %ymm\r4, %ymm\r7
	.endif
.endm

/* K of group g, both lanes, into %ymm9; then W + K stored */
.macro	SCHED_STORE g, w
	vpbroadcastd (4 * ((\g) / 5)) + .Lsha1_k_avx2(%rip), %ymm9
	vpaddd	%ymm9, \w, %ymm8
	vmovdqa	%ymm8, (32 * (\g))(%rcx)
.endm

.macro	SCHED_LOAD g, s, w, wx
	.if \s == 0
	vmovdqu	(16 * \g)(%rsi), \wx
	.elseif \s == 1
	vinserti128 $1, (16 * \g)(%rsi, %rax), \w, \w
	.elseif \s == 2
	vpshufb	%ymm11, \w, \w
	.elseif \s == 4
	SCHED_STORE \g, \w
	.endif
.endm

/* w: group g (written), w1..w4: groups g-1..g-4 */
.macro	SCHED_16 g, s, w, w1, w2, w3, w4
	.if \s == 0
	vpalignr $8, \w4, \w3, %ymm8		// W[t-14..t-11]
	vpsrldq	$4, \w1, %ymm9			// W[t-3..t-1], 0
	.elseif \s == 1
	vpxor	\w4, %ymm8, %ymm8		// ^ W[t-16..t-13]
	vpxor	\w2, %ymm9, %ymm9		// ^ W[t-8..t-5]
	.elseif \s == 2
	vpxor	%ymm9, %ymm8, %ymm8		// X
	.elseif \s == 3
	vpslldq	$12, %ymm8, %ymm10		// 0, 0, 0, X[0]
	vpsrld	$31, %ymm8, %ymm9
	.elseif \s == 4
	vpaddd	%ymm8, %ymm8, \w
	vpor	%ymm9, \w, \w			// rol(X, 1)
	.elseif \s == 5
	vpsrld	$30, %ymm10, %ymm9
	vpslld	$2, %ymm10, %ymm10
	.elseif \s == 6
	vpxor	%ymm9, \w, \w
	vpxor	%ymm10, \w, \w			// lane 3 ^= rol(X[0], 2)
	.elseif \s == 7
	SCHED_STORE \g, \w
	.endif
.endm

/* w: group g (written; held group g-8 until step 4), w1, w2, w4, w7: groups g-1, g-2, g-4, g-7 */
.macro	SCHED_32 g, s, w, w1, w2, w4, w7
	.if \s == 0
	vpalignr $8, \w2, \w1, %ymm8		// W[t-6..t-3]
	.elseif \s == 1
	vpxor	\w4, %ymm8, %ymm8		// ^ W[t-16..]
	.elseif \s == 2
	vpxor	\w7, %ymm8, %ymm8		// ^ W[t-28..]
	.elseif \s == 3
	vpxor	\w, %ymm8, %ymm8		// ^ W[t-32..]
	.elseif \s == 4
	vpsrld	$30, %ymm8, \w
	.elseif \s == 5
	vpslld	$2, %ymm8, %ymm8
	.elseif \s == 6
	vpor	%ymm8, \w, \w			// rol(.., 2)
	.elseif \s == 7
	SCHED_STORE \g, \w
	.endif
.endm

/*
 * Round t of block blk of the pair. a..e, n: register numbers (r8..r13);
 * a, b hold true values, c, d, e too (c was made rol(., 30) by the round
 * before). e receives the new a:
 *   e += W[t] + K + f(b, c, d) + rol(a, 5);  n = rol(b, 30)
 * after which b's register is free (the next round's n). f destroys b.
 * %r14d: c ^ d in (rounds 20..79), c ^ d of round t + 1 out (rounds
 * 19..78); %r15d: temporary. Hosts step t % 8 of schedule group
 * 10 * blk + t / 8 of the next pair.
 */
.macro	ROUND t, blk, a, b, c, d, e, n
	add	WK(\t, \blk)(%rbx), %r\e\()d
	rorx	$2, %r\b\()d, %r\n\()d
	.if \t < 20			// Ch = (b & c) + (~b & d)
	andn	%r\d\()d, %r\b\()d, %r14d
	and	%r\c\()d, %r\b\()d
	add	%r14d, %r\e\()d
	add	%r\b\()d, %r\e\()d
	.elseif \t < 40 || \t >= 60	// Parity = b ^ (c ^ d)
	xor	%r14d, %r\b\()d
	add	%r\b\()d, %r\e\()d
	.else				// Maj = (b & (c ^ d)) + (c & d)
	and	%r14d, %r\b\()d
	mov	%r\c\()d, %r15d
	and	%r\d\()d, %r15d
	add	%r15d, %r\e\()d
	add	%r\b\()d, %r\e\()d
	.endif
	.if \t >= 19 && \t < 79		// c ^ d of round t + 1
	mov	%r\c\()d, %r14d
	xor	%r\n\()d, %r14d
	.endif
	rorx	$27, %r\a\()d, %r15d
	add	%r15d, %r\e\()d
	SCHED	(10 * \blk + \t / 8), (\t % 8)
.endm

/*
 * Round t of block blk with the registers of its place in the six-round
 * rotation: (a, b, c, d, e, n) of one round are (e, a, n, c, d, b) of the
 * round before.
 */
.macro	ROUND_T t, blk
	.set	.Lk, (80 * \blk + \t) % 6
	.if .Lk == 0
	ROUND	\t, \blk, 8, 9, 11, 12, 13, 10
	.elseif .Lk == 1
	ROUND	\t, \blk, 13, 8, 10, 11, 12, 9
	.elseif .Lk == 2
	ROUND	\t, \blk, 12, 13, 9, 10, 11, 8
	.elseif .Lk == 3
	ROUND	\t, \blk, 11, 12, 8, 9, 10, 13
	.elseif .Lk == 4
	ROUND	\t, \blk, 10, 11, 13, 8, 9, 12
	.else
	ROUND	\t, \blk, 9, 10, 12, 13, 8, 11
	.endif
.endm

/* Feed-forward: state += a..e (register numbers), stored back. */
.macro	FEED a, b, c, d, e
	add	0(%rdi), %r\a\()d
	add	4(%rdi), %r\b\()d
	add	8(%rdi), %r\c\()d
	add	12(%rdi), %r\d\()d
	add	16(%rdi), %r\e\()d
	mov	%r\a\()d, 0(%rdi)
	mov	%r\b\()d, 4(%rdi)
	mov	%r\c\()d, 8(%rdi)
	mov	%r\d\()d, 12(%rdi)
	mov	%r\e\()d, 16(%rdi)
.endm

/* The 80 rounds of block blk of the pair */
.macro	BLOCK blk
	.set	.Lt, 0
	.rept	80
	ROUND_T	.Lt, \blk
	.set	.Lt, .Lt + 1
	.endr
.endm

SYM_FUNC_START(rsha_sha1_x86_64_avx2)
	test	%rdx, %rdx
	jz	.Lavx2_ret
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%rbp
	mov	%rsp, %rbp
	and	$-32, %rsp
	sub	$(2 * WK_BUF), %rsp

	vbroadcasti128 .Lbswap32_avx2(%rip), %ymm11
	mov	%rsp, %rbx
	lea	WK_BUF(%rsp), %rcx
	mov	0(%rdi), %r8d
	mov	4(%rdi), %r9d
	mov	8(%rdi), %r11d
	mov	12(%rdi), %r12d
	mov	16(%rdi), %r13d

	// The first pair: schedule up front.
	xor	%eax, %eax
	mov	$64, %r14d
	cmp	$2, %rdx
	cmovae	%r14, %rax
	.set	.Lg, 0
	.rept	20
	.set	.Ls, 0
	.rept	8
	SCHED	.Lg, .Ls
	.set	.Ls, .Ls + 1
	.endr
	.set	.Lg, .Lg + 1
	.endr

.Lavx2_pair:
	// The rounds read what was just scheduled; the next pair (if any:
	// else the current one again) is scheduled into the other buffer.
	xchg	%rbx, %rcx
	lea	-2(%rdx), %r14
	lea	128(%rsi), %r15
	cmp	$1, %r14
	cmovge	%r15, %rsi
	xor	%eax, %eax
	mov	$64, %r15d
	cmp	$2, %r14
	cmovge	%r15, %rax

	BLOCK	0
	FEED	12, 13, 9, 10, 11		// rotation after 80 rounds
	cmp	$1, %rdx
	je	.Lavx2_done
	BLOCK	1
	FEED	10, 11, 13, 8, 9		// after 160 rounds
	sub	$2, %rdx
	jz	.Lavx2_done
	// back to the names of round 0: r8..r12 <- r10, r11, r13, r8, r9
	mov	%r8d, %r12d
	mov	%r10d, %r8d
	mov	%r13d, %r14d
	mov	%r9d, %r13d
	mov	%r11d, %r9d
	mov	%r14d, %r11d
	jmp	.Lavx2_pair

.Lavx2_done:
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
SYM_FUNC_END(rsha_sha1_x86_64_avx2)
