// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing glue of scripts/performance/mca-table.sh for the in-tree arm64
 * Crypto Extensions cores. Those take their C glue's state struct (the
 * state words first, then count, the partial-block buffer and, for sha1-ce
 * and sha2-ce, a finalize flag that the core reads at an offset the glue
 * exports as sha{1,256}_ce_offsetof_{count,finalize}), not the bare state
 * words that mca/harness.c passes. rsha_ce_wrap() has the harness's FUNC
 * type: it copies the harness's 64 state bytes into a zeroed buffer large
 * enough for any of the structs (so finalize is 0: no padding block is
 * added, as for an update() of whole blocks), calls REAL (-DREAL=, the
 * core's symbol) on it once and copies the state back. Executed once per
 * call, outside the block loop, so the steady-state block cut out of the
 * trace holds none of it.
 *
 * The struct layouts below are the Linux 6.12 ones (include/crypto/sha1.h,
 * sha2.h and the arm64 sha1-ce/sha2-ce glue), spelt out for the offsets.
 */
#include "spellings.h"

typedef unsigned int u32;
typedef unsigned long long u64;

struct rsha_sha1_ce_state {
	u32 state[5];
	u64 count;
	unsigned char buffer[64];
	u32 finalize;
};

struct rsha_sha256_ce_state {
	u32 state[8];
	u64 count;
	unsigned char buf[64];
	u32 finalize;
};

const u32 sha1_ce_offsetof_count = __builtin_offsetof(struct rsha_sha1_ce_state, count);
const u32 sha1_ce_offsetof_finalize = __builtin_offsetof(struct rsha_sha1_ce_state, finalize);
const u32 sha256_ce_offsetof_count = __builtin_offsetof(struct rsha_sha256_ce_state, count);
const u32 sha256_ce_offsetof_finalize = __builtin_offsetof(struct rsha_sha256_ce_state, finalize);

static union {
	struct rsha_sha1_ce_state sha1;
	struct rsha_sha256_ce_state sha256;
	u64 w[32];
} sst __aligned(16);

asmlinkage int REAL(void *sst, const void *src, int blocks);
asmlinkage void rsha_ce_wrap(void *state, const void *data, unsigned long nblocks);

void rsha_ce_wrap(void *state, const void *data, unsigned long nblocks)
{
	u64 *s = state;
	int i;

	for (i = 0; i < 8; i++)
		sst.w[i] = s[i];
	REAL(&sst, data, (int)nblocks);
	for (i = 0; i < 8; i++)
		s[i] = sst.w[i];
}
