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

/*
 * Whitelisted registers of the platform's generation (oa_hw.c, from the
 * platforms.rst tables): both ends of every range. Filled by the fixture.
 */
#define MAX_OK (2 * OA_MAX_RANGES)
static struct reg ok_mux[MAX_OK], ok_b[MAX_OK], ok_flex[MAX_OK];
static uint32_t n_ok_mux, n_ok_b, n_ok_flex;

static uint32_t ok_value(uint32_t addr, uint32_t i)
{
	uint32_t noa_addr, noa_val;

	/* the NOA power on, as Intel's sets write it: B and C count */
	if (oa_platform_noa_power(dev.plat, &noa_addr, &noa_val) && addr == noa_addr)
		return noa_val;
	/* NOA_WRITE: a plausible mux programming word, like i915's configs */
	return addr == 0x9888 ? 0x14000000 : i + 1;
}

static uint32_t fill_ok(struct reg *out, const struct oa_range *list)
{
	uint32_t n = 0;
	size_t i;

	for (i = 0; i < OA_MAX_RANGES && list[i].lo; i++) {
		/*
		 * RPM_CONFIG0 (0x0d00) selects the CTC crystal the driver reads
		 * at probe: a config the suite opens streams with (and that
		 * outlives a rebind) writes the register after it instead.
		 */
		uint32_t lo = list[i].lo == 0x0d00 && list[i].hi > 0x0d00 ?
			      0x0d04 : list[i].lo;

		if (lo == 0x0d00)
			continue;
		out[n].addr = lo;
		out[n].val = ok_value(lo, n);
		n++;
		if (list[i].hi != lo) {
			out[n].addr = list[i].hi;
			out[n].val = ok_value(list[i].hi, n);
			n++;
		}
	}
	return n;
}

static void fill_whitelist(void)
{
	uint32_t noa_addr, noa_val, i;

	n_ok_mux = fill_ok(ok_mux, dev.plat->wl->mux);
	/*
	 * The NOA power (inside a whitelisted range) first, so that every
	 * prefix of the list has it.
	 */
	if (oa_platform_noa_power(dev.plat, &noa_addr, &noa_val)) {
		for (i = 0; i < n_ok_mux && ok_mux[i].addr != noa_addr; i++)
			;
		if (i == n_ok_mux) {
			igt_assert(n_ok_mux < MAX_OK);
			n_ok_mux++;
		}
		memmove(&ok_mux[1], &ok_mux[0], i * sizeof(ok_mux[0]));
		ok_mux[0] = (struct reg){ noa_addr, noa_val };
	}
	n_ok_b = fill_ok(ok_b, dev.plat->wl->boolean);
	n_ok_flex = fill_ok(ok_flex, dev.plat->wl->flex);
	/* Gen6/7 have no flex registers (gen6-gen7.rst): an empty list. */
	igt_assert(n_ok_mux >= 2 && n_ok_b >= 2 &&
		   (n_ok_flex >= 2 || !dev.plat->wl->flex[0].lo));
}

static void test_add_remove(void)
{
	const struct oa_format *f = oa_platform_format(dev.plat, I915_OA_FORMAT_A12_B8_C8);
	struct oa_capture c;
	uint64_t *id, sysfs_id = 0;
	struct oa_open o;
	char uuid[36];
	int fd;

	uuid_for(uuid, 1);
	id = add_config_ok(uuid, ok_mux, n_ok_mux, ok_b, n_ok_b, ok_flex, n_ok_flex);
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

/* One DRM_I915_QUERY item; its length (bytes or -errno) out. */
static int32_t query_perf(uint32_t flags, int32_t length, void *data)
{
	struct drm_i915_query_item item = {
		.query_id = DRM_I915_QUERY_PERF_CONFIG, .flags = flags,
		.length = length, .data_ptr = (uintptr_t)data,
	};
	struct drm_i915_query q = { .num_items = 1, .items_ptr = (uintptr_t)&item };

	igt_assert_eq(ioctl(dev.drm_fd, DRM_IOCTL_I915_QUERY, &q), 0);
	return item.length;
}

/*
 * What i915 keeps of a value ADD_CONFIG was given (i915_perf.c
 * mask_reg_value()): the masked-enable of GEN8_ST_PO_DISABLE (bit 13) in
 * HALF_SLICE_CHICKEN2 (0xe180) and of HSW_WAIT_FOR_RC6_EXIT_ENABLE (bit
 * 0) in WAIT_FOR_RC6_EXIT (0x20cc) are cleared.
 */
static uint32_t kept_value(uint32_t addr, uint32_t val)
{
	if (addr == 0xe180)
		return val & ~((1u << 13) << 16 | 1u << 13);
	if (addr == 0x20cc)
		return val & ~(1u << 16 | 1u);
	return val;
}

/* The (address, value) pairs of @n registers as the query returns them. */
static void assert_regs(const uint32_t *got, const struct reg *want, uint32_t n,
			const char *what)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		igt_assert_f(got[2 * i] == want[i].addr &&
			     got[2 * i + 1] == kept_value(want[i].addr, want[i].val),
			     "%s register %u: 0x%x = 0x%x, added 0x%x = 0x%x", what, i,
			     got[2 * i], got[2 * i + 1], want[i].addr, want[i].val);
}

/*
 * query-perf-config: DRM_I915_QUERY_PERF_CONFIG as i915 (i915_query.c
 * query_perf_config_list() and query_perf_config_data(), since Linux
 * 5.7): LIST gives the size for length 0, then the added configs' ids
 * (never 1: intel_oa has no built-in test config); DATA_FOR_ID and
 * DATA_FOR_UUID give the register counts when asked with 0, then the
 * registers as added (less the bits i915 masks) and the uuid. Errnos in the item: unknown
 * item flags, data flags not 0, a short item, a register array shorter
 * than the config's EINVAL; an unknown id or uuid ENOENT; a bad pointer
 * EFAULT.
 */
static void test_query_perf_config(void)
{
	const size_t hdr = sizeof(struct drm_i915_query_perf_config);
	const size_t data_size = hdr + sizeof(struct drm_i915_perf_oa_config);
	struct drm_i915_query_perf_config *q;
	struct drm_i915_perf_oa_config *cfg;
	uint32_t *mux = calloc(2 * MAX_OK, 4), *b = calloc(2 * MAX_OK, 4);
	uint32_t *flex = calloc(2 * MAX_OK, 4);
	uint64_t *id, *ids, n, i;
	uint8_t *buf = calloc(1, 4096);
	char uuid[36];
	bool found = false;
	int32_t len;

	igt_assert(mux && b && flex && buf);
	uuid_for(uuid, 7);
	id = add_config_ok(uuid, ok_mux, n_ok_mux, ok_b, n_ok_b, ok_flex, n_ok_flex);
	q = (void *)buf;
	cfg = (void *)(buf + hdr);

	/* LIST */
	len = query_perf(DRM_I915_QUERY_PERF_CONFIG_LIST, 0, NULL);
	igt_assert_lte((int32_t)(hdr + 8), len);
	igt_assert_eq((len - (int32_t)hdr) % 8, 0);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_LIST, len, buf), len);
	n = q->n_configs;
	igt_assert_eq_u64(hdr + 8 * n, (uint64_t)len);
	ids = (uint64_t *)(q + 1);
	for (i = 0; i < n; i++) {
		igt_assert_f(ids[i] >= 2, "LIST lists id %" PRIu64, ids[i]);
		found |= ids[i] == *id;
	}
	igt_assert_f(found, "LIST does not list the added config %" PRIu64, *id);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_LIST, len - 8, buf), -EINVAL);
	memset(buf, 0, 4096);
	q->flags = 1;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_LIST, len, buf), -EINVAL);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_LIST, len, oa_fault_ptr()), -EFAULT);

	/* DATA_FOR_ID: the counts, then the registers. */
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, 0, NULL),
		      (int32_t)data_size);
	memset(buf, 0, 4096);
	q->config = *id;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      (int32_t)data_size);
	igt_assert_eq(cfg->n_mux_regs, n_ok_mux);
	igt_assert_eq(cfg->n_boolean_regs, n_ok_b);
	igt_assert_eq(cfg->n_flex_regs, n_ok_flex);
	igt_assert(!memcmp(cfg->uuid, uuid, 36));
	cfg->mux_regs_ptr = (uintptr_t)mux;
	cfg->boolean_regs_ptr = (uintptr_t)b;
	cfg->flex_regs_ptr = (uintptr_t)flex;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      (int32_t)data_size);
	assert_regs(mux, ok_mux, n_ok_mux, "mux");
	assert_regs(b, ok_b, n_ok_b, "boolean");
	assert_regs(flex, ok_flex, n_ok_flex, "flex");

	/* DATA_FOR_UUID finds the same config. */
	memset(buf, 0, 4096);
	memcpy(q->uuid, uuid, 36);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID, data_size, buf),
		      (int32_t)data_size);
	igt_assert_eq(cfg->n_mux_regs, n_ok_mux);
	igt_assert(!memcmp(cfg->uuid, uuid, 36));

	/* Errors */
	memset(buf, 0, 4096);
	q->config = *id;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size - 1, buf),
		      -EINVAL);
	igt_assert_eq(query_perf(4, data_size, buf), -EINVAL);
	igt_assert_eq(query_perf(0, data_size, buf), -EINVAL);
	q->flags = 1;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      -EINVAL);
	q->flags = 0;
	if (n_ok_mux > 1) {
		cfg->n_mux_regs = n_ok_mux - 1;
		cfg->mux_regs_ptr = (uintptr_t)mux;
		igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size,
					 buf), -EINVAL);
		cfg->n_mux_regs = 0;
	}
	cfg->n_mux_regs = n_ok_mux;
	cfg->mux_regs_ptr = (uintptr_t)oa_fault_ptr();
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      -EFAULT);
	memset(buf, 0, 4096);
	q->config = 1;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      -ENOENT);
	q->config = *id + 1000;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      -ENOENT);
	memset(buf, 0, 4096);
	uuid_for(q->uuid, 8);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID, data_size, buf),
		      -ENOENT);
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID, data_size,
				 oa_fault_ptr()), -EFAULT);

	/* A removed config is gone from both. */
	igt_assert_eq(remove_config(*id), 0);
	memset(buf, 0, 4096);
	q->config = *id;
	igt_assert_eq(query_perf(DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID, data_size, buf),
		      -ENOENT);
	*id = 0;
	free(mux);
	free(b);
	free(flex);
	free(buf);
}

static void test_remove_in_use(void)
{
	const struct oa_format *f = oa_platform_format(dev.plat, I915_OA_FORMAT_A12);
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

enum reg_kind { KIND_MUX, KIND_BOOLEAN, KIND_FLEX, N_KINDS };

static const char *const kind_name[N_KINDS] = { "mux", "boolean", "flex" };

static const struct oa_range *wl_list(const struct oa_whitelist *wl,
				      enum reg_kind k)
{
	return k == KIND_MUX ? wl->mux : k == KIND_BOOLEAN ? wl->boolean : wl->flex;
}

/* ADD_CONFIG of the one register @addr in list @k. */
static int add_one(const char *uuid, enum reg_kind k, uint32_t addr)
{
	struct reg r = { addr, ok_value(addr, 0) };

	return add_config(uuid, k == KIND_MUX ? &r : NULL, k == KIND_MUX,
			  k == KIND_BOOLEAN ? &r : NULL, k == KIND_BOOLEAN,
			  k == KIND_FLEX ? &r : NULL, k == KIND_FLEX);
}

static void expect_rejected(const char *uuid, enum reg_kind k, uint32_t addr,
			    const char *why)
{
	int ret = add_one(uuid, k, addr);

	igt_assert_f(ret == -EINVAL, "%s: %s register %#x (%s): expected EINVAL, got %s",
		     dev.plat->name, kind_name[k], addr, why,
		     ret > 0 ? "accepted" : strerror(-ret));
	if (ret > 0)
		remove_config(ret);
}

/*
 * add-config-whitelist: every range of the generation's whitelist accepts
 * its first, last and a middle register, each in its own config (added,
 * seen in sysfs, removed). Configs are not opened: some registers (e.g.
 * RPM_CONFIG0) would reprogram the device.
 */
static void test_whitelist(void)
{
	char uuid[36];
	unsigned int n = 0;
	enum reg_kind k;
	size_t i;

	for (k = 0; k < N_KINDS; k++) {
		const struct oa_range *list = wl_list(dev.plat->wl, k);

		for (i = 0; i < OA_MAX_RANGES && list[i].lo; i++) {
			uint32_t regs[3] = {
				list[i].lo, list[i].hi,
				list[i].lo + ((list[i].hi - list[i].lo) / 8) * 4,
			};
			unsigned int j;

			for (j = 0; j < 3; j++) {
				int ret;

				uuid_for(uuid, 200 + n++);
				ret = add_one(uuid, k, regs[j]);
				igt_assert_f(ret > 0, "%s: %s register %#x in range %#x-%#x refused: %s",
					     dev.plat->name, kind_name[k], regs[j],
					     list[i].lo, list[i].hi, strerror(-ret));
				igt_assert(metrics_dir_exists(uuid));
				igt_assert_eq(remove_config(ret), 0);
			}
		}
	}
	igt_info("%s (gen %u): %u whitelisted registers accepted\n", dev.plat->name,
		 dev.plat->graphics_ver, n);
}

/*
 * add-config-rejected-registers: the first register outside each end of
 * every range of the generation's whitelist, the registers of the other
 * generations' ranges (chv's extra mux range, Gen11's, Gen12's boolean
 * ranges, ...) this generation lacks, the other lists' registers, and OA
 * control registers all fail with EINVAL; so does an otherwise good list
 * with one bad register.
 */
static void test_rejected_registers(void)
{
	static const uint32_t control[] = {
		0x2358,		/* RING_TIMESTAMP */
		0x2360,		/* Gen6/7 OACONTROL */
		0x2364,		/* Gen6/7 OASTATUS1 */
		0x23b0,		/* Gen6/7 OABUFFER */
		0x44018,	/* Gen6/7 GTIIR */
		0x2b00,		/* OACONTROL */
		0x2b14,		/* OABUFFER */
		0xdaf4,		/* OAG_OACONTROL */
		0xdb08,		/* OAG_OABUFFER */
		0x44200,	/* MASTER_IRQ */
		0x190010,	/* GFX_MSTR_IRQ */
	};
	unsigned int n = 0;
	char uuid[36];
	enum reg_kind k, other;
	size_t i, w;
	int ret;

	uuid_for(uuid, 3);
	for (k = 0; k < N_KINDS; k++) {
		const struct oa_range *mine = wl_list(dev.plat->wl, k);

		for (i = 0; i < OA_MAX_RANGES && mine[i].lo; i++) {
			if (!oa_range_contains(mine, mine[i].lo - 4)) {
				expect_rejected(uuid, k, mine[i].lo - 4, "just below a range");
				n++;
			}
			if (!oa_range_contains(mine, mine[i].hi + 4)) {
				expect_rejected(uuid, k, mine[i].hi + 4, "just above a range");
				n++;
			}
		}
		for (w = 0; oa_whitelists[w]; w++) {
			const struct oa_range *theirs = wl_list(oa_whitelists[w], k);

			for (i = 0; i < OA_MAX_RANGES && theirs[i].lo; i++) {
				uint32_t ends[2] = { theirs[i].lo, theirs[i].hi };
				unsigned int j;

				for (j = 0; j < 2; j++) {
					if (oa_range_contains(mine, ends[j]))
						continue;
					expect_rejected(uuid, k, ends[j],
							"another generation's range");
					n++;
				}
			}
		}
		for (other = 0; other < N_KINDS; other++) {
			const struct oa_range *theirs = wl_list(dev.plat->wl, other);

			for (i = 0; other != k && i < OA_MAX_RANGES && theirs[i].lo; i++) {
				if (oa_range_contains(mine, theirs[i].lo))
					continue;
				expect_rejected(uuid, k, theirs[i].lo, "another list's register");
				n++;
			}
		}
		for (i = 0; i < ARRAY_SIZE(control); i++) {
			expect_rejected(uuid, k, control[i], "OA control register");
			n++;
		}
	}
	/*
	 * Before Gen8 n_flex_regs must be 0: a good mux and boolean list
	 * with one Gen8 flex EU register (EU_PERF_CNTL0) fails.
	 */
	if (!dev.plat->wl->flex[0].lo) {
		struct reg flex = { 0xe458, 0x00005004 };

		ret = add_config(uuid, ok_mux, n_ok_mux, ok_b, n_ok_b, &flex, 1);
		igt_assert_f(ret == -EINVAL, "%s: a flex register with good mux/boolean lists: got %s",
			     dev.plat->name, ret > 0 ? "accepted" : strerror(-ret));
		n++;
	}
	/* One bad register spoils an otherwise good list. */
	{
		struct reg mixed[MAX_OK + 1];

		memcpy(mixed, ok_mux, n_ok_mux * sizeof(ok_mux[0]));
		mixed[n_ok_mux].addr = control[1];
		mixed[n_ok_mux].val = 0;
		ret = add_config(uuid, mixed, n_ok_mux + 1, NULL, 0, NULL, 0);
		igt_assert_f(ret == -EINVAL, "good mux list + one bad: got %s",
			     ret > 0 ? "accepted" : strerror(-ret));
	}
	igt_assert(!metrics_dir_exists(uuid));
	igt_info("%s (gen %u): %u registers refused\n", dev.plat->name,
		 dev.plat->graphics_ver, n);
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

/*
 * Error of a flex list that is otherwise bad with @err: Gen6/7 have no flex
 * registers, and i915 refuses n_flex_regs != 0 there with EINVAL before
 * looking at the list.
 */
static int flex_err(int err)
{
	return dev.plat->wl->flex[0].lo ? err : -EINVAL;
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
	/* Before Gen8 any flex list fails first, as i915 checks the count. */
	igt_assert_eq(add_config(uuid, NULL, 0, NULL, 0, map, 1), flex_err(-EFAULT));
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
			      flex_err(-ENOMEM));
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
		ids[i] = add_config_ok(uuid, ok_mux, 1 + i % n_ok_mux, NULL, 0, NULL, 0);
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
	igt_fixture {
		oa_dev_open(&dev);
		fill_whitelist();
	}

	igt_describe("QUERY PERF_CONFIG: LIST, DATA_FOR_ID and DATA_FOR_UUID return the added configs and their registers as i915 does, with i915's errnos.");
	igt_subtest("query-perf-config")
		test_query_perf_config();

	igt_describe("A config of whitelisted mux, boolean and flex registers gets an id >= 2 shown in sysfs metrics/<uuid>/id, opens a stream, and disappears on removal.");
	igt_subtest("add-remove-config")
		test_add_remove();

	igt_describe("Removing a config in use succeeds; the stream keeps working.");
	igt_subtest("remove-config-in-use")
		test_remove_in_use();

	igt_describe("First, last and a middle register of every range of the generation's whitelist are accepted, per list.");
	igt_subtest("add-config-whitelist")
		test_whitelist();

	igt_describe("Registers just outside each whitelist range, of other generations' ranges, of the other lists and OA control registers fail with EINVAL, per list.");
	igt_subtest("add-config-rejected-registers")
		test_rejected_registers();

	igt_describe("A config without registers (no count or no pointer) fails with EINVAL.");
	igt_subtest("add-config-no-registers")
		test_no_registers();

	igt_describe("Unreadable register lists fail with EFAULT (a flex list before Gen8: EINVAL, it must be empty).");
	igt_subtest("add-config-bad-pointer")
		test_bad_pointer();

	igt_describe("Register counts no allocation can hold fail with ENOMEM and leave the kernel log clean (a flex list before Gen8: EINVAL).");
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
