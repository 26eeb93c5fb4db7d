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
 * Assembles as ARM (-marm) and as Thumb-2 (-mthumb, CONFIG_THUMB2_KERNEL),
 * same source, no mode-specific code: only instructions and addressing
 * modes both have (immediate shifts, ldrd/strd on even/odd register pairs
 * as ARM needs, no register-shifted operands), explicit it blocks.
 * Input words are read with plain ldr, which ARMv6+ allows unaligned (the
 * kernel runs with SCTLR.A clear); ldrd/strd only touch the stack and
 * state[], and need just the 4-byte alignment a u32[] has.
 *
 * Calling convention: AAPCS (entry and exit: sha-frame.h). Clobbers
 * r0-r3, r12 and flags; saves and restores r4-r11 and lr (lr serves as
 * the K pointer; no calls are made).
 * Stack: 312 bytes (256 for W[0..63], 16 for the state/data/nblocks/K
 * slots, 40 for r3-r11, lr), sp stays 8-byte aligned.
 * Sections: .text (ARM 6956 bytes, Thumb-2 5970 bytes) and .rodata (256
 * bytes of K). K is reached through a literal word next to the code
 * (R_ARM_ABS32, loaded pc-relative with ldr): position-independent code
 * reading an absolute address the module loader relocates, the same in
 * ARM and Thumb-2, no movw/movt needed (so no ARMv6T2 requirement).
 *
 * Design: one block is done in two phases. First the whole message
 * schedule W[0..63] is built on the stack (W[0..15] byte-swapped from the
 * input, W[16..63] two words per step with the rest of the register file
 * free: the state is not live then); then 64 fully unrolled rounds read
 * W[t] and K[t] two at a time with ldrd. On the reference model
 * (llvm-mca's Cortex-A15, 2-wide dispatch) cost is close to the
 * instruction count / 2, so the code minimises instructions:
 *  - a round is 18 instructions: Sigma0/Sigma1 are two "eor x, y, y, ror"
 *    plus an "add h, h, x, ror" each; Ch = ((f ^ g) & e) ^ g; Maj =
 *    ((a ^ b) & (b ^ c)) ^ b with b ^ c carried over from the previous
 *    round's a ^ b; K and W come in pairs (one ldrd each per two rounds)
 *    and are summed pairwise before h += K + W (the round after that:
 *    sha256-rounds.h, shared with the NEON core);
 *  - the separate schedule phase needs 10.5 instructions per word (3+3
 *    for sigma0/sigma1, 3 adds, one ldrd of W[t-14..t-13] and one of
 *    W[t-7..t-6] and one strd per pair), where interleaving it with the
 *    rounds (a 16-word ring) leaves too few registers and needs about 13.
 * The state is reloaded from state[] after the schedule phase (4 ldrd):
 * cheaper than keeping it live through it.
 *
 * llvm-mca-19 cycles per 64-byte block (-iterations=100, the whole block
 * loop .Lscalar_block .. .Lscalar_block_end, scripts/mca-core.sh arm and
 * thumb2; in-tree = Linux 6.12 sha256_block_data_order from
 * arch/arm/crypto/sha256-armv4.pl, its 16-round inner loop unrolled 3x
 * for the measurement; cortex-a15 and cortex-a9 share one llvm model):
 *
 *	CPU		build	ours	in-tree	ours/in-tree
 *	cortex-a15	ARM	870.0	954.1	0.91
 *	cortex-a15	Thumb-2	863.1	954.1	0.90
 *	cortex-a9	ARM	870.0	954.1	0.91
 *	cortex-a9	Thumb-2	863.1	954.1	0.90
 *
 * (llvm-mca drops the in-tree loop's one stm per block, having no timing
 * for it; the ARM build is a little slower on the model only because
 * there "ror Rd, Rm, #n" is a shifted mov with a 2-cycle latency.)
 */

#include <linux/linkage.h>
#include "sha-frame.h"
#include "../sha256-k.h"
#include "sha256-rounds.h"

	.syntax	unified

	.section .rodata
	.balign	16
.Lsha256_k_arm_scalar:
	sha256_k_table
	.size	.Lsha256_k_arm_scalar, . - .Lsha256_k_arm_scalar

	.text

	kptr	.req	lr		// K[0]
	tw	.req	r0		// rounds: K+W (even t), then Ch temp
	tw1	.req	r1		// rounds: K+W for t+1

// Stack frame (below the 40 bytes of saved registers)
#define W_SLOT(i)	(4 * (i))	// W[0..63]
#define STATE_SLOT	256		// u32 *state
#define DATA_SLOT	260		// next input block
#define NBLK_SLOT	264		// blocks left, this one included
#define K_SLOT		268		// K (the literal is too far for ldr)
#define FRAME		272

/*
 * One round t (a..h: the state registers, rotated by sha256_round_regs):
 * even rounds load K[t], K[t+1] into r0:r1 and W[t], W[t+1] into r2:r3
 * and leave K[t+1] + W[t+1] in r1 for the odd round; then h += K[t] +
 * W[t] and the round proper (sha256_round, sha256-rounds.h: r0 the Ch
 * temporary, r3 the Sigma one). mp holds b ^ c (the previous round's
 * a ^ b), mc receives this round's a ^ b; they alternate between r12 and
 * r2 so that r2:r3 is free for the W pair at even rounds.
 */
.macro	ROUND t, a, b, c, d, e, f, g, h, mp, mc
	.if (\t % 2) == 0
	ldrd	r0, r1, [kptr, #4 * \t]		// K[t], K[t+1]
	add	\h, \h, r0			// h += K[t]
	ldrd	r2, r3, [sp, #W_SLOT(\t)]		// W[t], W[t+1]
	add	\h, \h, r2			// h += W[t]
	add	r1, r1, r3			// K[t+1] + W[t+1]
	.else
	add	\h, \h, r1
	.endif
	sha256_round \t, \a, \b, \c, \d, \e, \f, \g, \h, \mp, \mc, sha256_no_hook
.endm

/* Round t with its registers: the Maj carries alternate with t % 2. */
.macro	ROUND_T t
	.if (\t % 2) == 0
	  sha256_round_regs \t, ROUND, r12, r2
	.else
	  sha256_round_regs \t, ROUND, r2, r12
	.endif
.endm

/*
 * One schedule step, t even: W[t] and W[t+1] into a0:a1; the next step
 * stores them (a store whose data is not ready yet would hold up the
 * load/store queue, which has one entry on the A9/A15 model, and with it
 * dispatch; for the same reason no two memory accesses are adjacent).
 *   a0:a1  W[t-16], W[t-15] on entry (loaded by the previous step), W[t],
 *          W[t+1] on exit (an even/odd pair, for strd)
 *   p0:p1  W[t-2], W[t-1] (made by the previous step)
 *   c0:c1  receives W[t-14], W[t-13] (the next step's a0:a1)
 * r6:r7 take W[t-7], W[t-6], then serve with r8-r11 as sigma temporaries.
 * sigma0(x) = ror(x,7) ^ ror(x,18) ^ (x >> 3)
 * sigma1(x) = (x >> 10) ^ ror(x ^ ror(x,2), 17)
 * (three instructions each, the shifted operand doing a shift for free;
 * sigma1 is on the step-to-step critical path, so it is the form with two
 * dependent steps)
 */
.macro	SCHED t, a0, a1, p0, p1, c0, c1
	ldrd	\c0, \c1, [sp, #W_SLOT(\t - 14)]
	ror	r8, \a1, #7
	eor	r9, \p0, \p0, ror #2
	ldrd	r6, r7, [sp, #W_SLOT(\t - 7)]
	eor	r8, r8, \a1, ror #18
	eor	r11, \p1, \p1, ror #2
	eor	r8, r8, \a1, lsr #3		// sigma0(W[t-15])
	ror	r10, \c0, #7
	add	\a0, \a0, r8
	strd	\p0, \p1, [sp, #W_SLOT(\t - 2)]	// the previous step's words
	eor	r10, r10, \c0, ror #18
	add	\a0, \a0, r6
	eor	r10, r10, \c0, lsr #3		// sigma0(W[t-14])
	add	\a1, \a1, r7
	lsr	r6, \p0, #10
	add	\a1, \a1, r10
	lsr	r7, \p1, #10
	eor	r9, r6, r9, ror #17		// sigma1(W[t-2])
	eor	r11, r7, r11, ror #17		// sigma1(W[t-1])
	add	\a0, \a0, r9			// W[t]
	add	\a1, \a1, r11			// W[t+1]
.endm

/* The three pairs r0:r1, r2:r3, r4:r5 take turns as a, p and c. */
.macro	SCHED_T t
	.if ((\t - 16) / 2) % 3 == 0
	  SCHED \t, r0, r1, r2, r3, r4, r5
	.elseif ((\t - 16) / 2) % 3 == 1
	  SCHED \t, r4, r5, r0, r1, r2, r3
	.else
	  SCHED \t, r2, r3, r4, r5, r0, r1
	.endif
.endm

/*
 * Byte-swap the 16 big-endian words of the block at r12 into W[0..13];
 * leave W[0], W[1] in r0:r1 and W[14], W[15] in r2:r3, where the first
 * schedule step wants them (and stores W[14], W[15]), and advance the
 * data pointer in the frame. Loads and stores alternate with revs where
 * they can.
 */
.macro	LOAD_BLOCK
	ldr	r4, [r12, #8]
	ldr	r5, [r12, #12]
	ldr	r6, [r12, #16]
	rev	r4, r4
	ldr	r7, [r12, #20]
	rev	r5, r5
	ldr	r8, [r12, #24]
	rev	r6, r6
	ldr	r9, [r12, #28]
	rev	r7, r7
	ldr	r10, [r12, #32]
	rev	r8, r8
	ldr	r11, [r12, #36]
	rev	r9, r9
	strd	r4, r5, [sp, #W_SLOT(2)]
	rev	r10, r10
	ldr	r4, [r12, #40]
	rev	r11, r11
	strd	r6, r7, [sp, #W_SLOT(4)]
	ldr	r5, [r12, #44]
	strd	r8, r9, [sp, #W_SLOT(6)]
	ldr	r6, [r12, #48]
	rev	r4, r4
	ldr	r7, [r12, #52]
	rev	r5, r5
	strd	r10, r11, [sp, #W_SLOT(8)]
	rev	r6, r6
	ldr	r0, [r12, #0]
	rev	r7, r7
	ldr	r1, [r12, #4]
	ldr	r2, [r12, #56]
	strd	r4, r5, [sp, #W_SLOT(10)]
	ldr	r3, [r12, #60]
	add	r12, r12, #64
	rev	r0, r0
	strd	r6, r7, [sp, #W_SLOT(12)]
	rev	r1, r1
	str	r12, [sp, #DATA_SLOT]
	rev	r2, r2
	rev	r3, r3
	strd	r0, r1, [sp, #W_SLOT(0)]
.endm

	.balign	4
.Lsha256_k_arm_scalar_addr:
	.long	.Lsha256_k_arm_scalar

SYM_FUNC_START(rsha_sha256_arm_scalar)
	rsha_arm_enter FRAME
	str	r0, [sp, #STATE_SLOT]
	str	r2, [sp, #NBLK_SLOT]
	ldr	kptr, .Lsha256_k_arm_scalar_addr
	mov	r12, r1
	str	kptr, [sp, #K_SLOT]

	// r12: data; kptr: K
.Lscalar_block:
	LOAD_BLOCK
	ldr	r12, [sp, #STATE_SLOT]		// free during the schedule
	.set	.Lt, 16
	.rept	24
	SCHED_T	.Lt
	.set	.Lt, .Lt + 2
	.endr

	ldrd	r4, r5, [r12, #0]
	ldrd	r6, r7, [r12, #8]
	ldrd	r8, r9, [r12, #16]
	ldrd	r10, r11, [r12, #24]
	strd	r2, r3, [sp, #W_SLOT(62)]		// the last step's words
	eor	r12, r5, r6			// b ^ c for round 0's Maj

	.set	.Lt, 0
	.rept	63
	ROUND_T	.Lt
	.set	.Lt, .Lt + 1
	.endr
	ldr	lr, [sp, #STATE_SLOT]		// round 63 does not need K
	ROUND_T	63

	// Feed-forward; the rotation is back at a = r4 after 64 rounds.
	ldrd	r0, r1, [lr, #0]
	ldrd	r2, r3, [lr, #8]
	ldr	r12, [sp, #DATA_SLOT]
	add	r4, r4, r0
	add	r5, r5, r1
	ldrd	r0, r1, [lr, #16]
	add	r6, r6, r2
	add	r7, r7, r3
	ldrd	r2, r3, [lr, #24]
	strd	r4, r5, [lr, #0]
	add	r8, r8, r0
	add	r9, r9, r1
	strd	r6, r7, [lr, #8]
	add	r10, r10, r2
	add	r11, r11, r3
	strd	r8, r9, [lr, #16]
	ldr	r0, [sp, #NBLK_SLOT]
	strd	r10, r11, [lr, #24]
	ldr	lr, [sp, #K_SLOT]
	subs	r0, r0, #1
	str	r0, [sp, #NBLK_SLOT]
.Lscalar_block_end:
	bne	.Lscalar_block

	rsha_arm_leave FRAME
SYM_FUNC_END(rsha_sha256_arm_scalar)

	.unreq	kptr
	.unreq	tw
	.unreq	tw1
