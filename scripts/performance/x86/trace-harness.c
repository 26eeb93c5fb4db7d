// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing harness of scripts/performance/x86/cycles.sh: a freestanding
 * static x86_64 program that fills NBLK blocks, calls FUNC(state, data,
 * NBLK) once and exits, so that trace.c can single-step it and log the
 * address of every instruction the core executes (the x86 counterpart of
 * mca/harness.c, which the ARM model runs under qemu-user). FUNC and NBLK
 * come from -D flags. Right before the call the program stops itself
 * (SIGSTOP), where trace.c starts single-stepping; the rest outside the
 * core runs in _start and rsha_trace_main, whose addresses cycles.sh tells
 * trace.c to leave out.
 */

#include "../mca/spellings.h"
#include "trace-harness.h"

void FUNC(void *state, const void *data, unsigned long nblocks);

static unsigned long long st[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static unsigned char buf[128 * NBLK] __aligned(64);

/* For the generic C, whose memzero_explicit() the compiler may call. */
void *memset(void *s, int c, unsigned long n)
{
	unsigned char *p = s;

	while (n--) {
		__asm__ __volatile__("" : : : "memory");
		*p++ = (unsigned char)c;
	}
	return s;
}

/*
 * The generic C is built as the kernel builds it, with the stack protector:
 * its canary is read at %fs:0x28, so the entry points the FS base at a
 * zeroed block (arch_prctl(ARCH_SET_FS)) before the C part runs.
 */
unsigned long long rsha_tls[16] __aligned(64);

void __stack_chk_fail(void)
{
	__asm__ volatile("mov $1, %%edi\n\tmov $231, %%eax\n\tsyscall"
			 ::: "rax", "rdi", "rcx", "r11");
	for (;;)
		;
}

/* the entry: FS base, the SysV stack alignment at the call, the C part */
__asm__(".globl _start\n.type _start, @function\n_start:\n"
	"\tmov $158, %eax\n\tmov $0x1002, %edi\n\tlea rsha_tls(%rip), %rsi\n\tsyscall\n"
	"\tand $-16, %rsp\n\tcall rsha_trace_main\n"
	"\txor %edi, %edi\n\tmov $231, %eax\n\tsyscall\n\thlt\n"
	".size _start, . - _start");

void rsha_trace_main(void)
{
	for (unsigned int i = 0; i < sizeof(buf); i++) {
		unsigned char v = (unsigned char)(i * 37 + 11);

		__asm__("" : "+r"(v));
		buf[i] = v;
	}
	/* kill(getpid(), SIGSTOP): trace.c takes over from here */
	__asm__ volatile("mov $39, %%eax\n\tsyscall\n\t"
			 "mov %%eax, %%edi\n\tmov $19, %%esi\n\tmov $62, %%eax\n\tsyscall"
			 ::: "rax", "rdi", "rsi", "rcx", "r11", "memory");
	FUNC(st, buf, NBLK);
}
