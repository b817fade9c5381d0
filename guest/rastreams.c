// SPDX-License-Identifier: GPL-2.0
/*
 * rastreams: many sequential readers at a fixed rate, for readahead
 * thrashing tests.
 *
 *   rastreams FILE STREAMS KB_PER_S SECONDS [BS]
 *
 * Each stream is a thread with its own file descriptor, reading BS bytes
 * (default 4096) at a time from its own region of FILE (the file divided
 * evenly), paced to KB_PER_S. Prints "streams N kept_rate K consumed BYTES
 * cached_ahead BYTES": K streams read at least 95% of what their rate asked
 * for; cached_ahead is what is in the page cache in the AHEAD_MAX bytes after
 * where each stream stopped: read ahead and not (yet) wasted, so device bytes
 * minus consumed minus cached_ahead is what was read and evicted unused.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct stream {
	pthread_t tid;
	off_t start, len;
	long long consumed;
	int error;
};

/* more than any readahead window in flight: 2 x the 4 MiB maximum */
#define AHEAD_MAX (8LL << 20)

static const char *path;
static long bs, kbps;
static struct timespec t0, t_end;

static void add_ns(struct timespec *t, long long ns)
{
	ns += t->tv_nsec;
	t->tv_sec += ns / 1000000000;
	t->tv_nsec = ns % 1000000000;
}

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *run(void *arg)
{
	struct stream *s = arg;
	long long period = 1000000000LL * bs / (kbps * 1024);
	struct timespec next = t0, now;
	char *buf = malloc(bs);
	int fd = open(path, O_RDONLY);

	if (fd < 0 || !buf || lseek(fd, s->start, SEEK_SET) < 0) {
		s->error = errno ? errno : ENOMEM;
		return NULL;
	}
	for (;;) {
		ssize_t n;

		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!before(&now, &t_end) || s->consumed + bs > s->len)
			break;
		n = read(fd, buf, bs);
		if (n <= 0) {
			s->error = n < 0 ? errno : EIO;
			break;
		}
		s->consumed += n;
		add_ns(&next, period);
	}
	close(fd);
	free(buf);
	return NULL;
}

/* Bytes of [off, off + len) of fd in the page cache, or -1 on error. */
static long long cached_bytes(int fd, off_t off, long long len)
{
	long page = sysconf(_SC_PAGESIZE);
	long long pages = (len + page - 1) / page, cached = 0, i;
	unsigned char *vec = malloc(pages ? pages : 1);
	void *map;

	if (!vec)
		return -1;
	if (!pages) {
		free(vec);
		return 0;
	}
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, off);
	if (map == MAP_FAILED || mincore(map, len, vec)) {
		free(vec);
		return -1;
	}
	for (i = 0; i < pages; i++)
		cached += vec[i] & 1;
	munmap(map, len);
	free(vec);
	return cached * page;
}

int main(int argc, char **argv)
{
	long nstreams, seconds, i, kept = 0;
	long long consumed = 0, ahead = 0, want;
	pthread_attr_t attr;
	struct stream *st;
	off_t size;
	int fd;

	if (argc < 5) {
		fprintf(stderr, "usage: rastreams FILE STREAMS KB_PER_S SECONDS [BS]\n");
		return 2;
	}
	path = argv[1];
	nstreams = atol(argv[2]);
	kbps = atol(argv[3]);
	seconds = atol(argv[4]);
	bs = argc > 5 ? atol(argv[5]) : 4096;
	fd = open(path, O_RDONLY);
	if (fd < 0 || nstreams < 1 || kbps < 1 || seconds < 1 || bs < 512) {
		fprintf(stderr, "rastreams: bad arguments or %s: %s\n", path, strerror(errno));
		return 2;
	}
	/* kept open: the last close of a block device drops its page cache */
	size = lseek(fd, 0, SEEK_END);
	st = calloc(nstreams, sizeof(*st));
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	add_ns(&t0, 100000000);		/* all start together */
	t_end = t0;
	add_ns(&t_end, seconds * 1000000000LL);
	for (i = 0; i < nstreams; i++) {
		st[i].len = size / nstreams / bs * bs;
		st[i].start = i * st[i].len;
		if (pthread_create(&st[i].tid, &attr, run, &st[i])) {
			perror("rastreams: pthread_create");
			return 1;
		}
	}
	want = (long long)kbps * 1024 * seconds;
	if (want > st[0].len)
		want = st[0].len;
	for (i = 0; i < nstreams; i++) {
		pthread_join(st[i].tid, NULL);
		if (st[i].error) {
			fprintf(stderr, "rastreams: stream %ld: %s\n", i, strerror(st[i].error));
			return 1;
		}
		consumed += st[i].consumed;
		kept += st[i].consumed * 100 >= want * 95;
	}
	for (i = 0; i < nstreams; i++) {
		long long left = st[i].len - st[i].consumed;
		long long n = cached_bytes(fd, st[i].start + st[i].consumed,
					   left < AHEAD_MAX ? left : AHEAD_MAX);

		if (n < 0) {
			perror("rastreams: mincore");
			return 1;
		}
		ahead += n;
	}
	close(fd);
	printf("streams %ld kept_rate %ld consumed %lld cached_ahead %lld\n",
	       nstreams, kept, consumed, ahead);
	return 0;
}
