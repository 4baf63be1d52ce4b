// SPDX-License-Identifier: MIT
/*
 * oa_guc: the Gen12.5 GuC path of Documentation/dg2.rst as userspace sees
 * it: the on-demand OA sample ioctl (a doorbell rung for the GuC, which
 * writes OAG_MMIOTRIGGER), its errnos, the GuC hang timeout, the driver's
 * debugfs "guc" file and ftrace events, the interrupt that arrives while
 * the host is servicing one, the OA interrupt routed past the GuC to the
 * host, and a trigger written by the CPU. Expected report contents come
 * from tests/igt/lib (oa_hw.c, workload.c), never from the driver.
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

/* dg2.rst: OAG_MMIOTRIGGER, the GuC's message actions */
#define OAG_MMIOTRIGGER		0xdb1c
#define GUC_ACTION_ALLOCATE_DOORBELL	0x10	/* i915 INTEL_GUC_ACTION_ALLOCATE_DOORBELL */
#define GUC_ACTION_OA_SAMPLE_DONE	0x5001

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

/*
 * One sample through a GuC doorbell (debugfs guc_doorbell_sample: the
 * virtual GPU's GuC stand-in, outside the uAPI): 0 with @s's marker and
 * timestamp filled, or -errno.
 */
static int db_sample(struct intel_oa_perf_sample *s)
{
	/* opened once: timed callers measure the request, not the open */
	static int fd = -1;
	static char path[PATH_MAX];
	const char *stats;
	char text[128];
	unsigned long long marker, ts;
	ssize_t n;
	int ret = 0;

	if (fd < 0) {
		stats = oa_stats_path(&dev);
		igt_require_f(stats, "no debugfs");
		snprintf(path, sizeof(path), "%.*sguc_doorbell_sample",
			 (int)(strrchr(stats, '/') + 1 - stats), stats);
		fd = open(path, O_RDWR | O_CLOEXEC);
		igt_assert_f(fd >= 0, "%s: %s", path, strerror(errno));
	}
	do {
		n = write(fd, "1", 1);
	} while (n < 0 && errno == EINTR);
	if (n < 0) {
		ret = -errno;
	} else {
		n = pread(fd, text, sizeof(text) - 1, 0);
		igt_assert_f(n > 0, "reading %s: %s", path, strerror(errno));
		text[n] = '\0';
		igt_assert_f(sscanf(text, "marker=%llx timestamp=%llx", &marker, &ts) == 2,
			     "%s reads \"%s\"", path, text);
		s->marker = marker;
		s->timestamp = ts;
	}
	return ret;
}

/* A subtest that fails with a GuC fault knob set must not leave it set. */
static void guc_knobs_off(void *unused __attribute__((unused)))
{
	vgpu_write(&dev, VGPU_GUC_HANG, 0);
	vgpu_write(&dev, VGPU_GUC_GARBAGE, 0);
	vgpu_write(&dev, VGPU_GUC_LATE, 0);
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
static uint32_t sample_and_check_via(int fd, struct oa_capture *c, bool doorbell)
{
	struct intel_oa_perf_sample s = { .flags = 0 };
	uint64_t before, after, T;
	unsigned int count;
	size_t from = c->n, at;
	char why[256];
	int ret;

	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &before), 0);
	ret = doorbell ? db_sample(&s) : do_sample(fd, &s);
	igt_assert_f(ret == 0, "%s: %s",
		     doorbell ? "guc_doorbell_sample" : "INTEL_OA_PERF_IOCTL_SAMPLE",
		     strerror(-ret));
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
	/* SourceID 1: the CPU wrote the trigger; 0: the GuC did */
	igt_assert_f(oa_trigger_report_check(dev.plat, c->fmt, &dev.wl,
					     oa_capture_report(c, at), T, s.marker,
					     doorbell ? 0 : 1, why, sizeof(why)),
		     "sample report %#x at T=%#llx: %s", s.marker,
		     (unsigned long long)T, why);
	return s.marker;
}

static uint32_t sample_and_check(int fd, struct oa_capture *c)
{
	return sample_and_check_via(fd, c, false);
}

/*
 * sample-ioctl-<format>: a few samples on a stream of the format: each
 * report readable at once, RPT_ID reason bit 25 and SourceID 1 (CPU: the
 * driver wrote OAG_MMIOTRIGGER), CTX_ID = marker (distinct, non-zero),
 * TIME_STAMP = the ioctl's timestamp within the ioctl's time window,
 * every counter the workload's at that T; the periodic reports around
 * them stay right; the GuC took no part (its control-page counters did
 * not move). doorbell-sample-<format> does the same through a GuC
 * doorbell (debugfs), where the GuC writes the trigger (SourceID 0) and
 * its counters move.
 */
static void test_sample_via(const struct oa_format *f, bool doorbell)
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
		markers[i] = sample_and_check_via(fd, &c, doorbell);
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
	if (doorbell) {
		/* one ALLOCATE at the first sample, one ring and one event each */
		igt_assert_lte(1, vgpu_read(&dev, VGPU_H2G_ANSWERED) - h2g0);
		igt_assert_lte(ARRAY_SIZE(markers), vgpu_read(&dev, VGPU_G2H_PRESENTED) - g2h0);
		igt_assert_lte(ARRAY_SIZE(markers), vgpu_read(&dev, VGPU_DB_SERVICED) - db0);
	} else {
		igt_assert_eq_u32(vgpu_read(&dev, VGPU_H2G_ANSWERED), h2g0);
		igt_assert_eq_u32(vgpu_read(&dev, VGPU_G2H_PRESENTED), g2h0);
		igt_assert_eq_u32(vgpu_read(&dev, VGPU_DB_SERVICED), db0);
	}
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

/* Value of "@key: N" in debugfs guc, or UINT64_MAX without debugfs. */
static uint64_t guc_stat(const char *key)
{
	char text[4096], pat[64];
	const char *at;

	if (!oa_debugfs_guc(&dev, text, sizeof(text)))
		return UINT64_MAX;
	snprintf(pat, sizeof(pat), "%s: ", key);
	at = strstr(text, pat);
	igt_assert_f(at, "debugfs guc has no %s line", key);
	return strtoull(at + strlen(pat), NULL, 10);
}

/*
 * sample-guc-hang: with the control page's guc-hang set the GuC answers
 * nothing. A sample on an armed doorbell fails with ETIMEDOUT after the
 * driver's 50 ms wait for OA_SAMPLE_DONE (we accept 45..400 ms under
 * TCG); once the knob is cleared the same stream samples again and its
 * periodic reports are right. A new stream's first sample must arm a
 * doorbell: its ALLOCATE_DOORBELL request waits in the H2G CT buffer
 * unread and fails with ETIMEDOUT after the driver's 1 s (990..1450 ms).
 * The recovered GuC then reads it and arms the doorbell; its response
 * comes too late and is discarded (debugfs h2g_stale), the id stays
 * reserved until a DEALLOCATE frees it, and the next sample arms and
 * samples.
 */
static void test_sample_guc_hang(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	struct intel_oa_perf_sample s;
	struct oa_capture c;
	struct oa_open o;
	uint64_t t0, ms[2], stale0, stale1;
	unsigned int i;
	int fd;

	oa_require_vgpu(&dev);
	igt_push_cleanup(guc_knobs_off, NULL);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	sample_and_check_via(fd, &c, true);	/* the doorbell is armed */

	vgpu_write(&dev, VGPU_GUC_HANG, 1);
	for (i = 0; i < 2; i++) {
		memset(&s, 0, sizeof(s));
		t0 = oa_now_ns();
		igt_assert_eq(db_sample(&s), -ETIMEDOUT);
		ms[i] = (oa_now_ns() - t0) / 1000000;
		igt_assert_f(ms[i] >= 45 && ms[i] <= 400,
			     "ETIMEDOUT after %llu ms, expected about 50 ms",
			     (unsigned long long)ms[i]);
	}
	vgpu_write(&dev, VGPU_GUC_HANG, 0);
	/* the rings left pending are serviced now; let them land */
	oa_sleep_ms(20);
	oa_capture_drain(fd, &c);
	sample_and_check_via(fd, &c, true);
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	check_periodic(&c, 0);
	igt_info("ETIMEDOUT after %llu and %llu ms with the GuC hung; samples work again after recovery (%zu reports)\n",
		 (unsigned long long)ms[0], (unsigned long long)ms[1], c.n);
	oa_capture_fini(&c);

	/* a hung GuC does not read the H2G ring: arming times out */
	stale0 = guc_stat("h2g_stale");
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	vgpu_write(&dev, VGPU_GUC_HANG, 1);
	memset(&s, 0, sizeof(s));
	t0 = oa_now_ns();
	igt_assert_eq(db_sample(&s), -ETIMEDOUT);
	ms[0] = (oa_now_ns() - t0) / 1000000;
	vgpu_write(&dev, VGPU_GUC_HANG, 0);
	igt_assert_f(ms[0] >= 990 && ms[0] <= 1450,
		     "arming with the GuC hung: ETIMEDOUT after %llu ms, expected about 1000 ms",
		     (unsigned long long)ms[0]);
	oa_sleep_ms(20);
	sample_and_check_via(fd, &c, true);
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	check_periodic(&c, 0);
	oa_capture_fini(&c);
	stale1 = guc_stat("h2g_stale");
	igt_info("arming with the GuC hung: ETIMEDOUT after %llu ms; late responses discarded: %llu\n",
		 (unsigned long long)ms[0],
		 stale0 == UINT64_MAX ? 0ull : (unsigned long long)(stale1 - stale0));
	if (stale0 != UINT64_MAX)
		igt_assert_eq(stale1 - stale0, 1);
}

/*
 * sample-hang-log-ratelimited: with the GuC hung after the stream's
 * doorbell is armed, every doorbell sample waits 50 ms for an
 * OA_SAMPLE_DONE that never comes, and the driver logs it. Userspace may
 * retry as fast as it likes; the kernel log must not grow a line per
 * sample (issue 13): the driver's rate limit (printk's default, 10 lines
 * per 5 s, and a "callbacks suppressed" line when a window opens after
 * one that refused lines, perhaps another GPU's) caps 30 failures at 11
 * lines a window.
 */
static void test_sample_hang_log(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	unsigned int lines = 0, failed = 0;
	struct intel_oa_perf_sample s;
	uint64_t start, ns;
	struct oa_kmsg k;
	struct oa_open o;
	int fd, ret;

	oa_require_vgpu(&dev);
	igt_push_cleanup(guc_knobs_off, NULL);
	fd = open_sample_stream(f, &o, 0);
	memset(&s, 0, sizeof(s));
	igt_assert_eq(db_sample(&s), 0);	/* the doorbell is armed */
	vgpu_write(&dev, VGPU_GUC_HANG, 1);
	oa_kmsg_begin(&k, "doorbell samples with the GuC hung");
	start = oa_now_ns();
	/* at least 30, and more than the limit lets through meanwhile */
	do {
		memset(&s, 0, sizeof(s));
		ret = db_sample(&s);
		igt_assert_f(ret == -ETIMEDOUT || ret == -EIO,
			     "SAMPLE %u with the GuC hung: %s, expected ETIMEDOUT or EIO",
			     failed, ret ? strerror(-ret) : "success");
		failed++;
	} while (oa_now_ns() - start < 60000000000ull &&
		 (failed < 30 || failed <= oa_ratelimit_max_lines(oa_now_ns() - start) + 5));
	ns = oa_now_ns() - start;
	vgpu_write(&dev, VGPU_GUC_HANG, 0);
	igt_assert_eq(oa_kmsg_end_count(&k, "intel_oa", &lines), 0);
	close(fd);
	igt_info("%u failed samples in %.2f s logged %u lines\n", failed, ns / 1e9, lines);
	igt_assert_f(failed > oa_ratelimit_max_lines(ns),
		     "%u samples in %.2f s: too slow to show the rate limit", failed, ns / 1e9);
	igt_assert_f(lines <= oa_ratelimit_max_lines(ns),
		     "%u kernel log lines for %u failed samples in %.2f s: not rate limited",
		     lines, failed, ns / 1e9);
}

/*
 * sample-guc-garbage: with the GuC answering every request with a
 * malformed reply (control page guc-garbage), a stream's first SAMPLEs
 * (each must arm a doorbell through the H2G exchange) fail with EIO at
 * once, not after the 50 ms timeout, log no more lines for 20 than the
 * rate limit lets through (oa_ratelimit_max_lines()), and once
 * the GuC answers properly the same stream samples and its reports are
 * right.
 */
static void test_sample_guc_garbage(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	unsigned int i, lines = 0;
	struct intel_oa_perf_sample s;
	struct oa_capture c;
	struct oa_kmsg k;
	struct oa_open o;
	uint64_t t0, ms, start;
	int fd, ret;

	oa_require_vgpu(&dev);
	igt_push_cleanup(guc_knobs_off, NULL);
	igt_require_f(vgpu_read(&dev, VGPU_VERSION) >= 4,
		      "the virtual GPU's control page has no guc-garbage (version < 4)\n");
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	vgpu_write(&dev, VGPU_GUC_GARBAGE, 1);
	oa_kmsg_begin(&k, "20 doorbell samples with garbage GuC replies");
	start = oa_now_ns();
	for (i = 0; i < 20; i++) {
		memset(&s, 0, sizeof(s));
		t0 = oa_now_ns();
		ret = db_sample(&s);
		ms = (oa_now_ns() - t0) / 1000000;
		igt_assert_f(ret == -EIO, "SAMPLE %u with garbage GuC replies: %s, expected EIO",
			     i, ret ? strerror(-ret) : "success");
		igt_assert_f(ms < 45, "SAMPLE %u took %llu ms: the malformed reply was not taken as one",
			     i, (unsigned long long)ms);
	}
	vgpu_write(&dev, VGPU_GUC_GARBAGE, 0);
	ms = (oa_now_ns() - start) / 1000000;
	igt_assert_eq(oa_kmsg_end_count(&k, "unexpected header", &lines), 0);
	igt_info("20 samples failed with EIO in %llu ms, %u log lines\n",
		 (unsigned long long)ms, lines);
	/* each fails in under 45 ms: all 20 fall in one rate-limit window */
	igt_assert_f(lines >= 1 && lines <= oa_ratelimit_max_lines(ms * 1000000ull),
		     "%u log lines for 20 malformed replies", lines);
	sample_and_check_via(fd, &c, true);
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	check_periodic(&c, 0);
	oa_capture_fini(&c);
}

/*
 * sample-guc-late: the GuC answers late (control page guc-late): it
 * answers a request read from the H2G CT buffer late_ms after reading it,
 * and reads the next only then. 300 ms late: the stream's first sample
 * (which arms a doorbell with an ALLOCATE_DOORBELL request) waits for it
 * and succeeds. 1500 ms late: the sample gives up with ETIMEDOUT after
 * the driver's 1 s. The next sample, sent at once with the knob cleared,
 * waits behind the owed request and gets its own response, about 500 ms
 * later; the late response is discarded (debugfs h2g_stale), its fence
 * answering no waiting request, instead of being taken for the later
 * request's. Every report stays right and the device counts no
 * violation.
 */
static void test_sample_guc_late(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	uint64_t t0, ms_ok, ms_timeout, ms_next, stale0, stale1;
	struct intel_oa_perf_sample s;
	uint32_t violations;
	struct oa_capture c;
	struct oa_open o;
	int fd, ret;

	oa_require_vgpu(&dev);
	igt_push_cleanup(guc_knobs_off, NULL);
	igt_require_f(vgpu_read(&dev, VGPU_VERSION) >= 5,
		      "the virtual GPU's control page has no guc-late (version < 5)\n");
	violations = vgpu_read(&dev, VGPU_VIOLATIONS);
	stale0 = guc_stat("h2g_stale");

	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	vgpu_write(&dev, VGPU_GUC_LATE, 300);
	t0 = oa_now_ns();
	sample_and_check_via(fd, &c, true);
	ms_ok = (oa_now_ns() - t0) / 1000000;
	vgpu_write(&dev, VGPU_GUC_LATE, 0);
	close(fd);
	oa_capture_fini(&c);
	igt_assert_f(ms_ok >= 290 && ms_ok < 1000,
		     "a sample answered 300 ms late took %llu ms", (unsigned long long)ms_ok);

	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	vgpu_write(&dev, VGPU_GUC_LATE, 1500);
	memset(&s, 0, sizeof(s));
	t0 = oa_now_ns();
	ret = db_sample(&s);
	ms_timeout = (oa_now_ns() - t0) / 1000000;
	vgpu_write(&dev, VGPU_GUC_LATE, 0);
	igt_assert_f(ret == -ETIMEDOUT, "SAMPLE with the reply 1500 ms late: %s, expected ETIMEDOUT",
		     ret ? strerror(-ret) : "success");
	igt_assert_f(ms_timeout >= 990 && ms_timeout < 1450,
		     "ETIMEDOUT after %llu ms, expected about 1000 ms",
		     (unsigned long long)ms_timeout);
	oa_capture_drain(fd, &c);
	t0 = oa_now_ns();
	sample_and_check_via(fd, &c, true);
	ms_next = (oa_now_ns() - t0) / 1000000;
	igt_assert_f(ms_next >= 100 && ms_next < 1000,
		     "the sample after the timeout took %llu ms, expected about 500 ms (behind the owed request)",
		     (unsigned long long)ms_next);
	oa_capture_until(fd, &c, c.n + 2, 2000);
	close(fd);
	check_periodic(&c, 0);
	oa_capture_fini(&c);
	stale1 = guc_stat("h2g_stale");

	igt_info("300 ms late: sample in %llu ms; 1500 ms late: ETIMEDOUT after %llu ms, the next sample in %llu ms; late responses discarded: %llu\n",
		 (unsigned long long)ms_ok, (unsigned long long)ms_timeout,
		 (unsigned long long)ms_next,
		 stale0 == UINT64_MAX ? 0ull : (unsigned long long)(stale1 - stale0));
	if (stale0 != UINT64_MAX)
		igt_assert_eq(stale1 - stale0, 1);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_VIOLATIONS), violations);
}

/* Lines of debugfs guc that list an armed doorbell: "id" and "page". */
static unsigned int guc_doorbell_lines(const char *text)
{
	unsigned int n = 0;
	const char *line = text;

	while (*line) {
		size_t len = strcspn(line, "\n");
		char l[256];
		size_t i;

		snprintf(l, sizeof(l), "%.*s", (int)(len < 255 ? len : 255), line);
		for (i = 0; l[i]; i++)
			l[i] = (char)tolower((unsigned char)l[i]);
		if (strstr(l, "id") && strstr(l, "page") && strpbrk(l, "0123456789") &&
		    !strstr(l, "doorbells:"))
			n++;
		line += len + (line[len] == '\n');
	}
	return n;
}

/*
 * doorbell-debugfs: the physical doorbell is visible only through the
 * driver's debugfs guc file: an armed doorbell (id, page) is listed after
 * the stream's first sample and none after the stream is closed.
 */
static void test_doorbell_debugfs(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	static char text[8192];
	unsigned int before, armed, after;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_require_vgpu(&dev);
	igt_require_f(oa_debugfs_guc(&dev, text, sizeof(text)),
		      "no debugfs guc file next to %s\n", oa_stats_path(&dev));
	before = guc_doorbell_lines(text);
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	sample_and_check_via(fd, &c, true);
	igt_assert(oa_debugfs_guc(&dev, text, sizeof(text)));
	armed = guc_doorbell_lines(text);
	igt_info("debugfs guc with the doorbell armed:\n%s", text);
	close(fd);
	igt_assert(oa_debugfs_guc(&dev, text, sizeof(text)));
	after = guc_doorbell_lines(text);
	igt_assert_f(before == 0, "%u doorbell(s) listed before any stream", before);
	igt_assert_f(armed == 1, "%u doorbell lines (id, page) after a sample, expected 1", armed);
	igt_assert_f(after == 0, "%u doorbell(s) still listed after the stream closed:\n%s",
		     after, text);
	oa_capture_fini(&c);
}

/* The CT descriptors and last fence of debugfs guc's "ct:" line. */
struct guc_ct_line {
	unsigned int h2g_head, h2g_tail, h2g_status;
	unsigned int g2h_head, g2h_tail, g2h_status, fence;
};

/* The fence after @f: 16 bits, 0 skipped (0 is "no request"). */
static unsigned int next_fence(unsigned int f)
{
	return f == 0xffff ? 1 : f + 1;
}

static void guc_ct_line(struct guc_ct_line *ct)
{
	static char text[8192];
	const char *at;

	igt_assert(oa_debugfs_guc(&dev, text, sizeof(text)));
	at = strstr(text, "ct: ");
	igt_assert_f(at, "debugfs guc has no ct line:\n%s", text);
	igt_assert_eq(sscanf(at, "ct: ggtt=%*x h2g_head=%u h2g_tail=%u h2g_status=%x g2h_head=%u g2h_tail=%u g2h_status=%x last_fence=%u",
			     &ct->h2g_head, &ct->h2g_tail, &ct->h2g_status,
			     &ct->g2h_head, &ct->g2h_tail, &ct->g2h_status,
			     &ct->fence), 7);
}

/*
 * ct-exchange: the doorbell actions travel over the CT buffers, not the
 * MMIO mailbox. Arming a stream's doorbell (its first sample) writes one
 * 5-dword request (CTB header and HXG request, i915's ct_write() layout)
 * into the H2G ring under the next fence; the GuC reads it (head catches
 * up with tail) and its response and OA_SAMPLE_DONE come through the G2H
 * ring, which the driver empties. Closing the stream sends DEALLOCATE the
 * same way. No descriptor reports an error.
 */
static void test_ct_exchange(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	struct guc_ct_line c0, c1, c2;
	uint64_t sent0, recv0, sent1, recv1;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_require_vgpu(&dev);
	igt_require_f(guc_stat("h2g_sent") != UINT64_MAX,
		      "no debugfs guc file next to %s\n", oa_stats_path(&dev));
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	guc_ct_line(&c0);
	sent0 = guc_stat("h2g_sent");
	recv0 = guc_stat("g2h_received");
	sample_and_check_via(fd, &c, true);
	guc_ct_line(&c1);
	sent1 = guc_stat("h2g_sent");
	recv1 = guc_stat("g2h_received");
	close(fd);
	oa_capture_fini(&c);
	guc_ct_line(&c2);

	igt_info("H2G head/tail %u/%u -> %u/%u -> %u/%u, fence %u -> %u -> %u; G2H head/tail %u/%u -> %u/%u\n",
		 c0.h2g_head, c0.h2g_tail, c1.h2g_head, c1.h2g_tail,
		 c2.h2g_head, c2.h2g_tail, c0.fence, c1.fence, c2.fence,
		 c0.g2h_head, c0.g2h_tail, c1.g2h_head, c1.g2h_tail);
	igt_assert_eq_u64(sent1 - sent0, 1);
	igt_assert_eq_u32(c1.h2g_tail, (c0.h2g_tail + 5) % 1024);
	igt_assert_eq_u32(c1.h2g_head, c1.h2g_tail);
	igt_assert_eq_u32(c1.fence, next_fence(c0.fence));
	/* ALLOCATE's response and the sample's OA_SAMPLE_DONE */
	igt_assert_eq_u64(recv1 - recv0, 2);
	igt_assert_eq_u32(c1.g2h_head, c1.g2h_tail);
	igt_assert_eq_u32(c2.h2g_tail, (c1.h2g_tail + 5) % 1024);
	igt_assert_eq_u32(c2.h2g_head, c2.h2g_tail);
	igt_assert_eq_u32(c2.fence, next_fence(c1.fence));
	igt_assert_eq_u32(c0.h2g_status | c1.h2g_status | c2.h2g_status, 0);
	igt_assert_eq_u32(c0.g2h_status | c1.g2h_status | c2.g2h_status, 0);
}

/* Last number on the first debugfs guc line mentioning "notify". */
static bool guc_last_notify(const char *text, uint64_t *val)
{
	const char *line = text;

	while (*line) {
		size_t len = strcspn(line, "\n"), i;
		char l[256];

		snprintf(l, sizeof(l), "%.*s", (int)(len < 255 ? len : 255), line);
		for (i = 0; l[i]; i++)
			l[i] = (char)tolower((unsigned char)l[i]);
		if (strstr(l, "notify")) {
			const char *p = strpbrk(l, ":=");

			if (!p)
				return false;
			*val = strtoull(p + 1, NULL, 0);
			return true;
		}
		line += len + (line[len] == '\n');
	}
	return false;
}

/*
 * irq-in-service: the control page's irq-in-service knob queues a GuC
 * NOTIFY with payload N at the host's next non-zero read of GT_INTR_DW0,
 * i.e. while the driver services another interrupt (here the sample's
 * G2H). That event must still be delivered: the knob reads 0 once it
 * fired and debugfs guc shows N as the last NOTIFY payload.
 */
static void test_irq_in_service(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	const uint32_t n = 0x5a000000u | ((uint32_t)getpid() & 0xffffff);
	static char text[8192];
	struct oa_capture c;
	struct oa_open o;
	uint64_t deadline, got = 0;
	int fd;

	oa_require_vgpu(&dev);
	igt_require_f(oa_debugfs_guc(&dev, text, sizeof(text)),
		      "no debugfs guc file next to %s\n", oa_stats_path(&dev));
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	vgpu_write(&dev, VGPU_IRQ_IN_SERVICE, n);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_IRQ_IN_SERVICE), n);
	sample_and_check_via(fd, &c, true);
	deadline = oa_now_ns() + 2000000000ull;
	while (oa_now_ns() < deadline) {
		if (!vgpu_read(&dev, VGPU_IRQ_IN_SERVICE) &&
		    oa_debugfs_guc(&dev, text, sizeof(text)) &&
		    guc_last_notify(text, &got) && got == n)
			break;
		oa_sleep_ms(5);
	}
	close(fd);
	igt_assert_f(!vgpu_read(&dev, VGPU_IRQ_IN_SERVICE),
		     "irq-in-service still %#x: the host read no non-zero GT_INTR_DW0",
		     vgpu_read(&dev, VGPU_IRQ_IN_SERVICE));
	igt_assert_f(got == n, "debugfs guc last NOTIFY payload %#llx, expected %#x:\n%s",
		     (unsigned long long)got, n, text);
	igt_info("NOTIFY %#x raised during interrupt service was delivered\n", n);
	oa_capture_fini(&c);
}

/*
 * guc-ftrace: a stream's first sample traces intel_oa_doorbell_arm, an
 * intel_oa_guc_h2g of ALLOCATE_DOORBELL (action 0x10) with result 0,
 * intel_oa_doorbell_ring with the marker as cookie and intel_oa_guc_g2h
 * of OA_SAMPLE_DONE (0x5001) whose dw1 is the marker; closing the stream
 * traces intel_oa_doorbell_disarm.
 */
static bool field_value(const char *line, const char *field, uint64_t *val)
{
	char key[32];
	const char *p;

	snprintf(key, sizeof(key), "%s=", field);
	p = strstr(line, key);
	if (!p)
		return false;
	*val = strtoull(p + strlen(key), NULL, 0);
	return true;
}

/* Lines of @event with @field == @val (and @field2 == @val2 if given). */
static unsigned int trace_matches(const char *event, const char *field,
				  uint64_t val, const char *field2,
				  uint64_t val2)
{
	char needle[96], *line = NULL;
	unsigned int n = 0;
	size_t cap = 0;
	FILE *f;

	snprintf(needle, sizeof(needle), " %s:", event);
	f = fopen("/sys/kernel/tracing/trace", "r");
	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0) {
		uint64_t v;

		if (line[0] == '#' || !strstr(line, needle))
			continue;
		if (field && (!field_value(line, field, &v) || v != val))
			continue;
		if (field2 && (!field_value(line, field2, &v) || v != val2))
			continue;
		n++;
	}
	free(line);
	fclose(f);
	return n;
}

static void test_guc_ftrace(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	struct oa_capture c;
	struct oa_open o;
	uint32_t marker;
	int fd;

	oa_require_vgpu(&dev);
	if (access("/sys/kernel/tracing/trace", R_OK) &&
	    mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL))
		igt_debug("mount tracefs: %s\n", strerror(errno));
	igt_require_f(oa_trace_start(), "no intel_oa events under /sys/kernel/tracing\n");
	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	marker = sample_and_check_via(fd, &c, true);
	close(fd);
	igt_info("trace: %u doorbell_arm, %u h2g ALLOCATE result=0, %u doorbell_ring cookie=%#x, %u g2h OA_SAMPLE_DONE dw1=%#x, %u doorbell_disarm, %u guc_timeout\n",
		 trace_matches("intel_oa_doorbell_arm", NULL, 0, NULL, 0),
		 trace_matches("intel_oa_guc_h2g", "action", GUC_ACTION_ALLOCATE_DOORBELL,
			       "result", 0),
		 trace_matches("intel_oa_doorbell_ring", "cookie", marker, NULL, 0), marker,
		 trace_matches("intel_oa_guc_g2h", "action", GUC_ACTION_OA_SAMPLE_DONE,
			       "dw1", marker), marker,
		 trace_matches("intel_oa_doorbell_disarm", NULL, 0, NULL, 0),
		 trace_matches("intel_oa_guc_timeout", NULL, 0, NULL, 0));
	igt_assert_eq(trace_matches("intel_oa_doorbell_arm", NULL, 0, NULL, 0), 1);
	igt_assert_eq(trace_matches("intel_oa_guc_h2g", "action",
				    GUC_ACTION_ALLOCATE_DOORBELL, "result", 0), 1);
	igt_assert_eq(trace_matches("intel_oa_doorbell_ring", "cookie", marker, NULL, 0), 1);
	igt_assert_eq(trace_matches("intel_oa_guc_g2h", "action",
				    GUC_ACTION_OA_SAMPLE_DONE, "dw1", marker), 1);
	igt_assert_eq(trace_matches("intel_oa_doorbell_disarm", NULL, 0, NULL, 0), 1);
	igt_assert_eq(trace_matches("intel_oa_guc_timeout", NULL, 0, NULL, 0), 0);
	oa_capture_fini(&c);
}

/*
 * mmio-trigger-host: root maps BAR0 and writes OAG_MMIOTRIGGER itself
 * (with the stream open the driver holds the GT forcewake, so the access
 * is legal): one report at once with reason bit 25, SourceID 1 (CPU) and
 * CTX_ID = the written value; a write while the stream is disabled writes
 * nothing. Skips where BAR0 cannot be mapped from userspace.
 */
static void test_mmio_trigger_host(void)
{
	const struct oa_format *f = oa_platform_smallest_format(dev.plat);
	const uint32_t value = 0x7e57001u, idle_value = 0x7e57002u;
	volatile uint32_t *mmio;
	struct oa_capture c;
	struct oa_open o;
	char path[PATH_MAX], why[256];
	unsigned int count;
	uint64_t T;
	size_t at;
	int fd, bar;

	oa_require_vgpu(&dev);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource0", dev.bdf);
	bar = open(path, O_RDWR | O_SYNC);
	igt_require_f(bar >= 0, "cannot open %s: %s\n", path, strerror(errno));
	mmio = mmap(NULL, 0x10000, PROT_READ | PROT_WRITE, MAP_SHARED, bar, 0);
	close(bar);
	igt_require_f(mmio != MAP_FAILED, "cannot map BAR0 (%s): %s\n", path,
		      strerror(errno));

	fd = open_sample_stream(f, &o, 0);
	oa_capture_init(&c, f, &o);
	mmio[OAG_MMIOTRIGGER / 4] = value;
	oa_capture_drain(fd, &c);
	at = find_trigger(&c, value, 0, &count);
	if (at == SIZE_MAX) {
		oa_capture_until(fd, &c, c.n + 1, 1000);
		at = find_trigger(&c, value, 0, &count);
	}
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
	bar = open(path, O_RDWR | O_SYNC);
	igt_assert(bar >= 0);
	mmio = mmap(NULL, 0x10000, PROT_READ | PROT_WRITE, MAP_SHARED, bar, 0);
	close(bar);
	igt_assert(mmio != MAP_FAILED);
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
	static bool guc, other;
	static size_t i;

	p = listing_platform();
	/* no device (e.g. listing on the host): list both sets */
	guc = !p || p->guc;
	other = !p || !p->guc;

	igt_fixture
		oa_dev_open(&dev);

	if (other) {
		igt_describe("Without the OA unit's MMIO trigger (before Gen12.5) the on-demand sample ioctl is ENODEV.");
		igt_subtest("sample-enodev")
			test_sample_enodev();
	}
	if (!guc)
		goto out;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];

		/* the formats a Gen12.5 stream can carry (12 and 43) */
		if (!(f->families & OA_FAM_XEHP) ||
		    (f->uapi_id != OA_FMT_A24u40_A14u32_B8_C8 &&
		     f->uapi_id != OA_FMT_A38u64_B8_C8))
			continue;
		igt_describe("On-demand samples through OAG_MMIOTRIGGER: report readable at once, reason bit 25, SourceID 1, CTX_ID = marker, timestamp and every counter right; the GuC takes no part.");
		igt_subtest_f("sample-ioctl-%s", oa_subtest_suffix(f->name))
			test_sample_via(f, false);
		igt_describe("The same through a GuC doorbell (debugfs guc_doorbell_sample): SourceID 0, the GuC's counters move.");
		igt_subtest_f("doorbell-sample-%s", oa_subtest_suffix(f->name))
			test_sample_via(f, true);
	}
	igt_describe("Sample latency from the ioctl to the report read, min/median/max over 200 samples (printed).");
	igt_subtest("sample-latency")
		test_sample_latency();
	igt_describe("Sample ioctl errnos: EINVAL flags, EIO disabled, EFAULT pointers.");
	igt_subtest("sample-errnos")
		test_sample_errnos();
	igt_describe("With the GuC hung a doorbell sample is ETIMEDOUT after ~50 ms and arming a doorbell over the H2G CT buffer after ~1 s; the stream samples again once it recovers.");
	igt_subtest("sample-guc-hang")
		test_sample_guc_hang();
	igt_describe("Failed doorbell samples with the GuC hung log no more than the rate limit's 10 lines (and a suppressed-callbacks line) per 5 s however often they are retried.");
	igt_subtest("sample-hang-log-ratelimited")
		test_sample_hang_log();
	igt_describe("Malformed GuC replies fail doorbell samples with EIO at once, rate-limited; the stream samples after.");
	igt_subtest("sample-guc-garbage")
		test_sample_guc_garbage();
	igt_describe("A GuC that answers H2G CT requests late: 300 ms late a doorbell sample waits and succeeds; 1500 ms late it is ETIMEDOUT after 1 s, the next waits behind the owed request and gets its own response, the late one is discarded.");
	igt_subtest("sample-guc-late")
		test_sample_guc_late();

	igt_describe("debugfs guc lists the stream's doorbell after a sample and none after close.");
	igt_subtest("doorbell-debugfs")
		test_doorbell_debugfs();
	igt_describe("Doorbell actions go over the H2G CT buffer under fences and their responses come back through the G2H buffer.");
	igt_subtest("ct-exchange")
		test_ct_exchange();
	igt_describe("A GuC NOTIFY raised while the host services an interrupt is delivered.");
	igt_subtest("irq-in-service")
		test_irq_in_service();
	igt_describe("A doorbell sample traces doorbell arm, H2G ALLOCATE_DOORBELL, doorbell ring and G2H OA_SAMPLE_DONE with the marker; close traces disarm.");
	igt_subtest("guc-ftrace")
		test_guc_ftrace();
	igt_describe("A CPU write of OAG_MMIOTRIGGER writes one report with SourceID 1 and CTX_ID = the value; none while disabled.");
	igt_subtest("mmio-trigger-host")
		test_mmio_trigger_host();
	igt_describe("The OA half-full interrupt is routed to the host, not consumed by the GuC.");
	igt_subtest("oa-irq-routed-to-host")
		test_oa_irq_routed();
out:
	igt_fixture
		oa_dev_close(&dev);
}
