// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for 32-bit ARM (ARMv7-A), integer registers only.
 *
 * void rsha_sha256_arm_scalar(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once without touching memory. No
 * padding: that is the caller's job. Uses no VFP/NEON register, so it may
 * be called where kernel_neon_begin() is not allowed. Little-endian only.
 *
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL)
 * from the same source: only instructions and addressing modes both have
 * (immediate shifts, no register-shifted operands, explicit it blocks).
 * The two builds differ in two scheduling details only (see "Thumb-2" and
 * "Tail" below), selected by CONFIG_THUMB2_KERNEL (kernel: kconfig.h is
 * force-included) or __thumb2__ (clang -mthumb); the ARM form assembles
 * in either mode, so a miss costs speed, never correctness.
 * Input words are read with plain ldr, which ARMv6+ allows unaligned (the
 * kernel runs with SCTLR.A clear); ldrd/strd only touch the stack and
 * state[], and need just the 4-byte alignment a u32[] has.
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12 and flags; saves and restores r4-r11 and lr (lr serves as
 * the K pointer; no calls are made).
 * Stack: 120 bytes (64 for a 16-word W ring, 12 for the data/nblocks/
 * state slots + 4 padding, 40 for r3-r11, lr), sp stays 8-byte aligned.
 * Sections: .text (ARM 7220 bytes, Thumb-2 6038 bytes) and .rodata (256
 * bytes of K). K is reached through a literal word next to the code
 * (R_ARM_ABS32, loaded pc-relative with ldr): position-independent code
 * reading an absolute address the module loader relocates, the same in
 * ARM and Thumb-2, no movw/movt needed (so no ARMv6T2 requirement).
 *
 * Design: the state stays in r4-r11 from block to block; the message
 * schedule is interleaved with the rounds (round t computes W[t+16] into
 * a 16-word ring on the stack) so that an out-of-order core overlaps the
 * schedule's independent work with the rounds' dependency chain. With a
 * separate 64-word schedule phase (the previous version of this core)
 * the A57 model ran the phase throughput-bound and then the rounds
 * latency-bound, 700 cycles. Per round: 15 ALU instructions for the
 * round (two Sigma = 2 eor + a shifted add each, Ch 3, Maj 3 with the
 * b ^ c carry, 3 plain adds), 2 adds for K[t] + W[t], 9 for the schedule
 * word, 3 loads and ~2/3 of a store: register use is below the macros.
 *
 * What bounds it (llvm-mca models): Cortex-A57 issues 3 uops a cycle,
 * but every ALU op with a shifted operand goes to its single M pipe with
 * a 2-cycle latency. Rounds 0-47 carry 10 such ops each (6 round, 4
 * schedule) and about 30 uops: M pipe and dispatch are both saturated
 * at ~10 cycles a round (trading a shifted operand for a separate ror
 * costs a uop, so it cannot help there); rounds 48-63 are bound by the
 * e -> Sigma1 -> T1 -> e chain (7 cycles; 6 with the Thumb-2 tail form).
 * The 2-wide Cortex-A9/A15 model is bound by the instruction count
 * (~1790 a block) and its single load/store pipe at the block boundary.
 *
 * Cycles per block on the llvm-mca models: Documentation/performance.rst
 * (*Table* and *Notes per core*, from scripts/performance/mca-table.sh).
 *
 * Used by the driver module rust/drivers/sha256_arm.rs (with asm/arm/sha256-neon.S).
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha256-k.h"
#include "sha256-rounds.h"

	.syntax	unified
	// ARMv7 (movw/movt, rev, Thumb-2): also when the kernel is built for ARMv6
	// and ARMv7 (7.3 allows Rust there); such a kernel on an ARMv6 CPU does
	// not load the module (rsha_cpu_is_armv7(), rust/rsha/helpers.c).
	.arch	armv7-a

/* Thumb-2 build? (see the header) */
#if defined(CONFIG_THUMB2_KERNEL) || defined(__thumb2__)
	.set	.Lthumb2, 1		// Thumb-2 build: see "Thumb-2" above
#else
	.set	.Lthumb2, 0
#endif

	.section .rodata
	.balign	16
.Lsha256_k_arm_scalar:
	sha256_k_table
	.size	.Lsha256_k_arm_scalar, . - .Lsha256_k_arm_scalar

	.text

	kptr	.req	lr		// K[0], for the whole call

// Stack frame (below the 40 bytes of saved registers)
#define W_SLOT(i)	(4 * ((i) % 16))	// W[i]: a 16-word ring
#define DATA_SLOT	64		// next input block
#define NBLK_SLOT	68		// blocks left, this one included
#define STATE_SLOT	72		// u32 *state
#define FRAME		80		// (8-byte aligned)

/*
 * The message schedule is done inside the rounds, one word per round:
 * round t (t < 48) makes W[t+16]. Three registers rotate (r0, r2, r3 as
 * R[0..2]; round t: base = R[t%3], s1in = R[(t+1)%3], the third
 * R[(t+2)%3]):
 *   base  in: W[t] (added to h, then the sum W[t+16] grows in it)
 *   s1in  in: W[t+14], sigma1'd in place; then a load temporary; out:
 *         W[t+1] (loaded for sigma0, kept: it is round t+1's base)
 *   third    W[t+15] (round t+1's s1in), not touched
 * so W[t-16] and W[t-15] cost one shared load, W[t-2] none (still in a
 * register): 3 loads (K[t], W[t+9], W[t+1]) and about 2/3 of a store
 * per round. ARM: W[t+15], W[t+16] go out with one strd when they sit
 * in r2:r3 (t%3 == 2), else a str each; Thumb-2 (strd takes any two
 * registers there): one strd per two rounds.
 *
 * The round itself needs only two registers besides a..h (T = r1, r12
 * alternating: X = T[t%2] holds b ^ c, the previous round's a ^ b, on
 * entry; Y = T[(t+1)%2] is the temporary that ends up holding this
 * round's a ^ b for the next one). Ch, Sigma1, Sigma0 and Maj use one
 * temporary after the other: register renaming makes that free on an
 * out-of-order core, and it leaves three registers for the schedule, so
 * that the schedule's independent work fills the issue slots that the
 * rounds' dependency chain (7 cycles a round on the A57 model) leaves
 * empty. Maj is added before Sigma0: the last add into the new a is
 * then the one with the 2-cycle shifted operand.
 *   Sigma1(e) = ror(e ^ ror(e,5) ^ ror(e,19), 6)
 *   Sigma0(a) = ror(a ^ ror(a,11) ^ ror(a,20), 2)
 *   Ch(e,f,g) = ((f ^ g) & e) ^ g
 *   Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
 *   sigma0(x) = ror(x,7) ^ ror(x,18) ^ (x >> 3)
 *   sigma1(x) = (x >> 10) ^ ror(x ^ ror(x,2), 17)
 *
 * Tail (rounds 48-63, no schedule work left): W[t] comes from the ring
 * into r0 (W[48], W[62], W[63] are still in r0, r2, r3). The rounds are
 * then latency-bound on the A57 model, so the Thumb-2 build computes
 * Sigma1 as (e ^ ror(e,5)) ^ ror(e,19) with a separate 1-cycle ror (one
 * more instruction, one fewer 2-cycle shifted operand on the chain):
 * -6 cycles on A57, +8 on the 2-wide A9/A15 model; the ARM build, which
 * has the margin on A57 and not on A15, keeps the 3-instruction form.
 */
.macro	RND t, a, b, c, d, e, f, g, h, X, Y, base, s1in, third
	.if \t < 48
	RND_0	\t, \a, \b, \c, \d, \e, \f, \g, \h, \X, \Y, \base, \s1in, \third
	.else
	RND_1	\t, \a, \b, \c, \d, \e, \f, \g, \h, \X, \Y, \base, \s1in, \third
	.endif
.endm

/* Rounds 0-47: the round and the schedule word W[t+16] into base. */
.macro	RND_0 t, a, b, c, d, e, f, g, h, X, Y, base, s1in, third
	ldr	\Y, [kptr, #4 * \t]		// K[t]
	add	\h, \h, \Y
	add	\h, \h, \base			// h += K[t] + W[t]
	RND_CH	\e, \f, \g, \h, \Y
	eor	\Y, \s1in, \s1in, ror #2
	lsr	\s1in, \s1in, #10
	eor	\s1in, \s1in, \Y, ror #17	// sigma1(W[t+14])
	add	\base, \base, \s1in
	ldr	\s1in, [sp, #W_SLOT(\t + 9)]
	add	\base, \base, \s1in
	ldr	\s1in, [sp, #W_SLOT(\t + 1)]	// W[t+1]: also round t+1's base
	RND_SIGMA1_0 \e, \Y
	add	\h, \h, \Y, ror #6		// h = T1
	add	\d, \d, \h			// d += T1: next round's e
	ror	\Y, \s1in, #7
	eor	\Y, \Y, \s1in, ror #18
	eor	\Y, \Y, \s1in, lsr #3		// sigma0(W[t+1])
	add	\base, \base, \Y		// W[t+16]
	rsha_call RND_STORE_, (.Lthumb2), \t, \base, \third
	RND_MAJ	\a, \b, \h, \X, \Y
.endm

/*
 * Rounds 48-63 (see "Tail" above): W[t] from the ring into r0, W[48],
 * W[62], W[63] still in r0, r2, r3 (tail_w); Sigma1 in the Thumb-2 form
 * in the Thumb-2 build.
 */
.macro	RND_1 t, a, b, c, d, e, f, g, h, X, Y, base, s1in, third
	ldr	\Y, [kptr, #4 * \t]		// K[t]
	.if \t > 48 && \t < 62
	ldr	r0, [sp, #W_SLOT(\t)]
	.endif
	add	\h, \h, \Y
	rsha_reg tail_w, r, (-2 * ((\t) >= 62) - ((\t) >= 63))
	add	\h, \h, tail_w			// h += K[t] + W[t]
	RND_CH	\e, \f, \g, \h, \Y
	rsha_call RND_SIGMA1_, (.Lthumb2), \e, \Y
	add	\h, \h, \Y, ror #6		// h = T1
	add	\d, \d, \h			// d += T1: next round's e
	RND_MAJ	\a, \b, \h, \X, \Y
.endm

/* h += Ch(e,f,g), Y the temporary */
.macro	RND_CH e, f, g, h, Y
	eor	\Y, \f, \g
	and	\Y, \Y, \e
	eor	\Y, \Y, \g			// Ch(e,f,g)
	add	\h, \h, \Y
.endm

/*
 * Y = e ^ ror(e,5) ^ ror(e,19) (Sigma1 before its ror #6): in two
 * instructions (RND_SIGMA1_0), or in three with a plain ror (RND_SIGMA1_1,
 * the Thumb-2 tail; r0 the temporary).
 */
.macro	RND_SIGMA1_0 e, Y
	eor	\Y, \e, \e, ror #5
	eor	\Y, \Y, \e, ror #19
.endm

.macro	RND_SIGMA1_1 e, Y
	eor	\Y, \e, \e, ror #5
	ror	r0, \e, #19
	eor	\Y, \Y, r0
.endm

/*
 * Store W[t+16] (base), with W[t+15] (third) where they pair up: ARM
 * (RND_STORE_0) one strd when they sit in r2:r3, else a str each;
 * Thumb-2 (RND_STORE_1) one strd per two rounds.
 */
.macro	RND_STORE_0 t, base, third
	.if (\t % 3) == 2 && (\t % 16) != 0
	strd	r2, r3, [sp, #W_SLOT(\t + 15)]	// W[t+15], W[t+16]
	.elseif (\t % 3) != 1 || (\t % 16) == 15
	str	\base, [sp, #W_SLOT(\t + 16)]
	.endif					// (else: the next round's strd)
.endm

.macro	RND_STORE_1 t, base, third
	rsha_at ((\t) % 2), 1, strd \third, \base, [sp, #W_SLOT(\t + 15)]	// W[t+15], W[t+16]
.endm

/* h += Maj(a,b,c) (X: b ^ c in, Y: a ^ b out), then h += Sigma0(a) */
.macro	RND_MAJ a, b, h, X, Y
	eor	\Y, \a, \b
	and	\X, \X, \Y
	eor	\X, \X, \b			// Maj(a,b,c)
	add	\h, \h, \X
	eor	\X, \a, \a, ror #11
	eor	\X, \X, \a, ror #20
	add	\h, \h, \X, ror #2		// h = T1 + T2: next round's a
.endm

/*
 * Round t with its registers (state: sha256_round_regs; X = r1, Y = r12
 * in even rounds, the other way round in odd ones; R = r0, r2, r3 as
 * wreg0..wreg2: base = R[t % 3], s1in = R[(t+1) % 3], third =
 * R[(t+2) % 3]).
 */
	wreg0	.req	r0
	wreg1	.req	r2
	wreg2	.req	r3

.macro	RND_T t
	rsha_reg rnd_x, r, (1 + 11 * ((\t) % 2))
	rsha_reg rnd_y, r, (12 - 11 * ((\t) % 2))
	rsha_reg rnd_base, wreg, ((\t) % 3)
	rsha_reg rnd_s1in, wreg, (((\t) + 1) % 3)
	rsha_reg rnd_third, wreg, (((\t) + 2) % 3)
	sha256_round_regs \t, RND, rnd_x, rnd_y, rnd_base, rnd_s1in, rnd_third
.endm

/*
 * Byte-swap the 16 big-endian words of this block into the ring,
 * advance the data pointer and count down the blocks in the frame (the
 * subs sets the flags for the loop branch: nothing after it in the
 * block sets flags), and leave what round 0 wants:
 * W[0] in r0 (base), W[14] in r2 (s1in), W[15] in r3, and b ^ c in r1.
 * Uses r12 as the data pointer (round 0's Y). Loads, revs and stores
 * are interleaved so that no store waits for its data (on the A9/A15
 * model such a store holds up dispatch).
 */
.macro	LOAD_BLOCK
	ldrd	r2, r3, [sp, #DATA_SLOT]	// data, blocks left
	mov	r12, r2
	add	r2, r2, #64
	subs	r3, r3, #1			// (flags kept for the loop branch)
	strd	r2, r3, [sp, #DATA_SLOT]
	ldr	r0, [r12, #8]
	ldr	r1, [r12, #12]
	ldr	r2, [r12, #16]
	rev	r0, r0
	ldr	r3, [r12, #20]
	rev	r1, r1
	rev	r2, r2
	rev	r3, r3
	.irp	i, 6, 10
	strd	r0, r1, [sp, #W_SLOT(\i - 4)]
	ldr	r0, [r12, #4 * \i]
	strd	r2, r3, [sp, #W_SLOT(\i - 2)]
	ldr	r1, [r12, #4 * \i + 4]
	ldr	r2, [r12, #4 * \i + 8]
	rev	r0, r0
	ldr	r3, [r12, #4 * \i + 12]
	rev	r1, r1
	rev	r2, r2
	rev	r3, r3
	.endr
	strd	r0, r1, [sp, #W_SLOT(10)]
	ldr	r0, [r12, #0]
	strd	r2, r3, [sp, #W_SLOT(12)]
	ldr	r1, [r12, #4]
	ldr	r2, [r12, #56]
	rev	r0, r0
	ldr	r3, [r12, #60]
	rev	r1, r1
	rev	r2, r2
	rev	r3, r3
	strd	r0, r1, [sp, #W_SLOT(0)]
	eor	r1, r5, r6			// b ^ c for round 0's Maj
	strd	r2, r3, [sp, #W_SLOT(14)]
.endm

	.balign	4
.Lsha256_k_arm_scalar_addr:
	.long	.Lsha256_k_arm_scalar

SYM_FUNC_START(rsha_sha256_arm_scalar)
	rsha_arm_enter FRAME
	str	r0, [sp, #STATE_SLOT]
	str	r1, [sp, #DATA_SLOT]
	str	r2, [sp, #NBLK_SLOT]
	ldr	kptr, .Lsha256_k_arm_scalar_addr
	ldrd	r4, r5, [r0, #0]
	ldrd	r6, r7, [r0, #8]
	ldrd	r8, r9, [r0, #16]
	ldrd	r10, r11, [r0, #24]

	// r4-r11: the state, kept in registers from block to block
.Lscalar_block:
	LOAD_BLOCK
	.set	.Lt, 0
	.rept	64
	RND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr

	// Feed-forward; the rotation is back at a = r4 after 64 rounds.
	ldr	r12, [sp, #STATE_SLOT]
	ldrd	r0, r1, [r12, #0]
	ldrd	r2, r3, [r12, #8]
	add	r4, r4, r0
	add	r5, r5, r1
	ldrd	r0, r1, [r12, #16]
	add	r6, r6, r2
	add	r7, r7, r3
	ldrd	r2, r3, [r12, #24]
	strd	r4, r5, [r12, #0]
	add	r8, r8, r0
	add	r9, r9, r1
	strd	r6, r7, [r12, #8]
	add	r10, r10, r2
	add	r11, r11, r3
	strd	r8, r9, [r12, #16]
	strd	r10, r11, [r12, #24]
.Lscalar_block_end:
	bne	.Lscalar_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha256_arm_scalar)

	.unreq	kptr
	.unreq	wreg0
	.unreq	wreg1
	.unreq	wreg2
