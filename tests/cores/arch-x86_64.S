// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 glue for the freestanding core test: entry point, raw Linux
 * syscalls, and rsha_call_checked(), which calls a core with the SysV
 * callee-saved registers set to known values and reports what changed.
 * The cores run natively: this is the CPU under test.
 *
 * rsha_call_checked() result bits:
 *   0..5    rbx, rbp, r12, r13, r14, r15
 *   6       rsp
 *   7       direction flag left set
 *   8       the upper halves of ymm0..ymm15 left dirty (no vzeroupper:
 *           every later SSE instruction pays for it), AVX CPUs only
 */

#include <linux/linkage.h>

#define XPAT	0x5ca1ab1e00c0de00	// rbx.. r15 get XPAT + index
#define JUNK	0xdeadbeefcafef00d	// everything the callee may clobber

	.text
SYM_FUNC_START(_start)
	xor	%ebp, %ebp
	and	$-16, %rsp
	call	rsha_main
	mov	%eax, %edi
	jmp	rsha_sys_exit
SYM_FUNC_END(_start)

SYM_FUNC_START(rsha_sys_exit)
	mov	$231, %eax		// exit_group
	syscall
	jmp	rsha_sys_exit
SYM_FUNC_END(rsha_sys_exit)

SYM_FUNC_START(rsha_sys_write)
	mov	$1, %eax		// write
	syscall
	ret
SYM_FUNC_END(rsha_sys_write)

	// int rsha_cpu_has(unsigned int leaf7_ebx_bit): CPUID.(7,0):EBX bit
	// (5: AVX2, 8: BMI2, 29: SHA).
SYM_FUNC_START(rsha_cpu_has_leaf7_ebx)
	push	%rbx
	mov	%edi, %r8d
	mov	$7, %eax
	xor	%ecx, %ecx
	cpuid
	mov	%ebx, %eax
	mov	%r8d, %ecx
	shr	%cl, %eax
	and	$1, %eax
	pop	%rbx
	ret
SYM_FUNC_END(rsha_cpu_has_leaf7_ebx)

	// unsigned long rsha_call_checked(fn, state, data, nblocks)
SYM_FUNC_START(rsha_call_checked)
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$8, %rsp		// 16-byte aligned at the call below
	mov	%rsp, .Lsaved_sp(%rip)

	mov	%rdi, %rax
	mov	%rsi, %rdi
	mov	%rdx, %rsi
	mov	%rcx, %rdx
	movabs	$(XPAT + 0), %rbx
	movabs	$(XPAT + 1), %rbp
	movabs	$(XPAT + 2), %r12
	movabs	$(XPAT + 3), %r13
	movabs	$(XPAT + 4), %r14
	movabs	$(XPAT + 5), %r15
	movabs	$JUNK, %rcx
	mov	%rcx, %r8
	mov	%rcx, %r9
	mov	%rcx, %r10
	mov	%rcx, %r11
	movq	%rcx, %xmm0
	punpcklqdq %xmm0, %xmm0
	.irp	r, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqa	%xmm0, %xmm\r
	.endr
	call	*%rax

	xor	%eax, %eax
	.irp	i, 0, 1, 2, 3, 4, 5
	.if \i == 0
	movabs	$XPAT, %rcx
	cmp	%rcx, %rbx
	.elseif \i == 1
	movabs	$(XPAT + 1), %rcx
	cmp	%rcx, %rbp
	.else
	movabs	$(XPAT + \i), %rcx
	cmp	%rcx, %r1\i
	.endif
	setne	%cl
	movzbl	%cl, %ecx
	shl	$\i, %ecx
	or	%ecx, %eax
	.endr
	mov	.Lsaved_sp(%rip), %rcx
	cmp	%rcx, %rsp
	setne	%dl
	movzbl	%dl, %edx
	shl	$6, %edx
	or	%edx, %eax
	mov	%rcx, %rsp		// survive a broken rsp to report it
	pushf
	pop	%rdx
	shr	$10, %edx		// DF
	and	$1, %edx
	shl	$7, %edx
	or	%edx, %eax
	cld
	// XINUSE[2] (the AVX state) from XGETBV(1), where the CPU has it.
	mov	%eax, %r8d
	mov	$0xd, %eax
	mov	$1, %ecx
	push	%rbx
	cpuid
	pop	%rbx
	test	$4, %al			// XGETBV with ECX=1 supported
	mov	%r8d, %eax
	jz	1f
	mov	$1, %ecx
	xgetbv
	and	$4, %eax
	shl	$6, %eax		// bit 2 -> bit 8
	or	%r8d, %eax
	vzeroupper
1:
	add	$8, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
SYM_FUNC_END(rsha_call_checked)

	.bss
	.balign	8
.Lsaved_sp:
	.quad	0
