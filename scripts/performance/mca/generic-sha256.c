// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's generic SHA-256 as scripts/performance/mca-table.sh measures
 * it: sha256_transform_blocks, which the script cuts out of the kernel tree's
 * lib/crypto/sha256.c at run time into generic-sha256.kernel.c (in its refs/
 * directory, on the include path), behind the harness's calling convention.
 */
#include "generic-prelude.h"
#include "generic-sha256.kernel.c"

void rsha_generic_blocks(u32 *state, const u8 *src, unsigned long blocks)
{
	sha256_transform_blocks((struct sha256_state *)state, src, blocks);
}
