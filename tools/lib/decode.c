// SPDX-License-Identifier: MIT
/*
 * OA report decoding, delta accumulation and rate helpers.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Reports are little-endian byte arrays of any alignment; every field is
 * assembled from bytes so the code does not depend on host endianness or
 * alignment.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "intel_oa/intel_oa.h"
#include "accumulate.h"

static uint64_t mask_bits(unsigned int width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

uint64_t intel_oa_delta(uint64_t prev, uint64_t cur, unsigned int width)
{
	return (cur - prev) & mask_bits(width);
}

/**
 * struct header_fields - the fixed fields of one report
 * @rpt_id: RPT_ID
 * @timestamp: TIMESTAMP
 * @ctx_id: CTX_ID
 * @gpu_ticks: GPU_TICKS
 */
struct header_fields {
	uint64_t rpt_id;
	uint64_t timestamp;
	uint32_t ctx_id;
	uint64_t gpu_ticks;
};

/**
 * struct header_desc - where and how wide the fixed fields are
 * @ts_width: TIMESTAMP width in bits
 * @ticks_width: GPU_TICKS width in bits (0: absent)
 * @has_ctx_id: CTX_ID present
 * @read: extracts the fields
 */
struct header_desc {
	unsigned int ts_width;
	unsigned int ticks_width;
	bool has_ctx_id;
	void (*read)(const uint8_t *r, struct header_fields *h);
};

/* TIME_STAMP spans dwords 1-2; the decoder keeps the generation's width */
static void read_hdr_gen7(const uint8_t *r, struct header_fields *h)
{
	h->rpt_id = oa_rd32(r);
	h->timestamp = oa_rd64(r + 4);
	h->ctx_id = 0;
	h->gpu_ticks = 0;
}

static void read_hdr_32(const uint8_t *r, struct header_fields *h)
{
	h->rpt_id = oa_rd32(r);
	h->timestamp = oa_rd32(r + 4);
	h->ctx_id = oa_rd32(r + 8);
	h->gpu_ticks = oa_rd32(r + 12);
}

/* 64-bit header: TIMESTAMP has bits 55:0, the CTX_ID high dword is reserved */
static void read_hdr_64(const uint8_t *r, struct header_fields *h)
{
	h->rpt_id = oa_rd64(r);
	h->timestamp = oa_rd64(r + 8) & mask_bits(56);
	h->ctx_id = oa_rd32(r + 16);
	h->gpu_ticks = oa_rd64(r + 24);
}

static const struct header_desc header_descs[] = {
	[INTEL_OA_HDR_GEN7] = { 36, 0, false, read_hdr_gen7 },
	[INTEL_OA_HDR_32] = { 32, 32, true, read_hdr_32 },
	[INTEL_OA_HDR_64] = { 56, 64, true, read_hdr_64 },
};

static const struct header_desc *fmt_header(const struct intel_oa_format *fmt)
{
	if (!fmt || !fmt->layout || !fmt->gen ||
	    fmt->header >= sizeof(header_descs) / sizeof(header_descs[0]))
		return NULL;
	return &header_descs[fmt->header];
}

static unsigned int ts_width(const struct intel_oa_format *fmt,
			     const struct header_desc *hd)
{
	return fmt->header == INTEL_OA_HDR_64 ? hd->ts_width :
	       fmt->gen->ts_width;
}

static uint64_t read_counter(const uint8_t *r,
			     const struct intel_oa_counter_run *run,
			     unsigned int i)
{
	switch (run->width) {
	case 64:
		return oa_rd64(r + run->offset + 8 * i);
	case 40:
		return (uint64_t)oa_rd32(r + run->offset + 4 * i) |
		       (uint64_t)r[run->hi_offset + i] << 32;
	default:
		if (run->descending)
			return oa_rd32(r + run->offset - 4 * i);
		return oa_rd32(r + run->offset + 4 * i);
	}
}

/*
 * Reserved dwords @first..@first + 63 of @l (mask @reserved) that are not
 * zero in @r.
 */
static uint64_t reserved_nonzero(const struct intel_oa_layout *l,
				 uint64_t reserved, unsigned int first,
				 const uint8_t *r)
{
	uint64_t bad = 0;
	unsigned int i;

	for (i = 0; i < 64 && 4 * (first + i) + 4 <= l->size; i++)
		if ((reserved >> i & 1) && oa_rd32(r + 4 * (first + i)))
			bad |= 1ull << i;
	return bad;
}

/* The Gen12.5 RPT_ID fields (Documentation/dg2.rst "RPT_ID"). */
static void decode_xehp_rpt_id(const struct intel_oa_format *fmt,
			       uint64_t rpt_id, struct intel_oa_report *out)
{
	if (!fmt->gen->xehp_rpt_id)
		return;
	out->has_source_id = true;
	out->source_id = (uint8_t)(rpt_id >> 26 & 0x3f);
	out->start_trigger = rpt_id >> 18 & 1;
	out->threshold = rpt_id >> 17 & 1;
	/* the high dword only exists in the 64-bit header */
	if (fmt->header != INTEL_OA_HDR_64)
		return;
	out->tile_id = (uint8_t)(rpt_id >> 32 & 0x3);
	out->ccs_id = (uint8_t)(rpt_id >> 36 & 0x3);
	out->delayed = rpt_id >> 47 & 1;
}

static uint64_t *counter_slot(uint64_t *a, uint64_t *b, uint64_t *c,
			      uint64_t *m, unsigned int kind, unsigned int idx)
{
	static const unsigned int max[INTEL_OA_COUNTER_KINDS] = {
		INTEL_OA_MAX_A, INTEL_OA_MAX_B, INTEL_OA_MAX_C, INTEL_OA_MAX_M
	};
	uint64_t *base[INTEL_OA_COUNTER_KINDS] = { a, b, c, m };

	if (kind >= INTEL_OA_COUNTER_KINDS || idx >= max[kind])
		return NULL;
	return &base[kind][idx];
}

int intel_oa_decode(const struct intel_oa_format *fmt, const void *report,
		    struct intel_oa_report *out)
{
	const struct header_desc *hd = fmt_header(fmt);
	const uint8_t *r = report;
	const struct intel_oa_gen *gen;
	struct header_fields h;
	unsigned int i, k;

	if (!hd || !r || !out)
		return -EINVAL;
	gen = fmt->gen;
	memset(out, 0, sizeof(*out));

	hd->read(r, &h);
	out->rpt_id = h.rpt_id;
	if (gen->reason_bits)
		out->reason = (uint32_t)(h.rpt_id >> gen->reason_shift) &
			      (uint32_t)mask_bits(gen->reason_bits);
	if (gen->ctx_valid_bit >= 0)
		out->ctx_valid = (h.rpt_id >> gen->ctx_valid_bit) & 1;
	out->timestamp = h.timestamp & mask_bits(ts_width(fmt, hd));
	out->has_ctx_id = hd->has_ctx_id;
	out->ctx_id = h.ctx_id;
	out->has_gpu_ticks = hd->ticks_width != 0;
	out->gpu_ticks = h.gpu_ticks;
	if (fmt->layout->inst_addr_offset) {
		out->has_inst_addr = true;
		out->inst_addr = oa_rd32(r + fmt->layout->inst_addr_offset);
	}
	out->reserved_nonzero = reserved_nonzero(fmt->layout,
						 fmt->layout->reserved_dwords,
						 0, r);
	out->reserved_nonzero_hi =
		reserved_nonzero(fmt->layout, fmt->layout->reserved_dwords_hi,
				 64, r);
	decode_xehp_rpt_id(fmt, h.rpt_id, out);

	for (k = 0; k < fmt->layout->n_runs; k++) {
		const struct intel_oa_counter_run *run = &fmt->layout->runs[k];

		for (i = 0; i < run->count; i++) {
			unsigned int idx = run->first + i;
			uint64_t *slot = counter_slot(out->a, out->b, out->c,
						      out->m, run->kind, idx);

			if (!slot)
				return -EINVAL;
			*slot = read_counter(r, run, i);
			switch (run->kind) {
			case INTEL_OA_COUNTER_A:
				out->a_mask |= 1ull << idx;
				out->n_a++;
				break;
			case INTEL_OA_COUNTER_B:
				out->b_mask |= 1u << idx;
				out->n_b++;
				break;
			case INTEL_OA_COUNTER_C:
				out->c_mask |= 1u << idx;
				out->n_c++;
				break;
			default:
				out->m_mask |= 1u << idx;
				out->n_m++;
				break;
			}
		}
	}
	return 0;
}

int intel_oa_accumulate(const struct intel_oa_format *fmt, const void *prev,
			const void *cur, struct intel_oa_accumulator *acc)
{
	const struct intel_oa_layout *l;

	if (!fmt_header(fmt) || !prev || !cur || !acc)
		return -EINVAL;
	l = fmt->layout;
	/* the library's layouts have their own; a caller's may not */
	if (l->accumulate)
		return l->accumulate(fmt, prev, cur, acc);
	return oa_accumulate_runs(fmt, l->runs, l->n_runs, prev, cur, acc);
}

const char *intel_oa_counter_name(unsigned int kind, unsigned int index,
				  char *buf, size_t len)
{
	static const char *const prefix[INTEL_OA_COUNTER_KINDS] = {
		"A", "B", "C", "MPEC"
	};

	if (!buf || !len)
		return buf;
	snprintf(buf, len, "%s%u",
		 kind < INTEL_OA_COUNTER_KINDS ? prefix[kind] : "?", index);
	return buf;
}

static const char *const reason_names[] = {
	"timer", "trigger1", "trigger2", "context-switch",
	"go-transition", "clock-ratio-change", "mmio-trigger",
};

const char *intel_oa_reason_name(unsigned int bit)
{
	if (bit >= sizeof(reason_names) / sizeof(reason_names[0]))
		return NULL;
	return reason_names[bit];
}

const char *intel_oa_gen_reason_string(const struct intel_oa_gen *gen,
				       uint32_t reason, char *buf, size_t len)
{
	size_t used = 0;
	unsigned int i;

	if (!buf || !len)
		return buf;
	buf[0] = '\0';
	for (i = 0; i < 32; i++) {
		char other[16];
		const char *name = intel_oa_reason_name(i);
		int n;

		if (!(reason & (1u << i)))
			continue;
		if (gen && !(gen->reasons & (1u << i))) {
			snprintf(other, sizeof(other), "reserved%u", i);
			name = other;
		} else if (!name) {
			snprintf(other, sizeof(other), "bit%u", i);
			name = other;
		}
		n = snprintf(buf + used, len - used, "%s%s",
			     used ? "," : "", name);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "none");
	return buf;
}

const char *intel_oa_reason_string(uint32_t reason, char *buf, size_t len)
{
	return intel_oa_gen_reason_string(NULL, reason, buf, len);
}

const char *intel_oa_source_string(unsigned int source_id, char *buf,
				   size_t len)
{
	static const char *const cs[] = { "rcs", "ccs", "bcs" };
	static const char *const shaders[] = {
		"vs", "vsr", "hs", "tds", "gs", "ps", "ts"
	};
	static const char *const media[] = { "vcs0", "vcs1", "vecs" };
	unsigned int group = source_id >> 3 & 3, unit = source_id & 7;

	if (!buf || !len)
		return buf;
	/* seed 002: bit 5 media, 4:3 group (media: slice), 2:0 unit */
	if (source_id > 0x3f)
		snprintf(buf, len, "reserved%u", source_id);
	else if (source_id == INTEL_OA_SOURCE_OTHER)
		snprintf(buf, len, "other");
	else if (source_id == INTEL_OA_SOURCE_CPU)
		snprintf(buf, len, "cpu");
	else if ((source_id & 0x20) && unit < 3)
		snprintf(buf, len, "media%u-%s", group, media[unit]);
	else if (!(source_id & 0x20) && group == 1 && unit < 3)
		snprintf(buf, len, "%s", cs[unit]);
	else if (!(source_id & 0x20) && group == 2 && unit < 7)
		snprintf(buf, len, "%s", shaders[unit]);
	else
		snprintf(buf, len, "reserved%u", source_id);
	return buf;
}

uint64_t intel_oa_ticks_to_ns(uint64_t ticks, uint64_t freq_hz)
{
	if (!freq_hz)
		return 0;
	/* split to avoid overflowing ticks * 1e9 */
	return ticks / freq_hz * 1000000000ull +
	       ticks % freq_hz * 1000000000ull / freq_hz;
}

double intel_oa_rate_per_second(uint64_t delta, uint64_t ts_delta,
				uint64_t freq_hz)
{
	if (!ts_delta)
		return 0.0;
	return (double)delta * (double)freq_hz / (double)ts_delta;
}

uint64_t intel_oa_exponent_period_ns(unsigned int exponent, uint64_t freq_hz)
{
	if (exponent > 31 || !freq_hz)
		return 0;
	return intel_oa_ticks_to_ns(2ull << exponent, freq_hz);
}

int intel_oa_exponent_for_period(uint64_t period_ns, uint64_t freq_hz)
{
	unsigned int e;

	if (!freq_hz)
		return -EINVAL;
	for (e = 0; e <= 31; e++)
		if (intel_oa_exponent_period_ns(e, freq_hz) >= period_ns)
			return (int)e;
	return -EINVAL;
}

int intel_oa_gen_exponent_for_period(const struct intel_oa_gen *gen,
				     uint64_t period_ns, uint64_t freq_hz)
{
	int e = intel_oa_exponent_for_period(period_ns, freq_hz);

	if (e >= 0 && gen && (unsigned int)e < gen->min_exponent)
		e = (int)gen->min_exponent;
	return e;
}
