// SPDX-License-Identifier: MIT
/*
 * oa_invalid: every invalid DRM_IOCTL_I915_PERF_OPEN parameter fails with
 * the errno i915 returns for it (i915_perf.c: i915_perf_open_ioctl,
 * read_properties_unlocked, i915_perf_open_ioctl_locked,
 * i915_oa_stream_init), and the matching valid value opens, so no check
 * passes by accident.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

static const struct oa_format *fmt(void)
{
	return oa_platform_format(dev.plat, I915_OA_FORMAT_A12);
}

/* Default valid parameters: exponent 16 (~11 ms). */
static void base(struct oa_open *o)
{
	oa_open_periodic(&dev, o, fmt(), 16);
}

static void expect_err(struct oa_open *o, int err, const char *what)
{
	int fd = oa_try_open(dev.drm_fd, o);

	if (fd >= 0)
		close(fd);
	igt_assert_f(fd == -err, "%s: expected %s, got %s", what, strerror(err),
		     fd >= 0 ? "success" : strerror(-fd));
}

static void expect_ok(struct oa_open *o, const char *what)
{
	int fd = oa_try_open(dev.drm_fd, o);

	igt_assert_f(fd >= 0, "%s: expected success, got %s", what, strerror(-fd));
	close(fd);
}

/* Replace the value of @key in @o (which must hold it). */
static void set_prop(struct oa_open *o, uint64_t key, uint64_t val)
{
	uint32_t i;

	for (i = 0; i < o->n; i++)
		if (o->props[2 * i] == key) {
			o->props[2 * i + 1] = val;
			return;
		}
	oa_prop(o, key, val);
}

static void drop_prop(struct oa_open *o, uint64_t key)
{
	uint32_t i, j = 0;

	for (i = 0; i < o->n; i++)
		if (o->props[2 * i] != key) {
			o->props[2 * j] = o->props[2 * i];
			o->props[2 * j + 1] = o->props[2 * i + 1];
			j++;
		}
	o->n = j;
}

static void test_invalid_open_flags(void)
{
	struct oa_open o;
	uint32_t bit;

	base(&o);
	for (bit = 3; bit < 32; bit++) {
		o.flags = 1u << bit;
		expect_err(&o, EINVAL, "unknown open flag");
	}
	o.flags = ~0u;
	expect_err(&o, EINVAL, "all open flags");
	o.flags = I915_PERF_FLAG_FD_CLOEXEC | I915_PERF_FLAG_FD_NONBLOCK | I915_PERF_FLAG_DISABLED;
	expect_ok(&o, "all known open flags");
}

/*
 * The count alone: every pair valid (the base properties, then SAMPLE_OA
 * again, which may repeat), so only num_properties can be wrong. i915's
 * MAX - 1 ids and intel_oa's own are the most one can pass (perf.c "perf
 * open"): that many open, one more is EINVAL. 0 and ~0 are EINVAL.
 */
static void test_invalid_num_properties(void)
{
	const uint32_t most = DRM_I915_PERF_PROP_MAX - 1 +
			      (INTEL_OA_PERF_PROP_MAX - INTEL_OA_PERF_PROP_OA_BUFFER_SIZE);
	struct oa_open o;

	igt_assert_lt(most + 1, ARRAY_SIZE(o.props) / 2 + 1);
	base(&o);
	o.n = 0;
	expect_err(&o, EINVAL, "zero properties");
	base(&o);
	while (o.n < most)
		oa_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
	expect_ok(&o, "as many valid properties as there are ids");
	oa_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
	expect_err(&o, EINVAL, "one valid property more than there are ids");
	o.n = ~0u;
	expect_err(&o, EINVAL, "num_properties = ~0");
}

static void test_invalid_property_id(void)
{
	static const uint64_t bad_ids[] = { 0, DRM_I915_PERF_PROP_MAX, 0x80000000u, ~0ull };
	struct oa_open o;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad_ids); i++) {
		base(&o);
		oa_prop(&o, bad_ids[i], 1);
		expect_err(&o, EINVAL, "unknown property id");
	}
}

static void test_invalid_properties_pointer(void)
{
	long page = sysconf(_SC_PAGESIZE);
	struct drm_i915_perf_open_param param = { .num_properties = 4 };
	void *map;
	int ret;

	param.properties_ptr = 0;
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_OPEN, &param);
	igt_assert_f(ret < 0 && errno == EFAULT, "NULL properties_ptr: ret %d errno %s", ret,
		     strerror(errno));

	map = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(map != MAP_FAILED);
	param.properties_ptr = (uintptr_t)map;
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_OPEN, &param);
	igt_assert_f(ret < 0 && errno == EFAULT, "unreadable properties_ptr: ret %d errno %s",
		     ret, strerror(errno));
	munmap(map, page);
}

static void test_invalid_metric_set_id(void)
{
	struct oa_open o;

	base(&o);
	set_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET, 0);
	expect_err(&o, EINVAL, "metric set 0 (reserved)");
	set_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET, ~0ull);
	expect_err(&o, EINVAL, "metric set ~0");
	set_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET, 0x7fffffff);
	expect_err(&o, EINVAL, "unknown metric set 0x7fffffff");
	drop_prop(&o, DRM_I915_PERF_PROP_OA_METRICS_SET);
	expect_err(&o, EINVAL, "no metric set");
	base(&o);
	expect_ok(&o, "advertised metric set");
}

static void test_invalid_format_id(void)
{
	struct oa_open o;
	uint64_t id;

	base(&o);
	set_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, 0);
	expect_err(&o, EINVAL, "format 0");
	set_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, I915_OA_FORMAT_MAX);
	expect_err(&o, EINVAL, "format I915_OA_FORMAT_MAX");
	set_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, ~0ull);
	expect_err(&o, EINVAL, "format ~0");
	/*
	 * Every defined format this platform does not have: i915's numbers
	 * and gen6-gen7.rst's 32..42, and the gap between them.
	 */
	for (id = 1; id <= OA_FMT_HSW_A29_B8_C8 + 1; id++) {
		char what[64];

		set_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT, id);
		snprintf(what, sizeof(what), "format %" PRIu64, id);
		if (oa_platform_has_format(dev.plat, (uint32_t)id))
			expect_ok(&o, what);
		else
			expect_err(&o, EINVAL, what);
	}
	drop_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT);
	expect_err(&o, EINVAL, "no format");
}

static void test_invalid_exponent(void)
{
	struct oa_open o;
	unsigned int e;

	base(&o);
	set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, 32);
	expect_err(&o, EINVAL, "exponent 32");
	set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, 63);
	expect_err(&o, EINVAL, "exponent 63");
	set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, ~0ull);
	expect_err(&o, EINVAL, "exponent ~0");
	set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, 31);
	expect_ok(&o, "exponent 31 (the maximum)");
	/*
	 * SNB's timer period is 2^(TP + 4) ticks, so the uAPI's 2^(e + 1)
	 * needs TP = e - 3: exponents below 3 cannot be programmed
	 * (gen6-gen7.rst "Timer period"); elsewhere 0 is the minimum.
	 */
	for (e = 0; e < dev.plat->min_exponent; e++) {
		char what[64];

		snprintf(what, sizeof(what), "exponent %u on %s (minimum %u)", e,
			 dev.plat->name, dev.plat->min_exponent);
		set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, e);
		expect_err(&o, EINVAL, what);
	}
	set_prop(&o, DRM_I915_PERF_PROP_OA_EXPONENT, dev.plat->min_exponent);
	expect_ok(&o, "the platform's minimum exponent as root");
	igt_info("%s: exponents %u..31 accepted, %u below refused\n", dev.plat->name,
		 dev.plat->min_exponent, dev.plat->min_exponent);
}

/* i915: a Gen12 stream of one context without samples is unprivileged */
static void unprivileged_oar_open(void *data)
{
	struct oa_open *o = data;

	oa_drop_root();
	expect_ok(o, "unprivileged, Gen12, a context, no samples");
}

static void test_missing_sample_flags(void)
{
	struct oa_open o;

	base(&o);
	drop_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA);
	expect_err(&o, EINVAL, "no SAMPLE_OA");
	oa_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 0);
	expect_err(&o, EINVAL, "SAMPLE_OA = 0");
	/*
	 * i915 (i915_oa_stream_init()): from Gen12 on a stream of one
	 * context needs no samples, OAR counting for it; before, it does
	 */
	oa_prop(&o, DRM_I915_PERF_PROP_CTX_HANDLE, 0);
	if (dev.plat->graphics_ver >= 12) {
		expect_ok(&o, "Gen12, a context, SAMPLE_OA = 0");
		igt_assert_eq(igt_fork_child(unprivileged_oar_open, &o), 0);
		/*
		 * 12.5: OAR's own format (i915 TYPE_OAR, uAPI 11) is for
		 * such a stream only (the format list above refuses it
		 * with samples)
		 */
		if (dev.plat->family & OA_FAM_XEHP) {
			set_prop(&o, DRM_I915_PERF_PROP_OA_FORMAT,
				 OA_FMT_OAR_A32u40_A4u32_B8_C8);
			expect_ok(&o, "12.5, a context, no samples, OAR's format");
			set_prop(&o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
			expect_err(&o, EINVAL, "12.5, OAR's format, samples");
		}
	} else if (dev.plat->family == OA_FAM_HSW ||
		   dev.plat->graphics_ver >= 8) {
		expect_err(&o, EINVAL, "a context, SAMPLE_OA = 0");
	}
}

static void test_invalid_poll_period(void)
{
	struct oa_open o;

	base(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 0);
	expect_err(&o, EINVAL, "poll period 0");
	set_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 99999);
	expect_err(&o, EINVAL, "poll period 99999 ns");
	set_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 100000);
	expect_ok(&o, "poll period 100 us (the minimum)");
	/* i915 accepts any larger value; past 2^63 ns it must not wrap */
	set_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, UINT64_MAX);
	expect_ok(&o, "poll period UINT64_MAX");
}

static void test_invalid_ctx_handle(void)
{
	struct oa_open o;

	base(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_CTX_HANDLE, 1);
	expect_err(&o, ENOENT, "unknown context handle 1");
	set_prop(&o, DRM_I915_PERF_PROP_CTX_HANDLE, 0xdeadbeef);
	expect_err(&o, ENOENT, "unknown context handle 0xdeadbeef");
	set_prop(&o, DRM_I915_PERF_PROP_CTX_HANDLE, 1ull << 32);
	expect_err(&o, ENOENT, "context handle past 32 bits");
	/*
	 * The file's default context exists: Haswell and Gen8+ load
	 * context images and open streams of one context
	 * (command-streamer.rst); the other Gen6/7 parts have none.
	 */
	set_prop(&o, DRM_I915_PERF_PROP_CTX_HANDLE, 0);
	if (dev.plat->family == OA_FAM_HSW || dev.plat->graphics_ver >= 8)
		expect_ok(&o, "default context 0");
	else
		expect_err(&o, ENODEV, "default context 0 (no context images here)");
}

static void test_invalid_hold_preemption(void)
{
	struct oa_open o;

	base(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_HOLD_PREEMPTION, 1);
	expect_err(&o, EINVAL, "HOLD_PREEMPTION without a context");
}

/*
 * invalid-engine: the engine properties as i915's read_properties() checks
 * them (perf revision 6): class and instance only together, an engine the
 * platform lacks, and one no OA unit observes (before Meteor Lake only
 * the render engine has one, i915 engine_supports_oa()), all EINVAL;
 * render 0 opens.
 */
static void test_invalid_engine(void)
{
	struct oa_open o;

	base(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS, I915_ENGINE_CLASS_RENDER);
	expect_err(&o, EINVAL, "class without instance");

	base(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE, 0);
	expect_err(&o, EINVAL, "instance without class");

	oa_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS, I915_ENGINE_CLASS_COPY);
	expect_err(&o, EINVAL, "copy engine 0 (no OA unit observes it)");
	if (strstr(dev.plat->engines, "vcs0")) {
		set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS,
			 I915_ENGINE_CLASS_VIDEO);
		expect_err(&o, EINVAL, "video engine 0 (no OA unit observes it)");
	}
	set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS, 10);
	expect_err(&o, EINVAL, "engine class 10");
	set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS, I915_ENGINE_CLASS_RENDER);
	set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE, 1);
	expect_err(&o, EINVAL, "render instance 1");
	set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE, 248);
	expect_err(&o, EINVAL, "render instance 248");
	set_prop(&o, DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE, 0);
	expect_ok(&o, "render engine 0");
}

/*
 * invalid-intel-oa-properties: intel_oa's own properties (uAPI enum
 * intel_oa_perf_property_id) refuse every value outside their documented
 * range with EINVAL, and their limits open.
 */
static void test_invalid_intel_oa_properties(void)
{
	const uint64_t rec = OA_RECORD_HEADER_BYTES + fmt()->size;
	const uint64_t max_buf = dev.plat->oa_buffer_bytes;
	const uint64_t min_buf = oa_platform_buffer_min(dev.plat);
	const uint64_t bad_bufs[] = { 0, 1, min_buf / 2, min_buf + 4096, 3 * min_buf,
				      2 * max_buf, 1ull << 40, ~0ull };
	const uint64_t bad_rings[] = { 0, 4096, 64u << 10, (128u << 10) + 4096, 3u << 20,
				       2ull << 30, ~0ull };
	struct oa_open o;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad_bufs); i++) {
		base(&o);
		oa_prop(&o, INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, bad_bufs[i]);
		expect_err(&o, EINVAL, "bad OA_BUFFER_SIZE");
	}
	base(&o);
	oa_prop(&o, INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, min_buf);
	expect_ok(&o, "smallest OA_BUFFER_SIZE");
	set_prop(&o, INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, max_buf);
	expect_ok(&o, "largest OA_BUFFER_SIZE");

	for (i = 0; i < ARRAY_SIZE(bad_rings); i++) {
		base(&o);
		oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, bad_rings[i]);
		expect_err(&o, EINVAL, "bad RING_SIZE");
	}
	base(&o);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, 128u << 10);
	expect_ok(&o, "smallest RING_SIZE");
	set_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, 256u << 20);
	expect_ok(&o, "256 MiB RING_SIZE (root)");

	base(&o);
	oa_prop(&o, INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, 0);
	expect_err(&o, EINVAL, "WAIT_NUM_REPORTS 0");
	set_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, 128u << 10);
	set_prop(&o, INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, (128u << 10) / rec + 1);
	expect_err(&o, EINVAL, "WAIT_NUM_REPORTS beyond what the ring holds");
	set_prop(&o, INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, (128u << 10) / rec);
	expect_ok(&o, "WAIT_NUM_REPORTS filling the ring");

	base(&o);
	oa_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, 2);
	expect_err(&o, EINVAL, "LOST_RECORDS 2");
	set_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, ~0ull);
	expect_err(&o, EINVAL, "LOST_RECORDS ~0");
	set_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, 1);
	expect_ok(&o, "LOST_RECORDS 1");

	/* Between i915's ids and intel_oa's, and past intel_oa's. */
	base(&o);
	oa_prop(&o, 0xff, 1);
	expect_err(&o, EINVAL, "property id 0xff");
	set_prop(&o, 0xff, 1);
	o.props[2 * (o.n - 1)] = INTEL_OA_PERF_PROP_MAX;
	expect_err(&o, EINVAL, "property id INTEL_OA_PERF_PROP_MAX");
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("Unknown open flags (each bit 3..31, and ~0) fail with EINVAL; all known flags together open.");
	igt_subtest("invalid-open-flags")
		test_invalid_open_flags();

	igt_describe("num_properties: as many valid properties as there are ids open, one more, 0 or ~0 fails with EINVAL.");
	igt_subtest("invalid-num-properties")
		test_invalid_num_properties();

	igt_describe("Property ids 0, PROP_MAX and beyond fail with EINVAL.");
	igt_subtest("invalid-property-id")
		test_invalid_property_id();

	igt_describe("A NULL or unreadable properties_ptr fails with EFAULT.");
	igt_subtest("invalid-properties-pointer")
		test_invalid_properties_pointer();

	igt_describe("Metric set 0, unknown ids or no metric set fail with EINVAL (as i915); the advertised one opens.");
	igt_subtest("invalid-oa-metric-set-id")
		test_invalid_metric_set_id();

	igt_describe("Format 0, MAX, ~0, every format the platform lacks, and no format fail with EINVAL; every supported format opens.");
	igt_subtest("invalid-oa-format-id")
		test_invalid_format_id();

	igt_describe("Exponents above 31 fail with EINVAL; 31 and (as root) 0 open.");
	igt_subtest("invalid-oa-exponent")
		test_invalid_exponent();

	igt_describe("Without SAMPLE_OA (absent or 0) the open fails with EINVAL, but for a Gen12 stream of one context (OAR only), which opens unprivileged.");
	igt_subtest("missing-sample-flags")
		test_missing_sample_flags();

	igt_describe("POLL_OA_PERIOD below 100 us fails with EINVAL; exactly 100 us opens.");
	igt_subtest("invalid-poll-period")
		test_invalid_poll_period();

	igt_describe("A context handle that is not a context of the file fails with ENOENT; the default context opens on Haswell and Gen8/9 and is ENODEV elsewhere (no context images).");
	igt_subtest("invalid-ctx-handle")
		test_invalid_ctx_handle();

	igt_describe("HOLD_PREEMPTION without a context fails with EINVAL.");
	igt_subtest("invalid-hold-preemption")
		test_invalid_hold_preemption();

	igt_describe("Engine class without instance or the reverse, an engine the platform lacks, and one no OA unit observes fail with EINVAL; render 0 opens.");
	igt_subtest("invalid-engine")
		test_invalid_engine();

	igt_describe("intel_oa's own properties (OA buffer size, ring size, WAIT_NUM_REPORTS, LOST_RECORDS) refuse out-of-range values with EINVAL; their limits open.");
	igt_subtest("invalid-intel-oa-properties")
		test_invalid_intel_oa_properties();

	igt_fixture
		oa_dev_close(&dev);
}
