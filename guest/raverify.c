// SPDX-License-Identifier: GPL-2.0
/*
 * raverify: read a file of known content through one kernel read path and
 * check every byte, for the data integrity tests.
 *
 *   raverify [--sparse] FILE ID PATH [ARG]
 *   raverify [--sparse] --write FILE ID OFFSET LEN
 *                                          write the content of that range
 *                                          (--sparse: every odd MiB a hole,
 *                                          which reads as zeroes)
 *   raverify --churn FILE ID SECS GENMAP   for SECS seconds, truncate FILE
 *                                          to a page boundary or append to
 *                                          it (0..32 MiB): what "follow"
 *                                          runs against
 *
 * The content is a function of the file id, a generation and the offset:
 * the little-endian 64-bit word at offset p (a multiple of 8) is
 * ID << 48 | GEN << 32 | p / 8, so a wrong, stale or zeroed page shows
 * which offset and which write it came from. --write makes such files
 * (generation 0). --churn gives each extension a new generation and keeps,
 * per page, in the shared file GENMAP, the generation of the write that
 * created the page (stored after the write) and of the last write that
 * touched it (stored before): a word read between those two snapshots must
 * carry a generation between them, so a page left over from before a
 * truncation (an older generation) is told from a right one. With
 * RAVERIFY_STALE=1 in its environment, --churn writes each new page with
 * the generation before its own: the stale page "follow" must report.
 *
 * PATH is one of:
 *   read BS           read(2) from the start, BS bytes per call
 *   pread N           N preads of 1..64 KiB at random offsets (fixed seed)
 *   interleave N      N threads on one fd, each preading its own region
 *   mmap              fault every page of a mapping in order
 *   mmap-random N     N faults at random pages
 *   fadvise ADVICE    posix_fadvise(ADVICE: willneed|sequential|random)
 *                     over the whole file, then read(2)
 *   readahead         readahead(2) of each next 1 MiB, then read(2) it
 *   lseek N           N lseek(2) + read(2) pairs at random offsets
 *   splice            splice(2) into a pipe, read the pipe
 *   sendfile          sendfile(2) into a pipe, read the pipe
 *   direct BS         BS-byte chunks read in turn with O_DIRECT and buffered
 *   nowait            preadv2(RWF_NOWAIT), a plain pread when not cached
 *   io-uring DEPTH    IORING_OP_READ of 64 KiB, DEPTH requests in flight
 *   madvise ADVICE    madvise(ADVICE: willneed|sequential|random|hugepage)
 *                     on a mapping of the file, then fault it in order
 *   copy DEST         copy_file_range(2) into DEST, then read DEST
 *   procs N           N processes, each its own fd and region
 *   eio START END     pread page by page: the pages holding a byte of
 *                     [START, END) must fail with EIO, the others be right
 *   streams N KBPS    N threads, each its own fd and region, read 4 KiB at
 *                     a time at KBPS KB/s: thrashing in a small cgroup
 *   follow SECS GENMAP  read(2) to EOF again and again for SECS seconds while
 *                     --churn truncates/extends the file: a read may end
 *                     early, but what it returns must be right and no
 *                     older than the page it came from
 *
 * With RAVERIFY_ENOMEM_OK=1 in the environment, the process's allocations
 * may fail (fault injection's make-it-fail) while it reads, and read(2)
 * is retried after ENOMEM or EIO ("read" only).
 *
 * Prints "verified BYTES mismatches N" (bytes); exits 1 if N > 0, if a read
 * came back short inside the file (or a whole-file path got less than the
 * file), or on any error, after printing the first mismatches.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHUNK (64 << 10)

static uint64_t id;
static long long verified, mismatches;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void die(const char *what)
{
	fprintf(stderr, "raverify: %s: %s\n", what, strerror(errno));
	exit(1);
}

static unsigned int gen;		/* of what --write and --churn write */
static int enomem_ok;
static long long enomem_retries, eio_retries;

static uint64_t word_at(long long p, unsigned int g)
{
	return id << 48 | (uint64_t)g << 32 | (uint64_t)p / 8;
}

/* --sparse: every odd MiB of the file is a hole */
static int sparse;

#define ZERO_WORD 0x10000		/* a generation no word carries */

/* The expected byte at offset p. */
static unsigned char byte_at(long long p, unsigned int g)
{
	if ((sparse && (p >> 20 & 1)) || g == ZERO_WORD)
		return 0;
	return word_at(p & ~7LL, g) >> (8 * (p & 7));
}

/* The generation map --churn keeps and "follow" reads (see the top). */
#define MAP_PAGES (64 << 20 >> 12)
struct genmap {
	uint32_t last;			/* the newest generation */
	uint32_t truncating;		/* odd while a truncation runs */
	uint32_t created[MAP_PAGES];	/* stored after the write */
	uint32_t touched[MAP_PAGES];	/* stored before the write */
};
static struct genmap *map;
/* follow: per page of the current read, the generations allowed */
static uint32_t *gen_lo, *gen_hi;
static long long gen_first_page, newer_words, zero_reads;
/*
 * A read that overlapped a truncation may return zeroes where the
 * truncation cut a large folio (truncate_inode_partial_folio() zeroes the
 * cut part before it splits the folio; a read that sampled i_size before
 * copies them): such a read may hold all-zero words.
 */
static int zero_words_ok;

static struct genmap *open_genmap(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT, 0600);
	void *p;

	if (fd < 0 || ftruncate(fd, sizeof(struct genmap)))
		die(path);
	p = mmap(NULL, sizeof(struct genmap), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		die("mmap genmap");
	close(fd);
	return p;
}

/*
 * The generation word a must carry: 0, or in follow, the generation it
 * holds when that is within the allowed range of its page (else the
 * lowest allowed, which will not match).
 */
static unsigned int gen_of(const unsigned char *buf, long long off, long long len, long long a)
{
	long long page = a / 4096 - gen_first_page;
	uint64_t w;
	unsigned int g;

	if (!gen_lo)
		return 0;
	if (a < off || a + 8 > off + len)
		return gen_lo[page];
	memcpy(&w, buf + (a - off), 8);
	if (!w && zero_words_ok)
		return ZERO_WORD;
	g = w >> 32 & 0xffff;
	if (g < gen_lo[page] || g > gen_hi[page])
		return gen_lo[page];
	newer_words += g > 0;
	return g;
}

/* Check len bytes of buf, which were read from offset off. */
static void check(const unsigned char *buf, long long off, long long len)
{
	long long i, bad = 0;
	unsigned int g = 0;

	for (i = 0; i < len; i++) {
		if (i == 0 || !((off + i) & 7))
			g = gen_of(buf, off, len, (off + i) & ~7LL);
		if (buf[i] == byte_at(off + i, g))
			continue;
		if (!bad++ && mismatches < 5) {
			uint64_t w = 0;
			long long a = (off + i) & ~7LL;

			if (a >= off && a + 8 <= off + len)
				memcpy(&w, buf + (a - off), 8);
			fprintf(stderr, "raverify: mismatch at %lld: word %#llx (id %llu, generation %llu, offset %llu), expected %#llx\n",
				off + i, (unsigned long long)w,
				(unsigned long long)(w >> 48),
				(unsigned long long)(w >> 32 & 0xffff),
				(unsigned long long)(w & 0xffffffffULL) * 8,
				(unsigned long long)word_at(a, g));
		}
	}
	pthread_mutex_lock(&lock);
	verified += len;
	mismatches += bad;
	pthread_mutex_unlock(&lock);
}

static uint64_t rnd_state = 20100202;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

/*
 * Fault injection's task filter: allocations of this process may fail
 * from "1" on (set once the program is loaded, so exec cannot fail) until
 * "0" (before the result is printed). The file is opened once, before the
 * failures start: opening it allocates, writing to it does not.
 */
static int make_it_fail_fd = -1;

static void make_it_fail(const char *on)
{
	if (make_it_fail_fd < 0)
		make_it_fail_fd = open("/proc/self/make-it-fail", O_WRONLY);
	if (make_it_fail_fd < 0 || pwrite(make_it_fail_fd, on, 1, 0) != 1)
		die("make-it-fail");
}

/* read(2) from the current offset to EOF, checking; returns bytes read. */
static long long read_all(int fd, long long off, size_t bs)
{
	unsigned char *buf = malloc(bs);
	long long start = off;
	ssize_t n;

	if (!buf)
		die("malloc");
	if (enomem_ok) {	/* the buffer's pages first, then the failures */
		memset(buf, 0, bs);
		make_it_fail("1");
	}
	for (;;) {
		n = read(fd, buf, bs);
		/*
		 * RAVERIFY_ENOMEM_OK: allocation failures are being injected.
		 * Some come back as ENOMEM, and some as EIO: ext4's read_folio
		 * fails the folio when its extent lookup cannot allocate.
		 */
		if (n < 0 && (errno == ENOMEM || errno == EIO) && enomem_ok) {
			if (errno == ENOMEM)
				enomem_retries++;
			else
				eio_retries++;
			continue;
		}
		if (n <= 0)
			break;
		check(buf, off, n);
		off += n;
	}
	if (n < 0)
		die("read");
	free(buf);
	return off - start;
}

/* Move fd's content into a pipe by splice(2) or sendfile(2), check what comes out. */
static void through_pipe(int fd, off_t size, int use_splice)
{
	unsigned char *buf = malloc(CHUNK);
	off_t off = 0;
	int p[2];

	if (!buf || pipe(p))
		die("pipe");
	while (off < size) {
		loff_t in = off;
		ssize_t n, got = 0;

		if (use_splice)
			n = splice(fd, &in, p[1], NULL, CHUNK, 0);
		else
			n = sendfile(p[1], fd, &in, CHUNK);
		if (n < 0)
			die(use_splice ? "splice" : "sendfile");
		if (!n)
			break;
		while (got < n) {
			ssize_t r = read(p[0], buf + got, n - got);

			if (r <= 0)
				die("read pipe");
			got += r;
		}
		check(buf, off, n);
		off += n;
	}
	free(buf);
}

struct region {
	int fd;
	off_t start, len;
};

static void *interleaved_reader(void *arg)
{
	struct region *r = arg;
	unsigned char *buf = malloc(4096);
	off_t off;

	if (!buf)
		die("malloc");
	for (off = r->start; off < r->start + r->len; off += 4096) {
		off_t left = r->start + r->len - off;
		ssize_t want = left < 4096 ? left : 4096;
		ssize_t n = pread(r->fd, buf, want, off);

		if (n < 0)
			die("pread");
		if (n != want) {
			fprintf(stderr, "raverify: short pread at %lld: %zd of %zd\n",
				(long long)off, n, want);
			exit(1);
		}
		check(buf, off, n);
	}
	free(buf);
	return NULL;
}

struct advice {
	const char *name;
	int value;
};

static const struct advice fadvices[] = {
	{ "willneed", POSIX_FADV_WILLNEED }, { "sequential", POSIX_FADV_SEQUENTIAL },
	{ "random", POSIX_FADV_RANDOM }, { NULL },
};

static const struct advice madvices[] = {
	{ "willneed", MADV_WILLNEED }, { "sequential", MADV_SEQUENTIAL },
	{ "random", MADV_RANDOM }, { "hugepage", MADV_HUGEPAGE }, { NULL },
};

/* ADVICE of fadvise or madvise by its name */
static int advice(const struct advice *a, const char *name)
{
	for (; a->name; a++)
		if (!strcmp(name, a->name))
			return a->value;
	fprintf(stderr, "raverify: unknown advice %s\n", name);
	exit(2);
}

/* pwrite the content of [off, off + len) with generation gen */
static void pwrite_range(int fd, long long off, long long len)
{
	static unsigned char buf[CHUNK];
	long long i, n;

	for (; len > 0; off += n, len -= n) {
		n = len < CHUNK ? len : CHUNK;
		if (sparse && (off >> 20 & 1))
			continue;
		for (i = 0; i < n; i++)
			buf[i] = byte_at(off + i, gen);
		if (pwrite(fd, buf, n, off) != n)
			die("pwrite");
	}
}

static int write_range(const char *path, long long off, long long len)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0 || off < 0 || len < 0)
		die(path);
	if (sparse && ftruncate(fd, off + len))
		die("ftruncate");
	pwrite_range(fd, off, len);
	if (fsync(fd) || close(fd))
		die("fsync");
	return 0;
}

/*
 * Truncation only to page boundaries: a truncation inside a page zeroes its
 * tail, and a read racing with that may return the zeroes (a long-standing,
 * documented race of read vs truncate, not a readahead matter).
 */
static int churn(const char *path, long long secs, const char *genmap)
{
	time_t end = time(NULL) + secs;
	int fd = open(path, O_WRONLY), stale = getenv("RAVERIFY_STALE") != NULL;
	off_t size, len, p;
	unsigned int g;

	map = open_genmap(genmap);
	if (fd < 0)
		die(path);
	while (time(NULL) < end && map->last < 0xffff) {
		size = lseek(fd, 0, SEEK_END);
		if (size < 0)
			die("lseek");
		if (rnd() % 3 == 0 || size > 32 << 20) {
			/* odd while a truncation runs: see follow() */
			__atomic_add_fetch(&map->truncating, 1, __ATOMIC_SEQ_CST);
			if (ftruncate(fd, (rnd() % (size + 1)) & ~4095LL))
				die("ftruncate");
			__atomic_add_fetch(&map->truncating, 1, __ATOMIC_SEQ_CST);
			continue;
		}
		/* whole words, so that every read ends on a word boundary */
		len = rnd() % (1 << 20) & ~7LL;
		if (!len)
			continue;
		g = ++map->last;
		for (p = size / 4096; p <= (size + len - 1) / 4096; p++)
			__atomic_store_n(&map->touched[p], g, __ATOMIC_RELEASE);
		gen = g - stale;
		pwrite_range(fd, size, len);
		for (p = (size + 4095) / 4096; p <= (size + len - 1) / 4096; p++)
			__atomic_store_n(&map->created[p], g, __ATOMIC_RELEASE);
		if (fsync(fd))
			die("fsync");
	}
	close(fd);
	return 0;
}

/*
 * follow: pread(2) to EOF from the start, again and again, while --churn
 * truncates and extends the file; each call's pages are checked against
 * the generations created before it and touched until it returned.
 */
static void follow(int fd, long long secs, const char *genmap)
{
	time_t end = time(NULL) + secs;
	unsigned char *buf = malloc(16 * 4096);
	uint32_t lo[17], hi[17];	/* 16 pages read from a mid-page offset */
	long long off, k, pages;
	uint32_t truncs;
	ssize_t n;
	size_t bs;

	map = open_genmap(genmap);
	gen_lo = lo;
	gen_hi = hi;
	if (!buf)
		die("malloc");
	while (time(NULL) < end) {
		bs = 4096 * (1 + rnd() % 16);
		for (off = 0;; off += n) {
			gen_first_page = off / 4096;
			pages = (off + bs - 1) / 4096 - gen_first_page + 1;
			truncs = __atomic_load_n(&map->truncating, __ATOMIC_SEQ_CST);
			for (k = 0; k < pages; k++)
				lo[k] = __atomic_load_n(&map->created[gen_first_page + k], __ATOMIC_ACQUIRE);
			n = pread(fd, buf, bs, off);
			if (n < 0)
				die("read");
			if (!n)
				break;
			for (k = 0; k < pages; k++)
				hi[k] = __atomic_load_n(&map->touched[gen_first_page + k], __ATOMIC_ACQUIRE);
			zero_words_ok = (truncs & 1) ||
				truncs != __atomic_load_n(&map->truncating, __ATOMIC_SEQ_CST);
			zero_reads += zero_words_ok;
			check(buf, off, n);
		}
	}
	free(buf);
}

/* read exactly want bytes at off through fd (pread), or up to EOF */
static ssize_t pread_full(int fd, unsigned char *buf, size_t want, off_t off)
{
	ssize_t n, got = 0;

	while ((size_t)got < want) {
		n = pread(fd, buf + got, want - got, off + got);
		if (n < 0)
			die("pread");
		if (!n)
			break;
		got += n;
	}
	return got;
}

/* O_DIRECT and buffered reads of one file, chunk by chunk in turn */
static void direct_mixed(const char *file, int fd, off_t size, size_t bs)
{
	int dfd = open(file, O_RDONLY | O_DIRECT);
	unsigned char *buf;
	off_t off;
	ssize_t n;

	if (dfd < 0 || posix_memalign((void **)&buf, 4096, bs))
		die("O_DIRECT");
	for (off = 0; off < size; off += bs) {
		n = pread_full((off / bs) & 1 ? fd : dfd, buf, bs, off);
		if (n != (off + (off_t)bs < size ? (off_t)bs : size - off)) {
			fprintf(stderr, "raverify: short read at %lld\n", (long long)off);
			exit(1);
		}
		check(buf, off, n);
	}
	close(dfd);
	free(buf);
}

/* preadv2(RWF_NOWAIT): what is cached comes back at once, the rest with a plain pread */
static long long nowait(int fd, off_t size)
{
	unsigned char *buf = malloc(CHUNK);
	long long again = 0;
	off_t off = 0;
	ssize_t n;

	if (!buf)
		die("malloc");
	while (off < size) {
		struct iovec iov = { buf, CHUNK };

		n = preadv2(fd, &iov, 1, off, RWF_NOWAIT);
		if (n < 0 && errno == EAGAIN) {
			again++;
			n = pread(fd, buf, CHUNK, off);
		}
		if (n <= 0)
			die("preadv2");
		check(buf, off, n);
		off += n;
	}
	free(buf);
	return again;
}

/* io_uring reads, depth requests in flight, straight from the syscalls */
static void uring(int fd, off_t size, unsigned int depth)
{
	struct io_uring_params p = { 0 };
	unsigned int *sq_tail, *sq_mask, *sq_array, *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	unsigned char *sq, *cq, *bufs;
	off_t next = 0, done = 0, slot_off[64];
	unsigned int queued, free_slots[64], nfree;
	int ring = syscall(__NR_io_uring_setup, depth, &p);

	if (ring < 0)
		die("io_uring_setup");
	sq = mmap(NULL, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
	cq = mmap(NULL, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_CQ_RING);
	sqes = mmap(NULL, p.sq_entries * sizeof(*sqes), PROT_READ | PROT_WRITE,
		    MAP_SHARED, ring, IORING_OFF_SQES);
	bufs = malloc((size_t)depth * CHUNK);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqes == MAP_FAILED || !bufs)
		die("io_uring mmap");
	sq_tail = (unsigned int *)(sq + p.sq_off.tail);
	sq_mask = (unsigned int *)(sq + p.sq_off.ring_mask);
	sq_array = (unsigned int *)(sq + p.sq_off.array);
	cq_head = (unsigned int *)(cq + p.cq_off.head);
	cq_tail = (unsigned int *)(cq + p.cq_off.tail);
	cq_mask = (unsigned int *)(cq + p.cq_off.ring_mask);
	cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);

	for (nfree = 0; nfree < depth; nfree++)
		free_slots[nfree] = nfree;
	while (done < size) {
		/* one request per free buffer; completions may come in any order */
		for (queued = 0; nfree && next < size; queued++) {
			unsigned int tail = *sq_tail, slot = free_slots[--nfree];
			struct io_uring_sqe *e = &sqes[tail & *sq_mask];

			memset(e, 0, sizeof(*e));
			e->opcode = IORING_OP_READ;
			e->fd = fd;
			e->off = next;
			e->addr = (unsigned long)(bufs + (size_t)slot * CHUNK);
			e->len = CHUNK;
			e->user_data = slot;
			slot_off[slot] = next;
			sq_array[tail & *sq_mask] = tail & *sq_mask;
			__atomic_store_n(sq_tail, tail + 1, __ATOMIC_RELEASE);
			next += CHUNK;
		}
		if (syscall(__NR_io_uring_enter, ring, queued, 1, IORING_ENTER_GETEVENTS, NULL, 0) != queued)
			die("io_uring_enter");
		while (*cq_head != __atomic_load_n(cq_tail, __ATOMIC_ACQUIRE)) {
			struct io_uring_cqe *c = &cqes[*cq_head & *cq_mask];
			unsigned int slot = c->user_data;
			off_t off = slot_off[slot];
			off_t want = off + CHUNK < size ? CHUNK : size - off;

			if (c->res != want) {
				fprintf(stderr, "raverify: io_uring read at %lld: %d of %lld\n",
					(long long)off, c->res, (long long)want);
				exit(1);
			}
			check(bufs + (size_t)slot * CHUNK, off, want);
			free_slots[nfree++] = slot;
			done += want;
			__atomic_store_n(cq_head, *cq_head + 1, __ATOMIC_RELEASE);
		}
	}
	close(ring);
	free(bufs);
}

/* copy_file_range(2) into DEST on the same file system, then read DEST */
static void copy_range(int fd, off_t size, const char *dest)
{
	int out = open(dest, O_RDWR | O_CREAT | O_TRUNC, 0600);
	loff_t in_off = 0, out_off = 0;
	ssize_t n;

	if (out < 0)
		die(dest);
	while (in_off < size) {
		n = copy_file_range(fd, &in_off, out, &out_off, 1 << 20, 0);
		if (n <= 0)
			die("copy_file_range");
	}
	if (fsync(out) || lseek(out, 0, SEEK_SET))
		die("fsync");
	read_all(out, 0, CHUNK);
	close(out);
	unlink(dest);
}

/* paced sequential readers, one fd and region each: readahead thrashes
 * when their windows do not fit in memory together */
struct stream {
	const char *file;
	off_t start, len;
	long kbps;
};

static void *stream_reader(void *arg)
{
	struct stream *st = arg;
	unsigned char *buf = malloc(4096);
	int fd = open(st->file, O_RDONLY);
	struct timespec t0, now;
	off_t off;
	ssize_t n;

	if (!buf || fd < 0)
		die("stream");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (off = st->start; off < st->start + st->len; off += n) {
		double due = (double)(off - st->start) / 1024 / st->kbps, el;

		clock_gettime(CLOCK_MONOTONIC, &now);
		el = now.tv_sec - t0.tv_sec + (now.tv_nsec - t0.tv_nsec) / 1e9;
		if (due > el)
			usleep((due - el) * 1e6);
		n = pread(fd, buf, st->start + st->len - off < 4096 ? st->start + st->len - off : 4096, off);
		if (n <= 0)
			die("stream pread");
		check(buf, off, n);
	}
	close(fd);
	free(buf);
	return NULL;
}

/* one process per region, each with its own fd */
static void processes(const char *file, off_t size, int procs)
{
	int k, status, bad = 0;

	for (k = 0; k < procs; k++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0) {
			off_t start = size / procs * k;
			off_t len = k == procs - 1 ? size - start : size / procs;
			int fd = open(file, O_RDONLY);
			unsigned char *buf = malloc(CHUNK);

			if (fd < 0 || !buf)
				die(file);
			while (len > 0) {
				ssize_t n = pread_full(fd, buf, len < CHUNK ? len : CHUNK, start);

				if (n <= 0)
					_exit(1);
				check(buf, start, n);
				start += n;
				len -= n;
			}
			_exit(mismatches ? 1 : 0);
		}
	}
	while (wait(&status) > 0)
		bad += !WIFEXITED(status) || WEXITSTATUS(status);
	if (bad) {
		fprintf(stderr, "raverify: %d of %d readers failed\n", bad, procs);
		exit(1);
	}
	verified = size;	/* each child checked its region */
}


/*
 * Page by page with pread: the pages that hold a byte of [bad, bad_end)
 * must fail with EIO, every other page must be right.
 */
static void eio_pages(int fd, off_t size, off_t bad, off_t bad_end)
{
	unsigned char *buf = malloc(4096);
	long long eio = 0, want = 0;
	off_t off;
	ssize_t n;

	if (!buf)
		die("malloc");
	for (off = 0; off < size; off += 4096) {
		int in_bad = off < bad_end && off + 4096 > bad;

		want += in_bad;
		n = pread(fd, buf, 4096, off);
		if (n < 0 && errno == EIO && in_bad) {
			eio++;
			continue;
		}
		if (n < 0)
			die("pread");
		if (in_bad || n != (size - off < 4096 ? size - off : 4096)) {
			fprintf(stderr, "raverify: page at %lld: %zd bytes, %s\n", (long long)off, n,
				in_bad ? "expected EIO" : "expected a whole page");
			exit(1);
		}
		check(buf, off, n);
	}
	fprintf(stderr, "raverify: %lld pages EIO of %lld expected\n", eio, want);
	if (eio != want)
		exit(1);
	verified += eio * 4096;	/* accounted for: the bad pages failed as they must */
	free(buf);
}

static long long arg(int argc, char **argv, int i, long long def)
{
	return argc > i ? atoll(argv[i]) : def;
}

int main(int argc, char **argv)
{
	const char *path;
	unsigned char *buf;
	off_t size;
	long long i, n;
	int fd;

	if (argc > 1 && !strcmp(argv[1], "--sparse")) {
		sparse = 1;
		argc--;
		argv++;
	}
	if (argc == 6 && !strcmp(argv[1], "--write")) {
		id = atoll(argv[3]);
		return write_range(argv[2], atoll(argv[4]), atoll(argv[5]));
	}
	if (argc == 6 && !strcmp(argv[1], "--churn")) {
		id = atoll(argv[3]);
		return churn(argv[2], atoll(argv[4]), argv[5]);
	}
	if (argc < 4) {
		fprintf(stderr, "usage: raverify [--sparse] FILE ID PATH [ARG] | [--sparse] --write FILE ID OFFSET LEN | --churn FILE ID SECS GENMAP\n");
		return 2;
	}
	id = atoll(argv[2]);
	path = argv[3];
	enomem_ok = getenv("RAVERIFY_ENOMEM_OK") != NULL;
	fd = open(argv[1], O_RDONLY);
	buf = malloc(CHUNK);
	if (fd < 0 || !buf)
		die(argv[1]);
	size = lseek(fd, 0, SEEK_END);
	if (size < 0 || lseek(fd, 0, SEEK_SET))
		die("lseek");

	if (!strcmp(path, "read")) {
		n = arg(argc, argv, 4, 4096);
		if (n < 1 || n > 16 << 20)
			return 2;
		read_all(fd, 0, n);
	} else if (!strcmp(path, "pread") || !strcmp(path, "lseek")) {
		for (i = arg(argc, argv, 4, 1000); i > 0 && size; i--) {
			off_t off = rnd() % size;
			size_t len = 1 + rnd() % CHUNK;

			if (*path == 'l') {
				if (lseek(fd, off, SEEK_SET) != off)
					die("lseek");
				n = read(fd, buf, len);
			} else {
				n = pread(fd, buf, len, off);
			}
			if (n < 0)
				die("read");
			if (n != (off_t)len && n != size - off) {
				fprintf(stderr, "raverify: short read at %lld: %lld of %zu\n",
					(long long)off, n, len);
				return 1;
			}
			check(buf, off, n);
		}
	} else if (!strcmp(path, "interleave")) {
		int k, threads = arg(argc, argv, 4, 8);
		struct region r[64];

		if (threads < 1 || threads > 64)
			return 2;
		for (k = 0; k < threads; k++) {
			r[k] = (struct region){ fd, size / threads * k, size / threads };
			if (k == threads - 1)
				r[k].len = size - r[k].start;
		}
		{
			pthread_t t[64];

			for (k = 0; k < threads; k++)
				if (pthread_create(&t[k], NULL, interleaved_reader, &r[k]))
					die("pthread_create");
			for (k = 0; k < threads; k++)
				pthread_join(t[k], NULL);
		}
	} else if (!strcmp(path, "mmap") || !strcmp(path, "mmap-random")) {
		unsigned char *map;
		long page = sysconf(_SC_PAGESIZE);

		if (!size)
			goto out;
		map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED)
			die("mmap");
		if (path[4]) {
			for (i = arg(argc, argv, 4, 1000); i > 0; i--) {
				off_t off = rnd() % size & ~(page - 1);

				check(map + off, off, size - off < page ? size - off : page);
			}
		} else {
			for (i = 0; i < size; i += page)
				check(map + i, i, size - i < page ? size - i : page);
		}
		munmap(map, size);
	} else if (!strcmp(path, "fadvise") && argc == 5) {
		int err = posix_fadvise(fd, 0, 0, advice(fadvices, argv[4]));

		if (err) {
			errno = err;
			die("posix_fadvise");
		}
		read_all(fd, 0, 4096);
	} else if (!strcmp(path, "readahead")) {
		off_t off;

		for (off = 0; off < size; off += 1 << 20) {
			if (readahead(fd, off, 1 << 20))
				die("readahead");
			for (i = 0; i < 1 << 20 && off + i < size; i += n) {
				n = read(fd, buf, CHUNK);
				if (n <= 0)
					die("read");
				check(buf, off + i, n);
			}
		}
	} else if (!strcmp(path, "splice") || !strcmp(path, "sendfile")) {
		through_pipe(fd, size, !strcmp(path, "splice"));
	} else if (!strcmp(path, "direct")) {
		n = arg(argc, argv, 4, 1 << 20);
		if (n < 4096 || n % 4096)
			return 2;
		direct_mixed(argv[1], fd, size, n);
	} else if (!strcmp(path, "nowait")) {
		fprintf(stderr, "raverify: %lld reads not cached (EAGAIN)\n", nowait(fd, size));
	} else if (!strcmp(path, "io-uring")) {
		n = arg(argc, argv, 4, 8);
		if (n < 1 || n > 64)
			return 2;
		uring(fd, size, n);
	} else if (!strcmp(path, "madvise") && argc == 5) {
		long page = sysconf(_SC_PAGESIZE);
		unsigned char *m;

		if (!size)
			goto out;
		m = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
		if (m == MAP_FAILED || madvise(m, size, advice(madvices, argv[4])))
			die("mmap/madvise");
		for (i = 0; i < size; i += page)
			check(m + i, i, size - i < page ? size - i : page);
		munmap(m, size);
	} else if (!strcmp(path, "copy") && argc == 5) {
		copy_range(fd, size, argv[4]);
	} else if (!strcmp(path, "procs")) {
		n = arg(argc, argv, 4, 4);
		if (n < 1 || n > 64)
			return 2;
		processes(argv[1], size, n);
	} else if (!strcmp(path, "streams") && argc == 6) {
		int k, nr = atoi(argv[4]);
		struct stream st[256];
		pthread_t t[256];

		if (nr < 1 || nr > 256 || atol(argv[5]) < 1)
			return 2;
		for (k = 0; k < nr; k++) {
			st[k] = (struct stream){ argv[1], size / nr * k, size / nr, atol(argv[5]) };
			if (k == nr - 1)
				st[k].len = size - st[k].start;
			if (pthread_create(&t[k], NULL, stream_reader, &st[k]))
				die("pthread_create");
		}
		for (k = 0; k < nr; k++)
			pthread_join(t[k], NULL);
	} else if (!strcmp(path, "eio") && argc == 6) {
		eio_pages(fd, size, atoll(argv[4]), atoll(argv[5]));
	} else if (!strcmp(path, "follow") && argc == 6) {
		follow(fd, atoll(argv[4]), argv[5]);
	} else {
		fprintf(stderr, "raverify: unknown path %s\n", path);
		return 2;
	}
	/* the paths that read the whole file once must have got all of it */
	if (strcmp(path, "pread") && strcmp(path, "lseek") && strcmp(path, "follow") &&
	    strcmp(path, "mmap-random") && verified != size) {
		fprintf(stderr, "raverify: verified %lld of %lld bytes: the file ended early\n",
			verified, (long long)size);
		return 1;
	}
out:
	if (enomem_ok) {
		make_it_fail("0");
		fprintf(stderr, "raverify: %lld reads retried after ENOMEM, %lld after EIO\n",
			enomem_retries, eio_retries);
	}
	if (map)
		printf("verified %lld mismatches %lld newer_words %lld generations %u racing_truncation %lld\n",
		       verified, mismatches, newer_words, map->last, zero_reads);
	else
		printf("verified %lld mismatches %lld\n", verified, mismatches);
	return mismatches ? 1 : 0;
}
