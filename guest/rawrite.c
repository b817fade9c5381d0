// SPDX-License-Identifier: GPL-2.0
/*
 * rawrite: exactly one write(2) to a file, for the bad-input tests.
 *
 *   rawrite FILE [DATA]    write DATA's bytes (none when DATA is absent or
 *                          empty: a real zero-length write(2), which the
 *                          shell's printf '' never makes)
 *   rawrite FILE -         write what stdin holds (up to 16 MiB), in one call
 *
 * Prints "wrote N" or the errno's name (EINVAL, EACCES, ...) and exits 0
 * either way; exits 2 if FILE cannot be opened for writing, printing the
 * errno's name too, so a test can expect EACCES from open(2).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_STDIN (16 << 20)

int main(int argc, char **argv)
{
	const char *data = argc > 2 ? argv[2] : "";
	size_t len = strlen(data);
	char *buf = NULL;
	ssize_t n;
	int fd;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: rawrite FILE [DATA | -]\n");
		return 2;
	}
	if (!strcmp(data, "-")) {
		buf = malloc(MAX_STDIN);
		if (!buf)
			return 2;
		for (len = 0; len < MAX_STDIN; len += n) {
			n = read(0, buf + len, MAX_STDIN - len);
			if (n <= 0)
				break;
		}
		data = buf;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		printf("%s\n", strerrorname_np(errno));
		return 2;
	}
	n = write(fd, data, len);
	if (n < 0)
		printf("%s\n", strerrorname_np(errno));
	else
		printf("wrote %zd\n", n);
	free(buf);
	return 0;
}
