// SPDX-License-Identifier: MIT
/*
 * oa_params: the driver's uAPI beyond perf open and configs, with i915's
 * semantics:
 *
 *   GETPARAM        i915_getparam_ioctl() (i915_getparam.c)
 *   QUERY           i915_query_ioctl(), query_topology_info(),
 *                   copy_query_item() (i915_query.c)
 *   REG_READ        i915_reg_read_ioctl() and reg_read_whitelist[]
 *                   (intel_uncore.c)
 *   GEM_THROTTLE    i915_gem_throttle_ioctl()
 *   stream ioctls   i915_perf_ioctl_locked(), i915_perf_config_locked()
 *                   (i915_perf.c)
 *   sysfs           gt_*_freq_mhz, power/rc6_enable (intel_gt_sysfs_pm.c)
 *
 * Expected values come from the platform row (tests/igt/lib/oa_hw.c), the
 * PCI config space in sysfs and CLOCK_MONOTONIC, never from the driver.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xf86drm.h>

#include "oa_test.h"

static struct oa_dev dev;

/* 2^36: width of the Gen9 render CS timestamp (vgpu-contract.rst). */
#define TS_BITS 36
#define TS_MASK ((1ull << TS_BITS) - 1)


/* A value of the device's PCI config space, as the PCI core shows it. */
static uint64_t pci_attr(const char *attr)
{
	char path[PATH_MAX];
	uint64_t val;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s", dev.bdf, attr);
	igt_assert_f(oa_read_u64_file(path, &val), "cannot read %s", path);
	return val;
}

static uint64_t card_attr(const char *attr)
{
	char path[PATH_MAX];
	uint64_t val;

	snprintf(path, sizeof(path), "%s/%s", dev.sysfs, attr);
	igt_assert_f(oa_read_u64_file(path, &val),
		     "cannot read %s as a number: %s", path,
		     access(path, F_OK) ? "missing" : "bad content");
	return val;
}

/* Open the render node of the device under test, or -1 if it has none. */
static int open_render_node(void)
{
	char path[PATH_MAX];
	int i;

	for (i = 128; i < 192; i++) {
		char node[64];

		snprintf(path, sizeof(path), "%s/device/drm/renderD%d", dev.sysfs, i);
		if (access(path, F_OK))
			continue;
		snprintf(node, sizeof(node), "/dev/dri/renderD%d", i);
		return open(node, O_RDWR | O_CLOEXEC);
	}
	return -1;
}

/* ---- GETPARAM ---- */

/*
 * GETPARAM @param into an int with a guard word behind it: i915 stores
 * exactly one int (put_user(int)). Returns 0 or -errno.
 */
static int getparam(int fd, int32_t param, int *value)
{
	int buf[2] = { 0x5a5a5a5a, 0x5a5a5a5a };
	struct drm_i915_getparam gp = { .param = param, .value = buf };

	if (ioctl(fd, DRM_IOCTL_I915_GETPARAM, &gp))
		return -errno;
	igt_assert_f(buf[1] == 0x5a5a5a5a,
		     "GETPARAM %d wrote beyond its int: guard %#x", param, buf[1]);
	*value = buf[0];
	return 0;
}

static int getparam_ok(int fd, int32_t param, const char *name)
{
	int value = 0, ret = getparam(fd, param, &value);

	igt_assert_f(ret == 0, "GETPARAM %s (%d): %s", name, param, strerror(-ret));
	igt_info("GETPARAM %s (%d) = %d\n", name, param, value);
	return value;
}

static void check_getparams(int fd, const char *node)
{
	uint64_t devid = pci_attr("device"), rev = pci_attr("revision");
	int v;

	igt_info("%s: PCI device %#06" PRIx64 " revision %#04" PRIx64 "\n",
		 node, devid, rev);
	igt_assert_f(oa_platform_for_devid(devid) == dev.plat,
		     "PCI device %#06" PRIx64 " not in the %s row", devid,
		     dev.plat->name);

	v = getparam_ok(fd, I915_PARAM_CHIPSET_ID, "CHIPSET_ID");
	igt_assert_eq(v, devid);
	v = getparam_ok(fd, I915_PARAM_REVISION, "REVISION");
	igt_assert_eq(v, rev);
	igt_assert_f(rev == dev.plat->revision,
		     "PCI revision %#04" PRIx64 ", the %s row says %#04x", rev,
		     dev.plat->name, dev.plat->revision);
	v = getparam_ok(fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY,
			"CS_TIMESTAMP_FREQUENCY");
	igt_assert_eq(v, oa_cs_hz(dev.plat));
	/*
	 * The OA unit counts the CS timestamp up to Gen12; Gen12.5 at twice
	 * its rate (dg2.rst, Wa_18013179988).
	 */
	v = getparam_ok(fd, I915_PARAM_OA_TIMESTAMP_FREQUENCY,
			"OA_TIMESTAMP_FREQUENCY");
	igt_assert_eq(v, dev.plat->timestamp_hz);
	/*
	 * i915's revision 7 (the video classes choose Meteor Lake's OAM),
	 * the same on every platform as i915 reports it.
	 */
	v = getparam_ok(fd, I915_PARAM_PERF_REVISION, "PERF_REVISION");
	igt_assert_eq(v, 7);
}

static void test_getparam_values(void)
{
	int fd;

	check_getparams(dev.drm_fd, "primary node");

	fd = open_render_node();
	igt_require_f(fd >= 0, "no render node next to %s\n", dev.sysfs);
	/* i915 marks GETPARAM DRM_RENDER_ALLOW. */
	check_getparams(fd, "render node");
	close(fd);
}

/*
 * getparam-topology: SLICE_MASK, SUBSLICE_MASK (slice 0), SUBSLICE_TOTAL
 * and EU_TOTAL equal the S x SS x EU column of the platform's row, on the
 * primary and the render node.
 */
static void test_getparam_topology(void)
{
	const struct oa_platform *p = dev.plat;
	unsigned int slices = __builtin_popcount(p->slice_mask);
	unsigned int ss = __builtin_popcount(p->subslice_mask);
	const struct { int32_t id; const char *name; int want; } params[] = {
		{ I915_PARAM_SLICE_MASK, "SLICE_MASK", p->slice_mask },
		{ I915_PARAM_SUBSLICE_MASK, "SUBSLICE_MASK", p->subslice_mask },
		{ I915_PARAM_SUBSLICE_TOTAL, "SUBSLICE_TOTAL", (int)(slices * ss) },
		{ I915_PARAM_EU_TOTAL, "EU_TOTAL",
		  (int)(slices * ss * p->eus_per_subslice) },
	};
	int fds[2] = { dev.drm_fd, open_render_node() };
	size_t i, n;
	int v;

	igt_assert_f(fds[1] >= 0, "no render node next to %s", dev.sysfs);
	for (n = 0; n < 2; n++)
		for (i = 0; i < ARRAY_SIZE(params); i++) {
			v = getparam_ok(fds[n], params[i].id, params[i].name);
			igt_assert_f(v == params[i].want,
				     "%s node: GETPARAM %s = %d, the %s row says %d",
				     n ? "render" : "primary", params[i].name, v,
				     p->name, params[i].want);
		}
	close(fds[1]);
}

static void test_getparam_invalid(void)
{
	/* Parameter ids i915 does not know either (its default case). */
	static const int32_t unknown[] = { 0, -1, 1000, 0x7fffffff, INT32_MIN };
	struct drm_i915_getparam gp;
	size_t i;
	int v;

	for (i = 0; i < ARRAY_SIZE(unknown); i++) {
		int ret = getparam(dev.drm_fd, unknown[i], &v);

		igt_assert_f(ret == -EINVAL, "GETPARAM %d: expected EINVAL, got %s",
			     unknown[i], ret ? strerror(-ret) : "success");
	}

	/* The id is checked before the value is stored. */
	gp.param = 0;
	gp.value = NULL;
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), EINVAL);

	/* put_user() of a valid parameter to a bad pointer: EFAULT. */
	gp.param = I915_PARAM_CHIPSET_ID;
	gp.value = NULL;
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), EFAULT);
	gp.value = oa_fault_ptr();
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), EFAULT);
	gp.param = I915_PARAM_PERF_REVISION;
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, &gp), EFAULT);

	/* The argument itself unreadable: the DRM core's copy-in fails. */
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_GETPARAM, oa_fault_ptr()), EFAULT);

	/* Nothing above broke the ioctl. */
	igt_assert_eq(getparam(dev.drm_fd, I915_PARAM_CHIPSET_ID, &v), 0);
	igt_assert_eq(v, dev.devid);
}

/* ---- QUERY ---- */

static unsigned int div_round_up(unsigned int a, unsigned int b)
{
	return (a + b - 1) / b;
}

/* Layout i915 query_topology_info()/fill_topology_info() produce. */
struct topo_layout {
	unsigned int ss_stride, eu_stride;
	unsigned int ss_offset, eu_offset;
	unsigned int total;
};

static struct topo_layout expected_layout(const struct oa_platform *p)
{
	struct topo_layout l;

	/* GEN_SSEU_STRIDE(): whole bytes of mask bits. */
	l.ss_stride = div_round_up(p->max_subslices, 8);
	l.eu_stride = div_round_up(p->max_eus_per_subslice, 8);
	l.ss_offset = 1;	/* one u8 slice mask */
	l.eu_offset = l.ss_offset + p->max_slices * l.ss_stride;
	l.total = sizeof(struct drm_i915_query_topology_info) + l.eu_offset +
		  p->max_slices * p->max_subslices * l.eu_stride;
	return l;
}

/* Issue one item; returns the ioctl's result (0 or -errno). */
static int query_items(struct drm_i915_query_item *items, uint32_t n,
		       uint32_t flags)
{
	struct drm_i915_query q = {
		.num_items = n, .flags = flags, .items_ptr = (uintptr_t)items,
	};

	return ioctl(dev.drm_fd, DRM_IOCTL_I915_QUERY, &q) ? -errno : 0;
}

static int32_t query_one(uint64_t id, uint32_t flags, int32_t length,
			 void *data)
{
	struct drm_i915_query_item item = {
		.query_id = id, .length = length, .flags = flags,
		.data_ptr = (uintptr_t)data,
	};
	int ret = query_items(&item, 1, 0);

	igt_assert_f(ret == 0, "QUERY id %" PRIu64 ": ioctl failed: %s (per-item errors go to item.length)",
		     id, strerror(-ret));
	return item.length;
}

static bool bit(const uint8_t *mask, unsigned int n)
{
	return mask[n / 8] & (1u << (n % 8));
}

static void test_query_topology(void)
{
	const struct oa_platform *p = dev.plat;
	const struct topo_layout l = expected_layout(p);
	struct drm_i915_query_topology_info *topo;
	struct drm_i915_query_item items[2];
	unsigned int s, ss, eu, eus = 0;
	uint8_t *buf, *data;
	int32_t len;
	size_t i;

	igt_info("expected: max %u/%u/%u, strides %u/%u, offsets %u/%u, %u bytes\n",
		 p->max_slices, p->max_subslices, p->max_eus_per_subslice,
		 l.ss_stride, l.eu_stride, l.ss_offset, l.eu_offset, l.total);

	/* Length 0 asks for the size; nothing is written. */
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, 0, NULL);
	igt_assert_eq(len, l.total);

	/* A larger buffer: exactly total bytes written, total returned. */
	buf = malloc(l.total + 64);
	igt_assert(buf);
	memset(buf, 0xa5, l.total + 64);
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, l.total + 64, buf);
	igt_assert_eq(len, l.total);
	for (i = l.total; i < l.total + 64; i++)
		igt_assert_f(buf[i] == 0xa5, "byte %zu beyond the %u-byte topology written: %#x",
			     i, l.total, buf[i]);

	topo = (struct drm_i915_query_topology_info *)buf;
	data = topo->data;
	igt_assert_eq(topo->flags, 0);
	igt_assert_eq(topo->max_slices, p->max_slices);
	igt_assert_eq(topo->max_subslices, p->max_subslices);
	igt_assert_eq(topo->max_eus_per_subslice, p->max_eus_per_subslice);
	igt_assert_eq(topo->subslice_offset, l.ss_offset);
	igt_assert_eq(topo->subslice_stride, l.ss_stride);
	igt_assert_eq(topo->eu_offset, l.eu_offset);
	igt_assert_eq(topo->eu_stride, l.eu_stride);

	igt_assert_eq_u32(data[0], p->slice_mask);
	for (s = 0; s < p->max_slices; s++) {
		bool s_on = p->slice_mask & (1u << s);
		const uint8_t *ssm = data + l.ss_offset + s * l.ss_stride;

		for (ss = 0; ss < p->max_subslices; ss++) {
			bool ss_on = s_on && (p->subslice_mask & (1u << ss));
			const uint8_t *eum = data + l.eu_offset +
					     (s * p->max_subslices + ss) * l.eu_stride;

			igt_assert_f(bit(ssm, ss) == ss_on,
				     "slice %u subslice %u: mask bit %d, expected %d",
				     s, ss, bit(ssm, ss), ss_on);
			for (eu = 0; eu < p->max_eus_per_subslice; eu++) {
				bool eu_on = ss_on && eu < p->eus_per_subslice;

				igt_assert_f(bit(eum, eu) == eu_on,
					     "slice %u subslice %u EU %u: mask bit %d, expected %d",
					     s, ss, eu, bit(eum, eu), eu_on);
				eus += eu_on;
			}
		}
		/* No stray bits above max_subslices in the stride. */
		for (ss = p->max_subslices; ss < l.ss_stride * 8; ss++)
			igt_assert_f(!bit(ssm, ss), "slice %u: subslice bit %u set beyond max",
				     s, ss);
	}
	igt_info("topology: slice mask %#x, %u EUs\n", data[0], eus);

	/* Exactly the length needed works too. */
	memset(buf, 0, l.total + 64);
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, l.total, buf);
	igt_assert_eq(len, l.total);
	igt_assert_eq(topo->max_slices, p->max_slices);

	/* Several items in one call are answered independently. */
	memset(items, 0, sizeof(items));
	items[0].query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
	items[1].query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
	items[1].length = l.total;
	items[1].data_ptr = (uintptr_t)buf;
	igt_assert_eq(query_items(items, 2, 0), 0);
	igt_assert_eq(items[0].length, l.total);
	igt_assert_eq(items[1].length, l.total);

	/* Zero items: nothing to do, success. */
	igt_assert_eq(query_items(NULL, 0, 0), 0);
	free(buf);
}

/* i915's engine names, by uAPI class number. */
static const char *const engine_class_names[] = { "rcs", "bcs", "vcs", "vecs", "ccs" };

/*
 * i915's __setup_engine_capabilities() (gt/intel_engine_cs.c) for an
 * engine of physical instance @inst, with every SFC fused in: HEVC on
 * VCS0 from Gen9 and every VCS from Gen11; SFC on VCS0 from Gen9 and
 * every even VCS from Gen11, and on VECS i where VCS 2i exists.
 */
static uint64_t engine_caps(const struct oa_platform *p, unsigned int class,
			    unsigned int inst)
{
	char vcs[16];
	uint64_t caps = 0;

	if (class == I915_ENGINE_CLASS_VIDEO) {
		if (p->graphics_ver >= 11 || (p->graphics_ver >= 9 && !inst))
			caps |= I915_VIDEO_CLASS_CAPABILITY_HEVC;
		if ((p->graphics_ver >= 11 && !(inst & 1)) ||
		    (p->graphics_ver >= 9 && !inst))
			caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
	} else if (class == I915_ENGINE_CLASS_VIDEO_ENHANCE && p->graphics_ver >= 9) {
		snprintf(vcs, sizeof(vcs), "vcs%u", 2 * inst);
		if (strstr(p->engines, vcs))
			caps |= I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC;
	}
	return caps;
}

/*
 * query-engine-info: DRM_I915_QUERY_ENGINE_INFO as i915's
 * query_engine_info(): length 0 gives the size, then one entry per engine
 * of the platform (i915_pci.c's platform_engine_mask, the row's list) in
 * i915's order, uAPI instances counted per class, the logical instance
 * flagged and equal to it, i915's video capabilities, reserved fields 0.
 * In the item: flags, a non-zero num_engines or rsvd in, a short length
 * EINVAL; a bad pointer EFAULT.
 */
static void test_query_engine_info(void)
{
	const struct oa_platform *p = dev.plat;
	struct drm_i915_query_engine_info *q;
	unsigned int n = 0, next[5] = { 0 }, i;
	char names[128], *tok, *save;
	int32_t len, want;
	uint8_t *buf;

	snprintf(names, sizeof(names), "%s", p->engines);
	for (tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		n++;
	igt_assert_lt(0u, n);
	want = sizeof(*q) + n * sizeof(struct drm_i915_engine_info);
	igt_assert_eq(sizeof(struct drm_i915_engine_info), 56);

	len = query_one(DRM_I915_QUERY_ENGINE_INFO, 0, 0, NULL);
	igt_assert_eq(len, want);
	buf = calloc(1, want + 64);
	igt_assert(buf);
	memset(buf, 0xa5, want + 64);
	memset(buf, 0, sizeof(*q));
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 0, want + 64, buf), want);
	q = (void *)buf;
	igt_assert_eq(q->num_engines, n);
	igt_assert(!q->rsvd[0] && !q->rsvd[1] && !q->rsvd[2]);

	snprintf(names, sizeof(names), "%s", p->engines);
	i = 0;
	for (tok = strtok_r(names, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		const struct drm_i915_engine_info *e = &q->engines[i];
		unsigned int class, inst = tok[strlen(tok) - 1] - '0';

		for (class = 0; class < 5; class++)
			if (!strncmp(tok, engine_class_names[class], strlen(tok) - 1) &&
			    strlen(engine_class_names[class]) == strlen(tok) - 1)
				break;
		igt_assert_f(class < 5, "engine name %s", tok);
		igt_info("%s: class %u instance %u logical %u caps 0x%" PRIx64 "\n", tok,
			 e->engine.engine_class, e->engine.engine_instance, e->logical_instance,
			 (uint64_t)e->capabilities);
		igt_assert_eq(e->engine.engine_class, class);
		igt_assert_eq(e->engine.engine_instance, next[class]);
		igt_assert_eq_u64(e->flags, I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE);
		igt_assert_eq(e->logical_instance, next[class]);
		igt_assert_eq_u64(e->capabilities, engine_caps(p, class, inst));
		igt_assert(!e->rsvd0 && !e->rsvd1[0] && !e->rsvd1[1] && !e->rsvd1[2]);
		igt_assert(!e->rsvd2[0] && !e->rsvd2[1] && !e->rsvd2[2]);
		next[class]++;
	}
	/* Nothing written past the answer. */
	for (i = want; i < (unsigned int)want + 64; i++)
		igt_assert_eq(buf[i], 0xa5);

	memset(buf, 0, want);
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 1, want, buf), -EINVAL);
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 0, want - 1, buf), -EINVAL);
	q->num_engines = 1;
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 0, want, buf), -EINVAL);
	q->num_engines = 0;
	q->rsvd[2] = 1;
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 0, want, buf), -EINVAL);
	igt_assert_eq(query_one(DRM_I915_QUERY_ENGINE_INFO, 0, want, oa_fault_ptr()), -EFAULT);
	free(buf);
}

static void test_query_invalid(void)
{
	const struct topo_layout l = expected_layout(dev.plat);
	struct drm_i915_query_item items[2];
	uint8_t *buf = calloc(1, l.total);
	int32_t len;

	igt_assert(buf);

	/* Ids i915 has no query for: -EINVAL in the item, ioctl succeeds. */
	len = query_one(0xffff, 0, 0, NULL);
	igt_assert_eq(len, -EINVAL);
	len = query_one(0x7fffffff, 0, l.total, buf);
	igt_assert_eq(len, -EINVAL);

	/* Non-zero item flags: -EINVAL, also for the length query. */
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 1, 0, NULL);
	igt_assert_eq(len, -EINVAL);
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0x80000000u, l.total, buf);
	igt_assert_eq(len, -EINVAL);

	/* Shorter than needed (copy_query_item()): -EINVAL. */
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, l.total - 1, buf);
	igt_assert_eq(len, -EINVAL);
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, 1, buf);
	igt_assert_eq(len, -EINVAL);
	/*
	 * A negative length is not "ask for the size" and not too short:
	 * copy_query_item() compares the s32 length with the u32 total, so
	 * -1 counts as 0xffffffff bytes and the topology is written.
	 */
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, -1, buf);
	igt_assert_eq(len, l.total);

	/* Long enough but unreadable/unwritable data: -EFAULT. */
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, l.total, NULL);
	igt_assert_eq(len, -EFAULT);
	len = query_one(DRM_I915_QUERY_TOPOLOGY_INFO, 0, l.total, oa_fault_ptr());
	igt_assert_eq(len, -EFAULT);

	/* An error in one item does not stop the next. */
	memset(items, 0, sizeof(items));
	items[0].query_id = 0xffff;
	items[1].query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
	igt_assert_eq(query_items(items, 2, 0), 0);
	igt_assert_eq(items[0].length, -EINVAL);
	igt_assert_eq(items[1].length, l.total);

	/*
	 * i915 writes item.length back only if it changed: an item in
	 * read-only memory that already holds the right length succeeds,
	 * one that needs the length written fails the ioctl with EFAULT.
	 */
	{
		struct drm_i915_query_item *ro;

		ro = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		igt_assert(ro != MAP_FAILED);
		ro->query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
		ro->length = l.total;
		ro->data_ptr = (uintptr_t)buf;
		igt_assert_eq(mprotect(ro, 4096, PROT_READ), 0);
		igt_assert_eq(query_items(ro, 1, 0), 0);
		igt_assert_eq(mprotect(ro, 4096, PROT_READ | PROT_WRITE), 0);
		ro->length = 0;
		igt_assert_eq(mprotect(ro, 4096, PROT_READ), 0);
		igt_assert_eq(query_items(ro, 1, 0), -EFAULT);
		munmap(ro, 4096);
	}

	/* Whole-ioctl errors. */
	memset(items, 0, sizeof(items));
	items[0].query_id = DRM_I915_QUERY_TOPOLOGY_INFO;
	igt_assert_eq(query_items(items, 1, 1), -EINVAL);
	igt_assert_eq(query_items(items, 1, 0x80000000u), -EINVAL);
	igt_assert_eq(items[0].length, 0);	/* untouched */
	items[0].query_id = 0;
	igt_assert_eq(query_items(items, 1, 0), -EINVAL);
	igt_assert_eq(query_items(oa_fault_ptr(), 1, 0), -EFAULT);
	igt_assert_eq(query_items(NULL, 1, 0), -EFAULT);
	free(buf);
}

/* ---- REG_READ ---- */

static int reg_read(uint64_t offset, uint64_t *val)
{
	struct drm_i915_reg_read reg = { .offset = offset, .val = ~0ull };

	if (ioctl(dev.drm_fd, DRM_IOCTL_I915_REG_READ, &reg))
		return -errno;
	*val = reg.val;
	return 0;
}

static uint64_t reg_read_ts(uint64_t offset)
{
	uint64_t v = 0;
	int ret = reg_read(offset, &v);

	igt_assert_f(ret == 0, "REG_READ %#" PRIx64 ": %s", offset, strerror(-ret));
	igt_assert_f(v <= TS_MASK, "REG_READ %#" PRIx64 " = %#" PRIx64 ": more than %d bits",
		     offset, v, TS_BITS);
	return v;
}

static void test_reg_read_timestamp(void)
{
	/* RING_TIMESTAMP runs at the command-streamer rate (dg2.rst) */
	const uint64_t hz = oa_cs_hz(dev.plat);
	const unsigned int sleep_ms = 500;
	uint64_t prev, cur, t0, t1, ts0, ts1, ticks, expect;
	double ratio;
	int i;

	/* Both forms, interleaved: the counter never goes backwards. */
	prev = reg_read_ts(OA_RING_TIMESTAMP);
	for (i = 0; i < 16; i++) {
		uint64_t off = OA_RING_TIMESTAMP | (i & 1 ? I915_REG_READ_8B_WA : 0);

		cur = reg_read_ts(off);
		igt_assert_f(((cur - prev) & TS_MASK) < hz,
			     "read %d (%#" PRIx64 "): %#" PRIx64 " after %#" PRIx64 ": went back or jumped",
			     i, off, cur, prev);
		prev = cur;
	}

	/* i915 marks REG_READ DRM_RENDER_ALLOW. */
	{
		struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
		int fd = open_render_node();

		if (fd >= 0) {
			igt_assert_f(ioctl(fd, DRM_IOCTL_I915_REG_READ, &reg) == 0,
				     "REG_READ on the render node: %s", strerror(errno));
			igt_assert_lte_u64(reg.val, TS_MASK);
			close(fd);
		}
	}

	/* Rate: ticks over a known sleep, against CLOCK_MONOTONIC. */
	t0 = oa_now_ns();
	ts0 = reg_read_ts(OA_RING_TIMESTAMP);
	oa_sleep_ms(sleep_ms);
	ts1 = reg_read_ts(OA_RING_TIMESTAMP | I915_REG_READ_8B_WA);
	t1 = oa_now_ns();

	ticks = (ts1 - ts0) & TS_MASK;
	expect = (t1 - t0) * hz / 1000000000ull;
	ratio = (double)ticks / (double)expect;
	igt_info("%" PRIu64 " ticks over %.3f ms (expected ~%" PRIu64 " at %" PRIu64 " Hz): ratio %.3f\n",
		 ticks, (t1 - t0) / 1e6, expect, hz, ratio);
	/* Loose: TCG timing jitters; a wrong clock is off by 2x or more. */
	igt_assert_f(ratio > 0.75 && ratio < 1.25,
		     "RING_TIMESTAMP advanced %.3f x the %" PRIu64 " Hz expected",
		     ratio, hz);
	/* The sleep alone is a lower bound: the counter cannot be slower. */
	igt_assert_lte_u64(sleep_ms * hz / 1000 * 9 / 10, ticks);
}

static void test_reg_read_invalid(void)
{
	/*
	 * i915 reg_read_whitelist[] on Gen9: only RING_TIMESTAMP(RENDER),
	 * size 8. Low offset bits are flags; only I915_REG_READ_8B_WA (1)
	 * is valid. Everything else is EINVAL.
	 */
	static const uint64_t bad[] = {
		0, 4, 0x2350, 0x2354, 0x2360, 0x2358 + 8,
		0x2358 | 2, 0x2358 | 3, 0x2358 | 4,
		0x235c,			/* UDW alone: flags 4 */
		0x2b08, 0x9120, 0xa26c, 0xa01c, 0x145998,
		0x12358,		/* BSD ring timestamp */
		0x22358,		/* BLT ring timestamp */
		(1ull << 32) | 0x2358,
		~0ull,
	};
	uint64_t v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret = reg_read(bad[i], &v);

		igt_assert_f(ret == -EINVAL, "REG_READ offset %#" PRIx64 ": expected EINVAL, got %s",
			     bad[i], ret ? strerror(-ret) : "success");
	}
	igt_assert_errno(ioctl(dev.drm_fd, DRM_IOCTL_I915_REG_READ, oa_fault_ptr()), EFAULT);
	/* The whitelisted register still reads. */
	igt_assert_eq(reg_read(OA_RING_TIMESTAMP, &v), 0);
}

/* ---- GEM_THROTTLE ---- */

static void test_gem_throttle(void)
{
	int fd, i;

	for (i = 0; i < 3; i++)
		igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL), 0);

	fd = open_render_node();
	igt_require_f(fd >= 0, "no render node next to %s\n", dev.sysfs);
	/* DRM_RENDER_ALLOW in i915. */
	igt_assert_eq(ioctl(fd, DRM_IOCTL_I915_GEM_THROTTLE, NULL), 0);
	close(fd);
}

/* ---- sysfs ---- */

static void test_sysfs_frequencies(void)
{
	const struct oa_platform *p = dev.plat;
	uint64_t rp0, rp1, rpn, min, max, rc6, act, gpu_mhz;
	char path[PATH_MAX];

	rp0 = card_attr("gt_RP0_freq_mhz");
	rp1 = card_attr("gt_RP1_freq_mhz");
	rpn = card_attr("gt_RPn_freq_mhz");
	min = card_attr("gt_min_freq_mhz");
	max = card_attr("gt_max_freq_mhz");
	igt_info("RP0 %" PRIu64 " RP1 %" PRIu64 " RPn %" PRIu64 " min %" PRIu64 " max %" PRIu64 " MHz\n",
		 rp0, rp1, rpn, min, max);

	igt_assert_eq(rp0, p->rp0_mhz);
	igt_assert_eq(rp1, p->rp1_mhz);
	igt_assert_eq(rpn, p->rpn_mhz);
	/* i915 defaults: soft limits are the hardware range RPn..RP0. */
	igt_assert_eq(min, p->rpn_mhz);
	igt_assert_eq(max, p->rp0_mhz);
	igt_assert_lte(rpn, rp1);
	igt_assert_lte(rp1, rp0);

	/*
	 * The device runs the GPU at R x the timestamp clock (RP1 on Gen6/7,
	 * gen6-gen7.rst) and its CAGF reports that, rounded down to the
	 * register's unit (50 MHz, or 50/3 MHz from Gen9).
	 */
	act = card_attr("gt_act_freq_mhz");
	gpu_mhz = (uint64_t)p->gpu_ticks_ratio * p->timestamp_hz / 1000000;
	igt_info("gt_act_freq_mhz %" PRIu64 ", R x timestamp clock %" PRIu64 " MHz\n",
		 act, gpu_mhz);
	igt_assert_f(act <= gpu_mhz && gpu_mhz - act < 50,
		     "gt_act_freq_mhz %" PRIu64 " is not the %" PRIu64 " MHz GPU clock rounded down",
		     act, gpu_mhz);
	if (p->graphics_ver < 8)
		igt_assert_eq(act, p->rp1_mhz);

	snprintf(path, sizeof(path), "%s/power/rc6_enable", dev.sysfs);
	igt_assert_f(access(path, R_OK) == 0, "%s: %s", path, strerror(errno));
	rc6 = card_attr("power/rc6_enable");
	igt_info("power/rc6_enable = %" PRIu64 "\n", rc6);
}

/* ---- stream ioctls ---- */

static int open_stream(void)
{
	struct oa_open o;

	oa_open_periodic(&dev, &o, oa_platform_format(dev.plat, I915_OA_FORMAT_A12), 16);
	return oa_open(dev.drm_fd, &o);
}

/*
 * A metric set id no config has: i915 (and the driver) allocate ids
 * upwards from 2 with idr_alloc(), so this one is never reached.
 */
static uint64_t unused_config_id(void)
{
	return 0x7ffffff0ull;
}

static void test_stream_ioctl_invalid(void)
{
	static const unsigned long unknown[] = {
		_IO('i', 0x3), _IO('i', 0x7f), _IO('i', 0xff),
		_IOW('i', 0x0, int),	/* ENABLE's number, other size */
		_IOWR('i', 0x2, uint64_t),
		_IO('j', 0x0),
		DRM_IOCTL_I915_GETPARAM,
		0,
	};
	uint64_t ids[] = { unused_config_id(), 0xffffffffull, 0 };
	size_t i;
	long ret;
	int fd;

	fd = open_stream();

	for (i = 0; i < ARRAY_SIZE(unknown); i++) {
		errno = 0;
		ret = ioctl(fd, unknown[i], 0);
		igt_assert_f(ret == -1 && errno == EINVAL,
			     "stream ioctl %#lx: expected EINVAL (i915_perf_ioctl_locked), got ret=%ld %s",
			     unknown[i], ret, strerror(errno));
	}

	/* Not seekable, as i915's stream (no_llseek): ESPIPE. */
	errno = 0;
	igt_assert_f(lseek(fd, 0, SEEK_SET) == -1 && errno == ESPIPE,
		     "lseek on a stream fd: expected ESPIPE, got %s", strerror(errno));

	/* CONFIG with an id no config has: i915_perf_config_locked() EINVAL. */
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		errno = 0;
		ret = ioctl(fd, I915_PERF_IOCTL_CONFIG, (unsigned long)ids[i]);
		igt_assert_f(ret == -1 && errno == EINVAL,
			     "I915_PERF_IOCTL_CONFIG %#" PRIx64 ": expected EINVAL, got ret=%ld %s",
			     ids[i], ret, strerror(errno));
	}

	/* The stream kept its config: switching to it returns its id. */
	ret = ioctl(fd, I915_PERF_IOCTL_CONFIG, (unsigned long)dev.metrics_set);
	igt_assert_f(ret == (long)dev.metrics_set,
		     "I915_PERF_IOCTL_CONFIG %" PRIu64 " after failed switches: got %ld (%s), expected the previous id %" PRIu64,
		     dev.metrics_set, ret, ret < 0 ? strerror(errno) : "-", dev.metrics_set);

	/* The known ones still work. */
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_DISABLE, 0), 0);
	igt_assert_eq(ioctl(fd, I915_PERF_IOCTL_ENABLE, 0), 0);
	close(fd);
}

/* ---- DRM version ---- */

static void test_drm_version(void)
{
	drmVersionPtr v = drmGetVersion(dev.drm_fd);

	igt_assert_f(v, "drmGetVersion: %s", strerror(errno));
	igt_info("name \"%s\" desc \"%s\" date \"%s\" %d.%d.%d\n", v->name,
		 v->desc, v->date, v->version_major, v->version_minor,
		 v->version_patchlevel);
	igt_assert_f(v->name && !strcmp(v->name, "i915"),
		     "DRM driver name \"%s\", expected \"i915\" (i915 perf userspace matches on it)",
		     v->name ? v->name : "(null)");
	igt_assert_f(v->desc && strstr(v->desc, "intel_oa"),
		     "DRM driver desc \"%s\" does not say intel_oa",
		     v->desc ? v->desc : "(null)");
	drmFreeVersion(v);
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("GETPARAM CHIPSET_ID and REVISION equal the PCI config space, CS and OA timestamp frequencies the platform row's clock, PERF_REVISION 7; on the primary and render nodes.");
	igt_subtest("getparam-values")
		test_getparam_values();

	igt_describe("GETPARAM SLICE_MASK, SUBSLICE_MASK, SUBSLICE_TOTAL and EU_TOTAL equal the platform row's S x SS x EU, on the primary and render nodes.");
	igt_subtest("getparam-topology")
		test_getparam_topology();

	igt_describe("GETPARAM of ids i915 does not know fails with EINVAL (before the value is stored); a bad value pointer fails with EFAULT.");
	igt_subtest("getparam-invalid")
		test_getparam_invalid();

	igt_describe("QUERY TOPOLOGY_INFO: length 0 returns the size, then the header (i915 max slices/subslices/EUs, offsets, strides) and masks equal the platform row's topology.");
	igt_subtest("query-topology")
		test_query_topology();

	igt_describe("QUERY ENGINE_INFO: length 0 returns the size, then the platform's engines (i915_pci.c) in i915's order with i915's instances, logical instances and video capabilities; i915's errnos.");
	igt_subtest("query-engine-info")
		test_query_engine_info();

	igt_describe("QUERY: unknown id, item flags, too short length give -EINVAL in item.length; a bad data pointer -EFAULT; query flags or id 0 fail the ioctl with EINVAL.");
	igt_subtest("query-invalid")
		test_query_invalid();

	igt_describe("REG_READ of RING_TIMESTAMP (0x2358, with and without I915_REG_READ_8B_WA) returns a 36-bit value advancing at the platform's timestamp frequency.");
	igt_subtest("reg-read-timestamp")
		test_reg_read_timestamp();

	igt_describe("REG_READ of any offset outside i915's Gen9 whitelist, or with flag bits other than 8B_WA, fails with EINVAL.");
	igt_subtest("reg-read-invalid")
		test_reg_read_invalid();

	igt_describe("GEM_THROTTLE returns 0 on the primary and render nodes.");
	igt_subtest("gem-throttle")
		test_gem_throttle();

	igt_describe("gt_RP0/RP1/RPn_freq_mhz equal the platform row's RP_STATE_CAP, gt_min/max_freq_mhz RPn/RP0; power/rc6_enable exists.");
	igt_subtest("sysfs-frequencies")
		test_sysfs_frequencies();

	igt_describe("Unknown stream-fd ioctls and I915_PERF_IOCTL_CONFIG with an unknown metric set fail with EINVAL, leaving the stream's config unchanged; lseek fails with ESPIPE.");
	igt_subtest("stream-ioctl-invalid")
		test_stream_ioctl_invalid();

	igt_describe("drmGetVersion names the driver \"i915\" and its description mentions intel_oa.");
	igt_subtest("drm-version")
		test_drm_version();

	igt_fixture
		oa_dev_close(&dev);
}
