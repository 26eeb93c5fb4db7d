// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 glue for the freestanding core test: entry point, raw Linux
 * syscalls, and rsha_call_checked(), which calls a core with the AAPCS64
 * callee-saved state set to known values and reports what changed.
 *
 * rsha_call_checked() result bits:
 *   0..10   x19..x29
 *   11..18  d8..d15 (low 64 bits of v8..v15)
 *   19      sp
 */

#include <linux/linkage.h>

#define XPAT	0x5ca1ab1e00c0de00	// x19..x29 get XPAT + regno
#define DPAT	0xd00dfeed0badf000	// d8..d15 get DPAT + regno
#define JUNK	0xdeadbeefcafef00d	// everything the callee may clobber

	.text
SYM_FUNC_START(_start)
	mov	x29, #0
	mov	x30, #0
	bl	rsha_main
	b	rsha_sys_exit
SYM_FUNC_END(_start)

SYM_FUNC_START(rsha_sys_exit)
	mov	x8, #94			// exit_group
	svc	#0
	b	rsha_sys_exit
SYM_FUNC_END(rsha_sys_exit)

SYM_FUNC_START(rsha_sys_write)
	mov	x8, #64			// write
	svc	#0
	ret
SYM_FUNC_END(rsha_sys_write)

	// unsigned long rsha_call_checked(fn, state, data, nblocks)
SYM_FUNC_START(rsha_call_checked)
	stp	x29, x30, [sp, #-160]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	adrp	x9, .Lsaved_sp
	mov	x10, sp
	str	x10, [x9, :lo12:.Lsaved_sp]

	mov	x16, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	.irp	r, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	ldr	x\r, =(XPAT + \r)
	.endr
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	x9, =(DPAT + \r)
	fmov	d\r, x9
	mov	v\r\().d[1], x9		// upper half is not callee-saved: junk too
	.endr
	ldr	x9, =JUNK
	.irp	r, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	dup	v\r\().2d, x9
	.endr
	.irp	r, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 17
	mov	x\r, x9
	.endr
	blr	x16

	mov	x9, #0
	.irp	r, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	ldr	x10, =(XPAT + \r)
	cmp	x\r, x10
	cset	x11, ne
	orr	x9, x9, x11, lsl #(\r - 19)
	.endr
	.irp	r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	x10, =(DPAT + \r)
	fmov	x12, d\r
	cmp	x12, x10
	cset	x11, ne
	orr	x9, x9, x11, lsl #(11 + \r - 8)
	.endr
	adrp	x10, .Lsaved_sp
	ldr	x10, [x10, :lo12:.Lsaved_sp]
	mov	x11, sp
	cmp	x10, x11
	cset	x11, ne
	orr	x9, x9, x11, lsl #19
	mov	sp, x10			// survive a broken sp to report it

	mov	x0, x9
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	d8, d9, [sp, #96]
	ldp	d10, d11, [sp, #112]
	ldp	d12, d13, [sp, #128]
	ldp	d14, d15, [sp, #144]
	ldp	x29, x30, [sp], #160
	ret
	.ltorg
SYM_FUNC_END(rsha_call_checked)

	.bss
	.balign	8
.Lsaved_sp:
	.quad	0
