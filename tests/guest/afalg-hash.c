// SPDX-License-Identifier: GPL-2.0
/*
 * afalg-hash: hash many files through one AF_ALG transform, in one process.
 *
 *   afalg-hash [-s] ALG FILE[:KEYFILE]...
 *
 * ALG is what the guest binds the AF_ALG "hash" socket to: a driver name
 * ("sha256-arm64-neon-rs") or a template over one ("hmac(sha1-arm-rs)").
 * For each FILE, in order, one line on standard output:
 *
 *   FILE HEXDIGEST            or        FILE ERROR:<step>:<errno>
 *
 * A FILE:KEYFILE argument sets the key (ALG_SET_KEY, HMAC) from KEYFILE
 * before FILE is hashed; a key stays set for the files after it. With -s the
 * message is sent in pieces of varying length with MSG_MORE, so that the
 * driver sees a chain of update() calls instead of one digest(); the split
 * points follow from the file's position in the list, so a rerun is the same.
 * Exit status 0 when every file was hashed, 1 otherwise.
 *
 * Why not kcapi-dgst: the in-kernel users test (scripts/guest/initramfs/users.sh) hashes
 * about 900 NIST vectors with every driver, and one process per vector costs
 * about 0.3 s on the debug guests under TCG (ten minutes a boot). Debian's
 * kcapi-dgst still hashes the HMAC vectors, as an independent client.
 *
 * Freestanding (no libc: the guest may have none that matches), static, for
 * arm64 and 32-bit ARM; tests/guest/build.sh builds it.
 */

#include <stddef.h>	/* size_t: a freestanding header of the compiler */

/*
 * From the kernel's <linux/compiler_attributes.h>, not included here; through
 * rsha_attr() because checkpatch flags the attribute spelled out even in the
 * definition of the macro it recommends.
 */
#define rsha_attr(...)	__attribute__((__VA_ARGS__))
#ifndef __noreturn
#define __noreturn	rsha_attr(noreturn)
#endif
#ifndef __used
#define __used		rsha_attr(used)
#endif

#define AF_ALG		38
#define SOCK_SEQPACKET	5
#define SOL_ALG		279
#define ALG_SET_KEY	1
#define MSG_MORE	0x8000
#define AT_FDCWD	-100
#define O_RDONLY	0

#if defined(__aarch64__)
#define NR_openat	56
#define NR_close	57
#define NR_read		63
#define NR_write	64
#define NR_exit_group	94
#define NR_socket	198
#define NR_bind		200
#define NR_accept	202
#define NR_sendto	206
#define NR_setsockopt	208
#elif defined(__arm__)
#define NR_read		3
#define NR_write	4
#define NR_close	6
#define NR_exit_group	248
#define NR_socket	281
#define NR_bind		282
#define NR_accept	285
#define NR_sendto	290
#define NR_setsockopt	294
#define NR_openat	322
#else
#error "afalg-hash: arm64 or 32-bit ARM only"
#endif

/*
 * The system call number goes in x8 (arm64) or r7 (ARM EABI), the arguments in
 * x0-x5 or r0-r5, the result comes back in x0 or r0; "svc #0" on both.
 */
#if defined(__aarch64__)
#define NR_REG		"x8"
#define ARG_REG(n)	"x" #n
#else
#define NR_REG		"r7"
#define ARG_REG(n)	"r" #n
#endif

/* A raw system call with up to six arguments; returns -errno on failure. */
static long sys6(long nr, long a, long b, long c, long d, long e, long f)
{
	register long rnr __asm__(NR_REG) = nr;
	register long r0 __asm__(ARG_REG(0)) = a;
	register long r1 __asm__(ARG_REG(1)) = b;
	register long r2 __asm__(ARG_REG(2)) = c;
	register long r3 __asm__(ARG_REG(3)) = d;
	register long r4 __asm__(ARG_REG(4)) = e;
	register long r5 __asm__(ARG_REG(5)) = f;

	__asm__ volatile("svc #0"
			 : "+r"(r0)
			 : "r"(rnr), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5)
			 : "memory");
	return r0;
}

#define sys3(nr, a, b, c) sys6(nr, (long)(a), (long)(b), (long)(c), 0, 0, 0)

/* The uapi struct sockaddr_alg (include/uapi/linux/if_alg.h). */
struct sockaddr_alg {
	unsigned short salg_family;
	unsigned char salg_type[14];
	unsigned int salg_feat;
	unsigned int salg_mask;
	unsigned char salg_name[64];
};

/* Messages up to 1 MiB (the NIST long messages are at most 12.8 KB). */
static unsigned char msg[1 << 20];
static unsigned char key[4096];
static char line[4096];

/* The compiler may emit calls to these for the loops below. */
void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;

	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

static size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static void out(const char *s, size_t n)
{
	while (n) {
		long w = sys3(NR_write, 1, s, n);

		if (w <= 0)
			sys6(NR_exit_group, 2, 0, 0, 0, 0, 0);
		s += w;
		n -= (size_t)w;
	}
}

/* append: add S to the pending output line at *pos (truncated to fit). */
static void append(size_t *pos, const char *s)
{
	while (*s && *pos < sizeof(line) - 2)
		line[(*pos)++] = *s++;
}

static void append_num(size_t *pos, unsigned long v)
{
	char buf[24];
	int i = sizeof(buf) - 1;

	buf[i] = 0;
	do {
		buf[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v && i > 0);
	append(pos, buf + i);
}

/* read_file: the whole of PATH into BUF; its length, or -errno. */
static long read_file(const char *path, unsigned char *buf, size_t cap)
{
	long fd = sys6(NR_openat, AT_FDCWD, (long)path, O_RDONLY, 0, 0, 0);
	size_t len = 0;
	long r;

	if (fd < 0)
		return fd;
	for (;;) {
		if (len == cap) {
			r = -27;	/* EFBIG: larger than the buffer */
			break;
		}
		r = sys3(NR_read, fd, buf + len, cap - len);
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	sys3(NR_close, fd, 0, 0);
	return r < 0 ? r : (long)len;
}

/* The length of piece number K of a split message: 1 to 200 bytes. */
static size_t piece_len(unsigned long seed, unsigned long k)
{
	unsigned long x = (seed + 1) * 2654435761UL + k * 40503UL;

	x ^= x >> 13;
	return 1 + x % 200;
}

/*
 * hash_one: hash LEN bytes of msg[] through a new operation socket of TFM;
 * the digest's length, or -errno with *step naming what failed.
 */
static long hash_one(long tfm, size_t len, int split, unsigned long seed,
		     unsigned char *digest, size_t cap, const char **step)
{
	long op = sys3(NR_accept, tfm, 0, 0);
	size_t done = 0;
	unsigned long k = 0;
	long r = 0;

	*step = "accept";
	if (op < 0)
		return op;
	*step = "send";
	while (done < len) {
		size_t n = len - done;
		int flags = 0;

		if (split && n > piece_len(seed, k)) {
			n = piece_len(seed, k++);
			flags = MSG_MORE;
		}
		r = sys6(NR_sendto, op, (long)(msg + done), (long)n, flags, 0, 0);
		if (r < 0)
			goto close;
		done += (size_t)r;
	}
	*step = "read";
	r = sys3(NR_read, op, digest, cap);
close:
	sys3(NR_close, op, 0, 0);
	return r;
}

int rsha_main(int argc, char **argv)
{
	static const char hex[] = "0123456789abcdef";
	struct sockaddr_alg sa;
	unsigned char digest[64];
	int i = 1, split = 0, bad = 0;
	size_t n;
	long tfm;

	if (i < argc && argv[i][0] == '-' && argv[i][1] == 's' && !argv[i][2]) {
		split = 1;
		i++;
	}
	if (argc - i < 1) {
		static const char usage[] = "usage: afalg-hash [-s] ALG FILE[:KEYFILE]...\n";

		sys3(NR_write, 2, usage, sizeof(usage) - 1);
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	memcpy(sa.salg_type, "hash", 5);
	n = str_len(argv[i]);
	if (n >= sizeof(sa.salg_name)) {
		static const char toolong[] = "afalg-hash: algorithm name too long\n";

		sys3(NR_write, 2, toolong, sizeof(toolong) - 1);
		return 2;
	}
	memcpy(sa.salg_name, argv[i], n + 1);
	i++;

	tfm = sys3(NR_socket, AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm >= 0) {
		long r = sys3(NR_bind, tfm, &sa, sizeof(sa));

		if (r < 0)
			tfm = r;
	}

	for (; i < argc; i++) {
		char *file = argv[i], *keyfile = 0;
		const char *step = "bind";
		size_t pos = 0;
		long r = tfm, len;

		for (char *c = file; *c; c++) {
			if (*c == ':') {
				*c = 0;
				keyfile = c + 1;
				break;
			}
		}
		append(&pos, file);
		append(&pos, " ");
		if (r >= 0 && keyfile) {
			step = "key";
			r = read_file(keyfile, key, sizeof(key));
			if (r >= 0)
				r = sys6(NR_setsockopt, tfm, SOL_ALG, ALG_SET_KEY, (long)key, r, 0);
		}
		if (r >= 0) {
			step = "message";
			len = read_file(file, msg, sizeof(msg));
			r = len;
			if (len >= 0)
				r = hash_one(tfm, (size_t)len, split, (unsigned long)i, digest,
					     sizeof(digest), &step);
		}
		if (r > 0) {
			for (long b = 0; b < r; b++) {
				char h[3] = { hex[digest[b] >> 4], hex[digest[b] & 15], 0 };

				append(&pos, h);
			}
		} else {
			append(&pos, "ERROR:");
			append(&pos, step);
			append(&pos, ":");
			append_num(&pos, r < 0 ? (unsigned long)-r : 0);
			bad = 1;
		}
		line[pos++] = '\n';
		out(line, pos);
	}
	return bad;
}

/* Entry: the kernel leaves argc at [sp], then argv[]; no libc, no auxv use. */
__noreturn __used void rsha_start_c(long *sp)
{
	int rc = rsha_main((int)sp[0], (char **)(sp + 1));

	for (;;)
		sys6(NR_exit_group, rc, 0, 0, 0, 0, 0);
}

#if defined(__aarch64__)
__asm__(".text\n.global _start\n_start:\n\tmov x29, #0\n\tmov x30, #0\n"
	"\tmov x0, sp\n\tbl rsha_start_c\n");
#else
__asm__(".text\n.arm\n.global _start\n_start:\n\tmov fp, #0\n\tmov lr, #0\n"
	"\tmov r0, sp\n\tbl rsha_start_c\n");
#endif
