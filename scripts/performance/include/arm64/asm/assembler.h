/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-in for the arm64 kernel's <asm/assembler.h>, for the in-tree
 * arm64 Crypto Extensions cores (sha1-ce-core.S, sha2-ce-core.S,
 * sha512-ce-core.S) that scripts/performance/mca-table.sh assembles outside a
 * kernel tree. Written for this project: only the four macros those files
 * use, with the meaning they have in a little-endian kernel built without
 * CONFIG_PREEMPT_VOLUNTARY (as this project's kernels are):
 *   CPU_LE(insn)  the instruction, on little-endian (CPU_BE(): nothing);
 *   adr_l         address of a symbol, page + low 12 bits (adrp, add);
 *   ldr_l         load from a symbol the same way (through tmp when given);
 *   cond_yield    nothing (the voluntary-preemption check is compiled out).
 * <linux/linkage.h> (SYM_FUNC_START/END) comes from tests/cores/include.
 */
#ifndef RSHA_MCA_ARM64_ASSEMBLER_H
#define RSHA_MCA_ARM64_ASSEMBLER_H

#define CPU_LE(code...) code
#define CPU_BE(code...)

	.macro	adr_l, dst, sym
	adrp	\dst, \sym
	add	\dst, \dst, :lo12:\sym
	.endm

	.macro	ldr_l, dst, sym, tmp=
	.ifb	\tmp
	adrp	\dst, \sym
	ldr	\dst, [\dst, :lo12:\sym]
	.else
	adrp	\tmp, \sym
	ldr	\dst, [\tmp, :lo12:\sym]
	.endif
	.endm

	.macro	cond_yield, lbl:req, tmp:req, tmp2
	.endm

#endif
