// SPDX-License-Identifier: MIT
/*
 * oa_lifetime: the lifetime of DRM and stream file descriptors relative to
 * each other and to the PCI device: closing them in either order, and
 * unbinding the device from intel_oa (as hot unplug does) while they are
 * open or while nothing is open, then binding it again.
 *
 * Expected behaviour after an unbind (Documentation/driver.rst, "PCI
 * remove"), following DRM's drm_dev_enter()/drm_dev_unplug() convention:
 * read() of the stream fails with EIO (the stream was disabled), stream
 * ioctls and DRM ioctls fail with ENODEV, closing the fds only frees
 * memory, and the kernel log shows no splat.
 *
 * Every subtest that unbinds installs a cleanup handler that closes its
 * fds and binds the device again, so a failure midway leaves the device
 * bound for the rest of the suite. The binary runs after every other test
 * except oa_prm (test-list.txt), since a rebind can move the card to a new
 * DRM minor.
 */
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "oa_test.h"

/* ~1.4 ms period: plenty of reports quickly, as oa_stream uses. */
#define EXP 14

static struct oa_dev dev;
static char bdf[32];

struct fds {
	int drm;
	int stream;
};

static const struct oa_format *fmt256(void)
{
	/* Gen6/7 lack it: their first format there */
	return oa_platform_format(dev.plat, I915_OA_FORMAT_A32u40_A4u32_B8_C8);
}

static void close_fds(void *data)
{
	struct fds *f = data;

	if (f->stream >= 0)
		close(f->stream);
	if (f->drm >= 0)
		close(f->drm);
	f->stream = -1;
	f->drm = -1;
}

static void rebind(void *data)
{
	(void)data;
	if (!oa_bind(bdf))
		fprintf(stderr, "WARNING: could not bind %s to intel_oa again; later tests will not find the device\n",
			bdf);
}

/* Open the device (again: its card may have moved after a rebind). */
static void open_dev(void)
{
	oa_dev_close(&dev);
	oa_dev_open(&dev);
	igt_require_f(dev.vgpu,
		      "virtual-GPU control page of %s not found: report contents cannot be checked without the intel-oa QEMU device\n",
		      dev.bdf);
	snprintf(bdf, sizeof(bdf), "%s", dev.bdf);
}

static int open_drm(void)
{
	char node[64];
	int fd;

	snprintf(node, sizeof(node), "/dev/dri/card%d", dev.card);
	fd = open(node, O_RDWR | O_CLOEXEC);
	igt_assert_f(fd >= 0, "cannot open %s: %s", node, strerror(errno));
	return fd;
}

static int getparam(int drm, int param, int *value)
{
	struct drm_i915_getparam gp = { .param = param, .value = value };

	return ioctl(drm, DRM_IOCTL_I915_GETPARAM, &gp);
}

/* GETPARAM(CHIPSET_ID) answers with the PCI id sysfs shows. */
static void assert_drm_works(int drm)
{
	int id = 0;

	igt_assert_f(getparam(drm, I915_PARAM_CHIPSET_ID, &id) == 0,
		     "GETPARAM(CHIPSET_ID) failed: %s", strerror(errno));
	igt_assert_eq(id, dev.devid);
}

/* Read @n more reports into @c and check all of them, from the first. */
static void read_and_check(int stream, struct oa_capture *c, size_t n)
{
	size_t want = c->n + n;

	oa_capture_until(stream, c, want, 5000);
	igt_assert_f(c->n >= want, "only %zu of %zu reports within 5 s", c->n, want);
	igt_assert_f(!c->n_report_lost && !c->n_buffer_lost,
		     "%zu report-lost and %zu buffer-lost records", c->n_report_lost,
		     c->n_buffer_lost);
	oa_assert_reports(&dev, c, EXP, 0);
}

/* A fresh stream on @drm delivers correct consecutive reports. */
static void assert_stream_works(int drm)
{
	struct oa_capture c;
	struct oa_open o;
	int fd;

	oa_open_periodic(&dev, &o, fmt256(), EXP);
	fd = oa_open(drm, &o);
	oa_capture_init(&c, fmt256(), &o);
	read_and_check(fd, &c, 16);
	close(fd);
	oa_capture_fini(&c);
}

/*
 * close-drm-before-stream / close-stream-before-drm: the stream keeps
 * delivering correct, consecutive reports after its DRM fd is closed;
 * closing the stream first leaves the DRM fd fully usable. Either way the
 * exclusive stream slot is free again afterwards.
 */
static void test_close_order(bool drm_first)
{
	struct fds f = { -1, -1 };
	struct oa_capture c;
	struct oa_open o;

	open_dev();
	igt_push_cleanup(close_fds, &f);
	f.drm = open_drm();
	oa_open_periodic(&dev, &o, fmt256(), EXP);
	f.stream = oa_open(f.drm, &o);
	oa_capture_init(&c, fmt256(), &o);
	read_and_check(f.stream, &c, 8);

	if (drm_first) {
		close(f.drm);
		f.drm = -1;
		/* Same capture: still consecutive across the close. */
		read_and_check(f.stream, &c, 32);
		close(f.stream);
		f.stream = -1;
	} else {
		close(f.stream);
		f.stream = -1;
		assert_drm_works(f.drm);
		assert_stream_works(f.drm);
		close(f.drm);
		f.drm = -1;
	}
	igt_info("%zu correct consecutive reports\n", c.n);
	oa_capture_fini(&c);

	/* The slot was released: a new stream on the suite's fd works. */
	assert_stream_works(dev.drm_fd);
}

/* The read() of a blocked reader thread, for unbind-with-blocked-reader. */
struct blocked_read {
	int fd;
	ssize_t ret;
	int err;
	uint64_t returned_ns;
};

static void *blocked_reader(void *data)
{
	struct blocked_read *b = data;
	static uint8_t buf[4096];

	b->ret = read(b->fd, buf, sizeof(buf));
	b->err = errno;
	__atomic_store_n(&b->returned_ns, oa_now_ns(), __ATOMIC_RELEASE);
	return NULL;
}

/*
 * After the unbind: the errnos of Documentation/driver.rst on @f and, if
 * @suite_fd_unplugged, on the suite's own DRM fd of the old device.
 */
static void assert_unplugged(const struct fds *f, bool suite_fd_unplugged)
{
	struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
	struct pollfd pfd = { .fd = f->stream, .events = POLLIN };
	uint8_t buf[4096];
	struct oa_open o;
	int id, ret;

	/* Ten poll periods: a timer left armed would have touched BAR0. */
	oa_sleep_ms(50);

	/* A blocking read must not block: the stream is disabled. */
	alarm(20);
	igt_assert_errno(read(f->stream, buf, sizeof(buf)), EIO);
	alarm(0);
	igt_assert_errno(ioctl(f->stream, I915_PERF_IOCTL_ENABLE, 0), ENODEV);
	igt_assert_errno(ioctl(f->stream, I915_PERF_IOCTL_DISABLE, 0), ENODEV);
	igt_assert_errno(ioctl(f->stream, I915_PERF_IOCTL_CONFIG, dev.metrics_set), ENODEV);
	/* The device is gone for good: poll() says so at once (HUP/ERR). */
	ret = poll(&pfd, 1, 5000);
	igt_assert_f(ret == 1, "poll() on the stream after the unbind returned %d (%s)",
		     ret, ret < 0 ? strerror(errno) : "timeout");
	igt_assert_f((pfd.revents & (POLLHUP | POLLERR)) == (POLLHUP | POLLERR),
		     "poll() after the unbind: revents %#x, expected POLLHUP|POLLERR",
		     pfd.revents);

	igt_assert_errno(getparam(f->drm, I915_PARAM_CHIPSET_ID, &id), ENODEV);
	igt_assert_errno(ioctl(f->drm, DRM_IOCTL_I915_REG_READ, &reg), ENODEV);
	oa_open_periodic(&dev, &o, fmt256(), EXP);
	igt_assert_eq(oa_try_open(f->drm, &o), -ENODEV);
	if (suite_fd_unplugged) {
		igt_assert_errno(getparam(dev.drm_fd, I915_PARAM_CHIPSET_ID, &id), ENODEV);
		igt_assert_eq(oa_try_open(dev.drm_fd, &o), -ENODEV);
	}
}

enum unbind_mode {
	CLOSE_STREAM_FIRST,	/* close stream, close DRM, bind */
	CLOSE_DRM_FIRST,	/* close DRM, close stream, bind */
	BIND_WITH_FDS_OPEN,	/* bind, check the new device, then close */
};

/*
 * One cycle: open a DRM fd and a stream, read correct reports, unbind,
 * check every errno, close/bind in the order of @mode, check the kernel
 * log, then a fresh open of the (re)bound device reads correct reports and
 * the device counted no PRM violation.
 */
static void unbind_cycle(enum unbind_mode mode)
{
	static struct fds f = { -1, -1 };
	uint32_t violations;
	struct oa_capture c;
	struct oa_kmsg k;
	struct oa_open o;
	int old_card;

	open_dev();
	violations = vgpu_read(&dev, VGPU_VIOLATIONS);
	old_card = dev.card;
	igt_push_cleanup(rebind, NULL);
	igt_push_cleanup(close_fds, &f);

	f.drm = open_drm();
	oa_open_periodic(&dev, &o, fmt256(), EXP);
	f.stream = oa_open(f.drm, &o);
	oa_capture_init(&c, fmt256(), &o);
	read_and_check(f.stream, &c, 16);
	oa_capture_fini(&c);

	oa_kmsg_begin(&k, "unbind with an open stream");
	oa_unbind(bdf);
	assert_unplugged(&f, true);

	switch (mode) {
	case CLOSE_STREAM_FIRST:
		close_fds(&f);
		break;
	case CLOSE_DRM_FIRST:
		close(f.drm);
		f.drm = -1;
		/* The stream outlives its DRM fd and the device. */
		igt_assert_errno(ioctl(f.stream, I915_PERF_IOCTL_ENABLE, 0), ENODEV);
		close_fds(&f);
		break;
	case BIND_WITH_FDS_OPEN:
		break;
	}
	/* Still-open fds (ours, the suite config's) keep the old minor. */
	if (mode != BIND_WITH_FDS_OPEN)
		oa_suite_config_release();
	igt_assert_f(oa_bind(bdf), "binding %s to intel_oa again failed", bdf);
	if (mode == BIND_WITH_FDS_OPEN) {
		int stale_drm = f.drm;

		/* The old fds still refer to the unplugged device... */
		f.drm = dup(stale_drm);
		open_dev();
		igt_info("card%d -> card%d with the old fds open\n", old_card, dev.card);
		/* The old minor lives until its last fd closes. */
		igt_assert_neq(dev.card, old_card);
		assert_unplugged(&f, false);
		close(f.drm);
		f.drm = stale_drm;
		/* ... while the new one streams; then close the old ones. */
		assert_stream_works(dev.drm_fd);
		close_fds(&f);
	} else {
		open_dev();
		igt_info("card%d -> card%d\n", old_card, dev.card);
	}
	igt_assert_eq(oa_kmsg_end(&k), 0);

	assert_drm_works(dev.drm_fd);
	assert_stream_works(dev.drm_fd);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_VIOLATIONS), violations);
}

/*
 * unbind-with-blocked-reader: a thread blocked in read() on a ring stream
 * with a ~5.6 s timer period and a 5 s poll period (so neither the timer nor
 * the context-switch reports every 2^20 ticks can wake it for 5 s) wakes
 * up with EIO when the device is unbound.
 */
static void test_unbind_blocked_reader(void)
{
	static struct fds f = { -1, -1 };
	struct blocked_read b = { .fd = -1 };
	uint64_t unbind_ns, waited;
	struct oa_kmsg k;
	struct oa_open o;
	pthread_t thr;

	open_dev();
	igt_push_cleanup(rebind, NULL);
	igt_push_cleanup(close_fds, &f);
	f.drm = open_drm();
	oa_open_periodic(&dev, &o, fmt256(), 25);
	/* A ring stream: an i915 stream's blocking read looks at the tail. */
	oa_ring_stream(&o);
	oa_prop(&o, DRM_I915_PERF_PROP_POLL_OA_PERIOD, 5000000000ull);
	f.stream = oa_open(f.drm, &o);
	b.fd = f.stream;
	igt_assert_eq(pthread_create(&thr, NULL, blocked_reader, &b), 0);
	oa_sleep_ms(300);
	igt_assert_f(!__atomic_load_n(&b.returned_ns, __ATOMIC_ACQUIRE),
		     "read() returned %zd (%s) long before the 5 s poll period", b.ret,
		     strerror(b.err));

	oa_kmsg_begin(&k, "unbind with a blocked reader");
	unbind_ns = oa_now_ns();
	oa_unbind(bdf);
	while (!__atomic_load_n(&b.returned_ns, __ATOMIC_ACQUIRE) &&
	       oa_now_ns() - unbind_ns < 3000000000ull)
		oa_sleep_ms(10);
	igt_assert_f(__atomic_load_n(&b.returned_ns, __ATOMIC_ACQUIRE),
		     "the blocked read() still sleeps 3 s after the unbind");
	pthread_join(thr, NULL);
	waited = b.returned_ns - unbind_ns;
	igt_info("blocked read returned %zd (%s) %.3f s after the unbind started\n",
		 b.ret, b.ret < 0 ? strerror(b.err) : "data", waited / 1e9);
	igt_assert_f(b.ret == -1 && b.err == EIO,
		     "blocked read() returned %zd errno %s, expected EIO", b.ret,
		     strerror(b.err));
	close_fds(&f);
	oa_suite_config_release();
	igt_assert_f(oa_bind(bdf), "binding %s to intel_oa again failed", bdf);
	open_dev();
	igt_assert_eq(oa_kmsg_end(&k), 0);
	assert_stream_works(dev.drm_fd);
}

/*
 * A reinserted device counts PRM violations from 0, and oa_prm compares the
 * count with the ledger of violations provoked on purpose: check the old
 * device's count against the ledger now (the driver broke no rule up to
 * here), then start the ledger afresh for the new device.
 */
static void ledger_restart(uint32_t counted)
{
	FILE *f = fopen(OA_EXPECTED_VIOLATIONS_FILE, "r");
	unsigned int lines = 0;
	int ch;

	igt_assert_f(f || errno == ENOENT, "cannot read %s: %s", OA_EXPECTED_VIOLATIONS_FILE,
		     strerror(errno));
	while (f && (ch = fgetc(f)) != EOF)
		lines += ch == '\n';
	if (f)
		fclose(f);
	igt_assert_f(counted == lines,
		     "the removed device counted %u PRM violation(s), subtests provoked %u on purpose",
		     counted, lines);
	igt_assert_f(unlink(OA_EXPECTED_VIOLATIONS_FILE) == 0 || errno == ENOENT,
		     "cannot remove %s: %s", OA_EXPECTED_VIOLATIONS_FILE, strerror(errno));
}

/* The device left the bus and must be removed and found again. */
static bool removal_pending;

static void reinsert(void *data)
{
	(void)data;
	if (!removal_pending)
		return;
	if (dev.vgpu)
		vgpu_write(&dev, VGPU_SURPRISE_REMOVAL, 0);
	oa_dev_close(&dev);
	oa_suite_config_release();
	if (oa_pci_remove_rescan(bdf))
		removal_pending = false;
	else
		fprintf(stderr, "WARNING: %s did not come back after a PCI rescan; later tests will not find the device\n",
			bdf);
}

/*
 * surprise-removal: with a stream running, the GPU leaves the bus without
 * warning (control page surprise-removal: BAR0 and configuration space
 * read all-ones, no DMA, no interrupt). Documentation/driver.rst
 * "surprise removal": the driver notices at its next register read, logs
 * it once, and ends the stream cleanly. Every report due before the
 * removal is still read, consecutive and right, with no loss record
 * (poll() says POLLIN|POLLHUP meanwhile); then read() is EIO and poll()
 * POLLHUP|POLLERR; stream ioctls,
 * REG_READ and PERF_OPEN are ENODEV, all at once, not after a timeout;
 * closing the fds and removing the PCI device leave no splat. Clearing
 * the knob inserts a new device, which a PCI rescan probes and which
 * streams correct reports.
 */
static void test_surprise_removal(void)
{
	static struct fds f = { -1, -1 };
	struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
	struct pollfd pfd = { .events = POLLIN };
	uint64_t T_before, T_last, t0, ms;
	unsigned int lines = 0;
	static uint8_t buf[65536];
	struct oa_capture c;
	struct oa_kmsg k;
	struct oa_open o;
	size_t before;
	ssize_t r;
	int ret;

	open_dev();
	igt_require_f(vgpu_read(&dev, VGPU_VERSION) >= 5,
		      "the virtual GPU's control page has no surprise-removal (version < 5)\n");
	igt_push_cleanup(reinsert, NULL);
	igt_push_cleanup(close_fds, &f);

	f.drm = open_drm();
	oa_open_periodic(&dev, &o, fmt256(), EXP);
	f.stream = oa_open(f.drm, &o);
	oa_capture_init(&c, fmt256(), &o);
	read_and_check(f.stream, &c, 16);
	/* some reports land and stay unread when the device goes */
	oa_sleep_ms(30);

	oa_kmsg_begin(&k, "surprise removal with an open stream");
	igt_assert_eq(oa_read_timestamp(f.drm, &T_before), 0);
	removal_pending = true;
	vgpu_write(&dev, VGPU_SURPRISE_REMOVAL, 1);
	before = c.n;
	t0 = oa_now_ns();
	pfd.fd = f.stream;
	for (;;) {
		ret = poll(&pfd, 1, 5000);
		igt_assert_f(ret == 1, "poll() after the removal returned %d (%s)", ret,
			     ret < 0 ? strerror(errno) : "timeout");
		if (!(pfd.revents & POLLIN))
			break;
		r = read(f.stream, buf, sizeof(buf));
		if (r < 0 && errno == EAGAIN)
			continue;
		/* the end: what landed was read */
		if (r < 0 && errno == EIO && pfd.revents & POLLHUP)
			continue;
		igt_assert_f(r > 0, "read() returned %zd (%s), revents %#x", r,
			     r < 0 ? strerror(errno) : "end of file", pfd.revents);
		oa_capture_parse(&c, buf, r);
	}
	ms = (oa_now_ns() - t0) / 1000000;
	igt_assert_f((pfd.revents & (POLLHUP | POLLERR)) == (POLLHUP | POLLERR),
		     "poll() once drained: revents %#x, expected POLLHUP|POLLERR", pfd.revents);
	alarm(20);
	igt_assert_errno(read(f.stream, buf, sizeof(buf)), EIO);
	alarm(0);
	igt_assert_errno(ioctl(f.stream, I915_PERF_IOCTL_ENABLE, 0), ENODEV);
	igt_assert_errno(ioctl(f.stream, I915_PERF_IOCTL_DISABLE, 0), ENODEV);
	igt_assert_errno(ioctl(f.stream, I915_PERF_IOCTL_CONFIG, dev.metrics_set), ENODEV);
	igt_assert_errno(ioctl(f.drm, DRM_IOCTL_I915_REG_READ, &reg), ENODEV);
	igt_assert_eq(oa_try_open(f.drm, &o), -ENODEV);
	igt_assert_f(oa_now_ns() - t0 < 3000000000ull,
		     "the stream took %.1f s to end", (oa_now_ns() - t0) / 1e9);

	/* Everything due before the removal was read, nothing lost. */
	igt_assert_f(!c.n_report_lost && !c.n_buffer_lost,
		     "%zu report-lost and %zu buffer-lost records", c.n_report_lost,
		     c.n_buffer_lost);
	oa_assert_reports(&dev, &c, EXP, 0);
	T_last = oa_capture_ts(&c, c.n - 1);
	igt_info("read %zu reports before and %zu after the removal; last T %#llx, T before the removal %#llx\n",
		 before, c.n - before, (unsigned long long)T_last, (unsigned long long)T_before);
	igt_assert_f(oa_reports_between(dev.plat, T_last, T_before, EXP) == 0,
		     "the last report read (T %#llx) is not the last one due before the removal (T %#llx)",
		     (unsigned long long)T_last, (unsigned long long)T_before);
	igt_info("%zu reports read after the removal, ended in %llu ms\n", c.n - before,
		 (unsigned long long)ms);
	oa_capture_fini(&c);

	close_fds(&f);
	igt_assert_eq(oa_kmsg_end_count(&k, "is gone", &lines), 0);
	igt_assert_f(lines == 1, "%u log lines about the device being gone, expected 1", lines);

	/* A new device arrives; remove the old one, rescan, and it works. */
	ledger_restart(vgpu_read(&dev, VGPU_VIOLATIONS));
	oa_kmsg_begin(&k, "PCI remove and rescan after the surprise removal");
	vgpu_write(&dev, VGPU_SURPRISE_REMOVAL, 0);
	oa_dev_close(&dev);
	oa_suite_config_release();
	igt_assert_f(oa_pci_remove_rescan(bdf), "%s did not come back after a PCI rescan", bdf);
	removal_pending = false;
	open_dev();
	igt_assert_eq(oa_kmsg_end(&k), 0);
	assert_drm_works(dev.drm_fd);
	assert_stream_works(dev.drm_fd);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_VIOLATIONS), 0);
}

/* unbind-idle: unbind and bind with nothing open; the device then works. */
static void test_unbind_idle(void)
{
	uint32_t violations;
	struct oa_kmsg k;
	int old_card;

	open_dev();
	violations = vgpu_read(&dev, VGPU_VIOLATIONS);
	old_card = dev.card;
	igt_push_cleanup(rebind, NULL);
	oa_dev_close(&dev);
	oa_suite_config_release();

	oa_kmsg_begin(&k, "unbind idle");
	oa_unbind(bdf);
	igt_assert_f(oa_bind(bdf), "binding %s to intel_oa again failed", bdf);
	open_dev();
	igt_info("card%d -> card%d\n", old_card, dev.card);
	igt_assert_eq(oa_kmsg_end(&k), 0);
	assert_drm_works(dev.drm_fd);
	assert_stream_works(dev.drm_fd);
	igt_assert_eq_u32(vgpu_read(&dev, VGPU_VIOLATIONS), violations);
}

/*
 * The GGTT as a driver sees it, from Intel's public sources rather than
 * from the driver: GMCH_CTRL (PCI config 0x50) GGMS sizes the PTE array
 * (i915 gen6_get_total_gtt_size(): MiB in bits 9:8 on Gen6/7;
 * chv_get_total_gtt_size(): log2 MiB in 9:8; gen8_get_total_gtt_size():
 * log2 MiB in 7:6), which fills the upper half of BAR0 (i915 gen8/gen6
 * "gsm" at BAR0 + size / 2); a PTE is 8 bytes on Gen8+, 4 before, bit 0
 * valid/present.
 */
struct ggtt_view {
	volatile uint8_t *bar;
	size_t bar_size;
	volatile uint8_t *gsm;
	unsigned int pte_size;
	uint64_t size;		/* bytes of GGTT address space */
};

static void ggtt_map(struct ggtt_view *g)
{
	char path[PATH_MAX];
	uint16_t gmch = 0;
	unsigned int ggms;
	uint64_t gsm_bytes;
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/config", bdf);
	fd = open(path, O_RDONLY);
	igt_assert_f(fd >= 0 && pread(fd, &gmch, 2, 0x50) == 2, "cannot read %s", path);
	close(fd);
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource0", bdf);
	fd = open(path, O_RDWR | O_SYNC);
	igt_require_f(fd >= 0 && fstat(fd, &st) == 0, "cannot open %s: %s\n", path,
		      strerror(errno));
	g->bar_size = st.st_size;
	g->bar = mmap(NULL, g->bar_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	igt_require_f(g->bar != MAP_FAILED, "cannot map BAR0 (%s)\n", path);
	g->gsm = g->bar + g->bar_size / 2;
	if (dev.plat->graphics_ver < 8) {
		g->pte_size = 4;
		gsm_bytes = (uint64_t)((gmch >> 8) & 3) << 20;
	} else {
		g->pte_size = 8;
		ggms = (gmch >> (strcmp(dev.plat->name, "chv") ? 6 : 8)) & 3;
		gsm_bytes = ggms ? 1ull << (20 + ggms) : 0;
	}
	igt_assert_f(gsm_bytes && gsm_bytes <= g->bar_size / 2,
		     "GMCH_CTRL 0x%04x: %" PRIu64 " bytes of PTEs in a %zu-byte BAR0",
		     gmch, gsm_bytes, g->bar_size);
	g->size = gsm_bytes / g->pte_size * 4096;
	if (g->size > (1ull << 32))
		g->size = 1ull << 32;	/* OABUFFER holds a 32-bit address */
}

static uint64_t ggtt_pte(const struct ggtt_view *g, uint64_t addr)
{
	volatile uint32_t *p = (volatile uint32_t *)(g->gsm + addr / 4096 * g->pte_size);

	return g->pte_size == 8 ? p[0] | (uint64_t)p[1] << 32 : p[0];
}

static void ggtt_set_pte(const struct ggtt_view *g, uint64_t addr, uint64_t pte)
{
	volatile uint32_t *p = (volatile uint32_t *)(g->gsm + addr / 4096 * g->pte_size);

	p[0] = (uint32_t)pte;
	if (g->pte_size == 8)
		p[1] = pte >> 32;
}

/* The present PTEs of the 16 MiB range at @base. */
static unsigned int ggtt_present(const struct ggtt_view *g, uint64_t base)
{
	unsigned int i, n = 0;

	for (i = 0; i < (16u << 20) / 4096; i++)
		n += ggtt_pte(g, base + i * 4096ull) & 1;
	return n;
}

/*
 * Pages of the driver's GuC CT buffers (16 KiB at debugfs guc's "ct:
 * ggtt=" address, Gen12.5) inside the 16 MiB range at @base.
 */
static unsigned int ct_pages_in(uint64_t base)
{
	char text[4096], *at;
	unsigned long long ct;
	unsigned int i, n = 0;

	if (!oa_debugfs_guc(&dev, text, sizeof(text)))
		return 0;
	at = strstr(text, "ct: ggtt=");
	if (!at || sscanf(at, "ct: ggtt=%llx", &ct) != 1)
		return 0;
	for (i = 0; i < 4; i++)
		n += ct + i * 4096ull >= base && ct + i * 4096ull < base + (16ull << 20);
	return n;
}

/* Plant a "firmware" PTE, from the host's point of view any present one. */
#define FW_ADDR		0x7654000ull
#define FW_PAGE		5

static uint64_t ggtt_top;	/* the highest 16 MiB range, for cleanup */

static void ggtt_unplant(void *data)
{
	struct ggtt_view *g = data;

	oa_unbind(bdf);
	ggtt_set_pte(g, ggtt_top + FW_PAGE * 4096, 0);
	rebind(NULL);
}

/*
 * ggtt-range: the driver maps the OA buffers in the highest block of one
 * 16 MiB GGTT range per OA unit without a present PTE, the render unit's
 * range first, never over a PTE someone else wrote, and leaves every PTE
 * as it found it. First with an empty GGTT (the render unit's range is
 * the block's lowest, the top one on a one-unit GPU); then, after an
 * unbind, with one present PTE planted in the top range, as firmware maps
 * a boot framebuffer (the block moves one range down, the planted PTE
 * untouched throughout).
 */
static void test_ggtt_range(void)
{
	static struct ggtt_view g;
	struct oa_capture c;
	uint64_t top, first, next;
	unsigned int n, units;
	struct oa_open o;
	int fd;

	open_dev();
	ggtt_map(&g);
	units = dev.plat->oam ? 2 : 1;
	top = (g.size & ~((16ull << 20) - 1)) - (16ull << 20);
	first = top - (units - 1) * (16ull << 20);
	next = first - (16ull << 20);
	ggtt_top = top;
	igt_info("GGTT %" PRIu64 " MiB, %u-byte PTEs; top range 0x%" PRIx64 ", %u OA unit(s): render unit's range 0x%" PRIx64 "\n",
		 g.size >> 20, g.pte_size, top, units, first);
	/* only the GuC's CT buffers (Gen12.5), mapped at probe */
	igt_assert_eq(ggtt_present(&g, top) + ggtt_present(&g, next),
		      ct_pages_in(top) + ct_pages_in(next));
	igt_assert_eq(ct_pages_in(top), 0);

	oa_open_periodic(&dev, &o, fmt256(), EXP);
	fd = oa_open(dev.drm_fd, &o);
	n = ggtt_present(&g, first);
	igt_assert_f(n >= 1, "no present PTE in the render unit's range 0x%" PRIx64 " with a stream open", first);
	close(fd);
	igt_assert_f(ggtt_present(&g, first) == ct_pages_in(first),
		     "%u PTEs of the range 0x%" PRIx64 " still present after close",
		     ggtt_present(&g, first), first);

	igt_push_cleanup(ggtt_unplant, &g);
	oa_dev_close(&dev);
	oa_suite_config_release();
	oa_unbind(bdf);
	ggtt_set_pte(&g, top + FW_PAGE * 4096, FW_ADDR | 1);
	igt_assert_f(oa_bind(bdf), "binding %s to intel_oa again failed", bdf);
	open_dev();

	oa_open_periodic(&dev, &o, fmt256(), EXP);
	fd = oa_open(dev.drm_fd, &o);
	igt_assert_eq_u64(ggtt_pte(&g, top + FW_PAGE * 4096), FW_ADDR | 1);
	igt_assert_eq(ggtt_present(&g, top), 1);
	igt_assert_eq(ggtt_present(&g, next), n + ct_pages_in(next));
	oa_capture_init(&c, fmt256(), &o);
	read_and_check(fd, &c, 16);
	oa_capture_fini(&c);
	close(fd);
	igt_assert_eq(ggtt_present(&g, next), ct_pages_in(next));
	igt_assert_eq_u64(ggtt_pte(&g, top + FW_PAGE * 4096), FW_ADDR | 1);
}

igt_main
{
	igt_fixture {
		dev.drm_fd = -1;
		igt_require_f(oa_find_pci(bdf, sizeof(bdf)),
			      "no Intel display-class PCI function in /sys/bus/pci/devices\n");
		igt_require_f(access("/sys/bus/pci/drivers/intel_oa", F_OK) == 0,
			      "/sys/bus/pci/drivers/intel_oa not found: is intel_oa.ko loaded?\n");
	}

	igt_describe("Closing the DRM fd before the stream fd: the stream keeps delivering correct, consecutive reports until it is closed.");
	igt_subtest("close-drm-before-stream")
		test_close_order(true);

	igt_describe("Closing the stream fd before the DRM fd: the DRM fd keeps working (GETPARAM, a new correct stream).");
	igt_subtest("close-stream-before-drm")
		test_close_order(false);

	igt_describe("PCI unbind with a DRM fd and a stream open: read() fails with EIO, stream and DRM ioctls with ENODEV, the fds close in either order without a kernel splat, and after a rebind a new stream reads correct reports.");
	igt_subtest("unbind-with-open-stream") {
		unbind_cycle(CLOSE_STREAM_FIRST);
		igt_run_cleanups();
		unbind_cycle(CLOSE_DRM_FIRST);
	}

	igt_describe("PCI unbind and bind again while the old DRM and stream fds stay open: the device comes back on a new DRM minor and works while the old fds still fail with EIO/ENODEV.");
	igt_subtest("rebind-with-open-fds")
		unbind_cycle(BIND_WITH_FDS_OPEN);

	igt_describe("PCI unbind wakes a reader blocked in read() on the stream with EIO.");
	igt_subtest("unbind-with-blocked-reader")
		test_unbind_blocked_reader();

	igt_describe("The GPU leaves the bus under an open stream (reads all-ones): every report due before is read and right, then POLLHUP|POLLERR, EIO, ENODEV at once, one log line; a PCI rescan finds the new device, which streams.");
	igt_subtest("surprise-removal")
		test_surprise_removal();

	igt_describe("The OA buffer goes to the highest 16 MiB GGTT range without a present PTE (GMCH_CTRL-sized GGTT), never over a PTE firmware wrote, and every PTE it used is as it was after close.");
	igt_subtest("ggtt-range")
		test_ggtt_range();

	igt_describe("PCI unbind and bind with no fd open; the device then works (GETPARAM, correct reports).");
	igt_subtest("unbind-idle")
		test_unbind_idle();

	igt_fixture
		oa_dev_close(&dev);
}
