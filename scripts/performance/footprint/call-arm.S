/* SPDX-License-Identifier: GPL-2.0 */
/*
 * call_on_stack(fn, state, data, n, sp) for the stack probe of
 * scripts/performance/footprint.sh (footprint/probe.c), ARM build: calls
 * fn(state, data, n) with sp set to the top of the probe's canary-filled
 * stack, and returns on the caller's own stack.
 */
	.syntax	unified
	.arm
	.globl	call_on_stack
	.type	call_on_stack, %function
call_on_stack:
	ldr	ip, [sp]
	push	{r4, lr}
	mov	r4, sp
	mov	sp, ip
	mov	ip, r0
	mov	r0, r1
	mov	r1, r2
	mov	r2, r3
	blx	ip
	mov	sp, r4
	pop	{r4, pc}
