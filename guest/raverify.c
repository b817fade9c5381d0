// SPDX-License-Identifier: GPL-2.0
/*
 * raverify: read a file of known content through one kernel read path and
 * check every byte, for the data integrity tests.
 *
 *   raverify FILE ID PATH [ARG]
 *   raverify --write FILE ID OFFSET LEN    write the content of that range
 *   raverify --churn FILE ID SECS          for SECS seconds, truncate FILE
 *                                          to a page boundary or append to
 *                                          it (0..32 MiB): what "follow"
 *                                          runs against
 *
 * The content is a function of the file id and the offset alone: the
 * little-endian 64-bit word at offset p (a multiple of 8) is
 * ID << 48 | p / 8, so a wrong, stale or zeroed page shows which offset it
 * came from. --write makes such files.
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
 *   follow SECS       read(2) to EOF again and again for SECS seconds while
 *                     another process truncates/extends the file: a read
 *                     may end early, but what it returns must be right
 *
 * Prints "verified BYTES mismatches N" (bytes); exits 1 if N > 0, if a read
 * came back short inside the file (or a whole-file path got less than the
 * file), or on any error, after printing the first mismatches.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
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

static uint64_t word_at(long long p)
{
	return id << 48 | (uint64_t)p / 8;
}

/* The expected byte at offset p. */
static unsigned char byte_at(long long p)
{
	return word_at(p & ~7LL) >> (8 * (p & 7));
}

/* Check len bytes of buf, which were read from offset off. */
static void check(const unsigned char *buf, long long off, long long len)
{
	long long i, bad = 0;

	for (i = 0; i < len; i++) {
		if (buf[i] == byte_at(off + i))
			continue;
		if (!bad++ && mismatches < 5) {
			uint64_t w = 0;
			long long a = (off + i) & ~7LL;

			if (a >= off && a + 8 <= off + len)
				memcpy(&w, buf + (a - off), 8);
			fprintf(stderr, "raverify: mismatch at %lld: word %#llx (id %llu, offset %llu), expected %#llx\n",
				off + i, (unsigned long long)w,
				(unsigned long long)(w >> 48),
				(unsigned long long)(w & ((1ULL << 48) - 1)) * 8,
				(unsigned long long)word_at(a));
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

/* read(2) from the current offset to EOF, checking; returns bytes read. */
static long long read_all(int fd, long long off, size_t bs)
{
	unsigned char *buf = malloc(bs);
	long long start = off;
	ssize_t n;

	if (!buf)
		die("malloc");
	while ((n = read(fd, buf, bs)) > 0) {
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

static int advice(const char *name)
{
	if (!strcmp(name, "willneed"))
		return POSIX_FADV_WILLNEED;
	if (!strcmp(name, "sequential"))
		return POSIX_FADV_SEQUENTIAL;
	if (!strcmp(name, "random"))
		return POSIX_FADV_RANDOM;
	fprintf(stderr, "raverify: unknown advice %s\n", name);
	exit(2);
}

static int write_range(const char *path, long long off, long long len)
{
	unsigned char *buf = malloc(CHUNK);
	int fd = open(path, O_WRONLY | O_CREAT, 0644);
	long long i, n;

	if (fd < 0 || !buf || off < 0 || len < 0)
		die(path);
	for (; len > 0; off += n, len -= n) {
		n = len < CHUNK ? len : CHUNK;
		for (i = 0; i < n; i++)
			buf[i] = byte_at(off + i);
		if (pwrite(fd, buf, n, off) != n)
			die("pwrite");
	}
	if (fsync(fd) || close(fd))
		die("fsync");
	return 0;
}

/*
 * Truncation only to page boundaries: a truncation inside a page zeroes its
 * tail, and a read racing with that may return the zeroes (a long-standing,
 * documented race of read vs truncate, not a readahead matter).
 */
static int churn(const char *path, long long secs)
{
	time_t end = time(NULL) + secs;
	int fd = open(path, O_WRONLY);
	off_t size;

	if (fd < 0)
		die(path);
	while (time(NULL) < end) {
		size = lseek(fd, 0, SEEK_END);
		if (size < 0)
			die("lseek");
		if (rnd() % 3 == 0 || size > 32 << 20) {
			if (ftruncate(fd, (rnd() % (size + 1)) & ~4095LL))
				die("ftruncate");
		} else {
			write_range(path, size, rnd() % (1 << 20));
		}
	}
	close(fd);
	return 0;
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

	if (argc == 6 && !strcmp(argv[1], "--write")) {
		id = atoll(argv[3]);
		return write_range(argv[2], atoll(argv[4]), atoll(argv[5]));
	}
	if (argc == 5 && !strcmp(argv[1], "--churn")) {
		id = atoll(argv[3]);
		return churn(argv[2], atoll(argv[4]));
	}
	if (argc < 4) {
		fprintf(stderr, "usage: raverify FILE ID PATH [ARG] | --write FILE ID OFFSET LEN | --churn FILE ID SECS\n");
		return 2;
	}
	id = atoll(argv[2]);
	path = argv[3];
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
		int err = posix_fadvise(fd, 0, 0, advice(argv[4]));

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
	} else if (!strcmp(path, "follow")) {
		time_t end = time(NULL) + arg(argc, argv, 4, 5);

		while (time(NULL) < end) {
			if (lseek(fd, 0, SEEK_SET))
				die("lseek");
			read_all(fd, 0, 4096 * (1 + rnd() % 16));
		}
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
	printf("verified %lld mismatches %lld\n", verified, mismatches);
	return mismatches ? 1 : 0;
}
