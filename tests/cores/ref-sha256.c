// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-C SHA-256 (FIPS 180-4) used as the reference for the SHA-256
 * cores: a straightforward block function written from the standard's
 * formulas (no tricks shared with the assembly), its IV and parameters,
 * and the known-answer vectors (main.c pads and runs them).
 */
#include "harness.h"

static const u32 K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static u32 rotr(u32 x, unsigned int n)
{
	return (x >> n) | (x << (32 - n));
}

static void ref_block(void *statev, const u8 *p, size_t nblocks)
{
	u32 *st = statev;

	for (; nblocks; nblocks--, p += 64) {
		u32 w[64], v[8], t1, t2;
		int i;

		for (i = 0; i < 16; i++)
			w[i] = (u32)p[4 * i] << 24 | (u32)p[4 * i + 1] << 16 |
			       (u32)p[4 * i + 2] << 8 | p[4 * i + 3];
		for (i = 16; i < 64; i++) {
			u32 s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^
				 (w[i - 15] >> 3);
			u32 s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^
				 (w[i - 2] >> 10);
			w[i] = w[i - 16] + s0 + w[i - 7] + s1;
		}
		for (i = 0; i < 8; i++)
			v[i] = st[i];
		for (i = 0; i < 64; i++) {
			u32 a = v[0], b = v[1], c = v[2], e = v[4], f = v[5],
			    g = v[6];

			t1 = v[7] + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
			     ((e & f) ^ (~e & g)) + K[i] + w[i];
			t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) +
			     ((a & b) ^ (a & c) ^ (b & c));
			v[7] = v[6];
			v[6] = v[5];
			v[5] = v[4];
			v[4] = v[3] + t1;
			v[3] = v[2];
			v[2] = v[1];
			v[1] = v[0];
			v[0] = t1 + t2;
		}
		for (i = 0; i < 8; i++)
			st[i] += v[i];
	}
}

static const u32 iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* FIPS 180 (NIST example) vectors. */
static const struct rsha_kat kats[] = {
	{ "abc", "abc",
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "two-block", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ 0, 0, 0 },
};

const struct rsha_alg rsha_alg = {
	.name = "sha256",
	.state_bytes = 32,
	.word_bytes = 4,
	.block_bytes = 64,
	.len_bytes = 8,
	.digest_bytes = 32,
	.iv = iv,
	.ref_block = ref_block,
	.kats = kats,
};
