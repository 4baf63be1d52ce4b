// SPDX-License-Identifier: MIT
/*
 * i915_pmu: the driver's i915 perf_event PMU (driver.rst, "i915 PMU";
 * i915's i915_pmu.c): its name and sysfs files, the errnos of
 * i915_pmu_event_init(), and the render engine's busy time and the
 * interrupt count as a spinning batch and an idle GPU make them.
 *
 * The PMU is registered at probe with the module parameter pmu=1 (off by
 * default, driver.rst): the fixture rebinds the device with it on and the
 * last one rebinds it with the parameter as it was.
 *
 * Expected values come from i915: the PMU name rule (is_igp()), the
 * config encoding of i915_drm.h, the events i915 lists for the engines
 * of the platform's row (its names, i915_pci.c's engine mask), and
 * inequalities of CLOCK_MONOTONIC times taken around the work.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "oa_test.h"

#define MI_INSTR(op, flags)		(((op) << 23) | (flags))
#define MI_ARB_CHECK			MI_INSTR(0x05, 0)
#define MI_BATCH_BUFFER_END		MI_INSTR(0x0a, 0)
#define MI_BATCH_BUFFER_START		MI_INSTR(0x31, 0)
#define MI_BATCH_BUFFER_START_GEN8	MI_INSTR(0x31, 1)

static struct oa_dev dev;
static char pmu_dir[256];
static int pmu_type, pmu_cpu;

static int do_ioctl(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) ? -errno : 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* The first line of @dir/@file, without its newline; false if none. */
static bool read_line(const char *dir, const char *file, char *buf,
		      size_t len)
{
	char path[512];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	if (!f)
		return false;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return ok;
}

/* i915 is_igp(): "i915" for 0000:00:02.0, else "i915_" and the bdf. */
static void pmu_name(char *buf, size_t len)
{
	char *p;

	if (!strcmp(dev.bdf, "0000:00:02.0")) {
		snprintf(buf, len, "i915");
		return;
	}
	snprintf(buf, len, "i915_%s", dev.bdf);
	for (p = buf; *p; p++)
		if (*p == ':')
			*p = '_';
}

static int pmu_open_attr(struct perf_event_attr *attr, int pid, int cpu)
{
	int fd = syscall(__NR_perf_event_open, attr, pid, cpu, -1, 0);

	return fd < 0 ? -errno : fd;
}

static int pmu_open(uint64_t config)
{
	struct perf_event_attr attr = {
		.type = pmu_type, .size = sizeof(attr), .config = config,
	};

	return pmu_open_attr(&attr, -1, pmu_cpu);
}

static uint64_t pmu_read(int fd)
{
	uint64_t v;

	igt_assert_eq(read(fd, &v, sizeof(v)), (ssize_t)sizeof(v));
	return v;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000l };

	nanosleep(&ts, NULL);
}

/* ---- names ---- */

static void test_sysfs(void)
{
	char want[64], buf[300], name[64], *save, *e, list[256];
	static const char *const samples[] = { "busy", "wait", "sema" };
	unsigned int i, n = 0, expect = 1, seen[5] = {};
	struct dirent *d;
	DIR *dir;

	igt_assert_f(read_line(pmu_dir, "format/i915_eventid", buf,
			       sizeof(buf)) && !strcmp(buf, "config:0-20"),
		     "format/i915_eventid: '%s'", buf);
	snprintf(buf, sizeof(buf), "%d", pmu_cpu);
	igt_assert(read_line(pmu_dir, "cpumask", want, sizeof(want)));
	igt_assert_f(!strcmp(want, buf), "cpumask '%s'", want);

	/*
	 * every engine of the row: busy, wait, sema in ns, i915's config;
	 * named and numbered as the uAPI numbers them, in row order within
	 * each class (i915 renames vcs2 of a part without vcs1 vcs1)
	 */
	snprintf(list, sizeof(list), "%s", dev.plat->engines);
	for (e = strtok_r(list, " ", &save); e; e = strtok_r(NULL, " ", &save)) {
		static const char *const classes[] = {
			"rcs", "bcs", "vcs", "vecs", "ccs",
		};
		unsigned int class = 0, inst, len;

		for (i = 0; i < 5; i++) {
			len = strlen(classes[i]);
			if (!strncmp(e, classes[i], len) &&
			    e[len] >= '0' && e[len] <= '9')
				class = i;
		}
		inst = seen[class]++;
		for (i = 0; i < 3; i++) {
			snprintf(name, sizeof(name), "events/%s%u-%s",
				 classes[class], inst, samples[i]);
			buf[0] = 0;
			snprintf(want, sizeof(want), "config=0x%x",
				 class << 12 | inst << 4 | i);
			igt_assert_f(read_line(pmu_dir, name, buf, sizeof(buf)) &&
				     !strcmp(buf, want), "%s: '%s', expected '%s'",
				     name, buf, want);
			strcat(name, ".unit");
			buf[0] = 0;
			igt_assert_f(read_line(pmu_dir, name, buf, sizeof(buf)) &&
				     !strcmp(buf, "ns"), "%s: '%s'", name, buf);
			expect += 2;
		}
	}
	snprintf(want, sizeof(want), "config=0x%x", 0x100002);
	igt_assert_f(read_line(pmu_dir, "events/interrupts", buf, sizeof(buf)) &&
		     !strcmp(buf, want), "events/interrupts: '%s'", buf);

	snprintf(buf, sizeof(buf), "%s/events", pmu_dir);
	dir = opendir(buf);
	igt_assert(dir);
	while ((d = readdir(dir)))
		n += d->d_name[0] != '.';
	closedir(dir);
	igt_assert_f(n == expect, "%u event files, expected %u", n, expect);
}

/* ---- invalid ---- */

static void test_invalid(void)
{
	struct perf_event_attr attr = {
		.type = pmu_type, .size = sizeof(attr),
	};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	/* i915_pmu_event_init(): unknown configs, absent engines */
	igt_assert_eq(pmu_open(0x100000 + 99), -ENOENT);
	igt_assert_eq(pmu_open(3), -ENOENT);		/* rcs0, sample 3 */
	igt_assert_eq(pmu_open(5 << 4), -ENODEV);	/* rcs5 */
	if (!strstr(dev.plat->engines, "ccs0"))
		igt_assert_eq(pmu_open(4 << 12), -ENODEV);
	/* counters a part lacks: here, frequencies, RC6, GT awake time */
	igt_assert_eq(pmu_open(0x100000 + 0), -ENODEV);
	igt_assert_eq(pmu_open(0x100000 + 1), -ENODEV);
	igt_assert_eq(pmu_open(0x100000 + 3), -ENODEV);
	igt_assert_eq(pmu_open(0x100000 + 4), -ENODEV);
	/* no sampling, no per-task events, one CPU */
	attr.sample_period = 1;
	igt_assert_eq(pmu_open_attr(&attr, -1, pmu_cpu), -EINVAL);
	attr.sample_period = 0;
	igt_assert_eq(pmu_open_attr(&attr, 0, -1), -EINVAL);
	if (ncpu > 1)
		igt_assert_eq(pmu_open_attr(&attr, -1, pmu_cpu ? 0 : 1),
			      -EINVAL);
}

/* ---- busy ---- */

static uint32_t create(uint64_t size)
{
	struct drm_i915_gem_create c = { .size = size };

	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_CREATE, &c), 0);
	return c.handle;
}

/* A CPU mapping of the object: FIXED on discrete parts, WB elsewhere. */
static uint32_t *map(uint32_t handle)
{
	struct drm_i915_gem_mmap_offset m = {
		.handle = handle, .flags = I915_MMAP_OFFSET_FIXED,
	};
	void *p;

	if (do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m)) {
		m.flags = I915_MMAP_OFFSET_WB;
		igt_assert_eq(do_ioctl(dev.drm_fd,
				       DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m), 0);
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, dev.drm_fd,
		 m.offset);
	igt_assert(p != MAP_FAILED);
	return p;
}

/*
 * Submit a batch that loops to itself (MI_ARB_CHECK, a batch start to
 * its own first dword, relocated) until *end is written with
 * MI_BATCH_BUFFER_END; returns its out-fence.
 */
static int spin(uint32_t handle, uint32_t *bb)
{
	bool gen8 = dev.plat->graphics_ver >= 8;
	struct drm_i915_gem_relocation_entry r = {
		.target_handle = handle, .offset = 8, .presumed_offset = ~0ull,
		.read_domains = I915_GEM_DOMAIN_COMMAND,
	};
	struct drm_i915_gem_exec_object2 o = {
		.handle = handle, .relocs_ptr = (uintptr_t)&r,
		.relocation_count = 1,
	};
	struct drm_i915_gem_execbuffer2 eb = {
		.buffers_ptr = (uintptr_t)&o, .buffer_count = 1,
		.flags = I915_EXEC_RENDER | I915_EXEC_FENCE_OUT,
	};

	bb[0] = MI_ARB_CHECK;
	bb[1] = gen8 ? MI_BATCH_BUFFER_START_GEN8 : MI_BATCH_BUFFER_START;
	bb[2] = 0;
	bb[3] = 0;
	bb[4] = MI_BATCH_BUFFER_END;
	igt_assert_eq(do_ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR,
			       &eb), 0);
	return eb.rsvd2 >> 32;
}

static void wait_fence(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	igt_assert_f(poll(&p, 1, ms) == 1 && (p.revents & POLLIN),
		     "out-fence %d not signalled within %d ms", fd, ms);
	close(fd);
}

/*
 * rcs0-busy (i915 intel_engine_get_busy_time()): still while the GPU is
 * idle; while a batch spins it grows by at least the time the test saw
 * it spinning and at most the time from before its execbuf to after its
 * fence; idle again, still. Every other engine's busy stays 0 (nothing
 * runs there). interrupts grows with the batch's completion.
 */
static void test_busy(void)
{
	int busy = pmu_open(0), irqs = pmu_open(0x100000 + 2), fence;
	int bcs = strstr(dev.plat->engines, "bcs0") ? pmu_open(1 << 12) : -1;
	uint64_t b0, b1, b2, b3, i0, t0, t1, t2, t3;
	uint32_t h = create(4096), *bb = map(h);

	igt_assert_lte(0, busy);
	igt_assert_lte(0, irqs);
	b0 = pmu_read(busy);
	i0 = pmu_read(irqs);
	sleep_ms(20);
	b1 = pmu_read(busy);
	igt_assert_f(b1 == b0, "idle, rcs0-busy went from %" PRIu64 " to %" PRIu64,
		     b0, b1);

	t0 = now_ns();
	fence = spin(h, bb);
	t1 = now_ns();
	sleep_ms(50);
	bb[0] = MI_BATCH_BUFFER_END;
	__sync_synchronize();
	t2 = now_ns();
	wait_fence(fence, 5000);
	t3 = now_ns();
	b2 = pmu_read(busy);
	igt_assert_f(b2 - b1 >= t2 - t1 && b2 - b1 <= t3 - t0,
		     "rcs0-busy grew %" PRIu64 " ns; spinning seen %" PRIu64
		     " ns, at most %" PRIu64 " ns", b2 - b1, t2 - t1, t3 - t0);
	igt_assert_f(pmu_read(irqs) > i0, "no interrupt counted");

	sleep_ms(20);
	b3 = pmu_read(busy);
	igt_assert_f(b3 == b2, "idle again, rcs0-busy went from %" PRIu64
		     " to %" PRIu64, b2, b3);
	if (bcs >= 0) {
		igt_assert_eq_u64(pmu_read(bcs), 0);
		close(bcs);
	}
	munmap(bb, 4096);
	close(busy);
	close(irqs);
}

/* ---- unbind ---- */

static char bdf[32];
static bool pmu_was_off;

#define PMU_PARAM "/sys/module/intel_oa/parameters/pmu"

static void set_param(const char *v)
{
	FILE *f = fopen(PMU_PARAM, "w");

	igt_assert_f(f, "cannot open %s", PMU_PARAM);
	fputs(v, f);
	igt_assert(fclose(f) == 0);
}

/* Rebind the device so that it probes again with pmu = @v. */
static void reprobe(const char *v)
{
	snprintf(bdf, sizeof(bdf), "%s", dev.bdf);
	oa_dev_close(&dev);
	oa_unbind(bdf);
	set_param(v);
	igt_assert(oa_bind(bdf));
	oa_dev_open(&dev);
}

static void rebind(void *data)
{
	(void)data;
	if (pmu_was_off)
		set_param("N");
	if (!oa_bind(bdf))
		fprintf(stderr, "WARNING: could not bind %s to intel_oa again; later tests will not find the device\n",
			bdf);
}

/*
 * Events open across an unbind (driver.rst, "i915 PMU"): the PMU leaves
 * sysfs with the device, the events still read (their counts no longer
 * move) and close; bound again, the device has its PMU again.
 */
static void test_unbind(void)
{
	int busy = pmu_open(0), irqs = pmu_open(0x100000 + 2);
	char type[32];
	uint64_t b;

	igt_assert_lte(0, busy);
	igt_assert_lte(0, irqs);
	snprintf(bdf, sizeof(bdf), "%s", dev.bdf);
	igt_push_cleanup(rebind, NULL);
	b = pmu_read(busy);
	oa_unbind(bdf);
	igt_assert_f(!read_line(pmu_dir, "type", type, sizeof(type)),
		     "%s still there after the unbind", pmu_dir);
	igt_assert_eq_u64(pmu_read(busy), b);
	pmu_read(irqs);
	close(busy);
	close(irqs);
	igt_assert(oa_bind(bdf));
	oa_dev_close(&dev);
	oa_dev_open(&dev);
	igt_assert_f(read_line(pmu_dir, "type", type, sizeof(type)),
		     "no PMU at %s after binding again", pmu_dir);
	pmu_type = atoi(type);
	igt_assert_lte(0, busy = pmu_open(0));
	close(busy);
}

igt_main
{
	igt_fixture {
		char name[64], buf[32];

		oa_dev_open(&dev);
		igt_assert(read_line("/sys/module/intel_oa/parameters", "pmu",
				     buf, sizeof(buf)));
		pmu_was_off = buf[0] == 'N';
		if (pmu_was_off)
			reprobe("Y");
		pmu_name(name, sizeof(name));
		snprintf(pmu_dir, sizeof(pmu_dir),
			 "/sys/bus/event_source/devices/%s", name);
		igt_assert_f(read_line(pmu_dir, "type", buf, sizeof(buf)),
			     "no PMU at %s", pmu_dir);
		pmu_type = atoi(buf);
		igt_assert(read_line(pmu_dir, "cpumask", buf, sizeof(buf)));
		pmu_cpu = atoi(buf);
	}

	igt_describe("The PMU has i915's name for the device, format i915_eventid (config:0-20), a cpumask, and busy/wait/sema events (unit ns, i915's configs) for exactly the platform's engines, and interrupts.");
	igt_subtest("sysfs")
		test_sysfs();

	igt_describe("Event init errnos as i915's: unknown configs and samples ENOENT, absent engines and unsampled counters (frequencies, RC6, GT awake) ENODEV, sampling, per-task events and another CPU EINVAL.");
	igt_subtest("invalid")
		test_invalid();

	igt_describe("rcs0-busy stays still while idle and grows, while a batch spins, by at least the time seen spinning and at most the time from submission to fence; interrupts grow; other engines stay 0.");
	igt_subtest("busy")
		test_busy();

	igt_describe("Events open across an unbind still read (their counts still) and close; the PMU leaves sysfs with the device and is back once it is bound again.");
	igt_subtest("unbind")
		test_unbind();

	igt_fixture {
		if (pmu_was_off)
			reprobe("N");
		oa_dev_close(&dev);
	}
}
