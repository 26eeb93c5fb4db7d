// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-C SHA-1 (FIPS 180-4) used as the reference for the SHA-1 cores: a
 * straightforward block function written from the standard's formulas
 * (80-word schedule array, the three round functions as written in the
 * standard, no tricks shared with the assembly), its IV and parameters,
 * and the known-answer vectors (main.c pads and runs them).
 */
#include "harness.h"

static u32 rotl(u32 x, unsigned int n)
{
	return (x << n) | (x >> (32 - n));
}

static void ref_block(void *statev, const u8 *p, size_t nblocks)
{
	u32 *st = statev;

	for (; nblocks; nblocks--, p += 64) {
		u32 w[80], a, b, c, d, e, f, k, tmp;
		int i;

		for (i = 0; i < 16; i++)
			w[i] = (u32)p[4 * i] << 24 | (u32)p[4 * i + 1] << 16 |
			       (u32)p[4 * i + 2] << 8 | p[4 * i + 3];
		for (i = 16; i < 80; i++)
			w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
		a = st[0];
		b = st[1];
		c = st[2];
		d = st[3];
		e = st[4];
		for (i = 0; i < 80; i++) {
			if (i < 20) {
				f = (b & c) ^ (~b & d);		/* Ch */
				k = 0x5a827999;
			} else if (i < 40) {
				f = b ^ c ^ d;			/* Parity */
				k = 0x6ed9eba1;
			} else if (i < 60) {
				f = (b & c) ^ (b & d) ^ (c & d);	/* Maj */
				k = 0x8f1bbcdc;
			} else {
				f = b ^ c ^ d;			/* Parity */
				k = 0xca62c1d6;
			}
			tmp = rotl(a, 5) + f + e + k + w[i];
			e = d;
			d = c;
			c = rotl(b, 30);
			b = a;
			a = tmp;
		}
		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		st[4] += e;
	}
}

static const u32 iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

/* FIPS 180 (NIST example) vectors. */
static const struct rsha_kat kats[] = {
	{ "abc", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "two-block", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	  "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	{ 0, 0, 0 },
};

const struct rsha_alg rsha_alg = {
	.name = "sha1",
	.state_bytes = 20,
	.word_bytes = 4,
	.block_bytes = 64,
	.len_bytes = 8,
	.digest_bytes = 20,
	.iv = iv,
	.ref_block = ref_block,
	.kats = kats,
};
