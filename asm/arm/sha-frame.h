/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry and exit shared by every 32-bit ARM SHA core (ARM and Thumb-2):
 *
 *   void core(void *state, const u8 *data, size_t nblocks);
 *
 * r0 = state, r1 = data, r2 = nblocks on entry (AAPCS). Use after
 * SYM_FUNC_START / before SYM_FUNC_END; the function body in between
 * runs with the frame in place.
 */

/*
 * Return at once if nblocks (r2) is 0, touching no memory; else save
 * r4-r11 and lr (with r3, so that sp stays 8-byte aligned), with
 * vfp = 1 also d8-d15, and reserve frame bytes of stack at sp. r0-r2
 * are left as passed in.
 */
.macro	rsha_arm_enter frame, vfp=0
	cmp	r2, #0
	it	eq
	bxeq	lr
	push	{r3-r11, lr}			// r3: keeps sp 8-byte aligned
	.if \vfp
	vpush	{d8-d15}
	.endif
	sub	sp, sp, #\frame
.endm

/* Undo rsha_arm_enter (same frame and vfp) and return. */
.macro	rsha_arm_leave frame, vfp=0
	add	sp, sp, #\frame
	.if \vfp
	vpop	{d8-d15}
	.endif
	pop	{r3-r11, pc}
.endm
