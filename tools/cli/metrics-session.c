// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the live stream: device, ADD_CONFIG, stream open and read,
 * timestamp correlation.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/recording.h"
#include "metrics-cli.h"
#include "stream-open.h"

/* Register of the render ring timestamp the recorder correlates with. */
#define RENDER_RING_TIMESTAMP 0x2358

void session_close(struct session *ss)
{
	if (ss->map.ctl)
		intel_oa_ring_unmap(&ss->map);
	if (ss->stream >= 0)
		close(ss->stream);
	ss->stream = -1;
	if (ss->config > 0) {
		int ret = intel_oa_remove_config(&ss->dev, (uint64_t)ss->config);

		if (ret)
			fprintf(stderr, PROG ": removing metrics config %" PRId64 ": %s\n",
				ss->config, strerror(-ret));
	}
	ss->config = 0;
	if (ss->dev_open)
		intel_oa_device_close(&ss->dev);
	ss->dev_open = false;
	free(ss->topo);
	ss->topo = NULL;
}

static const char *access_hint(int err)
{
	return err == -EACCES || err == -EPERM ?
		" (run as root or set dev.i915.perf_stream_paranoid=0)" : "";
}

/* The id sysfs lists for a uuid (a config this set left behind). */
static int config_id_of(const struct intel_oa_device *dev, const char *uuid,
			uint64_t *id)
{
	char dir[256], path[400];
	unsigned long long v;
	FILE *f;
	int ok;

	if (intel_oa_sysfs_dir(dev, dir, sizeof(dir)))
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/metrics/%s/id", dir, uuid);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	ok = fscanf(f, "%llu", &v) == 1;
	fclose(f);
	if (!ok)
		return -EINVAL;
	*id = v;
	return 0;
}

/* gt_<which>_freq_mhz of the card in Hz, 0 when sysfs does not say. */
double read_gpu_freq(const struct intel_oa_device *dev, const char *which)
{
	char dir[256], path[400];
	unsigned long mhz;
	FILE *f;
	int ok;

	if (intel_oa_sysfs_dir(dev, dir, sizeof(dir)))
		return 0;
	snprintf(path, sizeof(path), "%s/gt_%s_freq_mhz", dir, which);
	f = fopen(path, "r");
	if (!f)
		return 0;
	ok = fscanf(f, "%lu", &mhz) == 1;
	fclose(f);
	return ok ? (double)mhz * 1e6 : 0;
}

/*
 * A set's registers of one kind on this device: an OA metric XML set's
 * lists for particular revisions or fusings are chosen for the device's
 * own (session_describe()).
 */
static struct intel_oa_reg_pair *reg_pairs(const struct session *ss,
					   int kind, unsigned int *n)
{
	struct intel_oa_oa_period op = { .platform = ss->pl, .gt = &ss->gt };
	struct intel_oa_metric_reg *r;
	struct intel_oa_reg_pair *p;
	size_t count, i;

	count = intel_oa_metric_set_regs_for(ss->set, kind, intel_oa_oa_builtin,
					     &op, NULL, 0);
	r = calloc(count + 1, sizeof(*r));
	p = calloc(count + 1, sizeof(*p));
	if (!r || !p) {
		free(r);
		free(p);
		return NULL;
	}
	intel_oa_metric_set_regs_for(ss->set, kind, intel_oa_oa_builtin, &op,
				     r, count);
	for (i = 0; i < count; i++) {
		p[i].addr = r[i].addr;
		p[i].value = r[i].value;
	}
	free(r);
	*n = (unsigned int)count;
	return p;
}

static int add_config(struct session *ss)
{
	struct intel_oa_reg_pair *regs[INTEL_OA_REG_KINDS];
	unsigned int n[INTEL_OA_REG_KINDS] = { 0 };
	int64_t ret = -ENOMEM;
	uint64_t old = 0;
	int k, attempt;

	for (k = 0; k < INTEL_OA_REG_KINDS; k++)
		regs[k] = reg_pairs(ss, k, &n[k]);
	for (k = 0; k < INTEL_OA_REG_KINDS; k++)
		if (!regs[k])
			goto out;
	set_uuid_of(ss->set, ss->uuid);
	for (attempt = 0; attempt < 2; attempt++) {
		ret = intel_oa_add_config(&ss->dev, ss->uuid,
					  regs[INTEL_OA_REG_MUX], n[INTEL_OA_REG_MUX],
					  regs[INTEL_OA_REG_BOOLEAN],
					  n[INTEL_OA_REG_BOOLEAN],
					  regs[INTEL_OA_REG_FLEX],
					  n[INTEL_OA_REG_FLEX]);
		/*
		 * The uuid is taken by a config an earlier, killed run left:
		 * its registers may be another version of the set's, so it
		 * is removed and added afresh rather than reused.
		 */
		if (ret != -EADDRINUSE && ret != -EEXIST)
			break;
		if (config_id_of(&ss->dev, ss->uuid, &old) ||
		    intel_oa_remove_config(&ss->dev, old))
			break;
	}
out:
	for (k = 0; k < INTEL_OA_REG_KINDS; k++)
		free(regs[k]);
	if (ret < 0) {
		fprintf(stderr, PROG ": adding the config of set %s (uuid %s): %s%s\n",
			intel_oa_metric_set_name(ss->set), ss->uuid,
			strerror((int)-ret), access_hint((int)ret));
		return -1;
	}
	ss->config = ret;
	return 0;
}

/* The device search skips nodes it may not open: say so, not "no device". */
static bool node_denied(void)
{
	char path[32];
	int i;

	for (i = 0; i < INTEL_OA_RENDER_NODES; i++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", 128 + i);
		if (access(path, F_OK))
			continue;
		if (access(path, R_OK | W_OK) && errno == EACCES)
			return true;
	}
	return false;
}

/*
 * What IGT's equations and register lists read of the device, asked of
 * the device as i915-perf-recorder asks it: the topology query, the PCI
 * revision, the sysfs frequencies. A device that does not answer the
 * topology query is described by its table row's full configuration.
 */
static void session_describe(struct session *ss)
{
	int rev;

	ss->topo = query_topology(ss->dev.fd, &ss->topo_len);
	if (!ss->topo ||
	    intel_oa_gt_info_from_topology(&ss->gt, ss->pl, ss->topo,
					   ss->topo_len)) {
		free(ss->topo);
		ss->topo = NULL;
		ss->topo_len = 0;
		intel_oa_gt_info_from_topology(&ss->gt, ss->pl, NULL, 0);
	}
	if (!intel_oa_getparam(ss->dev.fd, I915_PARAM_REVISION, &rev))
		ss->gt.revision = (uint32_t)rev;
	ss->gpu_freq_max = read_gpu_freq(&ss->dev, "max");
	ss->gt.cs_ts_freq = ss->dev.cs_ts_freq ? ss->dev.cs_ts_freq :
			    ss->dev.ts_freq;
	ss->gt.gpu_freq_min = (uint64_t)read_gpu_freq(&ss->dev, "min");
	ss->gt.gpu_freq_max = (uint64_t)ss->gpu_freq_max;
}

/*
 * Open the device, pick the set for its platform, add its config and open
 * a stream: a ring stream whose readers wake once per 50 ms of reports
 * (at most 20 times a second), mapped in @ss->map, or with @smp->timer an
 * i915 stream. @smp->period_us is used when @smp->exponent < 0.
 */
int session_open(struct session *ss, struct intel_oa_metrics *m,
		 const char *setname, const struct sampling *smp)
{
	int exponent = smp->exponent;
	double period_us = smp->period_us;
	uint64_t period_ns;
	struct intel_oa_stream_opts so;
	const char *fmt_name;
	const struct intel_oa_layout *l;
	bool oam;
	int ret;

	memset(ss, 0, sizeof(*ss));
	ss->stream = -1;
	ret = intel_oa_device_open(&ss->dev, smp->device);
	if ((ret == -ENODEV || ret == -ENOENT) && node_denied()) {
		fprintf(stderr, PROG ": no DRM render node is accessible: run as root or join the render group\n");
		return -1;
	}
	if ((ret == -ENODEV || ret == -ENOENT) && smp->device) {
		fprintf(stderr, PROG ": %s is no i915-compatible DRM device ('ls /dev/dri' lists the nodes)\n",
			smp->device);
		return -1;
	}
	if (ret == -ENODEV || ret == -ENOENT) {
		fprintf(stderr, PROG ": no i915-compatible DRM device: load intel_oa.ko (or run under scripts/vm-run)\n");
		return -1;
	}
	if (ret) {
		fprintf(stderr, PROG ": opening the DRM device: %s%s\n",
			strerror(-ret), ret == -EACCES ?
			" (run as root or join the render group)" : "");
		return -1;
	}
	ss->dev_open = true;
	ss->pl = platform_of(ss->dev.devid);
	if (!ss->pl || !ss->dev.gen) {
		fprintf(stderr, PROG ": PCI id 0x%04x is not in the device table\n",
			ss->dev.devid);
		return -1;
	}
	ss->set = intel_oa_metrics_find_for(m, setname, ss->pl->name);
	if (!ss->set) {
		fprintf(stderr, PROG ": no set named %s for %s; '" PROG " list' shows the platform's sets\n",
			setname, ss->pl->name);
		return -1;
	}
	fmt_name = intel_oa_metric_set_format(ss->set);
	if (fmt_name) {
		l = intel_oa_layout_by_name(fmt_name);

		if (!l) {
			fprintf(stderr, PROG ": set %s: unknown format %s\n",
				setname, fmt_name);
			return -1;
		}
		ss->format = l->id;
	} else {
		ss->format = intel_oa_gen_default_format(ss->dev.gen);
	}
	if (exponent < 0) {
		exponent = intel_oa_gen_exponent_for_period(ss->dev.gen,
				(uint64_t)(period_us * 1000.0), ss->dev.ts_freq);
		if (exponent < 0) {
			fprintf(stderr, PROG ": no timer exponent gives a %.0f us period; choose a shorter one\n",
				period_us);
			return -1;
		}
	}
	ss->exponent = exponent;
	session_describe(ss);
	if (add_config(ss))
		return -1;
	memset(&so, 0, sizeof(so));
	so.metrics_set = (uint64_t)ss->config;
	so.format = ss->format;
	so.exponent = exponent;
	so.nonblock = true;
	period_ns = intel_oa_exponent_period_ns((unsigned int)exponent,
						ss->dev.ts_freq);
	l = intel_oa_layout_by_id(ss->format);
	if (!smp->timer && l)
		so.wait_num_reports = cli_wake_reports(period_ns, 0, l->size);
	/*
	 * A set of the media GT's OAM format (Meteor Lake) is recorded on the
	 * OAM, which the first video decode engine chooses (perf revision 7)
	 */
	oam = l && !strcmp(l->unit, "OAM");
	ss->stream = intel_oa_stream_open_engine(&ss->dev, &so,
						 oam ? I915_ENGINE_CLASS_VIDEO : -1,
						 0);
	if (ss->stream < 0) {
		char why[256] = "";

		ret = ss->stream;
		ss->stream = -1;
		if (ret == -EINVAL)
			cli_einval_reason(&ss->dev, &so,
					  oam ? I915_ENGINE_CLASS_VIDEO : -1, 0,
					  why, sizeof(why));
		fprintf(stderr, PROG ": opening the OA stream (set %s, format %u, exponent %d): %s%s%s%s\n",
			setname, ss->format, exponent, strerror(-ret),
			access_hint(ret), why[0] ? ": the driver refuses " : "",
			why);
		return -1;
	}
	if (!smp->timer)
		return session_map(ss);
	return 0;
}

/*
 * Wait up to @timeout_ms for stream data and read what there is; with 0,
 * read without waiting for readiness (a ring stream is readable only once
 * WAIT_NUM_REPORTS are in it or its poll period passed, but read() drains
 * whatever landed: the final reads of a recording need that).
 * Return: bytes read (0: none yet), -1 on error.
 */
ssize_t session_read(struct session *ss, uint8_t *buf, size_t len,
		     int timeout_ms)
{
	struct pollfd pfd = { .fd = ss->stream, .events = POLLIN };
	ssize_t n;

	if (timeout_ms && poll(&pfd, 1, timeout_ms) <= 0)
		return 0;
	n = read(ss->stream, buf, len);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		/* i915 reports a lost report as EIO once on old kernels */
		fprintf(stderr, PROG ": reading the OA stream: %s\n",
			strerror(errno));
		return -1;
	}
	return n;
}

/* Map the stream's ring (intel_oa only); 0 or -1 after a message. */
int session_map(struct session *ss)
{
	int ret = intel_oa_ring_map(ss->stream, &ss->map);

	if (ret) {
		fprintf(stderr, PROG ": cannot map the stream ring: %s (is the driver intel_oa?)\n",
			strerror(-ret));
		return -1;
	}
	return 0;
}

/*
 * Wait up to @timeout_ms for records in the mapped ring; point @records
 * at them, in place. Return: their bytes (0: none yet), -1 on error.
 */
ssize_t session_peek(struct session *ss, const uint8_t **records,
		     int timeout_ms)
{
	struct pollfd pfd = { .fd = ss->stream, .events = POLLIN };
	const void *p;
	size_t n;

	poll(&pfd, 1, timeout_ms);
	n = intel_oa_ring_peek(&ss->map, &p);
	if (!p) {
		fprintf(stderr, PROG ": the stream ring's positions are inconsistent\n");
		return -1;
	}
	*records = p;
	return (ssize_t)n;
}

/* Hand @bytes of what session_peek() returned back to the driver. */
void session_consume(struct session *ss, size_t bytes)
{
	intel_oa_ring_consume(&ss->map, bytes);
}

/* Feed every SAMPLE of a read() buffer; count the lost records. */
int feed_buffer(struct session *ss, struct evaluator *ev,
		const uint8_t *buf, size_t len)
{
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;
	int ret;

	intel_oa_record_iter_init(&it, buf, len, ev->report_size);
	while ((ret = intel_oa_record_next(&it, &rec)) == 1) {
		if (rec.type == DRM_I915_PERF_RECORD_SAMPLE)
			evaluator_feed(ev, rec.payload);
		else if (rec.type == DRM_I915_PERF_RECORD_OA_REPORT_LOST ||
			 rec.type == DRM_I915_PERF_RECORD_OA_BUFFER_LOST)
			ss->lost++;
	}
	if (ret < 0) {
		fprintf(stderr, PROG ": malformed stream record at offset %zu\n",
			it.error);
		return -1;
	}
	return 0;
}

/*
 * Wait up to @timeout_ms for records and feed them to @ev: in the mapped
 * ring itself, then handed back, or read() into @buf (STREAM_BUF bytes).
 * Returns the bytes fed (0: none came), or -1 on an error (said).
 */
ssize_t session_feed(struct session *ss, struct evaluator *ev, uint8_t *buf,
		     int timeout_ms)
{
	const uint8_t *recs = buf;
	ssize_t n;

	if (ss->map.ctl)
		n = session_peek(ss, &recs, timeout_ms);
	else
		n = session_read(ss, buf, STREAM_BUF, timeout_ms);
	if (n < 0 || (n && feed_buffer(ss, ev, recs, (size_t)n)))
		return -1;
	if (ss->map.ctl)
		session_consume(ss, (size_t)n);
	return n;
}

void *query_topology(int fd, size_t *len)
{
	struct drm_i915_query_item item;
	struct drm_i915_query q;
	void *buf;

	memset(&item, 0, sizeof(item));
	memset(&q, 0, sizeof(q));
	item.query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
	q.num_items = 1;
	q.items_ptr = (uintptr_t)&item;
	if (ioctl(fd, DRM_IOCTL_I915_QUERY, &q) || item.length <= 0)
		return NULL;
	buf = calloc(1, (size_t)item.length);
	if (!buf)
		return NULL;
	item.data_ptr = (uintptr_t)buf;
	if (ioctl(fd, DRM_IOCTL_I915_QUERY, &q) || item.length <= 0) {
		free(buf);
		return NULL;
	}
	*len = (size_t)item.length;
	return buf;
}

/* A CPU/GPU timestamp pair the way i915-perf-recorder takes it. */
int correlate(int fd, FILE *f)
{
	struct drm_i915_reg_read rr;
	uint64_t before, after;

	memset(&rr, 0, sizeof(rr));
	rr.offset = RENDER_RING_TIMESTAMP | I915_REG_READ_8B_WA;
	before = now_ns(CLOCK_MONOTONIC);
	if (ioctl(fd, DRM_IOCTL_I915_REG_READ, &rr))
		return -errno;
	after = now_ns(CLOCK_MONOTONIC);
	return intel_oa_rec_write_correlation(f, before + (after - before) / 2,
					      rr.val);
}
