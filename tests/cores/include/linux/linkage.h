/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-in for the kernel's <linux/linkage.h>, so the cores under
 * asm/ assemble (and can be tested) outside a kernel tree. Only what the
 * cores (and the test glue tests/cores/arch-*.S) use: a global,
 * function-typed, sized, aligned symbol.
 */
#ifndef RSHA_TEST_LINKAGE_H
#define RSHA_TEST_LINKAGE_H

#ifdef __ASSEMBLER__
#ifdef __x86_64__
#define RSHA_FUNC_ALIGN .balign 16
/* The kernel's RET may be a jump to its return thunk; here a plain ret. */
#define RET ret
#else
#define RSHA_FUNC_ALIGN .balign 4
#endif

#define SYM_FUNC_START(name)		\
	.globl name;			\
	.type name, %function;		\
	RSHA_FUNC_ALIGN;		\
	name:

#define SYM_FUNC_END(name)		\
	.size name, . - name

#endif /* __ASSEMBLER__ */
#endif
