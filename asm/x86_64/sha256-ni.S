// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for x86_64 using the Intel SHA extensions
 * (sha256rnds2, sha256msg1, sha256msg2), with SSSE3 pshufb/palignr.
 *
 * void rsha_sha256_x86_64_ni(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding. The caller must own the FPU (kernel_fpu_begin() in the kernel).
 * CPU flags: sha_ni, ssse3 (legacy SSE encodings only: no AVX state is
 * touched, so no vzeroupper).
 *
 * Calling convention: SysV x86_64. Clobbers rsi, rdx, xmm0-xmm10 and
 * flags; no callee-saved register, no stack (no red zone either).
 * Sections: .text (836 bytes) and .rodata (256 bytes of K from
 * ../sha256-k.h and the 16-byte pshufb mask, reached RIP-relative).
 *
 * Design: sha256rnds2 does two rounds on the state split as abef
 * (dwords 3..0 = a, b, e, f) and cdgh; it reads W+K of its two rounds from
 * the low half of xmm0 and overwrites its cdgh operand with the new abef,
 * whose old value is the new cdgh, so two registers swap roles each
 * call (sha256_quad: four rounds, two calls, roles back in place). The
 * 32 calls of a block are one dependency chain, 4 cycles a call on the
 * test machine: 128 cycles a block, plus 3 for the feed-forward paddd
 * (1, and a 2-cycle bypass from and back to the SHA unit). Everything
 * else is kept off that chain: W+K (and its pshufd into the low half)
 * depends only on the message, and the schedule makes each group four
 * quads before its use in a four-register ring. The loop body is short
 * (about 150 instructions) and the schedule's own chain (palignr, paddd,
 * sha256msg2 a group) is far shorter than the rounds, so the
 * out-of-order window already overlaps the next block's loads, byte
 * swaps and schedule with this block's rounds: the loop runs at the
 * chain, and moving that work into the rounds by hand would gain
 * nothing. The state is rearranged into abef/cdgh once on entry and
 * back once on exit (sha256_to_abef, sha256_from_abef).
 *
 * Cycles a block on the test machine (calibrated core cycles, median):
 * 131 in 64-block calls and 151 in one-block calls, against 131 and 154
 * for the kernel's own SHA-NI cores (6.12 and 7.3).
 *
 * Used by the x86_64 SHA-256 driver.
 */

#include <linux/linkage.h>
#include "../sha256-k.h"

	.section .rodata
	.balign	16
.Lsha256_k_ni:
	sha256_k_table
	.size	.Lsha256_k_ni, . - .Lsha256_k_ni
	// pshufb: byte-swap each dword (big-endian message words)
.Lsha256_bswap32_ni:
	.byte	3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12
	.size	.Lsha256_bswap32_ni, . - .Lsha256_bswap32_ni

	.text

#define STATE	%rdi		// u32 state[8]
#define DATA	%rsi		// the block being hashed
#define NBLK	%rdx		// blocks left, this one included
#define WK	%xmm0		// W+K of two rounds (sha256rnds2's implicit xmm0)
#define ABEF	%xmm1		// a, b, e, f in dwords 3..0
#define CDGH	%xmm2		// c, d, g, h in dwords 3..0
#define MSG0	%xmm3		// MSG<n % 4>: message group n, W[4n..4n+3], W[4n] in dword 0
#define MSG1	%xmm4
#define MSG2	%xmm5
#define MSG3	%xmm6
#define BSWAP	%xmm7		// .Lsha256_bswap32_ni
#define ABEF0	%xmm8		// abef at the start of the block
#define CDGH0	%xmm9		// cdgh at the start of the block
#define TMP	%xmm10

/*
 * Rounds 4i..4i+3. abef, cdgh: the state registers as this quad finds
 * them (they end in the same roles). w0..w3: the ring registers holding
 * groups i, i+1, i+2, i+3 (W[4i..4i+3] in w0). After the rounds w0 is no
 * longer needed and, for i < 12, becomes group i+4 (W[t] for
 * t = 4i+16..4i+19):
 *   sha256msg1:  W[t-16] + sigma0(W[t-15])      from groups i, i+1
 *   + palignr:   W[t-7]                         from groups i+2, i+3
 *   sha256msg2:  + sigma1(W[t-2]), W[t-2] from group i+3 or the new words
 * The chain through the ring is palignr, paddd, sha256msg2 per group,
 * far shorter than the four quads that separate a group's making and use.
 */
.macro	sha256_quad i, abef, cdgh, w0, w1, w2, w3
	movdqa		\w0, WK
	paddd		.Lsha256_k_ni + 16 * \i(%rip), WK
	sha256rnds2	WK, \abef, \cdgh	// cdgh := abef of rounds 4i+2
	pshufd		$0x0e, WK, WK		// W+K of rounds 4i+2, 4i+3 to the low half
	sha256rnds2	WK, \cdgh, \abef	// abef := abef of rounds 4i+4
	.if \i < 12
	sha256msg1	\w1, \w0
	movdqa		\w3, TMP
	palignr		$4, \w2, TMP
	paddd		TMP, \w0
	sha256msg2	\w3, \w0
	.endif
.endm

/*
 * state[0..7] = a..h in MSG0 (a..d) and MSG1 (e..h), dword 0 first, to
 * ABEF and CDGH (dword 3 first) and back: one shufps each way per
 * register (two dwords from each source), the shortest path on and off
 * the chain of a one-block call.
 */
.macro	sha256_to_abef
	movaps		MSG1, ABEF
	shufps		$0x11, MSG0, ABEF	// f, e, b, a (dword 0 first)
	movaps		MSG1, CDGH
	shufps		$0xbb, MSG0, CDGH	// h, g, d, c
.endm

.macro	sha256_from_abef
	movaps		ABEF, MSG0
	shufps		$0xbb, CDGH, MSG0	// a, b, c, d
	movaps		ABEF, MSG1
	shufps		$0x11, CDGH, MSG1	// e, f, g, h
.endm

SYM_FUNC_START(rsha_sha256_x86_64_ni)
	test		NBLK, NBLK
	jz		.Lsha256_ni_ret
	movdqu		0(STATE), MSG0
	movdqu		16(STATE), MSG1
	sha256_to_abef
	movdqa		.Lsha256_bswap32_ni(%rip), BSWAP

.Lsha256_ni_block:
	movdqu		0(DATA), MSG0
	movdqu		16(DATA), MSG1
	movdqu		32(DATA), MSG2
	movdqu		48(DATA), MSG3
	pshufb		BSWAP, MSG0
	pshufb		BSWAP, MSG1
	pshufb		BSWAP, MSG2
	pshufb		BSWAP, MSG3
	movdqa		ABEF, ABEF0
	movdqa		CDGH, CDGH0

	sha256_quad	0,  ABEF, CDGH, MSG0, MSG1, MSG2, MSG3
	sha256_quad	1,  ABEF, CDGH, MSG1, MSG2, MSG3, MSG0
	sha256_quad	2,  ABEF, CDGH, MSG2, MSG3, MSG0, MSG1
	sha256_quad	3,  ABEF, CDGH, MSG3, MSG0, MSG1, MSG2
	sha256_quad	4,  ABEF, CDGH, MSG0, MSG1, MSG2, MSG3
	sha256_quad	5,  ABEF, CDGH, MSG1, MSG2, MSG3, MSG0
	sha256_quad	6,  ABEF, CDGH, MSG2, MSG3, MSG0, MSG1
	sha256_quad	7,  ABEF, CDGH, MSG3, MSG0, MSG1, MSG2
	sha256_quad	8,  ABEF, CDGH, MSG0, MSG1, MSG2, MSG3
	sha256_quad	9,  ABEF, CDGH, MSG1, MSG2, MSG3, MSG0
	sha256_quad	10, ABEF, CDGH, MSG2, MSG3, MSG0, MSG1
	sha256_quad	11, ABEF, CDGH, MSG3, MSG0, MSG1, MSG2
	sha256_quad	12, ABEF, CDGH, MSG0, MSG1, MSG2, MSG3
	sha256_quad	13, ABEF, CDGH, MSG1, MSG2, MSG3, MSG0
	sha256_quad	14, ABEF, CDGH, MSG2, MSG3, MSG0, MSG1
	sha256_quad	15, ABEF, CDGH, MSG3, MSG0, MSG1, MSG2

	paddd		ABEF0, ABEF		// feed-forward
	paddd		CDGH0, CDGH
	add		$64, DATA
	dec		NBLK
	jnz		.Lsha256_ni_block

	sha256_from_abef
	movdqu		MSG0, 0(STATE)
	movdqu		MSG1, 16(STATE)
.Lsha256_ni_ret:
	RET
SYM_FUNC_END(rsha_sha256_x86_64_ni)

#undef STATE
#undef DATA
#undef NBLK
#undef WK
#undef ABEF
#undef CDGH
#undef MSG0
#undef MSG1
#undef MSG2
#undef MSG3
#undef BSWAP
#undef ABEF0
#undef CDGH0
#undef TMP
