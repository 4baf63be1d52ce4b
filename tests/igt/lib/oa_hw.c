// SPDX-License-Identifier: MIT
/*
 * Report layouts and platform rows. Layout facts come from the Broadwell
 * Observability PRM (seed 000, counter select 000/010/101/111, valid for
 * Gen8 and Gen9) as restated in Documentation/vgpu-contract.rst, and for
 * Gen6 to Gen7.5 from the tables of Documentation/gen6-gen7.rst (seed 001),
 * for Gen12.5 from Documentation/dg2.rst (seed 002); uAPI format ids from
 * include/uapi/drm/intel_oa_drm.h and those pages.
 */
#include <stdio.h>
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa_platform_rows.h"
#include "oa_hw.h"


/*
 * Gen6/7 layouts, dword by dword, transcribed from the layout column of
 * the gen6-gen7.rst tables (DW0 RPT_ID, DW1-2 TIME_STAMP, then as listed).
 */
#define D_RPT	{ OA_DW_RPT_ID, 0 }
#define D_TSL	{ OA_DW_TS_LO, 0 }
#define D_TSH	{ OA_DW_TS_HI, 0 }
#define D_INST	{ OA_DW_INST_ADD, 0 }
#define D_RSV	{ OA_DW_RESERVED, 0 }
#define D_A(n)	{ OA_DW_COUNTER, OA7_A(n) }
#define D_B(n)	{ OA_DW_COUNTER, OA7_B(n) }
#define D_C(n)	{ OA_DW_COUNTER, OA7_C(n) }
#define D_HDR	D_RPT, D_TSL, D_TSH
#define D_RSV4	D_RSV, D_RSV, D_RSV, D_RSV
#define D_RSV8	D_RSV4, D_RSV4
#define D_RSV12	D_RSV8, D_RSV4
/* A(n) .. A(n + 7) in ascending dwords */
#define D_A_UP8(n) D_A(n), D_A((n) + 1), D_A((n) + 2), D_A((n) + 3), \
	D_A((n) + 4), D_A((n) + 5), D_A((n) + 6), D_A((n) + 7)
/* SNB: A(n) .. A(n + 7) from the highest of eight dwords down */
#define D_A_DN8(n) D_A((n) + 7), D_A((n) + 6), D_A((n) + 5), D_A((n) + 4), \
	D_A((n) + 3), D_A((n) + 2), D_A((n) + 1), D_A(n)
#define D_B_UP4	D_B(0), D_B(1), D_B(2), D_B(3)
#define D_B_UP8	D_B_UP4, D_B(4), D_B(5), D_B(6), D_B(7)
#define D_C_UP4	D_C(0), D_C(1), D_C(2), D_C(3)
/* Haswell C0..C7 where IGT's hsw_oa_formats reads them (seed: reserved) */
#define D_C_UP8	D_C_UP4, D_C(4), D_C(5), D_C(6), D_C(7)

/* SNB select 0: A0..A4 at DW7..DW3, A5..A12 at DW15..DW8 */
#define SNB_A13_DW D_HDR, D_A(4), D_A(3), D_A(2), D_A(1), D_A(0), D_A_DN8(5)
/* SNB select 1: then A13..A20 at DW23..DW16, A21..A28 at DW31..DW24 */
#define SNB_A29_DW SNB_A13_DW, D_A_DN8(13), D_A_DN8(21)
/* IVB/HSW: A(n) at DW(3 + n) */
#define GEN7_A13_DW D_HDR, D_A_UP8(0), D_A(8), D_A(9), D_A(10), D_A(11), D_A(12)
#define GEN7_A29_DW GEN7_A13_DW, D_A_UP8(13), D_A_UP8(21)
#define GEN7_A45_DW GEN7_A29_DW, D_A_UP8(29), D_A_UP8(37)
#define GEN7_A29_A44_DW D_A_UP8(29), D_A_UP8(37)
#define HSW_B4_C8_DW D_HDR, D_INST, D_B_UP4, D_C_UP8

static const struct oa_dword snb_a13_dw[16] = { SNB_A13_DW };
static const struct oa_dword snb_a29_dw[32] = { SNB_A29_DW };
static const struct oa_dword snb_a13_b4_dw[32] = { SNB_A13_DW, D_B_UP4, D_RSV12 };
static const struct oa_dword snb_a29_b4_dw[48] = { SNB_A29_DW, D_B_UP4, D_RSV12 };
static const struct oa_dword gen7_a13_dw[16] = { GEN7_A13_DW };
static const struct oa_dword gen7_a29_dw[32] = { GEN7_A29_DW };
static const struct oa_dword ivb_a13_b4_dw[32] = { GEN7_A13_DW, D_B_UP4, D_RSV12 };
static const struct oa_dword ivb_a29_b4_dw[48] = { GEN7_A29_DW, D_B_UP4, D_RSV12 };
static const struct oa_dword ivb_a45_b4_dw[64] = { GEN7_A45_DW, D_B_UP4, D_RSV12 };
static const struct oa_dword ivb_a16_dw[32] = {
	D_HDR, D_RSV12, D_RSV, GEN7_A29_A44_DW,
};
static const struct oa_dword hsw_a13_b8_c8_dw[32] = { GEN7_A13_DW, D_B_UP8, D_C_UP8 };
static const struct oa_dword hsw_a29_b8_c8_dw[48] = { GEN7_A29_DW, D_B_UP8, D_C_UP8 };
static const struct oa_dword hsw_b4_c8_dw[16] = { HSW_B4_C8_DW };
static const struct oa_dword hsw_a45_b8_c8_dw[64] = { GEN7_A45_DW, D_B_UP8, D_C_UP8 };
static const struct oa_dword hsw_b4_c8_a16_dw[32] = { HSW_B4_C8_DW, GEN7_A29_A44_DW };
static const struct oa_dword hsw_c4_b8_dw[16] = {
	D_HDR, D_INST, D_C_UP4, D_B_UP8,
};

#define GEN7_FORMAT(nm, id, sel, sz, fam, tbl) { \
	.name = (nm), .uapi_id = (id), .counter_select = (sel), .size = (sz), \
	.families = (fam), .dwords = (tbl) }

const struct oa_format oa_formats[] = {
	{
		.name = "A12", .uapi_id = I915_OA_FORMAT_A12,
		.counter_select = 0, .size = 64, .families = OA_FAM_GEN8,
		.segs = { { 4, WL_A(7), 12, OA_SEG_U32, 0 } },
		.n_segs = 1,
	},
	{
		.name = "A12_B8_C8", .uapi_id = I915_OA_FORMAT_A12_B8_C8,
		.counter_select = 2, .size = 128, .families = OA_FAM_GEN8,
		.segs = {
			{ 4, WL_A(7), 12, OA_SEG_U32, 0 },
			{ 16, WL_B(0), 8, OA_SEG_U32, 0 },
			{ 24, WL_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 3,
	},
	{
		.name = "A32u40_A4u32_B8_C8",
		.uapi_id = I915_OA_FORMAT_A32u40_A4u32_B8_C8,
		.counter_select = 5, .size = 256, .families = OA_FAM_GEN8,
		.segs = {
			{ 4, WL_A(0), 32, OA_SEG_U40, 40 },
			{ 36, WL_A(32), 4, OA_SEG_U32, 0 },
			{ 48, WL_B(0), 8, OA_SEG_U32, 0 },
			{ 56, WL_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 4,
	},
	{
		.name = "C4_B8", .uapi_id = I915_OA_FORMAT_C4_B8,
		.counter_select = 7, .size = 64, .families = OA_FAM_GEN8,
		.segs = {
			{ 4, WL_C(0), 4, OA_SEG_U32, 0 },
			{ 8, WL_B(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 2,
	},
	GEN7_FORMAT("SNB_A13", OA_FMT_SNB_A13, 0, 64, OA_FAM_SNB, snb_a13_dw),
	GEN7_FORMAT("SNB_A29", OA_FMT_SNB_A29, 1, 128, OA_FAM_SNB, snb_a29_dw),
	GEN7_FORMAT("SNB_A13_B4", OA_FMT_SNB_A13_B4, 2, 128, OA_FAM_SNB, snb_a13_b4_dw),
	GEN7_FORMAT("SNB_A29_B4", OA_FMT_SNB_A29_B4, 3, 192, OA_FAM_SNB, snb_a29_b4_dw),
	GEN7_FORMAT("IVB_A13", OA_FMT_IVB_A13, 0, 64, OA_FAM_IVB, gen7_a13_dw),
	GEN7_FORMAT("IVB_A29", OA_FMT_IVB_A29, 1, 128, OA_FAM_IVB, gen7_a29_dw),
	GEN7_FORMAT("IVB_A13_B4", OA_FMT_IVB_A13_B4, 2, 128, OA_FAM_IVB, ivb_a13_b4_dw),
	GEN7_FORMAT("IVB_A29_B4", OA_FMT_IVB_A29_B4, 3, 192, OA_FAM_IVB, ivb_a29_b4_dw),
	GEN7_FORMAT("IVB_A45_B4", OA_FMT_IVB_A45_B4, 4, 256, OA_FAM_IVB, ivb_a45_b4_dw),
	GEN7_FORMAT("IVB_A16", OA_FMT_IVB_A16, 5, 128, OA_FAM_IVB, ivb_a16_dw),
	GEN7_FORMAT("A13", I915_OA_FORMAT_A13, 0, 64, OA_FAM_HSW, gen7_a13_dw),
	GEN7_FORMAT("A29", I915_OA_FORMAT_A29, 1, 128, OA_FAM_HSW, gen7_a29_dw),
	GEN7_FORMAT("A13_B8_C8", I915_OA_FORMAT_A13_B8_C8, 2, 128, OA_FAM_HSW,
		    hsw_a13_b8_c8_dw),
	GEN7_FORMAT("A29_B8_C8", OA_FMT_HSW_A29_B8_C8, 3, 192, OA_FAM_HSW,
		    hsw_a29_b8_c8_dw),
	GEN7_FORMAT("B4_C8", I915_OA_FORMAT_B4_C8, 4, 64, OA_FAM_HSW, hsw_b4_c8_dw),
	GEN7_FORMAT("A45_B8_C8", I915_OA_FORMAT_A45_B8_C8, 5, 256, OA_FAM_HSW,
		    hsw_a45_b8_c8_dw),
	GEN7_FORMAT("B4_C8_A16", I915_OA_FORMAT_B4_C8_A16, 6, 128, OA_FAM_HSW,
		    hsw_b4_c8_a16_dw),
	/* same name and uAPI number as Gen8's C4_B8, another layout */
	GEN7_FORMAT("C4_B8", I915_OA_FORMAT_C4_B8, 7, 64, OA_FAM_HSW, hsw_c4_b8_dw),
	/*
	 * Gen12.5, transcribed from the dg2.rst "Report formats" table (DW n
	 * is the n-th dword in memory; sizes padded to 64-byte cachelines).
	 * Only 12 and 43 can be carried by a stream; the others are there
	 * so that every platform is checked to refuse them.
	 */
	{
		.name = "OAR_A32u40_A4u32_B8_C8",
		.uapi_id = OA_FMT_OAR_A32u40_A4u32_B8_C8,
		.counter_select = 5, .size = 256, .families = OA_FAM_XEHP,
		.segs = {
			{ 4, XE_A(0), 32, OA_SEG_U40, 40 },
			{ 36, XE_A(32), 4, OA_SEG_U32, 0 },
			{ 48, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 56, XE_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 4,
	},
	{
		/* as 11, but DW40 = A36 and DW46 = A37 take two byte dwords */
		.name = "A24u40_A14u32_B8_C8",
		.uapi_id = OA_FMT_A24u40_A14u32_B8_C8,
		.counter_select = 5, .size = 256, .families = OA_FAM_XEHP,
		.segs = {
			{ 4, XE_A(0), 4, OA_SEG_U32, 0 },
			{ 8, XE_A(4), 20, OA_SEG_U40, 41 },
			{ 28, XE_A(24), 4, OA_SEG_U32, 0 },
			{ 32, XE_A(28), 4, OA_SEG_U40, 47 },
			{ 36, XE_A(32), 4, OA_SEG_U32, 0 },
			{ 40, XE_A(36), 1, OA_SEG_U32, 0 },
			{ 46, XE_A(37), 1, OA_SEG_U32, 0 },
			{ 48, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 56, XE_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 9,
	},
	{
		.name = "A38u64_B8_C8", .uapi_id = OA_FMT_A38u64_B8_C8,
		.counter_select = 1, .size = 448, .families = OA_FAM_XEHP,
		.hdr64 = true,
		.segs = {
			{ 8, XE_A(0), 38, OA_SEG_U64, 0 },
			{ 84, 0, 4, OA_SEG_ZERO, 0 },
			{ 88, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 96, XE_C(0), 8, OA_SEG_U32, 0 },
			{ 104, 0, 8, OA_SEG_ZERO, 0 },
		},
		.n_segs = 5,
	},
	{
		.name = "OAR_A36u64_B8_C8", .uapi_id = OA_FMT_OAR_A36u64_B8_C8,
		.counter_select = 1, .size = 384, .families = OA_FAM_XEHP,
		.hdr64 = true,
		.segs = {
			{ 8, XE_A(0), 36, OA_SEG_U64, 0 },
			{ 80, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 88, XE_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 3,
	},
	{
		.name = "OAC_A24u64_B8_C8", .uapi_id = OA_FMT_OAC_A24u64_B8_C8,
		.counter_select = 1, .size = 320, .families = OA_FAM_XEHP,
		.hdr64 = true,
		.segs = {
			{ 8, XE_A(0), 1, OA_SEG_U64, 0 },
			{ 10, XE_A(4), 1, OA_SEG_U64, 0 },
			{ 12, XE_A(7), 1, OA_SEG_U64, 0 },
			{ 14, XE_A(8), 1, OA_SEG_U64, 0 },
			{ 16, XE_A(9), 4, OA_SEG_U64, 0 },
			{ 24, XE_A(13), 4, OA_SEG_U64, 0 },
			{ 32, XE_A(17), 4, OA_SEG_U64, 0 },
			{ 40, XE_A(28), 4, OA_SEG_U64, 0 },
			{ 48, XE_A(32), 1, OA_SEG_U64, 0 },
			{ 50, 0, 2, OA_SEG_ZERO, 0 },
			{ 52, XE_A(34), 2, OA_SEG_U64, 0 },
			{ 56, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 64, XE_C(0), 8, OA_SEG_U32, 0 },
			{ 72, 0, 8, OA_SEG_ZERO, 0 },
		},
		.n_segs = 14,
	},
	{
		.name = "OAC_A22u32_R2u32_B8_C8",
		.uapi_id = OA_FMT_OAC_A22u32_R2u32_B8_C8,
		.counter_select = 2, .size = 192, .families = OA_FAM_XEHP,
		.hdr64 = true,
		.segs = {
			{ 8, XE_A(0), 1, OA_SEG_U32, 0 },
			{ 9, XE_A(4), 1, OA_SEG_U32, 0 },
			{ 10, XE_A(7), 1, OA_SEG_U32, 0 },
			{ 11, XE_A(8), 5, OA_SEG_U32, 0 },
			{ 16, XE_A(13), 8, OA_SEG_U32, 0 },
			{ 24, XE_A(30), 3, OA_SEG_U32, 0 },
			{ 27, 0, 1, OA_SEG_ZERO, 0 },
			{ 28, XE_A(34), 2, OA_SEG_U32, 0 },
			{ 30, 0, 2, OA_SEG_ZERO, 0 },
			{ 32, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 40, XE_C(0), 8, OA_SEG_U32, 0 },
		},
		.n_segs = 11,
	},
	{
		.name = "OAM_A2u64_B8_C8", .uapi_id = OA_FMT_OAM_A2u64_B8_C8,
		.counter_select = 5, .size = 128, .families = OA_FAM_XEHP,
		.segs = {
			{ 4, XE_A(36), 2, OA_SEG_U64, 0 },
			{ 8, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 16, XE_C(0), 8, OA_SEG_U32, 0 },
			{ 24, 0, 8, OA_SEG_ZERO, 0 },
		},
		.n_segs = 4,
	},
	{
		.name = "OAM_A2u64_R2u64_B8_C8",
		.uapi_id = OA_FMT_OAM_A2u64_R2u64_B8_C8,
		.counter_select = 1, .size = 192, .families = OA_FAM_XEHP,
		.hdr64 = true,
		.segs = {
			{ 8, XE_A(36), 2, OA_SEG_U64, 0 },
			{ 12, 0, 4, OA_SEG_ZERO, 0 },
			{ 16, XE_B(0), 8, OA_SEG_U32, 0 },
			{ 24, XE_C(0), 8, OA_SEG_U32, 0 },
			{ 32, 0, 16, OA_SEG_ZERO, 0 },
		},
		.n_segs = 5,
	},
};

const size_t oa_n_formats = sizeof(oa_formats) / sizeof(oa_formats[0]);

/*
 * ADD_CONFIG whitelists, from the "ADD_CONFIG whitelists" section of
 * Documentation/platforms.rst (ranges inclusive). Gen9 uses Gen8's.
 */
#define OA_FLEX_EU_RANGES \
	{ 0xe458, 0xe458 }, { 0xe558, 0xe558 }, { 0xe658, 0xe658 }, \
	{ 0xe758, 0xe758 }, { 0xe45c, 0xe45c }, { 0xe55c, 0xe55c }, \
	{ 0xe65c, 0xe65c }
#define OA_GEN7_MUX_RANGES \
	{ 0x91b8, 0x91cc }, { 0x9800, 0x9888 }, { 0xe180, 0xe180 }
#define OA_GEN8_MUX_RANGES \
	OA_GEN7_MUX_RANGES, { 0x0d00, 0x0d2c }, { 0x20cc, 0x20cc }
#define OA_GEN8_BOOLEAN_RANGES \
	{ 0x2710, 0x272c }, { 0x2740, 0x275c }, { 0x2770, 0x27ac }

/*
 * gen6-gen7.rst: no flex registers before Gen8; SNB, IVB and VLV have only
 * their CEC pairs as boolean registers, HSW i915's gen7_oa_b_counters
 * (the same ranges as Gen8's) and hsw_oa_mux_regs on top of Gen7's mux.
 */
static const struct oa_whitelist oa_wl_gen7 = {
	.mux = { OA_GEN7_MUX_RANGES },
	.boolean = { { 0x2390, 0x23ac } },
	.suite_boolean = 0x2390,
};

static const struct oa_whitelist oa_wl_hsw = {
	.mux = {
		OA_GEN7_MUX_RANGES, { 0x9e80, 0x9ea4 }, { 0x9ec0, 0x9ec0 },
		{ 0x25100, 0x2ff90 },
	},
	.boolean = { OA_GEN8_BOOLEAN_RANGES },
	.suite_boolean = 0x2744,
};

/* The suite's metric set writes OAREPORTTRIG2 (0x2744) from Gen7.5 on. */
static const struct oa_whitelist oa_wl_gen8 = {
	.mux = { OA_GEN8_MUX_RANGES },
	.boolean = { OA_GEN8_BOOLEAN_RANGES },
	.flex = { OA_FLEX_EU_RANGES },
	.suite_boolean = 0x2744,
};

static const struct oa_whitelist oa_wl_chv = {
	.mux = { OA_GEN8_MUX_RANGES, { 0x182300, 0x1823a4 } },
	.boolean = { OA_GEN8_BOOLEAN_RANGES },
	.flex = { OA_FLEX_EU_RANGES },
	.suite_boolean = 0x2744,
};

static const struct oa_whitelist oa_wl_gen11 = {
	.mux = { OA_GEN8_MUX_RANGES, { 0x91c8, 0x91dc } },
	.boolean = { OA_GEN8_BOOLEAN_RANGES },
	.flex = { OA_FLEX_EU_RANGES },
	.suite_boolean = 0x2744,
};

static const struct oa_whitelist oa_wl_gen12 = {
	.mux = {
		{ 0x0d00, 0x0d04 }, { 0x0d0c, 0x0d2c }, { 0x9840, 0x9840 },
		{ 0x9884, 0x9888 }, { 0x20cc, 0x20cc },
	},
	.boolean = {
		{ 0x2b2c, 0x2b2c }, { 0xd900, 0xd91c }, { 0xd920, 0xd93c },
		{ 0xd940, 0xd97c }, { 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 },
		{ 0xdc44, 0xdc44 },
	},
	.flex = { OA_FLEX_EU_RANGES },
	/* OAREPORTTRIG2 moved to the OAG block (platforms.rst) */
	.suite_boolean = 0xd924,
};

/* dg2.rst "ADD_CONFIG whitelists": Gen12's plus xehp_oa_b_counters. */
static const struct oa_whitelist oa_wl_xehp = {
	.mux = {
		{ 0x0d00, 0x0d04 }, { 0x0d0c, 0x0d2c }, { 0x9840, 0x9840 },
		{ 0x9884, 0x9888 }, { 0x20cc, 0x20cc },
	},
	.boolean = {
		{ 0x2b2c, 0x2b2c }, { 0xd900, 0xd91c }, { 0xd920, 0xd93c },
		{ 0xd940, 0xd97c }, { 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 },
		{ 0xdc44, 0xdc44 }, { 0xdc48, 0xdc48 }, { 0xdd00, 0xdd48 },
	},
	.flex = { OA_FLEX_EU_RANGES },
	.suite_boolean = 0xd924,
};

/*
 * platforms.rst "Meteor Lake and Arrow Lake": i915's mtl_oa_mux_regs (no
 * 0x20cc, the media GT's VISACTL) and xehp's boolean ranges plus
 * mtl_oam_b_counters.
 */
static const struct oa_whitelist oa_wl_mtl = {
	.mux = {
		{ 0x0d00, 0x0d04 }, { 0x0d0c, 0x0d2c }, { 0x9840, 0x9840 },
		{ 0x9884, 0x9888 }, { 0x38d100, 0x38d114 },
	},
	.boolean = {
		{ 0x2b2c, 0x2b2c }, { 0xd900, 0xd91c }, { 0xd920, 0xd93c },
		{ 0xd940, 0xd97c }, { 0xdc00, 0xdc3c }, { 0xdc40, 0xdc40 },
		{ 0xdc44, 0xdc44 }, { 0xdc48, 0xdc48 }, { 0xdd00, 0xdd48 },
		{ 0x393000, 0x39301c }, { 0x393020, 0x39303c },
		{ 0x393040, 0x39307c }, { 0x393200, 0x39323c },
	},
	.flex = { OA_FLEX_EU_RANGES },
	.suite_boolean = 0xd924,
};

const struct oa_whitelist *const oa_whitelists[] = {
	&oa_wl_gen7, &oa_wl_hsw, &oa_wl_gen8, &oa_wl_chv, &oa_wl_gen11,
	&oa_wl_gen12, &oa_wl_xehp, &oa_wl_mtl, NULL,
};

#define OA_FORMATS_GEN8 { \
	I915_OA_FORMAT_A12, I915_OA_FORMAT_A12_B8_C8, \
	I915_OA_FORMAT_A32u40_A4u32_B8_C8, I915_OA_FORMAT_C4_B8, 0 }
#define OA_FORMATS_GEN12 { I915_OA_FORMAT_A32u40_A4u32_B8_C8, 0 }
/*
 * gen6-gen7.rst "Formats offered per platform". The first is what tests
 * whose subject is not the layout use: a size that divides the buffer.
 */
#define OA_FORMATS_SNB { \
	OA_FMT_SNB_A29, OA_FMT_SNB_A13, OA_FMT_SNB_A13_B4, OA_FMT_SNB_A29_B4, 0 }
#define OA_FORMATS_IVB { \
	OA_FMT_IVB_A45_B4, OA_FMT_IVB_A13, OA_FMT_IVB_A29, OA_FMT_IVB_A13_B4, \
	OA_FMT_IVB_A29_B4, OA_FMT_IVB_A16, 0 }
#define OA_FORMATS_HSW { \
	I915_OA_FORMAT_A45_B8_C8, I915_OA_FORMAT_A13, I915_OA_FORMAT_A29, \
	I915_OA_FORMAT_A13_B8_C8, OA_FMT_HSW_A29_B8_C8, I915_OA_FORMAT_B4_C8, \
	I915_OA_FORMAT_B4_C8_A16, I915_OA_FORMAT_C4_B8, 0 }

/*
 * Gen6/7 report facts (gen6-gen7.rst): RPT_ID is 1 << 19 on every (timer)
 * report, no context-valid bit, no CTX_ID, no context-switch reports;
 * 12.5 MHz timestamp; the driver's buffer is 128 KiB (16 MiB on HSW).
 */
#define OA_GEN7_COMMON \
	.ctx_valid_bit = 0, .squashed_ctx_id = 0, .reason_shift = 19, .reason_mask = 0x3f, \
	.ctx_switch_reports = false
#define OA_SNB_REPORTS \
	OA_GEN7_COMMON, .graphics_ver = 6, .family = OA_FAM_SNB, \
	.formats = OA_FORMATS_SNB, .irq = OA_IRQ_NONE, .wl = &oa_wl_gen7, \
	.min_exponent = 3, \
	.oa_buffer_bytes = 128u << 10, .report_lost = OA_RL_ONCE
#define OA_IVB_REPORTS \
	OA_GEN7_COMMON, .graphics_ver = 7, .family = OA_FAM_IVB, \
	.formats = OA_FORMATS_IVB, .irq = OA_IRQ_GEN7, .wl = &oa_wl_gen7, \
	.oa_buffer_bytes = 128u << 10
#define OA_HSW_REPORTS \
	OA_GEN7_COMMON, .graphics_ver = 7, .graphics_rel = 5, \
	.family = OA_FAM_HSW, .formats = OA_FORMATS_HSW, .irq = OA_IRQ_GEN7, \
	.wl = &oa_wl_hsw, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_ONCE
/* RPT_ID and CTX_ID facts per generation (platforms.rst "RPT_ID"). */
#define OA_GEN8_REPORTS \
	.family = OA_FAM_GEN8, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 8, .ctx_valid_bit = 1u << 25, \
	.squashed_ctx_id = 0xffffffff, \
	.reason_shift = 19, .reason_mask = 0x3f, \
	.formats = OA_FORMATS_GEN8, .irq = OA_IRQ_GEN8
#define OA_GEN9_REPORTS \
	.family = OA_FAM_GEN8, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 9, .ctx_valid_bit = 1u << 16, \
	.squashed_ctx_id = 0xffffffff, \
	.reason_shift = 19, .reason_mask = 0x3f, \
	.formats = OA_FORMATS_GEN8, .irq = OA_IRQ_GEN8, .wl = &oa_wl_gen8
#define OA_GEN11_REPORTS \
	.family = OA_FAM_GEN8, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 11, .ctx_valid_bit = 1u << 16, \
	.squashed_ctx_id = 0xffffffff, \
	.reason_shift = 19, .reason_mask = 0x3f, \
	.formats = OA_FORMATS_GEN8, .irq = OA_IRQ_GEN11, .wl = &oa_wl_gen11
#define OA_GEN12_REPORTS \
	.family = OA_FAM_GEN8, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 12, .ctx_valid_bit = 1u << 16, \
	.squashed_ctx_id = 0, \
	.reason_shift = 19, .reason_mask = 0x7f, \
	.formats = OA_FORMATS_GEN12, .wl = &oa_wl_gen12

/*
 * dg2.rst: 38.4 MHz OA timestamp over a 19.2 MHz command streamer, the
 * DG1 interrupt path (plus the GuC instance), R = 50, formats 12 and 43
 * (12 first: the 32-bit header and a size that divides the buffer for
 * tests whose subject is not the layout).
 */
#define OA_FORMATS_XEHP { OA_FMT_A24u40_A14u32_B8_C8, OA_FMT_A38u64_B8_C8, 0 }
#define OA_XEHP_REPORTS \
	.family = OA_FAM_XEHP, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 12, .graphics_rel = 5, .ctx_valid_bit = 1u << 16, \
	.squashed_ctx_id = 0, .reason_shift = 19, .reason_mask = 0x7f, \
	.formats = OA_FORMATS_XEHP, .wl = &oa_wl_xehp, .irq = OA_IRQ_DG1, \
	.cs_timestamp_hz = 19200000, .guc = true, .mmio_trigger = true, \
	.max_slices = 1, .max_subslices = 32, .max_eus_per_subslice = 16

/*
 * platforms.rst "Meteor Lake and Arrow Lake": the render GT's OAG is
 * Gen12.5's (the same clocks, select 5 layout and counter numbering)
 * without select 1 and the GuC; the media GT's OAM formats are only for
 * streams on its engines (oa_units.c), not in @formats.
 */
#define OA_MTL_REPORTS \
	.family = OA_FAM_XEHP, .ctx_switch_reports = true, \
	.oa_buffer_bytes = 16u << 20, .report_lost = OA_RL_PER_STATUS, \
	.graphics_ver = 12, .graphics_rel = 70, .ctx_valid_bit = 1u << 16, \
	.squashed_ctx_id = 0, .reason_shift = 19, .reason_mask = 0x7f, \
	.formats = { OA_FMT_A24u40_A14u32_B8_C8, 0 }, .wl = &oa_wl_mtl, \
	.irq = OA_IRQ_DG1, .cs_timestamp_hz = 19200000, \
	.mmio_trigger = true, .oam = true, \
	.max_slices = 1, .max_subslices = 32, .max_eus_per_subslice = 16

/* Architectural topology limits (platforms.rst, after i915 intel_sseu.c). */
#define OA_LIMITS(s, ss, eu) \
	.max_slices = (s), .max_subslices = (ss), .max_eus_per_subslice = (eu)

/*
 * The generation facts of each FAMILY of include/intel_oa_platforms.h, as
 * the tests read them from the PRM and the public sources (above); Gen6/7
 * limits are the part's own topology.
 */
#define OA_FAMILY_SNB(s, ss, eu)	OA_SNB_REPORTS, OA_LIMITS(s, ss, eu)
#define OA_FAMILY_IVB(s, ss, eu)	OA_IVB_REPORTS, OA_LIMITS(s, ss, eu), \
					.report_lost = OA_RL_ONCE
/* Valleyview's report-lost bit is not functional (gen6-gen7.rst) */
#define OA_FAMILY_VLV(s, ss, eu)	OA_IVB_REPORTS, OA_LIMITS(s, ss, eu), \
					.report_lost = OA_RL_NONE
#define OA_FAMILY_HSW(s, ss, eu)	OA_HSW_REPORTS, OA_LIMITS(s, ss, eu)
#define OA_FAMILY_BDW(s, ss, eu)	OA_GEN8_REPORTS, OA_LIMITS(3, 3, 8), \
					.wl = &oa_wl_gen8
#define OA_FAMILY_CHV(s, ss, eu)	OA_GEN8_REPORTS, OA_LIMITS(1, 2, 8), \
					.wl = &oa_wl_chv
#define OA_FAMILY_GEN9(s, ss, eu)	OA_GEN9_REPORTS, OA_LIMITS(3, 4, 8)
#define OA_FAMILY_GEN9_LP(s, ss, eu)	OA_GEN9_REPORTS, OA_LIMITS(1, 3, 8), \
					.lp = true
#define OA_FAMILY_GEN11(s, ss, eu)	OA_GEN11_REPORTS, OA_LIMITS(1, 8, 8)
#define OA_FAMILY_GEN12(s, ss, eu)	OA_GEN12_REPORTS, OA_LIMITS(1, 6, 16), \
					.irq = OA_IRQ_GEN11
#define OA_FAMILY_DG1(s, ss, eu)	OA_GEN12_REPORTS, OA_LIMITS(1, 6, 16), \
					.irq = OA_IRQ_DG1
#define OA_FAMILY_DG2(s, ss, eu)	OA_XEHP_REPORTS
#define OA_FAMILY_MTL(s, ss, eu)	OA_MTL_REPORTS

/* The engines of i915's platform_engine_mask sets (i915_pci.c) */
#define OA_ENGINES_GEN6		"rcs0 bcs0 vcs0"
#define OA_ENGINES_HSW		"rcs0 bcs0 vcs0 vecs0"
#define OA_ENGINES_GT3		"rcs0 bcs0 vcs0 vcs1 vecs0"
#define OA_ENGINES_GEN11	"rcs0 bcs0 vcs0 vcs2 vecs0"
#define OA_ENGINES_DG2		"rcs0 bcs0 vcs0 vcs2 vecs0 vecs1 ccs0 ccs1 ccs2 ccs3"
#define OA_ENGINES_MTL		"rcs0 bcs0 vcs0 vcs2 vecs0 ccs0"

/*
 * One row per row of the platform table: its family's facts, then the
 * part's (PCI ID and revision, OA clock, GPU_TICKS ratio, fused topology:
 * the lowest S slices, SS subslices (Xe-HP: the DSS mask), EU EUs, RP
 * caps, DG2's mslices).
 */
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
			  mesa_, gt_, s_, ss_, eu_, dss_, hz_, rp0_, rp1_, \
			  rpn_, ticks_, engines_, mslice_, sqidi_, rev_) \
	[INTEL_OA_ROW_##id_] = { \
		OA_FAMILY_##family_(s_, ss_, eu_), \
		.name = (name_), .devid = (devid_), .revision = (rev_), \
		.engines = OA_ENGINES_##engines_, .timestamp_hz = (hz_), \
		.gpu_ticks_ratio = (ticks_), .slice_mask = (1u << (s_)) - 1, \
		.subslice_mask = (dss_) ? (dss_) : (1u << (ss_)) - 1, \
		.eus_per_subslice = (eu_), .rp0_mhz = (rp0_), \
		.rp1_mhz = (rp1_), .rpn_mhz = (rpn_), \
		.mslice_mask = (mslice_) },

const struct oa_platform oa_platforms[INTEL_OA_NR_ROWS] = {
#include "intel_oa_platforms.h"
};

const size_t oa_n_platforms = sizeof(oa_platforms) / sizeof(oa_platforms[0]);

/* The other PCI ids of a row's part (i915_pciids.h), for real hardware */
static const struct {
	uint16_t devid;
	enum intel_oa_platform_row row;
} oa_siblings[] = {
#define INTEL_OA_SIBLING(id_, devid_)	{ (devid_), INTEL_OA_ROW_##id_ },
#include "intel_oa_platforms.h"
};

const struct oa_platform *oa_platform_for_devid(uint16_t devid)
{
	size_t i;

	for (i = 0; i < oa_n_platforms; i++)
		if (oa_platforms[i].devid == devid)
			return &oa_platforms[i];
	for (i = 0; i < sizeof(oa_siblings) / sizeof(oa_siblings[0]); i++)
		if (oa_siblings[i].devid == devid)
			return &oa_platforms[oa_siblings[i].row];
	return NULL;
}

const struct oa_platform *oa_platform_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < oa_n_platforms; i++)
		if (!strcmp(oa_platforms[i].name, name))
			return &oa_platforms[i];
	return NULL;
}

bool oa_platform_has_format(const struct oa_platform *p, uint32_t uapi_id)
{
	size_t i;

	for (i = 0; p->formats[i]; i++)
		if (p->formats[i] == uapi_id)
			return true;
	return false;
}

const struct oa_format *oa_format_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < oa_n_formats; i++)
		if (!strcmp(oa_formats[i].name, name))
			return &oa_formats[i];
	return NULL;
}

const struct oa_format *oa_format_by_id(uint32_t uapi_id)
{
	size_t i;

	for (i = 0; i < oa_n_formats; i++)
		if (oa_formats[i].uapi_id == uapi_id)
			return &oa_formats[i];
	return NULL;
}

const struct oa_format *oa_platform_format_by_id(const struct oa_platform *p,
						 uint32_t uapi_id)
{
	size_t i;

	if (!oa_platform_has_format(p, uapi_id))
		return NULL;
	for (i = 0; i < oa_n_formats; i++)
		if (oa_formats[i].uapi_id == uapi_id &&
		    (oa_formats[i].families & p->family))
			return &oa_formats[i];
	return NULL;
}

const struct oa_format *oa_platform_format(const struct oa_platform *p,
					   uint32_t uapi_id)
{
	return oa_platform_format_by_id(p, oa_platform_has_format(p, uapi_id) ?
					uapi_id : p->formats[0]);
}

bool oa_platform_noa_power(const struct oa_platform *p, uint32_t *addr, uint32_t *val)
{
	if (p->graphics_ver >= 11) {
		*addr = 0x0d04;
		*val = 0x200;
		return true;
	}
	if (p->graphics_ver >= 8 || (p->family & OA_FAM_HSW)) {
		*addr = 0x9840;
		*val = 0x80;
		return true;
	}
	return false;
}

const struct oa_format *oa_platform_smallest_format(const struct oa_platform *p)
{
	const struct oa_format *best = NULL, *f;
	size_t i;

	for (i = 0; p->formats[i]; i++) {
		f = oa_platform_format_by_id(p, p->formats[i]);
		if (f && (!best || f->size < best->size))
			best = f;
	}
	return best;
}

uint64_t oa_report_counter(const struct oa_seg *s, const uint32_t *report,
			   unsigned int idx)
{
	uint64_t v;

	if (s->kind == OA_SEG_ZERO)
		return report[s->dword + idx];
	if (s->kind == OA_SEG_U64)
		return report[s->dword + 2 * idx] |
		       (uint64_t)report[s->dword + 2 * idx + 1] << 32;
	v = report[s->dword + idx];
	if (s->kind == OA_SEG_U40) {
		const uint8_t *hi = (const uint8_t *)&report[s->hi_dword];

		v |= (uint64_t)hi[idx] << 32;
	}
	return v;
}

bool oa_range_contains(const struct oa_range *list, uint32_t reg)
{
	size_t i;

	for (i = 0; i < OA_MAX_RANGES && list[i].lo; i++)
		if (reg >= list[i].lo && reg <= list[i].hi)
			return true;
	return false;
}

uint32_t oa_sched_hw_id(uint64_t T)
{
	static const uint32_t phase_ctx[4] = { 0x1a0, 0x2b0, 0x3c0, 0 };

	return phase_ctx[(T >> OA_SLICE_SHIFT) & 3];
}

uint32_t oa_expected_ctx_id(const struct oa_platform *p, uint64_t T)
{
	uint32_t id = oa_sched_hw_id(T);

	return id ? id : p->squashed_ctx_id;
}

uint64_t oa_timer_phase(const struct oa_platform *p, unsigned int exponent)
{
	if (exponent == OA_NO_TIMER || p->graphics_ver >= 8)
		return 0;
	return oa_period_ticks(exponent) / 2;
}

/* Is @T a timer tick: a multiple of the period plus the phase? */
static bool timer_tick(const struct oa_platform *p, uint64_t T,
		       unsigned int exponent)
{
	return exponent != OA_NO_TIMER &&
	       (T - oa_timer_phase(p, exponent)) % oa_period_ticks(exponent) == 0;
}

uint32_t oa_expected_reason(const struct oa_platform *p, uint64_t T,
			    unsigned int exponent)
{
	uint32_t reason = 0;

	if (timer_tick(p, T, exponent))
		reason |= OA_REASON_TIMER;
	if (p->ctx_switch_reports && T % OA_SLICE_TICKS == 0)
		reason |= OA_REASON_CTX_SWITCH;
	return reason;
}

static uint64_t next_multiple(uint64_t T, uint64_t m)
{
	return (T / m + 1) * m;
}

/* First timer tick after @T. */
static uint64_t next_tick(const struct oa_platform *p, uint64_t T,
			  unsigned int exponent)
{
	uint64_t phase = oa_timer_phase(p, exponent);

	if (T < phase)
		return phase;
	return next_multiple(T - phase, oa_period_ticks(exponent)) + phase;
}

uint64_t oa_next_report_ts(const struct oa_platform *p, uint64_t T,
			   unsigned int exponent)
{
	uint64_t next = p->ctx_switch_reports ?
			next_multiple(T, OA_SLICE_TICKS) : ~0ull;

	if (exponent != OA_NO_TIMER) {
		uint64_t timer = next_tick(p, T, exponent);

		if (timer < next)
			next = timer;
	}
	return next;
}

/* Multiples of @m in (@a, @b]. */
static uint64_t multiples_between(uint64_t a, uint64_t b, uint64_t m)
{
	return b > a ? b / m - a / m : 0;
}

/* Timer ticks in (@a, @b]: shifted by P - phase, they are multiples of P. */
static uint64_t ticks_between(const struct oa_platform *p, uint64_t a,
			      uint64_t b, unsigned int exponent)
{
	uint64_t P = oa_period_ticks(exponent);
	uint64_t shift = P - oa_timer_phase(p, exponent);

	return multiples_between(a + shift, b + shift, P);
}

uint64_t oa_ctx_only_reports_between(const struct oa_platform *p, uint64_t a,
				     uint64_t b, unsigned int exponent)
{
	uint64_t n, period;

	if (!p->ctx_switch_reports)
		return 0;
	n = multiples_between(a, b, OA_SLICE_TICKS);
	if (exponent == OA_NO_TIMER)
		return n;
	period = oa_period_ticks(exponent);
	/* Boundaries on a timer tick share the timer's report. */
	if (period <= OA_SLICE_TICKS)
		return 0;
	return n - multiples_between(a, b, period);
}

uint32_t oa_platform_buffer_min(const struct oa_platform *p)
{
	if (p->graphics_ver < 7 || (p->graphics_ver == 7 && p->graphics_rel == 0))
		return 16u << 10;
	return 128u << 10;
}

uint64_t oa_reports_between(const struct oa_platform *p, uint64_t a,
			    uint64_t b, unsigned int exponent)
{
	uint64_t n = oa_ctx_only_reports_between(p, a, b, exponent);

	if (exponent != OA_NO_TIMER)
		n += ticks_between(p, a, b, exponent);
	return n;
}

uint32_t oa_gen7_dword(const struct oa_dword *d, const struct workload *w,
		       uint64_t T)
{
	switch (d->kind) {
	case OA_DW_RPT_ID:
		return OA_REASON_TIMER << 19;
	case OA_DW_TS_LO:
		return (uint32_t)T;
	case OA_DW_TS_HI:
		return (uint32_t)(T >> 32) & 0xf;
	case OA_DW_INST_ADD:
		return 0x00400000u + 0x40u * (uint32_t)((T >> 10) & 0x3fff);
	case OA_DW_COUNTER:
		return (uint32_t)workload_counter(w, d->k, T, 32);
	default:
		return 0;
	}
}

const char *oa_gen7_counter_name(unsigned int k, char *buf, size_t len)
{
	if (k < OA7_B(0))
		snprintf(buf, len, "A%u", k);
	else if (k < OA7_C0)
		snprintf(buf, len, "B%u", k - OA7_B(0));
	else
		snprintf(buf, len, "C%u", k - OA7_C0);
	return buf;
}

static const char *const dw_kind_name[] = {
	[OA_DW_UNSET] = "untranscribed", [OA_DW_RPT_ID] = "RPT_ID",
	[OA_DW_TS_LO] = "TIME_STAMP low", [OA_DW_TS_HI] = "TIME_STAMP high",
	[OA_DW_INST_ADD] = "INST ADD", [OA_DW_COUNTER] = "counter ",
	[OA_DW_RESERVED] = "reserved",
};

/* Gen6/7: every dword of @report against @f's table. */
/* Dwords @first.. of Gen6/7 report @report as the workload has them at @T. */
static bool gen7_dwords_check(const struct oa_format *f,
			      const struct workload *w, const uint32_t *report,
			      uint64_t T, unsigned int first, char *why,
			      size_t why_len)
{
	unsigned int i;
	char name[8];

	for (i = first; i < f->size / 4; i++) {
		const struct oa_dword *d = &f->dwords[i];
		uint32_t want = oa_gen7_dword(d, w, T);

		if (d->kind == OA_DW_UNSET || report[i] != want) {
			snprintf(why, why_len, "%s: DW%u (%s%s) at T=%#llx: got %#x, expected %#x",
				 f->name, i, dw_kind_name[d->kind],
				 d->kind == OA_DW_COUNTER ?
				 oa_gen7_counter_name(d->k, name, sizeof(name)) : "",
				 (unsigned long long)T, report[i], want);
			return false;
		}
	}
	return true;
}

static bool gen7_report_check(const struct oa_platform *p,
			      const struct oa_format *f,
			      const struct workload *w, const uint32_t *report,
			      uint64_t T, unsigned int exponent, char *why,
			      size_t why_len)
{
	uint32_t want_reason = oa_expected_reason(p, T, exponent);

	if (report[1] != (uint32_t)T) {
		snprintf(why, why_len, "TIME_STAMP %#x, expected %#x (low 32 bits of T=%#llx)",
			 report[1], (uint32_t)T, (unsigned long long)T);
		return false;
	}
	if (want_reason != OA_REASON_TIMER) {
		snprintf(why, why_len, "report at T=%#llx, but no timer report is due there (exponent %u)",
			 (unsigned long long)T, exponent);
		return false;
	}
	return gen7_dwords_check(f, w, report, T, 0, why, why_len);
}

const char *oa_counter_name(unsigned int fam, unsigned int k, char *buf,
			    size_t len)
{
	unsigned int b0 = fam & OA_FAM_XEHP ? XE_B(0) : WL_B(0);
	unsigned int c0 = fam & OA_FAM_XEHP ? XE_C(0) : WL_C(0);

	if (k < b0)
		snprintf(buf, len, "A%u", k);
	else if (k < c0)
		snprintf(buf, len, "B%u", k - b0);
	else
		snprintf(buf, len, "C%u", k - c0);
	return buf;
}

/*
 * The header fields other than RPT_ID's low dword and CTX_ID: TIME_STAMP
 * (32 bits, or 56 with the 64-bit header, whose upper byte and RPT_ID
 * high dword and DW5 are 0 on the model's tile 0 / no CCS) and GPU_TICKS.
 */
static bool header_check(const struct oa_format *f, const struct workload *w,
			 const uint32_t *report, uint64_t T, char *why,
			 size_t why_len)
{
	uint64_t ticks = T * w->ratio;

	if (oa_report_ts32(f, report) != (uint32_t)T) {
		snprintf(why, why_len, "TIMESTAMP %#x, expected %#x (low 32 bits of T=%#llx)",
			 oa_report_ts32(f, report), (uint32_t)T, (unsigned long long)T);
		return false;
	}
	if (!f->hdr64) {
		if (report[3] != (uint32_t)ticks) {
			snprintf(why, why_len, "GPU_TICKS %#x at T=%#llx, expected %#x",
				 report[3], (unsigned long long)T, (uint32_t)ticks);
			return false;
		}
		return true;
	}
	if (report[1]) {
		snprintf(why, why_len, "RPT_ID high dword %#x, expected 0 (tile 0, no CCS, not delayed)",
			 report[1]);
		return false;
	}
	if (report[3] != ((uint32_t)(T >> 32) & 0xffffff)) {
		snprintf(why, why_len, "TIME_STAMP high dword %#x at T=%#llx, expected %#x (56-bit timestamp)",
			 report[3], (unsigned long long)T,
			 (uint32_t)(T >> 32) & 0xffffff);
		return false;
	}
	if (report[5]) {
		snprintf(why, why_len, "reserved header DW5 %#x, expected 0", report[5]);
		return false;
	}
	if (report[6] != (uint32_t)ticks || report[7] != (uint32_t)(ticks >> 32)) {
		snprintf(why, why_len, "GPU_TICKS %#x:%08x at T=%#llx, expected %#llx (64-bit)",
			 report[7], report[6], (unsigned long long)T,
			 (unsigned long long)ticks);
		return false;
	}
	return true;
}

/* Every counter, reserved and padding dword after the header. */
static bool body_check(const struct oa_platform *p, const struct oa_format *f,
		       const struct workload *w, const uint32_t *report,
		       uint64_t T, char *why, size_t why_len)
{
	unsigned int s, i;
	char name[8];

	for (s = 0; s < f->n_segs; s++) {
		const struct oa_seg *seg = &f->segs[s];
		unsigned int width = seg->kind == OA_SEG_U40 ? 40 :
				     seg->kind == OA_SEG_U64 ? 64 : 32;

		for (i = 0; i < seg->count; i++) {
			unsigned int k = seg->first + i;
			uint64_t got = oa_report_counter(seg, report, i);
			uint64_t exp = seg->kind == OA_SEG_ZERO ? 0 :
				       workload_counter(w, k, T, width);

			if (got == exp)
				continue;
			if (seg->kind == OA_SEG_ZERO)
				snprintf(why, why_len, "%s: reserved/padding DW%u = %#llx, expected 0",
					 f->name, seg->dword + i, (unsigned long long)got);
			else
				snprintf(why, why_len,
					 "%s: counter k=%u (%s, DW%u, %u-bit) at T=%#llx: got %#llx, expected %#llx",
					 f->name, k, oa_counter_name(p->family, k, name, sizeof(name)),
					 seg->dword + (seg->kind == OA_SEG_U64 ? 2 * i : i),
					 width, (unsigned long long)T,
					 (unsigned long long)got, (unsigned long long)exp);
			return false;
		}
	}
	return true;
}

bool oa_report_check(const struct oa_platform *p, const struct oa_format *f,
		     const struct workload *w, const uint32_t *report,
		     uint64_t T, unsigned int exponent, char *why,
		     size_t why_len)
{
	uint32_t reason = oa_report_reason(p, report);
	uint32_t want_reason = oa_expected_reason(p, T, exponent);
	bool ctx_runs = oa_sched_hw_id(T) != 0;
	/* Above the reason field, except the context-valid bit, is zero. */
	uint32_t reserved = ~0u << (p->reason_shift +
				    __builtin_popcount(p->reason_mask));

	if (f->dwords)
		return gen7_report_check(p, f, w, report, T, exponent, why, why_len);
	reserved &= ~p->ctx_valid_bit;
	if (!header_check(f, w, report, T, why, why_len))
		return false;
	if (reason != want_reason) {
		snprintf(why, why_len,
			 "RPT_ID %#010x: reason %#x, expected %#x at T=%#llx (timer bit %#x, context-switch bit %#x)",
			 report[0], reason, want_reason, (unsigned long long)T,
			 OA_REASON_TIMER, OA_REASON_CTX_SWITCH);
		return false;
	}
	if (!!(report[0] & p->ctx_valid_bit) != ctx_runs) {
		snprintf(why, why_len,
			 "RPT_ID %#010x: context-valid bit %s at T=%#llx, slice %llu runs %s",
			 report[0], ctx_runs ? "clear" : "set",
			 (unsigned long long)T,
			 (unsigned long long)(T >> OA_SLICE_SHIFT),
			 ctx_runs ? "a context" : "no context");
		return false;
	}
	if (report[0] & reserved) {
		snprintf(why, why_len, "RPT_ID %#010x: reserved bits %#010x not zero",
			 report[0], report[0] & reserved);
		return false;
	}
	if (oa_report_ctx_id(f, report) != oa_expected_ctx_id(p, T)) {
		snprintf(why, why_len, "CTX_ID %#x at T=%#llx, expected %#x (slice %llu)",
			 oa_report_ctx_id(f, report), (unsigned long long)T,
			 oa_expected_ctx_id(p, T),
			 (unsigned long long)(T >> OA_SLICE_SHIFT));
		return false;
	}
	return body_check(p, f, w, report, T, why, why_len);
}

bool oa_rpc_report_check(const struct oa_platform *p,
			 const struct oa_format *f, const struct workload *w,
			 const uint32_t *report, uint64_t T, uint32_t report_id,
			 char *why, size_t why_len)
{
	if (report[0] != report_id) {
		snprintf(why, why_len, "RPT_ID %#010x, expected the command's report ID %#010x",
			 report[0], report_id);
		return false;
	}
	if (f->dwords)
		return gen7_dwords_check(f, w, report, T, 1, why, why_len);
	if (!header_check(f, w, report, T, why, why_len))
		return false;
	/* Gen8+: the command runs in an execlist context, which has an ID */
	if (!oa_report_ctx_id(f, report)) {
		snprintf(why, why_len, "CTX_ID 0: the command ran in no context");
		return false;
	}
	return body_check(p, f, w, report, T, why, why_len);
}

bool oa_trigger_report_check(const struct oa_platform *p,
			     const struct oa_format *f,
			     const struct workload *w, const uint32_t *report,
			     uint64_t T, uint32_t ctx_id, uint32_t source_id,
			     char *why, size_t why_len)
{
	uint32_t want = OA_REASON_MMIO_TRIGGER << p->reason_shift |
			source_id << OA_SOURCE_ID_SHIFT;

	if (f->dwords || !(f->families & OA_FAM_XEHP)) {
		snprintf(why, why_len, "%s has no MMIO-trigger reports", f->name);
		return false;
	}
	if (!header_check(f, w, report, T, why, why_len))
		return false;
	if (report[0] != want) {
		snprintf(why, why_len,
			 "RPT_ID %#010x, expected %#010x (reason bit 6 = RPT_ID bit 25 only, context-valid clear, SourceID %u)",
			 report[0], want, source_id);
		return false;
	}
	if (oa_report_ctx_id(f, report) != ctx_id) {
		snprintf(why, why_len, "CTX_ID %#x, expected the trigger's value %#x",
			 oa_report_ctx_id(f, report), ctx_id);
		return false;
	}
	return body_check(p, f, w, report, T, why, why_len);
}

uint64_t oa_ts_unwrap(struct oa_ts_unwrap *u, uint32_t t)
{
	if (!u->started) {
		/* nearest to the reference: signed 32-bit distance */
		u->last = u->ref + (int64_t)(int32_t)(t - (uint32_t)u->ref);
		u->started = true;
	} else {
		u->last += (uint32_t)(t - (uint32_t)u->last);
	}
	return u->last;
}

/* Build a report by the contract layout table text, independently. */
/*
 * Build a report by the contract layout table text, independently: @rpt_id
 * and @ctx_id are written by the caller from the RPT_ID table by hand.
 */
static void build_report(const struct oa_format *f, const struct workload *w,
			 uint64_t t, uint32_t rpt_id, uint32_t ctx_id,
			 uint32_t *r)
{
	unsigned int i;

	memset(r, 0, f->size);
	r[0] = rpt_id;
	r[1] = (uint32_t)t;
	r[2] = ctx_id;
	r[3] = workload_gpu_ticks(w, t);
	switch (f->counter_select) {
	case 0:
	case 2:
		for (i = 0; i < 12; i++)
			r[4 + i] = (uint32_t)workload_counter(w, 7 + i, t, 32);
		if (f->counter_select == 0)
			break;
		for (i = 0; i < 16; i++)
			r[16 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	case 5:
		for (i = 0; i < 32; i++) {
			uint64_t v = workload_counter(w, i, t, 40);

			r[4 + i] = (uint32_t)v;
			((uint8_t *)&r[40])[i] = (uint8_t)(v >> 32);
		}
		for (i = 0; i < 4; i++)
			r[36 + i] = (uint32_t)workload_counter(w, 32 + i, t, 32);
		for (i = 0; i < 16; i++)
			r[48 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	case 7:
		for (i = 0; i < 4; i++)
			r[4 + i] = (uint32_t)workload_counter(w, 44 + i, t, 32);
		for (i = 0; i < 8; i++)
			r[8 + i] = (uint32_t)workload_counter(w, 36 + i, t, 32);
		break;
	}
}

/*
 * Reports at hand-picked T on each generation, with RPT_ID and CTX_ID
 * written out from the platforms.rst tables (exponent 16, period 2^17).
 */
struct report_case {
	const char *what;
	uint64_t T;
	/* RPT_ID and CTX_ID on Gen8, Gen9/11, Gen12 */
	uint32_t rpt_id[3], ctx_id[3];
};

static const struct report_case report_cases[] = {
	/* slice 0x1fff (phase 3, idle), timer only */
	{ "idle timer", 0x1fffe0000ull,
	  { 1u << 19, 1u << 19, 1u << 19 },
	  { 0xffffffff, 0xffffffff, 0 } },
	/* slice 0x2000 (phase 0, 0x1a0): boundary and timer tick */
	{ "timer + context switch", 0x200000000ull,
	  { 1u << 25 | 9u << 19, 1u << 16 | 9u << 19, 1u << 16 | 9u << 19 },
	  { 0x1a0, 0x1a0, 0x1a0 } },
	/* slice 0x2002 (phase 2, 0x3c0), timer only */
	{ "context 0x3c0 timer", 0x200260000ull,
	  { 1u << 25 | 1u << 19, 1u << 16 | 1u << 19, 1u << 16 | 1u << 19 },
	  { 0x3c0, 0x3c0, 0x3c0 } },
};

static int gen_column(unsigned int ver)
{
	return ver == 8 ? 0 : ver < 12 ? 1 : 2;
}

static int check_platform_formats(const struct oa_platform *p)
{
	struct workload w = { .seed = 0x5eed0001, .ratio = p->gpu_ticks_ratio };
	uint32_t r[64];
	char why[256];
	int bad = 0;
	size_t i, k;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];
		const struct report_case *rc;
		unsigned int c, col = gen_column(p->graphics_ver);

		if (oa_platform_format_by_id(p, f->uapi_id) != f || f->dwords ||
		    (f->families & OA_FAM_XEHP))
			continue;
		for (k = 0; k < sizeof(report_cases) / sizeof(report_cases[0]); k++) {
			rc = &report_cases[k];
			build_report(f, &w, rc->T, rc->rpt_id[col], rc->ctx_id[col], r);
			if (!oa_report_check(p, f, &w, r, rc->T, 16, why, sizeof(why))) {
				fprintf(stderr, "%s %s %s: good report rejected: %s\n",
					p->name, f->name, rc->what, why);
				bad++;
			}
			/* a timer-only stream of another period sees no report */
			if (rc->T % (1ull << 20) &&
			    oa_report_check(p, f, &w, r, rc->T, 20, why, sizeof(why))) {
				fprintf(stderr, "%s %s %s: accepted off the exponent-20 grid\n",
					p->name, f->name, rc->what);
				bad++;
			}
		}
		/*
		 * Past the 32-bit TIMESTAMP wrap the 40-bit counters tell T
		 * from T - 2^32.
		 */
		rc = &report_cases[1];
		build_report(f, &w, rc->T, rc->rpt_id[col], rc->ctx_id[col], r);
		if (f->counter_select == 5 &&
		    oa_report_check(p, f, &w, r, rc->T - (1ull << 32), 16, why, sizeof(why))) {
			fprintf(stderr, "%s %s: report of T=%#llx accepted for T - 2^32\n",
				p->name, f->name, (unsigned long long)rc->T);
			bad++;
		}
		/*
		 * Every single flipped bit must be caught, except RPT_ID bits
		 * below the reason field other than the context-valid bit.
		 */
		for (c = 0; c < f->size * 8; c++) {
			if (c < 19 && !(p->ctx_valid_bit & (1u << c)))
				continue;
			r[c / 32] ^= 1u << (c % 32);
			if (oa_report_check(p, f, &w, r, rc->T, 16, why, sizeof(why))) {
				fprintf(stderr, "%s %s: flipped bit %u not detected\n",
					p->name, f->name, c);
				bad++;
			}
			r[c / 32] ^= 1u << (c % 32);
		}
	}
	return bad;
}


/*
 * Build a Gen6/7 report from the gen6-gen7.rst prose and formulas, not
 * from the dword tables: SNB's A(n) at DW(7 - n) for n <= 4 and at
 * DW(16r + 4 - n), r = (n + 3) / 8, above; IVB/HSW A(n) at DW(3 + n); the
 * B block after the A block; HSW selects 4, 6, 7 with INST ADD at DW3;
 * HSW C0..C7 in the eight dwords after the B block (C0..C3 before it in
 * select 7), where IGT's hsw_oa_formats reads them.
 */
static void build_gen7_report(const struct oa_format *f,
			      const struct workload *w, uint64_t T, uint32_t *r)
{
	unsigned int sel = f->counter_select, n, na = 0, a_lo = 0, b_at = 0;
	unsigned int nb = 0;

	memset(r, 0, f->size);
	r[0] = 1u << 19;
	r[1] = (uint32_t)T;
	r[2] = (uint32_t)(T >> 32) & 0xf;
	if (f->families & OA_FAM_SNB) {
		na = sel & 1 ? 29 : 13;
		for (n = 0; n < na; n++)
			r[n <= 4 ? 7 - n : 16 * ((n + 3) / 8) + 4 - n] =
				(uint32_t)workload_counter(w, n, T, 32);
		if (sel >= 2)
			for (n = 0; n < 4; n++)
				r[(sel == 3 ? 32 : 16) + n] =
					(uint32_t)workload_counter(w, 45 + n, T, 32);
		return;
	}
	if ((f->families & OA_FAM_HSW) && (sel == 4 || sel == 6 || sel == 7)) {
		r[3] = 0x00400000 + 0x40 * (uint32_t)((T >> 10) % 0x4000);
		if (sel == 7) {
			for (n = 0; n < 4; n++)
				r[4 + n] = (uint32_t)workload_counter(w, 53 + n, T, 32);
			for (n = 0; n < 8; n++)
				r[8 + n] = (uint32_t)workload_counter(w, 45 + n, T, 32);
			return;
		}
		for (n = 0; n < 4; n++)
			r[4 + n] = (uint32_t)workload_counter(w, 45 + n, T, 32);
		for (n = 0; n < 8; n++)
			r[8 + n] = (uint32_t)workload_counter(w, 53 + n, T, 32);
		if (sel == 6)
			for (n = 29; n <= 44; n++)
				r[n - 13] = (uint32_t)workload_counter(w, n, T, 32);
		return;
	}
	if ((f->families & OA_FAM_IVB) && sel == 5) {
		a_lo = 29;
		na = 45;
	} else {
		na = sel <= 1 ? (sel ? 29 : 13) : sel == 2 ? 13 : sel == 3 ? 29 : 45;
	}
	for (n = a_lo; n < na; n++)
		r[a_lo ? n - 13 : 3 + n] = (uint32_t)workload_counter(w, n, T, 32);
	if (sel >= 2 && !a_lo) {
		nb = f->families & OA_FAM_HSW ? 8 : 4;
		b_at = 3 + na;
		for (n = 0; n < nb; n++)
			r[b_at + n] = (uint32_t)workload_counter(w, 45 + n, T, 32);
		/* HSW's C block fills the line after the B block */
		for (n = 0; nb == 8 && n < 8; n++)
			r[b_at + 8 + n] = (uint32_t)workload_counter(w, 53 + n, T, 32);
	}
}

/*
 * Gen6/7: timer ticks of exponent 16 (2^16 past a multiple of 2^17), below
 * and above 2^32 and 2^36.
 */
static const uint64_t gen7_cases[] = {
	0x1ffff0000ull, 0x200010000ull, 0xf00270000ull, 0x1200030000ull,
	0xabcdf0000ull,
};

static int check_gen7_formats(const struct oa_platform *p)
{
	struct workload w = { .seed = 0x5eed0001, .ratio = p->gpu_ticks_ratio };
	uint32_t r[64];
	char why[256];
	int bad = 0;
	size_t i, k;
	unsigned int c;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];

		if (oa_platform_format_by_id(p, f->uapi_id) != f || !f->dwords)
			continue;
		for (k = 0; k < sizeof(gen7_cases) / sizeof(gen7_cases[0]); k++) {
			build_gen7_report(f, &w, gen7_cases[k], r);
			if (!oa_report_check(p, f, &w, r, gen7_cases[k], 16, why, sizeof(why))) {
				fprintf(stderr, "%s %s T=%#llx: good report rejected: %s\n",
					p->name, f->name,
					(unsigned long long)gen7_cases[k], why);
				bad++;
			}
			if (!oa_expected_reason(p, gen7_cases[k], 20) &&
			    oa_report_check(p, f, &w, r, gen7_cases[k], 20, why, sizeof(why))) {
				fprintf(stderr, "%s %s T=%#llx: accepted off the exponent-20 grid\n",
					p->name, f->name,
					(unsigned long long)gen7_cases[k]);
				bad++;
			}
		}
		/* Every flipped bit, RPT_ID's and reserved dwords' included. */
		for (c = 0; c < f->size * 8; c++) {
			r[c / 32] ^= 1u << (c % 32);
			if (oa_report_check(p, f, &w, r, gen7_cases[k - 1], 16, why, sizeof(why))) {
				fprintf(stderr, "%s %s: flipped bit %u not detected\n",
					p->name, f->name, c);
				bad++;
			}
			r[c / 32] ^= 1u << (c % 32);
		}
	}
	return bad;
}

/*
 * Build a Gen12.5 report of format 12 or 43 from the dg2.rst prose, not
 * from the segment tables: 12 is format 11's layout (A0..A31 low dwords
 * from DW4, A32..A35, then the high bytes of A0..A31 one byte each from
 * DW40, B at DW48, C at DW56) with A36 in DW40 and A37 in DW46, so A0..A3
 * and A24..A27 lose their high bytes; 43 has the 64-bit header, A0..A37
 * as lo/hi pairs from DW8, four reserved dwords, B, C and a padding
 * cacheline.
 */
static void build_xehp_report(const struct oa_format *f,
			      const struct workload *w, uint64_t T,
			      uint32_t rpt_id, uint32_t ctx_id, uint32_t *r)
{
	uint64_t ticks = T * w->ratio;
	unsigned int n;

	memset(r, 0, f->size);
	r[0] = rpt_id;
	if (f->uapi_id == OA_FMT_A38u64_B8_C8) {
		r[2] = (uint32_t)T;
		r[3] = (uint32_t)(T >> 32) & 0xffffff;
		r[4] = ctx_id;
		r[6] = (uint32_t)ticks;
		r[7] = (uint32_t)(ticks >> 32);
		for (n = 0; n < 38; n++) {
			uint64_t v = workload_counter(w, n, T, 64);

			r[8 + 2 * n] = (uint32_t)v;
			r[9 + 2 * n] = (uint32_t)(v >> 32);
		}
		for (n = 0; n < 16; n++)
			r[88 + n] = (uint32_t)workload_counter(w, 38 + n, T, 32);
		return;
	}
	r[1] = (uint32_t)T;
	r[2] = ctx_id;
	r[3] = (uint32_t)ticks;
	for (n = 0; n < 32; n++) {
		bool wide = (n >= 4 && n < 24) || n >= 28;
		uint64_t v = workload_counter(w, n, T, wide ? 40 : 32);

		r[4 + n] = (uint32_t)v;
		if (wide)
			((uint8_t *)&r[40])[n] = (uint8_t)(v >> 32);
	}
	for (n = 32; n < 36; n++)
		r[4 + n] = (uint32_t)workload_counter(w, n, T, 32);
	r[40] = (uint32_t)workload_counter(w, 36, T, 32);
	r[46] = (uint32_t)workload_counter(w, 37, T, 32);
	for (n = 0; n < 16; n++)
		r[48 + n] = (uint32_t)workload_counter(w, 38 + n, T, 32);
}

/* T past 2^32 and 2^40 so 40- and 64-bit fields differ from 32-bit ones. */
static const uint64_t xehp_cases[] = {
	0x200000000ull, 0x1fffe0000ull, 0x200260000ull, 0x12345600000ull,
	0xfffffffe0000ull,
};

static int check_xehp_formats(const struct oa_platform *p)
{
	struct workload w = { .seed = 0x5eed0001, .ratio = p->gpu_ticks_ratio };
	uint32_t r[128];
	char why[256];
	int bad = 0;
	size_t i, k;
	unsigned int c;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];

		if (oa_platform_format_by_id(p, f->uapi_id) != f ||
		    !(f->families & OA_FAM_XEHP))
			continue;
		for (k = 0; k < sizeof(xehp_cases) / sizeof(xehp_cases[0]); k++) {
			uint64_t T = xehp_cases[k];
			uint32_t id = oa_sched_hw_id(T);
			uint32_t why_bits = oa_expected_reason(p, T, 16);
			uint32_t rpt = why_bits << 19 | (id ? 1u << 16 : 0);

			build_xehp_report(f, &w, T, rpt, id, r);
			if (!oa_report_check(p, f, &w, r, T, 16, why, sizeof(why))) {
				fprintf(stderr, "%s %s T=%#llx: good report rejected: %s\n",
					p->name, f->name, (unsigned long long)T, why);
				bad++;
			}
			/* an MMIO-trigger report: reason bit 25, CTX_ID = value */
			build_xehp_report(f, &w, T + 3, 1u << 25 | 1u << 26,
					  0xc0ffee, r);
			if (!oa_trigger_report_check(p, f, &w, r, T + 3, 0xc0ffee, 1,
						     why, sizeof(why))) {
				fprintf(stderr, "%s %s T=%#llx: trigger report rejected: %s\n",
					p->name, f->name, (unsigned long long)T + 3, why);
				bad++;
			}
			if (oa_trigger_report_check(p, f, &w, r, T + 3, 0xc0ffee, 0,
						    why, sizeof(why))) {
				fprintf(stderr, "%s %s: SourceID 1 accepted as 0\n",
					p->name, f->name);
				bad++;
			}
		}
		/* every flipped bit of a trigger report is caught */
		for (c = 0; c < f->size * 8; c++) {
			r[c / 32] ^= 1u << (c % 32);
			if (oa_trigger_report_check(p, f, &w, r, xehp_cases[k - 1] + 3,
						    0xc0ffee, 1, why, sizeof(why))) {
				fprintf(stderr, "%s %s: flipped bit %u not detected\n",
					p->name, f->name, c);
				bad++;
			}
			r[c / 32] ^= 1u << (c % 32);
		}
	}
	return bad;
}

/* RING_TIMESTAMP = floor(T * cs / oa) mod 2^36, worked out by hand. */
static int check_ring_timestamp(const struct oa_platform *p)
{
	static const struct { uint64_t T, ring; } dg2[] = {
		{ 0, 0 }, { 1, 0 }, { 2, 1 }, { 3, 1 },
		{ 0x1fffffffffull, 0xfffffffffull },	/* 2^37 - 1 */
		{ 0x2000000000ull, 0 },			/* 2^37: wraps */
		{ 0x2000000005ull, 2 },
	};
	int bad = 0;
	size_t i;

	for (i = 0; i < sizeof(dg2) / sizeof(dg2[0]); i++) {
		uint64_t want = p->cs_timestamp_hz ? dg2[i].ring :
				dg2[i].T & ((1ull << 36) - 1);

		if (oa_T_to_ring(p, dg2[i].T) != want ||
		    oa_T_to_ring(p, oa_ring_to_T(p, want)) != want) {
			fprintf(stderr, "%s: RING_TIMESTAMP of T=%#llx: %#llx, expected %#llx\n",
				p->name, (unsigned long long)dg2[i].T,
				(unsigned long long)oa_T_to_ring(p, dg2[i].T),
				(unsigned long long)want);
			bad++;
		}
	}
	if (p->cs_timestamp_hz && p->timestamp_hz != 2 * p->cs_timestamp_hz) {
		fprintf(stderr, "%s: OA %llu Hz is not twice CS %llu Hz (dg2.rst)\n",
			p->name, (unsigned long long)p->timestamp_hz,
			(unsigned long long)p->cs_timestamp_hz);
		bad++;
	}
	return bad;
}

/* A Gen6/7 table: every dword transcribed, no counter twice. */
static int check_dword_table(const struct oa_format *f)
{
	unsigned int seen[64] = { 0 }, i;
	int bad = 0;

	for (i = 0; i < f->size / 4; i++) {
		if (f->dwords[i].kind == OA_DW_UNSET) {
			fprintf(stderr, "%s: DW%u not transcribed\n", f->name, i);
			bad++;
		}
		if (f->dwords[i].kind == OA_DW_COUNTER && seen[f->dwords[i].k]++) {
			fprintf(stderr, "%s: counter k=%u twice\n", f->name, f->dwords[i].k);
			bad++;
		}
	}
	return bad;
}

/* Brute force over every even T of a window against the counting helpers. */
static int check_schedule_counts(const struct oa_platform *p)
{
	static const unsigned int exps[] = { 5, 19, 20, 22, OA_NO_TIMER };
	const uint64_t a = 0xfff00000ull - 0x1234, b = a + (9ull << 20) + 0x777;
	int bad = 0;
	size_t i;

	for (i = 0; i < sizeof(exps) / sizeof(exps[0]); i++) {
		uint64_t T, n = 0, ctx_only = 0, prev = a, nexts_bad = 0;

		for (T = a + 2; T <= b; T += 2) {
			uint32_t why = oa_expected_reason(p, T, exps[i]);

			if (!why)
				continue;
			n++;
			if (why == OA_REASON_CTX_SWITCH)
				ctx_only++;
			if (oa_next_report_ts(p, prev, exps[i]) != T)
				nexts_bad++;
			prev = T;
		}
		/* Gen6/7: timer reports only, so nothing without a timer */
		if (!p->ctx_switch_reports && (ctx_only ||
		    (exps[i] == OA_NO_TIMER && (n || oa_next_report_ts(p, a, exps[i]) != ~0ull))))
			nexts_bad++;
		if (n != oa_reports_between(p, a, b, exps[i]) ||
		    ctx_only != oa_ctx_only_reports_between(p, a, b, exps[i]) ||
		    nexts_bad) {
			fprintf(stderr, "%s exponent %d: %llu reports (%llu context-switch only) counted, helpers say %llu (%llu), %llu bad next-report times\n",
				p->name, (int)exps[i], (unsigned long long)n,
				(unsigned long long)ctx_only,
				(unsigned long long)oa_reports_between(p, a, b, exps[i]),
				(unsigned long long)oa_ctx_only_reports_between(p, a, b, exps[i]),
				(unsigned long long)nexts_bad);
			bad++;
		}
	}
	return bad;
}

int oa_hw_selftest(void)
{
	int bad = 0;
	size_t i;

	for (i = 0; i < oa_n_formats; i++) {
		const struct oa_format *f = &oa_formats[i];
		unsigned int covered[128] = { 0 }, s, c, n = 0;

		if (f->dwords) {
			bad += check_dword_table(f);
			continue;
		}
		/* Layout sanity: segments tile the report exactly once. */
		for (s = 0; s < f->n_segs; s++) {
			unsigned int per = f->segs[s].kind == OA_SEG_U64 ? 2 : 1;

			for (c = 0; c < f->segs[s].count * per; c++)
				covered[(f->segs[s].dword + c) % 128]++;
			if (f->segs[s].kind == OA_SEG_U40)
				for (c = 0; c < (f->segs[s].count + 3) / 4; c++)
					covered[f->segs[s].hi_dword + c]++;
		}
		/* 64-byte cachelines (dg2.rst), whole dwords */
		if (f->size % 64 || f->size > sizeof(covered)) {
			fprintf(stderr, "%s: size %u\n", f->name, f->size);
			bad++;
		}
		for (c = f->hdr64 ? 8 : 4; c < f->size / 4; c++)
			if (covered[c] != 1)
				n++;
		if (n) {
			fprintf(stderr, "%s: %u dwords not covered exactly once\n", f->name, n);
			bad++;
		}
	}
	for (i = 0; i < oa_n_platforms; i++) {
		const struct oa_platform *p = &oa_platforms[i];
		unsigned int c;

		if (oa_platform_for_devid(p->devid) != p ||
		    oa_platform_by_name(p->name) != p || !p->wl || !p->formats[0]) {
			fprintf(stderr, "%s: row not found by id/name or incomplete\n", p->name);
			bad++;
		}
		for (c = 0; p->formats[c]; c++)
			if (!oa_platform_format_by_id(p, p->formats[c])) {
				fprintf(stderr, "%s: no %#x layout of its family\n",
					p->name, p->formats[c]);
				bad++;
			}
		bad += check_platform_formats(p);
		bad += check_xehp_formats(p);
		bad += check_ring_timestamp(p);
		bad += check_gen7_formats(p);
		bad += check_schedule_counts(p);
	}
	return bad;
}

struct unwrap_case {
	const char *what;
	uint64_t ref;
	uint32_t t[4];
	uint64_t expect[4];
};

/* Expected T worked out by hand (2^32 = 0x100000000). */
static const struct unwrap_case unwrap_cases[] = {
	{ "no wrap", 0x1000, { 0x1010, 0x1020, 0x1030, 0x1040 },
	  { 0x1010, 0x1020, 0x1030, 0x1040 } },
	{ "reports wrap after the reference", 0xfffffff0ull,
	  { 0xfffffff8, 0x0, 0x8, 0x10 },
	  { 0xfffffff8ull, 0x100000000ull, 0x100000008ull, 0x100000010ull } },
	{ "reference low word behind the first report (wrapped)",
	  0x1fffffffcull, { 0x4, 0xc, 0x14, 0x1c },
	  { 0x200000004ull, 0x20000000cull, 0x200000014ull, 0x20000001cull } },
	{ "reference low word ahead of the first report", 0x200000010ull,
	  { 0x8, 0x18, 0x28, 0x38 },
	  { 0x200000008ull, 0x200000018ull, 0x200000028ull, 0x200000038ull } },
	{ "reference ahead across a wrap", 0x300000004ull,
	  { 0xfffffff0, 0x0, 0x80000000, 0x10 },
	  { 0x2fffffff0ull, 0x300000000ull, 0x380000000ull, 0x400000010ull } },
	{ "36-bit reference, exactly on a wrap", 0xf00000000ull,
	  { 0x0, 0x40, 0xffffffc0, 0x0 },
	  { 0xf00000000ull, 0xf00000040ull, 0xfffffffc0ull, 0x1000000000ull } },
};

int oa_ts_unwrap_selftest(void)
{
	int bad = 0;
	size_t i, j;

	for (i = 0; i < sizeof(unwrap_cases) / sizeof(unwrap_cases[0]); i++) {
		const struct unwrap_case *c = &unwrap_cases[i];
		struct oa_ts_unwrap u;

		oa_ts_unwrap_init(&u, c->ref);
		for (j = 0; j < 4; j++) {
			uint64_t got = oa_ts_unwrap(&u, c->t[j]);

			if (got != c->expect[j]) {
				fprintf(stderr, "unwrap \"%s\" (ref %#llx) report %zu t=%#x: got T=%#llx, expected %#llx\n",
					c->what, (unsigned long long)c->ref, j, c->t[j],
					(unsigned long long)got,
					(unsigned long long)c->expect[j]);
				bad++;
			}
		}
	}
	return bad;
}
