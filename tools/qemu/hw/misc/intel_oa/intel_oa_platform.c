/*
 * intel-oa-gpu: platform and report-format tables.
 *
 * Report layouts: Broadwell PRM Vol 14 "Observability", counter select
 * 000/010/101/111, and i915's GEN8_OA_REPORT_FORMAT_* (Gen9 reuses the
 * Gen8 layouts, Gen11 too; Gen12 keeps only counter select 5, i915's
 * gen12_oa_formats). Byte offsets below are dword index * 4.
 *
 * Gen6-7.5 layouts: seed 001 (the Gen6-7.5 OA PRM) as read in
 * Documentation/gen6-gen7.rst, "Report formats".
 *
 * Platform rows: Documentation/platforms.rst and gen6-gen7.rst, which
 * take the numbers from i915's i915_pciids.h, intel_sseu.c and
 * intel_gt_clock_utils.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "intel_oa_platform.h"
#include "intel_oa_regs.h"

#define RUN(dw, k, n, kind_) \
    { .offset = (dw) * 4, .first = (k), .count = (n), .kind = (kind_) }
/* NOA power: Haswell-Gen9 GDT_CHICKEN_BITS, Gen11+ RPM_CONFIG1 */
#define NOA_GDT(first_) \
    .noa_power = A_GDT_CHICKEN_BITS, \
    .noa_power_bit = R_GDT_CHICKEN_BITS_NOA_ENABLE_MASK, .noa_first = (first_)
#define NOA_RPM(first_) \
    .noa_power = A_RPM_CONFIG1, \
    .noa_power_bit = R_RPM_CONFIG1_NOA_ENABLE_MASK, .noa_first = (first_)

#define A(i)    (INTEL_OA_CNT_A0 + (i))
#define B(i)    (INTEL_OA_CNT_B0 + (i))
#define C(i)    (INTEL_OA_CNT_C0 + (i))

/* Counter select 0: header, then A7..A18 low dwords. */
static const IntelOAFormat fmt_a12 = {
    .name = "A12", .select = 0, .size = 64, .nr_runs = 1,
    .runs = { RUN(4, A(7), 12, INTEL_OA_RUN_LOW32) },
};

/* Counter select 2: as A12, then B0..B7 and C0..C7. */
static const IntelOAFormat fmt_a12_b8_c8 = {
    .name = "A12_B8_C8", .select = 2, .size = 128, .nr_runs = 3,
    .runs = {
        RUN(4, A(7), 12, INTEL_OA_RUN_LOW32),
        RUN(16, B(0), 8, INTEL_OA_RUN_LOW32),
        RUN(24, C(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/*
 * Counter select 5: A0..A31 low dwords, A32..A35, the high bytes of the
 * 40-bit A0..A31 packed one per byte, then B0..B7 and C0..C7.
 */
static const IntelOAFormat fmt_a32u40_a4u32_b8_c8 = {
    .name = "A32u40_A4u32_B8_C8", .select = 5, .size = 256, .nr_runs = 5,
    .runs = {
        RUN(4, A(0), 32, INTEL_OA_RUN_LOW32),
        RUN(36, A(32), 4, INTEL_OA_RUN_LOW32),
        RUN(40, A(0), 32, INTEL_OA_RUN_HIGH8),
        RUN(48, B(0), 8, INTEL_OA_RUN_LOW32),
        RUN(56, C(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/* Counter select 7: C0..C3 then B0..B7. */
static const IntelOAFormat fmt_c4_b8 = {
    .name = "C4_B8", .select = 7, .size = 64, .nr_runs = 2,
    .runs = {
        RUN(4, C(0), 4, INTEL_OA_RUN_LOW32),
        RUN(8, B(0), 8, INTEL_OA_RUN_LOW32),
    },
};

#define LEGACY_FORMATS \
    { \
        [0] = &fmt_a12, \
        [2] = &fmt_a12_b8_c8, \
        [5] = &fmt_a32u40_a4u32_b8_c8, \
        [7] = &fmt_c4_b8, \
    }

/* Gen8: context valid is bit 25; no OA_DEBUG; fixed 12.5 MHz clock. */
static const IntelOAGen gen8 = {
    .name = "gen8",
    .el = INTEL_OA_EL_GEN8,
    .gen = 8,
    .rpt_reason_shift = 19,
    .rpt_ctx_valid = 1u << 25,
    .block = INTEL_OA_BLOCK_LEGACY,
    .has_oa_debug = false,
    .clock = INTEL_OA_CLOCK_FIXED,
    .cagf = INTEL_OA_CAGF_GEN8,
    NOA_GDT(INTEL_OA_CNT_B0),
    .formats = LEGACY_FORMATS,
};

/* Gen9: RPT_ID reason bits 24:19 (bit 19 = timer), context valid bit 16. */
static const IntelOAGen gen9 = {
    .name = "gen9",
    .el = INTEL_OA_EL_GEN8,
    .gen = 9,
    .rpt_reason_shift = 19,
    .rpt_ctx_valid = 1u << 16,
    .block = INTEL_OA_BLOCK_LEGACY,
    .has_oa_debug = true,
    .clock = INTEL_OA_CLOCK_CTC,
    .cagf = INTEL_OA_CAGF_GEN9,
    NOA_GDT(INTEL_OA_CNT_B0),
    .formats = LEGACY_FORMATS,
};

/* Gen11: the Gen9 OA unit; the clock moves to RPM_CONFIG0. */
static const IntelOAGen gen11 = {
    .name = "gen11",
    .el = INTEL_OA_EL_GEN11,
    .gen = 11,
    .rpt_reason_shift = 19,
    .rpt_ctx_valid = 1u << 16,
    .block = INTEL_OA_BLOCK_LEGACY,
    .has_oa_debug = true,
    .clock = INTEL_OA_CLOCK_RPM_CONFIG,
    .cagf = INTEL_OA_CAGF_GEN9,
    NOA_RPM(INTEL_OA_CNT_B0),
    .formats = LEGACY_FORMATS,
};

/* Gen12: the OAG block, reason bits 25:19, format 5 only. */
static const IntelOAGen gen12 = {
    .name = "gen12",
    .el = INTEL_OA_EL_GEN12,
    .oar_format = &fmt_a32u40_a4u32_b8_c8,
    .gen = 12,
    .rpt_reason_shift = 19,
    .rpt_ctx_valid = 1u << 16,
    .block = INTEL_OA_BLOCK_OAG,
    .has_oa_debug = true,
    .clock = INTEL_OA_CLOCK_RPM_CONFIG,
    .cagf = INTEL_OA_CAGF_GEN12,
    NOA_RPM(INTEL_OA_CNT_B0),
    .formats = {
        [5] = &fmt_a32u40_a4u32_b8_c8,
    },
};

/* ---- Gen12.5 (dg2.rst "Report formats") ------------------------------ */

#define AX(i)   (INTEL_OA_CNT_A0 + (i))
#define BX(i)   (INTEL_OA_XEHP_CNT_B0 + (i))
#define CX(i)   (INTEL_OA_XEHP_CNT_C0 + (i))

/*
 * uAPI 12, OAG select 5: format 10's layout except that DW40 and DW46,
 * which would carry the high bytes of A0..A3 and A24..A27, hold the
 * 32-bit A36 and A37; those eight A counters are then 32-bit.
 */
static const IntelOAFormat fmt_a24u40_a14u32_b8_c8 = {
    .name = "A24u40_A14u32_B8_C8", .select = 5, .size = 256, .nr_runs = 8,
    .runs = {
        RUN(4, AX(0), 32, INTEL_OA_RUN_LOW32),
        RUN(36, AX(32), 4, INTEL_OA_RUN_LOW32),
        RUN(40, AX(36), 1, INTEL_OA_RUN_LOW32),
        RUN(41, AX(4), 20, INTEL_OA_RUN_HIGH8),
        RUN(46, AX(37), 1, INTEL_OA_RUN_LOW32),
        RUN(47, AX(28), 4, INTEL_OA_RUN_HIGH8),
        RUN(48, BX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(56, CX(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/*
 * uAPI 43, OAG select 1: 64-bit header, A0..A37 as u64 in DW8..83,
 * DW84..87 reserved, 32-bit B and C, then padding to 448 bytes.
 */
static const IntelOAFormat fmt_a38u64_b8_c8 = {
    .name = "A38u64_B8_C8", .select = 1, .size = 448, .wide_header = true,
    .nr_runs = 3,
    .runs = {
        RUN(8, AX(0), 38, INTEL_OA_RUN_U64),
        RUN(88, BX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(96, CX(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/*
 * A Gen12.5-style unit: the OAG RPT_ID, OA_DEBUG, the MMIO trigger, the
 * RPM_CONFIG0 clock and GEN12_RPSTAT1 in the register block @block_.
 */
#define XEHP_UNIT(block_) \
    .gen = 12, \
    .rpt_reason_shift = 19, \
    .rpt_ctx_valid = 1u << 16, \
    .block = (block_), \
    .has_oa_debug = true, \
    .has_mmio_trigger = true, \
    .clock = INTEL_OA_CLOCK_RPM_CONFIG, \
    .cagf = INTEL_OA_CAGF_GEN12, \
    .el = INTEL_OA_EL_XEHP, \
    NOA_RPM(INTEL_OA_XEHP_CNT_B0)

/*
 * uAPI 11, OAR select 5 (dg2.rst "Report formats"): Gen12's
 * A32u40_A4u32_B8_C8 layout over Gen12.5's counters, what OAR writes for
 * MI_REPORT_PERF_COUNT (i915 I915_OAR_FORMAT_A32u40_A4u32_B8_C8).
 */
static const IntelOAFormat fmt_oar_a32u40_a4u32_b8_c8 = {
    .name = "OAR_A32u40_A4u32_B8_C8", .select = 5, .size = 256, .nr_runs = 5,
    .runs = {
        RUN(4, AX(0), 32, INTEL_OA_RUN_LOW32),
        RUN(36, AX(32), 4, INTEL_OA_RUN_LOW32),
        RUN(40, AX(0), 32, INTEL_OA_RUN_HIGH8),
        RUN(48, BX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(56, CX(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/* Gen12.5 (Xe-HPG): the Gen12 OAG block with selects 5 and 1. */
static const IntelOAGen gen12_5 = {
    .name = "gen12.5",
    XEHP_UNIT(INTEL_OA_BLOCK_OAG),
    .oar_format = &fmt_oar_a32u40_a4u32_b8_c8,
    .formats = {
        [1] = &fmt_a38u64_b8_c8,
        [5] = &fmt_a24u40_a14u32_b8_c8,
    },
};

/* ---- Meteor Lake and Arrow Lake (platforms.rst "Meteor Lake") ------- */

/*
 * Xe-LPG's OAG: Gen12.5's block, RPT_ID and MMIO trigger, with select 5's
 * A24u40_A14u32_B8_C8 layout only (i915 oa_init_supported_formats() for
 * Meteor Lake; Intel's MTL metric sets are 256B_A45_NOA16 reports).
 */
static const IntelOAGen xelpg = {
    .name = "xe-lpg",
    XEHP_UNIT(INTEL_OA_BLOCK_OAG),
    .oar_format = &fmt_oar_a32u40_a4u32_b8_c8,
    .formats = {
        [5] = &fmt_a24u40_a14u32_b8_c8,
    },
};

/*
 * The media GT's OAM reports (xe xe_oa.c and IGT's xe perf tables;
 * i915 oa_formats[]): the 64-bit header, then eight MPEC counters, u64
 * or u32, then 32-bit B0..B7 and C0..C7. Their counters are numbered as
 * OAG's on the platform (MPEC0..7 as A0..A7): vgpu-contract.rst gives
 * every unit its own S_k.
 */
static const IntelOAFormat fmt_mpec8u64_b8_c8 = {
    .name = "MPEC8u64_B8_C8", .select = 1, .size = 192, .wide_header = true,
    .nr_runs = 3,
    .runs = {
        RUN(8, AX(0), 8, INTEL_OA_RUN_U64),
        RUN(24, BX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(32, CX(0), 8, INTEL_OA_RUN_LOW32),
    },
};

static const IntelOAFormat fmt_mpec8u32_b8_c8 = {
    .name = "MPEC8u32_B8_C8", .select = 2, .size = 128, .wide_header = true,
    .nr_runs = 3,
    .runs = {
        RUN(8, AX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(16, BX(0), 8, INTEL_OA_RUN_LOW32),
        RUN(24, CX(0), 8, INTEL_OA_RUN_LOW32),
    },
};

/*
 * OAM: the OAG RPT_ID and timer control at the media GT's block, no
 * interrupt any public source routes, and no part in the render activity
 * workload.
 */
static const IntelOAGen oam = {
    .name = "OAM",
    XEHP_UNIT(INTEL_OA_BLOCK_OAM),
    .no_irq = true,
    .no_activity = true,
    .formats = {
        [1] = &fmt_mpec8u64_b8_c8,
        [2] = &fmt_mpec8u32_b8_c8,
    },
};

/* ---- Gen6-7.5 (gen6-gen7.rst): DW0 RPT_ID, DW1-2 TIME_STAMP ---------- */

#define A7(i)   (INTEL_OA_CNT_A0 + (i))
#define B7(i)   (INTEL_OA_GEN7_CNT_B0 + (i))
#define C7(i)   (INTEL_OA_GEN7_CNT_C0 + (i))
#define UP      INTEL_OA_RUN_LOW32
/* SNB A counters run from the top dword of each 8-dword row down */
#define DOWN    INTEL_OA_RUN_LOW32_DOWN

/* SNB select 0: A0..A4 at DW7..DW3, A5..A12 at DW15..DW8. */
static const IntelOAFormat fmt_snb_a13 = {
    .name = "SNB_A13", .select = 0, .size = 64, .nr_runs = 2,
    .runs = { RUN(7, A7(0), 5, DOWN), RUN(15, A7(5), 8, DOWN) },
};

/* SNB select 1: then A13..A20 at DW23..DW16, A21..A28 at DW31..DW24. */
static const IntelOAFormat fmt_snb_a29 = {
    .name = "SNB_A29", .select = 1, .size = 128, .nr_runs = 4,
    .runs = {
        RUN(7, A7(0), 5, DOWN), RUN(15, A7(5), 8, DOWN),
        RUN(23, A7(13), 8, DOWN), RUN(31, A7(21), 8, DOWN),
    },
};

/* SNB select 2: as select 0, B0..B3 at DW16..DW19 (B listed descending). */
static const IntelOAFormat fmt_snb_a13_b4 = {
    .name = "SNB_A13_B4", .select = 2, .size = 128, .nr_runs = 3,
    .runs = {
        RUN(7, A7(0), 5, DOWN), RUN(15, A7(5), 8, DOWN),
        RUN(16, B7(0), 4, UP),
    },
};

/* SNB select 3: as select 1, B0..B3 at DW32..DW35. */
static const IntelOAFormat fmt_snb_a29_b4 = {
    .name = "SNB_A29_B4", .select = 3, .size = 192, .nr_runs = 5,
    .runs = {
        RUN(7, A7(0), 5, DOWN), RUN(15, A7(5), 8, DOWN),
        RUN(23, A7(13), 8, DOWN), RUN(31, A7(21), 8, DOWN),
        RUN(32, B7(0), 4, UP),
    },
};

/* IVB/VLV: A<n> at DW(3 + n). */
static const IntelOAFormat fmt_ivb_a13 = {
    .name = "IVB_A13", .select = 0, .size = 64, .nr_runs = 1,
    .runs = { RUN(3, A7(0), 13, UP) },
};

static const IntelOAFormat fmt_ivb_a29 = {
    .name = "IVB_A29", .select = 1, .size = 128, .nr_runs = 1,
    .runs = { RUN(3, A7(0), 29, UP) },
};

static const IntelOAFormat fmt_ivb_a13_b4 = {
    .name = "IVB_A13_B4", .select = 2, .size = 128, .nr_runs = 2,
    .runs = { RUN(3, A7(0), 13, UP), RUN(16, B7(0), 4, UP) },
};

static const IntelOAFormat fmt_ivb_a29_b4 = {
    .name = "IVB_A29_B4", .select = 3, .size = 192, .nr_runs = 2,
    .runs = { RUN(3, A7(0), 29, UP), RUN(32, B7(0), 4, UP) },
};

static const IntelOAFormat fmt_ivb_a45_b4 = {
    .name = "IVB_A45_B4", .select = 4, .size = 256, .nr_runs = 2,
    .runs = { RUN(3, A7(0), 45, UP), RUN(48, B7(0), 4, UP) },
};

/* IVB select 5: DW3..DW15 reserved, A29..A44 at DW16..DW31. */
static const IntelOAFormat fmt_ivb_a16 = {
    .name = "IVB_A16", .select = 5, .size = 128, .nr_runs = 1,
    .runs = { RUN(16, A7(29), 16, UP) },
};

/*
 * HSW: the IVB A layouts with eight B counters; INST ADD formats. The C
 * counters sit where i915 and IGT read them, in dwords seed 001 marks
 * reserved (gen6-gen7.rst "Haswell's C counters").
 */
static const IntelOAFormat fmt_hsw_a13_b8_c8 = {
    .name = "A13_B8_C8", .select = 2, .size = 128, .nr_runs = 3,
    .runs = {
        RUN(3, A7(0), 13, UP), RUN(16, B7(0), 8, UP), RUN(24, C7(0), 8, UP),
    },
};

static const IntelOAFormat fmt_hsw_a29_b8_c8 = {
    .name = "A29_B8_C8", .select = 3, .size = 192, .nr_runs = 3,
    .runs = {
        RUN(3, A7(0), 29, UP), RUN(32, B7(0), 8, UP), RUN(40, C7(0), 8, UP),
    },
};

static const IntelOAFormat fmt_hsw_b4_c8 = {
    .name = "B4_C8", .select = 4, .size = 64, .inst_add = true,
    .nr_runs = 2, .runs = { RUN(4, B7(0), 4, UP), RUN(8, C7(0), 8, UP) },
};

static const IntelOAFormat fmt_hsw_a45_b8_c8 = {
    .name = "A45_B8_C8", .select = 5, .size = 256, .nr_runs = 3,
    .runs = {
        RUN(3, A7(0), 45, UP), RUN(48, B7(0), 8, UP), RUN(56, C7(0), 8, UP),
    },
};

static const IntelOAFormat fmt_hsw_b4_c8_a16 = {
    .name = "B4_C8_A16", .select = 6, .size = 128, .inst_add = true,
    .nr_runs = 3,
    .runs = {
        RUN(4, B7(0), 4, UP), RUN(8, C7(0), 8, UP), RUN(16, A7(29), 16, UP),
    },
};

/* HSW select 7: C0..C3 at DW4..DW7 (seed 001: C0, then reserved), B0..B7. */
static const IntelOAFormat fmt_hsw_c4_b8 = {
    .name = "C4_B8", .select = 7, .size = 64, .inst_add = true,
    .nr_runs = 2, .runs = { RUN(4, C7(0), 4, UP), RUN(8, B7(0), 8, UP) },
};

/* Gen6: no interrupt, no context reports, SNB layouts. */
static const IntelOAGen gen6 = {
    .name = "gen6",
    .gen = 6,
    .rpt_reason_shift = 19,
    .block = INTEL_OA_BLOCK_GEN6,
    .header = INTEL_OA_HEADER_GEN7,
    .no_ctx_reports = true,
    .clock = INTEL_OA_CLOCK_FIXED,
    .cagf = INTEL_OA_CAGF_GEN6,
    .formats = {
        [0] = &fmt_snb_a13, [1] = &fmt_snb_a29,
        [2] = &fmt_snb_a13_b4, [3] = &fmt_snb_a29_b4,
    },
};

/* Gen7 (Ivy Bridge, Valleyview). */
static const IntelOAGen gen7 = {
    .name = "gen7",
    .gen = 7,
    .rpt_reason_shift = 19,
    .block = INTEL_OA_BLOCK_GEN7,
    .header = INTEL_OA_HEADER_GEN7,
    .no_ctx_reports = true,
    .clock = INTEL_OA_CLOCK_FIXED,
    .cagf = INTEL_OA_CAGF_GEN6,
    .formats = {
        [0] = &fmt_ivb_a13, [1] = &fmt_ivb_a29, [2] = &fmt_ivb_a13_b4,
        [3] = &fmt_ivb_a29_b4, [4] = &fmt_ivb_a45_b4, [5] = &fmt_ivb_a16,
    },
};

/* Gen7.5 (Haswell): CAGF moves to RPSTAT1 13:7 as on Gen8. */
static const IntelOAGen gen7_5 = {
    .name = "gen7.5",
    .gen = 7,
    .rpt_reason_shift = 19,
    .block = INTEL_OA_BLOCK_HSW,
    .header = INTEL_OA_HEADER_GEN7,
    .no_ctx_reports = true,
    .clock = INTEL_OA_CLOCK_FIXED,
    .cagf = INTEL_OA_CAGF_GEN8,
    NOA_GDT(INTEL_OA_GEN7_CNT_B0),
    .formats = {
        [0] = &fmt_ivb_a13, [1] = &fmt_ivb_a29,
        [2] = &fmt_hsw_a13_b8_c8, [3] = &fmt_hsw_a29_b8_c8,
        [4] = &fmt_hsw_b4_c8, [5] = &fmt_hsw_a45_b8_c8,
        [6] = &fmt_hsw_b4_c8_a16, [7] = &fmt_hsw_c4_b8,
    },
};

/* Gen9: CTC_MODE shift 2 of a 24 MHz crystal, shift 3 of 19.2 MHz (LP) */
#define CTC_12M     (2 << 1)
#define CTC_19M2    (3 << 1)
/* Gen11+: RPM_CONFIG0 crystal select 5:3 and CTC shift 2:1 */
#define RPM(xtal, shift)    (((xtal) << 3) | ((shift) << 1))
#define RPM_24M_S2      RPM(0, 2)
#define RPM_19M2_S3     RPM(1, 3)
#define RPM_38M4_S2     RPM(2, 2)

/*
 * Each family's part of a row of include/intel_oa_platforms.h (the rows
 * are the platforms.rst, gen6-gen7.rst, dg2.rst and mtl.rst tables): its
 * register generation, fuse layout, interrupt hierarchy, GGTT and
 * forcewake, RP caps location, subslice slots and the clock registers
 * that encode the row's timestamp frequency @hz_. RP caps sit at
 * 0x145998 (MCHBAR) except on Gen9 LP (0x138170, in reverse).
 */
#define FAMILY_GEN7(gen_, fuse_, fw_, irq_, ggtt_, ss_) \
    .gen = &(gen_), .fuse = (fuse_), .rpcap = INTEL_OA_RPCAP_MCHBAR, \
    .irq = (irq_), .ggtt = (ggtt_), .forcewake = (fw_), \
    .max_subslices = (ss_)
#define FAMILY_SNB(hz_, ss_) \
    FAMILY_GEN7(gen6, INTEL_OA_FUSE_NONE, INTEL_OA_FW_SNB, \
                INTEL_OA_IRQ_GEN6, INTEL_OA_GGTT_GEN6, ss_)
#define FAMILY_IVB(hz_, ss_) \
    FAMILY_GEN7(gen7, INTEL_OA_FUSE_NONE, INTEL_OA_FW_IVB, \
                INTEL_OA_IRQ_GEN7, INTEL_OA_GGTT_GEN6, ss_)
/* VLV: 50 MHz approximations of the Punit's 311/667 MHz */
#define FAMILY_VLV(hz_, ss_) \
    FAMILY_GEN7(gen7, INTEL_OA_FUSE_NONE, INTEL_OA_FW_VLV, \
                INTEL_OA_IRQ_GEN7, INTEL_OA_GGTT_GEN6, ss_), \
    .report_lost_stuck = true
#define FAMILY_HSW(hz_, ss_) \
    FAMILY_GEN7(gen7_5, INTEL_OA_FUSE_HSW, INTEL_OA_FW_HSW, \
                INTEL_OA_IRQ_GEN7, INTEL_OA_GGTT_HSW, ss_)
#define MCH INTEL_OA_RPCAP_MCHBAR
#define FAMILY_GEN8(gen_, fuse_, irq_, ssmax_, rpcap_) \
    .gen = &(gen_), .fuse = (fuse_), .rpcap = (rpcap_), .irq = (irq_), \
    .max_subslices = (ssmax_)
#define FAMILY_BDW(hz_, ss_) \
    FAMILY_GEN8(gen8, INTEL_OA_FUSE_GEN8, INTEL_OA_IRQ_GEN8, 3, MCH)
/* chv: caps exposed at 0x145998 like bdw (the Punit is not modelled) */
#define FAMILY_CHV(hz_, ss_) \
    FAMILY_GEN8(gen8, INTEL_OA_FUSE_CHV, INTEL_OA_IRQ_GEN8, 2, MCH)
#define FAMILY_GEN9(hz_, ss_) \
    FAMILY_GEN8(gen9, INTEL_OA_FUSE_GEN9, INTEL_OA_IRQ_GEN8, 4, MCH), \
    .ctc_mode = CTC_12M, .fw_ranges = INTEL_OA_FW_RANGES_GEN9
#define FAMILY_GEN9_LP(hz_, ss_) \
    FAMILY_GEN8(gen9, INTEL_OA_FUSE_GEN9, INTEL_OA_IRQ_GEN8, 3, \
                INTEL_OA_RPCAP_BXT), \
    .ctc_mode = CTC_19M2, .fw_ranges = INTEL_OA_FW_RANGES_GEN9
/* Ice Lake's 24 MHz crystal, or 19.2 MHz (Elkhart Lake, Jasper Lake) */
#define FAMILY_GEN11(hz_, ss_) \
    FAMILY_GEN8(gen11, INTEL_OA_FUSE_GEN11, INTEL_OA_IRQ_GEN11, 8, MCH), \
    .rpm_config0 = (hz_) == 12000000 ? RPM_24M_S2 : RPM_19M2_S3, \
    .fw_ranges = INTEL_OA_FW_RANGES_GEN11
#define FAMILY_GEN12(hz_, ss_) \
    FAMILY_GEN8(gen12, INTEL_OA_FUSE_GEN12, INTEL_OA_IRQ_GEN11, 6, MCH), \
    .rpm_config0 = RPM_19M2_S3, .fw_ranges = INTEL_OA_FW_RANGES_GEN12
#define FAMILY_DG1(hz_, ss_) \
    FAMILY_GEN8(gen12, INTEL_OA_FUSE_GEN12, INTEL_OA_IRQ_DG1, 6, MCH), \
    .rpm_config0 = RPM_38M4_S2, .fw_ranges = INTEL_OA_FW_RANGES_GEN12
/*
 * dg2.rst: OA timestamp 38.4 MHz, command streamer 19.2 MHz (RPM_CONFIG0
 * 0x14), up to 32 DSS, the GuC interface present. SQIDI instances per
 * seed 002's steering notes: 0-7 on the 512-EU part, 2-5 on the 256, 2-3
 * on the 128 (the row's SQIDI column).
 */
#define FAMILY_DG2(hz_, ss_) \
    .gen = &gen12_5, .fuse = INTEL_OA_FUSE_XEHP, \
    .rpcap = INTEL_OA_RPCAP_MCHBAR, .irq = INTEL_OA_IRQ_DG1, \
    .ggtt = INTEL_OA_GGTT_XEHP, .forcewake = INTEL_OA_FW_XEHP, \
    .max_subslices = 32, .cs_timestamp_hz = (hz_) / 2, \
    .rpm_config0 = RPM_38M4_S2, \
    .has_guc = true, .guc_rsa_bytes = 384, .has_steering = true
/*
 * mtl.rst: integrated, the DG1 interrupt hierarchy (i915 uses
 * dg1_irq_handler from 12.10 on), the Gen8 GGTT, Xe-HP fuses, OA
 * timestamp 38.4 MHz over a 19.2 MHz command streamer as on DG2
 * (Wa_14015846243 reads RPM_CONFIG0's CTC shift), the media GT's OAM, no
 * GuC interface modelled.
 */
#define FAMILY_MTL(hz_, ss_) \
    .gen = &xelpg, .media = &oam, .fuse = INTEL_OA_FUSE_XEHP, \
    .rpcap = INTEL_OA_RPCAP_MCHBAR, .irq = INTEL_OA_IRQ_DG1, \
    .ggtt = INTEL_OA_GGTT_MTL, .forcewake = INTEL_OA_FW_MTL, \
    .max_subslices = 32, .cs_timestamp_hz = (hz_) / 2, \
    .rpm_config0 = RPM_38M4_S2

/*
 * A row: the family's part, then the row's own facts. RP caps are kept in
 * 50 MHz units; GPU_TICKS advances by the row's ratio per OA tick.
 */
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
                          mesa_, gt_, s_, ss_, eu_, dss_, hz_, rp0_, rp1_, \
                          rpn_, ticks_, engines_, mslice_, sqidi_, rev_) \
    { \
        FAMILY_##family_(hz_, ss_), \
        .name = (name_), .device_id = (devid_), .revision = (rev_), \
        .slices = (s_), .subslices_per_slice = (ss_), \
        .eus_per_subslice = (eu_), .timestamp_hz = (hz_), \
        .rp0 = (rp0_) / 50, .rp1 = (rp1_) / 50, .rpn = (rpn_) / 50, \
        .gpu_ticks_ratio = (ticks_), .dss_mask = (dss_), \
        .mslice_mask = (mslice_), .sqidi_mask = (sqidi_), \
    },

static const IntelOAPlatform platforms[] = {
#include "intel_oa_platforms.h"
};

const IntelOAPlatform *intel_oa_platform_find(uint16_t device_id)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(platforms); i++) {
        if (platforms[i].device_id == device_id) {
            return &platforms[i];
        }
    }
    return NULL;
}

char *intel_oa_platform_list(void)
{
    GString *s = g_string_new(NULL);
    size_t i;

    for (i = 0; i < ARRAY_SIZE(platforms); i++) {
        g_string_append_printf(s, "%s0x%04x (%s)", i ? ", " : "",
                               platforms[i].device_id, platforms[i].name);
    }
    return g_string_free(s, false);
}
