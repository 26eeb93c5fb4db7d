/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-in for the kernel's <linux/linkage.h> for the in-tree ARM
 * cores that scripts/performance/mca-table.sh and footprint.sh assemble
 * outside a kernel tree: ENTRY()/ENDPROC() as a global, function-typed,
 * aligned and sized symbol. The ARM()/THUMB()/W() selectors of
 * <asm/unified.h> come from tests/cores/include (the scripts put that
 * directory after this one on the include path).
 */
#define ENTRY(name) .globl name; .type name, %function; .balign 4; name:
#define ENDPROC(name) .size name, . - name
