// SPDX-License-Identifier: GPL-2.0
/*
 * asuser: run a command as an unprivileged user, for the privilege tests.
 *
 *   asuser UID COMMAND [ARG...]
 *
 * Drops every supplementary group and sets the real, effective and saved
 * user and group ids to UID, so the command has no capability left; file
 * descriptors stay open (a test can hand it a device root opened).
 */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t id;

	if (argc < 3) {
		fprintf(stderr, "usage: asuser UID COMMAND [ARG...]\n");
		return 2;
	}
	id = atoi(argv[1]);
	if (!id || setgroups(0, NULL) || setresgid(id, id, id) || setresuid(id, id, id)) {
		perror("asuser");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
