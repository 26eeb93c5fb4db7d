// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-C SHA-512 (FIPS 180-4) used as the reference for the SHA-512 (and
 * so SHA-384) cores: a straightforward block function written from the
 * standard's formulas (no tricks shared with the assembly), its IV and
 * parameters (a 128-bit length field in the padding), and the known-answer
 * vectors (main.c pads and runs them).
 */
#include "harness.h"

static const u64 K[80] = {
	0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full,
	0xe9b5dba58189dbbcull, 0x3956c25bf348b538ull, 0x59f111f1b605d019ull,
	0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull, 0xd807aa98a3030242ull,
	0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
	0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull,
	0xc19bf174cf692694ull, 0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull,
	0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull, 0x2de92c6f592b0275ull,
	0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
	0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full,
	0xbf597fc7beef0ee4ull, 0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull,
	0x06ca6351e003826full, 0x142929670a0e6e70ull, 0x27b70a8546d22ffcull,
	0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
	0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull,
	0x92722c851482353bull, 0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull,
	0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull, 0xd192e819d6ef5218ull,
	0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
	0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull,
	0x34b0bcb5e19b48a8ull, 0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull,
	0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull, 0x748f82ee5defb2fcull,
	0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
	0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull,
	0xc67178f2e372532bull, 0xca273eceea26619cull, 0xd186b8c721c0c207ull,
	0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull, 0x06f067aa72176fbaull,
	0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
	0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull,
	0x431d67c49c100d4cull, 0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull,
	0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static u64 rotr(u64 x, unsigned int n)
{
	return (x >> n) | (x << (64 - n));
}

static void ref_block(void *statev, const u8 *p, size_t nblocks)
{
	u64 *st = statev;

	for (; nblocks; nblocks--, p += 128) {
		u64 w[80], v[8], t1, t2;
		int i, j;

		for (i = 0; i < 16; i++) {
			w[i] = 0;
			for (j = 0; j < 8; j++)
				w[i] = w[i] << 8 | p[8 * i + j];
		}
		for (i = 16; i < 80; i++) {
			u64 s0 = rotr(w[i - 15], 1) ^ rotr(w[i - 15], 8) ^
				 (w[i - 15] >> 7);
			u64 s1 = rotr(w[i - 2], 19) ^ rotr(w[i - 2], 61) ^
				 (w[i - 2] >> 6);
			w[i] = w[i - 16] + s0 + w[i - 7] + s1;
		}
		for (i = 0; i < 8; i++)
			v[i] = st[i];
		for (i = 0; i < 80; i++) {
			u64 a = v[0], b = v[1], c = v[2], e = v[4], f = v[5],
			    g = v[6];

			t1 = v[7] + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) +
			     ((e & f) ^ (~e & g)) + K[i] + w[i];
			t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) +
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

static const u64 iv[8] = {
	0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull,
	0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
	0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
	0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

/*
 * FIPS 180 (NIST example) vectors, plus the empty message, a 111-byte one
 * (the longest whose padding fits its block) and a 239-byte one (one full
 * block, then that same tail). The two-block vector is 112 bytes: its
 * padding spills into a second block.
 */
#define A111 \
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
static const struct rsha_kat kats[] = {
	{
		"abc", "abc",
		"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	},
	{
		"two-block",
		"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		"8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
	},
	{
		"empty", "",
		"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
	},
	{
		"a*111", A111,
		"fa9121c7b32b9e01733d034cfc78cbf67f926c7ed83e82200ef86818196921760b4beff48404df811b953828274461673c68d04e297b0eb7b2b4d60fc6b566a2",
	},
	{
		"a*239", A111 "aaaaaaaaaaaaaaaaa" A111,
		"52c853cb8d907f3d4d6b889beb027985d7c273486d75f8baf26f80d24e90c74c6c3de3e22131582380a7d14d43f2941a31385439cd6ddc469f628015e50bf286",
	},
	{ 0, 0, 0 },
};

const struct rsha_alg rsha_alg = {
	.name = "sha512",
	.state_bytes = 64,
	.word_bytes = 8,
	.block_bytes = 128,
	.len_bytes = 16,		/* a 128-bit message length */
	.digest_bytes = 64,
	.iv = iv,
	.ref_block = ref_block,
	.kats = kats,
};
