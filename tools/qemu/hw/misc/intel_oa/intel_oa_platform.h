/*
 * intel-oa-gpu: per-platform and per-generation description tables.
 *
 * Everything that differs between GPUs is data in these tables; the
 * device picks one row at realize time from the "device-id" property.
 * Adding a platform is adding a row (and, for a new generation, a
 * generation descriptor with its report formats).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_PLATFORM_H
#define HW_MISC_INTEL_OA_PLATFORM_H

/* Counter numbering of the synthetic workload (vgpu-contract.rst). */
#define INTEL_OA_CNT_A0             0
#define INTEL_OA_CNT_B0             36
#define INTEL_OA_CNT_C0             44
#define INTEL_OA_NUM_COUNTERS       52

#define INTEL_OA_MAX_REPORT_SIZE    256
#define INTEL_OA_NUM_SELECTS        64
#define INTEL_OA_MAX_RUNS           6

typedef enum IntelOARunKind {
    /* one little-endian dword per counter: bits 31:0 of the value */
    INTEL_OA_RUN_LOW32,
    /* one byte per counter: bits 39:32 of the 40-bit value */
    INTEL_OA_RUN_HIGH8,
} IntelOARunKind;

/*
 * A run of consecutive counters stored at consecutive positions of a
 * report: counters first .. first + count - 1 starting at byte offset.
 */
typedef struct IntelOACounterRun {
    uint8_t offset;
    uint8_t first;
    uint8_t count;
    uint8_t kind;
} IntelOACounterRun;

/*
 * One OA report format. The four header dwords (RPT_ID, TIMESTAMP,
 * CTX_ID, GPU_TICKS) are common to every Gen8+ format; the runs give
 * the counter payload.
 */
typedef struct IntelOAFormat {
    const char *name;
    uint8_t select;
    uint16_t size;
    uint8_t nr_runs;
    IntelOACounterRun runs[INTEL_OA_MAX_RUNS];
} IntelOAFormat;

/* What a hardware generation's OA unit looks like. */
typedef struct IntelOAGen {
    const char *name;
    uint8_t gen;
    /* RPT_ID bits */
    uint32_t rpt_reason_timer;
    uint32_t rpt_ctx_valid;
    /* formats indexed by OACONTROL counter select; NULL = invalid */
    const IntelOAFormat *formats[INTEL_OA_NUM_SELECTS];
} IntelOAGen;

/* One GPU SKU. */
typedef struct IntelOAPlatform {
    const char *name;
    uint16_t device_id;
    uint8_t revision;
    uint16_t subsystem_vendor_id;
    uint16_t subsystem_id;
    const IntelOAGen *gen;
    /* command streamer timestamp frequency */
    uint32_t timestamp_hz;
    /* CTC_MODE value from which i915 derives timestamp_hz */
    uint32_t ctc_mode;
    /* synthetic GPU clock / timestamp clock (GPU_TICKS slope) */
    uint32_t gpu_ticks_ratio;
    /* topology */
    uint8_t slices;
    uint8_t subslices_per_slice;
    uint8_t max_subslices;
    uint8_t eus_per_subslice;
    /* RP_STATE_CAP, 50 MHz units */
    uint8_t rp0;
    uint8_t rp1;
    uint8_t rpn;
} IntelOAPlatform;

const IntelOAPlatform *intel_oa_platform_find(uint16_t device_id);
/* Comma-separated "0x1912 (skl-gt2), ..." for error messages. */
char *intel_oa_platform_list(void);

#endif /* HW_MISC_INTEL_OA_PLATFORM_H */
