// SPDX-License-Identifier: MIT
/*
 * bench-decode RECORDING: how fast libintel_oa decodes and accumulates
 * the reports of a recording, against memcpy() of the same bytes, on the
 * host. A benchmark, not a test: it prints figures and fails only when
 * the recording cannot be read (scripts/bench-decode runs it).
 *
 * Both loops walk the recording's reports in file order (they are
 * scattered through the file between their record headers): memcpy()
 * copies each report into one buffer, the decoder accumulates the
 * deltas of each consecutive pair (every A, B and C counter, timestamp
 * and GPU ticks: intel_oa_accumulate()). MB/s = report bytes / time, best
 * of RUNS passes.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "intel_oa/intel_oa.h"
#include "intel_oa/recording.h"

#define RUNS 7

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct intel_oa_recording r;
	struct intel_oa_accumulator acc;
	struct intel_oa_format fmt;
	double t, best_copy = 1e30, best_dec = 1e30, mb;
	unsigned char *buf;
	volatile uint64_t sink = 0;
	size_t i;
	int run;

	if (argc != 2) {
		fprintf(stderr, "usage: bench-decode RECORDING\n");
		return 2;
	}
	if (intel_oa_recording_load(&r, argv[1], 0) || r.n_samples < 2 ||
	    intel_oa_format_init(&fmt, r.info.oa_format,
				 intel_oa_gen_by_devid((uint16_t)r.info.device_id))) {
		fprintf(stderr, "bench-decode: %s: not a recording with reports of a known format\n",
			argv[1]);
		return 1;
	}
	buf = malloc(r.report_size);
	if (!buf)
		return 1;
	for (run = 0; run < RUNS; run++) {
		t = now_s();
		for (i = 0; i < r.n_samples; i++) {
			memcpy(buf, intel_oa_recording_report(&r, i), r.report_size);
			/* the copy must happen: read a byte of it */
			sink += buf[i % r.report_size];
		}
		t = now_s() - t;
		if (t < best_copy)
			best_copy = t;

		memset(&acc, 0, sizeof(acc));
		t = now_s();
		for (i = 1; i < r.n_samples; i++)
			intel_oa_accumulate(&fmt, intel_oa_recording_report(&r, i - 1),
					    intel_oa_recording_report(&r, i), &acc);
		t = now_s() - t;
		sink += acc.timestamp;
		if (t < best_dec)
			best_dec = t;
	}
	mb = (double)r.n_samples * (double)r.report_size / 1e6;
	printf("%zu reports of %zu bytes (%.1f MB), best of %d\n", r.n_samples,
	       r.report_size, mb, RUNS);
	printf("memcpy()                  %9.1f MB/s  %10.0f reports/s\n",
	       mb / best_copy, (double)r.n_samples / best_copy);
	printf("decode + accumulate       %9.1f MB/s  %10.0f reports/s\n",
	       mb / best_dec, (double)r.n_samples / best_dec);
	printf("decode + accumulate / memcpy: %.1f %%\n",
	       100.0 * best_copy / best_dec);
	free(buf);
	intel_oa_recording_fini(&r);
	return sink == 42 ? 3 : 0;
}
