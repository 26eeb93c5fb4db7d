// SPDX-License-Identifier: GPL-2.0
/*
 * Generic test of hash block cores against a plain-C reference.
 * Freestanding: no libc; output and exit go through arch-ARCH.S.
 *
 * Built by run.sh with:
 *   ref-ALG.c    the algorithm (struct rsha_alg rsha_alg: its reference
 *                block function, constants and parameters; the padding
 *                and the known-answer driver are here),
 *   arch-ARCH.S  _start, raw syscalls, the callee-saved checking trampoline,
 *   cores.h      generated from cores.tab: CORE(name, symbol) lines,
 *   the cores' objects.
 */
#include "harness.h"

/* The C type of every core (cores.tab). */
typedef void rsha_core_fn(void *state, const u8 *data, size_t nblocks);

struct core {
	const char *name;
	rsha_block_fn fn;
};

/* clang may emit calls to these even in freestanding code. */
void *memcpy(void *d, const void *s, size_t n)
{
	u8 *dp = d;
	const u8 *sp = s;

	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memset(void *d, int c, size_t n)
{
	u8 *dp = d;

	while (n--)
		*dp++ = (u8)c;
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const u8 *ap = a, *bp = b;

	for (; n; n--, ap++, bp++)
		if (*ap != *bp)
			return *ap < *bp ? -1 : 1;
	return 0;
}

/* ---- output ---- */

static char obuf[256];
static size_t olen;

static void flush(void)
{
	rsha_sys_write(1, obuf, olen);
	olen = 0;
}

static void puts_(const char *s)
{
	while (*s) {
		if (olen == sizeof(obuf))
			flush();
		obuf[olen++] = *s++;
	}
}

static void putu(u64 v)
{
	char b[24];
	int i = sizeof(b);

	b[--i] = 0;
	do
		b[--i] = (char)('0' + v % 10);
	while (v /= 10);
	puts_(b + i);
}

static void puthex(const u8 *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	char b[3] = { 0, 0, 0 };

	while (n--) {
		b[0] = hx[*p >> 4];
		b[1] = hx[*p++ & 15];
		puts_(b);
	}
}

static void putx(u64 v)
{
	u8 b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (u8)(v >> (56 - 8 * i));
	puts_("0x");
	puthex(b, 8);
}

static unsigned int npass, nfail;

/* One result line: "PASS alg core check" or "FAIL alg core check: why". */
static void report(int ok, const char *core, const char *check)
{
	puts_(ok ? "PASS " : "FAIL ");
	puts_(rsha_alg.name);
	puts_(" ");
	puts_(core);
	puts_(" ");
	puts_(check);
	if (ok)
		puts_("\n");
	else
		puts_(": ");	/* the caller finishes the line */
	ok ? npass++ : nfail++;
}

/*
 * The PASS line of a check that ran FAILURES times wrong: none when it
 * failed, as the first failure was reported where it happened, with its
 * details.
 */
static void report_if_clean(int failures, const char *core, const char *check)
{
	if (!failures)
		report(failures == 0, core, check);
}

/* ---- test data ---- */

static u64 rng = 0x9e3779b97f4a7c15ull;

static u64 xorshift64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void fill_random(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)(xorshift64() >> 32);
}

#define MAX_BLOCKS	20
#define MAX_BLOCK_BYTES	128
#define GUARD		64
#define NSTATES		4
#define MAX_STATE	64

static u8 data_buf[(MAX_BLOCKS + 1) * MAX_BLOCK_BYTES + 64] __aligned(64);
static u8 data_copy[sizeof(data_buf)];
static u8 state_buf[GUARD + MAX_STATE + GUARD] __aligned(64);
static u8 init_states[NSTATES][MAX_STATE];

static int hexeq(const u8 *d, const char *hex, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < n; i++)
		if (hex[2 * i] != hx[d[i] >> 4] || hex[2 * i + 1] != hx[d[i] & 15])
			return 0;
	return hex[2 * n] == 0;
}

/*
 * The whole hash of msg with any block function: IV, the blocks, padding
 * (0x80, zeros, the bit length big-endian in len_bytes, in one or two
 * final blocks), the state words big-endian. For any algorithm of the
 * harness (struct rsha_alg), so the references hold only block functions.
 */
static void digest(rsha_block_fn block, const u8 *msg, size_t len, u8 *out)
{
	const unsigned int bb = rsha_alg.block_bytes, lb = rsha_alg.len_bytes;
	u64 st[MAX_STATE / 8];
	u8 tail[2 * MAX_BLOCK_BYTES];
	size_t full = len / bb, rem = len % bb, tlen, i;
	/* Bits 127..64 of a 128-bit length field come from len >> 61. */
	u64 bits_lo = (u64)len << 3, bits_hi = (u64)len >> 61;

	memcpy(st, rsha_alg.iv, rsha_alg.state_bytes);
	block(st, msg, full);
	memcpy(tail, msg + full * bb, rem);
	tail[rem] = 0x80;
	tlen = rem + 1 + lb <= bb ? bb : 2 * bb;
	memset(tail + rem + 1, 0, tlen - rem - 1);
	for (i = 0; i < 8; i++) {
		tail[tlen - 1 - i] = (u8)(bits_lo >> (8 * i));
		if (lb > 8)
			tail[tlen - 9 - i] = (u8)(bits_hi >> (8 * i));
	}
	block(st, tail, tlen / bb);
	for (i = 0; i < rsha_alg.digest_bytes; i++) {
		size_t w = i / rsha_alg.word_bytes;
		unsigned int sh = 8 * (rsha_alg.word_bytes - 1 -
				       i % rsha_alg.word_bytes);

		out[i] = rsha_alg.word_bytes == 8 ? (u8)(st[w] >> sh) :
			 (u8)(((const u32 *)st)[w] >> sh);
	}
}

/*
 * Cores are only ever called through rsha_call_checked(), which restores
 * the callee-saved registers itself: a core that breaks them fails its
 * check instead of crashing the harness. This adapts a core to the
 * rsha_block_fn the padding code calls.
 */
static rsha_block_fn cur_core;
static unsigned long cur_mask;

static void checked_block(void *state, const u8 *data, size_t nblocks)
{
	cur_mask |= rsha_call_checked(cur_core, state, data, nblocks);
}

/* One line per known-answer vector, hashed with fn through the padding. */
static void test_kats(const char *who, rsha_block_fn fn)
{
	const struct rsha_kat *k;
	u8 out[MAX_STATE];

	for (k = rsha_alg.kats; k->msg; k++) {
		size_t len = 0;
		int ok;

		while (k->msg[len])
			len++;
		digest(fn, (const u8 *)k->msg, len, out);
		ok = hexeq(out, k->hex, rsha_alg.digest_bytes);
		puts_(ok ? "PASS " : "FAIL ");
		puts_(rsha_alg.name);
		puts_(" ");
		puts_(who);
		puts_(" kat ");
		puts_(k->label);
		if (!ok) {
			puts_(": got ");
			puthex(out, rsha_alg.digest_bytes);
			puts_(" want ");
			puts_(k->hex);
		}
		puts_("\n");
		ok ? npass++ : nfail++;
	}
}

static void test_core(const struct core *c)
{
	const unsigned int sb = rsha_alg.state_bytes;
	u8 *st = state_buf + GUARD;
	u8 want[MAX_STATE], guard_pat[GUARD + MAX_STATE + GUARD];
	int bad_state = 0, bad_guard = 0, bad_data = 0, bad_regs = 0;
	unsigned long regs_mask = 0;
	unsigned int n, off;

	/* nblocks == 0: nothing read or written (NULL pointers would fault). */
	fill_random(state_buf, sizeof(state_buf));
	memcpy(guard_pat, state_buf, sizeof(state_buf));
	regs_mask = rsha_call_checked(c->fn, st, data_buf, 0);
	regs_mask |= rsha_call_checked(c->fn, (void *)0, (const u8 *)0, 0);
	report(!regs_mask && !memcmp(guard_pat, state_buf, sizeof(state_buf)),
	       c->name, "nblocks=0 is a no-op");
	if (regs_mask || memcmp(guard_pat, state_buf, sizeof(state_buf)))
		puts_("state or registers changed\n");

	for (n = 0; n <= MAX_BLOCKS; n++) {
		for (off = 0; off < 16; off++) {
			const u8 *init = init_states[(n * 16 + off) % NSTATES];
			u8 *d = data_buf + off;

			fill_random(data_buf, sizeof(data_buf));
			memcpy(data_copy, data_buf, sizeof(data_buf));
			memcpy(want, init, sb);
			rsha_alg.ref_block(want, d, n);

			fill_random(state_buf, sizeof(state_buf));
			memcpy(st, init, sb);
			memcpy(guard_pat, state_buf, sizeof(state_buf));
			regs_mask = rsha_call_checked(c->fn, st, d, n);

			if (memcmp(st, want, sb)) {
				if (!bad_state++) {
					report(0, c->name, "nblocks/misalign");
					puts_("nblocks=");
					putu(n);
					puts_(" misalign=");
					putu(off);
					puts_(" got ");
					puthex(st, sb);
					puts_(" want ");
					puthex(want, sb);
					puts_("\n");
				}
			}
			if (memcmp(state_buf, guard_pat, GUARD) ||
			    memcmp(st + sb, guard_pat + GUARD + sb, GUARD)) {
				if (!bad_guard++) {
					report(0, c->name, "state guards");
					puts_("wrote outside state at nblocks=");
					putu(n);
					puts_("\n");
				}
			}
			if (memcmp(data_copy, data_buf, sizeof(data_buf))) {
				if (!bad_data++) {
					report(0, c->name, "data read-only");
					puts_("input modified at nblocks=");
					putu(n);
					puts_("\n");
				}
			}
			if (regs_mask) {
				if (!bad_regs++) {
					report(0, c->name, "callee-saved");
					puts_("mask ");
					putx(regs_mask);
					puts_(" (bits: arch-*.S) at nblocks=");
					putu(n);
					puts_("\n");
				}
			}
		}
	}
	report_if_clean(bad_state, c->name, "nblocks/misalign");
	report_if_clean(bad_guard, c->name, "state guards");
	report_if_clean(bad_data, c->name, "data read-only");
	report_if_clean(bad_regs, c->name, "callee-saved");
	cur_core = c->fn;
	cur_mask = 0;
	test_kats(c->name, checked_block);
	if (cur_mask) {
		report(0, c->name, "callee-saved (kat)");
		puts_("mask ");
		putx(cur_mask);
		puts_("\n");
	}
}

/*
 * Test every core, in the order of cores.h: run.sh writes it from
 * cores.tab, a CORE(name, sym) line per core, sym its assembly
 * symbol. Each line becomes a block that declares the core and tests it.
 * The core is declared as core_<sym>, bound to sym by an asm label, so
 * that the macro names each of its arguments once.
 */
#ifndef RSHA_CORES_H
#define RSHA_CORES_H "cores.h"
#endif

static void test_cores(void)
{
#define CORE(name, sym) {						\
		rsha_core_fn core_##sym __asm__(#sym);			\
		static const struct core c = { name, core_##sym };	\
									\
		test_core(&c);						\
		flush();						\
	}
#include RSHA_CORES_H
#undef CORE
}

int rsha_main(void)
{
	unsigned int i;

	if (rsha_alg.state_bytes > MAX_STATE ||
	    rsha_alg.block_bytes > MAX_BLOCK_BYTES ||
	    rsha_alg.digest_bytes > rsha_alg.state_bytes ||
	    (rsha_alg.word_bytes != 4 && rsha_alg.word_bytes != 8) ||
	    (rsha_alg.len_bytes != 8 && rsha_alg.len_bytes != 16)) {
		puts_("FAIL harness: algorithm parameters out of range\n");
		flush();
		return 2;
	}
	for (i = 0; i < NSTATES; i++)
		fill_random(init_states[i], rsha_alg.state_bytes);

#ifndef RSHA_NO_REFERENCE_KATS
	test_kats("reference", rsha_alg.ref_block);
#endif
	test_cores();
	putu(npass);
	puts_(" passed, ");
	putu(nfail);
	puts_(" failed\n");
	flush();
	return nfail ? 1 : 0;
}
