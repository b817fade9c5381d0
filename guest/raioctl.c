// SPDX-License-Identifier: GPL-2.0
/*
 * raioctl: a block device's readahead ioctls, for the privilege tests.
 *
 *   raioctl DEV get|fget         BLKRAGET / BLKFRAGET: prints the value
 *   raioctl DEV set|fset N       BLKRASET / BLKFRASET to N sectors: "0"
 *
 * DEV is a path, or "fd:N" for a descriptor the caller opened (so that an
 * unprivileged caller can be handed a device it could not open).  Prints
 * the errno's name (EACCES, ...) instead when the call fails; exits 2 only
 * on a usage error or when DEV cannot be opened.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

int main(int argc, char **argv)
{
	int fd, get, ret;
	unsigned long req, val = 0;

	if (argc < 3 || (strcmp(argv[2], "get") && strcmp(argv[2], "fget") && argc != 4)) {
		fprintf(stderr, "usage: raioctl DEV get|fget|set N|fset N\n");
		return 2;
	}
	fd = strncmp(argv[1], "fd:", 3) ? open(argv[1], O_RDONLY) : atoi(argv[1] + 3);
	if (fd < 0) {
		printf("%s\n", strerrorname_np(errno));
		return 2;
	}
	get = !strcmp(argv[2], "get") || !strcmp(argv[2], "fget");
	req = !strcmp(argv[2], "get") ? BLKRAGET : !strcmp(argv[2], "fget") ? BLKFRAGET :
	      !strcmp(argv[2], "set") ? BLKRASET : BLKFRASET;
	ret = get ? ioctl(fd, req, &val) : ioctl(fd, req, strtoul(argv[3], NULL, 0));
	if (ret)
		printf("%s\n", strerrorname_np(errno));
	else if (get)
		printf("%lu\n", val);
	else
		printf("0\n");
	return 0;
}
