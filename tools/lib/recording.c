// SPDX-License-Identifier: MIT
/*
 * Recordings in the file format of IGT's i915-perf-recorder, so that
 * i915-perf-reader reads ours and we read its (intel_oa/recording.h).
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * The recorder writes its structures packed and in host order; every
 * machine it runs on is little endian, so the format is read and written
 * little endian byte by byte here, whatever the host.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/recording.h"
#include "util.h"

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
	return get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

/* A NUL-terminated copy into a zeroed field, cut to fit. */
static void put_str(uint8_t *field, const char *s, size_t size)
{
	memcpy(field, s, strnlen(s, size - 1));
}

/* Offsets in the packed DEVICE_INFO payload. */
enum {
	DI_TS_FREQ = 0,
	DI_DEVICE_ID = 8,
	DI_REVISION = 12,
	DI_GT_MIN = 16,
	DI_GT_MAX = 20,
	DI_ENGINE_CLASS = 24,
	DI_ENGINE_INSTANCE = 28,
	DI_OA_FORMAT = 32,
	DI_NAME = 36,
	DI_UUID = DI_NAME + 256,
	DI_PAD = DI_UUID + 40,
};

_Static_assert(DI_PAD + 4 == INTEL_OA_REC_DEVICE_INFO_SIZE,
	       "DEVICE_INFO layout does not add up");

static void unpack_info(const uint8_t *p, struct intel_oa_rec_device_info *i)
{
	i->timestamp_frequency = get64(p + DI_TS_FREQ);
	i->device_id = get32(p + DI_DEVICE_ID);
	i->device_revision = get32(p + DI_REVISION);
	i->gt_min_frequency = get32(p + DI_GT_MIN);
	i->gt_max_frequency = get32(p + DI_GT_MAX);
	i->engine_class = get32(p + DI_ENGINE_CLASS);
	i->engine_instance = get32(p + DI_ENGINE_INSTANCE);
	i->oa_format = get32(p + DI_OA_FORMAT);
	/* the file's strings need not be terminated: always terminate ours */
	memcpy(i->metric_set_name, p + DI_NAME, sizeof(i->metric_set_name));
	i->metric_set_name[sizeof(i->metric_set_name) - 1] = '\0';
	memcpy(i->metric_set_uuid, p + DI_UUID, sizeof(i->metric_set_uuid));
	i->metric_set_uuid[sizeof(i->metric_set_uuid) - 1] = '\0';
}

static int grow(void **arr, size_t *cap, size_t n, size_t elem)
{
	void *p;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 256;
	p = realloc(*arr, c * elem);
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = c;
	return 0;
}

int intel_oa_recording_parse(struct intel_oa_recording *r, const void *buf,
			     size_t len, size_t report_size)
{
	const uint8_t *d = buf;
	size_t pos = 0, cap_s = 0, cap_c = 0;
	int ret;

	memset(r, 0, sizeof(*r));
	r->data = d;
	r->len = d ? len : 0;
	r->report_size = report_size;
	r->error = (size_t)-1;
	while (pos < r->len) {
		uint32_t type;
		size_t size, plen;
		const uint8_t *p;

		if (r->len - pos < INTEL_OA_RECORD_HEADER_SIZE)
			goto bad;
		type = get32(d + pos);
		size = get16(d + pos + 6);
		if (size < INTEL_OA_RECORD_HEADER_SIZE || size % 4 ||
		    size > r->len - pos)
			goto bad;
		p = d + pos + INTEL_OA_RECORD_HEADER_SIZE;
		plen = size - INTEL_OA_RECORD_HEADER_SIZE;
		switch (type) {
		case DRM_I915_PERF_RECORD_SAMPLE:
			if (!plen)
				goto bad;
			if (!r->report_size)
				r->report_size = plen;
			else if (plen != r->report_size)
				goto bad;
			ret = grow((void **)&r->samples, &cap_s, r->n_samples,
				   sizeof(*r->samples));
			if (ret)
				return ret;
			r->samples[r->n_samples++] = (size_t)(p - d);
			break;
		case DRM_I915_PERF_RECORD_OA_REPORT_LOST:
		case DRM_I915_PERF_RECORD_OA_BUFFER_LOST:
			if (plen)
				goto bad;
			if (type == DRM_I915_PERF_RECORD_OA_REPORT_LOST)
				r->lost++;
			else
				r->buffer_lost++;
			break;
		case INTEL_OA_REC_TYPE_VERSION:
			if (plen != INTEL_OA_REC_VERSION_SIZE)
				goto bad;
			r->version = get32(p);
			if (r->version != INTEL_OA_REC_VERSION) {
				r->error = pos;
				return -EPROTO;
			}
			break;
		case INTEL_OA_REC_TYPE_DEVICE_INFO:
			if (plen != INTEL_OA_REC_DEVICE_INFO_SIZE)
				goto bad;
			unpack_info(p, &r->info);
			r->has_info = true;
			break;
		case INTEL_OA_REC_TYPE_DEVICE_TOPOLOGY:
			r->topology = plen ? p : NULL;
			r->topology_len = plen;
			break;
		case INTEL_OA_REC_TYPE_TIMESTAMP_CORRELATION:
			if (plen != INTEL_OA_REC_CORRELATION_SIZE)
				goto bad;
			ret = grow((void **)&r->corr, &cap_c, r->n_corr,
				   sizeof(*r->corr));
			if (ret)
				return ret;
			r->corr[r->n_corr].cpu_ns = get64(p);
			r->corr[r->n_corr].gpu_ts = get64(p + 8);
			r->n_corr++;
			break;
		default:
			r->unknown++;
			break;
		}
		pos += size;
	}
	return r->has_info ? 0 : -ENODATA;
bad:
	r->error = pos;
	return -EBADMSG;
}

int intel_oa_recording_load(struct intel_oa_recording *r, const char *path,
			    size_t report_size)
{
	struct stat st;
	void *buf;
	size_t len;
	int ret, fd;

	memset(r, 0, sizeof(*r));
	/*
	 * A regular file is mapped, not copied: recordings run to gigabytes,
	 * and reading one into the heap cost print a tenth of its time.
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size <= SIZE_MAX) {
		len = (size_t)st.st_size;
		buf = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
		if (buf != MAP_FAILED) {
			close(fd);
			ret = intel_oa_recording_parse(r, buf, len, report_size);
			r->data = buf;
			r->len = len;
			r->mapped = true;
			return ret;
		}
	}
	if (fd >= 0)
		close(fd);
	ret = intel_oa_read_file(path, &buf, &len);
	if (ret)
		return ret;
	ret = intel_oa_recording_parse(r, buf, len, report_size);
	/* parse() keeps the pointer; make it ours to free even on error */
	r->data = buf;
	r->owned = true;
	return ret;
}

void intel_oa_recording_fini(struct intel_oa_recording *r)
{
	if (r->mapped)
		munmap((void *)r->data, r->len);
	else if (r->owned)
		free((void *)r->data);
	free(r->samples);
	free(r->corr);
	memset(r, 0, sizeof(*r));
}

int intel_oa_rec_write_record(FILE *f, uint32_t type, const void *payload,
			      size_t len)
{
	uint8_t h[INTEL_OA_RECORD_HEADER_SIZE] = { 0 };
	size_t size = INTEL_OA_RECORD_HEADER_SIZE + len;

	if (size > 0xffff || size % 4 || (len && !payload))
		return -EINVAL;
	put32(h, type);
	h[6] = (uint8_t)size;
	h[7] = (uint8_t)(size >> 8);
	if (fwrite(h, sizeof(h), 1, f) != 1 ||
	    (len && fwrite(payload, len, 1, f) != 1))
		return -EIO;
	return 0;
}

int intel_oa_rec_write_header(FILE *f,
			      const struct intel_oa_rec_device_info *info,
			      const void *topology, size_t topology_len)
{
	uint8_t ver[INTEL_OA_REC_VERSION_SIZE] = { 0 };
	uint8_t di[INTEL_OA_REC_DEVICE_INFO_SIZE] = { 0 };
	static const uint8_t empty_topology[16];
	uint8_t *topo;
	size_t padded;
	int ret;

	if (!topology) {
		topology = empty_topology;
		topology_len = sizeof(empty_topology);
	}
	padded = (topology_len + 7) & ~(size_t)7;
	if (padded + INTEL_OA_RECORD_HEADER_SIZE > 0xffff)
		return -EINVAL;
	put32(ver, INTEL_OA_REC_VERSION);
	put64(di + DI_TS_FREQ, info->timestamp_frequency);
	put32(di + DI_DEVICE_ID, info->device_id);
	put32(di + DI_REVISION, info->device_revision);
	put32(di + DI_GT_MIN, info->gt_min_frequency);
	put32(di + DI_GT_MAX, info->gt_max_frequency);
	put32(di + DI_ENGINE_CLASS, info->engine_class);
	put32(di + DI_ENGINE_INSTANCE, info->engine_instance);
	put32(di + DI_OA_FORMAT, info->oa_format);
	put_str(di + DI_NAME, info->metric_set_name, 256);
	put_str(di + DI_UUID, info->metric_set_uuid, 40);
	topo = calloc(1, padded);
	if (!topo)
		return -ENOMEM;
	memcpy(topo, topology, topology_len);
	ret = intel_oa_rec_write_record(f, INTEL_OA_REC_TYPE_VERSION, ver,
					sizeof(ver));
	if (!ret)
		ret = intel_oa_rec_write_record(f,
						INTEL_OA_REC_TYPE_DEVICE_INFO,
						di, sizeof(di));
	if (!ret)
		ret = intel_oa_rec_write_record(f,
						INTEL_OA_REC_TYPE_DEVICE_TOPOLOGY,
						topo, padded);
	free(topo);
	return ret;
}

int intel_oa_rec_write_correlation(FILE *f, uint64_t cpu_ns, uint64_t gpu_ts)
{
	uint8_t c[INTEL_OA_REC_CORRELATION_SIZE];

	put64(c, cpu_ns);
	put64(c + 8, gpu_ts);
	return intel_oa_rec_write_record(f,
					 INTEL_OA_REC_TYPE_TIMESTAMP_CORRELATION,
					 c, sizeof(c));
}

int intel_oa_recording_cpu_ns(const struct intel_oa_recording *r,
			      uint64_t oa_ts, uint64_t oa_freq,
			      unsigned int ts_bits, uint64_t *cpu_ns)
{
	uint64_t cs_freq = r->info.timestamp_frequency, mask, c0_oa, d;
	const struct intel_oa_rec_correlation *c0, *cn;
	double ns_per_tick, off;

	if (!r->n_corr || !oa_freq || !cs_freq || !ts_bits || ts_bits > 64)
		return -ENODATA;
	mask = ts_bits == 64 ? ~0ULL : (1ULL << ts_bits) - 1;
	c0 = &r->corr[0];
	cn = &r->corr[r->n_corr - 1];
	c0_oa = (uint64_t)((unsigned __int128)c0->gpu_ts * oa_freq / cs_freq);
	d = (oa_ts - c0_oa) & mask;
	ns_per_tick = 1e9 / (double)oa_freq;
	if (cn->gpu_ts > c0->gpu_ts && cn->cpu_ns > c0->cpu_ns)
		ns_per_tick = (double)(cn->cpu_ns - c0->cpu_ns) /
			      (double)(cn->gpu_ts - c0->gpu_ts) *
			      (double)cs_freq / (double)oa_freq;
	/* more than half a wrap ahead: the report came before it */
	off = d > mask / 2 ? -(double)(mask - d + 1) : (double)d;
	*cpu_ns = (uint64_t)((double)c0->cpu_ns + off * ns_per_tick + 0.5);
	return 0;
}
