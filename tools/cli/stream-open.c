// SPDX-License-Identifier: MIT
/*
 * Opening a stream, what both command-line tools share.
 *
 * The wake-up threshold. A ring stream wakes its reader once
 * INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS reports wait. The tools ask for
 * 50 ms of reports (20 wake-ups a second at the most), but never for more
 * than a quarter of what the ring holds, so the threshold alone never
 * fills more of the ring than that before the reader runs. Above it the
 * drain adds its batch (half the OA buffer per half-full interrupt) and
 * the reader's own lateness: intel-oa-stat's "ring at wake-up" measures
 * the sum, and scripts/bench-drain prints it per rate (fill%). In the
 * guest it stayed at or below 52 % at every lossless rate, so a reader
 * had half the ring to spare (Documentation/userspace.rst).
 *
 * EINVAL. The driver says why it refuses an open only with drm.debug set,
 * so the tools find the property themselves: a metrics set sysfs does not
 * list, or else the one property whose driver default (or absence) makes
 * the same open succeed. A probe that succeeds opens the stream disabled
 * and closes it at once: nothing is sampled.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stream-open.h"

#define WAKE_NS 50000000ull
#define WAKE_RING_SHARE 4

/* Reports (with their record headers) a ring of @ring_size bytes holds. */
uint64_t cli_ring_holds(uint64_t ring_size, unsigned int report_size)
{
	return (ring_size ? ring_size : CLI_DEFAULT_RING_SIZE) /
	       (CLI_RECORD_HEADER_SIZE + report_size);
}

/*
 * The wake-up threshold, in reports, for a timer period of @period_ns and
 * a ring of @ring_size bytes (0: the driver's default) of @report_size
 * byte reports.
 */
uint64_t cli_wake_reports(uint64_t period_ns, uint64_t ring_size,
			  unsigned int report_size)
{
	uint64_t cap = cli_ring_holds(ring_size, report_size) / WAKE_RING_SHARE;
	uint64_t n = period_ns && period_ns < WAKE_NS ? WAKE_NS / period_ns : 1;

	if (!cap)
		cap = 1;
	return n < cap ? n : cap;
}

/* Whether sysfs lists metrics set @id; true when it cannot tell. */
static bool metrics_set_listed(const struct intel_oa_device *dev, uint64_t id)
{
	char card[192], metrics[256];
	struct dirent *de;
	bool found = false;
	DIR *dir;

	if (intel_oa_sysfs_dir(dev, card, sizeof(card)))
		return true;
	snprintf(metrics, sizeof(metrics), "%s/metrics", card);
	dir = opendir(metrics);
	if (!dir)
		return true;
	while (!found && (de = readdir(dir))) {
		char path[sizeof(metrics) + sizeof(de->d_name) + 4];
		unsigned long long v;
		FILE *f;
		int n;

		if (de->d_name[0] == '.')
			continue;
		n = snprintf(path, sizeof(path), "%s/%s/id", metrics,
			     de->d_name);
		if (n < 0 || (size_t)n >= sizeof(path))
			continue;
		f = fopen(path, "re");
		if (!f)
			continue;
		found = fscanf(f, "%llu", &v) == 1 && v == id;
		fclose(f);
	}
	closedir(dir);
	return found;
}

enum probe {
	PROBE_WAIT,
	PROBE_RING,
	PROBE_OA_BUFFER,
	PROBE_POLL,
	PROBE_EXPONENT,
	PROBE_ENGINE,
	PROBE_FORMAT,
	PROBES
};

/* Whether @o opens, disabled, on the first engine of @engine_class. */
static bool opens_without_engine(const struct intel_oa_device *dev,
				 const struct intel_oa_stream_opts *o,
				 int engine_class)
{
	struct intel_oa_stream_opts d = *o;
	int fd;

	d.disabled = true;
	d.nonblock = true;
	fd = intel_oa_stream_open_engine(dev, &d, engine_class, 0);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* Whether the open succeeds with property @p at its default. */
static bool opens_without(const struct intel_oa_device *dev,
			  const struct intel_oa_stream_opts *opts,
			  int engine_class, int engine_instance, enum probe p)
{
	struct intel_oa_stream_opts o = *opts;
	int fd;

	switch (p) {
	case PROBE_WAIT:
		if (!o.wait_num_reports)
			return false;
		o.wait_num_reports = 0;
		break;
	case PROBE_RING:
		if (!o.ring_size)
			return false;
		o.ring_size = 0;
		break;
	case PROBE_OA_BUFFER:
		if (!o.oa_buffer_size)
			return false;
		o.oa_buffer_size = 0;
		break;
	case PROBE_POLL:
		if (!o.poll_period_ns)
			return false;
		o.poll_period_ns = 0;
		break;
	case PROBE_EXPONENT:
		if (o.exponent < 0)
			return false;
		o.exponent = -1;
		break;
	case PROBE_ENGINE:
		/*
		 * The class's first engine, whose unit writes the same
		 * formats (an OAM format has no other unit), else none
		 */
		if (engine_class < 0)
			return false;
		if (engine_instance != 0 &&
		    opens_without_engine(dev, &o, engine_class))
			return true;
		engine_class = -1;
		break;
	case PROBE_FORMAT:
		if (o.format == intel_oa_gen_default_format(dev->gen))
			return false;
		o.format = intel_oa_gen_default_format(dev->gen);
		break;
	case PROBES:
		return false;
	}
	o.disabled = true;
	o.nonblock = true;
	fd = intel_oa_stream_open_engine(dev, &o, engine_class,
					 engine_instance);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/*
 * After DRM_IOCTL_I915_PERF_OPEN failed with EINVAL for @opts (and the
 * engine, -1 for none): writes to @buf which property the driver refused
 * and its value, as "the X property (NAME = value)".
 *
 * Return: 0 when one was found, -1 when no single property explains it
 * (@buf then names the remaining suspects).
 */
int cli_einval_reason(const struct intel_oa_device *dev,
		      const struct intel_oa_stream_opts *opts,
		      int engine_class, int engine_instance,
		      char *buf, size_t len)
{
	enum probe p;

	if (!metrics_set_listed(dev, opts->metrics_set)) {
		snprintf(buf, len,
			 "the metrics set (DRM_I915_PERF_PROP_OA_METRICS_SET = %" PRIu64 "): no set with that id in sysfs <card>/metrics/*/id",
			 opts->metrics_set);
		return 0;
	}
	for (p = 0; p < PROBES; p++)
		if (opens_without(dev, opts, engine_class, engine_instance, p))
			break;
	switch (p) {
	case PROBE_WAIT:
		snprintf(buf, len,
			 "the wake-up threshold (INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS = %" PRIu64 " reports): more than the ring holds",
			 opts->wait_num_reports);
		return 0;
	case PROBE_RING:
		snprintf(buf, len,
			 "the ring size (INTEL_OA_PERF_PROP_RING_SIZE = %" PRIu64 " bytes): a power of two the driver allows",
			 opts->ring_size);
		return 0;
	case PROBE_OA_BUFFER:
		snprintf(buf, len,
			 "the OA buffer size (INTEL_OA_PERF_PROP_OA_BUFFER_SIZE = %" PRIu64 " bytes): one of the sizes the OA unit has",
			 opts->oa_buffer_size);
		return 0;
	case PROBE_POLL:
		snprintf(buf, len,
			 "the poll period (DRM_I915_PERF_PROP_POLL_OA_PERIOD = %" PRIu64 " ns): at least 100000",
			 opts->poll_period_ns);
		return 0;
	case PROBE_EXPONENT:
		snprintf(buf, len,
			 "the timer exponent (DRM_I915_PERF_PROP_OA_EXPONENT = %d)",
			 opts->exponent);
		return 0;
	case PROBE_ENGINE:
		snprintf(buf, len,
			 "the engine (DRM_I915_PERF_PROP_OA_ENGINE_CLASS:INSTANCE = %d:%d): none this GPU has, or one whose OA unit does not write the format",
			 engine_class, engine_instance);
		return 0;
	case PROBE_FORMAT:
		snprintf(buf, len,
			 "the report format (DRM_I915_PERF_PROP_OA_FORMAT = %u): one the driver does not offer with these properties",
			 opts->format);
		return 0;
	case PROBES:
		break;
	}
	snprintf(buf, len,
		 "no single property: the format (%u) with the metrics set (%" PRIu64 ")",
		 opts->format, opts->metrics_set);
	return -1;
}
