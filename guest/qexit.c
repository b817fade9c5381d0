// SPDX-License-Identifier: GPL-2.0
/*
 * qexit: end the QEMU guest with an exit status, through the isa-debug-exit
 * device at port 0xf4. QEMU exits with (status << 1) | 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>

int main(int argc, char **argv)
{
	unsigned int status = argc > 1 ? (unsigned int)atoi(argv[1]) : 0;

	if (ioperm(0xf4, 4, 1)) {
		perror("qexit: ioperm");
		return 1;
	}
	outl(status & 0x7f, 0xf4);
	perror("qexit: still running");
	return 1;
}
