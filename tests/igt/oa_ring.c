// SPDX-License-Identifier: MIT
/*
 * oa_ring: the stream ring the half-full interrupt drains into (driver.rst
 * "draining", "stream ring"): mmap() of it and its errors, read() and the
 * mapping seeing the same records, a reader that stalls (only what did
 * not fit is lost, counted, where it was lost), draining by the interrupt
 * alone, the default OA buffer size, and WAIT_NUM_REPORTS wake-ups.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

#define RING_MIN	(128u << 10)
#define RING_DEFAULT	(16u << 20)

static const struct oa_format *fmt256(void)
{
	/* Gen6/7 lack it: their first format there */
	return oa_platform_format(dev.plat, I915_OA_FORMAT_A32u40_A4u32_B8_C8);
}

static size_t record_size(const struct oa_format *f)
{
	return OA_RECORD_HEADER_BYTES + f->size;
}

/*
 * The default OA buffer size, computed from the documented rule: the
 * power of two that half fills in about 50 ms at the sampling rate,
 * clamped to the generation's limits.
 */
static uint64_t default_buffer_bytes(const struct oa_format *f, unsigned int e)
{
	uint64_t want = 2ull * f->size * 50000000ull / oa_exponent_ns(&dev, e);
	uint64_t size = oa_platform_buffer_min(dev.plat);

	while (size < want && size < dev.plat->oa_buffer_bytes)
		size <<= 1;
	return size;
}

struct ring_map {
	struct intel_oa_mmap_page *ctl;
	const uint8_t *data;
	uint64_t size;
};

static void map_ring(int fd, struct ring_map *m)
{
	m->ctl = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	igt_assert_f(m->ctl != MAP_FAILED, "mmap of the control page: %s", strerror(errno));
	igt_assert_eq(m->ctl->version, 1);
	igt_assert_lte(sizeof(*m->ctl), m->ctl->header_size);
	igt_assert_eq_u64(m->ctl->data_offset, 4096);
	m->size = m->ctl->data_size;
	m->data = mmap(NULL, 2 * m->size, PROT_READ, MAP_SHARED, fd, m->ctl->data_offset);
	igt_assert_f(m->data != MAP_FAILED, "mmap of the ring: %s", strerror(errno));
}

static void unmap_ring(struct ring_map *m)
{
	munmap((void *)m->data, 2 * m->size);
	munmap(m->ctl, 4096);
}

static uint64_t ring_head(const struct ring_map *m)
{
	return __atomic_load_n(&m->ctl->data_head, __ATOMIC_ACQUIRE);
}

/*
 * mmap-matches-read: while reports accumulate, a snapshot of the mapped
 * records from data_tail to data_head is byte for byte the start of what
 * read() returns next, read() moves data_tail by exactly what it returned,
 * the data pages appear twice in a row, and the reports are right.
 */
static void test_mmap_matches_read(void)
{
	const struct oa_format *f = fmt256();
	const unsigned int e = 13;
	size_t len = 1 << 20;
	uint8_t *snap = malloc(len), *buf = malloc(len);
	struct oa_capture c;
	struct ring_map m;
	struct oa_open o;
	unsigned int round, i;
	int fd;

	igt_assert(snap && buf);
	oa_open_periodic(&dev, &o, f, e);
	oa_ring_stream(&o);
	o.flags |= I915_PERF_FLAG_FD_NONBLOCK;
	fd = oa_open(dev.drm_fd, &o);
	map_ring(fd, &m);
	igt_assert_eq_u64(m.size, RING_DEFAULT);
	igt_assert_eq(m.ctl->record_size, record_size(f));
	oa_capture_init(&c, f, &o);

	for (round = 0; round < 6; round++) {
		uint64_t head, tail;
		ssize_t r;

		oa_sleep_ms(60);
		head = ring_head(&m);
		tail = m.ctl->data_tail;
		igt_assert_lte_u64(head - tail, len);
		memcpy(snap, m.data + (tail & (m.size - 1)), head - tail);
		r = read(fd, buf, len);
		igt_assert_f(r > 0 && (uint64_t)r >= head - tail,
			     "read() returned %zd, the mapping had %" PRIu64 " bytes", r, head - tail);
		igt_assert_f(!memcmp(snap, buf, head - tail),
			     "round %u: the mapped records differ from what read() returned", round);
		igt_assert_eq_u64(m.ctl->data_tail, tail + r);
		oa_capture_parse(&c, buf, r);
	}
	/* Double mapping: page i and page i + size/4096 are one page. */
	for (i = 0; i < m.size; i += 1 << 20)
		igt_assert(!memcmp(m.data + i, m.data + m.size + i, 4096));

	unmap_ring(&m);
	close(fd);
	igt_info("%zu reports, compared in 6 rounds\n", c.n);
	igt_assert_lte(32, c.n);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost + c.n_lost, 0);
	oa_assert_reports(&dev, &c, e, 0);
	oa_capture_fini(&c);
	free(snap);
	free(buf);
}

/*
 * mmap-reader: a reader that only polls and consumes through the mapping
 * of a 128 KiB ring (records wrap around its end many times, each read as
 * one piece) gets every report, consecutive and right; poll() sleeps once
 * it consumed everything. The period (the longest up to 700 us: 682 us on
 * skl, 426 us on tgl and dg2) leaves the reader at least 200 ms to come
 * back before the ring is full: at 107 us (exponent 11 on dg2) it was
 * 53 ms, and a debug-kernel guest sharing the host's CPUs once lost two
 * reports.
 */
static void test_mmap_reader(void)
{
	const struct oa_format *f = fmt256();
	const unsigned int e = oa_exponent_for_ns(&dev, 700000);
	size_t want = 6 * RING_MIN / record_size(f);
	uint64_t deadline;
	struct oa_capture c;
	struct ring_map m;
	struct oa_open o;
	unsigned int wakeups = 0;
	int fd;

	oa_open_periodic(&dev, &o, f, e);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, RING_MIN);
	fd = oa_open(dev.drm_fd, &o);
	map_ring(fd, &m);
	igt_assert_eq_u64(m.size, RING_MIN);
	oa_capture_init(&c, f, &o);
	deadline = oa_now_ns() + 20000000000ull;
	while (c.n < want && oa_now_ns() < deadline) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		uint64_t head, tail;

		igt_assert_lte(0, poll(&pfd, 1, 1000));
		if (!(pfd.revents & POLLIN))
			continue;
		wakeups++;
		head = ring_head(&m);
		tail = m.ctl->data_tail;
		igt_assert_lte_u64(head - tail, m.size);
		oa_capture_parse(&c, m.data + (tail & (m.size - 1)), head - tail);
		__atomic_store_n(&m.ctl->data_tail, head, __ATOMIC_RELEASE);
	}
	/* Everything consumed: poll() now waits for the next drain. */
	{
		struct pollfd pfd = { .fd = fd, .events = POLLIN };

		__atomic_store_n(&m.ctl->data_tail, ring_head(&m), __ATOMIC_RELEASE);
		igt_assert_lte(0, poll(&pfd, 1, 0));
		igt_assert_f(!(pfd.revents & POLLIN) || ring_head(&m) != m.ctl->data_tail,
			     "POLLIN with nothing left in the ring");
	}
	unmap_ring(&m);
	close(fd);
	igt_info("%zu reports through the mapping in %u wake-ups\n", c.n, wakeups);
	igt_assert_lte(want, c.n);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost + c.n_lost, 0);
	oa_assert_reports(&dev, &c, e, 0);
	oa_capture_fini(&c);
}

static void expect_mmap_err(int fd, size_t len, int prot, int flags, off_t off, int err,
			    const char *what)
{
	void *p = mmap(NULL, len, prot, flags, fd, off);

	igt_assert_f(p == MAP_FAILED, "%s: mmap succeeded", what);
	igt_assert_f(errno == err, "%s: errno %d (%s), expected %d (%s)", what, errno,
		     strerror(errno), err, strerror(err));
}

/*
 * mmap-invalid: a private mapping (EINVAL), a writable ring (EPERM), a
 * control page longer than a page (EINVAL), a ring longer than twice its
 * size (EINVAL), an offset that is neither mapping (EINVAL); mprotect()
 * cannot make the ring writable (EACCES); a stream opened without an
 * intel_oa property, an i915 stream, cannot be mapped at all (ENODEV).
 */
static void test_mmap_invalid(void)
{
	const struct oa_format *f = fmt256();
	struct ring_map m;
	struct oa_open o;
	int fd;

	oa_open_periodic(&dev, &o, f, 16);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, RING_MIN);
	fd = oa_open(dev.drm_fd, &o);
	expect_mmap_err(fd, 4096, PROT_READ, MAP_PRIVATE, 0, EINVAL, "private control page");
	expect_mmap_err(fd, RING_MIN, PROT_READ, MAP_PRIVATE, 4096, EINVAL, "private ring");
	expect_mmap_err(fd, RING_MIN, PROT_READ | PROT_WRITE, MAP_SHARED, 4096, EPERM,
			"writable ring");
	expect_mmap_err(fd, 8192, PROT_READ, MAP_SHARED, 0, EINVAL, "two-page control page");
	expect_mmap_err(fd, 2 * RING_MIN + 4096, PROT_READ, MAP_SHARED, 4096, EINVAL,
			"ring mapping longer than twice the ring");
	expect_mmap_err(fd, 4096, PROT_READ, MAP_SHARED, 8192, EINVAL, "offset 8192");
	map_ring(fd, &m);
	igt_assert(mprotect((void *)m.data, 4096, PROT_READ | PROT_WRITE) == -1);
	igt_assert_eq(errno, EACCES);
	unmap_ring(&m);
	close(fd);

	/* An i915 stream (no intel_oa property) has no mmap(), as on i915. */
	oa_open_periodic(&dev, &o, f, 16);
	fd = oa_open(dev.drm_fd, &o);
	expect_mmap_err(fd, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, 0, ENODEV,
			"control page of an i915 stream");
	expect_mmap_err(fd, RING_MIN, PROT_READ, MAP_SHARED, 4096, ENODEV,
			"ring of an i915 stream");
	close(fd);
}

/*
 * ring-overflow, ring-overflow-counted: a reader that stalls while twice
 * what a 128 KiB ring holds falls due (1.4 s on Gen9) loses only the reports
 * that did not fit: every report before the gap arrives (the first ones
 * included), consecutive; one lost record stands where the gap is (i915's
 * REPORT_LOST, or with LOST_RECORDS an intel_oa lost record, RING_FULL,
 * whose count equals the due reports missing there; debugfs ring_dropped
 * counts at least those); no BUFFER_LOST, the unit is never restarted, and the
 * stream goes on.
 */
static void test_ring_overflow(bool counted)
{
	const struct oa_format *f = fmt256();
	const unsigned int e = 13;
	uint64_t missing = 0, dropped = 0, buffer_lost = 0;
	size_t gap_at = SIZE_MAX, i;
	struct oa_capture c;
	struct oa_open o;
	char why[256];
	int fd;

	oa_open_periodic(&dev, &o, f, e);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, RING_MIN);
	if (counted)
		oa_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, 1);
	fd = oa_open(dev.drm_fd, &o);
	/* Twice what the ring holds falls due meanwhile. */
	oa_sleep_ms(2 * (RING_MIN / record_size(f)) * oa_exponent_ns(&dev, e) / 1000000);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, RING_MIN / record_size(f) + 64, 10000);
	oa_stats_get(&dev, "ring_dropped", &dropped);
	oa_stats_get(&dev, "buffer_lost", &buffer_lost);
	close(fd);

	for (i = 0; i < c.n; i++) {
		uint64_t T = oa_capture_ts(&c, i), n;

		igt_assert_f(oa_report_check(dev.plat, f, &dev.wl, oa_capture_report(&c, i), T, e,
					     why, sizeof(why)), "report %zu: %s", i, why);
		if (!i)
			continue;
		n = oa_reports_between(dev.plat, oa_capture_ts(&c, i - 1), T, e) - 1;
		if (n) {
			igt_assert_f(gap_at == SIZE_MAX, "a second gap at report %zu", i);
			gap_at = i;
			missing = n;
		}
	}
	igt_info("%zu reports, gap of %" PRIu64 " after report %zu, lost record after %zu, %s %" PRIu64 ", debugfs ring_dropped %" PRIu64 "\n",
		 c.n, missing, gap_at, c.first_lost_at, counted ? "count" : "REPORT_LOST records",
		 counted ? c.lost_count : c.n_report_lost, dropped);
	igt_assert_f(gap_at != SIZE_MAX, "no gap: the ring never filled");
	/* Everything the ring held was kept, from the first report on. */
	igt_assert_lte(RING_MIN / record_size(f) - 2, gap_at);
	igt_assert_eq(c.first_lost_at, gap_at);
	igt_assert_eq(c.n_buffer_lost, 0);
	igt_assert_eq(buffer_lost, 0);
	igt_assert_f(c.n >= gap_at + 64, "only %zu reports after the gap", c.n - gap_at);
	if (counted) {
		igt_assert_eq(c.n_lost, 1);
		igt_assert_eq(c.n_report_lost, 0);
		igt_assert_eq(c.last_lost_reason, INTEL_OA_LOST_RING_FULL);
		igt_assert_eq_u64(c.lost_count, missing);
	} else {
		igt_assert_eq(c.n_report_lost, 1);
		igt_assert_eq(c.n_lost, 0);
	}
	/*
	 * debugfs counts every drop of the stream so far: this gap's, and
	 * those since the capture's last read if the stream refilled the
	 * ring before the counter was read (a debug kernel on dg2-g10 is
	 * that slow: 617 against this gap's 507). The gap's own count is the
	 * lost record's, checked exactly above.
	 */
	if (dropped)
		igt_assert_lte(missing, dropped);
	oa_capture_fini(&c);
}

/*
 * losses-while-ring-full: every loss is counted once, with its kind and
 * count, also while the ring has no room for its record (intel_oa_ring.c,
 * "stream ring"). A ring stream (128 KiB ring, LOST_RECORDS) is left
 * unread until twice what the ring holds fell due; then, the ring still
 * full, the unit drops 3 reports (report-lost status) and overflows. Once
 * read: one OA_BUFFER_LOST; the report-lost status as the platform's bit
 * gives it (INTEL_OA_LOST_UNIT records: at least one where the bit works
 * per event, exactly one where it latches, none on Valleyview); the
 * reports dropped for want of room as INTEL_OA_LOST_RING_FULL records
 * whose counts add up to debugfs ring_dropped exactly (the overflow and the
 * status event are not counted as dropped reports); no i915 REPORT_LOST.
 */
static void test_losses_while_ring_full(void)
{
	const struct oa_format *f = fmt256();
	const unsigned int e = 13;
	const enum oa_report_lost rl = dev.plat->report_lost;
	uint64_t dropped = 0, buffer_lost = 0;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_open_periodic(&dev, &o, f, e);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, RING_MIN);
	oa_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, 1);
	fd = oa_open(dev.drm_fd, &o);
	oa_sleep_ms(2 * (RING_MIN / record_size(f)) * oa_exponent_ns(&dev, e) / 1000000);
	vgpu_write(&dev, VGPU_DROP_REPORTS, 3);
	oa_sleep_ms(100);
	vgpu_write(&dev, VGPU_FORCE_OVERFLOW, 1);
	oa_sleep_ms(100);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, RING_MIN / record_size(f) + 64, 10000);
	oa_stats_get(&dev, "ring_dropped", &dropped);
	oa_stats_get(&dev, "buffer_lost", &buffer_lost);
	close(fd);

	igt_info("%zu reports; lost records: unit %zu, ring-full %zu (count %" PRIu64 "), write %zu; BUFFER_LOST %zu; debugfs ring_dropped %" PRIu64 ", buffer_lost %" PRIu64 "\n",
		 c.n, c.n_lost_by[INTEL_OA_LOST_UNIT], c.n_lost_by[INTEL_OA_LOST_RING_FULL],
		 c.lost_count_by[INTEL_OA_LOST_RING_FULL], c.n_lost_by[INTEL_OA_LOST_WRITE],
		 c.n_buffer_lost, dropped, buffer_lost);
	igt_assert_eq(c.n_buffer_lost, 1);
	igt_assert_eq_u64(buffer_lost, 1);
	igt_assert_eq(c.n_report_lost, 0);
	igt_assert_eq(c.n_lost_by[INTEL_OA_LOST_WRITE], 0);
	switch (rl) {
	case OA_RL_PER_STATUS:
		igt_assert_lte(1, c.n_lost_by[INTEL_OA_LOST_UNIT]);
		igt_assert_lte(c.n_lost_by[INTEL_OA_LOST_UNIT], 3);
		break;
	case OA_RL_ONCE:
		igt_assert_eq(c.n_lost_by[INTEL_OA_LOST_UNIT], 1);
		break;
	case OA_RL_NONE:
		igt_assert_eq(c.n_lost_by[INTEL_OA_LOST_UNIT], 0);
		break;
	}
	igt_assert_lte(1, c.n_lost_by[INTEL_OA_LOST_RING_FULL]);
	igt_assert_eq_u64(c.lost_count_by[INTEL_OA_LOST_RING_FULL], dropped);
	oa_capture_fini(&c);
}

/*
 * irq-drain: with the hrtimer out of the way (a 60 s poll period), the
 * half-full interrupt alone drains: over 1.5 s, every report due between
 * the first one and the final (draining) read arrives, consecutive and
 * right;
 * the device raised half-full interrupts and the driver drained on them
 * and never on the timer. The first blocking read returns within twice
 * the time the default buffer takes to half fill (timed from the end of
 * the open, during which the unit starts). Sandy Bridge has no OA
 * interrupt (the PRM documents none): there the 5 ms timer drains and no
 * interrupt is counted anywhere.
 */
static void test_irq_drain(void)
{
	const struct oa_format *f = fmt256();
	const bool has_irq = dev.plat->irq != OA_IRQ_NONE;
	unsigned int e = oa_exponent_for_ns(&dev, 1000000);
	uint64_t half_fill_ns, first_ns, t0, t_open, ts_end, ts_after, due, due_max, irqs0, irqs1;
	uint64_t irq_drains = 0, timer_drains = 0;
	size_t len = 4 << 20;
	uint8_t *buf = malloc(len);
	struct oa_capture c;
	struct oa_open o;
	ssize_t r;
	int fd;

	igt_assert(buf);
	half_fill_ns = default_buffer_bytes(f, e) / 2 / f->size * oa_exponent_ns(&dev, e);
	irqs0 = vgpu_read(&dev, VGPU_HALF_FULL_IRQS);
	oa_open_periodic(&dev, &o, f, e);
	oa_ring_stream(&o);
	if (has_irq)
		oa_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 60000000000ull);
	t0 = oa_now_ns();
	fd = oa_open(dev.drm_fd, &o);
	/*
	 * The unit starts during the open, so the first interrupt falls due
	 * half a buffer after a moment before the open returns: time the
	 * first read from there. The open itself is not what is bounded (a
	 * debug kernel takes 0.5 s over it: KASAN on the ring's pages).
	 */
	t_open = oa_now_ns();
	oa_capture_init(&c, f, &o);
	r = read(fd, buf, len);
	first_ns = oa_now_ns() - t_open;
	igt_assert_lt(0, r);
	oa_capture_parse(&c, buf, r);
	while (oa_now_ns() - t0 < 1500000000ull) {
		r = read(fd, buf, len);
		igt_assert_lt(0, r);
		oa_capture_parse(&c, buf, r);
	}
	/* The tail: everything due before the final read but the newest, none after. */
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &ts_end), 0);
	fcntl(fd, F_SETFL, O_NONBLOCK);
	oa_capture_drain(fd, &c);
	igt_assert_eq(oa_read_timestamp(dev.drm_fd, &ts_after), 0);
	oa_stats_get(&dev, "irq_drains", &irq_drains);
	oa_stats_get(&dev, "timer_drains", &timer_drains);
	irqs1 = vgpu_read(&dev, VGPU_HALF_FULL_IRQS);
	close(fd);

	/* Due from the first report (the unit starts during the open) on. */
	igt_assert_lt(0, c.n);
	due = 1 + oa_reports_between(dev.plat, oa_capture_ts(&c, 0), ts_end, e);
	due_max = 1 + oa_reports_between(dev.plat, oa_capture_ts(&c, 0), ts_after, e);
	igt_info("%s: exponent %u, default OA buffer %" PRIu64 " KiB (half full in %.3f s); open took %.3f s, first read %.3f s after it; %zu reports, %" PRIu64 " due; half-full irqs %" PRIu64 ", irq drains %" PRIu64 ", timer drains %" PRIu64 "\n",
		 dev.plat->name, e, default_buffer_bytes(f, e) >> 10, half_fill_ns / 1e9,
		 (t_open - t0) / 1e9, first_ns / 1e9, c.n, due, irqs1 - irqs0, irq_drains,
		 timer_drains);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost + c.n_lost, 0);
	oa_assert_reports(&dev, &c, e, 0);
	/*
	 * The newest report due may wait for the next one's header (driver.rst
	 * "Whole reports"), as from i915.
	 */
	igt_assert_f(c.n + 1 >= due && c.n <= due_max,
		     "%zu reports arrived, %" PRIu64 " were due before the final read (the newest may wait), %" PRIu64 " after it",
		     c.n, due, due_max);
	if (!has_irq) {
		igt_info("%s has no OA interrupt: the hrtimer drained\n", dev.plat->name);
		igt_assert_eq_u64(irqs1 - irqs0, 0);
		igt_assert_eq_u64(irq_drains, 0);
		free(buf);
		oa_capture_fini(&c);
		return;
	}
	igt_assert_f(first_ns < 2 * half_fill_ns + 100000000ull,
		     "first read %.3f s after the open: the half-full interrupt is not bounding it",
		     first_ns / 1e9);
	igt_assert_lt_u64(0, irqs1 - irqs0);
	igt_assert_lt_u64(0, irq_drains);
	igt_assert_eq_u64(timer_drains, 0);
	free(buf);
	oa_capture_fini(&c);
}

/*
 * wait-num-reports: at ~1 kHz with WAIT_NUM_REPORTS 200 (and so a 1 s
 * poll period, or on Sandy Bridge, whose timer is the only drain, half
 * the time its largest buffer takes to fill), every blocking read returns
 * at least 200 reports, readers wake at most once per 200 reports, and the
 * hrtimer fires about once per poll period; the reports are right and
 * none is lost.
 */
static void test_wait_num_reports(void)
{
	const struct oa_format *f = fmt256();
	const unsigned int e = oa_exponent_for_ns(&dev, 1000000);
	const unsigned int n = 200;
	size_t len = 4 << 20, before, fewest = SIZE_MAX;
	uint8_t *buf = malloc(len);
	uint64_t t0, elapsed, ticks = 0, wakeups = 0, poll_ns = 1000000000;
	unsigned int reads = 0;
	struct oa_capture c;
	struct oa_open o;
	int fd;

	igt_assert(buf);
	/*
	 * The default poll period: 1 s, or where the timer is the only
	 * drain, half the largest buffer's fill time (5 ms..1 s).
	 */
	if (dev.plat->irq == OA_IRQ_NONE) {
		poll_ns = dev.plat->oa_buffer_bytes / 2 / f->size * oa_exponent_ns(&dev, e);
		poll_ns = poll_ns < 5000000 ? 5000000 : poll_ns > 1000000000 ? 1000000000 : poll_ns;
	}
	oa_open_periodic(&dev, &o, f, e);
	oa_prop(&o, INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, n);
	t0 = oa_now_ns();
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	while (oa_now_ns() - t0 < 2000000000ull) {
		ssize_t r = read(fd, buf, len);

		igt_assert_lt(0, r);
		before = c.n;
		oa_capture_parse(&c, buf, r);
		if (c.n - before < fewest)
			fewest = c.n - before;
		reads++;
	}
	elapsed = oa_now_ns() - t0;
	oa_stats_get(&dev, "timer_ticks", &ticks);
	oa_stats_get(&dev, "wakeups", &wakeups);
	close(fd);
	igt_info("%u blocking reads in %.3f s (fewest reports in one: %zu), %zu reports; timer ticks %" PRIu64 ", wake-ups %" PRIu64 "\n",
		 reads, elapsed / 1e9, fewest, c.n, ticks, wakeups);
	igt_assert_lte(n, fewest);
	igt_assert_lte(reads, c.n / n + 1);
	igt_assert_lte_u64(ticks, elapsed / poll_ns + 1);
	igt_assert_eq(c.n_report_lost + c.n_buffer_lost + c.n_lost, 0);
	oa_assert_reports(&dev, &c, e, 0);
	oa_capture_fini(&c);
	free(buf);
}

igt_main
{
	igt_fixture {
		oa_dev_open(&dev);
		oa_require_vgpu(&dev);
	}

	igt_describe("The mapped records from data_tail to data_head are exactly what read() returns next; read() moves data_tail; the pages are mapped twice in a row.");
	igt_subtest("mmap-matches-read")
		test_mmap_matches_read();

	igt_describe("A reader that only polls and consumes through the mapping of a small ring gets every report, consecutive and right, across many wraps.");
	igt_subtest("mmap-reader")
		test_mmap_reader();

	igt_describe("mmap() of the stream: private EINVAL, writable ring EPERM, bad lengths and offsets EINVAL, mprotect to writable EACCES.");
	igt_subtest("mmap-invalid")
		test_mmap_invalid();

	igt_describe("A reader stalling for two ringfuls loses only what did not fit in the ring: one REPORT_LOST where the gap is, nothing before it, no BUFFER_LOST, no restart.");
	igt_subtest("ring-overflow")
		test_ring_overflow(false);

	igt_describe("As ring-overflow with LOST_RECORDS: one RING_FULL lost record whose count is exactly the due reports missing.");
	igt_subtest("ring-overflow-counted")
		test_ring_overflow(true);

	igt_describe("Losses while the ring is full: one BUFFER_LOST, the unit's report-lost as its records, ring-full counts equal to debugfs ring_dropped; none folded into another.");
	igt_subtest("losses-while-ring-full")
		test_losses_while_ring_full();

	igt_describe("With the hrtimer out of the way the half-full interrupt drains every report due (count = rate x time), first read bounded by the default buffer's half-fill time; SNB: no interrupt, the timer drains.");
	igt_subtest("irq-drain")
		test_irq_drain();

	igt_describe("WAIT_NUM_REPORTS: each blocking read returns at least N reports, at most one wake-up per N reports, about one timer tick per second.");
	igt_subtest("wait-num-reports")
		test_wait_num_reports();

	igt_fixture
		oa_dev_close(&dev);
}
