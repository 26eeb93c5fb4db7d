// SPDX-License-Identifier: GPL-2.0
/*
 * 32-bit ARM (ARMv7-A, EABI, little-endian) glue for the freestanding core
 * test: entry point, raw Linux syscalls, and rsha_call_checked(), which
 * calls a core with the AAPCS callee-saved state set to known values and
 * reports what changed. Assembled as ARM code; the cores it calls may be
 * ARM or Thumb-2 (blx/bx interwork both ways).
 *
 * rsha_call_checked() result bits:
 *   0..7    r4..r11
 *   8..15   d8..d15
 *   16      sp
 */

#include <linux/linkage.h>

#define RPAT	0x5ca1ab00	// r4..r11 get RPAT + regno
#define DPATHI	0xd00dfeed	// d8..d15 get DPATHI:(DPATLO + regno)
#define DPATLO	0x0badf000
#define JUNK	0xdeadbeef	// everything the callee may clobber

	.syntax	unified
	.arm
	.fpu	neon
	.text

SYM_FUNC_START(_start)
	mov	fp, #0
	mov	lr, #0
	bl	rsha_main
	b	rsha_sys_exit
SYM_FUNC_END(_start)

SYM_FUNC_START(rsha_sys_exit)
	mov	r7, #248		// exit_group
	svc	#0
	b	rsha_sys_exit
SYM_FUNC_END(rsha_sys_exit)

SYM_FUNC_START(rsha_sys_write)
	push	{r7, lr}
	mov	r7, #4			// write
	svc	#0
	pop	{r7, pc}
SYM_FUNC_END(rsha_sys_write)

	// unsigned long rsha_call_checked(fn, state, data, nblocks)
SYM_FUNC_START(rsha_call_checked)
	push	{r4-r12, lr}		// r12 only keeps sp 8-byte aligned
	vpush	{d8-d15}
	ldr	r12, =.Lsaved_sp
	str	sp, [r12]

	mov	r12, r0
	mov	r0, r1
	mov	r1, r2
	mov	r2, r3
	.irp	r, 4, 5, 6, 7, 8, 9, 10, 11
	ldr	r\r, =(RPAT + \r)
	.endr
	ldr	r3, =DPATHI
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	lr, =(DPATLO + \r)
	vmov	d\r, lr, r3
	.endr
	ldr	r3, =JUNK
	vdup.32	q0, r3
	.irp	r, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15
	vmov	q\r, q0
	.endr
	mov	lr, r3
	blx	r12

	// Compare; r0-r3, r12 and lr are free (the core may clobber them).
	mov	r0, #0
	.irp	r, 4, 5, 6, 7, 8, 9, 10, 11
	ldr	r1, =(RPAT + \r)
	cmp	r\r, r1
	orrne	r0, r0, #(1 << (\r - 4))
	.endr
	ldr	r3, =DPATHI
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	r1, =(DPATLO + \r)
	vmov	r2, r12, d\r
	cmp	r2, r1
	cmpeq	r12, r3
	orrne	r0, r0, #(1 << \r)
	.endr
	ldr	r1, =.Lsaved_sp
	ldr	r1, [r1]
	cmp	r1, sp
	orrne	r0, r0, #(1 << 16)
	mov	sp, r1			// survive a broken sp to report it

	vpop	{d8-d15}
	pop	{r4-r12, pc}
	.ltorg
SYM_FUNC_END(rsha_call_checked)

	.bss
	.balign	4
.Lsaved_sp:
	.long	0
