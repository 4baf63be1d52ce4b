/*
 * intel-oa-gpu: per-platform and per-generation description tables.
 *
 * Everything that differs between GPUs is data in these tables; the
 * device picks one row at realize time from the "device-id" property.
 * Adding a platform is adding a row (and, for a new generation, a
 * generation descriptor with its report formats). Where a generation
 * behaves differently rather than only carrying different numbers, the
 * descriptor names a variant, and the block concerned picks its ops
 * table for that variant once at realize.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_PLATFORM_H
#define HW_MISC_INTEL_OA_PLATFORM_H

#include "intel_oa_ggtt.h"

/* Counter numbering of the synthetic workload (vgpu-contract.rst). */
#define INTEL_OA_CNT_A0             0
#define INTEL_OA_CNT_B0             36
#define INTEL_OA_CNT_C0             44
/* Gen6/7 numbering (gen6-gen7.rst): A0..A44, B0..B7, C0..C7 */
#define INTEL_OA_GEN7_CNT_B0        45
#define INTEL_OA_GEN7_CNT_C0        53
/* Gen12.5 numbering (dg2.rst "Counters"): A0..A37, B0..B7, C0..C7 */
#define INTEL_OA_XEHP_CNT_B0        38
#define INTEL_OA_XEHP_CNT_C0        46
#define INTEL_OA_NUM_COUNTERS       61

/* Gen12.5 A38u64_B8_C8: 416 bytes padded to whole 64-byte lines */
#define INTEL_OA_MAX_REPORT_SIZE    448
#define INTEL_OA_NUM_SELECTS        64
#define INTEL_OA_MAX_RUNS           8

/* RPT_ID report reasons, as bit numbers relative to the reason field. */
enum {
    INTEL_OA_REASON_TIMER = 0,
    INTEL_OA_REASON_CTX_SWITCH = 3,
    INTEL_OA_REASON_MMIO_TRIGGER = 6,
};

typedef enum IntelOARunKind {
    /* one little-endian dword per counter: bits 31:0 of the value */
    INTEL_OA_RUN_LOW32,
    /* one byte per counter: bits 39:32 of the 40-bit value */
    INTEL_OA_RUN_HIGH8,
    /* like LOW32, but each next counter one dword lower (SNB) */
    INTEL_OA_RUN_LOW32_DOWN,
    /* two little-endian dwords per counter, low first: the 64-bit value */
    INTEL_OA_RUN_U64,
} IntelOARunKind;

/*
 * A run of consecutive counters stored at consecutive positions of a
 * report: counters first .. first + count - 1 starting at byte offset.
 */
typedef struct IntelOACounterRun {
    uint16_t offset;
    uint8_t first;
    uint8_t count;
    uint8_t kind;
} IntelOACounterRun;

/*
 * One OA report format. The header dwords are the generation's (Gen8+:
 * RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS; Gen6/7: RPT_ID, TIMESTAMP low
 * and high); the runs give the counter payload. Dwords no run or
 * header field covers are reserved and read 0.
 */
typedef struct IntelOAFormat {
    const char *name;
    uint8_t select;
    uint16_t size;
    /* HSW: DW3 holds the workload's instruction address */
    bool inst_add;
    /*
     * Gen12.5 selects 1 and 2: 64-bit RPT_ID, 56-bit TIME_STAMP and
     * 64-bit GPU_TICKS over DW0-7 instead of the generation's header
     */
    bool wide_header;
    uint8_t nr_runs;
    IntelOACounterRun runs[INTEL_OA_MAX_RUNS];
} IntelOAFormat;

/* Where the OA unit's registers live (intel_oa_unit.c). */
typedef enum IntelOARegBlock {
    INTEL_OA_BLOCK_LEGACY,      /* Gen8-11: 0x2b00.., timer in 0x2360 */
    INTEL_OA_BLOCK_OAG,         /* Gen12: 0xdaf4.., timer in 0x2b28 */
    INTEL_OA_BLOCK_GEN6,        /* SNB: 0x2360.., write-only OABUFFER */
    INTEL_OA_BLOCK_GEN7,        /* IVB, VLV: 0x2360.. */
    INTEL_OA_BLOCK_HSW,         /* 0x2360.., triggers, OAPERF, no-overrun */
    INTEL_OA_BLOCK_OAM,         /* MTL media GT: 0x393000.., select 3:1 */
} IntelOARegBlock;

/* Report header layout (intel_oa_unit.c). */
typedef enum IntelOAHeader {
    INTEL_OA_HEADER_GEN8,       /* RPT_ID, TIMESTAMP, CTX_ID, GPU_TICKS */
    INTEL_OA_HEADER_GEN7,       /* RPT_ID, 36-bit TIME_STAMP in DW1-2 */
} IntelOAHeader;

/* Interrupt architecture (intel_oa_irq.c). */
typedef enum IntelOAIrqArch {
    INTEL_OA_IRQ_GEN8,          /* GT banks + MASTER_IRQ (bdw..cml) */
    INTEL_OA_IRQ_GEN11,         /* GFX_MSTR_IRQ + GT_INTR_DW (icl..adl-p) */
    INTEL_OA_IRQ_DG1,           /* the Gen11 hierarchy behind a tile level */
    INTEL_OA_IRQ_GEN7,          /* GTIIR bank + DEIER master (ivb..hsw) */
    INTEL_OA_IRQ_GEN6,          /* SNB: the same bank, no OA source */
} IntelOAIrqArch;

/* Forcewake request/acknowledge registers (intel_oa_gt.c). */
typedef enum IntelOAForcewake {
    INTEL_OA_FW_GEN8,           /* render, blitter (0xa188), media */
    INTEL_OA_FW_SNB,            /* 0xa18c, not masked */
    INTEL_OA_FW_IVB,            /* 0xa188 / 0x130040 */
    INTEL_OA_FW_HSW,            /* 0xa188 / 0x130044 */
    INTEL_OA_FW_VLV,            /* 0x1300b0 / 0x1300b4 */
    INTEL_OA_FW_XEHP,           /* GT, Render, VDBOX0-7, VEBOX0-3 */
    INTEL_OA_FW_MTL,            /* GT (ack 0xdfc), Render, media GT */
} IntelOAForcewake;

/*
 * Which forcewake domain each register needs (intel_oa_gt.c): Gen9 to
 * Gen12 drop accesses to a sleeping domain; Gen12.5 and later check
 * through the steering table (has_steering); earlier parts are not
 * checked.
 */
typedef enum IntelOAFwRanges {
    INTEL_OA_FW_RANGES_NONE,
    INTEL_OA_FW_RANGES_GEN9,
    INTEL_OA_FW_RANGES_GEN11,
    INTEL_OA_FW_RANGES_GEN12,
} IntelOAFwRanges;

/* Fuse register encoding (intel_oa_gt.c). */
typedef enum IntelOAFuse {
    INTEL_OA_FUSE_NONE,         /* SNB, IVB, VLV: topology from the table */
    INTEL_OA_FUSE_HSW,          /* HSW_PAVP_FUSE1 EU count */
    INTEL_OA_FUSE_GEN8,
    INTEL_OA_FUSE_CHV,
    INTEL_OA_FUSE_GEN9,
    INTEL_OA_FUSE_GEN11,
    INTEL_OA_FUSE_GEN12,
    INTEL_OA_FUSE_XEHP,         /* DSS masks, EU enable, MSLICE fuse */
} IntelOAFuse;

/* How i915 finds the timestamp frequency (intel_oa_gt.c). */
typedef enum IntelOAClock {
    INTEL_OA_CLOCK_FIXED,       /* Gen8: 12.5 MHz, no register */
    INTEL_OA_CLOCK_CTC,         /* Gen9: CTC_MODE shift */
    INTEL_OA_CLOCK_RPM_CONFIG,  /* Gen11+: CTC_MODE + RPM_CONFIG0 */
} IntelOAClock;

/* Where RP_STATE_CAP is and its field order (intel_oa_gt.c). */
typedef enum IntelOARpCap {
    INTEL_OA_RPCAP_MCHBAR,      /* 0x145998: RP0 7:0, RP1 15:8, RPn 23:16 */
    INTEL_OA_RPCAP_BXT,         /* 0x138170: RPn 7:0, RP1 15:8, RP0 23:16 */
} IntelOARpCap;

/* Where the actual frequency (CAGF) is reported (intel_oa_gt.c). */
typedef enum IntelOACagf {
    INTEL_OA_CAGF_GEN6,         /* RPSTAT1 14:8, 50 MHz units (snb..vlv) */
    INTEL_OA_CAGF_GEN8,         /* RPSTAT1 13:7, 50 MHz units (hsw, gen8) */
    INTEL_OA_CAGF_GEN9,         /* RPSTAT1 31:23, 50/3 MHz units */
    INTEL_OA_CAGF_GEN12,        /* GEN12_RPSTAT1 19:11, 50/3 MHz units */
} IntelOACagf;

/* What a hardware generation's OA unit looks like. */
/*
 * The render engine's execlists (command-streamer.rst, "Execlists"): none
 * (Gen6/7 ring buffer); Gen8/9's ELSP and six CSB entries; Gen11's ELSQ
 * and twelve; Gen12's CSB format with 11-bit context IDs; Xe-HP's with
 * 16-bit ones.
 */
typedef enum IntelOAExeclists {
    INTEL_OA_EL_NONE,
    INTEL_OA_EL_GEN8,
    INTEL_OA_EL_GEN11,
    INTEL_OA_EL_GEN12,
    INTEL_OA_EL_XEHP,
} IntelOAExeclists;

typedef struct IntelOAGen {
    /* "gen12.5"; for a unit that is not the render GT's, its kind */
    const char *name;
    uint8_t gen;
    /* RPT_ID: first bit of the reason field, context-valid bit */
    uint8_t rpt_reason_shift;
    uint32_t rpt_ctx_valid;
    IntelOARegBlock block;
    IntelOAHeader header;
    /* OA_DEBUG exists (Gen9+); without it, context switches always report */
    bool has_oa_debug;
    /* Gen6/7: no context-switch reports at all */
    bool no_ctx_reports;
    /* Gen12.5: OAG_MMIOTRIGGER writes one report on demand */
    bool has_mmio_trigger;
    /*
     * The unit raises the half-full interrupt through the platform's
     * hierarchy (false: no public source routes it; OAM)
     */
    bool no_irq;
    /* The unit counts the render activity workload (false: OAM) */
    bool no_activity;
    IntelOAClock clock;
    IntelOACagf cagf;
    IntelOAExeclists el;
    /* Gen12+: the layout OAR writes for MI_REPORT_PERF_COUNT (select 5) */
    const IntelOAFormat *oar_format;
    /*
     * NOA power: the register (in the unit's GT) and bit that power the
     * NOA network, which feeds counters noa_first and up (the B and C
     * counters); 0 = no such register, always powered (Gen6-7)
     */
    hwaddr noa_power;
    uint32_t noa_power_bit;
    uint8_t noa_first;
    /* formats indexed by OACONTROL counter select; NULL = invalid */
    const IntelOAFormat *formats[INTEL_OA_NUM_SELECTS];
} IntelOAGen;

/* One GPU SKU. */
typedef struct IntelOAPlatform {
    const char *name;
    uint16_t device_id;
    uint8_t revision;
    /* the render GT's OA unit */
    const IntelOAGen *gen;
    /* the media GT's OA unit (NULL: no media GT, or no OA unit on it) */
    const IntelOAGen *media;
    IntelOAFuse fuse;
    IntelOARpCap rpcap;
    IntelOAIrqArch irq;
    IntelOAGgttKind ggtt;
    IntelOAForcewake forcewake;
    IntelOAFwRanges fw_ranges;
    /* VLV: OASTATUS1 report-lost is not functional, reads 1 when on */
    bool report_lost_stuck;
    /*
     * Frequency of T: the OA timestamp, which is also the command
     * streamer's except where cs_timestamp_hz says otherwise (0 = same)
     */
    uint32_t timestamp_hz;
    uint32_t cs_timestamp_hz;
    /* CTC_MODE and RPM_CONFIG0 values i915 derives timestamp_hz from */
    uint32_t ctc_mode;
    uint32_t rpm_config0;
    /* synthetic GPU clock / timestamp clock (GPU_TICKS slope) */
    uint32_t gpu_ticks_ratio;
    /* topology; max_subslices is the fuse register's subslice count */
    uint8_t slices;
    uint8_t subslices_per_slice;
    uint8_t max_subslices;
    uint8_t eus_per_subslice;
    /* RP_STATE_CAP, 50 MHz units */
    uint8_t rp0;
    uint8_t rp1;
    uint8_t rpn;
    /* Gen12.5 fuse reflections: dual-subslice and MSLICE masks */
    uint32_t dss_mask;
    uint8_t mslice_mask;
    /* Gen12.5: SQIDI instances present (seed 002, per topology) */
    uint8_t sqidi_mask;
    /* the GuC interface and doorbells (dg2.rst) */
    bool has_guc;
    /* the GuC boot ROM's RSA signature size (guc-firmware.rst) */
    uint16_t guc_rsa_bytes;
    /* forcewake and MCR checks over seed 002's steering table */
    bool has_steering;
} IntelOAPlatform;

const IntelOAPlatform *intel_oa_platform_find(uint16_t device_id);
/* Comma-separated "0x1912 (skl), ..." for error messages. */
char *intel_oa_platform_list(void);

#endif /* HW_MISC_INTEL_OA_PLATFORM_H */
