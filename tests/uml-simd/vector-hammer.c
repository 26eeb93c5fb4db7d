// SPDX-License-Identifier: GPL-2.0
/*
 * vector-hammer: the host side of scripts/guest/uml-simd.sh, beside a User-Mode Linux
 * kernel whose SIMD cores hash on the same host CPU.
 *
 *   vector-hammer hammer PID
 *
 * A host task that uses the same vector registers as the guest's cores: it fills
 * ymm0-15 (xmm0-15 without AVX2) with a pattern of its own, spins, and checks that the
 * registers still hold it; it yields every round, so that the host switches between it
 * and the UML process PID on their shared CPU as often as it can, until PID ends. The
 * host kernel saves and restores each task's vector registers, so no round may find its
 * pattern changed. One line at the end: "hammer: R rounds, Y yields, C corrupted"; exit
 * status 1 if C > 0.
 *
 *   vector-hammer clobber PID ADDRESS...
 *
 * The negative control: what a switch to another user of the vector registers without
 * saving them would do to the UML kernel, inside our SIMD cores. PTRACE_SEIZE on the
 * thread PID (UML's kernel, which runs every guest task) and a hardware breakpoint at
 * each ADDRESS (hex, at most 4: instructions in the middle of cores, whose state is then
 * in the registers); at each hit xmm0-15 are overwritten with junk (PTRACE_SETFPREGS)
 * before it continues, and the breakpoints rest for 5 ms. Every other signal is passed
 * on, until PID ends. One line then:
 * "clobber: T breakpoint traps in N cores, W clobbered". Exit status 1 if the tracing
 * could not start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include <cpuid.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/user.h>
#include <sys/wait.h>

typedef unsigned long long u64;
typedef unsigned int u32;

static bool has_avx2(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX))
		return false;
	/* The OS saves the YMM state (XCR0 bits 1 and 2). */
	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
	if ((a & 6) != 6)
		return false;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
}

/* Loads in[0..15] into ymm0-15, spins `spin` times, stores ymm0-15 to out[0..15]. */
#define YMM_LOAD(i) "vmovdqu " #i "*32(%[m]), %%ymm" #i "\n\t"
static void __attribute__((target("avx2"))) ymm_round(const u64 in[16][4],
						      u64 out[16][4], long spin)
{
	__asm__ volatile(YMM_LOAD(0) YMM_LOAD(1) YMM_LOAD(2) YMM_LOAD(3) YMM_LOAD(4) YMM_LOAD(5)
		YMM_LOAD(6) YMM_LOAD(7) YMM_LOAD(8) YMM_LOAD(9) YMM_LOAD(10) YMM_LOAD(11)
		YMM_LOAD(12) YMM_LOAD(13) YMM_LOAD(14) YMM_LOAD(15)
		"1: pause\n\t"
		"dec %[n]\n\t"
		"jnz 1b\n\t"
		: [n] "+r"(spin)
		: [m] "r"(in)
		: "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
		  "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
#define YMM_STORE(i) "vmovdqu %%ymm" #i ", " #i "*32(%[m])\n\t"
	__asm__ volatile(YMM_STORE(0) YMM_STORE(1) YMM_STORE(2) YMM_STORE(3) YMM_STORE(4)
		YMM_STORE(5) YMM_STORE(6) YMM_STORE(7) YMM_STORE(8) YMM_STORE(9) YMM_STORE(10)
		YMM_STORE(11) YMM_STORE(12) YMM_STORE(13) YMM_STORE(14) YMM_STORE(15)
		"vzeroupper\n\t"
		:
		: [m] "r"(out)
		: "memory");
}

/* The same with the xmm halves, for hosts without AVX2. */
#define XMM_LOAD(i) "movdqu " #i "*32(%[m]), %%xmm" #i "\n\t"
#define XMM_STORE(i) "movdqu %%xmm" #i ", " #i "*32(%[m])\n\t"
static void xmm_round(const u64 in[16][4], u64 out[16][4], long spin)
{
	__asm__ volatile(XMM_LOAD(0) XMM_LOAD(1) XMM_LOAD(2) XMM_LOAD(3) XMM_LOAD(4) XMM_LOAD(5)
		XMM_LOAD(6) XMM_LOAD(7) XMM_LOAD(8) XMM_LOAD(9) XMM_LOAD(10) XMM_LOAD(11)
		XMM_LOAD(12) XMM_LOAD(13) XMM_LOAD(14) XMM_LOAD(15)
		"1: pause\n\t"
		"dec %[n]\n\t"
		"jnz 1b\n\t"
		: [n] "+r"(spin)
		: [m] "r"(in)
		: "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
		  "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	__asm__ volatile(XMM_STORE(0) XMM_STORE(1) XMM_STORE(2) XMM_STORE(3) XMM_STORE(4)
		XMM_STORE(5) XMM_STORE(6) XMM_STORE(7) XMM_STORE(8) XMM_STORE(9) XMM_STORE(10)
		XMM_STORE(11) XMM_STORE(12) XMM_STORE(13) XMM_STORE(14) XMM_STORE(15)
		:
		: [m] "r"(out)
		: "memory");
}

static int run_hammer(pid_t pid)
{
	static u64 in[16][4], out[16][4];
	bool avx2 = has_avx2();
	size_t width = avx2 ? 32 : 16;
	unsigned long rounds = 0, yields = 0, corrupted = 0;
	u64 x = 0x9e3779b97f4a7c15ull;

	while (!kill(pid, 0)) {
		for (int i = 0; i < 16; i++)
			for (int j = 0; j < 4; j++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				in[i][j] = x;
			}
		memset(out, 0, sizeof(out));
		if (avx2)
			ymm_round(in, out, 20000);
		else
			xmm_round(in, out, 20000);
		for (int i = 0; i < 16; i++)
			if (memcmp(in[i], out[i], width))
				corrupted++;
		rounds++;
		if (sched_yield() == 0)
			yields++;
	}
	printf("hammer: %lu rounds, %lu yields, %lu corrupted (%s registers)\n", rounds, yields,
	       corrupted, avx2 ? "ymm" : "xmm");
	return corrupted ? 1 : 0;
}

/* Overwrites xmm0-15 of the stopped tracee pid with junk; whether that worked. */
static bool overwrite_xmm(pid_t pid, u64 *x)
{
	struct user_fpregs_struct fp;

	if (ptrace(PTRACE_GETFPREGS, pid, 0, &fp))
		return false;
	for (int i = 0; i < 64; i++) {
		*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
		fp.xmm_space[i] = (u32)*x;
	}
	return !ptrace(PTRACE_SETFPREGS, pid, 0, &fp);
}

/* Sets debug register `reg` of the stopped tracee pid (DR7 enables the others). */
static bool set_debugreg(pid_t pid, int reg, unsigned long value)
{
	return !ptrace(PTRACE_POKEUSER, pid, offsetof(struct user, u_debugreg[reg]), value);
}

/* Whether the stopped tracee's signal is a trap of our breakpoints. */
static bool breakpoint_trap(pid_t pid, int sig)
{
	siginfo_t si;

	return sig == SIGTRAP && !ptrace(PTRACE_GETSIGINFO, pid, 0, &si) &&
	       si.si_code == TRAP_HWBKPT;
}

/* Waits for the interrupt's stop of pid, passing on every other signal before it. */
static bool wait_interrupted(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, __WALL) == pid && WIFSTOPPED(status)) {
		int sig = WSTOPSIG(status);

		if (status >> 16 == PTRACE_EVENT_STOP)
			return true;
		if (ptrace(PTRACE_CONT, pid, 0, breakpoint_trap(pid, sig) ? 0 : sig))
			return false;
	}
	return false;
}

static int run_clobber(pid_t pid, int naddrs, char **addrs)
{
	unsigned long traps = 0, clobbered = 0, dr7 = 0;
	bool armed = true;
	u64 x = 0x2545f4914f6cdd1dull;
	int status;

	if (ptrace(PTRACE_SEIZE, pid, 0, 0) || ptrace(PTRACE_INTERRUPT, pid, 0, 0) ||
	    !wait_interrupted(pid)) {
		fprintf(stderr, "clobber: cannot trace %d: %s\n", pid, strerror(errno));
		return 1;
	}
	/* Instruction breakpoints (R/W and LEN 0), enabled locally (DR7 L0-L3). */
	for (int i = 0; i < naddrs && i < 4; i++) {
		if (!set_debugreg(pid, i, strtoul(addrs[i], NULL, 16))) {
			fprintf(stderr, "clobber: DR%d: %s\n", i, strerror(errno));
			return 1;
		}
		dr7 |= 1ul << (2 * i);
	}
	if (!set_debugreg(pid, 7, dr7) || ptrace(PTRACE_CONT, pid, 0, 0)) {
		fprintf(stderr, "clobber: DR7: %s\n", strerror(errno));
		return 1;
	}
	for (;;) {
		int sig;

		if (!armed) {
			struct timespec gap = { 0, 5000000 };

			nanosleep(&gap, NULL);
			if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) || !wait_interrupted(pid) ||
			    !set_debugreg(pid, 7, dr7) || ptrace(PTRACE_CONT, pid, 0, 0))
				break;
			armed = true;
		}
		if (waitpid(pid, &status, __WALL) != pid || !WIFSTOPPED(status))
			break;
		sig = status >> 16 ? 0 : WSTOPSIG(status);
		/*
		 * A breakpoint's trap is ours: the registers go, the signal is dropped, and
		 * the breakpoints rest for a while (a trap a block would stall the guest).
		 */
		if (breakpoint_trap(pid, sig)) {
			traps++;
			clobbered += overwrite_xmm(pid, &x);
			armed = !set_debugreg(pid, 7, 0);
			sig = 0;
		}
		if (ptrace(PTRACE_CONT, pid, 0, sig))
			break;
	}
	printf("clobber: %lu breakpoint traps in %d cores, %lu clobbered\n", traps, naddrs,
	       clobbered);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "hammer"))
		return run_hammer(atoi(argv[2]));
	if (argc >= 4 && argc <= 7 && !strcmp(argv[1], "clobber"))
		return run_clobber(atoi(argv[2]), argc - 3, argv + 3);
	fprintf(stderr, "usage: %s hammer PID | clobber PID ADDRESS...\n", argv[0]);
	return 2;
}
