/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa device helpers: find the i915-compatible DRM render node,
 * query it and open OA perf streams through libdrm.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * All functions return 0 (or a non-negative value) on success and a
 * negative errno value on failure; none of them prints anything.
 */
#ifndef INTEL_OA_DEVICE_H
#define INTEL_OA_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intel_oa/intel_oa.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Nodes searched: /dev/dri/renderD128 .. renderD(128 + N - 1), then
 * /dev/dri/card0 .. card(N - 1).
 */
#define INTEL_OA_RENDER_NODES 64

/**
 * struct intel_oa_device - an open i915-compatible DRM device
 * @fd: DRM file descriptor (render node)
 * @path: device node path
 * @driver: DRM driver name reported by drmGetVersion() ("i915")
 * @devid: PCI device id (I915_PARAM_CHIPSET_ID)
 * @gen: OA generation row for @devid, NULL when the table lacks it
 * @ts_freq: OA timestamp frequency in Hz (I915_PARAM_OA_TIMESTAMP_FREQUENCY,
 *	or I915_PARAM_CS_TIMESTAMP_FREQUENCY on kernels without it where the
 *	two clocks are one, or the device table's OA frequency of the id or
 *	of the row it is a sibling of)
 * @perf_revision: I915_PARAM_PERF_REVISION, 0 if the query failed
 * @platform: device table row for @devid, NULL when the table lacks it
 * @ts_freq_source: where @ts_freq comes from: "oa-getparam",
 *	"cs-getparam" or "table"
 * @cs_ts_freq: command streamer timestamp frequency in Hz
 *	(I915_PARAM_CS_TIMESTAMP_FREQUENCY, else the device table's, else 0);
 *	differs from @ts_freq on Gen12.5 (19.2 vs 38.4 MHz)
 */
struct intel_oa_device {
	int fd;
	char path[64];
	char driver[32];
	uint32_t devid;
	const struct intel_oa_gen *gen;
	uint64_t ts_freq;
	int perf_revision;
	const struct intel_oa_platform *platform;
	const char *ts_freq_source;
	uint64_t cs_ts_freq;
};

/**
 * intel_oa_device_open() - open an i915-compatible DRM device
 * @dev: filled on success
 * @path: device node to open, or NULL to search the render nodes, then the
 *	primary nodes, for the first one whose driver name is "i915"
 *
 * Also queries the chipset id, timestamp frequencies and perf revision. The
 * OA timestamp frequency is asked as OA_TIMESTAMP_FREQUENCY, then (unless
 * the device table gives the id two different clocks, as on Gen12.5)
 * CS_TIMESTAMP_FREQUENCY; when neither answers with a positive value, the
 * device table's OA frequency of the chipset id (or of the row it is a
 * sibling of) is used.
 *
 * Return: 0; -ENODEV when no (matching) device exists; -errno of open() or
 * of the getparam queries (CHIPSET_ID is required, and a timestamp
 * frequency query for chipset ids the device table lacks).
 */
int intel_oa_device_open(struct intel_oa_device *dev, const char *path);

/**
 * intel_oa_device_close() - close a device opened by intel_oa_device_open()
 * @dev: device; fd is set to -1
 */
void intel_oa_device_close(struct intel_oa_device *dev);

/**
 * intel_oa_getparam() - DRM_IOCTL_I915_GETPARAM
 * @fd: DRM fd
 * @param: I915_PARAM_* id
 * @value: result
 *
 * Return: 0 or -errno.
 */
int intel_oa_getparam(int fd, int param, int *value);

/**
 * struct intel_oa_stream_opts - what intel_oa_stream_open() asks for
 * @metrics_set: DRM_I915_PERF_PROP_OA_METRICS_SET value (non-zero)
 * @format: enum drm_i915_oa_format value
 * @exponent: timer exponent 0..31, or -1 for no periodic sampling
 * @poll_period_ns: DRM_I915_PERF_PROP_POLL_OA_PERIOD, 0 = driver default
 * @nonblock: I915_PERF_FLAG_FD_NONBLOCK
 * @disabled: I915_PERF_FLAG_DISABLED (enable later with
 *	I915_PERF_IOCTL_ENABLE)
 * @oa_buffer_size: INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, 0 = driver default
 * @ring_size: INTEL_OA_PERF_PROP_RING_SIZE, 0 = driver default
 * @wait_num_reports: INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, 0 = not set
 * @lost_records: INTEL_OA_PERF_PROP_LOST_RECORDS
 */
struct intel_oa_stream_opts {
	uint64_t metrics_set;
	unsigned int format;
	int exponent;
	uint64_t poll_period_ns;
	bool nonblock;
	bool disabled;
	uint64_t oa_buffer_size;
	uint64_t ring_size;
	uint64_t wait_num_reports;
	bool lost_records;
};

/**
 * intel_oa_stream_open() - DRM_IOCTL_I915_PERF_OPEN with SAMPLE_OA
 * @dev: device
 * @opts: stream options
 *
 * The stream fd is opened close-on-exec.
 *
 * Return: the stream fd, or -errno (-EINVAL for bad @opts before any ioctl).
 */
int intel_oa_stream_open(const struct intel_oa_device *dev,
			 const struct intel_oa_stream_opts *opts);

/**
 * intel_oa_stream_open_engine() - intel_oa_stream_open() on the OA unit
 *	that observes an engine
 * @dev: device
 * @opts: stream options
 * @engine_class: I915_ENGINE_CLASS_* (DRM_I915_PERF_PROP_OA_ENGINE_CLASS),
 *	or -1 for none: the render GT's unit, as intel_oa_stream_open()
 * @engine_instance: the engine's uAPI instance
 *	(DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE); ignored without a class
 *
 * Perf revision 6 and later: the engine chooses the OA unit (on Meteor
 * Lake the video decode and enhance engines choose the media GT's OAM,
 * whose formats are I915_OAM_FORMAT_*). Since 0.2.0.
 *
 * Return: the stream fd, or -errno: -EINVAL for bad @opts or an
 * @engine_class or @engine_instance out of the uAPI's 16-bit range before
 * any ioctl; the driver's EINVAL for an engine the GPU lacks, one no OA
 * unit observes, or a format of another unit's kind; EBUSY when that
 * unit already has a stream.
 */
int intel_oa_stream_open_engine(const struct intel_oa_device *dev,
				const struct intel_oa_stream_opts *opts,
				int engine_class, int engine_instance);

/**
 * struct intel_oa_ring_map - a stream's ring, mapped (intel_oa_ring_map())
 * @ctl: the control page (struct intel_oa_mmap_page)
 * @data: the ring's data pages, mapped twice in a row
 * @size: bytes of the ring
 */
struct intel_oa_mmap_page;

struct intel_oa_ring_map {
	struct intel_oa_mmap_page *ctl;
	const uint8_t *data;
	uint64_t size;
};

/**
 * intel_oa_ring_map() - map a stream's ring for zero-copy reading
 * @stream: perf stream fd
 * @map: output
 *
 * Return: 0, or -errno of mmap() (-ENODEV: a driver without the ring).
 */
int intel_oa_ring_map(int stream, struct intel_oa_ring_map *map);

/**
 * intel_oa_ring_unmap() - undo intel_oa_ring_map()
 * @map: mapped ring; zeroed on return
 */
void intel_oa_ring_unmap(struct intel_oa_ring_map *map);

/**
 * intel_oa_ring_peek() - the records ready to be consumed
 * @map: mapped ring
 * @records: output: the first ready record (whole records follow it
 *	contiguously, even across the ring's end)
 *
 * Reads @data_head with acquire semantics; the records stay valid until
 * intel_oa_ring_consume().
 *
 * Return: bytes of ready records (0: none), or 0 with @records NULL if
 * the positions are inconsistent.
 */
size_t intel_oa_ring_peek(const struct intel_oa_ring_map *map,
			  const void **records);

/**
 * intel_oa_ring_consume() - hand @bytes of records back to the kernel
 * @map: mapped ring
 * @bytes: bytes from the start of what intel_oa_ring_peek() returned
 *
 * Stores @data_tail with release semantics.
 */
void intel_oa_ring_consume(const struct intel_oa_ring_map *map, size_t bytes);

/**
 * intel_oa_stream_sample() - INTEL_OA_PERF_IOCTL_SAMPLE: one OA report now
 * @stream: perf stream fd from intel_oa_stream_open()
 * @marker: if not NULL, the report's CTX_ID (the request's cookie)
 * @timestamp: if not NULL, the report's TIME_STAMP field
 *
 * On success the report is already in what read() on @stream returns: a
 * SAMPLE record with the MMIO-trigger reason and CTX_ID @marker
 * (Documentation/dg2.rst, "On-demand OA sample").
 *
 * Return: 0; -ENODEV without the OA unit's MMIO trigger (every platform
 * but DG2/ATS-M, Meteor Lake and Arrow Lake, where both units have one);
 * -EIO on a disabled stream; -ETIMEDOUT when the report did not arrive
 * (the stream stays usable); other -errno of the ioctl.
 */
int intel_oa_stream_sample(int stream, uint32_t *marker, uint64_t *timestamp);

/**
 * intel_oa_sysfs_dir() - the device's sysfs card directory
 * @dev: device
 * @buf: output, e.g. "/sys/dev/char/226:128/device/drm/card0"
 * @len: size of @buf
 *
 * Return: 0, -ENOENT when the card directory cannot be found, -ENAMETOOLONG.
 */
int intel_oa_sysfs_dir(const struct intel_oa_device *dev, char *buf,
		       size_t len);

/**
 * intel_oa_metrics_first_id() - lowest metrics set id advertised in sysfs
 * @dev: device
 * @id: result: the smallest value of <card>/metrics/<uuid>/id
 *
 * Return: 0, or -ENOENT when no metrics set is advertised.
 */
int intel_oa_metrics_first_id(const struct intel_oa_device *dev,
			      uint64_t *id);

/**
 * struct intel_oa_reg_pair - one register write of an OA configuration
 * @addr: MMIO offset
 * @value: value written
 */
struct intel_oa_reg_pair {
	uint32_t addr;
	uint32_t value;
};

/**
 * intel_oa_add_config() - DRM_IOCTL_I915_PERF_ADD_CONFIG
 * @dev: device
 * @uuid: 36-character uuid string naming the config
 * @mux: NOA mux register writes (may be NULL when @n_mux is 0)
 * @n_mux: number of @mux entries
 * @boolean: B/C counter (boolean) register writes
 * @n_boolean: number of @boolean entries
 * @flex: flex EU counter register writes
 * @n_flex: number of @flex entries
 *
 * i915 rejects a config without any register (-EINVAL).
 *
 * Return: the new metrics set id (> 0) or -errno.
 */
int64_t intel_oa_add_config(const struct intel_oa_device *dev,
			    const char *uuid,
			    const struct intel_oa_reg_pair *mux,
			    unsigned int n_mux,
			    const struct intel_oa_reg_pair *boolean,
			    unsigned int n_boolean,
			    const struct intel_oa_reg_pair *flex,
			    unsigned int n_flex);

/**
 * intel_oa_remove_config() - DRM_IOCTL_I915_PERF_REMOVE_CONFIG
 * @dev: device
 * @id: metrics set id returned by intel_oa_add_config()
 *
 * Return: 0 or -errno.
 */
int intel_oa_remove_config(const struct intel_oa_device *dev, uint64_t id);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_DEVICE_H */
