/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in for the kernel's header of the same name (include/linux/), for
 * the Linux 6.12 x86 SHA cores that scripts/performance/x86/cycles.sh
 * assembles in user space: without CONFIG_CFI_CLANG a typed function start
 * is a plain one
 * (SYM_FUNC_START comes from tests/cores/include/linux/linkage.h).
 */
#ifndef RSHA_X86_CFI_TYPES_H
#define RSHA_X86_CFI_TYPES_H

#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)

#endif
