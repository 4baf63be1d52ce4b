// SPDX-License-Identifier: MIT
/*
 * Helpers for the intel-oa in-guest tests; see oa_test.h.
 */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "activity.h"
#include "oa_test.h"

#define NOBODY_ID 65534

/* Platform of the last oa_dev_open(): its RING_TIMESTAMP to T ratio. */
static const struct oa_platform *ts_plat;

bool oa_read_u64_file(const char *path, uint64_t *val)
{
	char buf[64], *end;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	errno = 0;
	*val = strtoull(buf, &end, 0);
	return !errno && end != buf && (*end == '\n' || *end == '\0');
}

#define OA_CLIENT_MB_PARAM "/sys/module/intel_oa/parameters/gem_client_mb"

void oa_set_client_mb(uint64_t mb)
{
	FILE *f = fopen(OA_CLIENT_MB_PARAM, "w");

	igt_assert_f(f, "cannot open %s", OA_CLIENT_MB_PARAM);
	igt_assert(fprintf(f, "%llu", (unsigned long long)mb) > 0);
	igt_assert_eq(fclose(f), 0);
}

static void restore_client_mb(void *data)
{
	oa_set_client_mb((uintptr_t)data);
}

uint64_t oa_limit_client_mb(uint64_t mb)
{
	uint64_t old;

	igt_assert(oa_read_u64_file(OA_CLIENT_MB_PARAM, &old));
	igt_push_cleanup(restore_client_mb, (void *)(uintptr_t)old);
	oa_set_client_mb(mb);
	return old;
}

/* Exits: a device filter that names nothing must not test another GPU. */
static void bad_filter(const char *filter, const char *why)
{
	fprintf(stderr, "IGT_DEVICE=%s: %s; this suite understands drm:/dev/dri/cardN and sys:<sysfs path of the PCI device or of its drm/cardN>\n",
		filter, why);
	exit(2);
}

bool oa_wanted_bdf(char *bdf, size_t len)
{
	const char *filter = getenv("IGT_DEVICE");
	char path[PATH_MAX], real[PATH_MAX];
	unsigned int card, dom, bus, slot, fn;
	char *base, end;

	if (!filter || !*filter)
		return false;
	if (sscanf(filter, "drm:/dev/dri/card%u%c", &card, &end) == 1)
		snprintf(path, sizeof(path), "/sys/class/drm/card%u/device", card);
	else if (!strncmp(filter, "sys:", 4))
		snprintf(path, sizeof(path), "%s", filter + 4);
	else
		bad_filter(filter, "not a filter form this suite understands");
	if (!realpath(path, real))
		bad_filter(filter, "no such device");
	/* .../0000:00:05.0/drm/card1: the PCI device is two levels up */
	base = strrchr(real, '/');
	if (base && !strncmp(base + 1, "card", 4)) {
		*base = '\0';
		base = strrchr(real, '/');
		if (base && !strcmp(base + 1, "drm")) {
			*base = '\0';
			base = strrchr(real, '/');
		}
	}
	if (!base || sscanf(base + 1, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn, &end) != 4)
		bad_filter(filter, "not a PCI device");
	snprintf(bdf, len, "%s", base + 1);
	return true;
}

bool oa_find_pci(char *bdf, size_t len)
{
	struct dirent *de;
	bool found = false;
	DIR *d;

	if (oa_wanted_bdf(bdf, len)) {
		char path[PATH_MAX];
		uint64_t vendor;

		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", bdf);
		return oa_read_u64_file(path, &vendor) && vendor == 0x8086;
	}
	d = opendir("/sys/bus/pci/devices");
	if (!d)
		return false;
	while (!found && (de = readdir(d))) {
		char path[PATH_MAX];
		uint64_t vendor, class;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/vendor", de->d_name);
		if (!oa_read_u64_file(path, &vendor) || vendor != 0x8086)
			continue;
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/class", de->d_name);
		if (!oa_read_u64_file(path, &class) || (class >> 16) != 0x03)
			continue;
		snprintf(bdf, len, "%s", de->d_name);
		found = true;
	}
	closedir(d);
	return found;
}

volatile uint32_t *oa_map_vgpu(const char *bdf)
{
	char path[PATH_MAX];
	volatile uint32_t *p;
	int fd;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource2", bdf);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0)
		return NULL;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return NULL;
	if (p[VGPU_MAGIC / 4] != VGPU_MAGIC_VALUE) {
		fprintf(stderr, "%s: magic %#010x, expected %#010x (is memory decoding enabled? /sys/bus/pci/devices/%s/enable)\n",
			path, p[VGPU_MAGIC / 4], VGPU_MAGIC_VALUE, bdf);
		munmap((void *)p, 4096);
		return NULL;
	}
	return p;
}

static bool find_card(struct oa_dev *dev)
{
	char wanted[64];
	bool filtered = oa_wanted_bdf(wanted, sizeof(wanted));
	int i;

	for (i = 0; i < 16; i++) {
		char path[PATH_MAX], link[PATH_MAX];
		uint64_t vendor, devid;
		ssize_t n;
		char *base;

		snprintf(path, sizeof(path), "/sys/class/drm/card%d/device/vendor", i);
		if (!oa_read_u64_file(path, &vendor) || vendor != 0x8086)
			continue;
		snprintf(path, sizeof(path), "/sys/class/drm/card%d/device/device", i);
		if (!oa_read_u64_file(path, &devid))
			continue;
		snprintf(path, sizeof(path), "/sys/class/drm/card%d/device", i);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		base = strrchr(link, '/');
		if (filtered && strcmp(base ? base + 1 : link, wanted))
			continue;
		snprintf(dev->bdf, sizeof(dev->bdf), "%.31s", base ? base + 1 : link);
		snprintf(dev->sysfs, sizeof(dev->sysfs), "/sys/class/drm/card%d", i);
		dev->card = i;
		dev->devid = (uint16_t)devid;
		return true;
	}
	return false;
}

static bool find_metrics_set(struct oa_dev *dev)
{
	char path[PATH_MAX];
	struct dirent *de;
	uint64_t best = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/metrics", dev->sysfs);
	d = opendir(path);
	if (!d)
		return false;
	while ((de = readdir(d))) {
		char idp[PATH_MAX + 300];
		uint64_t id;

		if (de->d_name[0] == '.')
			continue;
		snprintf(idp, sizeof(idp), "%s/%s/id", path, de->d_name);
		if (oa_read_u64_file(idp, &id) && id && (!best || id < best))
			best = id;
	}
	closedir(d);
	dev->metrics_set = best;
	return best != 0;
}

/*
 * The suite's own metric set, added when the driver advertises none (like
 * i915 today, which has no built-in test config; IGT adds its own too).
 * Removed at process exit; a leftover one (killed process) is reused.
 */
#define SUITE_CONFIG_UUID "7e57c0f1-9000-4000-8000-00000000a0a0"
static int suite_config_fd = -1;
static uint64_t suite_config_id;

static void remove_suite_config(void)
{
	if (suite_config_id && suite_config_fd >= 0)
		ioctl(suite_config_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &suite_config_id);
	suite_config_id = 0;
}

void oa_suite_config_release(void)
{
	remove_suite_config();
	if (suite_config_fd >= 0)
		close(suite_config_fd);
	suite_config_fd = -1;
}

static bool add_suite_config(struct oa_dev *dev)
{
	uint32_t mux[] = { 0x9888, 0x166c01e0, 0, 0 };
	uint32_t b[] = { dev->plat->wl->suite_boolean, 0x00800000 };
	static const uint32_t flex[] = { 0xe458, 0x00005004 };
	/* the NOA power where there is one, as Intel's sets have it */
	bool noa = oa_platform_noa_power(dev->plat, &mux[2], &mux[3]);
	/* Gen6/7 have no flex registers: a flex list fails there. */
	struct drm_i915_perf_oa_config cfg = {
		.n_mux_regs = noa ? 2 : 1, .mux_regs_ptr = (uintptr_t)mux,
		.n_boolean_regs = 1, .boolean_regs_ptr = (uintptr_t)b,
		.n_flex_regs = dev->plat->wl->flex[0].lo ? 1 : 0,
		.flex_regs_ptr = (uintptr_t)flex,
	};
	int ret;

	memcpy(cfg.uuid, SUITE_CONFIG_UUID, sizeof(cfg.uuid));
	static bool atexit_done;

	ret = ioctl(dev->drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	igt_assert_f(ret > 0, "no metric set in %s/metrics and ADD_CONFIG of the suite's own failed: %s",
		     dev->sysfs, strerror(errno));
	/* A second device open (after a rebind) replaces the first's. */
	oa_suite_config_release();
	suite_config_fd = dup(dev->drm_fd);
	suite_config_id = ret;
	if (!atexit_done)
		atexit(remove_suite_config);
	atexit_done = true;
	dev->metrics_set = ret;
	return true;
}

void oa_dev_open(struct oa_dev *dev)
{
	char node[64];

	memset(dev, 0, sizeof(*dev));
	dev->drm_fd = -1;
	igt_require_f(find_card(dev),
		      "no DRM card with PCI vendor 0x8086 in /sys/class/drm%s%s: is intel_oa.ko loaded and the virtual GPU present?\n",
		      getenv("IGT_DEVICE") ? " for IGT_DEVICE=" : "",
		      getenv("IGT_DEVICE") ? getenv("IGT_DEVICE") : "");
	dev->plat = oa_platform_for_devid(dev->devid);
	igt_require_f(dev->plat,
		      "PCI device 0x%04x has no row in tests/igt/lib/oa_hw.c oa_platforms[]\n",
		      dev->devid);
	ts_plat = dev->plat;
	snprintf(node, sizeof(node), "/dev/dri/card%d", dev->card);
	dev->drm_fd = open(node, O_RDWR | O_CLOEXEC);
	igt_assert_f(dev->drm_fd >= 0, "cannot open %s: %s", node, strerror(errno));
	igt_assert_f(oa_metric_id_for_uuid(dev, SUITE_CONFIG_UUID, &dev->metrics_set) ||
		     find_metrics_set(dev) || add_suite_config(dev),
		     "no metric set in %s/metrics", dev->sysfs);

	dev->vgpu = oa_map_vgpu(dev->bdf);
	if (dev->vgpu) {
		dev->wl.seed = vgpu_read(dev, VGPU_SEED);
		dev->wl.ratio = vgpu_read(dev, VGPU_RATIO);
		/* The contract fixes R per platform; cross-check it. */
		igt_assert_f(dev->wl.ratio == dev->plat->gpu_ticks_ratio,
			     "control page says R=%u, contract says %u for %s",
			     dev->wl.ratio, dev->plat->gpu_ticks_ratio, dev->plat->name);
		/*
		 * The device counts what the OA programming selects by
		 * default (counters.rst); the suite's exact values are the
		 * linear contract's, its test mode. Subtests of the activity
		 * workload switch to it and back.
		 */
		if (vgpu_read(dev, VGPU_VERSION) >= 3)
			vgpu_write(dev, VGPU_WORKLOAD, VGPU_WORKLOAD_LINEAR);
	}
	igt_debug("device card%d %s devid %#06x (%s) metrics set %" PRIu64 " seed %#x\n",
		  dev->card, dev->bdf, dev->devid, dev->plat->name,
		  dev->metrics_set, dev->wl.seed);
}

void oa_dev_close(struct oa_dev *dev)
{
	if (dev->drm_fd >= 0)
		close(dev->drm_fd);
	dev->drm_fd = -1;
	if (dev->vgpu)
		munmap((void *)dev->vgpu, 4096);
	dev->vgpu = NULL;
}

static void reset_knobs(void *data)
{
	struct oa_dev *dev = data;

	if (!dev->vgpu)
		return;
	vgpu_write(dev, VGPU_DROP_REPORTS, 0);
	vgpu_write(dev, VGPU_STALL_TAIL, 0);
	vgpu_write(dev, VGPU_TAIL_RACE, 0);
	if (vgpu_read(dev, VGPU_VERSION) >= 7)
		vgpu_write(dev, VGPU_TORN_WRITE, 0);
	if (dev->plat->guc) {
		vgpu_write(dev, VGPU_GUC_HANG, 0);
		vgpu_write(dev, VGPU_IRQ_IN_SERVICE, 0);
		if (vgpu_read(dev, VGPU_VERSION) >= 5)
			vgpu_write(dev, VGPU_GUC_LATE, 0);
	}
}

void oa_require_vgpu(struct oa_dev *dev)
{
	igt_require_f(dev->vgpu,
		      "virtual-GPU control page (BAR2 of %s, magic 0x%08x) not found: these checks need the intel-oa QEMU device\n",
		      dev->bdf, VGPU_MAGIC_VALUE);
	igt_push_cleanup(reset_knobs, dev);
}

/* ---- sysctls ---- */

static const char *const sysctl_dirs[] = {
	"/proc/sys/dev/i915",
	"/proc/sys/dev/intel_oa",
};

static bool sysctl_path(const char *name, char *path, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sysctl_dirs); i++) {
		snprintf(path, len, "%s/%s", sysctl_dirs[i], name);
		if (access(path, F_OK) == 0)
			return true;
	}
	return false;
}

bool oa_sysctl_exists(const char *name)
{
	char path[PATH_MAX];

	return sysctl_path(name, path, sizeof(path));
}

uint64_t oa_sysctl_read(const char *name)
{
	char path[PATH_MAX];
	uint64_t val;

	igt_require_f(sysctl_path(name, path, sizeof(path)),
		      "sysctl %s not found under /proc/sys/dev/{i915,intel_oa}\n", name);
	igt_assert_f(oa_read_u64_file(path, &val), "cannot read %s", path);
	return val;
}

static bool write_sysctl_raw(const char *path, uint64_t val)
{
	char buf[32];
	int fd, n;
	bool ok;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return false;
	n = snprintf(buf, sizeof(buf), "%" PRIu64 "\n", val);
	ok = write(fd, buf, n) == n;
	close(fd);
	return ok;
}

struct saved_sysctl {
	char path[PATH_MAX];
	uint64_t val;
};

static void restore_sysctl(void *data)
{
	struct saved_sysctl *s = data;

	if (!write_sysctl_raw(s->path, s->val))
		fprintf(stderr, "WARNING: failed to restore %s to %" PRIu64 "\n",
			s->path, s->val);
	free(s);
}

void oa_sysctl_write(const char *name, uint64_t val)
{
	struct saved_sysctl *s = calloc(1, sizeof(*s));

	igt_assert(s);
	igt_require_f(sysctl_path(name, s->path, sizeof(s->path)),
		      "sysctl %s not found under /proc/sys/dev/{i915,intel_oa}\n", name);
	igt_assert_f(oa_read_u64_file(s->path, &s->val), "cannot read %s", s->path);
	igt_push_cleanup(restore_sysctl, s);
	igt_assert_f(write_sysctl_raw(s->path, val), "cannot write %" PRIu64 " to %s: %s",
		     val, s->path, strerror(errno));
}

/* ---- opening streams ---- */

void oa_prop(struct oa_open *o, uint64_t key, uint64_t val)
{
	igt_assert(o->n < ARRAY_SIZE(o->props) / 2);
	o->props[2 * o->n] = key;
	o->props[2 * o->n + 1] = val;
	o->n++;
}

void *oa_fault_ptr(void)
{
	static void *page;

	if (!page) {
		page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		igt_assert_f(page != MAP_FAILED, "mmap PROT_NONE: %s", strerror(errno));
	}
	return page;
}

void oa_ring_stream(struct oa_open *o)
{
	oa_prop(o, INTEL_OA_PERF_PROP_RING_SIZE, 16u << 20);
}

void oa_open_periodic(const struct oa_dev *dev, struct oa_open *o,
		      const struct oa_format *f, unsigned int exponent)
{
	memset(o, 0, sizeof(*o));
	oa_prop(o, DRM_I915_PERF_PROP_SAMPLE_OA, 1);
	oa_prop(o, DRM_I915_PERF_PROP_OA_METRICS_SET, dev->metrics_set);
	oa_prop(o, DRM_I915_PERF_PROP_OA_FORMAT, f->uapi_id);
	oa_prop(o, DRM_I915_PERF_PROP_OA_EXPONENT, exponent);
}

int oa_read_timestamp(int drm_fd, uint64_t *ts)
{
	struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
	int ret;

	do {
		ret = ioctl(drm_fd, DRM_IOCTL_I915_REG_READ, &reg);
	} while (ret < 0 && errno == EINTR);
	if (ret < 0)
		return -errno;
	*ts = ts_plat ? oa_ring_to_T(ts_plat, reg.val) : reg.val;
	return 0;
}

int oa_try_open(int drm_fd, struct oa_open *o)
{
	struct drm_i915_perf_open_param param = {
		.flags = o->flags,
		.num_properties = o->n,
		.properties_ptr = (uintptr_t)o->props,
	};
	int ret;

	o->ts_ref = 0;
	o->ts_ref_err = oa_read_timestamp(drm_fd, &o->ts_ref);

	do {
		ret = ioctl(drm_fd, DRM_IOCTL_I915_PERF_OPEN, &param);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : ret;
}

int oa_open(int drm_fd, struct oa_open *o)
{
	int fd = oa_try_open(drm_fd, o);

	igt_assert_f(fd >= 0, "DRM_IOCTL_I915_PERF_OPEN failed: %s", strerror(-fd));
	return fd;
}

/* ---- reading ---- */

void oa_capture_init(struct oa_capture *c, const struct oa_format *f,
		     const struct oa_open *o)
{
	igt_assert_f(!o->ts_ref_err,
		     "DRM_IOCTL_I915_REG_READ of RING_TIMESTAMP (%#x) before the open failed: %s; without it report timestamps cannot be unwrapped",
		     OA_RING_TIMESTAMP, strerror(-o->ts_ref_err));
	memset(c, 0, sizeof(*c));
	c->fmt = f;
	c->first_lost_at = SIZE_MAX;
	oa_ts_unwrap_init(&c->unwrap, o->ts_ref);
}

void oa_capture_fini(struct oa_capture *c)
{
	free(c->reports);
	free(c->ts);
	c->reports = NULL;
	c->ts = NULL;
	c->n = c->cap = 0;
}

void oa_capture_parse(struct oa_capture *c, const uint8_t *buf, size_t len)
{
	size_t off = 0;

	while (off < len) {
		struct drm_i915_perf_record_header h;

		igt_assert_f(len - off >= sizeof(h),
			     "read() returned a partial record header (%zu bytes left)", len - off);
		memcpy(&h, buf + off, sizeof(h));
		igt_assert_f(h.pad == 0, "record header pad %#x, expected 0", h.pad);
		igt_assert_f(h.size >= sizeof(h) && h.size <= len - off,
			     "record size %u does not fit the %zu bytes left of the read",
			     h.size, len - off);
		switch (h.type) {
		case DRM_I915_PERF_RECORD_SAMPLE:
			igt_assert_f(h.size == sizeof(h) + c->fmt->size,
				     "sample record size %u, expected %zu (header + %s report)",
				     h.size, sizeof(h) + c->fmt->size, c->fmt->name);
			if (c->n == c->cap) {
				c->cap = c->cap ? c->cap * 2 : 1024;
				c->reports = realloc(c->reports, c->cap * c->fmt->size);
				c->ts = realloc(c->ts, c->cap * sizeof(*c->ts));
				igt_assert(c->reports && c->ts);
			}
			memcpy(c->reports + c->n * (c->fmt->size / 4), buf + off + sizeof(h),
			       c->fmt->size);
			c->ts[c->n] = oa_ts_unwrap(&c->unwrap,
						   oa_report_ts32(c->fmt, c->reports +
								  c->n * (c->fmt->size / 4)));
			c->n++;
			break;
		case DRM_I915_PERF_RECORD_OA_REPORT_LOST:
		case DRM_I915_PERF_RECORD_OA_BUFFER_LOST:
			igt_assert_f(h.size == sizeof(h),
				     "lost record (type %u) size %u, expected %zu",
				     h.type, h.size, sizeof(h));
			if (h.type == DRM_I915_PERF_RECORD_OA_REPORT_LOST)
				c->n_report_lost++;
			else
				c->n_buffer_lost++;
			if (c->first_lost_at == SIZE_MAX)
				c->first_lost_at = c->n;
			break;
		case INTEL_OA_PERF_RECORD_LOST: {
			struct intel_oa_perf_record_lost rec;

			igt_assert_f(h.size == sizeof(rec), "lost record size %u, expected %zu",
				     h.size, sizeof(rec));
			memcpy(&rec, buf + off, sizeof(rec));
			igt_assert_f(rec.reason >= INTEL_OA_LOST_RING_FULL &&
				     rec.reason <= INTEL_OA_LOST_UNIT,
				     "lost record reason %u", rec.reason);
			c->n_lost++;
			c->lost_count += rec.count;
			c->last_lost_reason = rec.reason;
			c->n_lost_by[rec.reason]++;
			c->lost_count_by[rec.reason] += rec.count;
			if (c->first_lost_at == SIZE_MAX)
				c->first_lost_at = c->n;
			break;
		}
		default:
			igt_assert_f(false, "unknown record type %u (size %u)", h.type, h.size);
		}
		off += h.size;
	}
}

#define READ_CHUNK (1u << 20)

size_t oa_capture_until(int fd, struct oa_capture *c, size_t want,
			int timeout_ms)
{
	uint8_t *buf = malloc(READ_CHUNK);
	uint64_t deadline = oa_now_ns() + (uint64_t)timeout_ms * 1000000;

	igt_assert(buf);
	while (c->n < want) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		uint64_t now = oa_now_ns();
		ssize_t r;
		int ret;

		if (now >= deadline)
			break;
		ret = poll(&pfd, 1, (int)((deadline - now) / 1000000) + 1);
		if (ret < 0 && errno == EINTR)
			continue;
		igt_assert_f(ret >= 0, "poll() on the stream failed: %s", strerror(errno));
		if (ret == 0)
			continue;
		r = read(fd, buf, READ_CHUNK);
		if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
			c->eagain += errno == EAGAIN;
			continue;
		}
		igt_assert_f(r > 0, "read() on the stream returned %zd: %s", r,
			     r < 0 ? strerror(errno) : "end of file");
		c->reads++;
		oa_capture_parse(c, buf, r);
	}
	free(buf);
	return c->n;
}

size_t oa_capture_drain(int fd, struct oa_capture *c)
{
	uint8_t *buf = malloc(READ_CHUNK);
	unsigned int eagain = 0;
	size_t total = 0;

	igt_assert(buf);
	for (;;) {
		ssize_t r = read(fd, buf, READ_CHUNK);

		if (r < 0 && errno == EINTR)
			continue;
		/*
		 * read() fetches from the OA buffer itself at most every
		 * other call: everything landed is in only after an EAGAIN
		 * from a read() that did.
		 */
		if (r < 0 && errno == EAGAIN) {
			c->eagain++;
			if (++eagain == 2)
				break;
			continue;
		}
		eagain = 0;
		igt_assert_f(r > 0, "read() on the stream returned %zd: %s", r,
			     r < 0 ? strerror(errno) : "end of file");
		c->reads++;
		total += r;
		oa_capture_parse(c, buf, r);
	}
	free(buf);
	return total;
}

void oa_assert_reports(const struct oa_dev *dev, const struct oa_capture *c,
		       unsigned int exponent, size_t from)
{
	oa_assert_reports_range(dev, c, exponent, from, c->n);
}

void oa_assert_reports_range(const struct oa_dev *dev,
			     const struct oa_capture *c,
			     unsigned int exponent, size_t from, size_t to)
{
	char why[256];
	size_t i;

	igt_assert(to <= c->n);
	for (i = from; i < to; i++) {
		const uint32_t *r = oa_capture_report(c, i);
		uint64_t T = oa_capture_ts(c, i);

		igt_assert_f(oa_report_check(dev->plat, c->fmt, &dev->wl, r, T,
					     exponent, why, sizeof(why)),
			     "report %zu of %zu (T=%#llx, unwrapped from reference %#llx, exponent %u): %s",
			     i, c->n, (unsigned long long)T,
			     (unsigned long long)c->unwrap.ref, exponent, why);
		if (i > from) {
			uint64_t prev = oa_capture_ts(c, i - 1);
			uint64_t want = oa_next_report_ts(dev->plat, prev, exponent);

			igt_assert_f(T == want,
				     "reports %zu->%zu: T %#llx -> %#llx, expected the next report (timer tick%s) at %#llx (exponent %u): %s",
				     i - 1, i, (unsigned long long)prev,
				     (unsigned long long)T,
				     dev->plat->ctx_switch_reports ? " or slice boundary" : "",
				     (unsigned long long)want, exponent,
				     T > want ? "reports lost" : "duplicate or out of order");
		}
	}
}

/* ---- debugfs and tracing ---- */

const char *oa_stats_path(const struct oa_dev *dev)
{
	static char path[PATH_MAX];
	char link[PATH_MAX];
	struct dirent *de;
	DIR *d;

	/* dri/<minor> whose "name" file mentions our PCI address */
	d = opendir("/sys/kernel/debug/dri");
	if (!d)
		return NULL;
	path[0] = '\0';
	while ((de = readdir(d))) {
		char p[PATH_MAX + 300];
		FILE *f;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "/sys/kernel/debug/dri/%s/intel_oa_stats", de->d_name);
		if (access(p, R_OK))
			continue;
		snprintf(p, sizeof(p), "/sys/kernel/debug/dri/%s/name", de->d_name);
		f = fopen(p, "r");
		if (f) {
			if (!fgets(link, sizeof(link), f))
				link[0] = '\0';
			fclose(f);
			if (!strstr(link, dev->bdf))
				continue;
		}
		snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%s/intel_oa_stats", de->d_name);
		break;
	}
	closedir(d);
	return path[0] ? path : NULL;
}

bool oa_debugfs_guc(const struct oa_dev *dev, char *buf, size_t len)
{
	const char *stats = oa_stats_path(dev);
	char path[PATH_MAX];
	size_t n = 0;
	ssize_t r;
	int fd;

	if (!stats || len < 1)
		return false;
	/* the guc file sits next to intel_oa_stats in dri/<minor>/ */
	snprintf(path, sizeof(path), "%.*sguc",
		 (int)(strrchr(stats, '/') + 1 - stats), stats);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	while (n < len - 1 && (r = read(fd, buf + n, len - 1 - n)) > 0)
		n += r;
	close(fd);
	buf[n] = '\0';
	return true;
}

bool oa_stats_get(const struct oa_dev *dev, const char *key, uint64_t *val)
{
	const char *path = oa_stats_path(dev);
	char line[256];
	bool found = false;
	FILE *f;

	if (!path)
		return false;
	f = fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line, *end;
		size_t klen;

		while (*p == ' ' || *p == '\t')
			p++;
		klen = strcspn(p, ": \t=");
		if (klen != strlen(key) || strncmp(p, key, klen))
			continue;
		p += klen;
		p += strspn(p, ": \t=");
		*val = strtoull(p, &end, 0);
		found = end != p;
	}
	fclose(f);
	return found;
}

#define TRACING "/sys/kernel/tracing"

static bool write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok;
}

static void trace_stop(void *data)
{
	(void)data;
	write_str(TRACING "/events/intel_oa/enable", "0");
}

bool oa_trace_start(void)
{
	if (access(TRACING "/events/intel_oa/enable", W_OK))
		return false;
	write_str(TRACING "/trace", "");
	if (!write_str(TRACING "/events/intel_oa/enable", "1"))
		return false;
	igt_push_cleanup(trace_stop, NULL);
	return true;
}

uint64_t oa_trace_count(const char *event, const char *contains)
{
	char needle[128], *line = NULL;
	uint64_t count = 0;
	size_t cap = 0;
	FILE *f;

	snprintf(needle, sizeof(needle), " %s:", event);
	f = fopen(TRACING "/trace", "r");
	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0)
		if (line[0] != '#' && strstr(line, needle) &&
		    (!contains || strstr(line, contains)))
			count++;
	free(line);
	fclose(f);
	return count;
}

/* ---- timing ---- */

uint64_t oa_exponent_ns(const struct oa_dev *dev, unsigned int e)
{
	return oa_period_ticks(e) * 1000000000ull / dev->plat->timestamp_hz;
}

unsigned int oa_exponent_for_ns(const struct oa_dev *dev, uint64_t ns)
{
	unsigned int e = 0;

	while (e < 31 && oa_exponent_ns(dev, e + 1) <= ns)
		e++;
	return e;
}

unsigned int oa_exponent_filling(const struct oa_dev *dev,
				 const struct oa_format *f, uint64_t ns)
{
	uint64_t reports = dev->plat->oa_buffer_bytes / f->size;
	unsigned int e = dev->plat->min_exponent;

	while (e < 31 && reports * oa_exponent_ns(dev, e) < ns)
		e++;
	return e;
}

const char *oa_subtest_suffix(const char *name)
{
	static char buf[64];
	size_t i;

	for (i = 0; name[i] && i < sizeof(buf) - 1; i++)
		buf[i] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]);
	buf[i] = '\0';
	return buf;
}

uint64_t oa_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void oa_sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

void oa_drop_root(void)
{
	igt_assert_f(setgroups(0, NULL) == 0, "setgroups: %s", strerror(errno));
	igt_assert_f(setgid(NOBODY_ID) == 0, "setgid: %s", strerror(errno));
	igt_assert_f(setuid(NOBODY_ID) == 0, "setuid: %s", strerror(errno));
	igt_assert_f(geteuid() == NOBODY_ID && getuid() == NOBODY_ID,
		     "still uid %d/%d after setuid(nobody)", getuid(), geteuid());
}

bool oa_metric_id_for_uuid(const struct oa_dev *dev, const char *uuid,
			   uint64_t *id)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/metrics/%.36s/id", dev->sysfs, uuid);
	return oa_read_u64_file(path, id);
}

/* ---- PCI unbind/bind and the kernel log ---- */

#define OA_PCI_DRIVER_DIR "/sys/bus/pci/drivers/intel_oa"

bool oa_driver_bound(const char *bdf)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), OA_PCI_DRIVER_DIR "/%s", bdf);
	return access(path, F_OK) == 0;
}

/* The /sys/class/drm/cardN whose device is PCI function @bdf, or -1. */
int oa_card_for_bdf(const char *bdf)
{
	struct dirent *de;
	int card = -1;
	DIR *d;

	d = opendir("/sys/class/drm");
	if (!d)
		return -1;
	while (card < 0 && (de = readdir(d))) {
		char path[PATH_MAX], link[PATH_MAX];
		const char *base;
		ssize_t n;
		int i;

		if (sscanf(de->d_name, "card%d", &i) != 1 ||
		    strcmp(de->d_name + strspn(de->d_name, "card0123456789"), ""))
			continue;
		snprintf(path, sizeof(path), "/sys/class/drm/%s/device", de->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		base = strrchr(link, '/');
		if (!strcmp(base ? base + 1 : link, bdf))
			card = i;
	}
	closedir(d);
	return card;
}

static int write_sysfs_str(const char *path, const char *s)
{
	ssize_t n;
	int fd;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	if (n < 0)
		n = -errno;
	close(fd);
	return n < 0 ? (int)n : 0;
}

void oa_unbind(const char *bdf)
{
	int ret;

	igt_assert_f(oa_driver_bound(bdf), "%s is not bound to intel_oa before the unbind", bdf);
	ret = write_sysfs_str(OA_PCI_DRIVER_DIR "/unbind", bdf);
	igt_assert_f(ret == 0, "writing %s to " OA_PCI_DRIVER_DIR "/unbind failed: %s",
		     bdf, strerror(-ret));
	igt_assert_f(!oa_driver_bound(bdf), "%s still bound to intel_oa after the unbind", bdf);
	igt_assert_f(oa_card_for_bdf(bdf) < 0,
		     "/sys/class/drm/card%d of %s still exists after the unbind",
		     oa_card_for_bdf(bdf), bdf);
}

bool oa_bind(const char *bdf)
{
	uint64_t deadline = oa_now_ns() + 10000000000ull;
	int ret;

	if (oa_driver_bound(bdf))
		return true;
	ret = write_sysfs_str(OA_PCI_DRIVER_DIR "/bind", bdf);
	if (ret) {
		fprintf(stderr, "writing %s to " OA_PCI_DRIVER_DIR "/bind failed: %s (see dmesg for the probe error)\n",
			bdf, strerror(-ret));
		return false;
	}
	/* Probe is synchronous; wait anyway for the card to show in sysfs. */
	while (oa_card_for_bdf(bdf) < 0) {
		if (oa_now_ns() > deadline) {
			fprintf(stderr, "%s bound but no /sys/class/drm/cardN for it after 10 s\n", bdf);
			return false;
		}
		oa_sleep_ms(10);
	}
	return oa_driver_bound(bdf);
}

bool oa_pci_remove_rescan(const char *bdf)
{
	uint64_t deadline = oa_now_ns() + 10000000000ull;
	char path[128];
	int ret;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", bdf);
	ret = write_sysfs_str(path, "1");
	if (ret && ret != -ENOENT) {
		fprintf(stderr, "writing 1 to %s failed: %s\n", path, strerror(-ret));
		return false;
	}
	ret = write_sysfs_str("/sys/bus/pci/rescan", "1");
	if (ret) {
		fprintf(stderr, "writing 1 to /sys/bus/pci/rescan failed: %s\n", strerror(-ret));
		return false;
	}
	while (!oa_driver_bound(bdf) || oa_card_for_bdf(bdf) < 0) {
		if (oa_now_ns() > deadline) {
			fprintf(stderr, "%s: no intel_oa card 10 s after a PCI rescan (see dmesg)\n", bdf);
			return false;
		}
		oa_sleep_ms(10);
	}
	return true;
}

void oa_kmsg_begin(struct oa_kmsg *k, const char *what)
{
	char line[256];
	int fd, n;

	k->fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	igt_require_f(k->fd >= 0, "cannot open /dev/kmsg: %s\n", strerror(errno));
	igt_assert_f(lseek(k->fd, 0, SEEK_END) >= 0, "lseek(/dev/kmsg, SEEK_END): %s",
		     strerror(errno));
	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = snprintf(line, sizeof(line), "<6>%s: %s: %s\n",
			     program_invocation_short_name, igt_subtest_name(), what);
		if (write(fd, line, n) != n)
			igt_debug("marker write to /dev/kmsg failed: %s\n", strerror(errno));
		close(fd);
	}
}

static const char *const kmsg_bad[] = {
	"WARNING:", "BUG:", "BUG ", "Oops", "general protection fault",
	"Call Trace", "cut here", "UBSAN", "KASAN", "kernel NULL pointer",
	"possible circular locking", "possible recursive locking",
	"INFO: task", "refcount_t", "list_add corruption",
	"list_del corruption", "use-after-free", "Unable to handle",
};

unsigned int oa_kmsg_end(struct oa_kmsg *k)
{
	return oa_kmsg_end_count(k, NULL, NULL);
}

unsigned int oa_kmsg_end_count(struct oa_kmsg *k, const char *needle,
			       unsigned int *matches)
{
	unsigned int bad = 0;
	char rec[8192];

	for (;;) {
		ssize_t n = read(k->fd, rec, sizeof(rec) - 1);
		const char *msg;
		size_t i;

		if (n < 0 && (errno == EPIPE || errno == EINTR))
			continue;	/* records overwritten: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		if (needle && matches && strstr(msg, needle))
			(*matches)++;
		for (i = 0; i < ARRAY_SIZE(kmsg_bad); i++) {
			if (strstr(msg, kmsg_bad[i])) {
				igt_warn("kernel log: %.*s", (int)strcspn(msg, "\n"), msg);
				bad++;
				break;
			}
		}
		igt_debug("kmsg: %.*s\n", (int)strcspn(msg, "\n"), msg);
	}
	close(k->fd);
	k->fd = -1;
	return bad;
}

unsigned int oa_ratelimit_max_lines(uint64_t ns)
{
	/*
	 * 10 lines and a "callbacks suppressed" one per window; 20 ms: a
	 * jiffy at any HZ, rounding of the window's start
	 */
	return 11 * (1 + (ns + 20000000ull) / 5000000000ull);
}

volatile uint32_t *oa_map_bar0(const struct oa_dev *dev, size_t len, bool writable)
{
	char path[128];
	volatile uint32_t *bar;
	int fd;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource0", dev->bdf);
	fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_SYNC);
	igt_require_f(fd >= 0, "cannot open %s: %s\n", path, strerror(errno));
	bar = mmap(NULL, len, writable ? PROT_READ | PROT_WRITE : PROT_READ,
		   MAP_SHARED, fd, 0);
	close(fd);
	igt_require_f(bar != MAP_FAILED, "cannot map BAR0 (%s): %s\n", path,
		      strerror(errno));
	return bar;
}

uint32_t oa_bar0_read(const struct oa_dev *dev, uint32_t off)
{
	const size_t len = 4u << 20;
	volatile uint32_t *bar;
	uint32_t val;

	igt_assert(off + 4 <= len);
	bar = oa_map_bar0(dev, len, false);
	val = bar[off / 4];
	munmap((void *)bar, len);
	return val;
}
