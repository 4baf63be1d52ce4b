/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa recordings: the file format of IGT's i915-perf-recorder
 * (Documentation/userspace.rst, "Recordings").
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * A recording is a sequence of records, each starting with the 8-byte
 * struct drm_i915_perf_record_header (u32 type, u16 pad, u16 size; size
 * includes the header), little endian:
 *
 * - the records read() returns on a perf stream (SAMPLE = 1,
 *   OA_REPORT_LOST = 2, OA_BUFFER_LOST = 3), copied unchanged;
 * - the recorder's own records, with types from 65536 on: VERSION (u32
 *   version = 1, u32 pad), DEVICE_INFO (struct intel_oa_rec_device_info,
 *   336 bytes packed), DEVICE_TOPOLOGY (struct
 *   drm_i915_query_topology_info as DRM_I915_QUERY returned it, padded to
 *   8 bytes) and TIMESTAMP_CORRELATION (u64 CPU ns, u64 GPU timestamp).
 *
 * i915-perf-recorder writes VERSION, DEVICE_INFO, DEVICE_TOPOLOGY, a
 * correlation, then stream data with a correlation every period and one
 * at the end; i915-perf-reader needs DEVICE_INFO, DEVICE_TOPOLOGY and at
 * least two correlations. Nothing here needs libdrm or a device.
 */
#ifndef INTEL_OA_RECORDING_H
#define INTEL_OA_RECORDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Record types of the recorder (lib/i915/perf_data.h of IGT). */
#define INTEL_OA_REC_TYPE_VERSION		0x10000u
#define INTEL_OA_REC_TYPE_DEVICE_INFO		0x10001u
#define INTEL_OA_REC_TYPE_DEVICE_TOPOLOGY	0x10002u
#define INTEL_OA_REC_TYPE_TIMESTAMP_CORRELATION	0x10003u

/** The only recording format version there is. */
#define INTEL_OA_REC_VERSION			1u

/* Payload sizes (without the 8-byte header) the format fixes. */
#define INTEL_OA_REC_VERSION_SIZE		8u
#define INTEL_OA_REC_DEVICE_INFO_SIZE		336u
#define INTEL_OA_REC_CORRELATION_SIZE		16u

/**
 * struct intel_oa_rec_device_info - DEVICE_INFO, unpacked
 * @timestamp_frequency: Hz of the correlation GPU timestamps (the
 *	recorder writes I915_PARAM_CS_TIMESTAMP_FREQUENCY)
 * @device_id: PCI device id
 * @device_revision: PCI revision
 * @gt_min_frequency: minimum GPU frequency, Hz (0: unknown)
 * @gt_max_frequency: maximum GPU frequency, Hz (0: unknown)
 * @engine_class: I915_ENGINE_CLASS_RENDER (0)
 * @engine_instance: 0
 * @oa_format: enum drm_i915_oa_format of the SAMPLE reports
 * @metric_set_name: NUL-terminated set name (the recorder's symbol name,
 *	e.g. "RenderBasic")
 * @metric_set_uuid: NUL-terminated uuid of the configuration
 */
struct intel_oa_rec_device_info {
	uint64_t timestamp_frequency;
	uint32_t device_id;
	uint32_t device_revision;
	uint32_t gt_min_frequency;
	uint32_t gt_max_frequency;
	uint32_t engine_class;
	uint32_t engine_instance;
	uint32_t oa_format;
	char metric_set_name[256];
	char metric_set_uuid[40];
};

/**
 * struct intel_oa_rec_correlation - one TIMESTAMP_CORRELATION
 * @cpu_ns: CPU clock (CLOCK_MONOTONIC unless the recorder was told
 *	otherwise), ns
 * @gpu_ts: the render ring timestamp read at that time, ticks of
 *	intel_oa_rec_device_info.timestamp_frequency
 */
struct intel_oa_rec_correlation {
	uint64_t cpu_ns;
	uint64_t gpu_ts;
};

/**
 * struct intel_oa_recording - a parsed recording (views into the bytes)
 * @data: the file's bytes (owned when read by intel_oa_recording_load())
 * @len: bytes of @data
 * @version: VERSION's value (0 when the file has none)
 * @has_info: DEVICE_INFO was found (the last one counts)
 * @info: DEVICE_INFO
 * @topology: DEVICE_TOPOLOGY payload (NULL when absent)
 * @topology_len: its bytes (including the recorder's padding)
 * @report_size: payload bytes of every SAMPLE (0 when there is none)
 * @samples: offsets into @data of each SAMPLE's report, in file order
 * @n_samples: number of SAMPLE records
 * @lost: OA_REPORT_LOST records
 * @buffer_lost: OA_BUFFER_LOST records
 * @corr: the correlations in file order
 * @n_corr: their number
 * @unknown: records of other types (skipped, as i915-perf-reader does)
 * @error: offset of the malformed record after -EBADMSG
 * @owned: @data is freed by intel_oa_recording_fini()
 * @mapped: @data is a mapping of the file that intel_oa_recording_fini()
 *	unmaps
 */
struct intel_oa_recording {
	const uint8_t *data;
	size_t len;
	uint32_t version;
	bool has_info;
	struct intel_oa_rec_device_info info;
	const void *topology;
	size_t topology_len;
	size_t report_size;
	size_t *samples;
	size_t n_samples;
	size_t lost;
	size_t buffer_lost;
	struct intel_oa_rec_correlation *corr;
	size_t n_corr;
	size_t unknown;
	size_t error;
	bool owned;
	bool mapped;
};

/**
 * intel_oa_recording_parse() - index a recording held in memory
 * @r: filled (zeroed first); @buf is referenced, not copied
 * @buf: the file's bytes
 * @len: their number
 * @report_size: expected SAMPLE payload size, or 0 to take the first
 *	SAMPLE's (every SAMPLE must then have that size)
 *
 * Return: 0; -EBADMSG when a record is malformed: fewer than 8 bytes left,
 * a size below 8, not a multiple of 4 or running past the end (a truncated
 * file), a VERSION, DEVICE_INFO, correlation or lost record of the wrong
 * size, SAMPLEs of differing sizes (@r->error holds the offset); -EPROTO
 * for a VERSION other than 1; -ENODATA without DEVICE_INFO; -ENOMEM.
 * After an error intel_oa_recording_fini() must still be called.
 */
int intel_oa_recording_parse(struct intel_oa_recording *r, const void *buf,
			     size_t len, size_t report_size);

/**
 * intel_oa_recording_load() - map (or read) a file and
 *	intel_oa_recording_parse() it
 * @r: filled
 * @path: the file
 * @report_size: as for intel_oa_recording_parse()
 *
 * Return: as intel_oa_recording_parse(), or -errno of opening/reading.
 */
int intel_oa_recording_load(struct intel_oa_recording *r, const char *path,
			    size_t report_size);

/**
 * intel_oa_recording_fini() - free what parse/load allocated
 * @r: recording (may be zeroed)
 */
void intel_oa_recording_fini(struct intel_oa_recording *r);

/**
 * intel_oa_recording_report() - the i-th SAMPLE's report
 * @r: recording
 * @i: index below @r->n_samples
 *
 * Return: pointer to @r->report_size bytes (any alignment).
 */
static inline const void *
intel_oa_recording_report(const struct intel_oa_recording *r, size_t i)
{
	return r->data + r->samples[i];
}

/**
 * intel_oa_recording_cpu_ns() - an OA report timestamp on the recorder's
 * CPU clock
 * @r: recording with at least one correlation
 * @oa_ts: a report's TIMESTAMP field
 * @oa_freq: Hz of report timestamps (the platform's OA timestamp clock)
 * @ts_bits: bits of @oa_ts (32, 36 or 56: intel_oa_format.header)
 * @cpu_ns: set to the time, ns of the correlations' CPU clock
 *	(CLOCK_MONOTONIC unless the recorder was told otherwise)
 *
 * The report is placed after the first correlation (the recorder writes
 * it before it opens the stream) by the difference of the timestamps
 * modulo 2^@ts_bits, so the OA timestamp's wraps do not matter as long as
 * the report comes less than half a wrap after it, and is converted at
 * the rate the first and last correlations measured (the nominal rate with
 * one correlation). The correlations' GPU timestamps, at
 * intel_oa_rec_device_info.timestamp_frequency, are scaled to @oa_freq: the
 * two clocks are taken to count from the same moment.
 *
 * Return: 0, or -ENODATA without a correlation, frequencies or @ts_bits
 * in 1..64.
 */
int intel_oa_recording_cpu_ns(const struct intel_oa_recording *r,
			      uint64_t oa_ts, uint64_t oa_freq,
			      unsigned int ts_bits, uint64_t *cpu_ns);

/**
 * intel_oa_rec_write_header() - VERSION, DEVICE_INFO and DEVICE_TOPOLOGY
 * @f: output
 * @info: the device info (names longer than their fields are cut)
 * @topology: DRM_I915_QUERY_TOPOLOGY_INFO bytes (NULL: 16 zero bytes, a
 *	topology without slices, for kernels that cannot be queried; the
 *	record must exist for i915-perf-reader)
 * @topology_len: its bytes; padded with zeros to a multiple of 8
 *
 * Return: 0, -EINVAL (@topology_len + 8 above 65535), -EIO on a write
 * error.
 */
int intel_oa_rec_write_header(FILE *f,
			      const struct intel_oa_rec_device_info *info,
			      const void *topology, size_t topology_len);

/**
 * intel_oa_rec_write_correlation() - one TIMESTAMP_CORRELATION record
 * @f: output
 * @cpu_ns: CPU time, ns
 * @gpu_ts: GPU timestamp
 *
 * Return: 0 or -EIO.
 */
int intel_oa_rec_write_correlation(FILE *f, uint64_t cpu_ns, uint64_t gpu_ts);

/**
 * intel_oa_rec_write_record() - one record of any type
 * @f: output
 * @type: record type
 * @payload: bytes after the header (may be NULL when @len is 0)
 * @len: their number; 8 + @len must be a multiple of 4 and below 65536
 *
 * Stream data from read() is already a sequence of records: write it with
 * fwrite() as it is, as the recorder does.
 *
 * Return: 0, -EINVAL, -EIO.
 */
int intel_oa_rec_write_record(FILE *f, uint32_t type, const void *payload,
			      size_t len);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_RECORDING_H */
