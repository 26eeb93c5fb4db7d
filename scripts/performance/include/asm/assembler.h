/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal stand-in for the kernel's <asm/assembler.h>, included by the
 * in-tree ARM cores that scripts/performance/mca-table.sh and footprint.sh
 * assemble outside a kernel tree. Empty: those cores use none of its macros.
 */
