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
 *   afalg-hash -c REF ALG COUNT SEED
 *
 * Compare mode: COUNT pseudo-random messages (0 to 5000 bytes; the first ones
 * at the lengths where SHA-1/2 padding changes, then random lengths, many of
 * them next to a multiple of 64 bytes), each hashed with REF in one write and
 * with ALG four ways: in one write (digest()), as a chain of random MSG_MORE
 * pieces (update()s), and after a random prefix sent with MSG_MORE, on a copy
 * of the operation socket made by accept() on it (the kernel copies the hash
 * state with the driver's export() and import()) as well as on the original
 * socket, each continued with the same rest. The way a chain ends is random
 * too: the last piece without MSG_MORE (finup()), a zero-length send without
 * MSG_MORE, or reading the digest (both final()). Each way's digest must equal
 * REF's. A line on standard output per way that differs or fails, naming the
 * message (index, length, buffer offset) and the split points, and then
 *
 *   ALG REF COUNT messages (seed SEED): N mismatches, E errors
 *
 * counting messages. When ALG is an HMAC (its name starts with "hmac"), each
 * message has a key of its own, 0 to 300 random bytes (shorter than, as long
 * as and longer than a block), set on both transforms before it is hashed.
 * Everything random follows from SEED and the message's
 * index: the same arguments hash the same messages the same ways. Exit status
 * 0 when no message differed or failed, 1 otherwise, 2 on a usage error.
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
/* From the kernel's <linux/array_size.h>, without its array check. */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define AF_ALG		38
#define SOCK_SEQPACKET	5
#define SOL_ALG		279
#define ALG_SET_KEY	1
#define MSG_MORE	0x8000
#define EIO		5
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
#elif defined(__x86_64__)
#define NR_read		0
#define NR_write	1
#define NR_close	3
#define NR_socket	41
#define NR_accept	43
#define NR_sendto	44
#define NR_bind		49
#define NR_setsockopt	54
#define NR_exit_group	231
#define NR_openat	257
#else
#error "afalg-hash: arm64, 32-bit ARM or x86_64 only"
#endif

/*
 * The system call number goes in x8 (arm64) or r7 (ARM EABI), the arguments in
 * x0-x5 or r0-r5, the result comes back in x0 or r0; "svc #0" on both. x86_64:
 * the number in rax, the arguments in rdi, rsi, rdx, r10, r8, r9, the result in
 * rax; "syscall" clobbers rcx and r11.
 */
#if defined(__x86_64__)
static long sys6(long nr, long a, long b, long c, long d, long e, long f)
{
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}
#else
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
#endif

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

static void append_hex(size_t *pos, const unsigned char *p, long n)
{
	static const char hex[] = "0123456789abcdef";

	for (long b = 0; b < n; b++) {
		char h[3] = { hex[p[b] >> 4], hex[p[b] & 15], 0 };

		append(pos, h);
	}
}

static void print_usage(void)
{
	static const char text[] = "usage: afalg-hash [-s] ALG FILE[:KEYFILE]...\n"
				   "       afalg-hash -c REF ALG COUNT SEED\n";

	sys3(NR_write, 2, text, sizeof(text) - 1);
}

/* bind_hash: a transform socket bound to hash algorithm NAME, or -errno. */
static long bind_hash(const char *name)
{
	struct sockaddr_alg sa;
	size_t n = str_len(name);
	long tfm, r;

	if (n >= sizeof(sa.salg_name))
		return -36;	/* ENAMETOOLONG */
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	memcpy(sa.salg_type, "hash", 5);
	memcpy(sa.salg_name, name, n + 1);
	tfm = sys3(NR_socket, AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		return tfm;
	r = sys3(NR_bind, tfm, &sa, sizeof(sa));
	if (r < 0) {
		sys3(NR_close, tfm, 0, 0);
		return r;
	}
	return tfm;
}

/*
 * Compare mode. Random numbers: xorshift64, started for each message from
 * (seed, index) through the splitmix64 finaliser, so that a message's bytes
 * and splits do not depend on the messages before it. No division anywhere:
 * on 32-bit ARM it would be a call into a runtime library this program lacks.
 */
static unsigned long long prng_state;

static void prng_start(unsigned int seed, unsigned int index)
{
	unsigned long long z = ((unsigned long long)seed << 32 | index) + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	/* xorshift's state must not be 0, which it would never leave. */
	prng_state = z ? z : 1;
}

static unsigned int prng_next(void)
{
	prng_state ^= prng_state << 13;
	prng_state ^= prng_state >> 7;
	prng_state ^= prng_state << 17;
	return (unsigned int)(prng_state >> 32);
}

/* A number from 0 to N - 1 (N > 0): the top bits of a 32x32-bit product. */
static unsigned int prng_below(unsigned int n)
{
	return (unsigned int)(((unsigned long long)prng_next() * n) >> 32);
}

#define COMPARE_MAX_LEN		5000
/* Where the message may start in msg[]: any alignment the driver may see. */
#define COMPARE_MAX_OFFSET	64

/*
 * The first messages' lengths: empty, one byte, and either side of the
 * lengths where SHA-1/224/256 (64-byte blocks, 9 bytes of padding at least)
 * and SHA-384/512 (128-byte blocks, 17 bytes) need one more block for the
 * padding or for the data, then lengths around a page.
 */
static const unsigned short edge_lengths[] = {
	0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129,
	239, 240, 255, 256, 257, 4095, 4096, 4097, COMPARE_MAX_LEN,
};

static size_t random_length(void)
{
	size_t n;

	switch (prng_below(4)) {
	case 0:		/* a few blocks: most of the padding cases */
		return prng_below(300);
	case 1:		/* within 2 bytes of a multiple of 64 (of 128 when even) */
		n = 64 * prng_below(COMPARE_MAX_LEN / 64) + prng_below(5);
		return n < 2 ? n : n - 2;
	default:
		return prng_below(COMPARE_MAX_LEN + 1);
	}
}

/* The next piece of a split message with LEFT (> 0) bytes still to send. */
static size_t random_piece(size_t left)
{
	size_t n;

	switch (prng_below(4)) {
	case 0:		/* less than a block: the driver must buffer it */
		n = 1 + prng_below(16);
		break;
	case 1:		/* one to four blocks, give or take a byte */
		n = 64 * (1 + prng_below(4)) + prng_below(3) - 1;
		break;
	case 2:
		n = 1 + prng_below(300);
		break;
	default:	/* anything up to the whole rest */
		n = 1 + prng_below((unsigned int)left);
		break;
	}
	return n < left ? n : left;
}

/* How a chain of MSG_MORE sends ends (see the comment at the top). */
enum chain_end { END_FINUP, END_EMPTY_SEND, END_READ, END_COUNT };
static const char *const end_names[END_COUNT] = { "finup", "empty-send", "read" };

/* What failed, for the report: set by the steps below before they run. */
static const char *failed_step;

/*
 * send_piece: N bytes at P on operation socket OP in one sendto(); 0 or
 * -errno. The kernel takes fewer bytes only when hashing failed part way and
 * it drops the error: -EIO then.
 */
static long send_piece(long op, const unsigned char *p, size_t n, int flags)
{
	long r = sys6(NR_sendto, op, (long)p, (long)n, flags, 0, 0);

	if (r >= 0 && (size_t)r != n)
		r = -EIO;
	return r < 0 ? r : 0;
}

/* send_last: the last N bytes of a message (N may be 0), ended as END says. */
static long send_last(long op, const unsigned char *p, size_t n, enum chain_end end)
{
	long r = 0;

	if (n || end == END_FINUP)
		r = send_piece(op, p, n, end == END_FINUP ? 0 : MSG_MORE);
	if (!r && end == END_EMPTY_SEND)
		r = send_piece(op, p + n, 0, 0);
	return r;
}

/*
 * hash_pieces: NPIECES pieces at P, of the lengths in PIECES (one write when
 * NPIECES is 1), through a new operation socket of TFM, the chain ended as
 * END; the digest's length, or -errno with failed_step set.
 */
static long hash_pieces(long tfm, const unsigned char *p, const unsigned short *pieces,
			size_t npieces, enum chain_end end, unsigned char *digest)
{
	long op, r = 0;
	size_t k;

	failed_step = "accept on the transform socket";
	op = sys3(NR_accept, tfm, 0, 0);
	if (op < 0)
		return op;
	failed_step = "send";
	for (k = 0; k + 1 < npieces && !r; k++) {
		r = send_piece(op, p, pieces[k], MSG_MORE);
		p += pieces[k];
	}
	if (!r)
		r = send_last(op, p, npieces ? pieces[npieces - 1] : 0, end);
	if (!r) {
		failed_step = "read";
		r = sys3(NR_read, op, digest, 64);
	}
	sys3(NR_close, op, 0, 0);
	return r;
}

/*
 * hash_cloned: P[0..PREFIX) with MSG_MORE on a new operation socket of TFM,
 * accept() on that socket for a clone, then P[PREFIX..LEN) ended as END on
 * the clone and then on the original; their digests' length, or -errno with
 * failed_step set. Both digests have the same length (same transform).
 */
static long hash_cloned(long tfm, const unsigned char *p, size_t len, size_t prefix,
			enum chain_end end, unsigned char *clone_digest,
			unsigned char *parent_digest)
{
	long op, clone, r;

	failed_step = "accept on the transform socket";
	op = sys3(NR_accept, tfm, 0, 0);
	if (op < 0)
		return op;
	failed_step = "send the prefix";
	r = send_piece(op, p, prefix, MSG_MORE);
	if (r < 0)
		goto close_op;
	failed_step = "accept on the operation socket (export, import)";
	clone = sys3(NR_accept, op, 0, 0);
	if (clone < 0) {
		r = clone;
		goto close_op;
	}
	failed_step = "send the rest on the clone";
	r = send_last(clone, p + prefix, len - prefix, end);
	if (!r) {
		failed_step = "send the rest on the original";
		r = send_last(op, p + prefix, len - prefix, end);
	}
	if (!r) {
		failed_step = "read from the clone";
		r = sys3(NR_read, clone, clone_digest, 64);
	}
	if (r > 0) {
		long parent_len = sys3(NR_read, op, parent_digest, 64);

		failed_step = "read from the original";
		if (parent_len < 0)
			r = parent_len;
		else if (parent_len != r)
			r = -EIO;	/* cannot be: one transform, one digest size */
	}
	sys3(NR_close, clone, 0, 0);
close_op:
	sys3(NR_close, op, 0, 0);
	return r;
}

/* The message being compared, for the report lines. */
struct compare_msg {
	unsigned int index;
	size_t len, offset;
	long key_len;	/* -1: no key */
	const char *alg, *ref;
};

#define COMPARE_MAX_KEY		300

/* report_head: start a report line on message M, way WAY. */
static size_t report_head(const char *kind, const struct compare_msg *m, const char *way)
{
	size_t pos = 0;

	append(&pos, kind);
	append(&pos, " msg ");
	append_num(&pos, m->index);
	append(&pos, " len ");
	append_num(&pos, m->len);
	append(&pos, " offset ");
	append_num(&pos, m->offset);
	if (m->key_len >= 0) {
		append(&pos, " key ");
		append_num(&pos, (unsigned long)m->key_len);
	}
	append(&pos, " ");
	append(&pos, way);
	return pos;
}

static void report_end(size_t pos)
{
	line[pos++] = '\n';
	out(line, pos);
}

/*
 * check: the result R (digest length or -errno) of way WAY (HOW: its split
 * points, or "") against REF's digest (REF_LEN bytes); 0 when it matches, 1
 * when it differs, 2 when it failed, each but the first reported.
 */
static int check(const struct compare_msg *m, const char *way, const char *how, long r,
		 const unsigned char *digest, const unsigned char *ref, long ref_len)
{
	size_t pos;
	long b = 0;

	if (r < 0) {
		pos = report_head("ERROR", m, way);
		append(&pos, how);
		append(&pos, ": ");
		append(&pos, failed_step);
		append(&pos, ": errno ");
		append_num(&pos, (unsigned long)-r);
		report_end(pos);
		return 2;
	}
	if (r == ref_len)
		while (b < r && digest[b] == ref[b])
			b++;
	if (r == ref_len && b == r)
		return 0;
	pos = report_head("MISMATCH", m, way);
	append(&pos, how);
	append(&pos, ": ");
	append(&pos, m->alg);
	append(&pos, " ");
	append_hex(&pos, digest, r);
	append(&pos, " ");
	append(&pos, m->ref);
	append(&pos, " ");
	append_hex(&pos, ref, ref_len);
	report_end(pos);
	return 1;
}

/* parse_u32: the decimal number S, at most 2^32 - 1; 0 when it is not one. */
static int parse_u32(const char *s, unsigned int *v)
{
	unsigned long long n = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return 0;
		n = n * 10 + (unsigned int)(*s - '0');
		if (n > 0xffffffffULL)
			return 0;
	}
	*v = (unsigned int)n;
	return 1;
}

/* The split points of one message: at most one piece per byte. */
static unsigned short pieces[COMPARE_MAX_LEN + 1];
static char how[sizeof(line)];

/* describe_pieces: "(pieces A+B+... then END)" into how[] (truncated to fit). */
static void describe_pieces(size_t npieces, enum chain_end end)
{
	size_t pos = 0, k;

	append(&pos, npieces ? " (pieces " : " (no pieces");
	for (k = 0; k < npieces; k++) {
		if (k)
			append(&pos, "+");
		append_num(&pos, pieces[k]);
	}
	append(&pos, " then ");
	append(&pos, end_names[end]);
	append(&pos, ")");
	line[pos] = 0;
	memcpy(how, line, pos + 1);
}

static void describe_clone(size_t prefix, enum chain_end end)
{
	size_t pos = 0;

	append(&pos, " (prefix ");
	append_num(&pos, prefix);
	append(&pos, " then ");
	append(&pos, end_names[end]);
	append(&pos, ")");
	line[pos] = 0;
	memcpy(how, line, pos + 1);
}

static int compare(int argc, char **argv)
{
	unsigned char ref_digest[64], digest[64], parent_digest[64];
	unsigned int count, seed, i, mismatches = 0, errors = 0;
	struct compare_msg m;
	long ref_tfm, tfm;
	size_t pos = 0;

	if (argc != 6 || !parse_u32(argv[4], &count) || !parse_u32(argv[5], &seed)) {
		print_usage();
		return 2;
	}
	m.ref = argv[2];
	m.alg = argv[3];
	m.key_len = -1;
	ref_tfm = bind_hash(m.ref);
	tfm = bind_hash(m.alg);
	if (ref_tfm < 0 || tfm < 0) {
		append(&pos, "ERROR bind ");
		append(&pos, ref_tfm < 0 ? m.ref : m.alg);
		append(&pos, ": errno ");
		append_num(&pos, (unsigned long)-(ref_tfm < 0 ? ref_tfm : tfm));
		report_end(pos);
		errors = count;
		goto summary;
	}
	for (i = 0; i < count; i++) {
		unsigned short whole;
		const unsigned char *p;
		size_t left, npieces = 0, prefix, k;
		enum chain_end end;
		long ref_len, r;
		int worst = 0, c;

		prng_start(seed, i);
		m.index = i;
		m.len = i < ARRAY_SIZE(edge_lengths) ?
			edge_lengths[i] : random_length();
		m.offset = prng_below(COMPARE_MAX_OFFSET);
		p = msg + m.offset;
		for (k = 0; k < m.len; k++)
			msg[m.offset + k] = (unsigned char)prng_next();
		if (m.alg[0] == 'h' && m.alg[1] == 'm' && m.alg[2] == 'a' && m.alg[3] == 'c') {
			m.key_len = prng_below(COMPARE_MAX_KEY + 1);
			for (k = 0; k < (size_t)m.key_len; k++)
				key[k] = (unsigned char)prng_next();
			r = sys6(NR_setsockopt, ref_tfm, SOL_ALG, ALG_SET_KEY, (long)key,
				 m.key_len, 0);
			if (r >= 0)
				r = sys6(NR_setsockopt, tfm, SOL_ALG, ALG_SET_KEY, (long)key,
					 m.key_len, 0);
			if (r < 0) {
				check(&m, "setkey", "", r, 0, 0, 0);
				errors++;
				continue;
			}
		}

		/* The reference, then ours in one write: digest(). */
		whole = (unsigned short)m.len;
		ref_len = hash_pieces(ref_tfm, p, &whole, 1, END_FINUP, ref_digest);
		if (ref_len < 0) {
			check(&m, "reference", "", ref_len, 0, 0, 0);
			errors++;
			continue;
		}
		r = hash_pieces(tfm, p, &whole, 1, END_FINUP, digest);
		worst = check(&m, "one-write", "", r, digest, ref_digest, ref_len);

		/* Random MSG_MORE pieces: init(), update()s, finup() or final(). */
		for (left = m.len; left; left -= pieces[npieces - 1])
			pieces[npieces++] = (unsigned short)random_piece(left);
		end = (enum chain_end)prng_below(END_COUNT);
		describe_pieces(npieces, end);
		r = hash_pieces(tfm, p, pieces, npieces, end, digest);
		c = check(&m, "split", how, r, digest, ref_digest, ref_len);
		worst = c > worst ? c : worst;

		/*
		 * A prefix of at least one byte, so that the socket has a state to
		 * export (after none, accept() copies nothing), up to the whole.
		 */
		prefix = m.len ? 1 + prng_below((unsigned int)m.len) : 0;
		end = (enum chain_end)prng_below(END_COUNT);
		describe_clone(prefix, end);
		r = hash_cloned(tfm, p, m.len, prefix, end, digest, parent_digest);
		c = check(&m, "clone", how, r, digest, ref_digest, ref_len);
		worst = c > worst ? c : worst;
		if (r >= 0) {
			c = check(&m, "clone-original", how, r, parent_digest, ref_digest,
				  ref_len);
			worst = c > worst ? c : worst;
		}
		mismatches += worst == 1;
		errors += worst == 2;
	}
	sys3(NR_close, tfm, 0, 0);
	sys3(NR_close, ref_tfm, 0, 0);
summary:
	pos = 0;
	append(&pos, m.alg);
	append(&pos, " ");
	append(&pos, m.ref);
	append(&pos, " ");
	append_num(&pos, count);
	append(&pos, " messages (seed ");
	append_num(&pos, seed);
	append(&pos, "): ");
	append_num(&pos, mismatches);
	append(&pos, " mismatches, ");
	append_num(&pos, errors);
	append(&pos, " errors");
	report_end(pos);
	return mismatches || errors;
}

int rsha_main(int argc, char **argv)
{
	unsigned char digest[64];
	int i = 1, split = 0, bad = 0;
	long tfm;

	if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'c' && !argv[1][2])
		return compare(argc, argv);
	if (i < argc && argv[i][0] == '-' && argv[i][1] == 's' && !argv[i][2]) {
		split = 1;
		i++;
	}
	if (argc - i < 1) {
		print_usage();
		return 2;
	}
	if (str_len(argv[i]) >= sizeof(((struct sockaddr_alg *)0)->salg_name)) {
		static const char toolong[] = "afalg-hash: algorithm name too long\n";

		sys3(NR_write, 2, toolong, sizeof(toolong) - 1);
		return 2;
	}
	tfm = bind_hash(argv[i++]);

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
			append_hex(&pos, digest, r);
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
#elif defined(__x86_64__)
/* rsp is 16-byte aligned at entry; the call leaves it as the ABI wants it. */
__asm__(".text\n.global _start\n_start:\n\txor %ebp, %ebp\n"
	"\tmov %rsp, %rdi\n\tand $-16, %rsp\n\tcall rsha_start_c\n\tud2\n");
#else
__asm__(".text\n.arm\n.global _start\n_start:\n\tmov fp, #0\n\tmov lr, #0\n"
	"\tmov r0, sp\n\tbl rsha_start_c\n");
#endif
