// SPDX-License-Identifier: MIT
/*
 * oa_reports: content of OA reports. Every field of every report is
 * compared with the synthetic workload of Documentation/vgpu-contract.rst,
 * computed by tests/igt/lib/workload.c, and decoded by the PRM layouts in
 * tests/igt/lib/oa_hw.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

/* Exponent 12: period 8192 ticks (~683 us at 12 MHz). */
#define FORMAT_TEST_EXPONENT 12
#define FORMAT_TEST_REPORTS 64

/*
 * oa-formats-<name>: open a periodic stream in the format and check every
 * field of every report: RPT_ID reason timer, no context, CTX_ID 0,
 * GPU_TICKS = t * R, every A/B/C counter at its width (40-bit counters
 * recombined from their split high bytes) and exact timer spacing.
 */
static void test_format(const struct oa_format *f)
{
	struct oa_capture c;
	struct oa_open o;
	int fd;

	igt_require_f(oa_platform_has_format(dev.plat, f->uapi_id),
		      "%s not supported on %s\n", f->name, dev.plat->name);
	oa_require_vgpu(&dev);

	oa_open_periodic(&dev, &o, f, FORMAT_TEST_EXPONENT);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f);
	oa_capture_until(fd, &c, FORMAT_TEST_REPORTS, 10000);
	close(fd);

	igt_assert_f(c.n >= FORMAT_TEST_REPORTS, "only %zu of %d reports in 10 s",
		     c.n, FORMAT_TEST_REPORTS);
	igt_assert_eq(c.n_report_lost, 0);
	igt_assert_eq(c.n_buffer_lost, 0);
	oa_assert_reports(&dev, &c, FORMAT_TEST_EXPONENT, 0);
	igt_info("%s: %zu reports, t %#x..%#x, all fields match the workload\n",
		 f->name, c.n, oa_capture_report(&c, 0)[1],
		 oa_capture_report(&c, c.n - 1)[1]);
	oa_capture_fini(&c);
}

/*
 * oa-exponents: for each exponent the VM sustains, timestamps of
 * consecutive reports differ by exactly 2^(e+1) ticks and no report is
 * lost (no gaps, no lost records). Collects about 0.3 s worth of reports
 * per exponent (at least 4, at most 2048).
 */
static void test_exponents(unsigned int lo, unsigned int hi)
{
	const struct oa_format *f = oa_format_by_id(I915_OA_FORMAT_A12);
	unsigned int e;

	oa_require_vgpu(&dev);
	for (e = lo; e <= hi; e++) {
		uint64_t period_ns = oa_exponent_ns(&dev, e);
		size_t want = 300000000ull / period_ns;
		struct oa_capture c;
		struct oa_open o;
		int fd;

		if (want < 4)
			want = 4;
		if (want > 2048)
			want = 2048;
		oa_open_periodic(&dev, &o, f, e);
		fd = oa_open(dev.drm_fd, &o);
		oa_capture_init(&c, f);
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
 * oa-reason-timer: with only the periodic timer enabled every report's
 * reason field is exactly "timer" (bit 0 of RPT_ID 24:19) and the context
 * valid bit is clear.
 */
static void test_reason_timer(void)
{
	const struct oa_format *f = oa_format_by_id(I915_OA_FORMAT_A32u40_A4u32_B8_C8);
	struct oa_capture c;
	struct oa_open o;
	size_t i;
	int fd;

	oa_open_periodic(&dev, &o, f, 10);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f);
	oa_capture_until(fd, &c, 128, 10000);
	close(fd);
	igt_assert_f(c.n >= 128, "only %zu reports", c.n);
	for (i = 0; i < c.n; i++) {
		const uint32_t *r = oa_capture_report(&c, i);

		igt_assert_f(oa_report_reason(dev.plat, r) == OA_REASON_TIMER,
			     "report %zu: RPT_ID %#010x reason %#x, expected timer only",
			     i, r[0], oa_report_reason(dev.plat, r));
		igt_assert_f(!(r[0] & dev.plat->ctx_valid_bit),
			     "report %zu: RPT_ID %#010x has the context-valid bit", i, r[0]);
	}
	oa_capture_fini(&c);
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

		if (!oa_platform_has_format(dev.plat, f->uapi_id))
			continue;
		oa_open_periodic(&dev, &o, f, 14);
		fd = oa_open(dev.drm_fd, &o);
		oa_capture_init(&c, f);
		oa_capture_until(fd, &c, 8, 5000);
		close(fd);
		igt_assert_f(c.n >= 8, "%s: only %zu records", f->name, c.n);
		igt_info("%s: %zu sample records of %u bytes in %zu reads\n", f->name,
			 c.n, OA_RECORD_HEADER_BYTES + f->size, c.reads);
		oa_capture_fini(&c);
	}
}

/*
 * timestamp-frequency: I915_PARAM_CS_TIMESTAMP_FREQUENCY reports the
 * platform's timestamp clock, and report timestamps advance at that rate
 * against CLOCK_MONOTONIC (within 10% over ~1 s; TCG timing is loose).
 */
static void test_timestamp_frequency(void)
{
	const struct oa_format *f = oa_format_by_id(I915_OA_FORMAT_A12);
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
	igt_assert_eq((uint64_t)value, dev.plat->timestamp_hz);

	/* exponent 16: ~10.9 ms period */
	oa_open_periodic(&dev, &o, f, 16);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f);
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

/* "A32u40_A4u32_B8_C8" -> "a32u40-a4u32-b8-c8" (IGT kebab-case). */
static const char *subtest_suffix(const char *name)
{
	static char buf[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof(buf) - 1; i++)
		buf[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
	buf[i] = '\0';
	return buf;
}

igt_main
{
	static size_t i;

	igt_fixture
		oa_dev_open(&dev);

	for (i = 0; i < oa_n_formats; i++) {
		igt_describe_f("Every field of every %s report (RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS, all A/B/C counters at their widths) equals the synthetic workload computed independently from the contract.",
			       oa_formats[i].name);
		igt_subtest_f("oa-formats-%s", subtest_suffix(oa_formats[i].name))
			test_format(&oa_formats[i]);
	}

	igt_describe("For exponents 5..20, consecutive report timestamps differ by exactly 2^(e+1) ticks and no report is lost.");
	igt_subtest("oa-exponents")
		test_exponents(5, 20);

	igt_describe("Periodic-only sampling: every report's reason is exactly 'timer' and no context is flagged valid.");
	igt_subtest("oa-reason-timer")
		test_reason_timer();

	igt_describe("Every record is whole, with type SAMPLE, pad 0 and size header + report size, in every supported format.");
	igt_subtest("report-header")
		test_report_header();

	igt_describe("GETPARAM CS_TIMESTAMP_FREQUENCY matches the platform, and report timestamps advance at that rate.");
	igt_subtest("timestamp-frequency")
		test_timestamp_frequency();

	igt_fixture
		oa_dev_close(&dev);
}
