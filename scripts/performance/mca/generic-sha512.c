// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's generic SHA-512 as scripts/performance/mca-table.sh measures
 * it: sha512_generic_block_fn (with sha512_transform), which the script cuts
 * out of the kernel tree's crypto/sha512_generic.c at run time into
 * generic-sha512.kernel.c (in its refs/ directory, on the include path),
 * behind the harness's calling convention.
 */
#include "generic-prelude.h"
#include "generic-sha512.kernel.c"

void rsha_generic_blocks(u64 *state, const u8 *src, unsigned long blocks)
{
	sha512_generic_block_fn((struct sha512_state *)state, src, blocks);
}
