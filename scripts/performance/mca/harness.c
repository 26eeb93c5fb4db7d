// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing harness of scripts/performance/mca-table.sh: a freestanding static
 * program that fills NBLK blocks, calls FUNC(state, data, NBLK) once and
 * exits, so that qemu-user can log every instruction the core executes.
 * FUNC (the core's symbol) and NBLK (the block count) come from -D flags.
 */

#include "spellings.h"

asmlinkage void FUNC(void *state, const void *data, unsigned long nblocks);

static unsigned long long st[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static unsigned char buf[128 * NBLK] __aligned(64);

/*
 * For the generic C, whose memzero_explicit() clang may turn into a call
 * (it does for the 32-bit builds): a loop of byte stores. The empty asm,
 * which may read and write any memory, keeps the compiler from merging
 * them, vectorising them or turning the loop into a call to memset().
 */
void *memset(void *s, int c, unsigned long n)
{
	unsigned char *p = s;

	while (n--) {
		__asm__ __volatile__("" : : : "memory");
		*p++ = (unsigned char)c;
	}
	return s;
}

void _start(void)
{
	/* one byte at a time: each value is opaque to the compiler */
	for (unsigned int i = 0; i < sizeof(buf); i++) {
		unsigned char v = (unsigned char)(i * 37 + 11);

		__asm__("" : "+r"(v));
		buf[i] = v;
	}
	FUNC(st, buf, NBLK);
#ifdef __aarch64__
	__asm__ volatile("mov x0, #0\n\tmov x8, #93\n\tsvc #0" ::: "x0", "x8", "memory");
#else
	__asm__ volatile("mov r0, #0\n\tmov r7, #1\n\tsvc #0" ::: "r0", "r7", "memory");
#endif
	for (;;)
		;
}
