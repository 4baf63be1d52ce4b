// SPDX-License-Identifier: MIT
/*
 * oa_units: a GPU with two OA units (Meteor Lake and Arrow Lake, whose
 * media GT has an OAM beside the render GT's OAG; Documentation/
 * platforms.rst "Meteor Lake and Arrow Lake"). Streams choose their unit
 * by engine class and instance as i915 has them (revision 7: render ->
 * OAG, video decode and video enhance -> OAM), each unit takes one stream,
 * and streams on the two units run side by side with every report
 * delivered to each.
 *
 * The OAM report layouts are written out here from the public
 * description (xe's and IGT's OAM format tables: the 64-bit header, eight
 * MPEC counters as u64 or u32 from byte 32, then 32-bit B0..B7 and
 * C0..C7), not taken from the suite's format tables or the library; the
 * counter values are vgpu-contract.rst's with unit 1's S_k (+ 1 << 30).
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "igt_core.h"
#include "oa_test.h"

#define CLASS_RENDER		0
#define CLASS_COPY		1
#define CLASS_VIDEO		2
#define CLASS_VIDEO_ENHANCE	3
#define CLASS_COMPUTE		4

/* i915's MTL OAM formats (include/uapi/drm/i915_drm.h numbering) */
#define FMT_MPEC8u64_B8_C8	13
#define FMT_MPEC8u32_B8_C8	14

/* counter numbers of the media unit (MPEC as A0..A7; B, C as on OAG) */
#define UNIT_OAM		1
#define K_B0			38
#define K_C0			46

static struct oa_dev dev;

/*
 * The two OAM layouts, for oa_capture's record parsing only (size and
 * header): every field is checked by oam_check() below.
 */
static const struct oa_format oam_formats[] = {
	{ .name = "MPEC8u64_B8_C8", .uapi_id = FMT_MPEC8u64_B8_C8,
	  .counter_select = 1, .size = 192, .hdr64 = true },
	{ .name = "MPEC8u32_B8_C8", .uapi_id = FMT_MPEC8u32_B8_C8,
	  .counter_select = 2, .size = 128, .hdr64 = true },
};

static uint64_t unit_value(unsigned int k, uint64_t T, unsigned int width)
{
	uint64_t v = workload_counter(&dev.wl, k, T, 64) +
		     ((uint64_t)UNIT_OAM << 30);

	return width >= 64 ? v : v & ((1ull << width) - 1);
}

/*
 * One OAM report at T of a stream with timer exponent @e: every dword
 * from the public layout. False, with the first difference in @why, on a
 * mismatch.
 */
static bool oam_check(const struct oa_format *f, const uint32_t *r,
		      uint64_t T, unsigned int e, char *why, size_t len)
{
	uint32_t want[48];
	unsigned int n = f->size / 4, i, k, mpec_dw = 8, b_dw, c_dw;
	bool u64 = f->uapi_id == FMT_MPEC8u64_B8_C8;
	uint32_t ctx = oa_expected_ctx_id(dev.plat, T);
	uint64_t ts56 = T & ((1ull << 56) - 1);
	uint64_t ticks = T * dev.wl.ratio;

	memset(want, 0, sizeof(want));
	want[0] = oa_expected_reason(dev.plat, T, e) << dev.plat->reason_shift;
	if (ctx)
		want[0] |= dev.plat->ctx_valid_bit;
	want[2] = (uint32_t)ts56;
	want[3] = (uint32_t)(ts56 >> 32);
	want[4] = ctx;
	want[6] = (uint32_t)ticks;
	want[7] = (uint32_t)(ticks >> 32);
	for (k = 0; k < 8; k++) {
		uint64_t v = unit_value(k, T, 64);

		if (u64) {
			want[mpec_dw + 2 * k] = (uint32_t)v;
			want[mpec_dw + 2 * k + 1] = (uint32_t)(v >> 32);
		} else {
			want[mpec_dw + k] = (uint32_t)v;
		}
	}
	b_dw = mpec_dw + (u64 ? 16 : 8);
	c_dw = b_dw + 8;
	for (k = 0; k < 8; k++) {
		want[b_dw + k] = (uint32_t)unit_value(K_B0 + k, T, 32);
		want[c_dw + k] = (uint32_t)unit_value(K_C0 + k, T, 32);
	}
	for (i = 0; i < n; i++)
		if (r[i] != want[i]) {
			snprintf(why, len, "DW%u is %#x, want %#x", i, r[i],
				 want[i]);
			return false;
		}
	return true;
}

/* Every report of @c right and each the next one due after the last. */
static void oam_assert_reports(const struct oa_capture *c, unsigned int e)
{
	char why[128];
	size_t i;

	igt_assert_f(c->n >= 2, "%zu OAM reports", c->n);
	for (i = 0; i < c->n; i++) {
		igt_assert_f(oam_check(c->fmt, oa_capture_report(c, i),
				       c->ts[i], e, why, sizeof(why)),
			     "%s report %zu at T=%#" PRIx64 ": %s", c->fmt->name,
			     i, c->ts[i], why);
		if (i)
			igt_assert_f(c->ts[i] ==
				     oa_next_report_ts(dev.plat, c->ts[i - 1], e),
				     "%s report %zu at T=%#" PRIx64 " after T=%#" PRIx64 ": a report is missing or extra",
				     c->fmt->name, i, c->ts[i], c->ts[i - 1]);
	}
	igt_assert_eq(c->n_lost, 0);
	igt_assert_eq(c->n_report_lost, 0);
	igt_assert_eq(c->n_buffer_lost, 0);
}

static void engine_props(struct oa_open *o, unsigned int class,
			 unsigned int instance)
{
	oa_prop(o, DRM_I915_PERF_PROP_OA_ENGINE_CLASS, class);
	oa_prop(o, DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE, instance);
}

static int open_on(const struct oa_format *f, unsigned int e,
		   unsigned int class, unsigned int instance,
		   struct oa_open *o)
{
	oa_open_periodic(&dev, o, f, e);
	engine_props(o, class, instance);
	return oa_try_open(dev.drm_fd, o);
}

static const struct oa_format *oag_format(void)
{
	return oa_platform_format(dev.plat, 0);
}

/* exponent of about 1 ms: a few hundred reports a second on each unit */
static unsigned int exp_1ms(void)
{
	return oa_exponent_for_ns(&dev, 1000000);
}

/*
 * oam-<format>: a stream on the first video decode engine carries the
 * OAM format, every report as the public layout has it, none missing.
 */
static void test_oam_format(const struct oa_format *f)
{
	unsigned int e = exp_1ms();
	struct oa_capture c;
	struct oa_open o;
	int fd;

	fd = open_on(f, e, CLASS_VIDEO, 0, &o);
	igt_assert_f(fd >= 0, "OAM stream (video 0, format %u): %s",
		     f->uapi_id, strerror(-fd));
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 64, 5000);
	close(fd);
	oam_assert_reports(&c, e);
	igt_info("%s: %zu reports, T %#" PRIx64 "..%#" PRIx64 "\n", f->name,
		 c.n, c.ts[0], c.ts[c.n - 1]);
	oa_capture_fini(&c);
}

/*
 * both-units: an OAG stream and an OAM stream (on the video enhance
 * engine) open together; over the same second each delivers every report
 * of its unit, right, and none of the other's.
 */
static void test_both_units(void)
{
	const struct oa_format *gf = oag_format(), *mf = &oam_formats[1];
	unsigned int e = exp_1ms();
	struct oa_capture gc, mc;
	struct oa_open go, mo;
	uint64_t due;
	int gfd, mfd;

	oa_open_periodic(&dev, &go, gf, e);
	gfd = oa_open(dev.drm_fd, &go);
	mfd = open_on(mf, e, CLASS_VIDEO_ENHANCE, 0, &mo);
	igt_assert_f(mfd >= 0, "OAM stream beside the OAG one: %s",
		     strerror(-mfd));
	oa_capture_init(&gc, gf, &go);
	oa_capture_init(&mc, mf, &mo);
	due = 1000000000ull / oa_exponent_ns(&dev, e);
	while (gc.n < due || mc.n < due) {
		oa_capture_until(gfd, &gc, gc.n + 1, 2000);
		oa_capture_until(mfd, &mc, mc.n + 1, 2000);
	}
	close(gfd);
	close(mfd);
	oa_assert_reports(&dev, &gc, e, 0);
	oam_assert_reports(&mc, e);
	igt_info("OAG %zu and OAM %zu reports over the same time; %" PRIu64 " due a second each\n",
		 gc.n, mc.n, due);
	oa_capture_fini(&gc);
	oa_capture_fini(&mc);
}

/*
 * ebusy-per-unit: a second stream on a unit is EBUSY whatever engine
 * names it; the other unit stays free.
 */
static void test_ebusy_per_unit(void)
{
	const struct oa_format *mf = &oam_formats[0];
	unsigned int e = exp_1ms();
	struct oa_open o;
	int g, m, fd;

	oa_open_periodic(&dev, &o, oag_format(), e);
	g = oa_open(dev.drm_fd, &o);
	igt_assert_eq(open_on(oag_format(), e, CLASS_RENDER, 0, &o), -EBUSY);
	m = open_on(mf, e, CLASS_VIDEO, 1, &o);
	igt_assert_f(m >= 0, "OAM stream (video 1) with OAG busy: %s",
		     strerror(-m));
	igt_assert_eq(open_on(mf, e, CLASS_VIDEO, 0, &o), -EBUSY);
	igt_assert_eq(open_on(mf, e, CLASS_VIDEO_ENHANCE, 0, &o), -EBUSY);
	close(g);
	fd = open_on(oag_format(), e, CLASS_RENDER, 0, &o);
	igt_assert_f(fd >= 0, "OAG free again: %s", strerror(-fd));
	close(fd);
	close(m);
	fd = open_on(mf, e, CLASS_VIDEO_ENHANCE, 0, &o);
	igt_assert_f(fd >= 0, "OAM free again: %s", strerror(-fd));
	close(fd);
}

/*
 * engine-errnos: i915's read_properties() checks, with its errno (EINVAL)
 * each: an engine the GPU lacks, an engine no OA unit observes (copy,
 * compute), and a format of the other unit's kind on either unit.
 */
static void test_engine_errnos(void)
{
	const struct oa_format *mf = &oam_formats[0];
	unsigned int e = exp_1ms();
	struct oa_open o;

	/* video decode 0 and 1 (vcs0, vcs2), video enhance 0: no more */
	igt_assert_eq(open_on(mf, e, CLASS_VIDEO, 2, &o), -EINVAL);
	igt_assert_eq(open_on(mf, e, CLASS_VIDEO_ENHANCE, 1, &o), -EINVAL);
	igt_assert_eq(open_on(oag_format(), e, CLASS_RENDER, 1, &o), -EINVAL);
	/* engines without an OA unit */
	igt_assert_eq(open_on(oag_format(), e, CLASS_COPY, 0, &o), -EINVAL);
	igt_assert_eq(open_on(oag_format(), e, CLASS_COMPUTE, 0, &o), -EINVAL);
	/* formats of the other kind of unit */
	igt_assert_eq(open_on(mf, e, CLASS_RENDER, 0, &o), -EINVAL);
	igt_assert_eq(open_on(&oam_formats[1], e, CLASS_RENDER, 0, &o),
		      -EINVAL);
	oa_open_periodic(&dev, &o, mf, e);	/* no engine: the render GT's */
	igt_assert_eq(oa_try_open(dev.drm_fd, &o), -EINVAL);
	igt_assert_eq(open_on(oag_format(), e, CLASS_VIDEO, 0, &o), -EINVAL);
	igt_assert_eq(open_on(oag_format(), e, CLASS_VIDEO_ENHANCE, 0, &o),
		      -EINVAL);
}

/*
 * oam-config-media-gt: an OAM metrics set's GT-local registers reach the
 * media GT, as i915's and xe's MI_LOAD_REGISTER_IMM on the video engine
 * does: its RPM_CONFIG1 NOA enable (0x0d04 bit 9, Intel's MTL OAM sets
 * write it) lands in the media GT's 0x380d04, not in the render GT's,
 * and closing the stream clears it there.
 */
static void test_oam_config_media_gt(void)
{
	static const uint32_t mux[] = { 0x0d04, 0x00000200 };
	struct drm_i915_perf_oa_config cfg = {
		.n_mux_regs = 1, .mux_regs_ptr = (uintptr_t)mux,
	};
	const struct oa_format *mf = &oam_formats[1];
	uint32_t render, media;
	struct oa_open o;
	uint64_t id;
	int fd, ret;

	memcpy(cfg.uuid, "4d0a1c5e-2b7f-4c1d-9e3a-6f5b8c2d1e07", sizeof(cfg.uuid));
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(ret > 0, "ADD_CONFIG of RPM_CONFIG1 failed: %s", strerror(errno));
	id = ret;

	oa_open_periodic(&dev, &o, mf, oa_exponent_for_ns(&dev, 1000000));
	o.props[3] = id;	/* the metrics set, second property */
	engine_props(&o, CLASS_VIDEO, 0);
	fd = oa_open(dev.drm_fd, &o);
	render = oa_bar0_read(&dev, 0x0d04);
	media = oa_bar0_read(&dev, 0x380d04);
	close(fd);
	igt_info("OAM stream with RPM_CONFIG1 = 0x200: render GT 0x0d04 = 0x%08x, media GT 0x380d04 = 0x%08x\n",
		 render, media);
	igt_assert_f(media & 0x200, "the media GT's RPM_CONFIG1 did not get the NOA enable");
	igt_assert_f(!(render & 0x200), "the OAM set's RPM_CONFIG1 went to the render GT");
	igt_assert_f(!(oa_bar0_read(&dev, 0x380d04) & 0x200),
		     "closing the OAM stream left the media GT's NOA enabled");
	igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id), 0);
}

/*
 * oam-timer-drain: no public source routes OAM's half-full event to an
 * interrupt, so the hrtimer drains an OAM ring stream and the interrupt
 * never does (debugfs intel_oa_stats, the OAM unit's counters), even
 * while an OAG ring stream beside it is drained by its interrupt: the
 * interrupt thread drains only the streams the interrupt drains.
 */
static void test_oam_timer_drain(void)
{
	const struct oa_format *mf = &oam_formats[1];
	unsigned int e = oa_exponent_for_ns(&dev, 20000);
	uint64_t irq = 0, timer = 0, reports = 0, oag_irq = 0;
	struct oa_capture c;
	struct oa_open o, og;
	int fd, gfd;

	/* OAG at the same rate in its smallest buffer: half-full interrupts. */
	oa_open_periodic(&dev, &og, oag_format(), e);
	oa_ring_stream(&og);
	oa_prop(&og, INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, oa_platform_buffer_min(dev.plat));
	og.flags = I915_PERF_FLAG_FD_NONBLOCK;
	gfd = oa_open(dev.drm_fd, &og);

	oa_open_periodic(&dev, &o, mf, e);
	engine_props(&o, CLASS_VIDEO, 0);
	oa_ring_stream(&o);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, mf, &o);
	oa_capture_until(fd, &c, 2 * (16u << 20) / mf->size / 64, 10000);
	igt_assert_f(oa_stats_get(&dev, "OAM.irq_drains", &irq) &&
		     oa_stats_get(&dev, "OAM.timer_drains", &timer) &&
		     oa_stats_get(&dev, "OAM.reports", &reports) &&
		     oa_stats_get(&dev, "irq_drains", &oag_irq),
		     "debugfs %s has no OAM and OAG counters", oa_stats_path(&dev));
	close(fd);
	close(gfd);
	igt_info("OAM ring stream: %zu reports read; the driver counted %" PRIu64 " reports, %" PRIu64 " timer drains, %" PRIu64 " interrupt drains; OAG beside it: %" PRIu64 " interrupt drains\n",
		 c.n, reports, timer, irq, oag_irq);
	igt_assert_f(oag_irq > 0, "the OAG stream beside it was never drained by its interrupt");
	igt_assert_eq_u64(irq, 0);
	igt_assert_f(timer > 0, "no hrtimer drain of the OAM stream");
	igt_assert_f(reports >= c.n, "%" PRIu64 " reports counted, %zu read",
		     reports, c.n);
	oam_assert_reports(&c, e);
	oa_capture_fini(&c);
}

/* debugfs intel_oa_units' line for unit @name, or false. */
static bool units_line(const char *name, char *line, size_t len)
{
	const char *stats = oa_stats_path(&dev);
	char path[PATH_MAX];
	bool found = false;
	FILE *f;

	igt_assert_f(stats, "no debugfs intel_oa_stats for the device");
	snprintf(path, sizeof(path), "%.*s/intel_oa_units",
		 (int)(strrchr(stats, '/') - stats), stats);
	f = fopen(path, "r");
	igt_assert_f(f, "%s: %s", path, strerror(errno));
	while (!found && fgets(line, (int)len, f))
		found = !strncmp(line, name, strlen(name)) &&
			line[strlen(name)] == ':';
	fclose(f);
	if (found)
		line[strcspn(line, "\n")] = '\0';
	return found;
}

static void assert_unit(const char *name, const char *want)
{
	char line[256];

	igt_assert_f(units_line(name, line, sizeof(line)),
		     "debugfs intel_oa_units has no %s line", name);
	igt_info("%s\n", line);
	igt_assert_f(strstr(line, want), "%s: want \"%s\"", line, want);
}

/*
 * units-view: debugfs intel_oa_units shows both units as mtl.rst has
 * them (the engines that choose each, its formats, how it is drained)
 * and which of them has a stream.
 */
static void test_units_view(void)
{
	static const char oag[] = "type=OAG engines=0:0 formats=12 drain=interrupt";
	static const char oam[] = "type=OAM engines=2:0,2:1,3:0 formats=13,14 drain=hrtimer";
	struct oa_open o;
	int fd;

	assert_unit("OAG", oag);
	assert_unit("OAM", oam);
	assert_unit("OAG", "stream=none");
	assert_unit("OAM", "stream=none");
	fd = open_on(&oam_formats[0], exp_1ms(), CLASS_VIDEO, 1, &o);
	igt_assert_f(fd >= 0, "OAM stream: %s", strerror(-fd));
	assert_unit("OAM", "stream=open");
	assert_unit("OAG", "stream=none");
	close(fd);
	assert_unit("OAM", "stream=none");
}

igt_main
{
	static size_t i;

	igt_fixture {
		oa_dev_open(&dev);
		igt_require_f(dev.plat->oam,
			      "%s has one OA unit (the media GT's OAM is Meteor Lake's and Arrow Lake's)\n",
			      dev.plat->name);
	}

	for (i = 0; i < sizeof(oam_formats) / sizeof(oam_formats[0]); i++) {
		igt_describe("A stream on the video decode engine carries the OAM format: every report as the public layout has it (64-bit header, eight MPEC counters, B and C), none missing.");
		igt_subtest_f("oam-%s", oa_subtest_suffix(oam_formats[i].name))
			test_oam_format(&oam_formats[i]);
	}
	igt_describe("An OAG and an OAM stream at once: each delivers every report of its own unit, right, over the same second.");
	igt_subtest("both-units")
		test_both_units();
	igt_describe("EBUSY for a second stream on the same unit only, whatever engine names it.");
	igt_subtest("ebusy-per-unit")
		test_ebusy_per_unit();
	igt_describe("EINVAL for an engine the GPU lacks, an engine no OA unit observes, and a format of the other unit's kind.");
	igt_subtest("engine-errnos")
		test_engine_errnos();
	igt_describe("debugfs intel_oa_units shows both units (engines, formats, drain) and which has a stream.");
	igt_subtest("units-view")
		test_units_view();
	igt_describe("An OAM metrics set's GT-local registers (RPM_CONFIG1's NOA enable) reach the media GT, not the render GT.");
	igt_subtest("oam-config-media-gt")
		test_oam_config_media_gt();

	igt_describe("An OAM ring stream is drained by the hrtimer, never by an interrupt (no public source routes OAM's), even with an interrupt-drained OAG stream beside it.");
	igt_subtest("oam-timer-drain")
		test_oam_timer_drain();

	igt_fixture
		oa_dev_close(&dev);
}
