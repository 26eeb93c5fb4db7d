// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing harness of scripts/performance/mca-table.sh: a freestanding static
 * program that fills NBLK blocks, calls FUNC(state, data, NBLK) once and
 * exits, so that qemu-user can log every instruction the core executes.
 * FUNC (the core's symbol) and NBLK (the block count) come from -D flags.
 */
extern void FUNC(void *state, const void *data, unsigned long nblocks);
static unsigned long long st[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static unsigned char buf[128 * NBLK] __attribute__((aligned(64)));
void *memset(void *s, int c, unsigned long n)
{
	volatile unsigned char *p = s;
	while (n--)
		*p++ = (unsigned char)c;
	return s;
}
void _start(void)
{
	for (unsigned int i = 0; i < sizeof(buf); i++)
		((volatile unsigned char *)buf)[i] = (unsigned char)(i * 37 + 11);
	FUNC(st, buf, NBLK);
#ifdef __aarch64__
	__asm__ volatile("mov x0, #0\n\tmov x8, #93\n\tsvc #0" ::: "x0", "x8", "memory");
#else
	__asm__ volatile("mov r0, #0\n\tmov r7, #1\n\tsvc #0" ::: "r0", "r7", "memory");
#endif
	for (;;)
		;
}
