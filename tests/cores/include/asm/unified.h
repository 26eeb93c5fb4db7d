/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in for the names that the ARM kernel's asm/unified.h defines: the
 * kernel force-includes that header into every ARM .S file (KBUILD_AFLAGS),
 * so the harness does the same, and a core that reuses one of these names
 * fails here (-Werror) rather than only in a kernel build.
 */
#ifndef RSHA_TEST_UNIFIED_H
#define RSHA_TEST_UNIFIED_H
#ifdef __thumb2__
#define ARM(x...)
#define THUMB(x...)	x
#define W(instr)	instr.w
#else
#define ARM(x...)	x
#define THUMB(x...)
#define W(instr)	instr
#endif
#define AR_CLASS(x...)	x
#define M_CLASS(x...)
#define PSR_ISETSTATE	0
#endif
