// SPDX-License-Identifier: GPL-2.0
/*
 * rainterleave: READERS sequential readers sharing one file descriptor (and
 * so one readahead state), each reading BS bytes at a time with pread(2)
 * from its own region of FILE, as fast as they can.
 *
 *   rainterleave FILE READERS BYTES_EACH [BS [OFFSET]]
 *
 * The regions are BYTES_EACH apart from OFFSET (default 0) in FILE.  Prints
 * "readers N bytes B seconds S".  Exits 1 on any error or short read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fd;
static long long each;
static long bs;
static long long offset;

struct reader {
	pthread_t tid;
	off_t start;
	int error;
};

static void *read_region(void *arg)
{
	struct reader *r = arg;
	char *buf = malloc(bs);
	long long done = 0;

	if (!buf) {
		r->error = ENOMEM;
		return NULL;
	}
	while (done < each) {
		ssize_t n = pread(fd, buf, bs, r->start + done);

		if (n <= 0) {
			r->error = n < 0 ? errno : EIO;
			break;
		}
		done += n;
	}
	free(buf);
	return NULL;
}

static long long num(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 0);

	if (*s == '\0' || *end != '\0' || v <= 0) {
		fprintf(stderr, "rainterleave: not a positive number: '%s'\n", s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct reader *r;
	long n, i;

	if (argc < 4 || argc > 6) {
		fprintf(stderr, "usage: rainterleave FILE READERS BYTES_EACH [BS [OFFSET]]\n");
		return 2;
	}
	n = num(argv[2]);
	each = num(argv[3]);
	bs = argc >= 5 ? num(argv[4]) : 4096;
	offset = argc == 6 ? num(argv[5]) : 0;
	fd = open(argv[1], O_RDONLY);
	r = calloc(n, sizeof(*r));
	if (fd < 0 || !r) {
		perror("rainterleave");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		r[i].start = offset + i * each;
		if (pthread_create(&r[i].tid, NULL, read_region, &r[i])) {
			perror("pthread_create");
			return 1;
		}
	}
	for (i = 0; i < n; i++) {
		pthread_join(r[i].tid, NULL);
		if (r[i].error) {
			fprintf(stderr, "rainterleave: reader %ld: %s\n", i, strerror(r[i].error));
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("readers %ld bytes %lld seconds %.3f\n", n, n * each,
	       t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	return 0;
}
