// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-512 block function for 32-bit ARM (ARMv7-A), integer registers only;
 * SHA-384 uses the same block function with its own IV.
 *
 * void rsha_sha512_arm_scalar(u64 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-512 compression function over nblocks consecutive 128-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u64:
 * low word first) in place. nblocks == 0 returns at once without touching
 * memory. No padding: that is the caller's job. Uses no VFP/NEON register,
 * so it may be called where kernel_neon_begin() is not allowed.
 * Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: immediate shifts only, ldrd/strd on
 * even/odd register pairs with offsets below 256 (what ARM allows), explicit
 * it blocks. Input words are read with plain ldr, which ARMv6+ allows
 * unaligned; ldrd/strd only touch the stack and state[] (8-byte aligned).
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12 and flags; saves and restores r4-r11 and lr (lr is the K
 * pointer; no calls are made).
 * Stack: 256 bytes (128 for the W[] ring, 64 for the a/e rings, 24 for
 * the Maj carry and the state/data/nblocks/chunk slots, 40 for r3-r11,
 * lr); sp stays 8-byte aligned.
 * Sections: .text (ARM 6748 bytes, Thumb-2 6540 bytes) and .rodata (640
 * bytes of K). K is reached through a literal word next to the code
 * (R_ARM_ABS32, loaded pc-relative with ldr), the same in ARM and Thumb-2.
 *
 * Design. A 64-bit word is a pair of registers (low, high); a 64-bit
 * rotate or shift is two 32-bit shifted operands per half, so each
 * Sigma/sigma is a chain of "lsr" + five "eor x, x, y, lsl/lsr #n" per
 * half (the high half of sigma0/sigma1 has one term fewer; term macros
 * sha512_rtop, sha512_sigh<k>), and a 64-bit add is adds + adc. Registers
 * cannot hold the 16-word state, so only a and e live in registers;
 * every round stores its new a and e into two 4-entry rings on the
 * stack, from which b, c, d (= a[t-1..t-3]) and f, g, h (= e[t-1..t-3])
 * are read back: 7 ldrd + 2 strd + 50 ALU instructions a round, no
 * moves:
 *  - Sigma1(e) is emitted before Sigma0(a): T1 and the new e do not need
 *    Sigma0, so an out-of-order core (Cortex-A57: one pipe for shifted
 *    operands, 20 of them a round) starts the next round's Sigma1 while
 *    this round's Sigma0 drains, instead of idling that pipe in every
 *    round's add tail (side by side, the order that suits the in-order
 *    dual-issue A9/A15, costs the A57 about 330 cycles a block and
 *    gains the A15 about 60);
 *  - Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b, b ^ c being the previous
 *    round's a ^ b (kept in a register pair), Ch = ((f ^ g) & e) ^ g;
 *  - new a = Maj + Sigma0 + T1 is built in the Maj pair and new e = d + T1
 *    in the T1 pair, so the register roles only swap pairwise (period 2)
 *    and 16 rounds (a multiple of the ring periods 2, 4 and 16) form a loop
 *    body run 5 times (the loop costs 5 instructions a chunk; unrolling
 *    all 80 rounds would quadruple the code for under 0.5%).
 * The message schedule is computed 16 words at a time between the 16-round
 * chunks, into a 16-word ring (W[t] replaces W[t-16], no longer needed),
 * with the whole register file free: 35 instructions a word. On the A57
 * its 18 shifted-operand terms a word would make it bound by that one
 * pipe while two ALUs idle, so 4 of them (the third term of each half of
 * sigma0 and sigma1) are an lsr/lsl into r12 plus a plain eor: one more
 * instruction each (A57: about 230 cycles a block less; A15: about 140
 * more).
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha512_arm.rs (with asm/arm/sha512-neon.S).
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha512-k.h"

/*
 * 64-bit rotate/shift terms on 32-bit register pairs (all Sigma/sigma
 * functions below).
 *
 * A 64-bit word x is the pair xl:xh (low, high 32-bit half). Half h (0 low,
 * 1 high) of ror(x, n) for n < 32 is (that half >> n) ^ (other half <<
 * 32 - n); for n > 32 it is the other half's ror by n - 32. Half h of
 * x >> n (n < 32) is the low half's (xl >> n) ^ (xh << 32 - n), or xh >> n
 * alone for the high half. So every term below is one lsr, or one
 * "eor d, d, src, lsl/lsr #amt" with the shift in the shifted operand.
 */

/*
 * One term into d: first = 1 starts d with "op d, src, #amt" (op = lsr),
 * first = 0 folds it in with "eor d, d, src, op #amt", or, given a
 * scratch register tmp, with "op tmp, src, #amt" + a plain "eor d, d,
 * tmp": one instruction more, but out of the shifted-operand pipe, which
 * the Cortex-A57 has one of (the schedule below uses it).
 */
.macro	sha512_rtop first, d, src, op, amt, tmp=
	.if \first
	\op	\d, \src, #\amt
	.else
	  .ifnb \tmp
	\op	\tmp, \src, #\amt
	eor	\d, \d, \tmp
	  .else
	eor	\d, \d, \src, \op #\amt
	  .endif
	.endif
.endm

/*
 * Term j (0: the lsr, 1: the lsl from the other half) of half h of a rotate
 * (shift = 0) or shift right (shift = 1) of xl:xh by m (< 32) into d; the
 * high half of a shift has no term 1.
 */
.macro	sha512_rt1 j, h, d, xl, xh, m, shift, first, tmp=
	.if \j == 0
	  .if \h == 0
	    sha512_rtop \first, \d, \xl, lsr, \m, \tmp
	  .else
	    sha512_rtop \first, \d, \xh, lsr, \m, \tmp
	  .endif
	.elseif \h == 0
	    sha512_rtop 0, \d, \xh, lsl, (32-\m), \tmp
	.elseif \shift == 0
	    sha512_rtop 0, \d, \xl, lsl, (32-\m), \tmp
	.endif
.endm

/* sha512_rt1 for any n (1..63): n > 32 is the other half's ror by n - 32. */
.macro	sha512_rt j, h, d, xl, xh, n, shift, first, tmp=
	.if \n > 32
	  sha512_rt1 \j, (1-\h), \d, \xl, \xh, (\n-32), \shift, \first, \tmp
	.else
	  sha512_rt1 \j, \h, \d, \xl, \xh, \n, \shift, \first, \tmp
	.endif
.endm

/*
 * Term k (0..5), sha512_sigh<k>, of half h (d: that half of the result) of
 *   ror(x, n1) ^ ror(x, n2) ^ ror(x, n3)	(shift = 0: Sigma0, Sigma1)
 *   ror(x, n1) ^ ror(x, n2) ^ (x >> n3)	(shift = 1: sigma0, sigma1)
 * on x = xl:xh: terms 0, 1 are ror n1, 2, 3 ror n2, 4, 5 the n3 term;
 * term 0 is the lsr that starts d, the others eor into d (the high half
 * of the shift has no term 5, so emits nothing there). Emitting k = 0..5
 * in order, other work in between, leaves the function's half in d.
 * tmp (optional): scratch register for the two-instruction form of a
 * term k > 0 (see sha512_rtop).
 */
.macro	sha512_sigh0 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 0, \h, \d, \xl, \xh, \n1, 0, 1		// starts d
.endm
.macro	sha512_sigh1 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 1, \h, \d, \xl, \xh, \n1, 0, 0, \tmp
.endm
.macro	sha512_sigh2 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 0, \h, \d, \xl, \xh, \n2, 0, 0, \tmp
.endm
.macro	sha512_sigh3 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 1, \h, \d, \xl, \xh, \n2, 0, 0, \tmp
.endm
.macro	sha512_sigh4 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 0, \h, \d, \xl, \xh, \n3, \shift, 0, \tmp
.endm
.macro	sha512_sigh5 h, d, xl, xh, n1, n2, n3, shift, tmp=
	sha512_rt 1, \h, \d, \xl, \xh, \n3, \shift, 0, \tmp
.endm

	.syntax	unified
	// ARMv7 (movw/movt, rev, Thumb-2): also when the kernel is built for ARMv6
	// and ARMv7 (7.3 allows Rust there); such a kernel on an ARMv6 CPU does
	// not load the module (rsha_cpu_is_armv7(), rust/rsha/helpers.c).
	.arch	armv7-a

	.section .rodata
	.balign	16
.Lsha512_k_arm_scalar:
	sha512_k_table
	.size	.Lsha512_k_arm_scalar, . - .Lsha512_k_arm_scalar

	.text

	kptr	.req	lr		// K[t] (post-incremented)
	stmp	.req	r12		// schedule scratch (see SCHED)

// Stack frame (below the 40 bytes of saved registers). Round indices t are
// relative to the chunk: all ring periods divide 16.
#define W_SLOT(i)	(8 * ((i) & 15))	// W[] ring
#define A(i)		(128 + 8 * ((i) & 3))	// a[i]: b, c, d = a[t-1..t-3]
#define E(i)		(160 + 8 * ((i) & 3))	// e[i]: f, g, h = e[t-1..t-3]
#define CARRY_SLOT	192		// the Maj carry across the schedule
#define STATE_SLOT	200		// u64 *state
#define DATA_SLOT	204		// next input block
#define NBLK_SLOT	208		// blocks left, this one included
#define NCHUNK_SLOT	212		// 16-round chunks left in this block
#define FRAME		216

/*
 * Term k of both halves: dl:dh = Sigma/sigma(xl:xh) after k = 0..5 (see
 * sha512_sigh<k> above).
 */
.macro	SIG k, dl, dh, xl, xh, n1, n2, n3, shift, tmp=
	sha512_sigh\k 0, \dl, \xl, \xh, \n1, \n2, \n3, \shift, \tmp
	sha512_sigh\k 1, \dh, \xl, \xh, \n1, \n2, \n3, \shift, \tmp
.endm

.macro	SIGMA1 k, el, eh		// Sigma1(e) into r0:r1
	SIG \k, r0, r1, \el, \eh, 14, 18, 41, 0
.endm
.macro	SIGMA0 k, al, ah		// Sigma0(a) into r2:r3
	SIG \k, r2, r3, \al, \ah, 28, 34, 39, 0
.endm

/*
 * One round t (0..15 within the chunk). Register pairs:
 *   e     e[t]; stored into its ring slot here (deferred from the round
 *         that made it, so the store never waits for its data)
 *   a     a[t]; stored likewise, then replaced by a ^ b (next round's b ^ c)
 *   m     b ^ c on entry, then Maj, then the new a
 *   t     h, then T1, then the new e
 *   r0:r1 Sigma1(e), then K, W, b, Ch, d
 *   r2:r3 Sigma0(a), then g
 * So next round: e = t, a = m, m = a, t = e (r0-r3 are temporaries).
 * At t % 16 == 0 the chunk entry has already stored e and a.
 */
.macro	ROUND t, el, eh, al, ah, ml, mh, tl, th
	ldrd	\tl, \th, [sp, #E(\t-3)]	// h
	SIGMA1	0, \el, \eh
	SIGMA1	1, \el, \eh
	.if (\t % 16) != 0
	strd	\el, \eh, [sp, #E(\t)]
	.endif
	SIGMA1	2, \el, \eh
	.if (\t % 16) != 0
	strd	\al, \ah, [sp, #A(\t)]
	.endif
	SIGMA1	3, \el, \eh
	SIGMA1	4, \el, \eh
	SIGMA1	5, \el, \eh
	SIGMA0	0, \al, \ah
	SIGMA0	1, \al, \ah
	SIGMA0	2, \al, \ah
	SIGMA0	3, \al, \ah
	SIGMA0	4, \al, \ah
	SIGMA0	5, \al, \ah
	adds	\tl, \tl, r0
	adc	\th, \th, r1			// h + Sigma1(e)
	ldrd	r0, r1, [kptr], #8		// K[t]
	adds	\tl, \tl, r0
	adc	\th, \th, r1
	ldrd	r0, r1, [sp, #W_SLOT(\t)]
	adds	\tl, \tl, r0
	adc	\th, \th, r1			// h + Sigma1(e) + K[t] + W[t]
	ldrd	r0, r1, [sp, #A(\t-1)]		// b
	eor	\al, \al, r0
	eor	\ah, \ah, r1			// a ^ b
	and	\ml, \ml, \al
	and	\mh, \mh, \ah
	eor	\ml, \ml, r0
	eor	\mh, \mh, r1			// Maj(a,b,c)
	ldrd	r0, r1, [sp, #E(\t-1)]		// f
	adds	\ml, \ml, r2
	adc	\mh, \mh, r3			// Maj + Sigma0(a)
	ldrd	r2, r3, [sp, #E(\t-2)]		// g
	eor	r0, r0, r2
	eor	r1, r1, r3
	and	r0, r0, \el
	and	r1, r1, \eh
	eor	r0, r0, r2
	eor	r1, r1, r3			// Ch(e,f,g)
	adds	\tl, \tl, r0
	adc	\th, \th, r1			// T1
	ldrd	r0, r1, [sp, #A(\t-3)]		// d
	adds	\ml, \ml, \tl
	adc	\mh, \mh, \th			// new a = T1 + Sigma0 + Maj
	adds	\tl, \tl, r0
	adc	\th, \th, r1			// new e = d + T1
.endm

/* Round t with the register roles of t % 2 (e = r4:r5 at even t). */
.macro	ROUND_T t
	.if (\t % 2) == 0
	  ROUND \t, r4, r5, r6, r7, r8, r9, r10, r11
	.else
	  ROUND \t, r10, r11, r8, r9, r6, r7, r4, r5
	.endif
.endm

/*
 * One schedule step: W[j] = sigma1(W[j-2]) + W[j-7] + sigma0(W[j-15]) +
 * W[j-16] (j = 16..31 within the chunk), into the ring slot of W[j-16].
 *   p1  W[j-1]; stored here (deferred from the step that made it)
 *   p2  W[j-2]
 *   q   W[j-16], becomes W[j]
 *   r   receives W[j-15] (the next step's q)
 *   r8:r9 sigma1(W[j-2]); r10:r11 W[j-7], then sigma0(W[j-15])
 *   r12 (stmp) the shifted half of each sigma's term 2
 * Next step: p1 = q, p2 = p1, q = r, r = p2.
 * sigma0(x) = ror(x,1) ^ ror(x,8) ^ (x >> 7)
 * sigma1(x) = ror(x,19) ^ ror(x,61) ^ (x >> 6)
 */
.macro	SCHED j, p1l, p1h, p2l, p2h, ql, qh, rl, rh
	ldrd	\rl, \rh, [sp, #W_SLOT(\j-15)]
	SIG	0, r8, r9, \p2l, \p2h, 19, 61, 6, 1
	ldrd	r10, r11, [sp, #W_SLOT(\j-7)]
	SIG	1, r8, r9, \p2l, \p2h, 19, 61, 6, 1
	.if (\j % 16) != 0
	strd	\p1l, \p1h, [sp, #W_SLOT(\j-1)]
	.endif
	SIG	2, r8, r9, \p2l, \p2h, 19, 61, 6, 1, stmp
	adds	\ql, \ql, r10
	adc	\qh, \qh, r11			// W[j-16] + W[j-7]
	SIG	0, r10, r11, \rl, \rh, 1, 8, 7, 1
	SIG	3, r8, r9, \p2l, \p2h, 19, 61, 6, 1
	SIG	1, r10, r11, \rl, \rh, 1, 8, 7, 1
	SIG	4, r8, r9, \p2l, \p2h, 19, 61, 6, 1
	SIG	2, r10, r11, \rl, \rh, 1, 8, 7, 1, stmp
	SIG	5, r8, r9, \p2l, \p2h, 19, 61, 6, 1
	SIG	3, r10, r11, \rl, \rh, 1, 8, 7, 1
	adds	\ql, \ql, r8
	adc	\qh, \qh, r9			// + sigma1(W[j-2])
	SIG	4, r10, r11, \rl, \rh, 1, 8, 7, 1
	SIG	5, r10, r11, \rl, \rh, 1, 8, 7, 1
	adds	\ql, \ql, r10
	adc	\qh, \qh, r11			// W[j]
.endm

/*
 * The pairs r0:r1, r2:r3, r4:r5, r6:r7 take turns as p1, p2, q, r: step
 * j has the roles of step 16 (p1 = r0:r1, p2 = r2:r3, q = r4:r5, r = r6:r7)
 * rotated j % 4 times by SCHED_ROT, one step's "p1 = q, p2 = p1, q = r,
 * r = p2" (see SCHED) each.
 */
.macro	SCHED_ROT n, j, p1l, p1h, p2l, p2h, ql, qh, rl, rh
	.if \n
	SCHED_ROT (\n - 1), \j, \ql, \qh, \p1l, \p1h, \rl, \rh, \p2l, \p2h
	.else
	SCHED	\j, \p1l, \p1h, \p2l, \p2h, \ql, \qh, \rl, \rh
	.endif
.endm

.macro	SCHED_T j
	SCHED_ROT ((\j) % 4), \j, r0, r1, r2, r3, r4, r5, r6, r7
.endm

/* 16 rounds; e, a, m in r4:r5, r6:r7, r8:r9 on entry and exit. */
.macro	ROUNDS16
	.set	.Lt, 0
	.rept	16
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr
.endm

/*
 * The next 16 schedule words, between two chunks: e and a go to their ring
 * slots (so the next chunk's first round does not store them), the Maj
 * carry to its slot; all three are reloaded afterwards.
 */
.macro	SCHED16
	strd	r4, r5, [sp, #E(0)]
	ldrd	r0, r1, [sp, #W_SLOT(15)]
	strd	r6, r7, [sp, #A(0)]
	ldrd	r2, r3, [sp, #W_SLOT(14)]
	strd	r8, r9, [sp, #CARRY_SLOT]
	ldrd	r4, r5, [sp, #W_SLOT(0)]
	.set	.Lj, 16
	.rept	16
	SCHED_T	.Lj
	.set	.Lj, .Lj + 1
	.endr
	strd	r0, r1, [sp, #W_SLOT(31)]		// the last step's word
	ldrd	r4, r5, [sp, #E(0)]
	ldrd	r6, r7, [sp, #A(0)]
	ldrd	r8, r9, [sp, #CARRY_SLOT]
.endm

/*
 * Byte-swap the block at r12 into W[0..15]: the big-endian word at byte
 * 8i is W[i]'s high half, the one at 8i + 4 its low half.
 */
.macro	LOAD_BLOCK
	.irp	i, 0, 2, 4, 6, 8, 10, 12, 14
	ldr	r0, [r12, #(8*\i+4)]
	ldr	r1, [r12, #(8*\i)]
	ldr	r2, [r12, #(8*\i+12)]
	ldr	r3, [r12, #(8*\i+8)]
	rev	r0, r0
	rev	r1, r1
	rev	r2, r2
	rev	r3, r3
	strd	r0, r1, [sp, #W_SLOT(\i)]
	strd	r2, r3, [sp, #W_SLOT(\i+1)]
	.endr
.endm

	.balign	4
.Lsha512_k_arm_scalar_addr:
	.long	.Lsha512_k_arm_scalar

SYM_FUNC_START(rsha_sha512_arm_scalar)
	rsha_arm_enter FRAME
	str	r0, [sp, #STATE_SLOT]
	str	r1, [sp, #DATA_SLOT]
	str	r2, [sp, #NBLK_SLOT]
	ldr	kptr, .Lsha512_k_arm_scalar_addr

	// The state into the rings: a..d = a[0], a[-1..-3], e..h likewise.
	// Later blocks find them there, put by the previous feed-forward.
	ldrd	r2, r3, [r0, #0]
	ldrd	r4, r5, [r0, #8]
	ldrd	r6, r7, [r0, #16]
	ldrd	r8, r9, [r0, #24]
	strd	r2, r3, [sp, #A(0)]
	strd	r4, r5, [sp, #A(-1)]
	strd	r6, r7, [sp, #A(-2)]
	strd	r8, r9, [sp, #A(-3)]
	ldrd	r2, r3, [r0, #32]
	ldrd	r4, r5, [r0, #40]
	ldrd	r6, r7, [r0, #48]
	ldrd	r8, r9, [r0, #56]
	strd	r2, r3, [sp, #E(0)]
	strd	r4, r5, [sp, #E(-1)]
	strd	r6, r7, [sp, #E(-2)]
	strd	r8, r9, [sp, #E(-3)]
	mov	r12, r1

	// r12: data; kptr: K
.Lscalar_block:
	LOAD_BLOCK
	add	r12, r12, #128
	ldrd	r8, r9, [sp, #A(-1)]		// b
	str	r12, [sp, #DATA_SLOT]
	ldrd	r0, r1, [sp, #A(-2)]		// c
	ldrd	r4, r5, [sp, #E(0)]		// e
	ldrd	r6, r7, [sp, #A(0)]		// a
	eor	r8, r8, r0
	eor	r9, r9, r1			// b ^ c for round 0's Maj
	mov	r0, #5
	str	r0, [sp, #NCHUNK_SLOT]

.Lscalar_chunk:
	ROUNDS16
	ldr	r12, [sp, #NCHUNK_SLOT]
	subs	r12, r12, #1
	beq	.Lscalar_feed
	str	r12, [sp, #NCHUNK_SLOT]
	SCHED16
	b	.Lscalar_chunk

.Lscalar_feed:
	// Feed-forward: a = r6:r7, e = r4:r5 (t = 80 is even); b..d, f..h
	// are in the ring slots a[-1..-3], e[-1..-3], where the next block
	// wants the new b..d, f..h, as it wants the new a, e in a[0], e[0].
	ldr	r12, [sp, #STATE_SLOT]
	ldrd	r0, r1, [r12, #0]
	ldrd	r2, r3, [r12, #32]
	adds	r6, r6, r0
	adc	r7, r7, r1
	ldrd	r0, r1, [sp, #A(-1)]
	adds	r4, r4, r2
	adc	r5, r5, r3
	ldrd	r2, r3, [r12, #8]
	strd	r6, r7, [r12, #0]
	adds	r0, r0, r2
	adc	r1, r1, r3
	strd	r4, r5, [r12, #32]
	ldrd	r8, r9, [sp, #E(-1)]
	strd	r6, r7, [sp, #A(0)]
	ldrd	r10, r11, [r12, #40]
	strd	r4, r5, [sp, #E(0)]
	adds	r8, r8, r10
	adc	r9, r9, r11
	strd	r0, r1, [r12, #8]
	ldrd	r2, r3, [sp, #A(-2)]
	strd	r0, r1, [sp, #A(-1)]
	ldrd	r10, r11, [r12, #16]
	strd	r8, r9, [r12, #40]
	adds	r2, r2, r10
	adc	r3, r3, r11
	strd	r8, r9, [sp, #E(-1)]
	ldrd	r4, r5, [sp, #E(-2)]
	ldrd	r6, r7, [r12, #48]
	strd	r2, r3, [r12, #16]
	adds	r4, r4, r6
	adc	r5, r5, r7
	strd	r2, r3, [sp, #A(-2)]
	ldrd	r0, r1, [sp, #A(-3)]
	ldrd	r6, r7, [r12, #24]
	strd	r4, r5, [r12, #48]
	adds	r0, r0, r6
	adc	r1, r1, r7
	strd	r4, r5, [sp, #E(-2)]
	ldrd	r8, r9, [sp, #E(-3)]
	ldrd	r6, r7, [r12, #56]
	strd	r0, r1, [r12, #24]
	adds	r8, r8, r6
	adc	r9, r9, r7
	strd	r0, r1, [sp, #A(-3)]
	ldr	r0, [sp, #NBLK_SLOT]
	strd	r8, r9, [r12, #56]
	ldr	r12, [sp, #DATA_SLOT]
	strd	r8, r9, [sp, #E(-3)]
	sub	kptr, kptr, #640
	subs	r0, r0, #1
	str	r0, [sp, #NBLK_SLOT]
.Lscalar_block_end:
	bne	.Lscalar_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha512_arm_scalar)

	.unreq	kptr
	.unreq	stmp
