// SPDX-License-Identifier: MIT
/*
 * OA report format and generation tables.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Sources of the layouts:
 *  - Sandy Bridge, Ivy Bridge/Valleyview, Haswell: Documentation/gen6-gen7.rst
 *    ("Report formats"), which reads the "Observability Performance
 *    Counters" PRM for SNB/IVB/VLV/HSW dword by dword: dword 0 RPT_ID,
 *    dwords 1-2 TIME_STAMP, counters from dword 3, SNB's A counters
 *    running downwards within each 8-dword row, INST ADD in dword 3 of
 *    Haswell selects 4, 6 and 7, and the dwords the PRM marks reserved
 *    (the "C" dwords of i915's Haswell names among them).
 *  - Gen8/9/11: Broadwell PRM Vol 14 "Observability", counter selects 000,
 *    010, 101, 111 (40-bit A counters split into low dwords and high bytes).
 *  - Gen12.5: DG2 PRM Vol 13 (seed 002) as Documentation/dg2.rst reads
 *    it: OAR/OAG counter select 101 with the 32-bit header, and the
 *    64-bit header formats 43-48 of OAG, OAR, OAC and OAM, each padded to
 *    whole 64-byte cachelines; Meteor Lake OAM MPEC formats as listed by
 *    the Linux xe driver.
 *
 * Adding a platform is adding rows here; the decoder is table driven.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/intel_oa.h"
#include "accumulate.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define RUN32(k, first, n, off) \
	{ INTEL_OA_COUNTER_##k, (first), (n), 32, (off), 0, 0 }
#define RUN40(k, first, n, off, hi) \
	{ INTEL_OA_COUNTER_##k, (first), (n), 40, (off), (hi), 0 }
#define RUN64(k, first, n, off) \
	{ INTEL_OA_COUNTER_##k, (first), (n), 64, (off), 0, 0 }
/* 32-bit counters stored downwards from @off (Sandy Bridge A counters) */
#define RUN32_DOWN(k, first, n, off) \
	{ INTEL_OA_COUNTER_##k, (first), (n), 32, (off), 0, 1 }

/* dwords @first..@last (inclusive) as a reserved_dwords mask */
#define DWORDS(first, last) \
	((~0ull >> (63 - (last))) & (~0ull << (first)))
/* the same for dwords 64..127, as a reserved_dwords_hi mask */
#define DWORDS_HI(first, last) DWORDS((first) - 64, (last) - 64)

/* DW5 of the 64-bit header: the high dword of CTX_ID, reserved */
#define HDR64_RESERVED DWORDS(5, 5)

/*
 * Sandy Bridge (dword 0 RPT_ID, 1-2 TIME_STAMP): within each 8-dword row
 * the A counters run from the highest dword down, A0..A4 at dwords 7..3,
 * A5..A12 at 15..8, A13..A20 at 23..16, A21..A28 at 31..24; B0..B3
 * ascend.
 */
static const struct intel_oa_counter_run snb_a13[] = {
	RUN32_DOWN(A, 0, 5, 28),
	RUN32_DOWN(A, 5, 8, 60),
};

static const struct intel_oa_counter_run snb_a29[] = {
	RUN32_DOWN(A, 0, 5, 28),
	RUN32_DOWN(A, 5, 8, 60),
	RUN32_DOWN(A, 13, 8, 92),
	RUN32_DOWN(A, 21, 8, 124),
};

static const struct intel_oa_counter_run snb_a13_b4[] = {
	RUN32_DOWN(A, 0, 5, 28),
	RUN32_DOWN(A, 5, 8, 60),
	RUN32(B, 0, 4, 64),
};

static const struct intel_oa_counter_run snb_a29_b4[] = {
	RUN32_DOWN(A, 0, 5, 28),
	RUN32_DOWN(A, 5, 8, 60),
	RUN32_DOWN(A, 13, 8, 92),
	RUN32_DOWN(A, 21, 8, 124),
	RUN32(B, 0, 4, 128),
};

/* Ivy Bridge, Valleyview and Haswell: A<n> at dword 3 + n */
static const struct intel_oa_counter_run a13_dw3[] = {
	RUN32(A, 0, 13, 12),
};

static const struct intel_oa_counter_run a29_dw3[] = {
	RUN32(A, 0, 29, 12),
};

static const struct intel_oa_counter_run ivb_a13_b4[] = {
	RUN32(A, 0, 13, 12),
	RUN32(B, 0, 4, 64),
};

static const struct intel_oa_counter_run ivb_a29_b4[] = {
	RUN32(A, 0, 29, 12),
	RUN32(B, 0, 4, 128),
};

static const struct intel_oa_counter_run ivb_a45_b4[] = {
	RUN32(A, 0, 45, 12),
	RUN32(B, 0, 4, 192),
};

static const struct intel_oa_counter_run ivb_a16[] = {
	RUN32(A, 29, 16, 64),
};

/*
 * Haswell: the C counters where i915 and IGT read them (IGT's
 * hsw_oa_formats), in dwords the PRM marks reserved past C0
 * (gen6-gen7.rst "Haswell's C counters"); A29_B8_C8, which i915 lacks,
 * as A13_B8_C8 one line further.
 */
static const struct intel_oa_counter_run hsw_a13_b8_c8[] = {
	RUN32(A, 0, 13, 12),
	RUN32(B, 0, 8, 64),
	RUN32(C, 0, 8, 96),
};

static const struct intel_oa_counter_run hsw_a29_b8_c8[] = {
	RUN32(A, 0, 29, 12),
	RUN32(B, 0, 8, 128),
	RUN32(C, 0, 8, 160),
};

static const struct intel_oa_counter_run hsw_b4_c8[] = {
	RUN32(B, 0, 4, 16),
	RUN32(C, 0, 8, 32),
};

static const struct intel_oa_counter_run hsw_a45_b8_c8[] = {
	RUN32(A, 0, 45, 12),
	RUN32(B, 0, 8, 192),
	RUN32(C, 0, 8, 224),
};

static const struct intel_oa_counter_run hsw_b4_c8_a16[] = {
	RUN32(B, 0, 4, 16),
	RUN32(C, 0, 8, 32),
	RUN32(A, 29, 16, 64),
};

static const struct intel_oa_counter_run hsw_c4_b8[] = {
	RUN32(C, 0, 4, 16),
	RUN32(B, 0, 8, 32),
};

/* Gen8+ C4_B8: C0..C3 in the dwords after the header, then B0..B7 */
static const struct intel_oa_counter_run c4_b8[] = {
	RUN32(C, 0, 4, 16),
	RUN32(B, 0, 8, 32),
};

/* Gen8+ (dwords 0..3 RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS) */
static const struct intel_oa_counter_run a12[] = {
	RUN32(A, 7, 12, 16),
};

static const struct intel_oa_counter_run a12_b8_c8[] = {
	RUN32(A, 7, 12, 16),
	RUN32(B, 0, 8, 64),
	RUN32(C, 0, 8, 96),
};

static const struct intel_oa_counter_run a32u40_a4u32_b8_c8[] = {
	RUN40(A, 0, 32, 16, 160),
	RUN32(A, 32, 4, 144),
	RUN32(B, 0, 8, 192),
	RUN32(C, 0, 8, 224),
};

/*
 * DG2 OAG: the high-byte dwords of A0..A3 and A24..A27 (32-bit counters
 * here) carry A36 and A37 instead.
 */
static const struct intel_oa_counter_run a24u40_a14u32_b8_c8[] = {
	RUN32(A, 0, 4, 16),
	RUN40(A, 4, 20, 32, 164),
	RUN32(A, 24, 4, 112),
	RUN40(A, 28, 4, 128, 188),
	RUN32(A, 32, 4, 144),
	RUN32(A, 36, 1, 160),
	RUN32(A, 37, 1, 184),
	RUN32(B, 0, 8, 192),
	RUN32(C, 0, 8, 224),
};

/*
 * Gen12.5 64-bit header formats (Documentation/dg2.rst): the header takes
 * dwords 0..7, counters follow from dword 8 (byte 32) except in OAM
 * select 5, whose 32-bit header leaves them at dword 4.
 */
static const struct intel_oa_counter_run a38u64_b8_c8[] = {
	RUN64(A, 0, 38, 32),
	RUN32(B, 0, 8, 352),
	RUN32(C, 0, 8, 384),
};

static const struct intel_oa_counter_run oar_a36u64_b8_c8[] = {
	RUN64(A, 0, 36, 32),
	RUN32(B, 0, 8, 320),
	RUN32(C, 0, 8, 352),
};

/* OAC select 1: the compute counters only, A33 is a zero qword */
static const struct intel_oa_counter_run oac_a24u64_b8_c8[] = {
	RUN64(A, 0, 1, 32),
	RUN64(A, 4, 1, 40),
	RUN64(A, 7, 14, 48),
	RUN64(A, 28, 5, 160),
	RUN64(A, 34, 2, 208),
	RUN32(B, 0, 8, 224),
	RUN32(C, 0, 8, 256),
};

/* OAC select 2: the same set as 32-bit low dwords */
static const struct intel_oa_counter_run oac_a22u32_r2u32_b8_c8[] = {
	RUN32(A, 0, 1, 32),
	RUN32(A, 4, 1, 36),
	RUN32(A, 7, 14, 40),
	RUN32(A, 30, 3, 96),
	RUN32(A, 34, 2, 112),
	RUN32(B, 0, 8, 128),
	RUN32(C, 0, 8, 160),
};

static const struct intel_oa_counter_run oam_a2u64_b8_c8[] = {
	RUN64(A, 36, 2, 16),
	RUN32(B, 0, 8, 32),
	RUN32(C, 0, 8, 64),
};

static const struct intel_oa_counter_run oam_a2u64_r2u64_b8_c8[] = {
	RUN64(A, 36, 2, 32),
	RUN32(B, 0, 8, 64),
	RUN32(C, 0, 8, 96),
};

/* Meteor Lake OAM, 64-bit header (qwords 0..3) */
static const struct intel_oa_counter_run mpec8u64_b8_c8[] = {
	RUN64(M, 0, 8, 32),
	RUN32(B, 0, 8, 96),
	RUN32(C, 0, 8, 128),
};

static const struct intel_oa_counter_run mpec8u32_b8_c8[] = {
	RUN32(M, 0, 8, 32),
	RUN32(B, 0, 8, 64),
	RUN32(C, 0, 8, 96),
};

/*
 * Each run table's own accumulator (accumulate.h), which its layouts
 * name through LAYOUT_PAD().
 */
INTEL_OA_ACCUMULATOR(snb_a13)
INTEL_OA_ACCUMULATOR(snb_a29)
INTEL_OA_ACCUMULATOR(snb_a13_b4)
INTEL_OA_ACCUMULATOR(snb_a29_b4)
INTEL_OA_ACCUMULATOR(a13_dw3)
INTEL_OA_ACCUMULATOR(a29_dw3)
INTEL_OA_ACCUMULATOR(ivb_a13_b4)
INTEL_OA_ACCUMULATOR(ivb_a29_b4)
INTEL_OA_ACCUMULATOR(ivb_a45_b4)
INTEL_OA_ACCUMULATOR(ivb_a16)
INTEL_OA_ACCUMULATOR(hsw_a13_b8_c8)
INTEL_OA_ACCUMULATOR(hsw_a29_b8_c8)
INTEL_OA_ACCUMULATOR(hsw_b4_c8)
INTEL_OA_ACCUMULATOR(hsw_a45_b8_c8)
INTEL_OA_ACCUMULATOR(hsw_b4_c8_a16)
INTEL_OA_ACCUMULATOR(hsw_c4_b8)
INTEL_OA_ACCUMULATOR(c4_b8)
INTEL_OA_ACCUMULATOR(a12)
INTEL_OA_ACCUMULATOR(a12_b8_c8)
INTEL_OA_ACCUMULATOR(a32u40_a4u32_b8_c8)
INTEL_OA_ACCUMULATOR(a24u40_a14u32_b8_c8)
INTEL_OA_ACCUMULATOR(a38u64_b8_c8)
INTEL_OA_ACCUMULATOR(oar_a36u64_b8_c8)
INTEL_OA_ACCUMULATOR(oac_a24u64_b8_c8)
INTEL_OA_ACCUMULATOR(oac_a22u32_r2u32_b8_c8)
INTEL_OA_ACCUMULATOR(oam_a2u64_b8_c8)
INTEL_OA_ACCUMULATOR(oam_a2u64_r2u64_b8_c8)
INTEL_OA_ACCUMULATOR(mpec8u64_b8_c8)
INTEL_OA_ACCUMULATOR(mpec8u32_b8_c8)

/* @_data bytes of header and counters, zero padding up to @_size */
#define LAYOUT_PAD(_id, _name, _unit, _sel, _size, _data, _hdr, _runs, \
		   na, nb, nc, nm) \
	.id = (_id), .name = (_name), .unit = (_unit), \
	.counter_select = (_sel), .size = (_size), .data_size = (_data), \
	.header = (_hdr), .runs = (_runs), .n_runs = ARRAY_SIZE(_runs), \
	.accumulate = accumulate_##_runs, \
	.n_counters = { (na), (nb), (nc), (nm) }

#define LAYOUT(_id, _name, _unit, _sel, _size, _hdr, _runs, na, nb, nc, nm) \
	LAYOUT_PAD(_id, _name, _unit, _sel, _size, _size, _hdr, _runs, \
		   na, nb, nc, nm)

/* A Gen6-7.5 layout: OAG, dword header, @res reserved dwords, INST ADD */
#define GEN7_LAYOUT(_id, _name, _sel, _size, _runs, na, nb, nc, _res, _inst) \
	{ LAYOUT(_id, _name, "OAG", _sel, _size, INTEL_OA_HDR_32, _runs, \
		 na, nb, nc, 0), \
	  .reserved_dwords = (_res), .inst_addr_offset = (_inst) }

/*
 * The counts (A, B, C, MPEC) must equal the sums of the runs, and every
 * dword of a Gen6-7.5 report is header, counter, INST ADD or reserved:
 * unit tested.
 */
static const struct intel_oa_layout layouts[] = {
	GEN7_LAYOUT(I915_OA_FORMAT_A13, "A13", 0, 64, a13_dw3, 13, 0, 0,
		    0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_A29, "A29", 1, 128, a29_dw3, 29, 0, 0,
		    0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_A13_B8_C8, "A13_B8_C8", 2, 128,
		    hsw_a13_b8_c8, 13, 8, 8, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_B4_C8, "B4_C8", 4, 64, hsw_b4_c8, 0, 4, 8,
		    0, 12),
	GEN7_LAYOUT(I915_OA_FORMAT_A45_B8_C8, "A45_B8_C8", 5, 256,
		    hsw_a45_b8_c8, 45, 8, 8, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_B4_C8_A16, "B4_C8_A16", 6, 128,
		    hsw_b4_c8_a16, 16, 4, 8, 0, 12),
	/* the first row of an id is intel_oa_layout_by_id()'s: Gen8's */
	{ LAYOUT(I915_OA_FORMAT_C4_B8, "C4_B8", "OAG", 7, 64,
		 INTEL_OA_HDR_32, c4_b8, 0, 8, 4, 0), .min_ver = 800 },
	{ LAYOUT(I915_OA_FORMAT_C4_B8, "C4_B8", "OAG", 7, 64,
		 INTEL_OA_HDR_32, hsw_c4_b8, 0, 8, 4, 0),
	  .inst_addr_offset = 12,
	  .min_ver = 750, .max_ver = 750 },
	{ LAYOUT(I915_OA_FORMAT_A12, "A12", "OAG", 0, 64,
		 INTEL_OA_HDR_32, a12, 12, 0, 0, 0) },
	{ LAYOUT(I915_OA_FORMAT_A12_B8_C8, "A12_B8_C8", "OAG", 2, 128,
		 INTEL_OA_HDR_32, a12_b8_c8, 12, 8, 8, 0) },
	{ LAYOUT(I915_OA_FORMAT_A32u40_A4u32_B8_C8, "A32u40_A4u32_B8_C8", "OAG",
		 5, 256, INTEL_OA_HDR_32, a32u40_a4u32_b8_c8, 36, 8, 8, 0) },
	{ LAYOUT(I915_OAR_FORMAT_A32u40_A4u32_B8_C8, "OAR_A32u40_A4u32_B8_C8",
		 "OAR", 5, 256, INTEL_OA_HDR_32, a32u40_a4u32_b8_c8,
		 36, 8, 8, 0) },
	{ LAYOUT(I915_OA_FORMAT_A24u40_A14u32_B8_C8, "A24u40_A14u32_B8_C8",
		 "OAG", 5, 256, INTEL_OA_HDR_32, a24u40_a14u32_b8_c8,
		 38, 8, 8, 0) },
	/* Gen12.5, Documentation/dg2.rst "Report formats" */
	{ LAYOUT_PAD(I915_OA_FORMAT_A38u64_B8_C8, "A38u64_B8_C8", "OAG", 1,
		     448, 416, INTEL_OA_HDR_64, a38u64_b8_c8, 38, 8, 8, 0),
	  .reserved_dwords = HDR64_RESERVED,
	  .reserved_dwords_hi = DWORDS_HI(84, 87) | DWORDS_HI(104, 111) },
	{ LAYOUT(I915_OAR_FORMAT_A36u64_B8_C8, "OAR_A36u64_B8_C8", "OAR", 1,
		 384, INTEL_OA_HDR_64, oar_a36u64_b8_c8, 36, 8, 8, 0),
	  .reserved_dwords = HDR64_RESERVED },
	{ LAYOUT_PAD(I915_OAC_FORMAT_A24u64_B8_C8, "OAC_A24u64_B8_C8", "OAC",
		     1, 320, 288, INTEL_OA_HDR_64, oac_a24u64_b8_c8,
		     23, 8, 8, 0),
	  .reserved_dwords = HDR64_RESERVED | DWORDS(50, 51),
	  .reserved_dwords_hi = DWORDS_HI(72, 79) },
	{ LAYOUT(I915_OAC_FORMAT_A22u32_R2u32_B8_C8,
		 "OAC_A22u32_R2u32_B8_C8", "OAC", 2, 192, INTEL_OA_HDR_64,
		 oac_a22u32_r2u32_b8_c8, 21, 8, 8, 0),
	  .reserved_dwords = HDR64_RESERVED | DWORDS(27, 27) |
			     DWORDS(30, 31) },
	{ LAYOUT_PAD(I915_OAM_FORMAT_A2u64_B8_C8, "OAM_A2u64_B8_C8", "OAM", 5,
		     128, 96, INTEL_OA_HDR_32, oam_a2u64_b8_c8, 2, 8, 8, 0),
	  .reserved_dwords = DWORDS(24, 31) },
	{ LAYOUT(I915_OAM_FORMAT_A2u64_R2u64_B8_C8, "OAM_A2u64_R2u64_B8_C8",
		 "OAM", 1, 192, INTEL_OA_HDR_64, oam_a2u64_r2u64_b8_c8,
		 2, 8, 8, 0),
	  .reserved_dwords = HDR64_RESERVED | DWORDS(12, 15) |
			     DWORDS(32, 47) },
	{ LAYOUT(I915_OAM_FORMAT_MPEC8u64_B8_C8, "OAM_MPEC8u64_B8_C8", "OAM",
		 1, 192, INTEL_OA_HDR_64, mpec8u64_b8_c8, 0, 8, 8, 8) },
	{ LAYOUT(I915_OAM_FORMAT_MPEC8u32_B8_C8, "OAM_MPEC8u32_B8_C8", "OAM",
		 2, 128, INTEL_OA_HDR_64, mpec8u32_b8_c8, 0, 8, 8, 8) },
	/* enum intel_oa_gen6_gen7_oa_format: ids 32..42, gen6-gen7.rst */
	GEN7_LAYOUT(I915_OA_FORMAT_SNB_A13, "SNB_A13", 0, 64, snb_a13,
		    13, 0, 0, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_SNB_A29, "SNB_A29", 1, 128, snb_a29,
		    29, 0, 0, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_SNB_A13_B4, "SNB_A13_B4", 2, 128,
		    snb_a13_b4, 13, 4, 0, DWORDS(20, 31), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_SNB_A29_B4, "SNB_A29_B4", 3, 192,
		    snb_a29_b4, 29, 4, 0, DWORDS(36, 47), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A13, "IVB_A13", 0, 64, a13_dw3,
		    13, 0, 0, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A29, "IVB_A29", 1, 128, a29_dw3,
		    29, 0, 0, 0, 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A13_B4, "IVB_A13_B4", 2, 128,
		    ivb_a13_b4, 13, 4, 0, DWORDS(20, 31), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A29_B4, "IVB_A29_B4", 3, 192,
		    ivb_a29_b4, 29, 4, 0, DWORDS(36, 47), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A45_B4, "IVB_A45_B4", 4, 256,
		    ivb_a45_b4, 45, 4, 0, DWORDS(52, 63), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_IVB_A16, "IVB_A16", 5, 128, ivb_a16,
		    16, 0, 0, DWORDS(3, 15), 0),
	GEN7_LAYOUT(I915_OA_FORMAT_A29_B8_C8, "A29_B8_C8", 3, 192,
		    hsw_a29_b8_c8, 29, 8, 8, 0, 0),
};

#define FMT(x) (1ull << (x))

#define SNB_FORMATS \
	(FMT(I915_OA_FORMAT_SNB_A13) | FMT(I915_OA_FORMAT_SNB_A29) | \
	 FMT(I915_OA_FORMAT_SNB_A13_B4) | FMT(I915_OA_FORMAT_SNB_A29_B4))
#define IVB_FORMATS \
	(FMT(I915_OA_FORMAT_IVB_A13) | FMT(I915_OA_FORMAT_IVB_A29) | \
	 FMT(I915_OA_FORMAT_IVB_A13_B4) | FMT(I915_OA_FORMAT_IVB_A29_B4) | \
	 FMT(I915_OA_FORMAT_IVB_A45_B4) | FMT(I915_OA_FORMAT_IVB_A16))
#define HSW_FORMATS \
	(FMT(I915_OA_FORMAT_A13) | FMT(I915_OA_FORMAT_A29) | \
	 FMT(I915_OA_FORMAT_A13_B8_C8) | FMT(I915_OA_FORMAT_B4_C8) | \
	 FMT(I915_OA_FORMAT_A45_B8_C8) | FMT(I915_OA_FORMAT_B4_C8_A16) | \
	 FMT(I915_OA_FORMAT_C4_B8) | FMT(I915_OA_FORMAT_A29_B8_C8))
#define GEN8_FORMATS \
	(FMT(I915_OA_FORMAT_A12) | FMT(I915_OA_FORMAT_A12_B8_C8) | \
	 FMT(I915_OA_FORMAT_A32u40_A4u32_B8_C8) | FMT(I915_OA_FORMAT_C4_B8))
#define GEN12_FORMATS FMT(I915_OA_FORMAT_A32u40_A4u32_B8_C8)
#define GEN125_OAG_FORMATS \
	(FMT(I915_OA_FORMAT_A24u40_A14u32_B8_C8) | \
	 FMT(I915_OA_FORMAT_A38u64_B8_C8))
/* every layout of Documentation/dg2.rst; a stream carries the OAG ones */
#define GEN125_FORMATS \
	(GEN125_OAG_FORMATS | FMT(I915_OAR_FORMAT_A32u40_A4u32_B8_C8) | \
	 FMT(I915_OAR_FORMAT_A36u64_B8_C8) | \
	 FMT(I915_OAC_FORMAT_A24u64_B8_C8) | \
	 FMT(I915_OAC_FORMAT_A22u32_R2u32_B8_C8) | \
	 FMT(I915_OAM_FORMAT_A2u64_B8_C8) | \
	 FMT(I915_OAM_FORMAT_A2u64_R2u64_B8_C8))
#define MTL_FORMATS \
	(FMT(I915_OAR_FORMAT_A32u40_A4u32_B8_C8) | \
	 FMT(I915_OA_FORMAT_A24u40_A14u32_B8_C8) | \
	 FMT(I915_OAM_FORMAT_MPEC8u64_B8_C8) | \
	 FMT(I915_OAM_FORMAT_MPEC8u32_B8_C8))
/* OAG's format and the media GT's OAM formats, each on its own unit */
#define MTL_STREAM_FORMATS \
	(FMT(I915_OA_FORMAT_A24u40_A14u32_B8_C8) | \
	 FMT(I915_OAM_FORMAT_MPEC8u64_B8_C8) | \
	 FMT(I915_OAM_FORMAT_MPEC8u32_B8_C8))

/* Reason bits each generation defines (RPT_ID bit 19 + n). */
#define REASONS_GEN8 \
	(INTEL_OA_REASON_TIMER | INTEL_OA_REASON_TRIGGER1 | \
	 INTEL_OA_REASON_TRIGGER2 | INTEL_OA_REASON_CTX_SWITCH | \
	 INTEL_OA_REASON_GO_TRANSITION)
#define REASONS_GEN9 (REASONS_GEN8 | INTEL_OA_REASON_CLK_RATIO)
#define REASONS_GEN12 (REASONS_GEN9 | INTEL_OA_REASON_MMIO_TRIGGER)

/*
 * RPT_ID semantics per generation. Gen6-7.5 timer reports carry the Gen8
 * timer bit (19) and nothing else: no other reason, no context (see
 * Documentation/gen6-gen7.rst, "Report formats"); their TIME_STAMP is 36
 * bits over dwords 1-2, and Sandy Bridge cannot program a timer period
 * under 2^4 ticks (exponent 3). Gen8: context valid is bit 25; Gen9 and
 * later moved it to bit 16. The reason field starts at bit 19: six bits
 * (24:19) on Gen8-11, of which Gen8 reserves the top one, seven (25:19,
 * MMIO trigger) from Gen12. i915 squashes CTX_ID of reports without a
 * valid context before Gen12. A stream carries every format a generation
 * writes, except on Gen12.5 and later where OAR, OAC and OAM reports are
 * not what a system-wide stream reads (Documentation/dg2.rst: 12 and 43
 * only); Gen12.5 adds SourceID and the 64-bit RPT_ID fields.
 */
static const struct intel_oa_gen gens[] = {
	{ "gen6",   600,  -1, 19, 1, 36, INTEL_OA_HDR_GEN7, SNB_FORMATS,
	  INTEL_OA_REASON_TIMER, false, 3, SNB_FORMATS, false },
	{ "gen7",   700,  -1, 19, 1, 36, INTEL_OA_HDR_GEN7, IVB_FORMATS,
	  INTEL_OA_REASON_TIMER, false, 0, IVB_FORMATS, false },
	{ "gen7.5", 750,  -1, 19, 1, 36, INTEL_OA_HDR_GEN7, HSW_FORMATS,
	  INTEL_OA_REASON_TIMER, false, 0, HSW_FORMATS, false },
	{ "gen8",   800,  25, 19, 6, 32, INTEL_OA_HDR_32, GEN8_FORMATS,
	  REASONS_GEN8, true, 0, GEN8_FORMATS, false },
	{ "gen9",   900,  16, 19, 6, 32, INTEL_OA_HDR_32, GEN8_FORMATS,
	  REASONS_GEN9, true, 0, GEN8_FORMATS, false },
	{ "gen10",  1000, 16, 19, 6, 32, INTEL_OA_HDR_32, GEN8_FORMATS,
	  REASONS_GEN9, true, 0, GEN8_FORMATS, false },
	{ "gen11",  1100, 16, 19, 6, 32, INTEL_OA_HDR_32, GEN8_FORMATS,
	  REASONS_GEN9, true, 0, GEN8_FORMATS, false },
	{ "gen12",  1200, 16, 19, 7, 32, INTEL_OA_HDR_32, GEN12_FORMATS,
	  REASONS_GEN12, false, 0, GEN12_FORMATS, false },
	{ "gen12.5", 1250, 16, 19, 7, 32, INTEL_OA_HDR_32, GEN125_FORMATS,
	  REASONS_GEN12, false, 0, GEN125_OAG_FORMATS, true },
	{ "gen12.7", 1270, 16, 19, 7, 32, INTEL_OA_HDR_32, MTL_FORMATS,
	  REASONS_GEN12, false, 0, MTL_STREAM_FORMATS, true },
};

/**
 * struct devid_match - PCI device id to graphics version
 * @mask: bits of the device id compared
 * @value: expected value of those bits
 * @ver: graphics version times 100
 *
 * Consulted after the device table and its sibling ids (platforms.c):
 * exact ids first, then families by id prefix (first match wins), from
 * i915_pciids.h.
 */
struct devid_match {
	uint16_t mask;
	uint16_t value;
	unsigned int ver;
};

static const struct devid_match devids[] = {
	{ 0xffff, 0x0a84, 900 },	/* Broxton */
	{ 0xffff, 0x5a84, 900 },
	{ 0xffff, 0x5a85, 900 },
	{ 0xffff, 0x1a84, 900 },
	{ 0xffff, 0x1a85, 900 },
	{ 0xffff, 0x3184, 900 },	/* Gemini Lake */
	{ 0xffff, 0x3185, 900 },
	{ 0xffff, 0x87c0, 900 },	/* Amber Lake */
	{ 0xfffc, 0x22b0, 800 },	/* Cherryview */
	{ 0xffe0, 0x4c80, 1200 },	/* Rocket Lake 0x4c80..0x4c9a */
	{ 0xfff0, 0x4900, 1200 },	/* DG1 0x4905..0x4908 */
	{ 0xff00, 0x0400, 750 },	/* Haswell */
	{ 0xff00, 0x0a00, 750 },
	{ 0xff00, 0x0c00, 750 },
	{ 0xff00, 0x0d00, 750 },
	{ 0xff00, 0x1600, 800 },	/* Broadwell */
	{ 0xff00, 0x1900, 900 },	/* Skylake */
	{ 0xff00, 0x5900, 900 },	/* Kaby Lake */
	{ 0xff00, 0x3e00, 900 },	/* Coffee Lake */
	{ 0xff00, 0x9b00, 900 },	/* Comet Lake */
	{ 0xff00, 0x5a00, 1000 },	/* Cannon Lake */
	{ 0xff00, 0x8a00, 1100 },	/* Ice Lake */
	{ 0xff00, 0x4500, 1100 },	/* Elkhart Lake */
	{ 0xff00, 0x4e00, 1100 },	/* Jasper Lake */
	{ 0xff00, 0x9a00, 1200 },	/* Tiger Lake */
	{ 0xff00, 0x4600, 1200 },	/* Alder Lake */
	{ 0xff00, 0xa700, 1200 },	/* Raptor Lake */
	{ 0xff00, 0x5600, 1250 },	/* DG2 */
	{ 0xff00, 0x7d00, 1270 },	/* Meteor Lake, Arrow Lake */
	{ 0xffff, 0xb640, 1270 },	/* Arrow Lake-S */
};

unsigned int intel_oa_layout_count(void)
{
	return ARRAY_SIZE(layouts);
}

const struct intel_oa_layout *intel_oa_layout_at(unsigned int index)
{
	if (index >= ARRAY_SIZE(layouts))
		return NULL;
	return &layouts[index];
}

const struct intel_oa_layout *intel_oa_layout_by_id(unsigned int id)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(layouts); i++)
		if (layouts[i].id == id)
			return &layouts[i];
	return NULL;
}

static const char *skip_prefix(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncasecmp(s, prefix, n) == 0 ? s + n : s;
}

const struct intel_oa_layout *intel_oa_layout_by_name(const char *name)
{
	static const char *const unit_prefixes[] = { "OAR_", "OAC_", "OAM_" };
	const char *s, *unit = "";
	unsigned int i;
	char full[64];

	if (!name)
		return NULL;
	s = skip_prefix(name, "I915_");
	for (i = 0; i < ARRAY_SIZE(unit_prefixes); i++) {
		char longp[32];

		/* I915_OAR_FORMAT_x == OAR_x */
		memcpy(longp, unit_prefixes[i], 3);
		strcpy(longp + 3, "_FORMAT_");
		if (strncasecmp(s, longp, strlen(longp)) == 0) {
			unit = unit_prefixes[i];
			s += strlen(longp);
			break;
		}
	}
	s = skip_prefix(s, "OA_FORMAT_");
	if (strlen(unit) + strlen(s) >= sizeof(full))
		return NULL;
	strcpy(full, unit);
	strcat(full, s);

	for (i = 0; i < ARRAY_SIZE(layouts); i++)
		if (strcasecmp(layouts[i].name, full) == 0)
			return &layouts[i];
	return NULL;
}

const struct intel_oa_gen *intel_oa_gen_by_ver(unsigned int ver)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gens); i++)
		if (gens[i].ver == ver)
			return &gens[i];
	return NULL;
}

const struct intel_oa_gen *intel_oa_gen_by_devid(uint16_t devid)
{
	const struct intel_oa_platform *p = intel_oa_platform_for_devid(devid);
	unsigned int i;

	if (p)
		return intel_oa_gen_by_ver(p->ver);
	for (i = 0; i < ARRAY_SIZE(devids); i++)
		if ((devid & devids[i].mask) == devids[i].value)
			return intel_oa_gen_by_ver(devids[i].ver);
	return NULL;
}

static bool layout_fits_gen(const struct intel_oa_layout *l,
			    const struct intel_oa_gen *gen)
{
	return (!l->min_ver || gen->ver >= l->min_ver) &&
	       (!l->max_ver || gen->ver <= l->max_ver);
}

const struct intel_oa_layout *
intel_oa_gen_layout(const struct intel_oa_gen *gen, unsigned int id)
{
	unsigned int i;

	if (!gen || id >= 64 || !(gen->formats & FMT(id)))
		return NULL;
	for (i = 0; i < ARRAY_SIZE(layouts); i++)
		if (layouts[i].id == id && layout_fits_gen(&layouts[i], gen))
			return &layouts[i];
	return NULL;
}

bool intel_oa_gen_supports(const struct intel_oa_gen *gen, unsigned int id)
{
	return !!intel_oa_gen_layout(gen, id);
}

bool intel_oa_gen_stream_supports(const struct intel_oa_gen *gen,
				  unsigned int id)
{
	return intel_oa_gen_supports(gen, id) &&
	       (gen->stream_formats & FMT(id));
}

static unsigned int total_counters(const struct intel_oa_layout *l)
{
	unsigned int k, n = 0;

	for (k = 0; k < INTEL_OA_COUNTER_KINDS; k++)
		n += l->n_counters[k];
	return n;
}

unsigned int intel_oa_gen_default_format(const struct intel_oa_gen *gen)
{
	const struct intel_oa_layout *best = NULL;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(layouts); i++) {
		const struct intel_oa_layout *l = &layouts[i];

		if (!intel_oa_gen_stream_supports(gen, l->id) ||
		    intel_oa_gen_layout(gen, l->id) != l)
			continue;
		if (!best || total_counters(l) > total_counters(best) ||
		    (total_counters(l) == total_counters(best) &&
		     l->size > best->size))
			best = l;
	}
	return best ? best->id : 0;
}

int intel_oa_format_init(struct intel_oa_format *fmt, unsigned int id,
			 const struct intel_oa_gen *gen)
{
	const struct intel_oa_layout *layout;

	if (!fmt || !gen || !intel_oa_layout_by_id(id))
		return -EINVAL;
	layout = intel_oa_gen_layout(gen, id);
	if (!layout)
		return -ENOTSUP;

	fmt->layout = layout;
	fmt->gen = gen;
	fmt->header = layout->header == INTEL_OA_HDR_64 ?
		      INTEL_OA_HDR_64 : gen->dword_header;
	return 0;
}
