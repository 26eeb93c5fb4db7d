/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What trace-harness.c defines for others: the zeroed block its entry
 * points the FS base at, the stack protector's failure path that the
 * generic C calls, and the C part that the entry (_start, in assembler)
 * calls.
 */
#ifndef RSHA_X86_TRACE_HARNESS_H
#define RSHA_X86_TRACE_HARNESS_H

extern unsigned long long rsha_tls[16];

void __stack_chk_fail(void);
void rsha_trace_main(void);

#endif
