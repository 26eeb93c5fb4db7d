/* SPDX-License-Identifier: GPL-2.0 */
/*
 * call_on_stack(fn, state, data, n, sp) for the stack probe of
 * scripts/performance/footprint.sh (footprint/probe.c), AArch64 build: calls
 * fn(state, data, n) with sp set to the top of the probe's canary-filled
 * stack, and returns on the caller's own stack.
 */
	.globl	call_on_stack
	.type	call_on_stack, %function
call_on_stack:
	stp	x29, x30, [sp, #-32]!
	str	x19, [sp, #16]
	mov	x19, sp
	mov	x9, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	sp, x4
	blr	x9
	mov	sp, x19
	ldr	x19, [sp, #16]
	ldp	x29, x30, [sp], #32
	ret
