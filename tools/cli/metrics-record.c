// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the record subcommand: a set through ADD_CONFIG into an
 * i915-perf-recorder file.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/recording.h"
#include "metrics-cli.h"

/* Correlation points while recording, as often as i915-perf-recorder's
 * shortest usual period; i915-perf-reader needs two at least. */
#define CORR_PERIOD_NS 250000000ull

#define MIN_U64(a, b) ((a) < (b) ? (a) : (b))

int cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		SAMPLING_OPTIONS,
		{ "duration", required_argument, NULL, 't' },
		{ "print", no_argument, NULL, 'P' },
		{ "output", required_argument, NULL, 'O' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "metrics-dir", required_argument, NULL, 'd' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "mmap", no_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char use[] =
		"usage: " PROG " record --set NAME [--exponent N | --period-us US]\n"
		"                          [--timer] [--device NODE] [--duration S]\n"
		"                          -o FILE [--print\n"
		"                          [--output KIND] [--metrics a,b]]\n"
		"                          [--metrics-dir DIR] [--oa-xml FILE]\n"
		"\n"
		"Opens an OA stream with a metric set and writes an i915-perf recording\n"
		"(i915-perf-reader and '" PROG " print' read it).\n"
		"\n"
		"  -s, --set NAME          metric set ('" PROG " list' shows them)\n"
		SAMPLING_HELP
		"  -t, --duration S        seconds to record (default 1)\n"
		"  -o FILE                 the recording to write\n"
		"  -P, --print             also print the metrics, as 'print' would\n"
		"      --output KIND       with --print: table, csv, json or trace\n"
		"  -M, --metrics a,b       with --print: only these metrics\n"
		"  -d, --metrics-dir DIR   metric files (default: the ones built in)\n"
		"  -x, --oa-xml FILE       also Intel's sets of an OA metric XML file (IGT's\n"
		"                          or Mesa's oa-<chipset>.xml); the recording names\n"
		"                          the set's hw_config_guid, as i915-perf-recorder's\n"
		"  -m, --mmap              write the records straight from the mmap()ed\n"
		"                          stream ring, with no read() copy (the default;\n"
		"                          not with --timer)\n"
		"  -h, --help              this help\n";
	const char *setname = NULL, *file = NULL;
	struct print_opts po = { .kind = INTEL_OA_OUTPUT_TABLE };
	double duration = 1;
	struct intel_oa_rec_device_info info;
	struct intel_oa_metrics *m = NULL;
	struct session ss = { .stream = -1 };
	uint8_t *buf = NULL;
	uint64_t start, end, next_corr, bytes = 0;
	struct sampling smp = { .exponent = -1, .period_us = 1000 };
	int opt, print = 0, status = 1, corr_err = 0, mmap_opt = 0, use_mmap;
	FILE *f = NULL;

	while ((opt = getopt_long(argc, argv, "s:e:p:TD:t:o:PM:d:mx:h", opts,
				  NULL)) != -1) {
		switch (opt) {
		case 's': setname = optarg; break;
		case 'e':
		case 'p':
		case 'T':
		case 'D':
			if (parse_sampling(opt, optarg, &smp))
				return 1;
			break;
		case 't':
			if (parse_positive("--duration", optarg, &duration))
				return 1;
			break;
		case 'o': file = optarg; break;
		case 'P': print = 1; break;
		case 'O':
			if (parse_kind(optarg, &po.kind))
				return 1;
			break;
		case 'M': po.metrics = optarg; break;
		case 'd': po.mdir = optarg; break;
		case 'x': use_oa_xml(optarg); break;
		case 'm': mmap_opt = 1; break;
		case 'h': fputs(use, stdout); return 0;
		default: fputs(use, stderr); return 1;
		}
	}
	if (!setname || !file || optind != argc) {
		fputs(use, stderr);
		return 1;
	}
	m = load_metrics(po.mdir);
	if (!m)
		return 1;
	buf = malloc(STREAM_BUF);
	if (!buf) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	if (mmap_opt && smp.timer) {
		fprintf(stderr, PROG ": --timer opens an i915 stream, which cannot be mapped: drop --mmap\n");
		goto out;
	}
	if (session_open(&ss, m, setname, &smp))
		goto out;
	use_mmap = ss.map.ctl != NULL;
	f = fopen(file, "wb");
	if (!f) {
		fprintf(stderr, PROG ": %s: %s\n", file, strerror(errno));
		goto out;
	}
	memset(&info, 0, sizeof(info));
	info.timestamp_frequency = ss.dev.cs_ts_freq ? ss.dev.cs_ts_freq :
				   ss.dev.ts_freq;
	info.device_id = ss.dev.devid;
	info.device_revision = (uint32_t)ss.gt.revision;
	info.gt_min_frequency = (uint32_t)ss.gt.gpu_freq_min;
	info.gt_max_frequency = (uint32_t)ss.gt.gpu_freq_max;
	info.engine_class = I915_ENGINE_CLASS_RENDER;
	info.oa_format = ss.format;
	snprintf(info.metric_set_name, sizeof(info.metric_set_name), "%s",
		 igt_name(intel_oa_metric_set_name(ss.set)));
	snprintf(info.metric_set_uuid, sizeof(info.metric_set_uuid), "%s",
		 ss.uuid);
	if (intel_oa_rec_write_header(f, &info, ss.topo, ss.topo_len)) {
		fprintf(stderr, PROG ": %s: write error\n", file);
		goto out;
	}
	fprintf(stderr, PROG ": recording set %s on %s: format %u, exponent %d (period %" PRIu64 " ns), %.3f s to %s\n",
		setname, ss.pl->name, ss.format, ss.exponent,
		intel_oa_exponent_period_ns((unsigned int)ss.exponent,
					    ss.dev.ts_freq), duration, file);
	catch_signals();
	start = now_ns(CLOCK_MONOTONIC);
	end = start + (uint64_t)(duration * 1e9);
	next_corr = start;
	for (;;) {
		uint64_t now = now_ns(CLOCK_MONOTONIC);
		ssize_t n;
		int wait_ms;

		if (now >= next_corr) {
			int ret = correlate(ss.dev.fd, f);

			if (ret == -EIO) {
				fprintf(stderr, PROG ": %s: write error\n", file);
				goto out;
			}
			if (ret && !corr_err++)
				fprintf(stderr, PROG ": no timestamp correlation (REG_READ: %s); i915-perf-reader needs two\n",
					strerror(-ret));
			next_corr = now + CORR_PERIOD_NS;
		}
		if (now >= end || stop_requested)
			break;
		wait_ms = (int)((MIN_U64(end, next_corr) - now) / 1000000) + 1;
		if (use_mmap) {
			const uint8_t *recs;

			/* Written from the ring itself, then handed back. */
			n = session_peek(&ss, &recs, wait_ms);
			if (n < 0)
				goto out;
			if (n && fwrite(recs, (size_t)n, 1, f) != 1) {
				fprintf(stderr, PROG ": %s: write error\n", file);
				goto out;
			}
			session_consume(&ss, (size_t)n);
			bytes += (uint64_t)n;
			continue;
		}
		n = session_read(&ss, buf, STREAM_BUF, wait_ms);
		if (n < 0)
			goto out;
		if (n && fwrite(buf, (size_t)n, 1, f) != 1) {
			fprintf(stderr, PROG ": %s: write error\n", file);
			goto out;
		}
		bytes += (uint64_t)n;
	}
	/*
	 * What the OA buffer still holds belongs to the recording too: read()
	 * drains it (and takes what the ring holds first, mapped or not).
	 */
	for (;;) {
		ssize_t n = session_read(&ss, buf, STREAM_BUF, 0);

		if (n <= 0)
			break;
		if (fwrite(buf, (size_t)n, 1, f) != 1) {
			fprintf(stderr, PROG ": %s: write error\n", file);
			goto out;
		}
		bytes += (uint64_t)n;
	}
	if (correlate(ss.dev.fd, f) == -EIO || fclose(f)) {
		f = NULL;
		fprintf(stderr, PROG ": %s: write error\n", file);
		goto out;
	}
	f = NULL;
	fprintf(stderr, PROG ": %" PRIu64 " bytes of stream data written\n",
		bytes);
	session_close(&ss);
	intel_oa_metrics_free(m);
	m = NULL;
	status = 0;
	if (print) {
		po.setname = setname;
		status = print_recording(file, &po);
	}
out:
	if (f)
		fclose(f);
	free(buf);
	session_close(&ss);
	intel_oa_metrics_free(m);
	return status;
}
