// SPDX-License-Identifier: MIT
/*
 * DRM device helpers of libintel_oa (libdrm based).
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <xf86drm.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/device.h"

#define DRIVER_NAME "i915"

int intel_oa_getparam(int fd, int param, int *value)
{
	struct drm_i915_getparam gp;
	int v = 0;

	memset(&gp, 0, sizeof(gp));
	gp.param = param;
	gp.value = &v;
	if (drmIoctl(fd, DRM_IOCTL_I915_GETPARAM, &gp))
		return -errno;
	*value = v;
	return 0;
}

/* Open @path and check its driver name; the fd is returned or -errno. */
static int open_checked(const char *path, char *driver, size_t driver_len)
{
	drmVersionPtr ver;
	int fd, match;

	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ver = drmGetVersion(fd);
	if (!ver) {
		close(fd);
		return -ENODEV;
	}
	match = ver->name && strcmp(ver->name, DRIVER_NAME) == 0;
	if (driver_len)
		snprintf(driver, driver_len, "%s", ver->name ? ver->name : "");
	drmFreeVersion(ver);
	if (!match) {
		close(fd);
		return -ENODEV;
	}
	return fd;
}

static int query_device(struct intel_oa_device *dev)
{
	const struct intel_oa_platform *row;
	int v, ret;

	ret = intel_oa_getparam(dev->fd, I915_PARAM_CHIPSET_ID, &v);
	if (ret)
		return ret;
	dev->devid = (uint32_t)v;
	dev->gen = intel_oa_gen_by_devid((uint16_t)v);
	dev->platform = intel_oa_platform_by_devid((uint16_t)v);
	/* a sibling id runs at its row's clocks */
	row = intel_oa_platform_for_devid((uint16_t)v);

	ret = intel_oa_getparam(dev->fd, I915_PARAM_OA_TIMESTAMP_FREQUENCY, &v);
	dev->ts_freq_source = "oa-getparam";
	/*
	 * The command streamer's clock only stands in for the OA clock where
	 * the two are one (all but Gen12.5); else the table knows better.
	 */
	if ((ret || v <= 0) && row && row->ts_freq != row->cs_ts_freq) {
		ret = -ENODATA;
		v = 0;
	} else if (ret || v <= 0) {
		ret = intel_oa_getparam(dev->fd,
					I915_PARAM_CS_TIMESTAMP_FREQUENCY, &v);
		dev->ts_freq_source = "cs-getparam";
	}
	if (ret || v <= 0) {
		/* older kernels: the clock is a fixed property of the part */
		if (!row)
			return ret ? ret : -ENODATA;
		dev->ts_freq = row->ts_freq;
		dev->ts_freq_source = "table";
	} else {
		dev->ts_freq = (uint64_t)v;
	}

	/* Gen12.5: the command streamer counts at half the OA clock */
	if (intel_oa_getparam(dev->fd, I915_PARAM_CS_TIMESTAMP_FREQUENCY,
			      &v) == 0 && v > 0)
		dev->cs_ts_freq = (uint64_t)v;
	else if (row)
		dev->cs_ts_freq = row->cs_ts_freq;

	if (intel_oa_getparam(dev->fd, I915_PARAM_PERF_REVISION, &v) == 0)
		dev->perf_revision = v;
	return 0;
}

int intel_oa_device_open(struct intel_oa_device *dev, const char *path)
{
	int fd = -ENODEV, ret;
	unsigned int i;

	if (!dev)
		return -EINVAL;
	memset(dev, 0, sizeof(*dev));
	dev->fd = -1;

	if (path) {
		fd = open_checked(path, dev->driver, sizeof(dev->driver));
		if (fd < 0)
			return fd;
		snprintf(dev->path, sizeof(dev->path), "%s", path);
	} else {
		/* render nodes first, then primary nodes */
		for (i = 0; i < 2 * INTEL_OA_RENDER_NODES; i++) {
			char node[64];

			if (i < INTEL_OA_RENDER_NODES)
				snprintf(node, sizeof(node),
					 "/dev/dri/renderD%u", 128 + i);
			else
				snprintf(node, sizeof(node), "/dev/dri/card%u",
					 i - INTEL_OA_RENDER_NODES);
			fd = open_checked(node, dev->driver,
					  sizeof(dev->driver));
			if (fd >= 0) {
				snprintf(dev->path, sizeof(dev->path), "%s",
					 node);
				break;
			}
		}
		if (fd < 0)
			return -ENODEV;
	}

	dev->fd = fd;
	ret = query_device(dev);
	if (ret) {
		close(fd);
		dev->fd = -1;
		return ret;
	}
	return 0;
}

void intel_oa_device_close(struct intel_oa_device *dev)
{
	if (dev && dev->fd >= 0) {
		close(dev->fd);
		dev->fd = -1;
	}
}

int intel_oa_stream_open(const struct intel_oa_device *dev,
			 const struct intel_oa_stream_opts *opts)
{
	return intel_oa_stream_open_engine(dev, opts, -1, 0);
}

int intel_oa_stream_open_engine(const struct intel_oa_device *dev,
				const struct intel_oa_stream_opts *opts,
				int engine_class, int engine_instance)
{
	struct drm_i915_perf_open_param param;
	uint64_t props[2 * 14];
	unsigned int n = 0;
	int fd;

	if (!dev || dev->fd < 0 || !opts || !opts->metrics_set ||
	    opts->exponent > 31 || opts->exponent < -1 ||
	    engine_class < -1 || engine_class > UINT16_MAX ||
	    (engine_class >= 0 &&
	     (engine_instance < 0 || engine_instance > UINT16_MAX)))
		return -EINVAL;

	props[n++] = DRM_I915_PERF_PROP_SAMPLE_OA;
	props[n++] = 1;
	props[n++] = DRM_I915_PERF_PROP_OA_METRICS_SET;
	props[n++] = opts->metrics_set;
	props[n++] = DRM_I915_PERF_PROP_OA_FORMAT;
	props[n++] = opts->format;
	if (opts->exponent >= 0) {
		props[n++] = DRM_I915_PERF_PROP_OA_EXPONENT;
		props[n++] = (uint64_t)opts->exponent;
	}
	if (opts->poll_period_ns) {
		props[n++] = DRM_I915_PERF_PROP_POLL_OA_PERIOD;
		props[n++] = opts->poll_period_ns;
	}
	if (opts->oa_buffer_size) {
		props[n++] = INTEL_OA_PERF_PROP_OA_BUFFER_SIZE;
		props[n++] = opts->oa_buffer_size;
	}
	if (opts->ring_size) {
		props[n++] = INTEL_OA_PERF_PROP_RING_SIZE;
		props[n++] = opts->ring_size;
	}
	if (opts->wait_num_reports) {
		props[n++] = INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS;
		props[n++] = opts->wait_num_reports;
	}
	if (opts->lost_records) {
		props[n++] = INTEL_OA_PERF_PROP_LOST_RECORDS;
		props[n++] = 1;
	}
	if (engine_class >= 0) {
		props[n++] = DRM_I915_PERF_PROP_OA_ENGINE_CLASS;
		props[n++] = (uint64_t)engine_class;
		props[n++] = DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE;
		props[n++] = (uint64_t)engine_instance;
	}

	memset(&param, 0, sizeof(param));
	param.flags = I915_PERF_FLAG_FD_CLOEXEC;
	if (opts->nonblock)
		param.flags |= I915_PERF_FLAG_FD_NONBLOCK;
	if (opts->disabled)
		param.flags |= I915_PERF_FLAG_DISABLED;
	param.num_properties = n / 2;
	param.properties_ptr = (uintptr_t)props;

	fd = drmIoctl(dev->fd, DRM_IOCTL_I915_PERF_OPEN, &param);
	if (fd < 0)
		return -errno;
	return fd;
}

int intel_oa_ring_map(int stream, struct intel_oa_ring_map *map)
{
	long page = sysconf(_SC_PAGESIZE);
	struct intel_oa_mmap_page *ctl;
	void *data;

	memset(map, 0, sizeof(*map));
	ctl = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, stream, 0);
	if (ctl == MAP_FAILED)
		return -errno;
	if (ctl->version < 1 || !ctl->data_size ||
	    ctl->data_size & (ctl->data_size - 1)) {
		munmap(ctl, page);
		return -EPROTO;
	}
	/* Faulted in now, not page by page while the reader runs. */
	data = mmap(NULL, 2 * ctl->data_size, PROT_READ,
		    MAP_SHARED | MAP_POPULATE, stream, (off_t)ctl->data_offset);
	if (data == MAP_FAILED) {
		int err = -errno;

		munmap(ctl, page);
		return err;
	}
	map->ctl = ctl;
	map->data = data;
	map->size = ctl->data_size;
	return 0;
}

void intel_oa_ring_unmap(struct intel_oa_ring_map *map)
{
	if (map->data)
		munmap((void *)map->data, 2 * map->size);
	if (map->ctl)
		munmap(map->ctl, sysconf(_SC_PAGESIZE));
	memset(map, 0, sizeof(*map));
}

size_t intel_oa_ring_peek(const struct intel_oa_ring_map *map,
			  const void **records)
{
	/* Pairs with the kernel's release store: the records come first. */
	uint64_t head = __atomic_load_n(&map->ctl->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = map->ctl->data_tail;

	if (head - tail > map->size) {
		*records = NULL;
		return 0;
	}
	*records = map->data + (tail & (map->size - 1));
	return head - tail;
}

void intel_oa_ring_consume(const struct intel_oa_ring_map *map, size_t bytes)
{
	/* Pairs with the kernel's acquire load: done with those bytes. */
	__atomic_store_n(&map->ctl->data_tail, map->ctl->data_tail + bytes,
			 __ATOMIC_RELEASE);
}

int intel_oa_stream_sample(int stream, uint32_t *marker, uint64_t *timestamp)
{
	struct intel_oa_perf_sample s;

	memset(&s, 0, sizeof(s));
	if (drmIoctl(stream, INTEL_OA_PERF_IOCTL_SAMPLE, &s))
		return -errno;
	if (marker)
		*marker = s.marker;
	if (timestamp)
		*timestamp = s.timestamp;
	return 0;
}

int intel_oa_sysfs_dir(const struct intel_oa_device *dev, char *buf,
		       size_t len)
{
	char drm_dir[128];
	struct dirent *de;
	struct stat st;
	DIR *dir;
	int ret = -ENOENT;

	if (!dev || dev->fd < 0 || !buf || !len)
		return -EINVAL;
	if (fstat(dev->fd, &st))
		return -errno;
	snprintf(drm_dir, sizeof(drm_dir), "/sys/dev/char/%u:%u/device/drm",
		 major(st.st_rdev), minor(st.st_rdev));
	dir = opendir(drm_dir);
	if (!dir)
		return -ENOENT;
	while ((de = readdir(dir))) {
		int n;

		if (strncmp(de->d_name, "card", 4) ||
		    strchr(de->d_name, '-'))
			continue;
		n = snprintf(buf, len, "%s/%s", drm_dir, de->d_name);
		ret = (n < 0 || (size_t)n >= len) ? -ENAMETOOLONG : 0;
		break;
	}
	closedir(dir);
	return ret;
}

int intel_oa_metrics_first_id(const struct intel_oa_device *dev,
			      uint64_t *id)
{
	char card[192], metrics[256];
	struct dirent *de;
	uint64_t best = 0;
	DIR *dir;
	int ret;

	ret = intel_oa_sysfs_dir(dev, card, sizeof(card));
	if (ret)
		return ret;
	snprintf(metrics, sizeof(metrics), "%s/metrics", card);
	dir = opendir(metrics);
	if (!dir)
		return -ENOENT;
	while ((de = readdir(dir))) {
		char path[sizeof(metrics) + sizeof(de->d_name) + 4];
		char text[32];
		uint64_t v;
		char *end;
		FILE *f;
		int n;

		if (de->d_name[0] == '.')
			continue;
		n = snprintf(path, sizeof(path), "%s/%s/id", metrics,
			     de->d_name);
		if (n < 0 || (size_t)n >= sizeof(path))
			continue;
		f = fopen(path, "re");
		if (!f)
			continue;
		if (!fgets(text, sizeof(text), f)) {
			fclose(f);
			continue;
		}
		fclose(f);
		errno = 0;
		v = strtoull(text, &end, 0);
		if (errno || end == text || !v)
			continue;
		if (!best || v < best)
			best = v;
	}
	closedir(dir);
	if (!best)
		return -ENOENT;
	*id = best;
	return 0;
}

int64_t intel_oa_add_config(const struct intel_oa_device *dev,
			    const char *uuid,
			    const struct intel_oa_reg_pair *mux,
			    unsigned int n_mux,
			    const struct intel_oa_reg_pair *boolean,
			    unsigned int n_boolean,
			    const struct intel_oa_reg_pair *flex,
			    unsigned int n_flex)
{
	struct drm_i915_perf_oa_config cfg;
	int ret;

	_Static_assert(sizeof(struct intel_oa_reg_pair) == 8,
		       "register pairs are two u32 in the uAPI");

	if (!dev || dev->fd < 0 || !uuid || strlen(uuid) != sizeof(cfg.uuid))
		return -EINVAL;
	memset(&cfg, 0, sizeof(cfg));
	memcpy(cfg.uuid, uuid, sizeof(cfg.uuid));
	cfg.n_mux_regs = n_mux;
	cfg.mux_regs_ptr = (uintptr_t)mux;
	cfg.n_boolean_regs = n_boolean;
	cfg.boolean_regs_ptr = (uintptr_t)boolean;
	cfg.n_flex_regs = n_flex;
	cfg.flex_regs_ptr = (uintptr_t)flex;

	ret = drmIoctl(dev->fd, DRM_IOCTL_I915_PERF_ADD_CONFIG, &cfg);
	if (ret < 0)
		return -errno;
	return ret;
}

int intel_oa_remove_config(const struct intel_oa_device *dev, uint64_t id)
{
	uint64_t v = id;

	if (!dev || dev->fd < 0)
		return -EINVAL;
	if (drmIoctl(dev->fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &v))
		return -errno;
	return 0;
}
