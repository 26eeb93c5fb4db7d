// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 block function for x86_64 using the Intel SHA extensions
 * (sha1rnds4, sha1nexte, sha1msg1, sha1msg2), with SSSE3 pshufb and
 * SSE4.1 pextrd.
 *
 * void rsha_sha1_x86_64_ni(u32 state[5], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-1 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..4] (a..e, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding. The caller must own the FPU (kernel_fpu_begin() in the kernel).
 * CPU flags: sha_ni, ssse3, sse4_1 (legacy SSE encodings only: no AVX
 * state is touched, so no vzeroupper).
 *
 * Calling convention: SysV x86_64. Clobbers rsi, rdx, xmm0-xmm15 and
 * flags; no callee-saved register, no stack (no red zone either).
 * Sections: .text (1.5 KiB) and .rodata (the 16-byte pshufb mask, a
 * memory operand reached RIP-relative; sha1rnds4 carries f and K in its
 * immediate).
 *
 * Design: sha1rnds4 does four rounds on abcd (dwords 3..0 = a, b, c, d),
 * with e + W[4i] in dword 3 of its other operand and W[4i+1..4i+3] below.
 * After four rounds e is rol(a, 30) of the a the four rounds started
 * from, so sha1nexte makes the next quad's e + W from a copy of abcd
 * taken before the previous sha1rnds4 (sha1_quad). Measured on the test
 * machine: sha1rnds4 to sha1rnds4 is 4 cycles, but sha1nexte adds 3 and
 * a 2-cycle bypass back into sha1rnds4, so abcd -> sha1nexte ->
 * sha1rnds4 spans two quads in 9 cycles: 4.5 a quad, 90 a block, plus
 * 3 for the feed-forward paddd (with its bypass). No SSE sequence makes
 * e + W sooner (the rotate and the add are three ALU steps, same bypass).
 *
 * The other limit is the SHA unit's second port: sha1msg2 holds it 4
 * cycles and sha1msg1 and sha1nexte share it, so a schedule all of
 * sha1msg1/sha1msg2 costs 100 cycles a block there, against 20 for
 * sha1nexte alone. Only groups 4..7 use them (sha1_sched: their words
 * need W[t-3] of the same group); groups 8..19 use FIPS 180-4's
 * recurrence applied twice, W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^
 * W[t-32], 2), in plain SSE on the vector ALUs (sha1_sched2).
 *
 * The schedule runs ten groups ahead of the rounds, across the block
 * boundary, in a ten-register ring (xmm6-xmm15): quads 0..9 make this
 * block's groups 10..19, quads 10..13 load the next block's groups 0..3
 * and quads 14..19 make its groups 4..9, so the next block's schedule
 * overlaps this block's rounds in program order, not only as far as the
 * out-of-order window reaches. The last block runs quads 10..19 without
 * that work (.Lsha1_ni_last): no input past the end is read and a
 * one-block call does no wasted schedule.
 * e lives in dword 3 of a register whose lower dwords are zero on entry
 * (so that the first paddd adds nothing to W[1..3]); sha1nexte keeps
 * them zero at the end of each block.
 *
 * Cycles a block on the test machine (calibrated core cycles, median):
 * 105 in 64-block calls and 126 in one-block calls, against 120 and 135
 * for the kernel's own SHA-NI cores (6.12 and 7.3).
 *
 * Used by the x86_64 SHA-1 driver.
 */

#include <linux/linkage.h>

	.section .rodata
	.balign	16
	// pshufb: reverse the 16 bytes: big-endian W[4k] to dword 3
.Lsha1_bswap128_ni:
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.size	.Lsha1_bswap128_ni, . - .Lsha1_bswap128_ni

	.text

#define STATE	%rdi		// u32 state[5]
#define DATA	%rsi		// the block being hashed, then the next one
#define NBLK	%rdx		// blocks left, this one included, until quad 10
#define ABCD	%xmm0		// a, b, c, d in dwords 3..0
#define E0	%xmm1		// E<i % 2>: e + W for quad i, or a copy of abcd
#define E1	%xmm2
#define ABCD0	%xmm3		// abcd at the start of the block
#define EE0	%xmm4		// e at the start of the block (dword 3, the rest zero)
#define TMP	%xmm5
	// xmm6-xmm15: the ring, message group k (W[4k..4k+3], W[4k] in
	// dword 3) in xmm<6 + k % 10>; groups 20..29 are the next block's 0..9

/*
 * Message group k from groups k-4..k-1 in w4..w1 (k >= 4), into dst:
 *   sha1msg1:  W[t-16] ^ W[t-14]                  from groups k-4, k-3
 *   pxor:      ^ W[t-8]                           group k-2
 *   sha1msg2:  ^ W[t-3], rol 1 (the last word from the new W[t])
 *                                                 group k-1
 * The copy of w4 makes dst free to be any register: it is renamed away.
 */
.macro	sha1_sched dst, w4, w3, w2, w1
	movdqa		\w4, \dst
	sha1msg1	\w3, \dst
	pxor		\w2, \dst
	sha1msg2	\w1, \dst
.endm

/*
 * Message group k >= 8 into dst without the SHA unit, from the
 * equivalent recurrence (FIPS 180-4's, applied twice)
 *   W[t] = rol(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32], 2),  t >= 32:
 * no word of a group depends on another word of the same group, so four
 * lanes of plain SSE do it. w8, w7, w4: groups k-8, k-7, k-4;
 * w2, w1: groups k-2, k-1 (palignr takes W[t-6..t-3] from their seam).
 * The chain through group k-1 is palignr, pxor, shift, por.
 */
.macro	sha1_sched2 dst, w8, w7, w4, w2, w1
	movdqa		\w8, \dst
	pxor		\w7, \dst
	pxor		\w4, \dst
	movdqa		\w2, TMP
	palignr		$8, \w1, TMP
	pxor		TMP, \dst
	movdqa		\dst, TMP
	pslld		$2, \dst
	psrld		$30, TMP
	por		TMP, \dst
.endm

// Message group k (0..3) of the block at DATA into dst.
.macro	sha1_load dst, k
	movdqu		16 * \k(DATA), \dst
	pshufb		.Lsha1_bswap128_ni(%rip), \dst
.endm

/*
 * Rounds 4i..4i+3 (function and K of round group i / 5 in the immediate).
 * ein: for i = 0 the block's e (dword 3, the rest zero), otherwise the
 * copy of abcd that quad i - 1 started from; it becomes e + W of this
 * quad. eout receives the copy of abcd this quad starts from (for the
 * next quad's, or the block end's, sha1nexte). w0..w9: the ring from
 * group i on (w0 = xmm<6 + i % 10> holds group i). If work is 1, once
 * the rounds have read group i, w0 receives group i + 10: the rest of
 * this block's schedule for i < 10, the next block's first groups for
 * i >= 10 (loaded in quads 10..13, scheduled in 14..19).
 */
.macro	sha1_quad i, work, ein, eout, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9
	.if \i == 0
	paddd		\w0, \ein		// e + W[0], W[1..3]
	.else
	sha1nexte	\w0, \ein		// rol(a, 30) + W[4i], W[4i+1..4i+3]
	.endif
	movdqa		ABCD, \eout
	sha1rnds4	$(\i / 5), \ein, ABCD
	.if !\work
	.elseif \i >= 10 && \i < 14
	sha1_load	\w0, (\i - 10)
	.elseif \i >= 14 && \i < 18
	sha1_sched	\w0, \w6, \w7, \w8, \w9
	.else
	sha1_sched2	\w0, \w2, \w3, \w6, \w8, \w9
	.endif
.endm

/*
 * sha1_quad i, work, with ein, eout alternating E0, E1 and the ring
 * rotated n = i % 10 times (w0 = xmm<6 + i % 10>).
 */
.macro	sha1_ring n, i, work, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9
	.if \n
	sha1_ring	(\n - 1), \i, \work, \r1, \r2, \r3, \r4, \r5, \r6, \r7, \r8, \r9, \r0
	.elseif \i % 2
	sha1_quad	\i, \work, E1, E0, \r0, \r1, \r2, \r3, \r4, \r5, \r6, \r7, \r8, \r9
	.else
	sha1_quad	\i, \work, E0, E1, \r0, \r1, \r2, \r3, \r4, \r5, \r6, \r7, \r8, \r9
	.endif
.endm

#define SHA1_RING	%xmm6, %xmm7, %xmm8, %xmm9, %xmm10, \
			%xmm11, %xmm12, %xmm13, %xmm14, %xmm15

SYM_FUNC_START(rsha_sha1_x86_64_ni)
	test		NBLK, NBLK
	jz		.Lsha1_ni_ret
	movdqu		0(STATE), ABCD
	pshufd		$0x1b, ABCD, ABCD	// a, b, c, d in dwords 3..0
	movd		16(STATE), E0
	pslldq		$12, E0			// e in dword 3, the rest zero
	sha1_load	%xmm6, 0		// groups 0..9 of the first block
	sha1_load	%xmm7, 1
	sha1_load	%xmm8, 2
	sha1_load	%xmm9, 3
	sha1_sched	%xmm10, %xmm6, %xmm7, %xmm8, %xmm9
	sha1_sched	%xmm11, %xmm7, %xmm8, %xmm9, %xmm10
	sha1_sched	%xmm12, %xmm8, %xmm9, %xmm10, %xmm11
	sha1_sched	%xmm13, %xmm9, %xmm10, %xmm11, %xmm12
	sha1_sched2	%xmm14, %xmm6, %xmm7, %xmm10, %xmm12, %xmm13
	sha1_sched2	%xmm15, %xmm7, %xmm8, %xmm11, %xmm13, %xmm14

.Lsha1_ni_block:
	movdqa		ABCD, ABCD0
	movdqa		E0, EE0
	.irp		i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9		// and groups 10..19
	sha1_ring	\i, \i, 1, SHA1_RING
	.endr
	dec		NBLK
	jz		.Lsha1_ni_last
	add		$64, DATA
	// and the next block's groups 0..9
	.irp		i, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
	sha1_ring	(\i - 10), \i, 1, SHA1_RING
	.endr
	sha1nexte	EE0, E0			// feed-forward: e0 + rol(a, 30)
	paddd		ABCD0, ABCD
	jmp		.Lsha1_ni_block

.Lsha1_ni_last:
	.irp		i, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19	// no next block
	sha1_ring	(\i - 10), \i, 0, SHA1_RING
	.endr
	sha1nexte	EE0, E0
	paddd		ABCD0, ABCD
	pshufd		$0x1b, ABCD, ABCD	// a, b, c, d in dwords 0..3
	movdqu		ABCD, 0(STATE)
	pextrd		$3, E0, 16(STATE)
.Lsha1_ni_ret:
	RET
SYM_FUNC_END(rsha_sha1_x86_64_ni)

#undef STATE
#undef DATA
#undef NBLK
#undef ABCD
#undef E0
#undef E1
#undef ABCD0
#undef EE0
#undef TMP
#undef SHA1_RING
