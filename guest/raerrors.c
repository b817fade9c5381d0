// SPDX-License-Identifier: GPL-2.0
/*
 * raerrors: the readahead system calls with bad input, on every kind of
 * file, for the bad-input tests.
 *
 *   raerrors REGULAR_FILE BLOCK_DEVICE TMPFS_DIR
 *
 * REGULAR_FILE should be shorter than 64 pages: one case maps 64 pages of
 * it, past its end.
 *
 * Prints one line per case: "CASE got RESULT want RESULT", RESULT being 0
 * or an errno name, or "CASE skip WHY" for the socket cases on a kernel
 * without sockets (35 cases in all); the wanted results are those of the man pages
 * (posix_fadvise(2), readahead(2), madvise(2)), and where they say nothing,
 * what stock 6.12 does (scripts/stock-and-patched.sh runs both kernels).
 * Exits 1 if any case got something else.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

static int failures;

static const char *name(int err)
{
	switch (err) {
	case 0: return "0";
	case EBADF: return "EBADF";
	case EINVAL: return "EINVAL";
	case ESPIPE: return "ESPIPE";
	case ENOMEM: return "ENOMEM";
	case EFAULT: return "EFAULT";
	case EFBIG: return "EFBIG";
	default: return strerror(err);
	}
}

static void result(const char *what, int got, int want)
{
	printf("%s got %s want %s\n", what, name(got), name(want));
	failures += got != want;
}

static const char *no_sockets;

static void skip(const char *what)
{
	printf("%s skip no sockets: %s\n", what, no_sockets);
}

static int fadv(int fd, off_t off, off_t len, int advice)
{
	return posix_fadvise(fd, off, len, advice);	/* returns the errno */
}

static int ra(int fd, off_t off, size_t len)
{
	return readahead(fd, off, len) ? errno : 0;
}

static int madv(void *addr, size_t len)
{
	return madvise(addr, len, MADV_WILLNEED) ? errno : 0;
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	int reg, blk, dir, tmp, wronly, sock[2] = { -1, -1 }, pip[2];
	char path[4096];
	char *map;

	if (argc != 4) {
		fprintf(stderr, "usage: raerrors REGULAR_FILE BLOCK_DEVICE TMPFS_DIR\n");
		return 2;
	}
	snprintf(path, sizeof(path), "%s/raerrors", argv[3]);
	reg = open(argv[1], O_RDONLY);
	blk = open(argv[2], O_RDONLY);
	dir = open(argv[3], O_RDONLY | O_DIRECTORY);
	tmp = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	wronly = open(path, O_WRONLY);
	/* no sockets in a kernel without networking: those cases say so */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sock))
		no_sockets = strerror(errno);
	if (reg < 0 || blk < 0 || dir < 0 || tmp < 0 || wronly < 0 ||
	    pipe(pip) || ftruncate(tmp, 1 << 20)) {
		perror("raerrors: setup");
		return 2;
	}

	/* posix_fadvise(2): EBADF, EINVAL (advice, negative len), ESPIPE */
	result("fadvise_willneed_huge_len", fadv(reg, 0, LLONG_MAX, POSIX_FADV_WILLNEED), 0);
	result("fadvise_willneed_offset_beyond_eof", fadv(reg, LLONG_MAX - 4096, 4096, POSIX_FADV_WILLNEED), 0);
	result("fadvise_willneed_overflowing_range", fadv(reg, LLONG_MAX - 10, 100, POSIX_FADV_WILLNEED), 0);
	result("fadvise_negative_len", fadv(reg, 0, -1, POSIX_FADV_WILLNEED), EINVAL);
	result("fadvise_negative_offset", fadv(reg, -4096, 4096, POSIX_FADV_WILLNEED), 0);
	result("fadvise_bad_advice", fadv(reg, 0, 0, 12345), EINVAL);
	result("fadvise_bad_fd", fadv(-1, 0, 0, POSIX_FADV_WILLNEED), EBADF);
	result("fadvise_pipe", fadv(pip[0], 0, 0, POSIX_FADV_WILLNEED), ESPIPE);
	if (sock[0] >= 0)
		result("fadvise_socket", fadv(sock[0], 0, 0, POSIX_FADV_WILLNEED), 0);
	else
		skip("fadvise_socket");
	result("fadvise_directory", fadv(dir, 0, 0, POSIX_FADV_WILLNEED), 0);
	result("fadvise_tmpfs", fadv(tmp, 0, 0, POSIX_FADV_WILLNEED), 0);
	result("fadvise_blockdev_huge", fadv(blk, 0, LLONG_MAX, POSIX_FADV_WILLNEED), 0);
	result("fadvise_sequential_blockdev", fadv(blk, 0, 0, POSIX_FADV_SEQUENTIAL), 0);
	result("fadvise_random_tmpfs", fadv(tmp, 0, 0, POSIX_FADV_RANDOM), 0);

	/* readahead(2): EBADF (bad or not open for reading), EINVAL (file type) */
	/* a count above LLONG_MAX reaches fadvise as a negative length */
	result("readahead_huge_count", ra(reg, 0, SIZE_MAX), EINVAL);
	result("readahead_count_beyond_eof", ra(reg, 0, (size_t)1 << 40), 0);
	result("readahead_offset_beyond_eof", ra(reg, LLONG_MAX - 4096, 4096), 0);
	result("readahead_overflowing_range", ra(reg, LLONG_MAX - 10, 100), 0);
	/* no page has a negative index: nothing to read, and no error */
	result("readahead_negative_offset", ra(reg, -4096, 4096), 0);
	result("readahead_bad_fd", ra(-1, 0, 4096), EBADF);
	result("readahead_write_only", ra(wronly, 0, 4096), EBADF);
	result("readahead_pipe", ra(pip[0], 0, 4096), EINVAL);
	if (sock[0] >= 0)
		result("readahead_socket", ra(sock[0], 0, 4096), EINVAL);
	else
		skip("readahead_socket");
	result("readahead_directory", ra(dir, 0, 4096), EINVAL);
	result("readahead_tmpfs", ra(tmp, 0, 1 << 20), 0);
	result("readahead_blockdev_huge", ra(blk, 0, SIZE_MAX), EINVAL);
	result("readahead_blockdev_whole", ra(blk, 0, (size_t)LLONG_MAX), 0);

	/* madvise(2) MADV_WILLNEED: EINVAL (unaligned), ENOMEM (unmapped), EBADF */
	/* 64 pages mapped, and the page after them surely not */
	map = mmap(NULL, 65 * page, PROT_READ, MAP_SHARED, reg, 0);
	if (map == MAP_FAILED || munmap(map + 64 * page, page)) {
		perror("raerrors: mmap");
		return 2;
	}
	result("madvise_whole_mapping_beyond_eof", madv(map, 64 * page), 0);
	result("madvise_unaligned", madv(map + 1, page), EINVAL);
	result("madvise_past_the_mapping", madv(map, 65 * page), ENOMEM);
	result("madvise_huge_len", madv(map, SIZE_MAX - page), EINVAL);
	munmap(map, 64 * page);
	result("madvise_unmapped", madv(map, page), ENOMEM);
	map = mmap(NULL, 16 * page, PROT_READ, MAP_SHARED, blk, 0);
	if (map == MAP_FAILED) {
		perror("raerrors: mmap block device");
		return 2;
	}
	result("madvise_blockdev", madv(map, 16 * page), 0);
	munmap(map, 16 * page);
	map = mmap(NULL, 16 * page, PROT_READ, MAP_SHARED, tmp, 0);
	result("madvise_tmpfs", map == MAP_FAILED ? errno : madv(map, 16 * page), 0);
	map = mmap(NULL, 16 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	result("madvise_anonymous", map == MAP_FAILED ? errno : madv(map, 16 * page), 0);

	unlink(path);
	printf("raerrors: %d unexpected\n", failures);
	return failures ? 1 : 0;
}
