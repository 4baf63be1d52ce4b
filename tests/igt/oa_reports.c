// SPDX-License-Identifier: MIT
/*
 * oa_reports: content of OA reports. Every field of every report is
 * compared with the synthetic workload of Documentation/vgpu-contract.rst,
 * computed by tests/igt/lib/workload.c, and decoded by the PRM layouts in
 * tests/igt/lib/oa_hw.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

/* Exponent 12: period 8192 ticks (~683 us at 12 MHz). */
#define FORMAT_TEST_EXPONENT 12
#define FORMAT_TEST_REPORTS 64

/*
 * oa-formats-<name>: open a periodic stream in the format and check every
 * field of every report: RPT_ID reason and context-valid bit, CTX_ID from
 * the context schedule, GPU_TICKS = T * R, every A/B/C counter at its
 * width (40-bit counters recombined from their split high bytes) and exact
 * report spacing. A format the platform's generation lacks must be refused
 * by PERF_OPEN with EINVAL (platforms.rst, "Report formats").
 */
static void test_format(const char *name)
{
	const struct oa_format *f = NULL;
	struct oa_capture c;
	struct oa_open o;
	size_t i;
	int fd;

	/* The layout of this name on the platform's generation, if any. */
	for (i = 0; i < oa_n_formats; i++)
		if (!strcmp(oa_formats[i].name, name) &&
		    (!f || oa_platform_format_by_id(dev.plat, oa_formats[i].uapi_id) ==
			   &oa_formats[i]))
			f = &oa_formats[i];
	igt_assert(f);
	if (oa_platform_format_by_id(dev.plat, f->uapi_id) != f) {
		igt_assert_f(!oa_platform_has_format(dev.plat, f->uapi_id),
			     "%s offers uAPI format %u under another name than %s",
			     dev.plat->name, f->uapi_id, name);
		oa_open_periodic(&dev, &o, f, FORMAT_TEST_EXPONENT);
		fd = oa_try_open(dev.drm_fd, &o);
		if (fd >= 0)
			close(fd);
		igt_assert_f(fd == -EINVAL,
			     "%s (gen %u) has no %s, yet PERF_OPEN returned %d, expected -EINVAL",
			     dev.plat->name, dev.plat->graphics_ver, f->name, fd);
		igt_info("%s: refused with EINVAL on %s\n", f->name, dev.plat->name);
		return;
	}
	oa_require_vgpu(&dev);

	oa_open_periodic(&dev, &o, f, FORMAT_TEST_EXPONENT);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, FORMAT_TEST_REPORTS, 10000);
	close(fd);

	igt_assert_f(c.n >= FORMAT_TEST_REPORTS, "only %zu of %d reports in 10 s",
		     c.n, FORMAT_TEST_REPORTS);
	igt_assert_eq(c.n_report_lost, 0);
	igt_assert_eq(c.n_buffer_lost, 0);
	oa_assert_reports(&dev, &c, FORMAT_TEST_EXPONENT, 0);
	igt_info("%s (uAPI %u, select %u, %u bytes): %zu reports, t %#x..%#x, all %s match the workload\n",
		 f->name, f->uapi_id, f->counter_select, f->size, c.n,
		 oa_report_ts32(f, oa_capture_report(&c, 0)),
		 oa_report_ts32(f, oa_capture_report(&c, c.n - 1)),
		 f->dwords ? "dwords (reserved ones 0)" :
		 f->hdr64 ? "fields (64-bit header, reserved and padding 0)" : "fields");
	oa_capture_fini(&c);
}

/*
 * oa-exponents: for each exponent the VM sustains, timestamps of
 * consecutive reports differ by exactly 2^(e+1) ticks and no report is
 * lost (no gaps, no lost records). Collects about 0.1 s worth of reports
 * per exponent (at least 4: with a context-switch report between timer
 * reports, still two timer reports; at most 2048). It runs on 38 GPUs
 * per make check; 0.3 s worth checked nothing more and cost 1.6 s more
 * on each.
 */
static void test_exponents(unsigned int lo, unsigned int hi)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	unsigned int e;

	oa_require_vgpu(&dev);
	/*
	 * The 128 KiB buffers of SNB/IVB/VLV hold only milliseconds at the
	 * fastest rates: start where the buffer lasts 50 ms, so that the 5 ms
	 * hrtimer (SNB has no interrupt) drains it comfortably under TCG.
	 */
	if (lo < oa_exponent_filling(&dev, f, 50000000ull))
		lo = oa_exponent_filling(&dev, f, 50000000ull);
	igt_info("%s: exponents %u..%u with %s (%u-byte reports, %u KiB buffer)\n",
		 dev.plat->name, lo, hi, f->name, f->size, dev.plat->oa_buffer_bytes >> 10);
	for (e = lo; e <= hi; e++) {
		uint64_t period_ns = oa_exponent_ns(&dev, e);
		size_t want = 100000000ull / period_ns;
		struct oa_capture c;
		struct oa_open o;
		int fd;

		if (want < 4)
			want = 4;
		if (want > 2048)
			want = 2048;
		oa_open_periodic(&dev, &o, f, e);
		fd = oa_open(dev.drm_fd, &o);
		oa_capture_init(&c, f, &o);
		oa_capture_until(fd, &c, want, 5000 + (int)(want * period_ns / 1000000) * 4);
		close(fd);

		igt_info("exponent %2u: period %8" PRIu64 " ticks (%9" PRIu64 " ns): %zu reports\n",
			 e, oa_period_ticks(e), period_ns, c.n);
		igt_assert_f(c.n >= want, "exponent %u: only %zu of %zu reports", e, c.n, want);
		igt_assert_f(!c.n_report_lost && !c.n_buffer_lost,
			     "exponent %u: %zu report-lost and %zu buffer-lost records",
			     e, c.n_report_lost, c.n_buffer_lost);
		oa_assert_reports(&dev, &c, e, 0);
		oa_capture_fini(&c);
	}
}

/*
 * oa-reason-timer: at exponent 10 the timer period divides the 2^20-tick
 * slice, so every report has the timer reason; exactly those on a slice
 * boundary also carry the context-switch reason, and the context-valid
 * bit and CTX_ID follow the schedule (squashed in idle slices on Gen8-11).
 */
static void test_reason_timer(void)
{
	const struct oa_format *f = oa_platform_format(dev.plat, I915_OA_FORMAT_A32u40_A4u32_B8_C8);
	/* 2^20 / 2^11: three slices' worth of reports */
	const size_t want = 3 * 512 + 1;
	size_t i, n_ctx = 0, n_valid = 0;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_open_periodic(&dev, &o, f, 10);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, want, 10000);
	close(fd);
	igt_assert_f(c.n >= want, "only %zu reports", c.n);
	for (i = 0; i < c.n; i++) {
		const uint32_t *r = oa_capture_report(&c, i);
		uint64_t T = oa_capture_ts(&c, i);
		uint32_t reason = oa_report_reason(dev.plat, r);
		/* Gen6/7: the tick half a period after the boundary */
		bool boundary = (T - oa_timer_phase(dev.plat, 10)) % OA_SLICE_TICKS == 0;
		uint32_t hw_id = oa_sched_hw_id(T);

		if (!dev.plat->ctx_switch_reports) {
			/*
			 * Gen6/7: RPT_ID is exactly the timer bit, on slice
			 * boundaries too; no context-valid bit, no CTX_ID.
			 */
			igt_assert_f(r[0] == OA_REASON_TIMER << dev.plat->reason_shift,
				     "report %zu (T=%#llx%s): RPT_ID %#010x, expected exactly %#010x",
				     i, (unsigned long long)T, boundary ? ", slice boundary" : "",
				     r[0], OA_REASON_TIMER << dev.plat->reason_shift);
			n_ctx += boundary;
			continue;
		}
		igt_assert_f(reason == (boundary ? OA_REASON_TIMER | OA_REASON_CTX_SWITCH :
					OA_REASON_TIMER),
			     "report %zu (T=%#llx%s): RPT_ID %#010x reason %#x",
			     i, (unsigned long long)T, boundary ? ", slice boundary" : "",
			     r[0], reason);
		igt_assert_f(!!(r[0] & dev.plat->ctx_valid_bit) == !!hw_id,
			     "report %zu (T=%#llx): RPT_ID %#010x context-valid bit wrong, context %#x",
			     i, (unsigned long long)T, r[0], hw_id);
		igt_assert_f(r[2] == (hw_id ? hw_id : dev.plat->squashed_ctx_id),
			     "report %zu (T=%#llx): CTX_ID %#x, schedule runs %#x",
			     i, (unsigned long long)T, r[2], hw_id);
		n_ctx += boundary;
		n_valid += !!hw_id;
	}
	igt_info("%zu reports, %zu on slice boundaries, %zu with a valid context\n",
		 c.n, n_ctx, n_valid);
	igt_assert_lte(2, n_ctx);
	oa_assert_reports(&dev, &c, 10, 0);
	oa_capture_fini(&c);
}

static void test_no_context_switch(struct oa_capture *c, unsigned int e,
				   uint64_t first, uint64_t last);

/*
 * context-switch-e<E>: each slice boundary n * 2^20 in the capture window
 * yields exactly one report with the context-switch reason at T = n * 2^20,
 * carrying the incoming slice's context and the workload's counters at
 * that T. With E <= 19 the timer ticks on every boundary and the report
 * has both reasons; with E > 19 the boundaries between timer ticks get
 * reports of their own (context switch only), the others are combined.
 */
static void test_context_switch(unsigned int e)
{
	const struct oa_format *f = oa_platform_format(dev.plat, I915_OA_FORMAT_A32u40_A4u32_B8_C8);
	const unsigned int slices = 6;
	uint64_t first, last, n, boundaries = 0, combined = 0, ctx_only = 0;
	struct oa_capture c;
	struct oa_open o;
	char why[256];
	size_t i;
	int fd;

	oa_require_vgpu(&dev);
	oa_open_periodic(&dev, &o, f, e);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 1, 5000);
	igt_assert_f(c.n >= 1, "no report within 5 s");
	first = oa_capture_ts(&c, 0);
	while (oa_capture_ts(&c, c.n - 1) < first + slices * OA_SLICE_TICKS) {
		size_t before = c.n;

		oa_capture_until(fd, &c, c.n + 1, 5000);
		igt_assert_f(c.n > before, "no report within 5 s after T=%#llx",
			     (unsigned long long)oa_capture_ts(&c, c.n - 1));
	}
	close(fd);
	last = oa_capture_ts(&c, c.n - 1);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost, 0);
	if (!dev.plat->ctx_switch_reports) {
		test_no_context_switch(&c, e, first, last);
		return;
	}

	for (i = 0; i < c.n; i++) {
		const uint32_t *r = oa_capture_report(&c, i);
		uint64_t T = oa_capture_ts(&c, i);
		uint32_t reason = oa_report_reason(dev.plat, r);

		if (!(reason & OA_REASON_CTX_SWITCH))
			continue;
		igt_assert_f(T % OA_SLICE_TICKS == 0,
			     "report %zu: context-switch reason at T=%#llx, not a slice boundary",
			     i, (unsigned long long)T);
		igt_assert_f(!i || oa_capture_ts(&c, i - 1) != T,
			     "report %zu: second report at boundary T=%#llx", i,
			     (unsigned long long)T);
		igt_assert_f(oa_report_check(dev.plat, f, &dev.wl, r, T, e, why, sizeof(why)),
			     "context-switch report %zu at T=%#llx: %s", i,
			     (unsigned long long)T, why);
		if (e <= 19)
			igt_assert_f(reason == (OA_REASON_TIMER | OA_REASON_CTX_SWITCH),
				     "report %zu at T=%#llx: reason %#x, exponent %u <= 19 wants timer + context switch in one report",
				     i, (unsigned long long)T, reason, e);
		if (reason & OA_REASON_TIMER)
			combined++;
		else
			ctx_only++;
		boundaries++;
	}
	/* Boundaries in [first, last]: every one of them has its report. */
	n = last / OA_SLICE_TICKS - (first - 1) / OA_SLICE_TICKS;
	igt_info("exponent %u: %zu reports, T %#llx..%#llx: %llu slice boundaries, %llu combined timer+context-switch reports, %llu context-switch only\n",
		 e, c.n, (unsigned long long)first, (unsigned long long)last,
		 (unsigned long long)n, (unsigned long long)combined,
		 (unsigned long long)ctx_only);
	igt_assert_f(boundaries == n, "%llu context-switch reports for %llu slice boundaries",
		     (unsigned long long)boundaries, (unsigned long long)n);
	igt_assert_lte(slices - 1, n);
	if (e > 19)
		igt_assert_f(ctx_only >= 1 && ctx_only ==
			     oa_ctx_only_reports_between(dev.plat, first - 1, last, e),
			     "exponent %u: %llu separate context-switch reports, expected %llu",
			     e, (unsigned long long)ctx_only,
			     (unsigned long long)oa_ctx_only_reports_between(dev.plat, first - 1, last, e));
	else
		igt_assert_eq(ctx_only, 0);
	/* and everything else: timer spacing, fields of every report */
	oa_assert_reports(&dev, &c, e, 0);
	oa_capture_fini(&c);
}

/*
 * Gen6/7 has no context-switch reports (gen6-gen7.rst): over the same six
 * slices no report carries a reason other than the timer, every report is
 * on the timer grid and their number is the number of timer ticks, so no
 * slice boundary between ticks (exponent 21) produced one.
 */
static void test_no_context_switch(struct oa_capture *c, unsigned int e,
				   uint64_t first, uint64_t last)
{
	uint64_t period = oa_period_ticks(e), ticks, boundaries;
	uint64_t phase = oa_timer_phase(dev.plat, e);
	size_t i;

	for (i = 0; i < c->n; i++) {
		const uint32_t *r = oa_capture_report(c, i);
		uint64_t T = oa_capture_ts(c, i);

		igt_assert_f(oa_report_reason(dev.plat, r) == OA_REASON_TIMER &&
			     T % period == phase,
			     "report %zu at T=%#llx: RPT_ID %#010x; %s has only timer reports, at T = %#llx mod %#llx",
			     i, (unsigned long long)T, r[0], dev.plat->name,
			     (unsigned long long)phase, (unsigned long long)period);
	}
	ticks = oa_reports_between(dev.plat, first - 1, last, e);
	boundaries = last / OA_SLICE_TICKS - (first - 1) / OA_SLICE_TICKS;
	igt_info("exponent %u: %zu reports for %llu timer ticks, %llu slice boundaries without a report of their own\n",
		 e, c->n, (unsigned long long)ticks, (unsigned long long)boundaries);
	igt_assert_f(c->n == ticks, "%zu reports for %llu timer ticks in T %#llx..%#llx",
		     c->n, (unsigned long long)ticks, (unsigned long long)first,
		     (unsigned long long)last);
	igt_assert_lte(5, boundaries);
	oa_assert_reports(&dev, c, e, 0);
	oa_capture_fini(c);
}

/*
 * report-header: every record read() returns is a whole record; samples
 * have type DRM_I915_PERF_RECORD_SAMPLE, pad 0 and size header + report
 * size, for each format (checked by oa_capture_parse on each record).
 */
static void test_report_header(void)
{
	size_t i;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];
		struct oa_capture c;
		struct oa_open o;
		int fd;

		if (oa_platform_format_by_id(dev.plat, f->uapi_id) != f)
			continue;
		oa_open_periodic(&dev, &o, f, 14);
		fd = oa_open(dev.drm_fd, &o);
		oa_capture_init(&c, f, &o);
		oa_capture_until(fd, &c, 8, 5000);
		close(fd);
		igt_assert_f(c.n >= 8, "%s: only %zu records", f->name, c.n);
		igt_info("%s: %zu sample records of %u bytes in %zu reads\n", f->name,
			 c.n, OA_RECORD_HEADER_BYTES + f->size, c.reads);
		oa_capture_fini(&c);
	}
}

/*
 * timestamp-frequency: I915_PARAM_OA_TIMESTAMP_FREQUENCY (57) reports the
 * platform's OA timestamp clock and I915_PARAM_CS_TIMESTAMP_FREQUENCY (51)
 * the command streamer's (the same except on Gen12.5: 38.4 and 19.2 MHz,
 * dg2.rst), and report timestamps advance at the OA rate against
 * CLOCK_MONOTONIC (within 10% over ~1 s; TCG timing is loose).
 */
static void test_timestamp_frequency(void)
{
	const struct oa_format *f = oa_platform_format(dev.plat, I915_OA_FORMAT_A12);
	int value = 0;
	struct drm_i915_getparam gp = {
		.param = I915_PARAM_CS_TIMESTAMP_FREQUENCY, .value = &value,
	};
	uint64_t t0, t1, ticks;
	struct oa_capture c;
	struct oa_open o;
	double ratio;
	int fd;

	igt_assert_f(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0,
		     "GETPARAM CS_TIMESTAMP_FREQUENCY: %s", strerror(errno));
	igt_assert_eq((uint64_t)value, oa_cs_hz(dev.plat));
	gp.param = I915_PARAM_OA_TIMESTAMP_FREQUENCY;
	igt_assert_f(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp) == 0,
		     "GETPARAM OA_TIMESTAMP_FREQUENCY: %s", strerror(errno));
	igt_assert_eq((uint64_t)value, dev.plat->timestamp_hz);
	igt_info("OA timestamp %d Hz, command streamer %" PRIu64 " Hz\n",
		 value, oa_cs_hz(dev.plat));

	/* exponent 16: ~10.9 ms period */
	oa_open_periodic(&dev, &o, f, 16);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 1, 5000);
	t0 = oa_now_ns();
	igt_assert_f(c.n >= 1, "no report within 5 s");
	oa_sleep_ms(1000);
	oa_capture_until(fd, &c, 50000, 100);
	oa_capture_until(fd, &c, c.n + 1, 5000);
	t1 = oa_now_ns();
	close(fd);
	igt_assert(c.n >= 2);
	ticks = (uint32_t)(oa_capture_report(&c, c.n - 1)[1] - oa_capture_report(&c, 0)[1]);
	ratio = (double)ticks * 1e9 / dev.plat->timestamp_hz / (double)(t1 - t0);
	igt_info("%" PRIu64 " ticks over %.3f s of CLOCK_MONOTONIC: ratio %.3f\n",
		 ticks, (t1 - t0) / 1e9, ratio);
	igt_assert_f(ratio > 0.9 && ratio < 1.1,
		     "report timestamps advance at %.3f x the %" PRIu64 " Hz clock",
		     ratio, dev.plat->timestamp_hz);
	oa_capture_fini(&c);
}

/* Exponent 16: period 2^17 ticks (~10.9 ms); it divides 2^32. */
#define WRAP_TEST_EXPONENT 16
/* Run only when the 32-bit TIMESTAMP wraps within this many seconds. */
#define WRAP_TEST_MAX_WAIT_S 30
/* Seconds of timestamp left before the wrap when the stream opens. */
#define WRAP_TEST_MARGIN_S 1
/* Wraps tried before a stream that opens late is a failure. */
#define WRAP_TEST_ATTEMPTS 3

/*
 * Gen6/7 reports @a -> @b, one period @P apart across the 32-bit wrap
 * (@b is report @i): DW2 = T >> 32 steps by exactly one at the wrap, and
 * every 32-bit counter k grew by P * (k + 1) mod 2^32.
 */
static void check_gen7_wrap(const struct oa_format *f, const uint32_t *a,
			    const uint32_t *b, uint64_t P, size_t i)
{
	unsigned int d, ts_hi = 0;
	char name[8];

	for (d = 0; d < f->size / 4; d++) {
		const struct oa_dword *dw = &f->dwords[d];

		if (dw->kind == OA_DW_TS_HI) {
			igt_assert_f(b[d] == ((a[d] + (b[1] < a[1])) & 0xf),
				     "reports %zu->%zu (TIME_STAMP %#x -> %#x): DW2 %#x -> %#x",
				     i - 1, i, a[1], b[1], a[d], b[d]);
			ts_hi++;
		}
		if (dw->kind != OA_DW_COUNTER)
			continue;
		igt_assert_f(b[d] - a[d] == (uint32_t)(P * (dw->k + 1)),
			     "reports %zu->%zu (TIME_STAMP %#x -> %#x): DW%u %s grew by %#x, expected %#x",
			     i - 1, i, a[1], b[1], d,
			     oa_gen7_counter_name(dw->k, name, sizeof(name)),
			     b[d] - a[d], (uint32_t)(P * (dw->k + 1)));
	}
	igt_assert_eq(ts_hi, 1);
}

static const struct oa_format *format_with_u40(void)
{
	size_t i;
	unsigned int s;

	for (i = 0; i < oa_n_formats; i++) {
		if (oa_platform_format_by_id(dev.plat, oa_formats[i].uapi_id) != &oa_formats[i])
			continue;
		for (s = 0; s < oa_formats[i].n_segs; s++)
			if (oa_formats[i].segs[s].kind == OA_SEG_U40)
				return &oa_formats[i];
	}
	return NULL;
}

/*
 * counters-across-timestamp-wrap: when the reports' 32-bit TIMESTAMP
 * wraps, the 40-bit A counters keep counting: between consecutive reports
 * A_k grows by exactly P * (k + 1), decoded straight from the reports; the
 * first report past the wrap (TIMESTAMP 0; on Gen6/7 half a period, where
 * the timer ticks) is delivered, nothing is lost, and
 * every field matches the workload at the unwrapped timestamp. The
 * control page's ts-advance (version 4) brings the wrap to a second
 * ahead (tried again at the next wrap, at most three times, when a slow
 * guest opens the stream after it); an older device needs it to come
 * soon by itself: run the VM with
 * INTEL_OA_DEVICE_PROPS=timestamp-base=(2^32 - a few seconds of ticks).
 */
static void test_timestamp_wrap(void)
{
	const struct oa_format *f = format_with_u40();
	uint64_t period = oa_period_ticks(WRAP_TEST_EXPONENT);
	uint64_t ref, wrap, to_wrap, want_T, phase, margin;
	unsigned int attempt;
	const struct oa_seg *seg = NULL;
	size_t i, at = SIZE_MAX;
	struct oa_capture c;
	struct oa_open o;
	unsigned int s, k;
	int fd, ret;

	/*
	 * Gen6/7 counters are all 32 bits: there the wrap shows in DW2, the
	 * TIME_STAMP high bits, and the 32-bit counters' deltas.
	 */
	if (!f)
		f = oa_platform_format(dev.plat, 0);
	igt_assert(f);
	oa_require_vgpu(&dev);
	for (s = 0; s < f->n_segs; s++)
		if (f->segs[s].kind == OA_SEG_U40)
			seg = &f->segs[s];
	igt_assert(seg || f->dwords);

	/*
	 * The stream must open before the wrap. With ts-advance the wrap is
	 * WRAP_TEST_MARGIN_S ahead when the stream opens; a guest slowed
	 * that much (a debug kernel on a loaded host) tries again at the
	 * next wrap, up to WRAP_TEST_ATTEMPTS times.
	 */
	for (attempt = 1; ; attempt++) {
		bool advanced = false;

		ret = oa_read_timestamp(dev.drm_fd, &ref);
		igt_assert_f(ret == 0, "REG_READ of RING_TIMESTAMP: %s", strerror(-ret));
		wrap = (ref | 0xffffffffull) + 1;
		to_wrap = wrap - ref;
		/*
		 * Control page version 4 jumps T forward while no stream is
		 * open: to WRAP_TEST_MARGIN_S before the wrap, without waiting.
		 */
		margin = WRAP_TEST_MARGIN_S * dev.plat->timestamp_hz;
		if (vgpu_read(&dev, VGPU_VERSION) >= 4 && to_wrap > margin) {
			vgpu_write(&dev, VGPU_TS_ADVANCE, (uint32_t)(to_wrap - margin));
			ret = oa_read_timestamp(dev.drm_fd, &ref);
			igt_assert_f(ret == 0, "REG_READ of RING_TIMESTAMP: %s", strerror(-ret));
			igt_assert_f(ref < wrap && wrap - ref <= margin,
				     "ts-advance left T=%#llx, %#llx ticks before the wrap at %#llx",
				     (unsigned long long)ref, (unsigned long long)(wrap - ref),
				     (unsigned long long)wrap);
			to_wrap = wrap - ref;
			advanced = true;
		}
		igt_require_f(to_wrap <= WRAP_TEST_MAX_WAIT_S * dev.plat->timestamp_hz,
			      "the 32-bit report timestamp wraps only in %.1f s (T=%#llx); start the device near a wrap, e.g. INTEL_OA_DEVICE_PROPS=timestamp-base=%llu scripts/vm-run ...\n",
			      (double)to_wrap / dev.plat->timestamp_hz, (unsigned long long)ref,
			      (unsigned long long)((1ull << 32) - 20 * dev.plat->timestamp_hz));
		/* without ts-advance: open about half a second before the wrap */
		if (!advanced && to_wrap > dev.plat->timestamp_hz / 2)
			oa_sleep_ms((unsigned int)((to_wrap - dev.plat->timestamp_hz / 2) * 1000 /
						   dev.plat->timestamp_hz));

		oa_open_periodic(&dev, &o, f, WRAP_TEST_EXPONENT);
		fd = oa_open(dev.drm_fd, &o);
		oa_capture_init(&c, f, &o);
		want_T = wrap + 16 * period;
		while (!c.n || oa_capture_ts(&c, c.n - 1) < want_T) {
			size_t before = c.n;

			oa_capture_until(fd, &c, c.n + 1, 5000);
			igt_assert_f(c.n > before, "no report within 5 s (last T %#llx, waiting for %#llx)",
				     c.n ? (unsigned long long)oa_capture_ts(&c, c.n - 1) : 0ull,
				     (unsigned long long)want_T);
		}
		close(fd);

		igt_assert_eq(c.n_report_lost, 0);
		igt_assert_eq(c.n_buffer_lost, 0);
		if (oa_capture_ts(&c, 0) < wrap)
			break;
		igt_assert_f(advanced && attempt < WRAP_TEST_ATTEMPTS,
			     "first report T=%#llx is already past the wrap at %#llx (reference %#llx, attempt %u)",
			     (unsigned long long)oa_capture_ts(&c, 0), (unsigned long long)wrap,
			     (unsigned long long)ref, attempt);
		igt_info("attempt %u: the stream opened after the wrap at %#llx (first report T=%#llx); again at the next wrap\n",
			 attempt, (unsigned long long)wrap,
			 (unsigned long long)oa_capture_ts(&c, 0));
		oa_capture_fini(&c);
	}
	oa_assert_reports(&dev, &c, WRAP_TEST_EXPONENT, 0);
	/* Gen6/7 ticks trail the multiples of the period by half of it */
	phase = oa_timer_phase(dev.plat, WRAP_TEST_EXPONENT);
	for (i = 0; i < c.n; i++)
		if (oa_capture_ts(&c, i) == wrap + phase)
			at = i;
	igt_assert_f(at != SIZE_MAX && at > 0,
		     "no report with TIMESTAMP %#llx at T=%#llx among %zu reports (T %#llx..%#llx)",
		     (unsigned long long)phase, (unsigned long long)(wrap + phase), c.n,
		     (unsigned long long)oa_capture_ts(&c, 0),
		     (unsigned long long)oa_capture_ts(&c, c.n - 1));
	igt_assert_eq(oa_capture_report(&c, at)[1], (uint32_t)phase);
	for (i = at; i <= at + 1; i++) {
		const uint32_t *a = oa_capture_report(&c, i - 1);
		const uint32_t *b = oa_capture_report(&c, i);

		if (f->dwords) {
			check_gen7_wrap(f, a, b, period, i);
			continue;
		}
		for (k = 0; k < seg->count; k++) {
			uint64_t d = (oa_report_counter(seg, b, k) - oa_report_counter(seg, a, k)) &
				     ((1ull << 40) - 1);
			uint64_t want = period * (seg->first + k + 1);

			igt_assert_f(d == want,
				     "reports %zu->%zu (TIMESTAMP %#x -> %#x): 40-bit counter k=%u grew by %#llx, expected %#llx",
				     i - 1, i, a[1], b[1], seg->first + k,
				     (unsigned long long)d, (unsigned long long)want);
		}
	}
	igt_info("%s: %zu reports, T %#llx..%#llx across the 32-bit wrap; report %zu has TIMESTAMP %#llx; %s\n",
		 f->name, c.n, (unsigned long long)oa_capture_ts(&c, 0),
		 (unsigned long long)oa_capture_ts(&c, c.n - 1), at,
		 (unsigned long long)phase,
		 seg ? "40-bit counters kept counting" :
		 "TIME_STAMP high bits (DW2) stepped, 32-bit counter deltas exact");
	oa_capture_fini(&c);
}

igt_main
{
	static size_t i;

	igt_fixture
		oa_dev_open(&dev);

	/*
	 * First, so that make check's device timestamp-base (the wrap falls
	 * a few seconds after boot) is still ahead when it runs.
	 */
	igt_describe("Across the wrap of the 32-bit report TIMESTAMP the 40-bit A counters keep counting (delta exactly P*(k+1); Gen6/7: DW2 steps by one, 32-bit deltas exact), the first report past the wrap (TIMESTAMP 0, Gen6/7: half a period) is delivered and nothing is lost. Skips unless the wrap is due within 30 s (device property timestamp-base).");
	igt_subtest("counters-across-timestamp-wrap")
		test_timestamp_wrap();

	for (i = 0; i < oa_n_formats; i++) {
		size_t j;

		/* one subtest per name: C4_B8 is a Gen8 and a Haswell layout */
		for (j = 0; j < i && strcmp(oa_formats[j].name, oa_formats[i].name); j++)
			;
		if (j < i)
			continue;
		igt_describe_f("Every field of every %s report (Gen8+: RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS, all A/B/C counters at their widths; Gen6/7: every dword of the layout table, reserved ones 0) equals the synthetic workload computed independently from the contract; refused with EINVAL where the generation lacks the format.",
			       oa_formats[i].name);
		igt_subtest_f("oa-formats-%s", oa_subtest_suffix(oa_formats[i].name))
			test_format(oa_formats[i].name);
	}

	igt_describe("For exponents 5..20 (from where the buffer holds 50 ms of reports: 8 with the 128 KiB Gen6/7 buffers), consecutive timer reports are exactly 2^(e+1) ticks apart (with context-switch reports at slice boundaries between them on Gen8+) and no report is lost.");
	igt_subtest("oa-exponents")
		test_exponents(5, 20);

	igt_describe("Exponent 10: every report has the timer reason, those on a 2^20-tick slice boundary also the context-switch reason; context-valid bit and CTX_ID follow the schedule. Gen6/7: RPT_ID is exactly the timer bit everywhere.");
	igt_subtest("oa-reason-timer")
		test_reason_timer();

	igt_describe("Exponent 16: one combined timer + context-switch report per slice boundary, with the incoming context and the workload at that T.");
	igt_subtest("context-switch-e16")
		test_context_switch(16);

	igt_describe("Exponent 19 (period 2^20): every report is on a slice boundary and combined.");
	igt_subtest("context-switch-e19")
		test_context_switch(19);

	igt_describe("Exponent 21 (period 2^22): boundaries between timer ticks get their own context-switch-only report. Gen6/7 (all three exponents): no context-switch report ever, exactly one report per timer tick.");
	igt_subtest("context-switch-e21")
		test_context_switch(21);

	igt_describe("Every record is whole, with type SAMPLE, pad 0 and size header + report size, in every supported format.");
	igt_subtest("report-header")
		test_report_header();

	igt_describe("GETPARAM OA_ and CS_TIMESTAMP_FREQUENCY match the platform, and report timestamps advance at the OA rate.");
	igt_subtest("timestamp-frequency")
		test_timestamp_frequency();

	igt_fixture
		oa_dev_close(&dev);
}
