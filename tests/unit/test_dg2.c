// SPDX-License-Identifier: MIT
/*
 * Gen12.5 (DG2, ATS-M) tests: the report formats 11, 12 and 43-48, the
 * 64-bit header, RPT_ID, 56-bit timestamps, the device rows and which
 * formats a stream can carry.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Every expectation is written here from Documentation/dg2.rst
 * ("Platforms", "Report formats", "RPT_ID"), never from the library's
 * tables: the layouts below transcribe the page's table dword by dword,
 * the reports are assembled from them and every dword gets its own value,
 * so a field read from a neighbouring or swapped dword fails.
 */
#include <stdio.h>
#include <string.h>

#include "intel_oa/intel_oa.h"
#include "unit.h"

/*
 * Segment kinds: counter families, the bytes 39:32 of 40-bit A counters,
 * reserved/padding dwords.
 */
enum { SEG_A, SEG_B, SEG_C, SEG_HI, SEG_RES };

/**
 * struct seg - consecutive dwords of a report as dg2.rst lists them
 * @dw: first dword
 * @kind: SEG_*
 * @width: counters: 32, 40 (low dword here, high byte in a SEG_HI) or 64
 *	(lo then hi dword); unused otherwise
 * @first: first counter (SEG_A/B/C) or the counter of the first high
 *	byte (SEG_HI)
 * @n: counters, high bytes (one per counter, four per dword) or reserved
 *	dwords
 */
struct seg {
	unsigned int dw;
	unsigned int kind;
	unsigned int width;
	unsigned int first;
	unsigned int n;
};

#define A(dw, w, first, n) { dw, SEG_A, w, first, n }
#define B8(dw) { dw, SEG_B, 32, 0, 8 }
#define C8(dw) { dw, SEG_C, 32, 0, 8 }
#define HI(dw, first, n) { dw, SEG_HI, 0, first, n }
#define RES(dw, n) { dw, SEG_RES, 0, 0, n }

/**
 * struct dg2_format - one row of dg2.rst's "Report formats" table
 * @id: uAPI number
 * @name: name without the I915_ prefix
 * @size: report size in bytes (padded to 64)
 * @hdr64: 64-bit header (else the 32-bit one)
 * @select: counter select
 * @segs: the dwords after the header
 * @n_segs: entries of @segs
 */
struct dg2_format {
	unsigned int id;
	const char *name;
	unsigned int size;
	int hdr64;
	unsigned int select;
	const struct seg *segs;
	unsigned int n_segs;
};

/* 11: A0..A31 40-bit, A32..A35 32-bit, high bytes DW40..47 */
static const struct seg segs11[] = {
	A(4, 40, 0, 32), A(36, 32, 32, 4), HI(40, 0, 32), B8(48), C8(56),
};

/* 12: as 11, DW40 = A36 and DW46 = A37 replace the high bytes of A0..A3
 * and A24..A27, which are 32-bit */
static const struct seg segs12[] = {
	A(4, 32, 0, 4), A(8, 40, 4, 20), A(28, 32, 24, 4), A(32, 40, 28, 4),
	A(36, 32, 32, 4), A(40, 32, 36, 1), HI(41, 4, 20), A(46, 32, 37, 1),
	HI(47, 28, 4), B8(48), C8(56),
};

static const struct seg segs43[] = {
	A(8, 64, 0, 36), A(80, 64, 36, 2), RES(84, 4), B8(88), C8(96),
	RES(104, 8),
};

static const struct seg segs44[] = {
	A(8, 64, 0, 36), B8(80), C8(88),
};

static const struct seg segs45[] = {
	A(8, 64, 0, 1), A(10, 64, 4, 1), A(12, 64, 7, 1), A(14, 64, 8, 1),
	A(16, 64, 9, 4), A(24, 64, 13, 4), A(32, 64, 17, 4),
	A(40, 64, 28, 4), A(48, 64, 32, 1), RES(50, 2), A(52, 64, 34, 2),
	B8(56), C8(64), RES(72, 8),
};

static const struct seg segs46[] = {
	A(8, 32, 0, 1), A(9, 32, 4, 1), A(10, 32, 7, 6), A(16, 32, 13, 8),
	A(24, 32, 30, 1), A(25, 32, 31, 1), A(26, 32, 32, 1), RES(27, 1),
	A(28, 32, 34, 1), A(29, 32, 35, 1), RES(30, 2), B8(32), C8(40),
};

static const struct seg segs47[] = {
	A(4, 64, 36, 1), A(6, 64, 37, 1), B8(8), C8(16), RES(24, 8),
};

static const struct seg segs48[] = {
	A(8, 64, 36, 2), RES(12, 4), B8(16), C8(24), RES(32, 16),
};

#define FMT(id, name, size, h64, sel, segs) \
	{ id, name, size, h64, sel, segs, sizeof(segs) / sizeof(segs[0]) }

static const struct dg2_format dg2_formats[] = {
	FMT(11, "OAR_A32u40_A4u32_B8_C8", 256, 0, 5, segs11),
	FMT(12, "A24u40_A14u32_B8_C8", 256, 0, 5, segs12),
	FMT(43, "A38u64_B8_C8", 448, 1, 1, segs43),
	FMT(44, "OAR_A36u64_B8_C8", 384, 1, 1, segs44),
	FMT(45, "OAC_A24u64_B8_C8", 320, 1, 1, segs45),
	FMT(46, "OAC_A22u32_R2u32_B8_C8", 192, 1, 2, segs46),
	FMT(47, "OAM_A2u64_B8_C8", 128, 0, 5, segs47),
	FMT(48, "OAM_A2u64_R2u64_B8_C8", 192, 1, 1, segs48),
};

#define N_FORMATS (sizeof(dg2_formats) / sizeof(dg2_formats[0]))

/* dwords a segment occupies */
static unsigned int seg_dwords(const struct seg *s)
{
	switch (s->kind) {
	case SEG_HI:
		return (s->n + 3) / 4;
	case SEG_RES:
		return s->n;
	default:
		return s->n * (s->width == 64 ? 2 : 1);
	}
}

/*
 * Distinct values with no zero byte: low dwords 0x11KKII11, high dwords
 * 0x22KKII22 (KK = kind + 1, II = index + 1), high bytes 0x80 + index; no
 * two fields share a value.
 */
static uint32_t lo_value(unsigned int kind, unsigned int i)
{
	return 0x11000011u | (kind + 1) << 16 | (i + 1) << 8;
}

static uint32_t hi_value(unsigned int kind, unsigned int i)
{
	return 0x22000022u | (kind + 1) << 16 | (i + 1) << 8;
}

static uint8_t hi_byte(unsigned int i)
{
	return (uint8_t)(0x80 + i);
}

/**
 * struct expect - what the decoder must return for a report
 * @v: value per kind (A, B, C) and counter
 * @mask: counters present per kind
 */
struct expect {
	uint64_t v[3][64];
	uint64_t mask[3];
};

/* Header values of the built reports; each dword distinct. */
#define H_RPT_LO 0x0601abcdu	/* SourceID 1, reason bit 6 (bit 25) */
#define H_RPT_HI 0x00008000u	/* delayed */
#define H_TS_LO 0x3456789au
#define H_TS_HI 0x00bcdef1u	/* 56 bits: 31:24 zero */
#define H_CTX 0x5a5a1234u
#define H_TICKS_LO 0x6789abcdu
#define H_TICKS_HI 0x7abc0123u

static void header(const struct dg2_format *f, uint8_t *r)
{
	if (f->hdr64) {
		put32(r, 0, H_RPT_LO);
		put32(r, 4, H_RPT_HI);
		put32(r, 8, H_TS_LO);
		put32(r, 12, H_TS_HI);
		put32(r, 16, H_CTX);
		put32(r, 20, 0);	/* reserved */
		put32(r, 24, H_TICKS_LO);
		put32(r, 28, H_TICKS_HI);
	} else {
		put32(r, 0, H_RPT_LO);
		put32(r, 4, H_TS_LO);
		put32(r, 8, H_CTX);
		put32(r, 12, H_TICKS_LO);
	}
}

/* Build report @r of @f and what decoding it must give. */
static void build(const struct dg2_format *f, uint8_t *r, struct expect *e)
{
	unsigned int s, i;

	memset(r, 0, REF_MAX_REPORT);
	memset(e, 0, sizeof(*e));
	header(f, r);
	for (s = 0; s < f->n_segs; s++) {
		const struct seg *sg = &f->segs[s];
		unsigned int off = 4 * sg->dw;

		for (i = 0; i < sg->n; i++) {
			unsigned int idx = sg->first + i;

			switch (sg->kind) {
			case SEG_RES:
				break;
			case SEG_HI:
				put8(r, off + i, hi_byte(idx));
				e->v[SEG_A][idx] |= (uint64_t)hi_byte(idx) << 32;
				break;
			default:
				e->mask[sg->kind] |= 1ull << idx;
				e->v[sg->kind][idx] |= lo_value(sg->kind, idx);
				if (sg->width == 64) {
					put32(r, off + 8 * i,
					      lo_value(sg->kind, idx));
					put32(r, off + 8 * i + 4,
					      hi_value(sg->kind, idx));
					e->v[sg->kind][idx] |=
						(uint64_t)hi_value(sg->kind,
								   idx) << 32;
				} else {
					put32(r, off + 4 * i,
					      lo_value(sg->kind, idx));
				}
				break;
			}
		}
	}
}

static const struct intel_oa_gen *dg2_gen(void)
{
	return intel_oa_gen_by_devid(0x56a0);
}

/* The test's own tables describe every dword once and fill the size. */
static void dg2_tables_cover_reports(const void *arg UNIT_UNUSED)
{
	unsigned int i, s, d;

	for (i = 0; i < N_FORMATS; i++) {
		const struct dg2_format *f = &dg2_formats[i];
		uint8_t seen[128];
		unsigned int hdr = f->hdr64 ? 8 : 4;

		UNIT_EQ(f->size % 64, 0, f->name);
		memset(seen, 0, sizeof(seen));
		memset(seen, 1, hdr);
		for (s = 0; s < f->n_segs; s++) {
			const struct seg *sg = &f->segs[s];

			for (d = sg->dw; d < sg->dw + seg_dwords(sg); d++) {
				UNIT_CHECK(d < f->size / 4, "%s dword %u past end",
					   f->name, d);
				UNIT_CHECK(!seen[d], "%s dword %u twice", f->name,
					   d);
				seen[d] = 1;
			}
		}
		for (d = 0; d < f->size / 4; d++)
			UNIT_CHECK(seen[d], "%s dword %u undescribed", f->name,
				   d);
	}
}

/* Ids, names, sizes, selects and units of the library's rows. */
static void dg2_layout_rows(const void *arg UNIT_UNUSED)
{
	static const char *const units[] = {
		"OAR", "OAG", "OAG", "OAR", "OAC", "OAC", "OAM", "OAM"
	};
	unsigned int i;

	for (i = 0; i < N_FORMATS; i++) {
		const struct dg2_format *f = &dg2_formats[i];
		const struct intel_oa_layout *l =
			intel_oa_gen_layout(dg2_gen(), f->id);
		char full[64];

		UNIT_CHECK(l, "format %u missing on Gen12.5", f->id);
		UNIT_CHECK(strcmp(l->name, f->name) == 0, "%u named %s", f->id,
			   l->name);
		UNIT_CHECK(strcmp(l->unit, units[i]) == 0, "%s unit %s",
			   f->name, l->unit);
		UNIT_EQ(l->size, f->size, f->name);
		UNIT_EQ(l->counter_select, f->select, f->name);
		UNIT_EQ(l->header == INTEL_OA_HDR_64, f->hdr64, f->name);
		UNIT_CHECK(intel_oa_layout_by_name(f->name) == l, "by name %s",
			   f->name);
		/* the uAPI spelling, e.g. I915_OAC_FORMAT_A24u64_B8_C8 */
		if (strncmp(f->name, "OA", 2) == 0 && f->name[3] == '_')
			snprintf(full, sizeof(full), "I915_%.3s_FORMAT_%s",
				 f->name, f->name + 4);
		else
			snprintf(full, sizeof(full), "I915_OA_FORMAT_%s",
				 f->name);
		UNIT_CHECK(intel_oa_layout_by_name(full) == l, "by name %s",
			   full);
	}
}

/* Every field of every format, with reserved and padding dwords zero. */
static void dg2_decode_exact(const void *arg)
{
	const struct dg2_format *f = arg;
	struct intel_oa_format fmt;
	struct intel_oa_report rep;
	uint8_t r[REF_MAX_REPORT];
	struct expect e;
	unsigned int i, k, s;

	UNIT_EQ(intel_oa_format_init(&fmt, f->id, dg2_gen()), 0, f->name);
	build(f, r, &e);
	UNIT_EQ(intel_oa_decode(&fmt, r, &rep), 0, f->name);

	UNIT_EQ(rep.rpt_id, f->hdr64 ?
		(uint64_t)H_RPT_HI << 32 | H_RPT_LO : H_RPT_LO, "RPT_ID");
	UNIT_EQ(rep.timestamp, f->hdr64 ?
		(uint64_t)H_TS_HI << 32 | H_TS_LO : H_TS_LO, "TIME_STAMP");
	UNIT_CHECK(rep.has_ctx_id, "%s CTX_ID", f->name);
	UNIT_EQ(rep.ctx_id, H_CTX, "CTX_ID");
	UNIT_CHECK(rep.has_gpu_ticks, "%s GPU_TICKS", f->name);
	UNIT_EQ(rep.gpu_ticks, f->hdr64 ?
		(uint64_t)H_TICKS_HI << 32 | H_TICKS_LO : H_TICKS_LO,
		"GPU_TICKS");
	UNIT_EQ(rep.reserved_nonzero, 0, "reserved clean");
	UNIT_EQ(rep.reserved_nonzero_hi, 0, "reserved clean (hi)");
	UNIT_EQ(rep.a_mask, e.mask[SEG_A], "A mask");
	UNIT_EQ(rep.b_mask, e.mask[SEG_B], "B mask");
	UNIT_EQ(rep.c_mask, e.mask[SEG_C], "C mask");
	UNIT_EQ(rep.m_mask | rep.n_m, 0, "no MPEC");
	UNIT_EQ(rep.n_b, 8, "B count");
	UNIT_EQ(rep.n_c, 8, "C count");
	for (i = 0; i < 64; i++) {
		if (e.mask[SEG_A] >> i & 1)
			UNIT_CHECK(rep.a[i] == e.v[SEG_A][i],
				   "%s A%u: 0x%llx, want 0x%llx", f->name, i,
				   (unsigned long long)rep.a[i],
				   (unsigned long long)e.v[SEG_A][i]);
		if (i < 8) {
			UNIT_EQ(rep.b[i], e.v[SEG_B][i], "B");
			UNIT_EQ(rep.c[i], e.v[SEG_C][i], "C");
		}
	}
	for (i = 0, k = 0; i < 64; i++)
		k += e.mask[SEG_A] >> i & 1;
	UNIT_EQ(rep.n_a, k, "A count");

	/* each reserved or padding dword, alone non-zero, is flagged */
	for (s = 0; s < f->n_segs; s++) {
		const struct seg *sg = &f->segs[s];

		if (sg->kind != SEG_RES)
			continue;
		for (i = sg->dw; i < sg->dw + sg->n; i++) {
			uint8_t bad[REF_MAX_REPORT];

			memcpy(bad, r, sizeof(bad));
			put32(bad, 4 * i, 0x1);
			intel_oa_decode(&fmt, bad, &rep);
			UNIT_EQ(rep.reserved_nonzero,
				i < 64 ? 1ull << i : 0, f->name);
			UNIT_EQ(rep.reserved_nonzero_hi,
				i >= 64 ? 1ull << (i - 64) : 0, f->name);
		}
	}
	if (f->hdr64) {
		uint8_t bad[REF_MAX_REPORT];

		memcpy(bad, r, sizeof(bad));
		put32(bad, 20, 0xffffffffu);
		intel_oa_decode(&fmt, bad, &rep);
		UNIT_EQ(rep.ctx_id, H_CTX, "CTX_ID beside a dirty DW5");
		UNIT_EQ(rep.reserved_nonzero, 1ull << 5, "header DW5");
	}
}

/*
 * RPT_ID fields of dg2.rst, one at a time so a shifted field fails: low
 * dword 31:26 SourceID, 25:19 reason, 18 start trigger, 17 threshold, 16
 * context valid; high dword bit 15 delayed, 5:4 CCS id, 1:0 tile id.
 */
static void dg2_rpt_id_fields(const void *arg UNIT_UNUSED)
{
	static const struct {
		uint64_t rpt_id;
		unsigned int source, reason, tile, ccs;
		int start, thresh, valid, delayed;
	} cases[] = {
		{ 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ 1ull << 26, 1, 0, 0, 0, 0, 0, 0, 0 },
		{ 0x3full << 26, 0x3f, 0, 0, 0, 0, 0, 0, 0 },
		{ 1ull << 25, 0, INTEL_OA_REASON_MMIO_TRIGGER, 0, 0,
		  0, 0, 0, 0 },
		{ 1ull << 19, 0, INTEL_OA_REASON_TIMER, 0, 0, 0, 0, 0, 0 },
		{ 0x7full << 19, 0, 0x7f, 0, 0, 0, 0, 0, 0 },
		{ 1ull << 18, 0, 0, 0, 0, 1, 0, 0, 0 },
		{ 1ull << 17, 0, 0, 0, 0, 0, 1, 0, 0 },
		{ 1ull << 16, 0, 0, 0, 0, 0, 0, 1, 0 },
		{ 0xffffull, 0, 0, 0, 0, 0, 0, 0, 0 },	/* reserved 15:0 */
		{ 1ull << 32, 0, 0, 1, 0, 0, 0, 0, 0 },
		{ 3ull << 32, 0, 0, 3, 0, 0, 0, 0, 0 },
		{ 1ull << 36, 0, 0, 0, 1, 0, 0, 0, 0 },
		{ 3ull << 36, 0, 0, 0, 3, 0, 0, 0, 0 },
		{ 1ull << 47, 0, 0, 0, 0, 0, 0, 0, 1 },
		/* reserved 35:34, 46:38, 63:48 */
		{ 3ull << 34 | 0x1ffull << 38 | 0xffffull << 48,
		  0, 0, 0, 0, 0, 0, 0, 0 },
		/* the MMIO-trigger report of a host write (SourceID CPU) */
		{ 1ull << 26 | 1ull << 25, 1, INTEL_OA_REASON_MMIO_TRIGGER,
		  0, 0, 0, 0, 0, 0 },
	};
	struct intel_oa_format f43, f45, f12;
	struct intel_oa_report r;
	uint8_t buf[REF_MAX_REPORT];
	unsigned int i;

	UNIT_EQ(intel_oa_format_init(&f43, 43, dg2_gen()), 0, "43");
	UNIT_EQ(intel_oa_format_init(&f45, 45, dg2_gen()), 0, "45");
	UNIT_EQ(intel_oa_format_init(&f12, 12, dg2_gen()), 0, "12");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct intel_oa_format *fmts[] = { &f43, &f45 };
		unsigned int j;

		memset(buf, 0, sizeof(buf));
		put64(buf, 0, cases[i].rpt_id);
		for (j = 0; j < 2; j++) {
			UNIT_EQ(intel_oa_decode(fmts[j], buf, &r), 0, "decode");
			UNIT_CHECK(r.has_source_id, "case %u: no SourceID", i);
			UNIT_EQ(r.rpt_id, cases[i].rpt_id, "raw RPT_ID");
			UNIT_EQ(r.source_id, cases[i].source, "SourceID");
			UNIT_EQ(r.reason, cases[i].reason, "reason");
			UNIT_EQ(r.start_trigger, cases[i].start, "start trigger");
			UNIT_EQ(r.threshold, cases[i].thresh, "threshold");
			UNIT_EQ(r.ctx_valid, cases[i].valid, "context valid");
			UNIT_EQ(r.tile_id, cases[i].tile, "tile id");
			UNIT_EQ(r.ccs_id, cases[i].ccs, "CCS id");
			UNIT_EQ(r.delayed, cases[i].delayed, "delayed");
		}
		/* 12's 32-bit RPT_ID is the low dword: no high-dword fields */
		UNIT_EQ(intel_oa_decode(&f12, buf, &r), 0, "decode 12");
		UNIT_EQ(r.rpt_id, cases[i].rpt_id & 0xffffffffu, "RPT_ID 12");
		UNIT_EQ(r.source_id, cases[i].source, "SourceID 12");
		UNIT_EQ(r.reason, cases[i].reason, "reason 12");
		UNIT_EQ(r.tile_id | r.ccs_id | r.delayed, 0, "12 high dword");
	}
	/* Gen12 has the MMIO reason but no SourceID (dg2.rst: Gen12.5) */
	UNIT_EQ(intel_oa_format_init(&f12, 10, intel_oa_gen_by_ver(1200)), 0,
		"tgl");
	memset(buf, 0, sizeof(buf));
	put32(buf, 0, 1u << 26 | 1u << 25);
	intel_oa_decode(&f12, buf, &r);
	UNIT_CHECK(!r.has_source_id && !r.source_id, "Gen12 SourceID");
	UNIT_EQ(r.reason, INTEL_OA_REASON_MMIO_TRIGGER, "Gen12 reason");
}

static void dg2_source_names(const void *arg UNIT_UNUSED)
{
	static const struct {
		unsigned int id;
		const char *name;
	} cases[] = {
		{ 0, "other" }, { 1, "cpu" }, { 2, "reserved2" },
		{ 7, "reserved7" }, { 0x08, "rcs" }, { 0x09, "ccs" },
		{ 0x0a, "bcs" }, { 0x0b, "reserved11" }, { 0x10, "vs" },
		{ 0x11, "vsr" }, { 0x16, "ts" }, { 0x17, "reserved23" },
		{ 0x18, "reserved24" }, { 0x20, "media0-vcs0" },
		{ 0x2a, "media1-vecs" }, { 0x39, "media3-vcs1" },
		{ 0x3b, "reserved59" }, { 0x40, "reserved64" },
	};
	unsigned int i;
	char buf[24];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		UNIT_CHECK(strcmp(intel_oa_source_string(cases[i].id, buf,
							 sizeof(buf)),
				  cases[i].name) == 0, "0x%x: '%s', want '%s'",
			   cases[i].id, buf, cases[i].name);
}

/*
 * dg2.rst: TIME_STAMP is T mod 2^56; the delta across the wrap is taken
 * mod 2^56, u64 counters and GPU_TICKS mod 2^64 (a carry from the low
 * dword into the high one must count).
 */
static void dg2_timestamp_wrap_and_u64_deltas(const void *arg UNIT_UNUSED)
{
	const uint64_t ts_prev = (1ull << 56) - 5, ts_cur = 3;
	const uint64_t a_prev = 0x00000001fffffff0ull;
	const uint64_t a_cur = 0x0000000300000010ull;
	const uint64_t t_prev = 0xfffffffffffffff0ull, t_cur = 0x10;
	struct intel_oa_accumulator acc;
	struct intel_oa_format fmt;
	struct intel_oa_report r;
	uint8_t p[REF_MAX_REPORT], c[REF_MAX_REPORT];
	unsigned int k;

	UNIT_EQ(intel_oa_format_init(&fmt, 43, dg2_gen()), 0, "43");
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	put64(p, 8, ts_prev);
	put64(c, 8, ts_cur);
	put64(p, 24, t_prev);
	put64(c, 24, t_cur);
	/* A<k> at DW 8 + 2k: the k-th counter advances by (k+1) * 2^32 + d */
	for (k = 0; k < 38; k++) {
		put64(p, 32 + 8 * k, a_prev + k);
		put64(c, 32 + 8 * k, a_cur + 2 * k);
	}
	put32(p, 352, 0xfffffff0u);	/* B0 32-bit wraps */
	put32(c, 352, 0x00000010u);
	UNIT_EQ(intel_oa_decode(&fmt, p, &r), 0, "decode");
	UNIT_EQ(r.timestamp, ts_prev, "56-bit timestamp");
	memset(&acc, 0, sizeof(acc));
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate");
	UNIT_EQ(acc.timestamp, 8, "timestamp across 2^56");
	UNIT_EQ(acc.gpu_ticks, 0x20, "GPU_TICKS across 2^64");
	for (k = 0; k < 38; k++)
		UNIT_EQ(acc.a[k], a_cur - a_prev + k, "u64 A delta");
	UNIT_EQ(acc.b[0], 0x20, "B0 across 2^32");
	/* a second pair adds on: 64-bit sums, no wrap below 2^64 */
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate 2");
	UNIT_EQ(acc.a[0], 2 * (a_cur - a_prev), "A0 sum");
	UNIT_EQ(acc.timestamp, 16, "timestamp sum");
	UNIT_EQ(acc.n_deltas, 2, "deltas");
	/* the 32-bit header of 12 keeps 32-bit timestamp deltas */
	UNIT_EQ(intel_oa_format_init(&fmt, 12, dg2_gen()), 0, "12");
	memset(&acc, 0, sizeof(acc));
	memset(p, 0, sizeof(p));
	memset(c, 0, sizeof(c));
	put32(p, 4, 0xfffffffeu);
	put32(c, 4, 0x00000002u);
	put32(p, 32, 0xfffffff0u);	/* A4 low dword, 40-bit */
	put8(p, 164, 0xff);
	put32(c, 32, 0x00000010u);
	UNIT_EQ(intel_oa_accumulate(&fmt, p, c, &acc), 0, "accumulate 12");
	UNIT_EQ(acc.timestamp, 4, "32-bit timestamp wrap");
	UNIT_EQ(acc.a[4], 0x20, "40-bit A4 across 2^40");
}

/*
 * A timer stream in format 43 across the 2^56 TIME_STAMP wrap, with an
 * MMIO-trigger report (an on-demand sample) between two timer reports:
 * the 448-byte reports fit the statistics, the wrap is no gap and the
 * sample is none either.
 */
static void dg2_stats_43_across_wrap(const void *arg UNIT_UNUSED)
{
	const uint64_t period = 1ull << 16, start = (1ull << 56) - 5 * period;
	struct intel_oa_stream_stats st;
	struct intel_oa_format fmt;
	uint8_t r[REF_MAX_REPORT];
	unsigned int i;

	UNIT_EQ(intel_oa_format_init(&fmt, 43, dg2_gen()), 0, "43");
	UNIT_EQ(intel_oa_stats_init(&st, &fmt, period, false), 0, "init");
	for (i = 0; i < 10; i++) {
		uint64_t t = (start + i * period) & ((1ull << 56) - 1);

		memset(r, 0, sizeof(r));
		put32(r, 0, 1u << 19 | 1u << 16);	/* timer, valid */
		put64(r, 8, t);
		put32(r, 16, 0x1a0);
		put64(r, 32, 7 * (start + i * period));	/* A0 */
		UNIT_EQ(intel_oa_stats_add(&st, r, NULL), 0, "add");
		if (i != 4)
			continue;
		/*
		 * the sample: SourceID 0 (the GuC wrote the trigger), reason
		 * bit 25, the cookie as CTX_ID
		 */
		put32(r, 0, 1u << 25);
		put64(r, 8, (t + 3) & ((1ull << 56) - 1));
		put32(r, 16, 0x5);
		put64(r, 32, 7 * (start + i * period + 3));
		UNIT_EQ(intel_oa_stats_add(&st, r, NULL), 0, "add sample");
	}
	UNIT_EQ(st.reports, 11, "reports");
	UNIT_EQ(st.gaps, 0, "gaps");
	UNIT_EQ(st.by_reason[0], 10, "timer reports");
	UNIT_EQ(st.by_reason[6], 1, "mmio-trigger reports");
	UNIT_EQ(st.acc.timestamp, 9 * period, "elapsed ticks");
	UNIT_EQ(st.acc.a[0], 7 * 9 * period, "A0");
	UNIT_EQ(st.last_ts, (start + 9 * period) & ((1ull << 56) - 1),
		"last TIME_STAMP");
	intel_oa_stats_fini(&st);
}

/**
 * struct dg2_row - a row of dg2.rst's platform table
 * @name: platform name
 * @devid: PCI id
 * @dss: Xe-cores (bits of the DSS mask)
 * @siblings: sibling ids, 0-terminated
 */
struct dg2_row {
	const char *name;
	uint16_t devid;
	unsigned int dss;
	uint16_t siblings[7];
};

static const struct dg2_row dg2_rows[] = {
	{ "dg2-g10", 0x56a0, 32,
	  { 0x5690, 0x5691, 0x5692, 0x56a1, 0x56a2 } },
	{ "dg2-g11", 0x56a5, 8,
	  { 0x5693, 0x5694, 0x5695, 0x56a6, 0x56b0, 0x56b1 } },
	{ "dg2-g12", 0x56a3, 16,
	  { 0x5696, 0x5697, 0x56a4, 0x56b2, 0x56b3 } },
	{ "ats-m150", 0x56c0, 32, { 0x56c2 } },
	{ "ats-m75", 0x56c1, 8, { 0 } },
};

/* Every PCI id of the page: row, generation, both clocks, topology. */
static void dg2_device_rows(const void *arg UNIT_UNUSED)
{
	unsigned int i, j;

	for (i = 0; i < sizeof(dg2_rows) / sizeof(dg2_rows[0]); i++) {
		const struct dg2_row *w = &dg2_rows[i];
		const struct intel_oa_platform *p =
			intel_oa_platform_by_devid(w->devid);

		UNIT_CHECK(p, "%s (0x%04x) missing", w->name, w->devid);
		UNIT_CHECK(strcmp(p->name, w->name) == 0, "0x%04x is %s",
			   w->devid, p->name);
		UNIT_CHECK(intel_oa_platform_by_name(w->name) == p, "%s",
			   w->name);
		UNIT_CHECK(intel_oa_platform_for_devid(w->devid) == p, "%s",
			   w->name);
		UNIT_EQ(p->ver, 1250, w->name);
		UNIT_EQ(p->ts_freq, 38400000, "OA timestamp Hz");
		UNIT_EQ(p->cs_ts_freq, 19200000, "CS timestamp Hz");
		UNIT_EQ(p->slices, 1, w->name);
		UNIT_EQ(p->subslices, w->dss, w->name);
		UNIT_EQ(p->eus, 16, w->name);
		UNIT_EQ(intel_oa_gen_by_devid(w->devid)->ver, 1250, w->name);
		for (j = 0; w->siblings[j]; j++) {
			uint16_t id = w->siblings[j];

			UNIT_CHECK(!intel_oa_platform_by_devid(id),
				   "sibling 0x%04x has a row of its own", id);
			UNIT_CHECK(intel_oa_platform_for_devid(id) == p,
				   "sibling 0x%04x is not %s's", id, w->name);
			UNIT_EQ(intel_oa_gen_by_devid(id)->ver, 1250, "sibling");
		}
	}
	/*
	 * everywhere else OA and command streamer share one clock, except on
	 * Meteor Lake (Wa_14015846243, the same clocks as DG2)
	 */
	for (i = 0; i < intel_oa_platform_count(); i++) {
		const struct intel_oa_platform *p = intel_oa_platform_at(i);

		if (p->ver == 1270)
			UNIT_CHECK(p->cs_ts_freq == 19200000 &&
				   p->ts_freq == 38400000, "%s: clocks",
				   p->name);
		else if (p->ver != 1250)
			UNIT_CHECK(p->cs_ts_freq == p->ts_freq,
				   "%s: CS %llu Hz, OA %llu Hz", p->name,
				   (unsigned long long)p->cs_ts_freq,
				   (unsigned long long)p->ts_freq);
	}
}

/*
 * dg2.rst: a stream on DG2/ATS-M carries 12 and 43 only; the library
 * decodes 11 and 44-48 as well; of them Meteor Lake decodes 11 and 12 and
 * streams 12 (its OAM formats are 13 and 14); no other platform has any.
 */
static void dg2_format_availability(const void *arg UNIT_UNUSED)
{
	unsigned int i, id;

	for (i = 0; i < intel_oa_platform_count(); i++) {
		const struct intel_oa_platform *p = intel_oa_platform_at(i);
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(p->ver);
		int dg2 = p->ver == 1250, mtl = p->ver == 1270;

		for (id = 0; id < 64; id++) {
			int page = id == 11 || id == 12 ||
				   (id >= 43 && id <= 48);
			int stream = id == 12 || id == 43;

			if (!page && !dg2)
				continue;
			UNIT_CHECK(intel_oa_gen_supports(g, id) ==
				   ((dg2 && page) || (mtl && id <= 12)),
				   "%s decodes %u", p->name, id);
			UNIT_CHECK(intel_oa_gen_stream_supports(g, id) ==
				   ((dg2 && stream) || (mtl && id == 12)),
				   "%s streams %u", p->name, id);
		}
		if (dg2)
			UNIT_EQ(intel_oa_gen_default_format(g), 43, p->name);
	}
	UNIT_CHECK(!intel_oa_gen_stream_supports(NULL, 43), "NULL");
	/* the stream formats of the older generations are unchanged */
	UNIT_CHECK(intel_oa_gen_stream_supports(intel_oa_gen_by_ver(900), 7),
		   "gen9 C4_B8");
	UNIT_CHECK(intel_oa_gen_stream_supports(intel_oa_gen_by_ver(1200), 10),
		   "gen12 A32u40");
}

static const struct unit_test tests[] = {
	{ "dg2-tables-cover-reports", dg2_tables_cover_reports, NULL },
	{ "dg2-layout-rows", dg2_layout_rows, NULL },
	{ "dg2-decode-11", dg2_decode_exact, &dg2_formats[0] },
	{ "dg2-decode-12", dg2_decode_exact, &dg2_formats[1] },
	{ "dg2-decode-43", dg2_decode_exact, &dg2_formats[2] },
	{ "dg2-decode-44", dg2_decode_exact, &dg2_formats[3] },
	{ "dg2-decode-45", dg2_decode_exact, &dg2_formats[4] },
	{ "dg2-decode-46", dg2_decode_exact, &dg2_formats[5] },
	{ "dg2-decode-47", dg2_decode_exact, &dg2_formats[6] },
	{ "dg2-decode-48", dg2_decode_exact, &dg2_formats[7] },
	{ "dg2-rpt-id-fields", dg2_rpt_id_fields, NULL },
	{ "dg2-source-names", dg2_source_names, NULL },
	{ "dg2-timestamp-wrap-and-u64-deltas",
	  dg2_timestamp_wrap_and_u64_deltas, NULL },
	{ "dg2-stats-43-across-wrap", dg2_stats_43_across_wrap, NULL },
	{ "dg2-device-rows", dg2_device_rows, NULL },
	{ "dg2-format-availability", dg2_format_availability, NULL },
};

UNIT_SUITE(dg2_suite, tests);
