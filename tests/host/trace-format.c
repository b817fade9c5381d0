// SPDX-License-Identifier: GPL-2.0
/*
 * trace-format: check that user-space tools can decode the readahead event.
 *
 *   trace-format FORMAT-FILE
 *
 * Parses the event's tracefs format file with libtraceevent, the library
 * trace-cmd and perf use, then formats one record per pattern built from the
 * format's own field offsets, and compares the text with the expected line.
 * Prints KTAP; exits non-zero on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>
#include <trace-seq.h>

static int n, failed;

static void result(int ok, const char *name, const char *why)
{
	n++;
	failed += !ok;
	printf("%sok %d %s%s%s\n", ok ? "" : "not ", n, name, why ? " # " : "", why ? why : "");
}

static int set_field(struct tep_event *ev, char *data, const char *name,
		     unsigned long long val)
{
	struct tep_format_field *f = tep_find_any_field(ev, name);

	if (!f)
		return -1;
	memcpy(data + f->offset, &val, f->size);	/* little endian host */
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const patterns[] = {
		"initial", "oversize", "subsequent", "context", "thrash",
		"around", "fadvise", "random",
	};
	static const char *const fields[] = {
		"s_dev", "i_ino", "index", "req_count", "start", "size",
		"async_size", "actual", "pattern", "async", "mmap",
	};
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev;
	char buf[1 << 16], data[256];
	size_t len;
	FILE *f;
	int i;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: trace-format FORMAT-FILE\n");
		return 2;
	}
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	printf("KTAP version 1\n1..%zu\n", 2 + sizeof(fields) / sizeof(*fields) +
	       sizeof(patterns) / sizeof(*patterns));

	tep_set_long_size(tep, 8);
	tep_set_page_size(tep, 4096);
	result(len > 0 && tep_parse_event(tep, buf, len, "readahead") == 0,
	       "format_parses", NULL);
	ev = tep_find_event_by_name(tep, "readahead", "readahead");
	result(ev != NULL, "event_found", NULL);
	for (i = 0; i < (int)(sizeof(fields) / sizeof(*fields)); i++) {
		char name[64];

		snprintf(name, sizeof(name), "field_%s", fields[i]);
		result(ev && tep_find_field(ev, fields[i]), name, NULL);
	}
	for (i = 0; i < (int)(sizeof(patterns) / sizeof(*patterns)); i++) {
		struct tep_record rec = { .data = data, .size = sizeof(data) };
		struct trace_seq s;
		char want[256], name[64];

		snprintf(name, sizeof(name), "decodes_%s", patterns[i]);
		if (!ev) {
			result(0, name, "no event");
			continue;
		}
		memset(data, 0, sizeof(data));
		set_field(ev, data, "common_type", ev->id);
		set_field(ev, data, "s_dev", (254u << 20) | 3);	/* kernel dev_t */
		set_field(ev, data, "i_ino", 12);
		set_field(ev, data, "index", 100 + i);
		set_field(ev, data, "req_count", 1);
		set_field(ev, data, "start", 104);
		set_field(ev, data, "size", 16);
		set_field(ev, data, "async_size", 8);
		set_field(ev, data, "actual", 15);
		set_field(ev, data, "pattern", i);
		set_field(ev, data, "async", i & 1);
		set_field(ev, data, "mmap", i == 5);
		trace_seq_init(&s);
		tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
		trace_seq_terminate(&s);
		snprintf(want, sizeof(want),
			 "dev=254:3 ino=c pattern=%s req=%d+1 ra=104+16-8 async=%d mmap=%d actual=15",
			 patterns[i], 100 + i, i & 1, i == 5);
		if (!strcmp(s.buffer, want)) {
			result(1, name, NULL);
		} else {
			char why[600];

			snprintf(why, sizeof(why), "expected '%s', got '%s'", want, s.buffer);
			result(0, name, why);
		}
		trace_seq_destroy(&s);
	}
	tep_free(tep);
	return failed ? 1 : 0;
}
