/*
 * intel-oa-gpu: MMIO register map (Gen6-12 render OA units, GT interrupts,
 * clocks, fuses, forcewake, GGTT) as described in
 * Documentation/vgpu-contract.rst and Documentation/gen6-gen7.rst.
 *
 * Offsets and fields come from the Broadwell PRM Vol 14 "Observability",
 * the Gen6-7.5 OA PRM (seed 001) and the public i915 register headers.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_REGS_H
#define HW_MISC_INTEL_OA_REGS_H

#include "qemu/units.h"
#include "hw/registerfields.h"

/*
 * BAR0 layout: MMIO registers, then the GGTT page table entries (Gen8+:
 * 16 MiB, PTEs in the upper half; Gen6/7: 4 MiB, PTEs from 2 MiB).
 */
#define INTEL_OA_GEN8_BAR0_SIZE     (16 * MiB)
#define INTEL_OA_GEN6_BAR0_SIZE     (4 * MiB)
#define INTEL_OA_CTL_SIZE           (4 * KiB)

/* Render command streamer timestamp (36 bits). */
REG32(RING_TIMESTAMP, 0x2358)
REG32(RING_TIMESTAMP_UDW, 0x235c)
    FIELD(RING_TIMESTAMP_UDW, HIGH, 0, 4)

/*
 * Gen6-7.5 render engine, ring buffer mode (i915 intel_engine_regs.h at
 * RENDER_RING_BASE 0x2000; the status page: intel_gt_regs.h).
 */
REG32(RCS_RING_TAIL, 0x2030)
REG32(RCS_RING_HEAD, 0x2034)
REG32(RCS_RING_START, 0x2038)
REG32(RCS_RING_CTL, 0x203c)
REG32(RCS_RING_ACTHD, 0x2074)
REG32(RCS_RING_MI_MODE, 0x209c)
REG32(RCS_RING_IMR, 0x20a8)
REG32(RENDER_HWS_PGA_GEN7, 0x4080)

/*
 * Gen8/9 render engine, execlist mode (i915 intel_engine_regs.h at
 * RENDER_RING_BASE 0x2000, intel_lrc_reg.h).
 */
REG32(RCS_RING_HWS_PGA, 0x2080)
REG32(RCS_RING_ELSP, 0x2230)
REG32(RCS_RING_EXECLIST_STATUS_LO, 0x2234)
REG32(RCS_RING_EXECLIST_STATUS_HI, 0x2238)
REG32(RCS_CTX_CONTEXT_CONTROL, 0x2244)
    FIELD(RCS_CTX_CONTEXT_CONTROL, RESTORE_INHIBIT, 0, 1)
REG32(RCS_CTX_PDP0_LDW, 0x2270)
REG32(RCS_CTX_PDP0_UDW, 0x2274)
REG32(RCS_CTX_PDP3_UDW, 0x228c)
REG32(RCS_RING_MODE_GEN7, 0x229c)
    FIELD(RCS_RING_MODE_GEN7, DISABLE_LEGACY_MODE, 3, 1)
    FIELD(RCS_RING_MODE_GEN7, RUN_LIST_ENABLE, 15, 1)
REG32(RCS_RING_CONTEXT_STATUS_BUF, 0x2370)
REG32(RCS_RING_CONTEXT_STATUS_PTR, 0x23a0)
    FIELD(RCS_RING_CONTEXT_STATUS_PTR, WRITE, 0, 4)
    FIELD(RCS_RING_CONTEXT_STATUS_PTR, READ, 8, 4)

/*
 * Gen11+ execlists (i915 intel_engine_regs.h, intel_lrc_reg.h): the
 * submission queue, two elements of (low, high) descriptor dwords, loaded
 * by EL_CTRL_LOAD; CSB entries 6-11 at 0x23c0
 * (GEN11_EXECLISTS_STATUS_BUF2).
 */
REG32(RCS_RING_EXECLIST_SQ_CONTENTS, 0x2510)
REG32(RCS_RING_EXECLIST_CONTROL, 0x2550)
    FIELD(RCS_RING_EXECLIST_CONTROL, LOAD, 0, 1)
REG32(RCS_RING_CONTEXT_STATUS_BUF2, 0x23c0)

/*
 * Gen12 OAR (i915 i915_perf_oa_regs.h, intel_engine_regs.h): the render
 * context's counters, on while CTX_CONTEXT_CONTROL's OAR bit and
 * OAR_OACONTROL's enable are set; both context state.
 */
REG32(GEN12_OAR_OACONTROL, 0x2960)
    FIELD(GEN12_OAR_OACONTROL, COUNTER_ENABLE, 0, 1)
    FIELD(GEN12_OAR_OACONTROL, COUNTER_FORMAT, 1, 5)
#define INTEL_OA_CTX_CTRL_OAR_ENABLE (1u << 8)

/* OA per-context control (Gen8+: timer lives here, not in OACONTROL). */
REG32(OACTXCONTROL, 0x2360)
    FIELD(OACTXCONTROL, COUNTER_RESUME, 0, 1)
    FIELD(OACTXCONTROL, TIMER_ENABLE, 1, 1)
    FIELD(OACTXCONTROL, TIMER_PERIOD, 2, 6)
    FIELD(OACTXCONTROL, MBZ, 8, 24)
REG32(OACTXID, 0x2364)
REG32(OABUFFER_UDW, 0x23b4)

/* Boolean (B/C counter) logic: start/report triggers and CEC pairs. */
REG32(OASTARTTRIG1, 0x2710)
REG32(OASTARTTRIG8, 0x272c)
REG32(OAREPORTTRIG1, 0x2740)
REG32(OAREPORTTRIG8, 0x275c)
REG32(OACEC0_0, 0x2770)
    /* counters.rst reading 4; every CECn-0 / CECn-1 pair alike */
    FIELD(OACEC0_0, COMPARE_FN, 0, 3)
    FIELD(OACEC0_0, VALUE, 3, 16)
    FIELD(OACEC0_0, SOURCE, 19, 2)
REG32(OACEC0_1, 0x2774)
    FIELD(OACEC0_1, MASK, 0, 16)
    FIELD(OACEC0_1, NEGATE, 16, 16)
REG32(OACEC7_1, 0x27ac)
#define INTEL_OA_NUM_TRIG           8
#define INTEL_OA_NUM_CEC            16

REG32(OACONTROL, 0x2b00)
    FIELD(OACONTROL, COUNTER_ENABLE, 0, 1)
    FIELD(OACONTROL, SPECIFIC_CONTEXT, 1, 1)
    FIELD(OACONTROL, COUNTER_SELECT, 2, 6)
    FIELD(OACONTROL, MBZ, 8, 24)
REG32(OA_DEBUG, 0x2b04)
REG32(OASTATUS, 0x2b08)
    FIELD(OASTATUS, REPORT_LOST, 0, 1)
    FIELD(OASTATUS, BUFFER_OVERFLOW, 1, 1)
    FIELD(OASTATUS, COUNTER_OVERFLOW, 2, 1)
    FIELD(OASTATUS, OVERRUN, 3, 1)
    FIELD(OASTATUS, HEAD_WRAP, 16, 1)
    FIELD(OASTATUS, TAIL_WRAP, 17, 1)
#define OASTATUS_DEFINED_MASK \
    (R_OASTATUS_REPORT_LOST_MASK | R_OASTATUS_BUFFER_OVERFLOW_MASK | \
     R_OASTATUS_COUNTER_OVERFLOW_MASK | R_OASTATUS_OVERRUN_MASK | \
     R_OASTATUS_HEAD_WRAP_MASK | R_OASTATUS_TAIL_WRAP_MASK)
REG32(OAHEADPTR, 0x2b0c)
    FIELD(OAHEADPTR, LOW_MBZ, 0, 6)
    FIELD(OAHEADPTR, ADDR, 6, 26)
REG32(OATAILPTR, 0x2b10)
    FIELD(OATAILPTR, LOW_MBZ, 0, 6)
    FIELD(OATAILPTR, ADDR, 6, 26)
REG32(OABUFFER, 0x2b14)
    FIELD(OABUFFER, MEM_SELECT_GGTT, 0, 1)
    FIELD(OABUFFER, SIZE, 3, 3)
    FIELD(OABUFFER, BASE, 12, 20)
/*
 * The OA unit's interrupt mask (seed 000 "OA Interrupt Control
 * Registers", bit 28); at 0xdb14 with the OAG block from Gen12 on (i915
 * GEN12_OA_IMR in the 2020 patch above).
 */
REG32(OA_IMR, 0x2b20)
    FIELD(OA_IMR, BUFFER_HALF_FULL, 28, 1)
REG32(OAG_OA_IMR, 0xdb14)

/*
 * Gen12 OAG block. Field layouts match the legacy registers above
 * except OACONTROL (no specific-context bit) and OASTATUS (bits 2:0).
 */
REG32(OAG_OAGLBCTXCTRL, 0x2b28)
REG32(OAG_OA_PESS, 0x2b2c)
REG32(OAG_OASTARTTRIG1, 0xd900)
REG32(OAG_OAREPORTTRIG1, 0xd920)
REG32(OAG_CEC0_0, 0xd940)
REG32(OAG_OACONTROL, 0xdaf4)
REG32(OAG_OA_DEBUG, 0xdaf8)
REG32(OAG_OASTATUS, 0xdafc)
REG32(OAG_OAHEADPTR, 0xdb00)
REG32(OAG_OATAILPTR, 0xdb04)
REG32(OAG_OABUFFER, 0xdb08)
/* Gen12.5: a write writes one report with the value as its CTX_ID */
REG32(OAG_MMIOTRIGGER, 0xdb1c)
REG32(OA_TLB_INV_CR, 0xceec)
    FIELD(OA_TLB_INV_CR, INVALIDATE, 0, 1)
#define OAG_OASTATUS_DEFINED_MASK \
    (R_OASTATUS_REPORT_LOST_MASK | R_OASTATUS_BUFFER_OVERFLOW_MASK | \
     R_OASTATUS_COUNTER_OVERFLOW_MASK)

/*
 * Meteor Lake's media GT. Its registers below 0x40000 sit 0x380000 into
 * BAR0 (i915 IS_GSI_REG() and the media GT's gsi_offset); the offsets
 * below are the media GT's own. Its OA unit, OAM (SAMEDIA 0), is at
 * 0x13000 there, BAR0 0x393000 (i915 i915_perf.c
 * mtl_oa_base[PERF_GROUP_OAM_SAMEDIA_0]), plus xe regs/xe_oa_regs.h
 * OAM_*_OFFSET; the trigger and CEC ranges: i915 mtl_oam_b_counters.
 * OAM_CONTROL selects the format in bits 3:1 (xe
 * OAM_CONTROL_COUNTER_SEL_MASK), the other registers use OAG's fields. The
 * media GT's OA TLB invalidation is its own OA_TLB_INV_CR (xe
 * xe_oa_disable() through the media GT's MMIO view), its forcewake the
 * GT domain pair of the render GT's offsets, its NOA window i915's
 * mtl_oa_mux_regs 0x38d100-0x38d114.
 */
#define INTEL_OA_MEDIA_GT_BASE      0x380000
#define INTEL_OA_MEDIA_GT_SIZE      0x40000
REG32(OAM_STARTTRIG1, 0x13000)
REG32(OAM_REPORTTRIG1, 0x13020)
REG32(OAM_CEC0_0, 0x13040)
REG32(OAM_CONTROL, 0x13194)
    FIELD(OAM_CONTROL, COUNTER_SELECT, 1, 3)
REG32(OAM_DEBUG, 0x13198)
REG32(OAM_STATUS, 0x1319c)
REG32(OAM_HEAD_POINTER, 0x131a0)
REG32(OAM_TAIL_POINTER, 0x131a4)
REG32(OAM_BUFFER, 0x131a8)
REG32(OAM_CONTEXT_CONTROL, 0x131bc)
REG32(OAM_MMIO_TRG, 0x131d0)
#define INTEL_OA_MEDIA_NOA_BASE     0xd100
#define INTEL_OA_MEDIA_NOA_SIZE     0x18

/* OA_DEBUG (masked): bit 1 disables context-switch reports. */
#define INTEL_OA_DEBUG_NO_CTX_SWITCH    (1u << 1)
/* OA_DEBUG bit 14 turns the MMIO trigger off (xe DISABLE_MMIO_TRG) */
#define INTEL_OA_DEBUG_NO_MMIO_TRG      (1u << 14)

/* Fuses (Gen9): slice enable, subslice disable, per-slice EU disable. */
REG32(FUSE2, 0x9120)
    FIELD(FUSE2, SUBSLICE_DISABLE, 20, 4)
    FIELD(FUSE2, GEN8_SUBSLICE_DISABLE, 21, 3)
    FIELD(FUSE2, SLICE_ENABLE, 25, 3)
REG32(EU_DISABLE0, 0x9134)
REG32(EU_DISABLE2, 0x913c)
#define INTEL_OA_MAX_SLICES         3
/* Gen11: slice enable, subslice disable; Gen12: dual-subslice enable. */
REG32(GEN11_EU_DISABLE, 0x9134)
REG32(GEN11_GT_SLICE_ENABLE, 0x9138)
REG32(GEN11_GT_SUBSLICE_DISABLE, 0x913c)
REG32(GEN12_GT_DSS_ENABLE, 0x913c)
/* Gen12.5: DSS masks, EU-pair enables (not disables), MSLICE fuse. */
REG32(XEHP_FUSE_MEML3, 0x9118)
    FIELD(XEHP_FUSE_MEML3, MSLICE_EN, 0, 4)
REG32(XEHP_EU_ENABLE, 0x9134)
REG32(XEHP_GT_GEOMETRY_DSS_ENABLE, 0x913c)
REG32(XEHP_GT_COMPUTE_DSS_ENABLE, 0x9144)
/* Cherryview: one register, subslice disables and EU-row nibbles. */
REG32(CHV_FUSE_GT, 0x182168)
    FIELD(CHV_FUSE_GT, SS0_DISABLE, 10, 1)
    FIELD(CHV_FUSE_GT, SS1_DISABLE, 11, 1)
    FIELD(CHV_FUSE_GT, EU_DISABLE, 16, 16)

/* NOA multiplexer programming window. */
#define INTEL_OA_NOA_BASE           0x9800
#define INTEL_OA_NOA_SIZE           0x800

REG32(RPSTAT1, 0xa01c)
    FIELD(RPSTAT1, GEN8_CAGF, 7, 7)
    FIELD(RPSTAT1, GEN9_CAGF, 23, 9)
    FIELD(RPSTAT1, GEN6_CAGF, 8, 7)
REG32(GEN12_RPSTAT1, 0x1381b4)
    FIELD(GEN12_RPSTAT1, CAGF, 11, 9)
/*
 * NOA network power (i915 GT_NOA_ENABLE / GEN10_GT_NOA_ENABLE, xe
 * GT_NOA_ENABLE): GDT_CHICKEN_BITS bit 7 on Haswell to Gen9, RPM_CONFIG1
 * bit 9 from Gen11 on (each GT its own).
 */
REG32(GDT_CHICKEN_BITS, 0x9840)
    FIELD(GDT_CHICKEN_BITS, NOA_ENABLE, 7, 1)
REG32(RPM_CONFIG1, 0x0d04)
    FIELD(RPM_CONFIG1, NOA_ENABLE, 9, 1)
/* Gen11+: crystal frequency and CTC shift. */
REG32(RPM_CONFIG0, 0x0d00)
    FIELD(RPM_CONFIG0, CTC_SHIFT, 1, 2)
    FIELD(RPM_CONFIG0, CRYSTAL, 3, 3)
REG32(FORCEWAKE_BLITTER, 0xa188)
REG32(CTC_MODE, 0xa26c)
    FIELD(CTC_MODE, SOURCE_DIVIDE_LOGIC, 0, 1)
    FIELD(CTC_MODE, SHIFT, 1, 2)
REG32(FORCEWAKE_MEDIA, 0xa270)
REG32(FORCEWAKE_RENDER, 0xa278)
REG32(FORCEWAKE_ACK_RENDER, 0x0d84)
REG32(FORCEWAKE_ACK_MEDIA, 0x0d88)
REG32(FORCEWAKE_ACK_BLITTER, 0x130044)
/*
 * Graphics IP 12.70 (Meteor Lake) moved the GT domain's acknowledge
 * (i915 intel_uncore.c FORCEWAKE_ACK_GT_MTL, xe_force_wake.c), in both
 * GTs' register spaces.
 */
REG32(MTL_FORCEWAKE_ACK_GT, 0x0dfc)
/* Gen12.5: VDBOX n and VEBOX n request/ack pairs, 4 bytes apart */
REG32(XEHP_FORCEWAKE_VD0, 0xa540)
REG32(XEHP_FORCEWAKE_VE0, 0xa560)
REG32(XEHP_FORCEWAKE_ACK_VD0, 0x0d50)
REG32(XEHP_FORCEWAKE_ACK_VE0, 0x0d70)
/* Multicast/replicated register steering (i915 GEN8_MCR_SELECTOR) */
REG32(MCR_SELECTOR, 0xfdc)
    FIELD(MCR_SELECTOR, SUBSLICE, 24, 3)
    FIELD(MCR_SELECTOR, SLICE, 27, 4)
    FIELD(MCR_SELECTOR, MULTICAST, 31, 1)

/* Flexible EU event control: three pairs of 3 + one (0xe458.. layout). */
REG32(EU_PERF_CNT_CTL0, 0xe458)
REG32(EU_PERF_CNT_CTL1, 0xe558)
REG32(EU_PERF_CNT_CTL2, 0xe658)
REG32(EU_PERF_CNT_CTL3, 0xe758)
REG32(EU_PERF_CNT_CTL4, 0xe45c)
REG32(EU_PERF_CNT_CTL5, 0xe55c)
REG32(EU_PERF_CNT_CTL6, 0xe65c)
#define INTEL_OA_NUM_FLEX           7

/*
 * Gen8 display/GT interrupt hierarchy (i915_reg.h GEN8_MASTER_IRQ and the
 * GEN8_GT_*_IRQ bits): each GT bank has two master pending bits, one per
 * half of its IIR (RCS/BCS, VCS0/VCS1, PM/GuC, VECS/WD box = bits 0..7).
 */
REG32(MASTER_IRQ, 0x44200)
    FIELD(MASTER_IRQ, GT_PENDING, 0, 8)
    FIELD(MASTER_IRQ, ENABLE, 31, 1)
#define INTEL_OA_GT_IRQ_BASE        0x44300
#define INTEL_OA_GT_IRQ_BANKS       4
#define INTEL_OA_GT_IRQ_STRIDE      0x10
REG32(GT_ISR0, 0x44300)
REG32(GT_IMR0, 0x44304)
REG32(GT_IIR0, 0x44308)
REG32(GT_IER0, 0x4430c)
/*
 * GT interrupt bank 3, bit 28: OA buffer half full (seed 000 "OA Interrupt
 * Control Registers", "GT Interrupt 3 Definition"); in i915 terms WD-box
 * bit 12 (GEN8_GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT) at GEN8_WD_IRQ_SHIFT
 * 16, which raises MASTER_IRQ bit 7 (GEN8_GT_WDBOX_OACS_IRQ).
 */
#define INTEL_OA_IRQ_BANK_OA        3
#define INTEL_OA_IRQ_OA_HALF_FULL   (1u << 28)

/* PCI config space: GGTT size (i915 SNB_GMCH_CTRL; intel_oa_pci.c) */
#define INTEL_OA_GMCH_CTRL          0x50

REG32(GFX_FLSH_CNTL, 0x101008)
    FIELD(GFX_FLSH_CNTL, EN, 0, 1)

/* RP_STATE_CAP lives in the MCHBAR mirror; frequencies in 50 MHz units. */
REG32(RP_STATE_CAP, 0x145998)
    FIELD(RP_STATE_CAP, RP0, 0, 8)
    FIELD(RP_STATE_CAP, RP1, 8, 8)
    FIELD(RP_STATE_CAP, RPN, 16, 8)
/* Gen9 LP (bxt, glk): the same caps, other place, reverse order. */
REG32(BXT_RP_STATE_CAP, 0x138170)
    FIELD(BXT_RP_STATE_CAP, RPN, 0, 8)
    FIELD(BXT_RP_STATE_CAP, RP1, 8, 8)
    FIELD(BXT_RP_STATE_CAP, RP0, 16, 8)

/*
 * Gen11+ two-level interrupts (seed 002, interrupt chapter). DG1 adds
 * the tile level in front of GFX_MSTR_IRQ.
 */
REG32(DG1_MSTR_TILE_INTR, 0x190008)
    FIELD(DG1_MSTR_TILE_INTR, TILE0, 0, 1)
    FIELD(DG1_MSTR_TILE_INTR, ENABLE, 31, 1)
REG32(GFX_MSTR_IRQ, 0x190010)
    FIELD(GFX_MSTR_IRQ, GT_DW0, 0, 1)
    FIELD(GFX_MSTR_IRQ, GT_DW1, 1, 1)
    FIELD(GFX_MSTR_IRQ, ENABLE, 31, 1)
REG32(GT_INTR_DW0, 0x190018)
REG32(GT_INTR_DW1, 0x19001c)
REG32(GPM_WGBOXPERF_INTR_ENABLE, 0x19003c)
REG32(INTR_IDENTITY_REG0, 0x190060)
    FIELD(INTR_IDENTITY_REG0, DATA, 0, 16)
    FIELD(INTR_IDENTITY_REG0, CLASS, 16, 3)
    FIELD(INTR_IDENTITY_REG0, INSTANCE, 20, 6)
    FIELD(INTR_IDENTITY_REG0, VALID, 31, 1)
REG32(IIR_REG_SELECTOR0, 0x190070)
REG32(GPM_WGBOXPERF_INTR_MASK, 0x1900ec)
/*
 * The render engine (i915 intel_gt_regs.h): class RENDER instance 0,
 * GT_INTR_DW0 bit 0 (GEN11_RCS0); its vector is the upper half of
 * GEN11_RENDER_COPY_INTR_ENABLE and GEN11_RCS0_RSVD_INTR_MASK.
 */
REG32(RENDER_COPY_INTR_ENABLE, 0x190030)
REG32(RCS0_RSVD_INTR_MASK, 0x190090)
#define INTEL_OA_GEN11_RCS0_DW0_BIT (1u << 0)
#define INTEL_OA_GEN11_RENDER_CLASS 0
#define INTEL_OA_GEN11_RCS_SHIFT    16
/* The OA unit: class OTHER, instance WDOAPerf, GT_INTR_DW0 bit 20. */
#define INTEL_OA_GEN11_OA_CLASS     4
#define INTEL_OA_GEN11_OA_INSTANCE  2
#define INTEL_OA_GEN11_OA_DW0_BIT   (1u << 20)
/*
 * The WDOAPerf vector's half-full bit, data bit 12: i915's
 * GEN8_GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT, which the 2020 patch
 * "drm/i915: handle interrupts from the OA unit" enables in the low half
 * of GPM_WGBOXPERF_INTR_ENABLE and tests in the identity's data.
 */
#define INTEL_OA_GEN11_OA_HALF_FULL (1u << 12)

/*
 * Gen12.5 GuC interrupt instance (dg2.rst "Interrupts"): class OTHER
 * instance 0, GT_INTR_DW0 bit 25; its 16-bit vector sits in bits 31:16
 * of the enable and mask registers.
 */
REG32(GUC_SG_INTR_ENABLE, 0x190038)
REG32(GUC_SG_INTR_MASK, 0x1900e8)
#define INTEL_OA_GEN11_GUC_INSTANCE 0
#define INTEL_OA_GEN11_GUC_DW0_BIT  (1u << 25)
#define INTEL_OA_GEN11_GUC_SHIFT    16
/* GuC-to-host vector bits (i915 GUC_INTR_*) */
#define INTEL_OA_GUC_INTR_GUC2HOST  (1u << 15)
#define INTEL_OA_GUC_INTR_DB_RANG   (1u << 10)

/* Gen12.5 GuC host interface (dg2.rst "GuC"; i915 intel_guc_reg.h). */
REG32(GUC_STATUS, 0xc000)
REG32(SOFT_SCRATCH0, 0xc180)
REG32(GUC_HOST_INTR, 0xc4b8)
REG32(GUC_SEND_INTERRUPT, 0xc4c8)
    FIELD(GUC_SEND_INTERRUPT, TRIGGER, 0, 1)
REG32(GUC_BCS_RCS_IER, 0xc550)
REG32(GUC_WD_VECS_IER, 0xc558)
REG32(GUC_HOST2GUC_DATA, 0xc590)
REG32(GUC_DB_ISR0, 0xc5c0)
REG32(DOORBELL_CTRL, 0xc5e0)
    FIELD(DOORBELL_CTRL, RUNG, 0, 8)
    FIELD(DOORBELL_CTRL, TO_GUC, 31, 1)
/* GuC boot path (i915 intel_guc_reg.h, intel_gt_regs.h GEN6_GDRST) */
REG32(GDRST, 0x941c)
    FIELD(GDRST, GRDOM_GUC, 3, 1)
REG32(GUC_HEADER_INFO, 0xc014)
REG32(GUC_WOPCM_SIZE, 0xc050)
    FIELD(GUC_WOPCM_SIZE, LOCKED, 0, 1)
    FIELD(GUC_WOPCM_SIZE, SIZE, 12, 20)
REG32(GUC_SHIM_CONTROL, 0xc064)
REG32(UOS_RSA_SCRATCH0, 0xc200)
REG32(DMA_ADDR_0_LOW, 0xc300)
REG32(DMA_ADDR_0_HIGH, 0xc304)
REG32(DMA_ADDR_1_LOW, 0xc308)
REG32(DMA_ADDR_1_HIGH, 0xc30c)
REG32(DMA_COPY_SIZE, 0xc310)
REG32(DMA_CTRL, 0xc314)
    FIELD(DMA_CTRL, START_DMA, 0, 1)
    FIELD(DMA_CTRL, UOS_MOVE, 4, 1)
REG32(DMA_GUC_WOPCM_OFFSET, 0xc340)
    FIELD(DMA_GUC_WOPCM_OFFSET, VALID, 0, 1)
    FIELD(DMA_GUC_WOPCM_OFFSET, OFFSET, 14, 18)
/* GUC_WD_VECS_IER: the OA unit's half-full event (WD data bit 12) */
#define INTEL_OA_GUC_IER_OA_HALF_FULL   (1u << 28)
/* GTI doorbell group registers: one status bit per physical doorbell */
REG32(GTI_DB_GROUP0, 0x1900)
/* Physical doorbell registers (SGUNIT), 8 bytes each */
REG32(DB_PHYS0, 0x3ff000)
    FIELD(DB_PHYS0, VALID, 0, 1)
    FIELD(DB_PHYS0, PAGE, 12, 10)
REG32(DB_PHYS0_DW1, 0x3ff004)
    FIELD(DB_PHYS0_DW1, VF, 0, 6)
/* MMIO doorbell pages: BAR0 4-8 MiB */
#define INTEL_OA_DB_PAGE_BASE       0x400000

/*
 * Gen6-7.5 OA unit (Documentation/gen6-gen7.rst): timer and select in
 * OACONTROL, tail and size in OASTATUS1, head in OASTATUS2.
 */
REG32(GEN7_OACONTROL, 0x2360)
    FIELD(GEN7_OACONTROL, COUNTER_ENABLE, 0, 1)
    FIELD(GEN7_OACONTROL, SPECIFIC_CONTEXT, 1, 1)
    FIELD(GEN7_OACONTROL, COUNTER_SELECT, 2, 3)
    FIELD(GEN7_OACONTROL, TIMER_ENABLE, 5, 1)
    FIELD(GEN7_OACONTROL, TIMER_PERIOD, 6, 6)
    FIELD(GEN7_OACONTROL, CONTEXT_ID, 12, 20)
REG32(GEN7_OASTATUS1, 0x2364)
    FIELD(GEN7_OASTATUS1, STATUS, 0, 3)
    FIELD(GEN7_OASTATUS1, SIZE, 3, 3)
    FIELD(GEN7_OASTATUS1, TAIL, 6, 26)
REG32(GEN7_OASTATUS2, 0x2368)
    FIELD(GEN7_OASTATUS2, MEM_SELECT_GGTT, 0, 1)
    FIELD(GEN7_OASTATUS2, HEAD, 6, 26)
REG32(GEN7_OABUFFER, 0x23b0)
    FIELD(GEN7_OABUFFER, STOP_RESUME, 0, 2)
    FIELD(GEN7_OABUFFER, NO_OVERRUN, 3, 1)
    FIELD(GEN7_OABUFFER, OVERRUN_STATUS, 4, 1)
    FIELD(GEN7_OABUFFER, BASE, 6, 26)
/* SNB/IVB/VLV: four CEC pairs; HSW uses the Gen8 0x2770 block. */
REG32(GEN6_OACEC0_0, 0x2390)
#define INTEL_OA_GEN6_NUM_CEC       8
/* HSW: live low dwords of A0..A44. */
REG32(HSW_OAPERF_A0, 0x2800)
#define INTEL_OA_HSW_NUM_OAPERF     45
/*
 * HSW NOA output selects: one 5-bit source per output lane, lanes 0-5 in
 * the first register, 6-11 in the second, 12-17 in the third. Lanes 0-7
 * feed B0-B7, lanes 8-15 C0-C7. No public document names these
 * registers; the layout is inferred from Intel's oa-hsw.xml programming
 * (gen6-gen7.rst "Haswell's C counters").
 */
REG32(HSW_NOA_OUT_SEL0, 0x25420)
REG32(HSW_NOA_OUT_SEL1, 0x25424)
REG32(HSW_NOA_OUT_SEL2, 0x25428)
#define INTEL_OA_HSW_NOA_LANE_BITS  5
#define INTEL_OA_HSW_NOA_LANES_PER_REG 6
/* A GTI-region NOA select only MemoryReads/MemoryWrites set non-zero. */
REG32(HSW_NOA_253A4, 0x253a4)
/* Stored: the three output selects, then 0x253a4. */
#define INTEL_OA_HSW_NUM_NOA_OUT    4
#define INTEL_OA_HSW_NOA_253A4_IDX  3
/* Render clock gating, off while OA runs (i915 hsw_enable_metric_set). */
REG32(GEN6_UCGCTL1, 0x9400)
    FIELD(GEN6_UCGCTL1, CSUNIT_CLOCK_GATE_DISABLE, 7, 1)
REG32(GEN7_MISCCPCTL, 0x9424)
    FIELD(GEN7_MISCCPCTL, DOP_CLOCK_GATE_ENABLE, 0, 1)

/* Haswell EU count fuse: bits 17:16 = 0 means 10 EUs per subslice. */
REG32(HSW_PAVP_FUSE1, 0x911c)

/* Gen6/7 forcewake request/acknowledge pairs. */
REG32(GEN6_FORCEWAKE, 0xa18c)
REG32(GEN6_FORCEWAKE_ACK, 0x130090)
REG32(IVB_FORCEWAKE_MT_ACK, 0x130040)
REG32(VLV_FORCEWAKE, 0x1300b0)
REG32(VLV_FORCEWAKE_ACK, 0x1300b4)

/*
 * Gen6/7 GT interrupts: one bank at 0x44010, bit 9 the OA buffer's
 * half-full event (i915 GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT, "ivb+",
 * from the 2020 patch above; seed 001 names no bit); the master enable
 * is DEIER bit 31 (VLV_MASTER_IER on Valleyview).
 */
REG32(GEN7_DEIER, 0x4400c)
    FIELD(GEN7_DEIER, MASTER_ENABLE, 31, 1)
REG32(GEN7_GTISR, 0x44010)
REG32(GEN7_GTIMR, 0x44014)
REG32(GEN7_GTIIR, 0x44018)
REG32(GEN7_GTIER, 0x4401c)
#define INTEL_OA_GEN7_IRQ_OA_HALF_FULL (1u << 9)

/* Gen6/7 32-bit GGTT PTE (the address bits: intel_oa_ggtt.c). */
#define INTEL_OA_GEN6_PTE_VALID     (1u << 0)

/* Gen8 64-bit GGTT PTE. */
#define INTEL_OA_PTE_PRESENT        (1ull << 0)
#define INTEL_OA_PTE_LM             (1ull << 1)
#define INTEL_OA_PTE_ADDR_MASK      MAKE_64BIT_MASK(12, 27)
/*
 * Meteor Lake: the PAT index in bits 53:52 (i915 MTL_GGTT_PTE_PAT0/1);
 * index 0 is WB without coherency (i915 MTL_CACHE_MODES), 3 the WB
 * one-way coherent mode i915 gives the OA buffer (I915_CACHE_LLC).
 */
#define INTEL_OA_MTL_PTE_PAT_SHIFT  52
#define INTEL_OA_MTL_PAT_WB         0

#endif /* HW_MISC_INTEL_OA_REGS_H */
