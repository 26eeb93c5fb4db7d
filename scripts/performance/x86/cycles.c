// SPDX-License-Identifier: GPL-2.0
/*
 * The timing program of scripts/performance/x86/cycles.sh: every x86_64
 * SHA core that the script lists in cores.h (ours, the kernel's assembler
 * cores, the kernel's generic C), checked and then timed on this CPU in
 * core clock cycles.
 *
 *   cycles ROUNDS SECONDS > raw.csv
 *
 * cores.h (generated) has one line per core:
 *   RSHA_CORE(ALG, "unit", "core", "source", "kernel", SYMBOL)
 * ALG 1, 256 or 512; every SYMBOL has the type
 *   void SYMBOL(void *state, const u8 *data, size_t nblocks);
 * with the state words a..h at the start of the state (the kernel cores'
 * struct sha*_state / sha*_block_state begin with them).
 *
 * Check: each core runs over 1, 2, 3, 4, 5, 7 and 64 blocks of random data
 * at two alignments, from the IV, against the project's plain-C reference
 * (tests/cores/ref-ALG.c, linked in with its rsha_alg renamed
 * rsha_ref_shaALG). A core that differs once is reported "wrong" and gets
 * no figure.
 *
 * Timing: the TSC ticks at a fixed rate while the core clock moves, so every
 * measurement is converted with a calibration taken right around it: a
 * chain of CHAIN_ADDS dependent adds (one cycle each: CHAIN_ADDS core
 * cycles; register operands: see chain_ticks()) is timed just before and
 * just after, and
 *   cycles = ticks * CHAIN_ADDS / mean(chain ticks before, after).
 * A sample whose two chains differ by more than 3 % (the clock moved or the
 * thread was interrupted within it) is dropped. The median TSC read
 * overhead (an empty lfence/rdtsc pair) is subtracted from every raw tick
 * count. Between the two chains: one call over 64 blocks (4 KiB SHA-1 /
 * SHA-256, 8 KiB SHA-512: hot in L1) and 16 one-block calls over
 * consecutive blocks of the same buffer (cycles per call). All cores take
 * turns in rounds (round-robin, a different first core each round), so
 * slow drift of the machine (other jobs, thermal) spreads over all of them
 * alike; the figures are the median and the interquartile range over the
 * rounds. The thread stays on the CPU it started on (no migration between
 * calibration and measurement).
 *
 * Before the rounds the add chain is checked against a chain of dependent
 * multiplies (3 cycles each): the header line gives 3 x add / imul ticks
 * (add_vs_imul, 1.000 when the add chain runs at one add a cycle).
 *
 * Output (stdout, CSV): alg,unit,core,source,kernel,symbol,status,rounds,
 * block_med,block_p25,block_p75,block_min,call1_med,call1_p25,call1_p75,
 * core_ghz_med; block_* in cycles per block of the 64-block call, call1_*
 * in cycles per one-block call. A first line "# tsc_ghz=..." gives the TSC
 * rate seen (CLOCK_MONOTONIC over the run), the rounds run, the TSC read
 * overhead and add_vs_imul.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "cycles.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct core {
	unsigned int alg;
	const char *unit, *name, *src, *kern, *sym;
	rsha_block_fn fn;
	const struct rsha_alg *ref;
	int ok;
	unsigned int n;
	double *block, *call1, *ghz;
};

/* one entry per line of cores.h, in its order: set_cores() fills them in */
#define RSHA_CORE(...)	{ 0 },
static struct core cores[] = {
#include "cores.h"
};

#undef RSHA_CORE
#define NCORES	ARRAY_SIZE(cores)

#define NBLK		64
#define NCALL1		16
#define CHAIN_LOOPS	200
#define CHAIN_ADDS	(CHAIN_LOOPS * 100)

static u8 data[128 * NBLK + 64] __aligned(64);

/*
 * Every line of cores.h as a block of its own: the core's symbol declared
 * (as core_SYMBOL in C, by its assembler name) and its entry set.
 */
static void set_cores(void)
{
	unsigned int n = 0;

#define RSHA_CORE(alg, unit, name, src, kern, sym) {					\
	void core_##sym(void *state, const u8 *data, size_t nblocks) __asm__(#sym);	\
	cores[n++] = (struct core){ alg, unit, name, src, kern, #sym, core_##sym,	\
				    NULL, 1, 0, NULL, NULL, NULL };			\
}

#include "cores.h"
#undef RSHA_CORE
}

static inline u64 tsc(void)
{
	unsigned int lo, hi;

	__asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
	return (u64)hi << 32 | lo;
}

/*
 * CHAIN_ADDS dependent register-register adds: CHAIN_ADDS core cycles.
 * Not "add $1": Intel cores since Golden Cove fold add-immediate chains at
 * rename (measured here: 20000 of them in about 2500 TSC ticks, eight a
 * cycle), which would read as a clock of 20 GHz.
 */
static u64 chain_ticks(void)
{
	unsigned long x = 0, n = CHAIN_LOOPS, one = 1;
	u64 t0 = tsc();

	__asm__ __volatile__("1:\n\t.rept 100\n\tadd %2, %0\n\t.endr\n\tdec %1\n\tjnz 1b"
			     : "+r"(x), "+r"(n) : "r"(one) : "cc");
	return tsc() - t0;
}

/*
 * The same number of dependent 64-bit multiplies (3 cycles each on every
 * x86_64 core of the last decade): a cross-check of the add chain, whose
 * ticks should be a third of these.
 */
static u64 imul_ticks(void)
{
	unsigned long x = 3, n = CHAIN_LOOPS, one = 1;
	u64 t0 = tsc();

	__asm__ __volatile__("1:\n\t.rept 100\n\timul %2, %0\n\t.endr\n\tdec %1\n\tjnz 1b"
			     : "+r"(x), "+r"(n) : "r"(one) : "cc");
	return tsc() - t0;
}

static u64 xs = 0x9e3779b97f4a7c15ull;

static u64 rnd(void)
{
	xs ^= xs << 13;
	xs ^= xs >> 7;
	xs ^= xs << 17;
	return xs;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* q-quantile of the sorted v[0..n) (linear interpolation) */
static double quant(const double *v, unsigned int n, double q)
{
	double p = q * (n - 1);
	unsigned int i = (unsigned int)p;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (p - i) * (v[i + 1] - v[i]);
}

static int check(struct core *c)
{
	static const unsigned int counts[] = { 1, 2, 3, 4, 5, 7, NBLK };
	const struct rsha_alg *a = c->ref;
	u64 s1[8] __aligned(64), s2[8] __aligned(64);

	for (unsigned int off = 0; off < 4; off += 3) {
		for (unsigned int k = 0; k < ARRAY_SIZE(counts); k++) {
			for (unsigned int i = 0; i < sizeof(data); i++)
				data[i] = (u8)rnd();
			memcpy(s1, a->iv, a->state_bytes);
			memcpy(s2, a->iv, a->state_bytes);
			a->ref_block(s1, data + off, counts[k]);
			c->fn(s2, data + off, counts[k]);
			if (memcmp(s1, s2, a->state_bytes)) {
				fprintf(stderr,
					"cycles: %s (%s): WRONG over %u block(s) at offset %u: no figure\n",
					c->name, c->sym, counts[k], off);
				return 0;
			}
		}
	}
	return 1;
}

int main(int argc, char **argv)
{
	unsigned int rounds = argc > 1 ? (unsigned int)atoi(argv[1]) : 1000;
	double seconds = argc > 2 ? atof(argv[2]) : 30;
	u64 st[8] __aligned(64), ovh, tsc0, tsc1;
	struct timespec ts0, ts1;
	double *tmp, chk;
	unsigned int r, done = 0;
	cpu_set_t set;

	/* stay on this CPU */
	CPU_ZERO(&set);
	CPU_SET(sched_getcpu(), &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("cycles: sched_setaffinity (not pinned)");

	set_cores();
	for (unsigned int i = 0; i < NCORES; i++) {
		struct core *c = &cores[i];

		c->ref = c->alg == 1 ? &rsha_ref_sha1 :
			 c->alg == 256 ? &rsha_ref_sha256 : &rsha_ref_sha512;
		c->ok = check(c);
		c->block = calloc(rounds, sizeof(double));
		c->call1 = calloc(rounds, sizeof(double));
		c->ghz = calloc(rounds, sizeof(double));
		if (!c->block || !c->call1 || !c->ghz)
			return 1;
	}
	for (unsigned int i = 0; i < sizeof(data); i++)
		data[i] = (u8)rnd();

	/* the TSC read overhead: median of empty pairs */
	tmp = calloc(1001, sizeof(double));
	if (!tmp)
		return 1;
	for (unsigned int i = 0; i < 1001; i++) {
		u64 t0 = tsc();

		tmp[i] = (double)(tsc() - t0);
	}
	qsort(tmp, 1001, sizeof(double), cmp_double);
	ovh = (u64)tmp[500];
	free(tmp);

	/* warm up: caches, predictors, the clock */
	for (unsigned int w = 0; w < 20; w++)
		for (unsigned int i = 0; i < NCORES; i++)
			if (cores[i].ok) {
				memcpy(st, cores[i].ref->iv, cores[i].ref->state_bytes);
				cores[i].fn(st, data, NBLK);
			}

	/* the add chain against the multiply chain: 1 : 3 */
	tmp = calloc(101, sizeof(double));
	if (!tmp)
		return 1;
	for (unsigned int i = 0; i < 101; i++) {
		u64 a = chain_ticks(), m = imul_ticks(), b = chain_ticks();

		tmp[i] = 3.0 * (double)(a + b) / (2.0 * (double)m);
	}
	qsort(tmp, 101, sizeof(double), cmp_double);
	chk = tmp[50];
	free(tmp);
	if (chk < 0.97 || chk > 1.03)
		fprintf(stderr,
			"cycles: WARNING: 3 x add chain / imul chain = %.3f, not 1: the calibration is off\n",
			chk);

	clock_gettime(CLOCK_MONOTONIC, &ts0);
	tsc0 = tsc();
	for (r = 0; r < rounds; r++) {
		for (unsigned int j = 0; j < NCORES; j++) {
			struct core *c = &cores[(j + r) % NCORES];
			unsigned int bs = c->alg == 512 ? 128 : 64;
			u64 c1, c2, t0, t64, t1;
			double k;

			if (!c->ok)
				continue;
			memcpy(st, c->ref->iv, c->ref->state_bytes);
			c1 = chain_ticks();
			t0 = tsc();
			c->fn(st, data, NBLK);
			t64 = tsc();
			for (unsigned int b = 0; b < NCALL1; b++)
				c->fn(st, data + b * bs, 1);
			t1 = tsc();
			c2 = chain_ticks();
			if (c1 > 1.03 * c2 || c2 > 1.03 * c1)
				continue;
			/* core cycles per TSC tick */
			k = 2.0 * CHAIN_ADDS / (double)(c1 + c2 - 2 * ovh);
			c->block[c->n] = k * (double)(t64 - t0 - ovh) / NBLK;
			c->call1[c->n] = k * (double)(t1 - t64 - ovh) / NCALL1;
			c->ghz[c->n] = k;	/* times the TSC rate, below */
			c->n++;
		}
		clock_gettime(CLOCK_MONOTONIC, &ts1);
		done = r + 1;
		if ((double)(ts1.tv_sec - ts0.tv_sec) +
		    0.000000001 * (double)(ts1.tv_nsec - ts0.tv_nsec) > seconds)
			break;
	}
	tsc1 = tsc();
	clock_gettime(CLOCK_MONOTONIC, &ts1);
	double tsc_ghz = (double)(tsc1 - tsc0) /
		(1e9 * (double)(ts1.tv_sec - ts0.tv_sec) + (double)(ts1.tv_nsec - ts0.tv_nsec));

	printf("# tsc_ghz=%.4f rounds_run=%u tsc_overhead_ticks=%llu", tsc_ghz, done,
	       (unsigned long long)ovh);
	printf(" chain_adds=%u add_vs_imul=%.3f\n", CHAIN_ADDS, chk);
	printf("%s\n",
	       "alg,unit,core,source,kernel,symbol,status,rounds,block_med,block_p25,block_p75,block_min,call1_med,call1_p25,call1_p75,core_ghz_med");
	for (unsigned int i = 0; i < NCORES; i++) {
		struct core *c = &cores[i];

		printf("sha%u,%s,%s,%s,%s,%s,", c->alg, c->unit, c->name, c->src, c->kern, c->sym);
		if (!c->ok || !c->n) {
			printf("%s,%u,,,,,,,,\n", c->ok ? "no-sample" : "wrong", c->n);
			continue;
		}
		qsort(c->block, c->n, sizeof(double), cmp_double);
		qsort(c->call1, c->n, sizeof(double), cmp_double);
		qsort(c->ghz, c->n, sizeof(double), cmp_double);
		printf("ok,%u,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f\n", c->n,
		       quant(c->block, c->n, 0.5), quant(c->block, c->n, 0.25),
		       quant(c->block, c->n, 0.75), c->block[0],
		       quant(c->call1, c->n, 0.5), quant(c->call1, c->n, 0.25),
		       quant(c->call1, c->n, 0.75), tsc_ghz * quant(c->ghz, c->n, 0.5));
	}
	return 0;
}
