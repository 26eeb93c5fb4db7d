// SPDX-License-Identifier: GPL-2.0
/*
 * trace PROGRAM [LO HI]... > LOG: run PROGRAM (a static x86_64 program,
 * trace-harness.c around one core) under ptrace until it stops itself with
 * SIGSTOP (right before it calls the core), then single-step every
 * instruction to its exit, and write the address of each one executed
 * outside the [LO, HI) ranges (hex; the harness's own code) as a line in
 * the format of
 * qemu-user's "-d exec,nochain" log, which scripts/performance/mca/
 * block-trace.pl reads:  Trace 0: 0x0 [0/ADDRESS/0/0] core
 * The x86 counterpart of the qemu-user -singlestep trace of the ARM model
 * (scripts/performance/mca-table.sh); used by scripts/performance/x86/
 * cycles.sh. Exits 1 if the program does not exit with status 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_SKIP	8

int main(int argc, char **argv)
{
	unsigned long lo[MAX_SKIP], hi[MAX_SKIP];
	int nskip = 0, status;
	unsigned long steps = 0;
	pid_t pid;

	if (argc < 2 || (argc - 2) % 2 || (argc - 2) / 2 > MAX_SKIP) {
		fprintf(stderr, "usage: %s PROGRAM [LO HI]... > LOG\n", argv[0]);
		return 2;
	}
	for (int i = 2; i + 1 < argc; i += 2, nskip++) {
		lo[nskip] = strtoul(argv[i], NULL, 16);
		hi[nskip] = strtoul(argv[i + 1], NULL, 16);
	}
	static char obuf[1 << 20];

	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) < 0) {
			perror("PTRACE_TRACEME");
			_exit(127);
		}
		execl(argv[1], argv[1], (char *)NULL);
		perror(argv[1]);
		_exit(127);
	}
	/* stopped at the exec (SIGTRAP); run on to its own SIGSTOP */
	if (waitpid(pid, &status, 0) < 0 || !WIFSTOPPED(status)) {
		fprintf(stderr, "trace: %s did not start under ptrace\n", argv[1]);
		return 1;
	}
	if (ptrace(PTRACE_CONT, pid, NULL, NULL) < 0 || waitpid(pid, &status, 0) < 0 ||
	    !WIFSTOPPED(status) || WSTOPSIG(status) != SIGSTOP) {
		fprintf(stderr, "trace: %s did not stop itself with SIGSTOP\n", argv[1]);
		kill(pid, SIGKILL);
		return 1;
	}
	/* from here one stop per instruction (the SIGSTOP is not delivered) */
	for (;;) {
		errno = 0;
		unsigned long rip = ptrace(PTRACE_PEEKUSER, pid,
					   offsetof(struct user_regs_struct, rip), NULL);
		int keep = errno == 0;

		for (int i = 0; keep && i < nskip; i++)
			if (rip >= lo[i] && rip < hi[i])
				keep = 0;
		if (keep)
			printf("Trace 0: 0x0 [0/%lx/0/0] core\n", rip);
		if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) < 0) {
			perror("PTRACE_SINGLESTEP");
			return 1;
		}
		if (waitpid(pid, &status, 0) < 0) {
			perror("waitpid");
			return 1;
		}
		steps++;
		if (WIFEXITED(status) || WIFSIGNALED(status))
			break;
		if (WIFSTOPPED(status) && WSTOPSIG(status) != SIGTRAP) {
			fprintf(stderr, "trace: %s stopped by signal %d at step %lu\n",
				argv[1], WSTOPSIG(status), steps);
			kill(pid, SIGKILL);
			return 1;
		}
	}
	fflush(stdout);
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "trace: %s failed (status 0x%x)\n", argv[1], status);
		return 1;
	}
	return 0;
}
