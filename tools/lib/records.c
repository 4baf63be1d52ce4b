// SPDX-License-Identifier: MIT
/*
 * Bounds-checked walk over the records a perf stream read() returns.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Each record starts with struct drm_i915_perf_record_header: u32 type,
 * u16 pad, u16 size (size counts the header). The buffer comes from the
 * kernel, but a parser that trusts it can be walked off the end by a driver
 * bug, so every size is checked before it is used.
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"

_Static_assert(sizeof(struct drm_i915_perf_record_header) ==
	       INTEL_OA_RECORD_HEADER_SIZE,
	       "record header size differs from the uAPI");

void intel_oa_record_iter_init(struct intel_oa_record_iter *it,
			       const void *buf, size_t len, size_t report_size)
{
	it->buf = buf;
	it->len = buf ? len : 0;
	it->pos = 0;
	it->report_size = report_size;
	it->error = (size_t)-1;
}

static int record_fail(struct intel_oa_record_iter *it)
{
	it->error = it->pos;
	return -EBADMSG;
}

int intel_oa_record_next(struct intel_oa_record_iter *it,
			 struct intel_oa_record *rec)
{
	const uint8_t *p;
	size_t left, payload;
	uint32_t type;
	uint16_t size;

	if (!it || !rec)
		return -EINVAL;
	if (it->error != (size_t)-1)
		return -EBADMSG;
	if (it->pos >= it->len)
		return 0;

	left = it->len - it->pos;
	if (left < INTEL_OA_RECORD_HEADER_SIZE)
		return record_fail(it);

	p = it->buf + it->pos;
	type = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
	size = (uint16_t)(p[6] | p[7] << 8);

	if (size < INTEL_OA_RECORD_HEADER_SIZE || size % 4 || size > left)
		return record_fail(it);

	payload = size - INTEL_OA_RECORD_HEADER_SIZE;
	switch (type) {
	case DRM_I915_PERF_RECORD_SAMPLE:
		if (it->report_size && payload != it->report_size)
			return record_fail(it);
		break;
	case DRM_I915_PERF_RECORD_OA_REPORT_LOST:
	case DRM_I915_PERF_RECORD_OA_BUFFER_LOST:
		if (payload)
			return record_fail(it);
		break;
	default:
		/* newer record types: pass them on, the caller decides */
		break;
	}

	rec->type = type;
	rec->size = size;
	rec->payload = payload ? p + INTEL_OA_RECORD_HEADER_SIZE : NULL;
	rec->payload_len = payload;
	it->pos += size;
	return 1;
}
