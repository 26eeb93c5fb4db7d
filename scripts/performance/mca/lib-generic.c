// SPDX-License-Identifier: GPL-2.0
/*
 * The Linux 7.3 generic C as scripts/performance/mca-table.sh measures it
 * (RSHA_MCA_KERNEL=7.3): sha1_blocks_generic, sha256_blocks_generic or
 * sha512_blocks_generic (-DRSHA_ALG=1, 256 or 512) with the block function
 * it calls, which the script cuts out of the tree's lib/crypto/sha1.c,
 * sha256.c or sha512.c at run time into generic-sha<N>.kernel.c (in its
 * refs/ directory, on the include path), behind the harness's calling
 * convention. In 7.3 the block function and its loop over the blocks are
 * both static in one file, so clang may inline the one into the other, as
 * it may in the kernel.
 */
#include "generic-prelude.h"

/* the 7.3 state types (include/crypto/sha1.h, include/crypto/sha2.h) */
struct sha1_block_state { u32 h[5]; };
struct sha256_block_state { u32 h[8]; };
struct sha512_block_state { u64 h[8]; };

#ifndef __maybe_unused
#define __maybe_unused	rsha_attr(__unused__)
#endif

#if RSHA_ALG == 1
#include "generic-sha1.kernel.c"
#define rsha_lib_blocks	sha1_blocks_generic
#elif RSHA_ALG == 256
#include "generic-sha256.kernel.c"
#define rsha_lib_blocks	sha256_blocks_generic
#elif RSHA_ALG == 512
#include "generic-sha512.kernel.c"
#define rsha_lib_blocks	sha512_blocks_generic
#else
#error "RSHA_ALG must be 1, 256 or 512"
#endif

void rsha_generic_blocks(void *state, const u8 *src, unsigned long blocks)
{
	rsha_lib_blocks(state, src, blocks);
}
