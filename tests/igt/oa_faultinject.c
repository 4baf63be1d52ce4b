// SPDX-License-Identifier: MIT
/*
 * oa_faultinject: allocation failures injected into the driver's open,
 * ADD_CONFIG and enable paths unwind cleanly.
 *
 * Needs the debug kernel (scripts/vm-run --kernel debug): its
 * CONFIG_FAULT_INJECTION gives /proc/thread-self/fail-nth, where writing N
 * makes the N-th allocation (slab or page) of this thread's following
 * system calls fail; reading back 0 means that failure was injected. The
 * subtests first count the allocation points of one call (write a large N,
 * read what is left), then fail each of the first 48 points and 48 more
 * chosen at random (fixed seed) among the rest, the last one included.
 * After each injected failure the call must have failed with ENOMEM (or,
 * for a failure the driver may absorb, succeeded), and the device must be
 * as before: the same call without injection succeeds and no stream or
 * config is left behind. KASAN, lockdep, kmemleak and the kernel-log check
 * of vm-run --kernel debug judge the unwinding itself. Skipped without
 * fail-nth (Debian's kernel).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "oa_test.h"

#define FIXED_POINTS	48
#define RANDOM_POINTS	48

static struct oa_dev dev;
static int fail_nth_fd = -1;

static void write_knob(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);

	igt_assert_f(fd >= 0, "cannot open %s: %s", path, strerror(errno));
	igt_assert_f(write(fd, val, strlen(val)) == (ssize_t)strlen(val),
		     "writing %s to %s: %s", val, path, strerror(errno));
	close(fd);
}

/*
 * failslab and fail_page_alloc ignore sleeping allocations by default;
 * fail-nth must reach GFP_KERNEL ones, quietly (no stack per failure).
 */
static void setup_fault_injection(void)
{
	static const char *const knobs[][2] = {
		{ "/sys/kernel/debug/failslab/ignore-gfp-wait", "N" },
		{ "/sys/kernel/debug/failslab/verbose", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "N" },
		{ "/sys/kernel/debug/fail_page_alloc/ignore-gfp-highmem", "N" },
		{ "/sys/kernel/debug/fail_page_alloc/min-order", "0" },
		{ "/sys/kernel/debug/fail_page_alloc/verbose", "0" },
	};
	unsigned int i;

	fail_nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	igt_require_f(fail_nth_fd >= 0,
		      "no /proc/thread-self/fail-nth: run under the debug kernel (scripts/vm-run --kernel debug)\n");
	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		write_knob(knobs[i][0], knobs[i][1]);
}

static void fail_nth_set(uint64_t n)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%" PRIu64, n);

	igt_assert(pwrite(fail_nth_fd, buf, len, 0) == len);
}

/* What is left of the count: 0 once the failure was injected. */
static uint64_t fail_nth_get(void)
{
	char buf[32];
	ssize_t n = pread(fail_nth_fd, buf, sizeof(buf) - 1, 0);

	igt_assert(n > 0);
	buf[n] = '\0';
	return strtoull(buf, NULL, 10);
}

/* The operation under test: returns >= 0 or -errno; @undo undoes success. */
struct op {
	const char *name;
	int (*run)(void);
	void (*undo)(int ret);
};

static uint64_t count_points(const struct op *op)
{
	const uint64_t big = 1000000;
	uint64_t left;
	int ret;

	fail_nth_set(big);
	ret = op->run();
	left = fail_nth_get();
	fail_nth_set(0);
	igt_assert_f(ret >= 0, "%s without injected failures: %s", op->name, strerror(-ret));
	op->undo(ret);
	igt_assert(left > 0 && left <= big);
	return big - left;
}

static void inject(const struct op *op)
{
	uint64_t points = count_points(op), n, injected = 0, absorbed = 0;
	uint64_t rng = 0x0a5eed;
	unsigned int i;
	int ret;

	if (!points) {
		/* nothing to fail: the call cannot break on memory pressure */
		igt_info("%s: no allocation point (fail-nth never reached 0)\n", op->name);
		return;
	}
	for (i = 0; i < FIXED_POINTS + RANDOM_POINTS; i++) {
		if (i < FIXED_POINTS) {
			n = i + 1;
		} else if (i == FIXED_POINTS + RANDOM_POINTS - 1) {
			n = points;
			if (n <= FIXED_POINTS)
				continue;	/* already failed above */
		} else {
			rng = rng * 6364136223846793005ull + 1442695040888963407ull;
			n = FIXED_POINTS + 1 + (rng >> 33) % (points > FIXED_POINTS ?
							     points - FIXED_POINTS : 1);
		}
		if (n > points)
			continue;
		fail_nth_set(n);
		ret = op->run();
		if (fail_nth_get() != 0) {
			/* fewer points this time (a cache was warm): fine */
			fail_nth_set(0);
			if (ret >= 0)
				op->undo(ret);
			continue;
		}
		injected++;
		if (ret >= 0) {
			/* the driver absorbed the failure (a fallback path) */
			absorbed++;
			op->undo(ret);
		} else {
			igt_assert_f(ret == -ENOMEM,
				     "%s with allocation %" PRIu64 " of %" PRIu64 " failed: %s, expected ENOMEM",
				     op->name, n, points, strerror(-ret));
		}
		/* and nothing is left behind: the same call works again */
		ret = op->run();
		igt_assert_f(ret >= 0, "%s after a failure injected at allocation %" PRIu64 ": %s",
			     op->name, n, strerror(-ret));
		op->undo(ret);
	}
	igt_info("%s: %" PRIu64 " allocation points, %" PRIu64 " failures injected (%" PRIu64
		 " absorbed), every one unwound\n", op->name, points, injected, absorbed);
	igt_assert(injected > 0);
}

/*
 * The smallest stream ring (128 KiB, 32 pages): the default 16 MiB ring
 * is 4096 page allocations, which would take most of the randomly chosen
 * points and, under KASAN, most of the time (about 0.2 s per open).
 */
static int open_stream(uint32_t flags)
{
	const struct oa_format *f = oa_platform_format(dev.plat, 0);
	struct oa_open o;

	oa_open_periodic(&dev, &o, f, 16);
	oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, 128 << 10);
	o.flags |= flags;
	return oa_try_open(dev.drm_fd, &o);
}

static int run_open(void)
{
	return open_stream(0);
}

static void undo_close(int fd)
{
	close(fd);
}

static int run_add_config(void)
{
	static const uint32_t mux[] = { 0x9888, 0x10000000, 0x9888, 0x14000000 };
	struct drm_i915_perf_oa_config cfg = {
		.uuid = "fa17fa17-0000-4000-8000-000000000001",
		.n_mux_regs = 2, .mux_regs_ptr = (uintptr_t)mux,
	};
	int ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);

	return ret < 0 ? -errno : ret;
}

static void undo_add_config(int id)
{
	uint64_t v = id;

	igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &v), 0);
}

/* ENABLE of a stream opened disabled (the open itself is not injected). */
static int disabled_fd = -1;

static int run_enable(void)
{
	int ret = ioctl(disabled_fd, I915_PERF_IOCTL_ENABLE, 0);

	return ret < 0 ? -errno : 0;
}

static void undo_enable(int ret)
{
	(void)ret;
	igt_assert_eq(ioctl(disabled_fd, I915_PERF_IOCTL_DISABLE, 0), 0);
}

igt_main
{
	static const struct op open_op = { "PERF_OPEN", run_open, undo_close };
	static const struct op add_op = { "ADD_CONFIG", run_add_config, undo_add_config };
	static const struct op enable_op = { "ENABLE", run_enable, undo_enable };

	igt_fixture {
		oa_dev_open(&dev);
		setup_fault_injection();
	}

	igt_describe("Allocation failures injected in PERF_OPEN fail it with ENOMEM and leave nothing behind.");
	igt_subtest("open-alloc-failures")
		inject(&open_op);

	igt_describe("Allocation failures injected in ADD_CONFIG fail it with ENOMEM and leave nothing behind.");
	igt_subtest("add-config-alloc-failures")
		inject(&add_op);

	igt_describe("Allocation failures injected in ENABLE (today it allocates nothing) fail it with ENOMEM or are absorbed; the stream works after.");
	igt_subtest("enable-alloc-failures") {
		disabled_fd = open_stream(I915_PERF_FLAG_DISABLED);
		igt_assert_f(disabled_fd >= 0, "open disabled: %s", strerror(-disabled_fd));
		inject(&enable_op);
		close(disabled_fd);
	}

	igt_fixture
		oa_dev_close(&dev);
}
