// SPDX-License-Identifier: GPL-2.0
/*
 * Stack probe of scripts/performance/footprint.sh: a freestanding static
 * program that runs FUNC(state, data, 3) on a private stack filled with a
 * canary (through call_on_stack, footprint/call-a64.S or call-arm.S), twice
 * with two canary values, and prints the larger number of stack bytes FUNC
 * wrote below its caller's sp. FUNC (the core's symbol) comes from -DFUNC.
 */

#include "../mca/spellings.h"

asmlinkage void FUNC(void *state, const void *data, unsigned long nblocks);
asmlinkage void call_on_stack(void *fn, void *state, const void *data, unsigned long n, void *sp);

#define STK 8192
static unsigned char stk[STK] __aligned(64);
static unsigned long long st[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static unsigned char buf[128 * 3] __aligned(64);

static long sys(long nr, long a, long b, long c)
{
#ifdef __aarch64__
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
#else
	register long r7 __asm__("r7") = nr;
	register long r0 __asm__("r0") = a;
	register long r1 __asm__("r1") = b;
	register long r2 __asm__("r2") = c;

	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
	return r0;
#endif
}

#ifdef __aarch64__
#define NR_WRITE 64
#define NR_EXIT 93
#else
#define NR_WRITE 4
#define NR_EXIT 1
#endif

/*
 * The canary is written byte by byte (the empty asm, which may read and
 * write any memory, keeps the compiler from merging or vectorising the
 * stores) and read back byte by byte after the call, which is handed the
 * stack and so may have changed any of it.
 */
static unsigned long depth(unsigned char canary)
{
	unsigned long i;

	for (i = 0; i < STK; i++) {
		__asm__ __volatile__("" : : : "memory");
		stk[i] = canary;
	}
	call_on_stack((void *)FUNC, st, buf, 3, stk + STK);
	for (i = 0; i < STK && stk[i] == canary; i++)
		;
	return STK - i;
}

void _start(void)
{
	char out[24], *p = out + sizeof(out);
	unsigned long a, b, d;

	/* one byte at a time: each value is opaque to the compiler */
	for (unsigned int i = 0; i < sizeof(buf); i++) {
		unsigned char v = (unsigned char)(i * 37 + 11);

		__asm__("" : "+r"(v));
		buf[i] = v;
	}
	a = depth(0x00);
	b = depth(0xa5);
	d = a > b ? a : b;
	*--p = '\n';
	do {
		*--p = '0' + d % 10;
	} while (d /= 10);
	sys(NR_WRITE, 1, (long)p, out + sizeof(out) - p);
	sys(NR_EXIT, d >= STK ? 2 : 0, 0, 0);
	for (;;)
		;
}
