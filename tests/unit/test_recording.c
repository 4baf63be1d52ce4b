// SPDX-License-Identifier: MIT
/*
 * Recordings in i915-perf-recorder's file format (intel_oa/recording.h):
 * write one in memory, read it back, walk its records, corrupt it.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Expected bytes are written out from IGT's lib/i915/perf_data.h layout
 * (record header u32 type, u16 pad, u16 size; VERSION 0x10000,
 * DEVICE_INFO 0x10001 with a 336-byte packed payload, TOPOLOGY 0x10002,
 * CORRELATION 0x10003), not taken from the code under test.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "intel_oa/recording.h"
#include "unit.h"

/* A12_B8_C8 (i915 format 9, Gen8+): 128 bytes; dword 1 TIMESTAMP, 3
 * GPU_TICKS, 4..15 A7..A18, 16..23 B0..B7, 24..31 C0..C7. */
#define REPORT_SIZE 128
#define N_REPORTS 5
#define SKL_DEVID 0x1912

struct mem {
	char *buf;
	size_t len;
	FILE *f;
};

static uint32_t rd32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* Report i: every counter distinct, all advancing at distinct rates. */
static void make_report(uint8_t *r, unsigned int i)
{
	unsigned int k;

	memset(r, 0, REPORT_SIZE);
	wr32(r + 0, 1u << 19);			/* timer reason */
	wr32(r + 4, 0x1000 + i * 12000);	/* 1 ms at 12 MHz per report */
	wr32(r + 8, 0x55);
	wr32(r + 12, 7 + i * 9000);		/* GPU ticks */
	for (k = 0; k < 12; k++)
		wr32(r + 16 + 4 * k, 100 * k + i * (k + 1) * 10);
	for (k = 0; k < 8; k++)
		wr32(r + 64 + 4 * k, 1000 * k + i * (k + 3));
	for (k = 0; k < 8; k++)
		wr32(r + 96 + 4 * k, 5000 * k + i * (2 * k + 1));
}

static void info_fill(struct intel_oa_rec_device_info *info)
{
	memset(info, 0, sizeof(*info));
	info->timestamp_frequency = 12000000;
	info->device_id = SKL_DEVID;
	info->device_revision = 0x07;
	info->gt_min_frequency = 350000000;
	info->gt_max_frequency = 1150000000;
	info->engine_class = 0;
	info->engine_instance = 0;
	info->oa_format = I915_OA_FORMAT_A12_B8_C8;
	strcpy(info->metric_set_name, "RecTest");
	strcpy(info->metric_set_uuid, "01234567-89ab-8cde-8f01-23456789abcd");
}

/* VERSION, DEVICE_INFO, TOPOLOGY(13 bytes), CORR, 5 SAMPLEs with a
 * REPORT_LOST and an unknown record among them, CORR. */
static int write_sample_file(struct mem *m)
{
	static const uint8_t topo[13] = { 1, 0, 1, 0, 3, 0, 8, 0, 9, 0, 2, 0, 1 };
	struct intel_oa_rec_device_info info;
	uint8_t r[REPORT_SIZE], unk[4] = { 0xde, 0xad, 0xbe, 0xef };
	unsigned int i;

	m->f = open_memstream(&m->buf, &m->len);
	if (!m->f)
		return -1;
	info_fill(&info);
	if (intel_oa_rec_write_header(m->f, &info, topo, sizeof(topo)) ||
	    intel_oa_rec_write_correlation(m->f, 1000000001ull, 0x123456789ull))
		return -1;
	for (i = 0; i < N_REPORTS; i++) {
		make_report(r, i);
		if (intel_oa_rec_write_record(m->f, DRM_I915_PERF_RECORD_SAMPLE,
					      r, sizeof(r)))
			return -1;
		if (i == 2 &&
		    (intel_oa_rec_write_record(m->f,
					       DRM_I915_PERF_RECORD_OA_REPORT_LOST,
					       NULL, 0) ||
		     intel_oa_rec_write_record(m->f, 0x20000, unk, sizeof(unk))))
			return -1;
	}
	if (intel_oa_rec_write_correlation(m->f, 2000000002ull, 0x124000000ull))
		return -1;
	return fclose(m->f) ? -1 : 0;
}

/* Offsets of the file write_sample_file() makes. */
#define OFF_VERSION 0
#define OFF_INFO 16
#define OFF_TOPO (OFF_INFO + 8 + 336)
#define OFF_CORR0 (OFF_TOPO + 8 + 16)
#define OFF_SAMPLE0 (OFF_CORR0 + 24)
#define SAMPLE_REC (8 + REPORT_SIZE)
#define OFF_LOST (OFF_SAMPLE0 + 3 * SAMPLE_REC)
#define OFF_UNKNOWN (OFF_LOST + 8)
#define OFF_SAMPLE3 (OFF_UNKNOWN + 12)
#define OFF_CORR1 (OFF_SAMPLE3 + 2 * SAMPLE_REC)
#define FILE_LEN (OFF_CORR1 + 24)

static void test_write_layout(const void *arg UNIT_UNUSED)
{
	struct mem m = { 0 };
	const uint8_t *b;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	b = (const uint8_t *)m.buf;
	UNIT_EQ(m.len, FILE_LEN, "file length");
	UNIT_EQ(rd32(b + OFF_VERSION), 0x10000, "VERSION type");
	UNIT_EQ(rd32(b + OFF_VERSION + 4), 16u << 16, "VERSION pad/size");
	UNIT_EQ(rd32(b + OFF_VERSION + 8), 1, "version");
	UNIT_EQ(rd32(b + OFF_INFO), 0x10001, "DEVICE_INFO type");
	UNIT_EQ(rd32(b + OFF_INFO + 4), 344u << 16, "DEVICE_INFO size");
	UNIT_EQ(rd32(b + OFF_INFO + 8), 12000000, "timestamp_frequency lo");
	UNIT_EQ(rd32(b + OFF_INFO + 12), 0, "timestamp_frequency hi");
	UNIT_EQ(rd32(b + OFF_INFO + 16), SKL_DEVID, "device_id");
	UNIT_EQ(rd32(b + OFF_INFO + 20), 7, "revision");
	UNIT_EQ(rd32(b + OFF_INFO + 24), 350000000, "gt_min");
	UNIT_EQ(rd32(b + OFF_INFO + 28), 1150000000, "gt_max");
	UNIT_EQ(rd32(b + OFF_INFO + 40), I915_OA_FORMAT_A12_B8_C8, "oa_format");
	UNIT_CHECK(!strcmp((const char *)b + OFF_INFO + 44, "RecTest"),
		   "metric_set_name at payload byte 36");
	UNIT_CHECK(!strcmp((const char *)b + OFF_INFO + 44 + 256,
			   "01234567-89ab-8cde-8f01-23456789abcd"),
		   "metric_set_uuid at payload byte 292");
	UNIT_EQ(rd32(b + OFF_TOPO), 0x10002, "TOPOLOGY type");
	UNIT_EQ(rd32(b + OFF_TOPO + 4), 24u << 16, "TOPOLOGY padded to 8");
	UNIT_EQ(b[OFF_TOPO + 8 + 12], 1, "topology last byte");
	UNIT_EQ(b[OFF_TOPO + 8 + 13], 0, "topology padding");
	UNIT_EQ(rd32(b + OFF_CORR0), 0x10003, "CORRELATION type");
	UNIT_EQ(rd32(b + OFF_CORR0 + 8), 1000000001u, "cpu ns lo");
	UNIT_EQ(rd32(b + OFF_CORR0 + 16), 0x23456789u, "gpu ts lo");
	UNIT_EQ(rd32(b + OFF_CORR0 + 20), 0x1, "gpu ts hi");
	UNIT_EQ(rd32(b + OFF_SAMPLE0), 1, "SAMPLE type");
	UNIT_EQ(rd32(b + OFF_SAMPLE0 + 4), (uint32_t)SAMPLE_REC << 16,
		"SAMPLE size");
	UNIT_EQ(rd32(b + OFF_LOST), 2, "REPORT_LOST type");
	UNIT_EQ(rd32(b + OFF_LOST + 4), 8u << 16, "REPORT_LOST size");
	free(m.buf);
}

static void test_read_back(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct mem m = { 0 };
	uint8_t want[REPORT_SIZE];
	unsigned int i;
	int ret;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	ret = intel_oa_recording_parse(&r, m.buf, m.len, 0);
	UNIT_CHECK(ret == 0, "parse: %d", ret);
	UNIT_EQ(r.version, 1, "version");
	UNIT_CHECK(r.has_info, "no info");
	UNIT_EQ(r.info.timestamp_frequency, 12000000, "ts freq");
	UNIT_EQ(r.info.device_id, SKL_DEVID, "devid");
	UNIT_EQ(r.info.device_revision, 7, "revision");
	UNIT_EQ(r.info.gt_min_frequency, 350000000, "gt min");
	UNIT_EQ(r.info.gt_max_frequency, 1150000000, "gt max");
	UNIT_EQ(r.info.oa_format, I915_OA_FORMAT_A12_B8_C8, "format");
	UNIT_CHECK(!strcmp(r.info.metric_set_name, "RecTest"), "name '%s'",
		   r.info.metric_set_name);
	UNIT_CHECK(!strcmp(r.info.metric_set_uuid,
			   "01234567-89ab-8cde-8f01-23456789abcd"), "uuid");
	UNIT_EQ(r.topology_len, 16, "topology length");
	UNIT_EQ(((const uint8_t *)r.topology)[4], 3, "topology byte 4");
	UNIT_EQ(r.report_size, REPORT_SIZE, "report size");
	UNIT_EQ(r.n_samples, N_REPORTS, "samples");
	UNIT_EQ(r.lost, 1, "lost");
	UNIT_EQ(r.buffer_lost, 0, "buffer lost");
	UNIT_EQ(r.unknown, 1, "unknown records");
	UNIT_EQ(r.n_corr, 2, "correlations");
	UNIT_EQ(r.corr[0].cpu_ns, 1000000001ull, "corr0 cpu");
	UNIT_EQ(r.corr[0].gpu_ts, 0x123456789ull, "corr0 gpu");
	UNIT_EQ(r.corr[1].cpu_ns, 2000000002ull, "corr1 cpu");
	UNIT_EQ(r.corr[1].gpu_ts, 0x124000000ull, "corr1 gpu");
	UNIT_EQ(r.samples[0], OFF_SAMPLE0 + 8, "sample 0 offset");
	UNIT_EQ(r.samples[3], OFF_SAMPLE3 + 8, "sample 3 after lost+unknown");
	for (i = 0; i < N_REPORTS; i++) {
		make_report(want, i);
		UNIT_CHECK(!memcmp(intel_oa_recording_report(&r, i), want,
				   REPORT_SIZE), "report %u differs", i);
	}
	intel_oa_recording_fini(&r);
	/* a report size given up front must match */
	ret = intel_oa_recording_parse(&r, m.buf, m.len, 256);
	UNIT_CHECK(ret == -EBADMSG, "256-byte reports expected: %d", ret);
	UNIT_EQ(r.error, OFF_SAMPLE0, "error offset");
	intel_oa_recording_fini(&r);
	free(m.buf);
}

/* Overwrite the size field of the record at @off, parse, expect @err. */
static int parse_with_size(const struct mem *m, size_t off, uint16_t size,
			   size_t *error)
{
	struct intel_oa_recording r;
	uint8_t *copy = malloc(m->len);
	int ret;

	if (!copy)
		return -ENOMEM;
	memcpy(copy, m->buf, m->len);
	copy[off + 6] = (uint8_t)size;
	copy[off + 7] = (uint8_t)(size >> 8);
	ret = intel_oa_recording_parse(&r, copy, m->len, 0);
	*error = r.error;
	intel_oa_recording_fini(&r);
	free(copy);
	return ret;
}

static void test_corrupt_sizes(const void *arg UNIT_UNUSED)
{
	static const struct {
		size_t off;
		uint16_t size;
		const char *what;
	} cases[] = {
		{ OFF_VERSION, 4, "size below the header" },
		{ OFF_VERSION, 0, "size 0" },
		{ OFF_INFO, 342, "size not a multiple of 4" },
		{ OFF_INFO, 340, "DEVICE_INFO of 332 bytes" },
		{ OFF_CORR0, 28, "correlation of 20 bytes" },
		{ OFF_SAMPLE0 + SAMPLE_REC, 8 + 64, "second SAMPLE shorter" },
		{ OFF_LOST, 12, "REPORT_LOST with a payload" },
		{ OFF_CORR1, 0xfffc, "size past the end" },
	};
	struct mem m = { 0 };
	size_t i, err;
	int ret;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ret = parse_with_size(&m, cases[i].off, cases[i].size, &err);
		UNIT_CHECK(ret == -EBADMSG, "%s: got %d", cases[i].what, ret);
		UNIT_CHECK(err == cases[i].off, "%s: error at %zu, not %zu",
			   cases[i].what, err, cases[i].off);
	}
	free(m.buf);
}

static void test_truncated(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct mem m = { 0 };
	size_t cut;
	int ret;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	/* cut inside the last record, then inside the next header */
	for (cut = 1; cut < 28; cut += 3) {
		ret = intel_oa_recording_parse(&r, m.buf, m.len - cut, 0);
		UNIT_CHECK(ret == -EBADMSG, "cut %zu: %d", cut, ret);
		UNIT_CHECK(r.error == (cut <= 24 ? OFF_CORR1 :
				       OFF_SAMPLE3 + SAMPLE_REC),
			   "cut %zu: error at %zu", cut, r.error);
		intel_oa_recording_fini(&r);
	}
	/* cut exactly at a record boundary: a shorter, valid recording */
	ret = intel_oa_recording_parse(&r, m.buf, OFF_LOST, 0);
	UNIT_CHECK(ret == 0, "cut at a boundary: %d", ret);
	UNIT_EQ(r.n_samples, 3, "samples before the cut");
	UNIT_EQ(r.n_corr, 1, "correlations before the cut");
	intel_oa_recording_fini(&r);
	free(m.buf);
}

static void test_version_and_info(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct mem m = { 0 };
	int ret;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	m.buf[OFF_VERSION + 8] = 2;
	ret = intel_oa_recording_parse(&r, m.buf, m.len, 0);
	UNIT_CHECK(ret == -EPROTO, "version 2: %d", ret);
	intel_oa_recording_fini(&r);
	m.buf[OFF_VERSION + 8] = 1;
	/* the DEVICE_INFO record retyped as an unknown one */
	m.buf[OFF_INFO + 2] = 0x7f;
	ret = intel_oa_recording_parse(&r, m.buf, m.len, 0);
	UNIT_CHECK(ret == -ENODATA, "no DEVICE_INFO: %d", ret);
	intel_oa_recording_fini(&r);
	ret = intel_oa_recording_parse(&r, NULL, 0, 0);
	UNIT_CHECK(ret == -ENODATA, "empty: %d", ret);
	intel_oa_recording_fini(&r);
	free(m.buf);
}

static void test_load_file(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct mem m = { 0 };
	char path[] = "/tmp/intel-oa-rec-XXXXXX";
	int fd, ret;
	FILE *f;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	fd = mkstemp(path);
	UNIT_CHECK(fd >= 0, "mkstemp");
	f = fdopen(fd, "wb");
	UNIT_CHECK(f && fwrite(m.buf, m.len, 1, f) == 1 && !fclose(f),
		   "writing %s", path);
	ret = intel_oa_recording_load(&r, path, REPORT_SIZE);
	remove(path);
	UNIT_CHECK(ret == 0, "load: %d", ret);
	UNIT_EQ(r.n_samples, N_REPORTS, "samples");
	UNIT_EQ(r.len, m.len, "length");
	intel_oa_recording_fini(&r);
	ret = intel_oa_recording_load(&r, "/nonexistent/x.rec", 0);
	UNIT_CHECK(ret == -ENOENT, "missing file: %d", ret);
	intel_oa_recording_fini(&r);
	free(m.buf);
}

static const char rec_metrics[] =
	"family rectest\n"
	"set RecTest\n"
	"  metric gpu_busy \"%\" = 100 * A9 / GPU_TICKS\n"
	"  metric b2_rate \"/s\" = B2 / SECONDS\n"
	"  metric c5_per_eu = C5 / EU_COUNT\n"
	"end\n";

/*
 * A recording evaluated the way intel-oa-metrics print does, report pair
 * by report pair; expectations from make_report()'s formulas: per pair
 * A9 (dword 6, k = 2) advances 30, GPU_TICKS 9000, B2 5, C5 11, TIMESTAMP
 * 12000 (1 ms at Skylake's 12 MHz), and Skylake GT2 has 24 EUs.
 */
static void test_evaluate_set(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *ms;
	const struct intel_oa_metric_set *s;
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	struct intel_oa_report rep;
	struct mem m = { 0 };
	double v[3];
	unsigned int fl[3];
	size_t i;
	int ret;

	UNIT_CHECK(!write_sample_file(&m), "writing failed");
	ret = intel_oa_recording_parse(&r, m.buf, m.len, 0);
	UNIT_CHECK(ret == 0, "parse: %d", ret);
	ms = intel_oa_metrics_new();
	UNIT_CHECK(ms, "oom");
	ret = intel_oa_metrics_load_string(ms, "rec.metrics", rec_metrics,
					   strlen(rec_metrics), &err);
	UNIT_CHECK(ret == 0, "load: %s", err.text);
	s = intel_oa_metrics_find(ms, r.info.metric_set_name);
	UNIT_CHECK(s, "set named by the recording not found");
	ret = intel_oa_format_init(&fmt, r.info.oa_format,
				   intel_oa_gen_by_devid((uint16_t)r.info.device_id));
	UNIT_CHECK(ret == 0, "format: %d", ret);
	intel_oa_decode(&fmt, intel_oa_recording_report(&r, 0), &rep);
	memset(&op, 0, sizeof(op));
	op.acc = &acc;
	op.has_a = rep.a_mask;
	op.has_b = rep.b_mask;
	op.has_c = rep.c_mask;
	op.has_gpu_ticks = rep.has_gpu_ticks;
	op.platform = intel_oa_platform_by_devid((uint16_t)r.info.device_id);
	for (i = 1; i < r.n_samples; i++) {
		memset(&acc, 0, sizeof(acc));
		intel_oa_accumulate(&fmt, intel_oa_recording_report(&r, i - 1),
				    intel_oa_recording_report(&r, i), &acc);
		intel_oa_metric_set_eval(s, NULL, intel_oa_oa_builtin, &op, v,
					 fl);
		UNIT_CHECK(fabs(v[0] - 100.0 * 30 / 9000) < 1e-12,
			   "pair %zu gpu_busy %g", i, v[0]);
		UNIT_CHECK(fabs(v[1] - 5 / 0.001) < 1e-6, "pair %zu b2_rate %g",
			   i, v[1]);
		UNIT_CHECK(fabs(v[2] - 11.0 / 24) < 1e-12,
			   "pair %zu c5_per_eu %g", i, v[2]);
	}
	intel_oa_metrics_free(ms);
	intel_oa_recording_fini(&r);
	free(m.buf);
}

/*
 * A real recording: Debian's i915-perf-recorder (intel-gpu-tools 1.27.1),
 * RenderBasic at a 20 ms period for ~1 s on the virtual Skylake GT2.
 * Each pair is evaluated through the library and compared with deltas
 * read straight from the bytes of A32u40_A4u32_B8_C8 (dword 1 TIMESTAMP,
 * 3 GPU_TICKS; A0 low dword at byte 16, its bits 39:32 at byte 160; B3
 * at byte 204, C1 at byte 228).
 */
static const char real_metrics[] =
	"family realtest\n"
	"set RealTest\n"
	"  metric a0_per_tick = A0 / GPU_TICKS\n"
	"  metric b3_rate \"/s\" = B3 / SECONDS\n"
	"  metric c1_minus_b3 = C1 - B3\n"
	"end\n";

static uint64_t raw40(const uint8_t *r, unsigned int n)
{
	return rd32(r + 16 + 4 * n) | (uint64_t)r[160 + n] << 32;
}

static void test_real_recorder_file(const void *arg UNIT_UNUSED)
{
	struct intel_oa_recording r;
	struct intel_oa_parse_error err;
	struct intel_oa_metrics *ms;
	struct intel_oa_format fmt;
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	struct intel_oa_report rep;
	double v[3];
	size_t i;
	int ret;

	ret = intel_oa_recording_load(&r, INTEL_OA_SRC_DIR
				      "/tests/unit/data/skl-renderbasic.i915-perf-recorder",
				      0);
	UNIT_CHECK(ret == 0, "load: %d", ret);
	UNIT_EQ(r.version, 1, "version");
	UNIT_EQ(r.info.device_id, 0x1912, "device id");
	UNIT_EQ(r.info.oa_format, I915_OA_FORMAT_A32u40_A4u32_B8_C8, "format");
	UNIT_EQ(r.info.timestamp_frequency, 12000000, "CS timestamp Hz");
	UNIT_CHECK(!strcmp(r.info.metric_set_name, "RenderBasic"), "name %s",
		   r.info.metric_set_name);
	UNIT_EQ(r.report_size, 256, "report size");
	UNIT_EQ(r.n_samples, 17, "reports");
	UNIT_EQ(r.n_corr, 4, "correlations");
	UNIT_EQ(r.topology_len, 32, "topology bytes");
	UNIT_EQ(r.lost + r.buffer_lost + r.unknown, 0, "other records");
	ms = intel_oa_metrics_new();
	UNIT_CHECK(ms, "oom");
	ret = intel_oa_metrics_load_string(ms, "real.metrics", real_metrics,
					   strlen(real_metrics), &err);
	UNIT_CHECK(ret == 0, "metrics: %s", err.text);
	ret = intel_oa_format_init(&fmt, r.info.oa_format,
				   intel_oa_gen_by_devid(0x1912));
	UNIT_CHECK(ret == 0, "format init %d", ret);
	intel_oa_decode(&fmt, intel_oa_recording_report(&r, 0), &rep);
	memset(&op, 0, sizeof(op));
	op.acc = &acc;
	op.has_a = rep.a_mask;
	op.has_b = rep.b_mask;
	op.has_c = rep.c_mask;
	op.has_gpu_ticks = rep.has_gpu_ticks;
	op.platform = intel_oa_platform_by_devid(0x1912);
	for (i = 1; i < r.n_samples; i++) {
		const uint8_t *p = intel_oa_recording_report(&r, i - 1);
		const uint8_t *c = intel_oa_recording_report(&r, i);
		double ticks = (double)(uint32_t)(rd32(c + 12) - rd32(p + 12));
		double secs = (double)(uint32_t)(rd32(c + 4) - rd32(p + 4)) /
			      12e6;
		double a0 = (double)((raw40(c, 0) - raw40(p, 0)) &
				     0xffffffffffull);
		double b3 = (double)(uint32_t)(rd32(c + 204) - rd32(p + 204));
		double c1 = (double)(uint32_t)(rd32(c + 228) - rd32(p + 228));

		UNIT_CHECK(ticks > 0 && a0 > 0 && b3 > 0 && c1 != b3,
			   "pair %zu: counters do not advance distinctly", i);
		memset(&acc, 0, sizeof(acc));
		intel_oa_accumulate(&fmt, p, c, &acc);
		intel_oa_metric_set_eval(intel_oa_metrics_find(ms, "RealTest"),
					 NULL, intel_oa_oa_builtin, &op, v,
					 NULL);
		UNIT_CHECK(v[0] == a0 / ticks, "pair %zu a0/tick %g vs %g", i,
			   v[0], a0 / ticks);
		UNIT_CHECK(fabs(v[1] - b3 / secs) <= 1e-9 * (b3 / secs),
			   "pair %zu b3 rate %g vs %g", i, v[1], b3 / secs);
		UNIT_CHECK(v[2] == c1 - b3, "pair %zu c1-b3 %g vs %g", i, v[2],
			   c1 - b3);
	}
	intel_oa_metrics_free(ms);
	intel_oa_recording_fini(&r);
}

/*
 * Report timestamps on the CPU clock of the correlations: after the
 * first correlation, across a 32-bit wrap, at the measured rate, with an
 * OA clock twice the CS clock (Gen12.5), and before the first one.
 */
static void test_cpu_ns(const void *arg UNIT_UNUSED)
{
	struct intel_oa_rec_correlation corr[2] = {
		/* 5 s of CPU time, 60000000 CS ticks: 12 MHz exactly */
		{ 1000000000ull, 0x3ffff0000ull },
		{ 6000000000ull, 0x3ffff0000ull + 60000000ull },
	};
	struct intel_oa_recording r;
	uint64_t ns = 0;

	memset(&r, 0, sizeof(r));
	r.info.timestamp_frequency = 12000000;
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, 0, 12000000, 32, &ns), -ENODATA,
		"no correlation");
	r.corr = corr;
	r.n_corr = 2;
	/* 0xffff0000 + 120000 wraps: 10 ms after the first correlation */
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, (0xffff0000ull + 120000) & 0xffffffff,
					  12000000, 32, &ns), 0, "mapped");
	UNIT_EQ(ns, 1010000000ull, "10 ms after, across the wrap");
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, 0xffff0000ull - 12000,
					  12000000, 32, &ns), 0, "mapped");
	UNIT_EQ(ns, 999000000ull, "1 ms before");
	/* the CPU clock ran 1 % fast against the GPU's */
	corr[1].cpu_ns = 1000000000ull + 5050000000ull;
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, 0x3ffff0000ull + 12000000,
					  12000000, 36, &ns), 0, "mapped");
	UNIT_EQ(ns, 2010000000ull, "1 s of GPU time is 1.01 s of CPU time");
	/* OA at 24 MHz, CS at 12 MHz, 56-bit timestamps */
	corr[1].cpu_ns = 6000000000ull;
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, 2 * 0x3ffff0000ull + 48000000,
					  24000000, 56, &ns), 0, "mapped");
	UNIT_EQ(ns, 3000000000ull, "2 s after, at twice the CS clock");
	UNIT_EQ(intel_oa_recording_cpu_ns(&r, 0, 12000000, 0, &ns), -ENODATA,
		"no timestamp width");
}

static const struct unit_test tests[] = {
	{ "recording-write-layout", test_write_layout, NULL },
	{ "recording-read-back", test_read_back, NULL },
	{ "recording-corrupt-sizes", test_corrupt_sizes, NULL },
	{ "recording-truncated", test_truncated, NULL },
	{ "recording-version-and-info", test_version_and_info, NULL },
	{ "recording-load-file", test_load_file, NULL },
	{ "recording-evaluate-set", test_evaluate_set, NULL },
	{ "recording-real-recorder-file", test_real_recorder_file, NULL },
	{ "recording-cpu-ns", test_cpu_ns, NULL },
};

UNIT_SUITE(recording_suite, tests);
