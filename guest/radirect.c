// SPDX-License-Identifier: GPL-2.0
/*
 * radirect: time O_DIRECT reads, to validate the emulated device models.
 *
 *   radirect DEV BS COUNT
 *
 * Reads COUNT requests of BS bytes one after the other (queue depth 1)
 * from consecutive offsets of DEV with O_DIRECT, so no page cache and no
 * readahead are involved.  Prints "bs B count N us_per_request T".
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	long long bs, count, i;
	void *buf;
	int fd;

	if (argc != 4 || (bs = atoll(argv[2])) < 512 || bs % 512 ||
	    bs > 64 << 20 || (count = atoll(argv[3])) < 1) {
		fprintf(stderr, "usage: radirect DEV BS COUNT (BS a multiple of 512, <= 64 MiB)\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECT);
	if (fd < 0 || posix_memalign(&buf, 4096, bs)) {
		perror("radirect");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < count; i++) {
		if (pread(fd, buf, bs, i * bs) != bs) {
			perror("radirect: pread");
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("bs %lld count %lld us_per_request %.1f\n", bs, count,
	       ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3 / count);
	return 0;
}
