// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-C SHA-1 (FIPS 180-4) used as the reference for the SHA-1 cores: a
 * straightforward block function written from the standard's formulas
 * (80-word schedule array, the three round functions as written in the
 * standard, no tricks shared with the assembly), plus padding for the
 * known-answer tests.
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

static void digest(rsha_block_fn block, const u8 *msg, size_t len, u8 *out)
{
	u32 st[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
		      0xc3d2e1f0 };
	u8 tail[128];
	size_t full = len / 64, rem = len % 64, tlen, i;
	u64 bits = (u64)len * 8;

	block(st, msg, full);
	for (i = 0; i < rem; i++)
		tail[i] = msg[full * 64 + i];
	tail[rem] = 0x80;
	tlen = rem + 1 + 8 <= 64 ? 64 : 128;
	for (i = rem + 1; i < tlen - 8; i++)
		tail[i] = 0;
	for (i = 0; i < 8; i++)
		tail[tlen - 1 - i] = (u8)(bits >> (8 * i));
	block(st, tail, tlen / 64);
	for (i = 0; i < 5; i++) {
		out[4 * i] = (u8)(st[i] >> 24);
		out[4 * i + 1] = (u8)(st[i] >> 16);
		out[4 * i + 2] = (u8)(st[i] >> 8);
		out[4 * i + 3] = (u8)st[i];
	}
}

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
	.block_bytes = 64,
	.digest_bytes = 20,
	.ref_block = ref_block,
	.digest = digest,
	.kats = kats,
};
