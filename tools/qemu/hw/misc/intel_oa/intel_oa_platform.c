/*
 * intel-oa-gpu: platform and report-format tables.
 *
 * Report layouts: Broadwell PRM Vol 14 "Observability", counter select
 * 000/010/101/111, and i915's GEN8_OA_REPORT_FORMAT_* (Gen9 reuses the
 * Gen8 layouts). Byte offsets below are dword index * 4.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "intel_oa_platform.h"

#define RUN(dw, k, n, kind_) \
    { .offset = (dw) * 4, .first = (k), .count = (n), .kind = (kind_) }
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

/* Gen9: RPT_ID reason bits 24:19 (bit 19 = timer), context valid bit 16. */
static const IntelOAGen gen9 = {
    .name = "gen9",
    .gen = 9,
    .rpt_reason_timer = 1u << 19,
    .rpt_ctx_valid = 1u << 16,
    .formats = {
        [0] = &fmt_a12,
        [2] = &fmt_a12_b8_c8,
        [5] = &fmt_a32u40_a4u32_b8_c8,
        [7] = &fmt_c4_b8,
    },
};

static const IntelOAPlatform platforms[] = {
    {
        /*
         * Skylake GT2 (HD Graphics 530): 1 slice x 3 subslices x 8 EUs.
         * RP0 1150 MHz (max turbo), RP1 350 MHz (base), RPn 300 MHz.
         * 24 MHz crystal with CTC shift 2 -> 12 MHz timestamps.
         * Synthetic GPU clock 600 MHz -> GPU_TICKS ratio 50.
         */
        .name = "skl-gt2",
        .device_id = 0x1912,
        .revision = 0x07,
        .subsystem_vendor_id = 0x8086,
        .subsystem_id = 0x2015,
        .gen = &gen9,
        .timestamp_hz = 12000000,
        .ctc_mode = 2 << 1,
        .gpu_ticks_ratio = 50,
        .slices = 1,
        .subslices_per_slice = 3,
        .max_subslices = 4,
        .eus_per_subslice = 8,
        .rp0 = 1150 / 50,
        .rp1 = 350 / 50,
        .rpn = 300 / 50,
    },
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
