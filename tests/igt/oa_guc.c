// SPDX-License-Identifier: MIT
/*
 * oa_guc: Gen12.5 as userspace sees it around the GuC (Documentation/dg2.rst):
 * the on-demand OA sample ioctl (the driver writes OAG_MMIOTRIGGER; no GuC
 * takes part), its errnos, the driver's debugfs "guc" file, the OA
 * interrupt routed past the GuC to the host, and a trigger written by the
 * CPU. The driver uses no doorbell and sends the GuC no action public
 * sources lack; the virtual GPU's doorbells are tested by its own qtests.
 * Expected report contents come from tests/igt/lib (oa_hw.c, workload.c),
 * never from the driver.
 *
 * The GuC subtests are listed only on platforms whose oa_hw.c row has a
 * GuC; elsewhere the one subtest asserts the sample ioctl is ENODEV.
 */
#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

/* dg2.rst: OAG_MMIOTRIGGER */
#define OAG_MMIOTRIGGER		0xdb1c

/* xe regs/xe_oa_regs.h: OAG_OA_DEBUG (masked) bit 14 turns the trigger off */
#define OAG_OA_DEBUG			0xdaf8
#define OAG_OA_DEBUG_DISABLE_MMIO_TRG	(1u << 14)

/* A slow timer (2^21 ticks, ~55 ms at 38.4 MHz) next to the samples. */
#define SAMPLE_STREAM_EXPONENT	20

static int do_sample(int fd, struct intel_oa_perf_sample *s)
{
	int ret;

	do {
		ret = ioctl(fd, INTEL_OA_PERF_IOCTL_SAMPLE, s);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : 0;
}

static int open_sample_stream(const struct oa_format *f, struct oa_open *o,
			      uint32_t extra_flags)
{
	oa_open_periodic(&dev, o, f, SAMPLE_STREAM_EXPONENT);
	o->flags = I915_PERF_FLAG_FD_NONBLOCK | extra_flags;
	return oa_open(dev.drm_fd, o);
}

/*
 * Index of the first report at or after @from whose RPT_ID has the
 * MMIO-trigger reason and whose CTX_ID is @marker (SIZE_MAX if none);
 * @count gets how many there are, since a marker must appear once.
 */
static size_t find_trigger(const struct oa_capture *c, uint32_t marker,
			   size_t from, unsigned int *count)
{
	size_t i, at = SIZE_MAX;

	*count = 0;
	for (i = from; i < c->n; i++) {
		const uint32_t *r = oa_capture_report(c, i);

		if (!(oa_report_reason(dev.plat, r) & OA_REASON_MMIO_TRIGGER) ||
		    oa_report_ctx_id(c->fmt, r) != marker)
			continue;
		if (at == SIZE_MAX)
			at = i;
		(*count)++;
	}
	return at;
}

/* Every periodic (non-trigger) report of @c from @from is right. */
static void check_periodic(const struct oa_capture *c, size_t from)
{
	char why[256];
	size_t i;

	for (i = from; i < c->n; i++) {
		const uint32_t *r = oa_capture_report(c, i);

		if (oa_report_reason(dev.plat, r) & OA_REASON_MMIO_TRIGGER)
			continue;
		igt_assert_f(oa_report_check(dev.plat, c->fmt, &dev.wl, r, c->ts[i],
					     SAMPLE_STREAM_EXPONENT, why, sizeof(why)),
			     "periodic report %zu (T=%#llx): %s", i,
			     (unsigned long long)c->ts[i], why);
	}
}

/*
 * One sample on @fd: the ioctl returns, then a single non-blocking read
 * pass must already hold the report. Checks it in full against the
 * workload at its T, which lies between RING_TIMESTAMP read before and
 * after the ioctl (in OA ticks). Returns the marker.
 */
static uint32_t sample_and_check(int fd, struct oa_capture *c)
{
	struct intel_oa_perf_sample s = { .flags = 0 };
	uint64_t before, after, T;
	unsigned int count;
	size_t from = c->n, at;
	char why[256];
	int ret;

	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &before), 0);
	ret = do_sample(fd, &s);
	igt_assert_f(ret == 0, "INTEL_OA_PERF_IOCTL_SAMPLE: %s", strerror(-ret));
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &after), 0);
	oa_capture_drain(fd, c);

	igt_assert_f(s.marker != 0, "marker 0 (dg2.rst: a cookie is never 0)");
	at = find_trigger(c, s.marker, from, &count);
	igt_assert_f(at != SIZE_MAX,
		     "no report with the MMIO-trigger reason and CTX_ID %#x in a non-blocking read right after the ioctl (%zu reports read)",
		     s.marker, c->n - from);
	igt_assert_f(count == 1, "%u reports carry marker %#x", count, s.marker);
	T = c->ts[at];
	igt_assert_f(T + 2 >= before && T <= after + 2,
		     "sample report at T=%#llx, outside the ioctl's [%#llx, %#llx]",
		     (unsigned long long)T, (unsigned long long)before,
		     (unsigned long long)after);
	igt_assert_f(s.timestamp == oa_report_timestamp(c->fmt, oa_capture_report(c, at)),
		     "ioctl timestamp %#llx, report TIME_STAMP %#llx",
		     (unsigned long long)s.timestamp,
		     (unsigned long long)oa_report_timestamp(c->fmt, oa_capture_report(c, at)));
	if (c->fmt->hdr64)
		igt_assert_f(s.timestamp == (T & ((1ull << 56) - 1)),
			     "56-bit timestamp %#llx, T=%#llx",
			     (unsigned long long)s.timestamp, (unsigned long long)T);
	/* SourceID 1: the CPU wrote the trigger */
	igt_assert_f(oa_trigger_report_check(dev.plat, c->fmt, &dev.wl,
					     oa_capture_report(c, at), T, s.marker,
					     1, why, sizeof(why)),
		     "sample report %#x at T=%#llx: %s", s.marker,
		     (unsigned long long)T, why);
	return s.marker;
}

/*
 * sample-ioctl-<format>: a few samples on a stream of the format: each
 * report readable at once, RPT_ID reason bit 25 and SourceID 1 (CPU: the
 * driver wrote OAG_MMIOTRIGGER), CTX_ID = marker (distinct, non-zero),
 * TIME_STAMP = the ioctl's timestamp within the ioctl's time window,
 * every counter the workload's at that T; the periodic reports around
 * them stay right; the GuC took no part (its control-page counters did
 * not move).
 */
static void test_sample_ioctl(const struct oa_format *f)
{
	uint32_t h2g0, g2h0, db0, markers[8];
	struct oa_capture c;
	struct oa_open o;
	unsigned int i, j;
	int fd;

	oa_require_vgpu(&dev);
	h2g0 = vgpu_read(&dev, VGPU_H2G_ANSWERED);
	g2h0 = vgpu_read(&dev, VGPU_G2H_PRESENTED);
	db0 = vgpu_read(&dev, VGPU_DB_SERVICED);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	for (i = 0; i < ARRAY_SIZE(markers); i++) {
		markers[i] = sample_and_check(fd, &c);
		for (j = 0; j < i; j++)
			igt_assert_f(markers[j] != markers[i], "marker %#x twice", markers[i]);
		oa_sleep_ms(7);
	}
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	check_periodic(&c, 0);
	igt_info("%s: %zu reports, %zu samples, markers %#x..%#x; GuC answered %u H2G, presented %u G2H, serviced %u doorbell rings\n",
		 f->name, c.n, ARRAY_SIZE(markers), markers[0], markers[ARRAY_SIZE(markers) - 1],
		 vgpu_read(&dev, VGPU_H2G_ANSWERED) - h2g0,
		 vgpu_read(&dev, VGPU_G2H_PRESENTED) - g2h0,
		 vgpu_read(&dev, VGPU_DB_SERVICED) - db0);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_H2G_ANSWERED), h2g0);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_G2H_PRESENTED), g2h0);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_DB_SERVICED), db0);
	oa_capture_fini(&c);
}

/*
 * sample-torn-write: with the device landing each report's header before
 * the rest of its bytes (torn-write, vgpu-contract.rst), the ioctl's
 * report is still whole when it returns: the driver's fence report
 * proves it (dg2.rst). Every counter right, as in sample-ioctl-*.
 */
static void test_sample_torn_write(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	struct oa_capture c;
	struct oa_open o;
	unsigned int i;
	int fd;

	oa_require_vgpu(&dev);
	igt_require_f(vgpu_read(&dev, VGPU_VERSION) >= 7,
		      "the virtual GPU's control page has no torn-write fault (version < 7)\n");
	vgpu_write(&dev, VGPU_TORN_WRITE, 1);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	for (i = 0; i < 8; i++) {
		sample_and_check(fd, &c);
		oa_sleep_ms(3);
	}
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	vgpu_write(&dev, VGPU_TORN_WRITE, 0);
	check_periodic(&c, 0);
	igt_info("%s: %zu reports, 8 samples, with torn writes\n", f->name, c.n);
	oa_capture_fini(&c);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * sample-latency: 200 samples, each timed from the ioctl call to the end
 * of the non-blocking read that returns its report; min/median/max
 * printed, not asserted (TCG timing).
 */
static void test_sample_latency(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	enum { N = 200 };
	static uint64_t ns[N];
	struct oa_capture c;
	struct oa_open o;
	unsigned int i;
	int fd;

	oa_require_vgpu(&dev);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	for (i = 0; i < N; i++) {
		struct intel_oa_perf_sample s = { .flags = 0 };
		uint64_t t0 = oa_now_ns();
		unsigned int count;
		int ret = do_sample(fd, &s);

		igt_assert_f(ret == 0, "sample %u: %s", i, strerror(-ret));
		oa_capture_drain(fd, &c);
		ns[i] = oa_now_ns() - t0;
		igt_assert_f(find_trigger(&c, s.marker, 0, &count) != SIZE_MAX,
			     "sample %u: marker %#x not readable", i, s.marker);
		/* keep memory flat: only this sample's report matters */
		c.n = 0;
	}
	close(fd);
	oa_capture_fini(&c);
	qsort(ns, N, sizeof(ns[0]), cmp_u64);
	igt_info("sample latency (ioctl to report read) over %d samples: min %.1f us, median %.1f us, max %.1f us\n",
		 N, ns[0] / 1e3, ns[N / 2] / 1e3, ns[N - 1] / 1e3);
}

/*
 * sample-errnos: flags != 0 EINVAL; a disabled stream (opened disabled,
 * or disabled later) EIO; an unreadable argument EFAULT; after each the
 * stream still samples.
 */
static void test_sample_errnos(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	struct intel_oa_perf_sample s;
	struct oa_capture c;
	struct oa_open o;
	unsigned int i;
	int fd;

	oa_require_vgpu(&dev);
	fd = open_sample_stream(f, &o, I915_PERF_FLAG_DISABLED);
	memset(&s, 0, sizeof(s));
	igt_assert_eq(do_sample(fd, &s), -EIO);
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_ENABLE, 0), 0);
	oa_capture_init(&c, f, &o);

	for (i = 0; i < 32; i++) {
		memset(&s, 0, sizeof(s));
		s.flags = 1u << i;
		igt_assert_f(do_sample(fd, &s) == -EINVAL,
			     "flags %#x: expected EINVAL", s.flags);
	}
	igt_assert_eq(do_sample(fd, NULL), -EFAULT);
	igt_assert_eq(do_sample(fd, (void *)(uintptr_t)0x10), -EFAULT);
	{
		/* readable but not writable: the result cannot be stored */
		struct intel_oa_perf_sample *ro = mmap(NULL, 4096, PROT_READ,
						       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		igt_assert(ro != MAP_FAILED);
		igt_assert_eq(do_sample(fd, ro), -EFAULT);
		munmap(ro, 4096);
	}
	sample_and_check(fd, &c);

	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_DISABLE, 0), 0);
	memset(&s, 0, sizeof(s));
	igt_assert_eq(do_sample(fd, &s), -EIO);
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_ENABLE, 0), 0);
	/* reports from before the DISABLE are gone: unwrap from now on */
	oa_capture_fini(&c);
	oa_capture_init(&c, f, &o);
	oa_read_timestamp(dev.drm_fd, &c.unwrap.ref);
	sample_and_check(fd, &c);
	close(fd);
	oa_capture_fini(&c);
	igt_info("EINVAL for 32 flag bits, EFAULT for NULL, low and read-only pointers, EIO while disabled\n");
}

/*
 * sample-enodev: on a platform without the OA unit's MMIO trigger the
 * ioctl exists (a stream ioctl the driver knows) but fails with ENODEV.
 */
static void test_sample_enodev(void)
{
	struct intel_oa_perf_sample s = { .flags = 0 };
	struct oa_open o;
	int fd;

	oa_open_periodic(&dev, &o, oa_platform_smallest_format(dev.plat), 16);
	fd = oa_open(dev.drm_fd, &o);
	igt_assert_eq(do_sample(fd, &s), -ENODEV);
	close(fd);
	igt_info("%s (no OAG_MMIOTRIGGER): INTEL_OA_PERF_IOCTL_SAMPLE is ENODEV\n", dev.plat->name);
}

/*
 * guc-debugfs: the driver's debugfs guc file shows the GuC ready, the CT
 * descriptors of a healthy channel (no status bit set, head == tail on
 * both rings: nothing is pending) and, with a stream open and sampled,
 * no request sent and no doorbell: the driver uses neither after
 * bring-up.
 */
static void test_guc_debugfs(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	static char text[8192];
	unsigned int h2g_head, h2g_tail, h2g_status, g2h_head, g2h_tail, g2h_status;
	unsigned long long sent0, sent1;
	struct oa_capture c;
	struct oa_open o;
	const char *at;
	int fd;

	igt_require_f(oa_debugfs_guc(&dev, text, sizeof(text)),
		      "no debugfs guc file next to %s\n", oa_stats_path(&dev));
	igt_assert_f(strstr(text, "status: ready"), "GuC not ready:\n%s", text);
	at = strstr(text, "h2g_sent: ");
	igt_assert(at && sscanf(at, "h2g_sent: %llu", &sent0) == 1);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	sample_and_check(fd, &c);
	igt_assert(oa_debugfs_guc(&dev, text, sizeof(text)));
	close(fd);
	igt_info("debugfs guc with a stream sampled:\n%s", text);
	at = strstr(text, "h2g_sent: ");
	igt_assert(at && sscanf(at, "h2g_sent: %llu", &sent1) == 1);
	igt_assert_f(sent1 == sent0, "%llu requests sent for a stream and a sample",
		     sent1 - sent0);
	igt_assert_f(!strstr(text, "doorbell"), "debugfs guc mentions a doorbell:\n%s", text);
	at = strstr(text, "ct: ");
	igt_assert_f(at, "debugfs guc has no ct line:\n%s", text);
	igt_assert_eq(sscanf(at, "ct: ggtt=%*x h2g_head=%u h2g_tail=%u h2g_status=%x g2h_head=%u g2h_tail=%u g2h_status=%x",
			     &h2g_head, &h2g_tail, &h2g_status, &g2h_head, &g2h_tail,
			     &g2h_status), 6);
	igt_assert_eq(h2g_status, 0);
	igt_assert_eq(g2h_status, 0);
	igt_assert_eq(h2g_head, h2g_tail);
	igt_assert_eq(g2h_head, g2h_tail);
	oa_capture_fini(&c);
}

/*
 * sample-after-trigger-off: whoever ran the OA unit before may have left
 * its MMIO trigger off (xe sets OAG_OA_DEBUG's DISABLE_MMIO_TRG when a
 * stream ends). Root sets it through BAR0 while a stream is open (the
 * driver then holds the GT forcewake, so the write is legal); the next
 * stream's samples must still work, as xe turns the trigger on for a
 * sampling stream. Skips where BAR0 cannot be mapped from userspace.
 */
static void test_sample_after_trigger_off(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	volatile uint32_t *mmio;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_require_vgpu(&dev);
	mmio = oa_map_bar0(&dev, 0x10000, true);

	fd = open_sample_stream(f, &o, 0);
	mmio[OAG_OA_DEBUG / 4] = OAG_OA_DEBUG_DISABLE_MMIO_TRG << 16 |
				 OAG_OA_DEBUG_DISABLE_MMIO_TRG;
	close(fd);

	fd = open_sample_stream(f, &o, 0);
	igt_assert_f(!(mmio[OAG_OA_DEBUG / 4] & OAG_OA_DEBUG_DISABLE_MMIO_TRG),
		     "OAG_OA_DEBUG 0x%08x: a new stream left the MMIO trigger off",
		     mmio[OAG_OA_DEBUG / 4]);
	oa_capture_init(&c, f, &o);
	sample_and_check(fd, &c);
	close(fd);
	oa_capture_fini(&c);
	munmap((void *)mmio, 0x10000);
	igt_info("a stream after one left DISABLE_MMIO_TRG set samples normally\n");
}

/*
 * mmio-trigger-host: root maps BAR0 and writes OAG_MMIOTRIGGER itself
 * (with the stream open the driver holds the GT forcewake, so the access
 * is legal): one report at once with reason bit 25, SourceID 1 (CPU) and
 * CTX_ID = the written value; a write while the stream is disabled writes
 * nothing. A second write follows the one under test: the driver exposes
 * a report only once a later report's header has landed, so without it
 * the trigger report would wait for the next periodic one. Skips where
 * BAR0 cannot be mapped from userspace.
 */
static void test_mmio_trigger_host(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	const uint32_t value = 0x7e57001u, idle_value = 0x7e57002u;
	const uint32_t fence_value = 0x7e57003u;
	volatile uint32_t *mmio;
	uint64_t deadline;
	struct oa_capture c;
	struct oa_open o;
	char why[256];
	unsigned int count;
	uint64_t T;
	size_t at;
	int fd;

	oa_require_vgpu(&dev);
	mmio = oa_map_bar0(&dev, 0x10000, true);

	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	mmio[OAG_MMIOTRIGGER / 4] = value;
	/* the next report's header proves the trigger report whole (i915's rule) */
	mmio[OAG_MMIOTRIGGER / 4] = fence_value;
	deadline = oa_now_ns() + 2000000000ull;
	oa_capture_drain(fd, &c);
	while ((at = find_trigger(&c, value, 0, &count)) == SIZE_MAX &&
	       oa_now_ns() < deadline)
		oa_capture_until(fd, &c, c.n + 1, 100);
	igt_assert_f(at != SIZE_MAX, "no report with CTX_ID %#x after the CPU's trigger write", value);
	igt_assert_eq(count, 1);
	igt_assert_f(oa_trigger_report_check(dev.plat, f, &dev.wl, oa_capture_report(&c, at),
					     c.ts[at], value, 1, why, sizeof(why)),
		     "CPU trigger report at T=%#llx: %s", (unsigned long long)c.ts[at], why);
	T = c.ts[at];

	/* a disabled stream's read() is EIO (i915), so nothing to drain after */
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_DISABLE, 0), 0);
	munmap((void *)mmio, 0x10000);
	close(fd);
	/* the disabled write: nothing to read, checked on a fresh stream */
	mmio = oa_map_bar0(&dev, 0x10000, true);
	fd = open_sample_stream(f, &o, I915_PERF_FLAG_DISABLED);
	mmio[OAG_MMIOTRIGGER / 4] = idle_value;
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_ENABLE, 0), 0);
	/* a fresh stream: unwrap from its enable, not the open */
	oa_capture_fini(&c);
	oa_capture_init(&c, f, &o);
	oa_read_timestamp(dev.drm_fd, &c.unwrap.ref);
	oa_capture_until(fd, &c, 2, 2000);
	close(fd);
	munmap((void *)mmio, 0x10000);
	find_trigger(&c, idle_value, 0, &count);
	igt_assert_f(count == 0, "a trigger written while OA was disabled produced a report");
	igt_info("CPU trigger: report at T=%#llx with SourceID 1 and CTX_ID %#x; none while disabled\n",
		 (unsigned long long)T, value);
	oa_capture_fini(&c);
}

/*
 * oa-irq-routed-to-host: the OA half-full interrupt reaches the host
 * through the tile, GT_INTR_DW0 and identity levels once the driver has
 * cleared GUC_WD_VECS_IER bit 28: with a 5 s poll period the driver's
 * irq_drains grows while the GuC's count of OA interrupts it consumed
 * (control page 0x04c) does not.
 */
static void test_oa_irq_routed(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	unsigned int e = oa_exponent_filling(&dev, f, 700000000ull);
	size_t want = dev.plat->oa_buffer_bytes / f->size;
	uint64_t drains0 = 0, drains1 = 0;
	uint32_t guc0, irq0;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_require_vgpu(&dev);
	igt_require_f(oa_stats_get(&dev, "irq_drains", &drains0),
		      "no irq_drains in debugfs intel_oa_stats\n");
	guc0 = vgpu_read(&dev, VGPU_GUC_OA_IRQS);
	irq0 = vgpu_read(&dev, VGPU_HALF_FULL_IRQS);
	oa_open_periodic(&dev, &o, f, e);
	oa_ring_stream(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 5000000000ull);
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, want, 20000);
	igt_assert(oa_stats_get(&dev, "irq_drains", &drains1));
	close(fd);
	igt_info("exponent %u: %zu reports; %u half-full irqs, irq_drains +%llu, GuC-consumed OA irqs +%u\n",
		 e, c.n, vgpu_read(&dev, VGPU_HALF_FULL_IRQS) - irq0,
		 (unsigned long long)(drains1 - drains0),
		 vgpu_read(&dev, VGPU_GUC_OA_IRQS) - guc0);
	igt_assert_f(c.n >= want, "only %zu of %zu reports in 20 s", c.n, want);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost, 0);
	oa_assert_reports(&dev, &c, e, 0);
	igt_assert_f(drains1 > drains0, "irq_drains did not grow: the OA interrupt did not reach the host");
	igt_assert_eq(vgpu_read(&dev, VGPU_GUC_OA_IRQS) - guc0, 0);
	oa_capture_fini(&c);
}

/* The platform row of the PCI function, found without the driver. */
static const struct oa_platform *listing_platform(void)
{
	char bdf[64], path[PATH_MAX];
	uint64_t devid;

	if (!oa_find_pci(bdf, sizeof(bdf)))
		return NULL;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/device", bdf);
	if (!oa_read_u64_file(path, &devid))
		return NULL;
	return oa_platform_for_devid((uint16_t)devid);
}

igt_main
{
	static const struct oa_platform *p;
	static bool guc, trigger, other;
	static size_t i;

	p = listing_platform();
	/* no device (e.g. listing on the host): list every set */
	guc = !p || p->guc;
	trigger = !p || p->mmio_trigger;
	other = !p || !p->mmio_trigger;

	igt_fixture
		oa_dev_open(&dev);

	if (other) {
		igt_describe("Without the OA unit's MMIO trigger (before Gen12.5) the on-demand sample ioctl is ENODEV.");
		igt_subtest("sample-enodev")
			test_sample_enodev();
	}
	if (!trigger)
		goto out;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];

		/* the formats an OAG stream here carries (12, and 43 on DG2) */
		if (!(f->families & OA_FAM_XEHP) ||
		    (f->uapi_id != OA_FMT_A24u40_A14u32_B8_C8 &&
		     f->uapi_id != OA_FMT_A38u64_B8_C8) ||
		    (p && !oa_platform_has_format(p, f->uapi_id)))
			continue;
		igt_describe("On-demand samples through OAG_MMIOTRIGGER: report readable at once, reason bit 25, SourceID 1, CTX_ID = marker, timestamp and every counter right; the GuC takes no part.");
		igt_subtest_f("sample-ioctl-%s", oa_subtest_suffix(f->name))
			test_sample_ioctl(f);
	}
	igt_describe("With the device landing each report's header before its rest, the sample ioctl's report is whole when it returns.");
	igt_subtest("sample-torn-write")
		test_sample_torn_write();
	igt_describe("Sample latency from the ioctl to the report read, min/median/max over 200 samples (printed).");
	igt_subtest("sample-latency")
		test_sample_latency();
	igt_describe("Sample ioctl errnos: EINVAL flags, EIO disabled, EFAULT pointers.");
	igt_subtest("sample-errnos")
		test_sample_errnos();
	igt_describe("A new stream samples even when the OA unit's MMIO trigger was left off (OAG_OA_DEBUG DISABLE_MMIO_TRG, as xe leaves it).");
	igt_subtest("sample-after-trigger-off")
		test_sample_after_trigger_off();
	igt_describe("A CPU write of OAG_MMIOTRIGGER writes one report with SourceID 1 and CTX_ID = the value; none while disabled.");
	igt_subtest("mmio-trigger-host")
		test_mmio_trigger_host();
	if (!guc)
		goto out;
	igt_describe("debugfs guc: the GuC ready, a healthy CT channel with nothing pending, no request sent for a stream and its samples, no doorbell.");
	igt_subtest("guc-debugfs")
		test_guc_debugfs();
	igt_describe("The OA half-full interrupt is routed to the host, not consumed by the GuC.");
	igt_subtest("oa-irq-routed-to-host")
		test_oa_irq_routed();
out:
	igt_fixture
		oa_dev_close(&dev);
}
