// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-256 block function for arm64 using the ARMv8 Crypto Extensions
 * (SHA256H/SHA256H2/SHA256SU0/SHA256SU1).
 *
 * void rsha_sha256_arm64_ce(u32 state[8], const u8 *data, size_t nblocks);
 *
 * Runs the SHA-256 compression function over nblocks consecutive 64-byte
 * blocks at data (any alignment), updating state[0..7] (a..h, native u32)
 * in place. nblocks == 0 returns at once. No padding. The caller must own
 * the SIMD unit (kernel_neon_begin()/kernel_neon_end() in the kernel).
 *
 * Calling convention: AAPCS64. Clobbers x1, x2, x8, x9, v0-v7, v16-v31,
 * the upper halves of v8-v13, and flags; saves and restores d8-d13;
 * never touches x18 or x19-x30.
 * Stack: 48 bytes (d8-d13), sp stays 16-byte aligned.
 * Sections: .text (516 bytes) and .rodata (256 bytes of K from
 * ../sha256-k.h, all kept in v16-v31; reached with adrp/add :lo12:, so
 * fine in a module).
 *
 * Design: one 16-step loop per block, fully unrolled (sha256_step: 4
 * rounds in one sha256h/sha256h2 pair). Both of a step's hash ops read
 * abcd and efgh of the step before, and each overwrites one of them, so
 * abcd is copied (dgc) before sha256h; the copy is off the chain
 * whenever abcd is ready before efgh. The message schedule runs two
 * steps ahead of use (sha256_sched: sha256su1 of W(t+3), sha256su0 of
 * W(t+4), W+K of step t+2) in a four-vector ring; the next block is
 * loaded into the ring as its last words are consumed (steps 12-13) and
 * its first two W+K are made in steps 14 and 15, so the next block's
 * first step waits only for the feed-forward adds. Those also make the
 * copies of the new abcd and efgh that step 0 (dgc, read by sha256h2)
 * and the next feed-forward (dga0, dgb0, moved there in steps 0 and 2)
 * need, so no copy sits on the chain at the block boundary.
 *
 * On the out-of-order models a step costs at least 8 cycles on Cortex-
 * A57/A72 (sha256h and sha256h2 both need both results of the step
 * before, and each holds the one F0 pipe two cycles, latency 6) and 5
 * on Neoverse N1 (V0 one cycle, latency 4), plus the feed-forward add a
 * block: the loop runs at that bound.
 * The schedule argument of sha256_step is for the in-order Cortex-A53,
 * where every SIMD op takes 6 cycles and issues in order: after a step
 * whose abcd is ready well before efgh the schedule work goes before
 * sha256h (a, which waits for efgh anyway), otherwise between the two
 * hash ops (b) or after them (c). llvm-mca-19, cycles per block on the
 * A53 / A57 (= A72) / N1 models: 154 / 131 / 82, against 173 / 134 / 84
 * for the in-tree 6.12 core and the bounds above of 16 * 8 + 3 = 131 and
 * 16 * 5 + 2 = 82. Table and notes: Documentation/performance.rst.
 *
 * The loop count is decremented at the end of the loop (where the A53
 * waits for the feed-forward anyway) and tested with the carry, so its
 * zero flag says during the next block whether yet another block
 * follows: the next block's address is data + 64 then, and the block
 * being hashed otherwise (read again, never past the end of the input).
 *
 * Used by the driver module rust/drivers/sha256_arm64.rs.
 */

#include <linux/linkage.h>
#include "../regs.h"
#include "../sha256-k.h"

	.arch	armv8-a+crypto

	.section .rodata
	.balign	16
.Lsha256_k_ce:
	sha256_k_table
	.size	.Lsha256_k_ce, . - .Lsha256_k_ce

	.text

	state	.req	x0
	data	.req	x1		// the block being hashed, then the next
	nblk	.req	x2		// blocks after the one being hashed
	more	.req	x8		// 1 if another block follows this one
	kptr	.req	x9
	// W(n) of the message schedule in msg<n % 4>
	msg0	.req	v0
	msg1	.req	v1
	msg2	.req	v2
	msg3	.req	v3
	// W(t)+K(t) in wk<t % 4>
	wk0	.req	v4
	wk1	.req	v5
	wk2	.req	v6
	wk3	.req	v7
	dga	.req	v8		// abcd, updated step by step
	dgaq	.req	q8
	dgb	.req	v9		// efgh
	dgbq	.req	q9
	dga0	.req	v10		// abcd at the start of the block
	dgb0	.req	v11		// efgh at the start of the block
	dgc	.req	v12		// abcd as the step begins, for sha256h2
	dgcq	.req	q12
	dgd	.req	v13		// efgh at the start of the block, copy
	// K(4t..4t+3) in k<t>
	k0	.req	v16
	k1	.req	v17
	k2	.req	v18
	k3	.req	v19
	k4	.req	v20
	k5	.req	v21
	k6	.req	v22
	k7	.req	v23
	k8	.req	v24
	k9	.req	v25
	k10	.req	v26
	k11	.req	v27
	k12	.req	v28
	k13	.req	v29
	k14	.req	v30
	k15	.req	v31

/*
 * The message schedule work done in step t, for later steps (msg<n % 4>
 * holds W(n); W(n) for n >= 16 is the next block's W(n - 16), loaded
 * into msg0-msg3 in steps 12-13):
 *   W(t+3) = sha256su1 of its sha256su0 partial (in msg<(t+3) % 4>),
 *            W(t+1) and W(t+2) (t+3 = 4..15);
 *   the partial of W(t+4): sha256su0 of W(t) and W(t+1) in place of
 *            W(t), which step t no longer needs (t+4 <= 15);
 *   wk<(t+2) % 4> = W(t+2) + K(t+2) (for t+2 >= 16: the next block's
 *            first two W+K).
 */
.macro	sha256_sched t
	.if (\t + 3 >= 4) && (\t + 3 <= 15)
	rsha_reg	sw, msg, ((\t + 3) % 4)
	rsha_reg	sw1, msg, ((\t + 1) % 4)
	rsha_reg	sw2, msg, ((\t + 2) % 4)
	sha256su1	sw.4s, sw1.4s, sw2.4s
	.endif
	.if \t + 4 <= 15
	rsha_reg	sw, msg, (\t % 4)
	rsha_reg	sw1, msg, ((\t + 1) % 4)
	sha256su0	sw.4s, sw1.4s
	.endif
	rsha_reg	swk, wk, ((\t + 2) % 4)
	rsha_reg	sw2, msg, ((\t + 2) % 4)
	rsha_reg	sk, k, ((\t + 2) % 16)
	add		swk.4s, sw2.4s, sk.4s
.endm

/*
 * Step t (rounds 4t..4t+3): dga = abcd, dgb = efgh, W(t)+K(t) in
 * wk<t % 4>. dgc gets abcd first (in step 0 the feed-forward made it),
 * sha256h then turns dga into the new abcd and sha256h2 dgb into the new
 * efgh, from the old abcd in dgc. sched says where sha256_sched t goes:
 * a before sha256h, b between the two, c after them. Instructions the
 * loop body writes after a step belong to it (loop control, the next
 * block's load and byte swaps, the saved state).
 */
.macro	sha256_step t, sched
	rsha_reg	wkt, wk, (\t % 4)
	.if \t > 0
	mov		dgc.16b, dga.16b
	.endif
	.ifc \sched, a
	sha256_sched	\t
	.endif
	sha256h		dgaq, dgbq, wkt.4s
	.ifc \sched, b
	sha256_sched	\t
	.endif
	sha256h2	dgbq, dgcq, wkt.4s
	.ifc \sched, c
	sha256_sched	\t
	.endif
.endm

SYM_FUNC_START(rsha_sha256_arm64_ce)
	cbz		nblk, .Lce_ret
	stp		d8, d9, [sp, #-48]!
	stp		d10, d11, [sp, #16]
	stp		d12, d13, [sp, #32]
	adrp		kptr, .Lsha256_k_ce
	add		kptr, kptr, :lo12:.Lsha256_k_ce
	ld1		{v16.4s-v19.4s}, [kptr], #64	// k0-k15
	ld1		{v20.4s-v23.4s}, [kptr], #64
	ld1		{v24.4s-v27.4s}, [kptr], #64
	ld1		{v28.4s-v31.4s}, [kptr]
	ld1		{v8.4s, v9.4s}, [state]		// dga, dgb
	ld1		{v0.16b-v3.16b}, [data]		// msg0-msg3
	mov		dgc.16b, dga.16b			// step 0 reads these
	mov		dgd.16b, dgb.16b
	rev32		msg0.16b, msg0.16b
	rev32		msg1.16b, msg1.16b
	rev32		msg2.16b, msg2.16b
	rev32		msg3.16b, msg3.16b
	add		wk0.4s, msg0.4s, k0.4s
	add		wk1.4s, msg1.4s, k1.4s
	subs		nblk, nblk, #1			// Z: no block after this one

.Lce_block:
	sha256_step	0, c
	mov		dga0.16b, dgc.16b		// abcd of this block's start
	sha256_step	1, b
	sha256_step	2, a
	mov		dgb0.16b, dgd.16b		// efgh of this block's start
	sha256_step	3, b
	sha256_step	4, a
	sha256_step	5, b
	sha256_step	6, a
	sha256_step	7, b
	sha256_step	8, a
	sha256_step	9, b
	sha256_step	10, a
	sha256_step	11, b
	cset		more, ne			// another block after this one
	add		data, data, more, lsl #6	// the next block, or this one
	sha256_step	12, b
	ldp		q0, q1, [data]			// msg0, msg1 = W(16), W(17)
	sha256_step	13, b
	ldp		q2, q3, [data, #32]		// msg2, msg3
	rev32		msg0.16b, msg0.16b
	rev32		msg1.16b, msg1.16b
	sha256_step	14, c
	sha256_step	15, a
	rev32		msg2.16b, msg2.16b
	rev32		msg3.16b, msg3.16b

	// Feed-forward; the copies first: they need the old values.
	add		dgc.4s, dga.4s, dga0.4s
	add		dga.4s, dga.4s, dga0.4s
	add		dgd.4s, dgb.4s, dgb0.4s
	add		dgb.4s, dgb.4s, dgb0.4s
	subs		nblk, nblk, #1
.Lce_block_end:
	b.hs		.Lce_block

	st1		{v8.4s, v9.4s}, [state]		// dga, dgb
	ldp		d12, d13, [sp, #32]
	ldp		d10, d11, [sp, #16]
	ldp		d8, d9, [sp], #48
.Lce_ret:
	ret
SYM_FUNC_END(rsha_sha256_arm64_ce)

	.unreq	state
	.unreq	data
	.unreq	nblk
	.unreq	more
	.unreq	kptr
	.unreq	msg0
	.unreq	msg1
	.unreq	msg2
	.unreq	msg3
	.unreq	wk0
	.unreq	wk1
	.unreq	wk2
	.unreq	wk3
	.unreq	dga
	.unreq	dgaq
	.unreq	dgb
	.unreq	dgbq
	.unreq	dga0
	.unreq	dgb0
	.unreq	dgc
	.unreq	dgcq
	.unreq	dgd
	.unreq	k0
	.unreq	k1
	.unreq	k2
	.unreq	k3
	.unreq	k4
	.unreq	k5
	.unreq	k6
	.unreq	k7
	.unreq	k8
	.unreq	k9
	.unreq	k10
	.unreq	k11
	.unreq	k12
	.unreq	k13
	.unreq	k14
	.unreq	k15
	.unreq	wkt
	.unreq	sw
	.unreq	sw1
	.unreq	sw2
	.unreq	swk
	.unreq	sk
