/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-1 round constants (FIPS 180-4, section 4.2.1), one per 20-round
 * stage: the integer parts of 2^30 times the square roots of 2, 3, 5, 10.
 * Shared by every SHA-1 core, ARM and arm64. SHA1_K0..SHA1_K3 are plain
 * numbers for immediates ("movz"/"movk"); "sha1_k_table" emits the four as
 * ".long" rows where a table is wanted (".long" means the same to both
 * assemblers).
 */
#define SHA1_K0	0x5a827999
#define SHA1_K1	0x6ed9eba1
#define SHA1_K2	0x8f1bbcdc
#define SHA1_K3	0xca62c1d6

	.macro	sha1_k_table
	.long	SHA1_K0, SHA1_K1, SHA1_K2, SHA1_K3
	.endm
