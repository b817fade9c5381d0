// SPDX-License-Identifier: GPL-2.0
/*
 * raload: access patterns for readahead tests and benchmarks.
 *
 *   raload seq FILE [BS]                  read(2) the whole file, BS bytes a call
 *   raload pread FILE BS OFFSET...        one pread(2) of BS bytes per offset
 *   raload fadvise FILE OFFSET LEN        POSIX_FADV_WILLNEED
 *   raload dontneed FILE OFFSET LEN       POSIX_FADV_DONTNEED (which also
 *                                         drains this CPU's LRU batches)
 *   raload willneed-read FILE OFFSET LEN RLEN
 *                                         POSIX_FADV_WILLNEED, then at once
 *                                         pread(2) RLEN bytes at OFFSET
 *   raload readahead FILE OFFSET LEN      readahead(2)
 *   raload madvise FILE LEN               MADV_WILLNEED on a LEN-byte mapping
 *   raload mmap FILE OFFSET...            fault one byte of a mapping per offset
 *                                         (after madvise() of each ADVICE in
 *                                         RALOAD_ADVICE: hugepage, random)
 *   raload mmap-range FILE OFFSET LEN     fault the pages of a range in order
 *   raload lseek-read FILE OFFSET LEN...  lseek(2) then read(2), per pair;
 *                                         OFFSET is SEEK_SET, cur:N SEEK_CUR,
 *                                         end:N SEEK_END, "-" no lseek
 *   raload range FILE OFFSET LEN [BS]     read(2) LEN bytes from OFFSET
 *                                         (RALOAD_ADVICE=random: after
 *                                         POSIX_FADV_RANDOM)
 *   raload resident FILE OFFSET LEN       pages of the range in the page cache
 *   raload prefixes LIST                  per "PATH LEN" line of LIST, read(2)
 *                                         the first LEN bytes of PATH
 *   raload cached LIST                    pages of the LIST's files cached
 *   raload stdio FILE...                  each file whole through stdio, sized
 *                                         first by the fseek(END)/ftell/rewind
 *                                         idiom (many programs' "slurp")
 *   raload reclaim-resume FILE LEN1 LEN2 RECLAIM AMOUNT
 *                                         read LEN1 bytes, write AMOUNT to
 *                                         RECLAIM (a memory.reclaim file;
 *                                         0: no write), read LEN2 more; prints
 *                                         "BYTES USEC", USEC the time of LEN2
 *   raload pageout-resume FILE LEN1 OFFSET LEN LEN2
 *                                         read LEN1 bytes, reclaim the pages
 *                                         of [OFFSET, OFFSET + LEN) with
 *                                         MADV_PAGEOUT, read LEN2 more (4 KiB
 *                                         read(2)s): a thrash on cue
 *
 * Prints the number of bytes read (pages for "resident") on stdout.
 * Exits 1 on any error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void die(const char *what)
{
	fprintf(stderr, "raload: %s: %s\n", what, strerror(errno));
	exit(1);
}

static long long num(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 0);

	if (*s == '\0' || *end != '\0') {
		fprintf(stderr, "raload: not a number: '%s'\n", s);
		exit(2);
	}
	return v;
}

/* lseek-read's OFFSET: N, cur:N, end:N, or "-" for no lseek at all */
static off_t seek(int fd, const char *arg)
{
	if (!strcmp(arg, "-"))
		return 0;
	if (!strncmp(arg, "cur:", 4))
		return lseek(fd, num(arg + 4), SEEK_CUR);
	if (!strncmp(arg, "end:", 4))
		return lseek(fd, num(arg + 4), SEEK_END);
	return lseek(fd, num(arg), SEEK_SET);
}

/* Resident pages of [off, off + len) of fd (len > 0), by mincore(). */
static long long resident(int fd, off_t off, long long len)
{
	long page = sysconf(_SC_PAGESIZE);
	long long pages = (len + page - 1) / page, n = 0, i;
	unsigned char *vec = malloc(pages);
	void *map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);

	if (map == MAP_FAILED || !vec || mincore(map, len, vec))
		die("mincore");
	for (i = 0; i < pages; i++)
		n += vec[i] & 1;
	munmap(map, len);
	free(vec);
	return n;
}

/* cp(1)'s read size, for the modes that read as a program would */
#define CP_CHUNK 131072

/* Up to LEN bytes of FD in CHUNK-sized read(2)s, into BUF: bytes read. */
static long long read_len(int fd, char *buf, size_t chunk, long long len,
			  const char *what)
{
	long long total = 0;

	while (len > 0) {
		ssize_t n = read(fd, buf, len < (long long)chunk ? (size_t)len : chunk);

		if (n < 0)
			die(what);
		if (!n)
			break;
		total += n;
		len -= n;
	}
	return total;
}

/* The modes over a list of "PATH LEN" lines: prefixes and cached. */
static int list(const char *mode, const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	long long len, total = 0;
	char name[4096];

	if (!f)
		die(path);
	while (fscanf(f, "%4095s %lld", name, &len) == 2) {
		int fd = open(name, O_RDONLY);

		if (fd < 0)
			die(name);
		if (!strcmp(mode, "cached")) {
			off_t size = lseek(fd, 0, SEEK_END);

			if (size < 0)
				die(name);
			if (size)
				total += resident(fd, 0, size);
		} else {
			total += read_len(fd, buf, sizeof(buf), len, name);
		}
		close(fd);
	}
	if (!feof(f)) {
		fprintf(stderr, "raload: %s: not a list of PATH LEN lines\n", path);
		return 1;
	}
	fclose(f);
	printf("%lld\n", total);
	return 0;
}

static int stdio_slurp(int argc, char **argv)
{
	static char buf[1 << 16];
	long long total = 0;
	int i;

	for (i = 2; i < argc; i++) {
		FILE *f = fopen(argv[i], "r");
		long size;
		size_t n;

		if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0)
			die(argv[i]);
		rewind(f);
		while (size > 0 && (n = fread(buf, 1, size < (long)sizeof(buf) ?
						    size : (long)sizeof(buf), f)) > 0) {
			total += n;
			size -= n;
		}
		if (ferror(f))
			die(argv[i]);
		fclose(f);
	}
	printf("%lld\n", total);
	return 0;
}

static long long usec_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

/* A stream whose pages reclaim takes once, then no more pressure. */
static int reclaim_resume(int fd, char *buf, char **argv)
{
	long long first = num(argv[3]), second = num(argv[4]), t0, n;
	const char *amount = argv[6];

	read_len(fd, buf, CP_CHUNK, first, argv[2]);
	if (strcmp(amount, "0")) {
		int rfd = open(argv[5], O_WRONLY);

		/* EAGAIN: less than AMOUNT was there to take, the rest went */
		if (rfd < 0 || (write(rfd, amount, strlen(amount)) < 0 &&
				errno != EAGAIN))
			die(argv[5]);
		close(rfd);
	}
	t0 = usec_now();
	n = read_len(fd, buf, CP_CHUNK, second, argv[2]);
	printf("%lld %lld\n", n, usec_now() - t0);
	return 0;
}

/*
 * Reclaim takes exactly the given pages, leaving shadow entries as it does
 * under memory pressure: the reader finds its next pages evicted.  The
 * mapping is of a second open file, so the reader's readahead state sees
 * only its own reads.
 */
static int pageout_resume(int fd, char *buf, char **argv)
{
	long long first = num(argv[3]), off = num(argv[4]), len = num(argv[5]);
	long long second = num(argv[6]), n, i;
	long page = sysconf(_SC_PAGESIZE);
	volatile char *map;
	int mfd;

	if (first < 0 || second < 0 || off < 0 || len <= 0 || off % page) {
		fprintf(stderr, "raload: pageout-resume: bad offset or length\n");
		return 2;
	}
	read_len(fd, buf, 4096, first, argv[2]);
	mfd = open(argv[2], O_RDONLY);
	if (mfd < 0)
		die(argv[2]);
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, mfd, off);
	if (map == MAP_FAILED)
		die("mmap");
	/* only mapped pages are paged out: fault them in first */
	for (i = 0; i < len; i += page)
		(void)map[i];
	if (madvise((void *)map, len, MADV_PAGEOUT))
		die("madvise(MADV_PAGEOUT)");
	munmap((void *)map, len);
	close(mfd);
	n = read_len(fd, buf, 4096, second, argv[2]);
	printf("%lld\n", n);
	return 0;
}

/* madvise() the mapping with each advice of a comma-separated list */
static int advise(void *map, size_t len, const char *list)
{
	char copy[64], *word, *rest;

	if (!list)
		return 0;
	if (strlen(list) >= sizeof(copy)) {
		fprintf(stderr, "raload: RALOAD_ADVICE too long\n");
		return 1;
	}
	strcpy(copy, list);
	for (word = strtok_r(copy, ",", &rest); word;
	     word = strtok_r(NULL, ",", &rest)) {
		int advice = !strcmp(word, "hugepage") ? MADV_HUGEPAGE :
			     !strcmp(word, "random") ? MADV_RANDOM : -1;

		if (advice < 0) {
			fprintf(stderr, "raload: unknown advice %s (hugepage, random)\n", word);
			return 1;
		}
		if (madvise(map, len, advice)) {
			perror("raload: madvise");
			return 1;
		}
	}
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: raload seq|pread|fadvise|dontneed|willneed-read|readahead|madvise|mmap|mmap-range|lseek-read|range|resident|prefixes|cached|stdio|reclaim-resume|pageout-resume FILE ...\n");
	return 2;
}

int main(int argc, char **argv)
{
	long long total = 0;
	const char *mode;
	char *buf;
	int fd, i;

	if (argc < 3)
		return usage();
	mode = argv[1];
	if (!strcmp(mode, "prefixes") || !strcmp(mode, "cached"))
		return list(argv[1], argv[2]);
	if (!strcmp(mode, "stdio"))
		return stdio_slurp(argc, argv);
	fd = open(argv[2], O_RDONLY);
	if (fd < 0)
		die(argv[2]);
	buf = malloc(16 << 20);
	if (!buf)
		die("malloc");

	if (!strcmp(mode, "seq")) {
		size_t bs = argc > 3 ? num(argv[3]) : 4096;
		ssize_t n;

		if (bs < 1 || bs > 16 << 20)
			return usage();
		while ((n = read(fd, buf, bs)) > 0)
			total += n;
		if (n < 0)
			die("read");
	} else if (!strcmp(mode, "pread") && argc > 4) {
		size_t bs = num(argv[3]);

		if (bs < 1 || bs > 16 << 20)
			return usage();
		for (i = 4; i < argc; i++) {
			ssize_t n = pread(fd, buf, bs, num(argv[i]));

			if (n < 0)
				die("pread");
			total += n;
		}
	} else if ((!strcmp(mode, "fadvise") || !strcmp(mode, "dontneed")) &&
		   argc == 5) {
		int advice = mode[0] == 'f' ? POSIX_FADV_WILLNEED :
					      POSIX_FADV_DONTNEED;
		int err = posix_fadvise(fd, num(argv[3]), num(argv[4]), advice);
		if (err) {
			errno = err;
			die("posix_fadvise");
		}
	} else if (!strcmp(mode, "willneed-read") && argc == 6) {
		/* a hint, then at once a read that may find it still in flight */
		size_t len = num(argv[5]);
		ssize_t n;
		int err;

		if (len > 16 << 20)
			return usage();
		err = posix_fadvise(fd, num(argv[3]), num(argv[4]),
				    POSIX_FADV_WILLNEED);
		if (err) {
			errno = err;
			die("posix_fadvise");
		}
		n = pread(fd, buf, len, num(argv[3]));
		if (n < 0)
			die("pread");
		total = n;
	} else if (!strcmp(mode, "readahead") && argc == 5) {
		if (readahead(fd, num(argv[3]), num(argv[4])))
			die("readahead");
	} else if (!strcmp(mode, "madvise") && argc == 4) {
		void *map = mmap(NULL, num(argv[3]), PROT_READ, MAP_SHARED, fd, 0);

		if (map == MAP_FAILED || madvise(map, num(argv[3]), MADV_WILLNEED))
			die("madvise");
	} else if (!strcmp(mode, "mmap") && argc > 3) {
		/* the size from lseek(): fstat() says 0 for a block device */
		off_t size = lseek(fd, 0, SEEK_END);
		volatile char *map;

		if (size < 0)
			die("lseek");
		if (!size) {
			fprintf(stderr, "raload: %s is empty\n", argv[2]);
			return 1;
		}
		map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED)
			die("mmap");
		if (advise((void *)map, size, getenv("RALOAD_ADVICE")))
			return 1;
		for (i = 3; i < argc; i++) {
			long long off = num(argv[i]);

			if (off < 0 || off >= size) {
				fprintf(stderr, "raload: offset %lld outside the file\n", off);
				return 1;
			}
			total += map[off] * 0 + 1;
		}
	} else if (!strcmp(mode, "mmap-range") && argc == 5) {
		long long off = num(argv[3]), len = num(argv[4]), i;
		long page = sysconf(_SC_PAGESIZE);
		volatile char *map;

		if (off < 0 || len <= 0 || off % page)
			return usage();
		map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);
		if (map == MAP_FAILED)
			die("mmap");
		for (i = 0; i < len; i += page)
			total += map[i] * 0 + (len - i < page ? len - i : page);
	} else if (!strcmp(mode, "range") && (argc == 5 || argc == 6)) {
		long long left = num(argv[4]);
		size_t bs = argc == 6 ? num(argv[5]) : 4096;
		const char *advice = getenv("RALOAD_ADVICE");
		ssize_t n = 1;

		if (bs < 1 || bs > 16 << 20 || lseek(fd, num(argv[3]), SEEK_SET) < 0)
			die("range");
		/* RALOAD_ADVICE=random: reads without readahead (FMODE_RANDOM) */
		if (advice && strcmp(advice, "random")) {
			fprintf(stderr, "raload: range takes RALOAD_ADVICE=random only\n");
			return 1;
		}
		if (advice && posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM))
			die("posix_fadvise");
		while (left > 0 && n > 0) {
			n = read(fd, buf, left < (long long)bs ? left : (long long)bs);
			if (n < 0)
				die("read");
			total += n;
			left -= n;
		}
	} else if (!strcmp(mode, "resident") && argc == 5) {
		long long off = num(argv[3]), len = num(argv[4]);

		if (off < 0 || len <= 0 || off % sysconf(_SC_PAGESIZE))
			return usage();
		total = resident(fd, off, len);
	} else if (!strcmp(mode, "reclaim-resume") && argc == 7) {
		return reclaim_resume(fd, buf, argv);
	} else if (!strcmp(mode, "pageout-resume") && argc == 7) {
		return pageout_resume(fd, buf, argv);
	} else if (!strcmp(mode, "lseek-read") && argc > 4 && argc % 2 == 1) {
		for (i = 3; i + 1 < argc; i += 2) {
			size_t len = num(argv[i + 1]);
			ssize_t n;

			if (len > 16 << 20)
				return usage();
			if (seek(fd, argv[i]) < 0)
				die("lseek");
			n = read(fd, buf, len);
			if (n < 0)
				die("read");
			total += n;
		}
	} else {
		return usage();
	}
	printf("%lld\n", total);
	return 0;
}
