// SPDX-License-Identifier: MIT
/*
 * Record-stream parser tests: well-formed streams and every kind of
 * malformed record.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "unit.h"

/* struct drm_i915_perf_record_header, little endian: u32 type, u16 pad, u16 size */
static size_t put_header(uint8_t *b, size_t off, uint32_t type, uint16_t size)
{
	put32(b, off, type);
	b[off + 4] = 0;
	b[off + 5] = 0;
	b[off + 6] = (uint8_t)size;
	b[off + 7] = (uint8_t)(size >> 8);
	return off + 8;
}

static void empty_buffer_ends(const void *arg UNIT_UNUSED)
{
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;
	uint8_t b[8] = { 0 };

	intel_oa_record_iter_init(&it, b, 0, 256);
	UNIT_EQ(intel_oa_record_next(&it, &rec), 0, "zero length");
	intel_oa_record_iter_init(&it, NULL, 100, 256);
	UNIT_EQ(intel_oa_record_next(&it, &rec), 0, "NULL buffer");
}

static void walks_samples_and_losses(const void *arg UNIT_UNUSED)
{
	uint8_t b[2 * (8 + 64) + 8 + 8];
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;
	size_t off = 0;

	memset(b, 0, sizeof(b));
	off = put_header(b, off, DRM_I915_PERF_RECORD_SAMPLE, 72);
	put32(b, off, 0xaaaa0001);
	off += 64;
	off = put_header(b, off, DRM_I915_PERF_RECORD_OA_REPORT_LOST, 8);
	off = put_header(b, off, DRM_I915_PERF_RECORD_SAMPLE, 72);
	put32(b, off, 0xaaaa0002);
	off += 64;
	off = put_header(b, off, DRM_I915_PERF_RECORD_OA_BUFFER_LOST, 8);
	UNIT_EQ(off, sizeof(b), "test buffer size");

	intel_oa_record_iter_init(&it, b, sizeof(b), 64);
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "first");
	UNIT_EQ(rec.type, DRM_I915_PERF_RECORD_SAMPLE, "type 1");
	UNIT_EQ(rec.size, 72, "size 1");
	UNIT_EQ(rec.payload_len, 64, "payload 1");
	UNIT_CHECK(rec.payload == b + 8, "payload 1 pointer");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "second");
	UNIT_EQ(rec.type, DRM_I915_PERF_RECORD_OA_REPORT_LOST, "type 2");
	UNIT_EQ(rec.payload_len, 0, "payload 2");
	UNIT_CHECK(rec.payload == NULL, "payload 2 pointer");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "third");
	UNIT_CHECK(rec.payload == b + 72 + 8 + 8, "payload 3 pointer");
	UNIT_EQ(((const uint8_t *)rec.payload)[0], 0x02, "payload 3 data");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "fourth");
	UNIT_EQ(rec.type, DRM_I915_PERF_RECORD_OA_BUFFER_LOST, "type 4");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 0, "end");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 0, "still end");
}

static int first_error(const uint8_t *b, size_t len, size_t report_size,
		       size_t *where)
{
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;
	int ret;

	intel_oa_record_iter_init(&it, b, len, report_size);
	while ((ret = intel_oa_record_next(&it, &rec)) == 1)
		;
	*where = it.error;
	return ret;
}

static void truncated_header(const void *arg UNIT_UNUSED)
{
	uint8_t b[8 + 64 + 4];
	size_t where;

	memset(b, 0, sizeof(b));
	put_header(b, 0, DRM_I915_PERF_RECORD_SAMPLE, 72);
	/* 4 stray bytes after a valid record: half a header */
	put32(b, 72, DRM_I915_PERF_RECORD_SAMPLE);
	UNIT_EQ(first_error(b, sizeof(b), 64, &where), (uint64_t)-EBADMSG,
		"result");
	UNIT_EQ(where, 72, "error offset");
	UNIT_EQ(first_error(b, 3, 64, &where), (uint64_t)-EBADMSG,
		"3-byte buffer");
	UNIT_EQ(where, 0, "error offset at start");
}

static void size_smaller_than_header(const void *arg UNIT_UNUSED)
{
	static const uint16_t sizes[] = { 0, 4, 7 };
	uint8_t b[64];
	size_t where;
	unsigned int i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		memset(b, 0, sizeof(b));
		put_header(b, 0, DRM_I915_PERF_RECORD_OA_REPORT_LOST, sizes[i]);
		UNIT_EQ(first_error(b, sizeof(b), 0, &where),
			(uint64_t)-EBADMSG, "small size");
		UNIT_EQ(where, 0, "offset");
	}
}

static void size_past_end(const void *arg UNIT_UNUSED)
{
	uint8_t b[8 + 64];
	size_t where;

	memset(b, 0, sizeof(b));
	put_header(b, 0, DRM_I915_PERF_RECORD_SAMPLE, 8 + 256);
	UNIT_EQ(first_error(b, sizeof(b), 0, &where), (uint64_t)-EBADMSG,
		"size beyond buffer");
	/* the read() was short: the record is cut */
	put_header(b, 0, DRM_I915_PERF_RECORD_SAMPLE, 72);
	UNIT_EQ(first_error(b, 40, 64, &where), (uint64_t)-EBADMSG,
		"cut record");
	/* overrun by less than a header: still past the end */
	UNIT_EQ(first_error(b, sizeof(b) - 4, 0, &where), (uint64_t)-EBADMSG,
		"4 bytes short");
	UNIT_EQ(first_error(b, sizeof(b) - 1, 0, &where), (uint64_t)-EBADMSG,
		"1 byte short");
	UNIT_EQ(first_error(b, sizeof(b), 64, &where), 0, "whole record");
}

static void size_not_dword_multiple(const void *arg UNIT_UNUSED)
{
	uint8_t b[64];
	size_t where;

	memset(b, 0, sizeof(b));
	put_header(b, 0, 99, 10);
	UNIT_EQ(first_error(b, sizeof(b), 0, &where), (uint64_t)-EBADMSG,
		"size 10");
	UNIT_EQ(where, 0, "rejected at the record itself");
}

static void sample_size_mismatch(const void *arg UNIT_UNUSED)
{
	uint8_t b[8 + 128];
	size_t where;

	memset(b, 0, sizeof(b));
	put_header(b, 0, DRM_I915_PERF_RECORD_SAMPLE, 8 + 128);
	UNIT_EQ(first_error(b, sizeof(b), 256, &where), (uint64_t)-EBADMSG,
		"128 != 256");
	UNIT_EQ(first_error(b, sizeof(b), 64, &where), (uint64_t)-EBADMSG,
		"128 != 64");
	UNIT_EQ(first_error(b, sizeof(b), 128, &where), 0, "128 == 128");
	UNIT_EQ(first_error(b, sizeof(b), 0, &where), 0, "unchecked");
}

static void loss_record_with_payload(const void *arg UNIT_UNUSED)
{
	uint8_t b[16];
	size_t where;

	memset(b, 0, sizeof(b));
	put_header(b, 0, DRM_I915_PERF_RECORD_OA_REPORT_LOST, 16);
	UNIT_EQ(first_error(b, sizeof(b), 0, &where), (uint64_t)-EBADMSG,
		"report lost + 8 bytes");
	put_header(b, 0, DRM_I915_PERF_RECORD_OA_BUFFER_LOST, 16);
	UNIT_EQ(first_error(b, sizeof(b), 0, &where), (uint64_t)-EBADMSG,
		"buffer lost + 8 bytes");
}

static void unknown_type_passed_on(const void *arg UNIT_UNUSED)
{
	uint8_t b[24];
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;

	memset(b, 0, sizeof(b));
	put_header(b, 0, 0x1234, 16);
	put_header(b, 16, DRM_I915_PERF_RECORD_OA_REPORT_LOST, 8);
	intel_oa_record_iter_init(&it, b, sizeof(b), 64);
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "unknown");
	UNIT_EQ(rec.type, 0x1234, "type");
	UNIT_EQ(rec.payload_len, 8, "payload");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 1, "next");
	UNIT_EQ(rec.type, DRM_I915_PERF_RECORD_OA_REPORT_LOST, "type 2");
	UNIT_EQ(intel_oa_record_next(&it, &rec), 0, "end");
}

static void error_is_sticky(const void *arg UNIT_UNUSED)
{
	uint8_t b[32];
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;

	memset(b, 0, sizeof(b));
	put_header(b, 0, DRM_I915_PERF_RECORD_OA_REPORT_LOST, 4);
	put_header(b, 8, DRM_I915_PERF_RECORD_OA_REPORT_LOST, 8);
	intel_oa_record_iter_init(&it, b, 16, 0);
	UNIT_EQ(intel_oa_record_next(&it, &rec), (uint64_t)-EBADMSG, "bad");
	UNIT_EQ(intel_oa_record_next(&it, &rec), (uint64_t)-EBADMSG,
		"still bad");
	UNIT_EQ(it.pos, 0, "position not advanced");
	UNIT_EQ(intel_oa_record_next(NULL, &rec), (uint64_t)-EINVAL, "NULL it");
	UNIT_EQ(intel_oa_record_next(&it, NULL), (uint64_t)-EINVAL,
		"NULL rec");
}

static const struct unit_test tests[] = {
	{ "records-empty-buffer-ends", empty_buffer_ends, NULL },
	{ "records-walks-samples-and-losses", walks_samples_and_losses, NULL },
	{ "records-truncated-header", truncated_header, NULL },
	{ "records-size-smaller-than-header", size_smaller_than_header, NULL },
	{ "records-size-past-end", size_past_end, NULL },
	{ "records-size-not-dword-multiple", size_not_dword_multiple, NULL },
	{ "records-sample-size-mismatch", sample_size_mismatch, NULL },
	{ "records-loss-record-with-payload", loss_record_with_payload, NULL },
	{ "records-unknown-type-passed-on", unknown_type_passed_on, NULL },
	{ "records-error-is-sticky", error_is_sticky, NULL },
};

UNIT_SUITE(records_suite, tests);
