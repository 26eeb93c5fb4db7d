// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's generic SHA-1 as scripts/performance/mca-table.sh measures it:
 * sha1_transform, which the script cuts out of the kernel tree's
 * lib/crypto/sha1.c at run time into generic-sha1.kernel.c (in its refs/
 * directory, on the include path), and the per-block loop around it.
 */
#include "generic-prelude.h"

/* kernel: sha1_transform lives in lib/, its caller in crypto/: not inlined */
noinline void sha1_transform(__u32 *digest, const char *data, __u32 *array);

#include "generic-sha1.kernel.c"

/* the per-block loop of crypto/sha1_generic.c (sha1_generic_block_fn) */
void rsha_generic_blocks(u32 *state, const u8 *src, unsigned long blocks)
{
	u32 temp[SHA1_WORKSPACE_WORDS];

	while (blocks--) {
		sha1_transform(state, (const char *)src, temp);
		src += SHA1_BLOCK_SIZE;
	}
	memzero_explicit(temp, sizeof(temp));
}
