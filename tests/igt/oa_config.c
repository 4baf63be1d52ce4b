// SPDX-License-Identifier: MIT
/*
 * oa_config: userspace OA configurations (DRM_IOCTL_I915_PERF_ADD_CONFIG /
 * REMOVE_CONFIG): register whitelists, uuid rules, sysfs metrics/<uuid>/id
 * and errnos as in i915_perf.c (i915_perf_add_config_ioctl,
 * i915_perf_remove_config_ioctl and the gen8 whitelist tables).
 */
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

struct reg { uint32_t addr, val; };

static void uuid_for(char out[36], unsigned int n)
{
	char tmp[40];

	snprintf(tmp, sizeof(tmp), "%08x-1234-4abc-8def-%012x", 0x0a0a0000u + n, n);
	memcpy(out, tmp, 36);
}

static int add_config(const char *uuid36, const struct reg *mux, uint32_t n_mux,
		      const struct reg *b, uint32_t n_b, const struct reg *flex,
		      uint32_t n_flex)
{
	struct drm_i915_perf_oa_config cfg = {
		.n_mux_regs = n_mux, .mux_regs_ptr = (uintptr_t)mux,
		.n_boolean_regs = n_b, .boolean_regs_ptr = (uintptr_t)b,
		.n_flex_regs = n_flex, .flex_regs_ptr = (uintptr_t)flex,
	};
	int ret;

	memcpy(cfg.uuid, uuid36, sizeof(cfg.uuid));
	ret = ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	return ret < 0 ? -errno : ret;
}

static int remove_config(uint64_t id)
{
	return ioctl(dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id) < 0 ? -errno : 0;
}

static void remove_cleanup(void *data)
{
	uint64_t *id = data;

	if (*id)
		remove_config(*id);
	free(id);
}

/* Add, asserting success, and remove at subtest end if still present. */
static uint64_t *add_config_ok(const char *uuid36, const struct reg *mux, uint32_t n_mux,
			       const struct reg *b, uint32_t n_b,
			       const struct reg *flex, uint32_t n_flex)
{
	uint64_t *id = calloc(1, sizeof(*id));
	int ret = add_config(uuid36, mux, n_mux, b, n_b, flex, n_flex);

	igt_assert(id);
	igt_assert_f(ret > 0, "ADD_CONFIG %.36s failed: %s", uuid36, strerror(-ret));
	*id = ret;
	igt_push_cleanup(remove_cleanup, id);
	return id;
}

static bool metrics_dir_exists(const char *uuid36)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/metrics/%.36s", dev.sysfs, uuid36);
	return stat(path, &st) == 0;
}

/* The gen8/9 whitelist (i915_perf.c gen7_oa_mux_regs + gen8_oa_mux_regs,
 * gen7_oa_b_counters, EU_PERF_CNTL0..6), range ends included. */
static const struct reg ok_mux[] = {
	{ 0x91b8, 1 }, { 0x91cc, 2 },		/* OA_PERFCNT1..2, PERFMATRIX */
	{ 0x9800, 3 }, { 0x9888, 0x14000000 },	/* MICRO_BP0_0 .. NOA_WRITE */
	{ 0xe180, 5 },				/* HALF_SLICE_CHICKEN2 */
	{ 0x0d00, 6 }, { 0x0d2c, 7 },		/* RPM_CONFIG0 .. NOA_CONFIG8 */
	{ 0x20cc, 8 },				/* WAIT_FOR_RC6_EXIT */
};
static const struct reg ok_b[] = {
	{ 0x2710, 1 }, { 0x272c, 2 },		/* OASTARTTRIG1..8 */
	{ 0x2740, 3 }, { 0x275c, 4 },		/* OAREPORTTRIG1..8 */
	{ 0x2770, 5 }, { 0x27ac, 6 },		/* CEC0_0..CEC7_1 */
};
static const struct reg ok_flex[] = {
	{ 0xe458, 1 }, { 0xe558, 2 }, { 0xe658, 3 }, { 0xe758, 4 },
	{ 0xe45c, 5 }, { 0xe55c, 6 }, { 0xe65c, 7 },
};

static void test_add_remove(void)
{
	const struct oa_format *f = oa_format_by_id(I915_OA_FORMAT_A12_B8_C8);
	struct oa_capture c;
	uint64_t *id, sysfs_id = 0;
	struct oa_open o;
	char uuid[36];
	int fd;

	uuid_for(uuid, 1);
	id = add_config_ok(uuid, ok_mux, ARRAY_SIZE(ok_mux), ok_b, ARRAY_SIZE(ok_b),
			   ok_flex, ARRAY_SIZE(ok_flex));
	igt_assert_f(*id >= 2, "new config got id %" PRIu64 "; ids 0 and 1 are reserved", *id);
	igt_assert_f(oa_metric_id_for_uuid(&dev, uuid, &sysfs_id),
		     "%s/metrics/%.36s/id missing after ADD_CONFIG", dev.sysfs, uuid);
	igt_assert_eq(sysfs_id, *id);

	/* The new config is usable, and reports stay right. */
	oa_open_periodic(&dev, &o, f, 14);
	o.props[3] = *id;
	fd = oa_open(dev.drm_fd, &o);
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 8, 5000);
	close(fd);
	igt_assert_lte(8, c.n);
	oa_assert_reports(&dev, &c, 14, 0);
	oa_capture_fini(&c);

	igt_assert_eq(remove_config(*id), 0);
	igt_assert_f(!metrics_dir_exists(uuid), "metrics/%.36s still in sysfs after REMOVE_CONFIG",
		     uuid);
	igt_assert_eq(oa_try_open(dev.drm_fd, &o), -EINVAL);
	igt_assert_eq(remove_config(*id), -ENOENT);
	*id = 0;
}

static void test_remove_in_use(void)
{
	const struct oa_format *f = oa_format_by_id(I915_OA_FORMAT_A12);
	struct oa_capture c;
	struct oa_open o;
	char uuid[36];
	uint64_t *id;
	int fd;

	uuid_for(uuid, 2);
	id = add_config_ok(uuid, ok_mux, 2, NULL, 0, NULL, 0);
	oa_open_periodic(&dev, &o, f, 14);
	o.props[3] = *id;
	fd = oa_open(dev.drm_fd, &o);
	igt_assert_eq(remove_config(*id), 0);
	*id = 0;
	igt_assert(!metrics_dir_exists(uuid));
	oa_capture_init(&c, f, &o);
	oa_capture_until(fd, &c, 8, 5000);
	close(fd);
	igt_assert_lte(8, c.n);
	oa_assert_reports(&dev, &c, 14, 0);
	oa_capture_fini(&c);
}

static void test_rejected_registers(void)
{
	static const struct reg bad_mux[] = {
		{ 0x91b4, 0 }, { 0x91d0, 0 }, { 0x97fc, 0 }, { 0x988c, 0 },
		{ 0xe17c, 0 }, { 0xe184, 0 }, { 0x0cfc, 0 }, { 0x0d30, 0 },
		{ 0x20c8, 0 }, { 0x20d0, 0 },
		{ 0x2358, 0 },	/* RING_TIMESTAMP */
		{ 0x2b00, 0 },	/* OACONTROL */
		{ 0x2b14, 0 },	/* OABUFFER */
		{ 0x44200, 0 },	/* MASTER_IRQ */
	};
	static const struct reg bad_b[] = {
		{ 0x270c, 0 }, { 0x2730, 0 }, { 0x273c, 0 }, { 0x2760, 0 },
		{ 0x276c, 0 }, { 0x27b0, 0 }, { 0x2b00, 0 }, { 0x9888, 0 },
	};
	static const struct reg bad_flex[] = {
		{ 0xe454, 0 }, { 0xe460, 0 }, { 0xe758 + 4, 0 }, { 0xe65c + 0x100, 0 },
		{ 0x2710, 0 },
	};
	char uuid[36];
	size_t i;
	int ret;

	uuid_for(uuid, 3);
	for (i = 0; i < ARRAY_SIZE(bad_mux); i++) {
		ret = add_config(uuid, &bad_mux[i], 1, NULL, 0, NULL, 0);
		igt_assert_f(ret == -EINVAL, "mux register %#x: expected EINVAL, got %s",
			     bad_mux[i].addr, ret > 0 ? "accepted" : strerror(-ret));
	}
	for (i = 0; i < ARRAY_SIZE(bad_b); i++) {
		ret = add_config(uuid, NULL, 0, &bad_b[i], 1, NULL, 0);
		igt_assert_f(ret == -EINVAL, "boolean register %#x: expected EINVAL, got %s",
			     bad_b[i].addr, ret > 0 ? "accepted" : strerror(-ret));
	}
	for (i = 0; i < ARRAY_SIZE(bad_flex); i++) {
		ret = add_config(uuid, NULL, 0, NULL, 0, &bad_flex[i], 1);
		igt_assert_f(ret == -EINVAL, "flex register %#x: expected EINVAL, got %s",
			     bad_flex[i].addr, ret > 0 ? "accepted" : strerror(-ret));
	}
	/* One bad register spoils an otherwise good list. */
	{
		struct reg mixed[ARRAY_SIZE(ok_mux) + 1];

		memcpy(mixed, ok_mux, sizeof(ok_mux));
		mixed[ARRAY_SIZE(ok_mux)] = bad_mux[0];
		ret = add_config(uuid, mixed, ARRAY_SIZE(mixed), NULL, 0, NULL, 0);
		igt_assert_f(ret == -EINVAL, "good mux list + one bad: got %s",
			     ret > 0 ? "accepted" : strerror(-ret));
	}
	igt_assert(!metrics_dir_exists(uuid));
}

static void test_no_registers(void)
{
	char uuid[36];

	uuid_for(uuid, 4);
	igt_assert_eq(add_config(uuid, NULL, 0, NULL, 0, NULL, 0), -EINVAL);
	/* A count with a NULL pointer is still "no registers". */
	igt_assert_eq(add_config(uuid, NULL, 1, NULL, 1, NULL, 1), -EINVAL);
	/* A pointer with a zero count likewise. */
	igt_assert_eq(add_config(uuid, ok_mux, 0, ok_b, 0, ok_flex, 0), -EINVAL);
}

static void test_bad_pointer(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char uuid[36];
	void *map;

	map = mmap(NULL, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(map != MAP_FAILED);
	uuid_for(uuid, 5);
	igt_assert_eq(add_config(uuid, map, 1, NULL, 0, NULL, 0), -EFAULT);
	igt_assert_eq(add_config(uuid, NULL, 0, map, 1, NULL, 0), -EFAULT);
	igt_assert_eq(add_config(uuid, NULL, 0, NULL, 0, map, 1), -EFAULT);
	munmap(map, page);
	igt_assert(!metrics_dir_exists(uuid));
}

/*
 * add-config-huge-count: register counts no allocation can hold fail with
 * ENOMEM (i915's alloc_oa_regs() allocates before copying), quietly: the
 * count is user input, so it must not put an allocation-failure warning
 * in the kernel log.
 */
static void test_huge_count(void)
{
	static const struct reg one = { 0x2770, 0 };	/* CEC0_0 */
	static const uint32_t counts[] = { 0x10000000, 0xffffffff };
	struct oa_kmsg k;
	char uuid[36];
	unsigned int i;

	uuid_for(uuid, 6);
	oa_kmsg_begin(&k, "huge register counts");
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		igt_assert_eq(add_config(uuid, &one, counts[i], NULL, 0, NULL, 0),
			      -ENOMEM);
		igt_assert_eq(add_config(uuid, NULL, 0, &one, counts[i], NULL, 0),
			      -ENOMEM);
		igt_assert_eq(add_config(uuid, NULL, 0, NULL, 0, &one, counts[i]),
			      -ENOMEM);
	}
	igt_assert_eq(oa_kmsg_end(&k), 0);
	igt_assert(!metrics_dir_exists(uuid));
}

static void test_bad_uuid(void)
{
	static const char *const bad[] = {
		"01234567-0123-0123-0123-0123456789a",	/* 35 chars + NUL */
		"0123456780123-0123-0123-0123456789ab",	/* dash missing */
		"01234567-0123-0123-0123-0123456789ag",	/* not hex */
		"01234567_0123_0123_0123_0123456789ab",	/* wrong separators */
		"                                    ",
	};
	char uuid[37];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret;

		memset(uuid, 0, sizeof(uuid));
		memcpy(uuid, bad[i], strlen(bad[i]));
		ret = add_config(uuid, ok_mux, 1, NULL, 0, NULL, 0);
		igt_assert_f(ret == -EINVAL, "uuid '%.36s': expected EINVAL, got %s", uuid,
			     ret > 0 ? "accepted" : strerror(-ret));
	}
}

static void test_duplicate_uuid(void)
{
	char uuid[36];
	uint64_t *id;
	int ret;

	uuid_for(uuid, 6);
	id = add_config_ok(uuid, ok_mux, 1, NULL, 0, NULL, 0);
	ret = add_config(uuid, ok_mux, 2, NULL, 0, NULL, 0);
	igt_assert_f(ret == -EADDRINUSE, "second ADD_CONFIG with the same uuid: expected EADDRINUSE, got %s",
		     ret > 0 ? "accepted" : strerror(-ret));
	igt_assert_eq(remove_config(*id), 0);
	*id = 0;
	/* Once removed, the uuid is free again. */
	id = add_config_ok(uuid, ok_mux, 1, NULL, 0, NULL, 0);
	igt_assert_eq(remove_config(*id), 0);
	*id = 0;
}

static void test_invalid_remove(void)
{
	igt_assert_eq(remove_config(0), -ENOENT);
	igt_assert_eq(remove_config(0xdeadbeef), -ENOENT);
	igt_assert_eq(remove_config(~0ull), -ENOENT);
	igt_assert_eq(remove_config(dev.metrics_set + 1000), -ENOENT);
}

static void test_many_configs(void)
{
	uint64_t *ids[16];
	char uuid[36];
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		uuid_for(uuid, 100 + i);
		ids[i] = add_config_ok(uuid, ok_mux, 1 + i % ARRAY_SIZE(ok_mux), NULL, 0, NULL, 0);
		for (j = 0; j < i; j++)
			igt_assert_f(*ids[j] != *ids[i], "configs %zu and %zu share id %" PRIu64,
				     j, i, *ids[i]);
	}
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		uint64_t sysfs_id;

		uuid_for(uuid, 100 + i);
		igt_assert(oa_metric_id_for_uuid(&dev, uuid, &sysfs_id));
		igt_assert_eq(sysfs_id, *ids[i]);
		igt_assert_eq(remove_config(*ids[i]), 0);
		*ids[i] = 0;
	}
}

igt_main
{
	igt_fixture
		oa_dev_open(&dev);

	igt_describe("A config of whitelisted mux, boolean and flex registers gets an id >= 2 shown in sysfs metrics/<uuid>/id, opens a stream, and disappears on removal.");
	igt_subtest("add-remove-config")
		test_add_remove();

	igt_describe("Removing a config in use succeeds; the stream keeps working.");
	igt_subtest("remove-config-in-use")
		test_remove_in_use();

	igt_describe("Registers outside the gen8/9 whitelist (boundaries and OA control registers) fail with EINVAL, per list.");
	igt_subtest("add-config-rejected-registers")
		test_rejected_registers();

	igt_describe("A config without registers (no count or no pointer) fails with EINVAL.");
	igt_subtest("add-config-no-registers")
		test_no_registers();

	igt_describe("Unreadable register lists fail with EFAULT.");
	igt_subtest("add-config-bad-pointer")
		test_bad_pointer();

	igt_describe("Register counts no allocation can hold fail with ENOMEM and leave the kernel log clean.");
	igt_subtest("add-config-huge-count")
		test_huge_count();

	igt_describe("Malformed uuids fail with EINVAL.");
	igt_subtest("add-config-bad-uuid")
		test_bad_uuid();

	igt_describe("A second config with a uuid in use fails with EADDRINUSE; after removal the uuid is free.");
	igt_subtest("add-config-duplicate-uuid")
		test_duplicate_uuid();

	igt_describe("Removing an id that does not exist fails with ENOENT.");
	igt_subtest("invalid-remove-config")
		test_invalid_remove();

	igt_describe("Sixteen configs get distinct ids, each visible in sysfs, all removable.");
	igt_subtest("add-many-configs")
		test_many_configs();

	igt_fixture
		oa_dev_close(&dev);
}
