/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Register offsets and fields used by intel_oa. Offsets are into BAR0
 * (GTTMMADR). Facts from the Broadwell/Skylake PRMs and i915.
 */

#ifndef _INTEL_OA_REGS_H_
#define _INTEL_OA_REGS_H_

#include <linux/bits.h>
#include <linux/bitfield.h>
#include <linux/types.h>

#define REG_BIT(n)		((u32)BIT(n))
#define REG_GENMASK(h, l)	((u32)GENMASK(h, l))

/* Masked registers: bits 31:16 select which of bits 15:0 are written. */
static inline u32 masked_bit_enable(u32 bits)
{
	return bits << 16 | bits;
}

static inline u32 masked_bit_disable(u32 bits)
{
	return bits << 16;
}

/* Render ring timestamp (36 bits, split in two dwords). */
#define RING_TIMESTAMP_RCS		0x2358
#define RING_TIMESTAMP_UDW_RCS		0x235c

/*
 * Gen6/7 OA unit (Sandy Bridge .. Haswell). OACONTROL shares 0x2360 with
 * Gen8's OACTXCONTROL.
 */
#define GEN7_OACONTROL			0x2360
#define   GEN7_OACONTROL_CTX_MASK	REG_GENMASK(31, 12)
#define   GEN7_OACONTROL_TIMER_PERIOD_MASK REG_GENMASK(11, 6)
#define   GEN7_OACONTROL_TIMER_ENABLE	REG_BIT(5)
#define   GEN7_OACONTROL_FORMAT_MASK	REG_GENMASK(4, 2)
#define   GEN7_OACONTROL_PER_CTX_ENABLE	REG_BIT(1)
#define   GEN7_OACONTROL_ENABLE		REG_BIT(0)
#define GEN7_OASTATUS1			0x2364
#define   GEN7_OASTATUS1_TAIL_MASK	REG_GENMASK(31, 6)
#define   GEN7_OASTATUS1_SIZE_MASK	REG_GENMASK(5, 3)
#define   GEN7_OASTATUS1_COUNTER_OVERFLOW	REG_BIT(2)
#define   GEN7_OASTATUS1_OABUFFER_OVERFLOW	REG_BIT(1)
#define   GEN7_OASTATUS1_REPORT_LOST	REG_BIT(0)
#define GEN7_OASTATUS2			0x2368
#define   GEN7_OASTATUS2_HEAD_MASK	REG_GENMASK(31, 6)
#define   GEN7_OASTATUS2_MEM_SELECT_GGTT	REG_BIT(0)
#define GEN7_OABUFFER			0x23b0
#define   GEN7_OABUFFER_BASE_MASK	REG_GENMASK(31, 6)
#define   GEN7_OABUFFER_DISABLE_OVERRUN	REG_BIT(3)

/* Render clock gating off while OA runs (i915 hsw_enable_metric_set). */
#define GEN6_UCGCTL1			0x9400
#define   GEN6_CSUNIT_CLOCK_GATE_DISABLE	REG_BIT(7)
#define GEN7_MISCCPCTL			0x9424
#define   GEN7_DOP_CLOCK_GATE_ENABLE	REG_BIT(0)

/* Haswell EU count fuse. */
#define HSW_PAVP_FUSE1			0x911c
#define   HSW_F1_EU_DIS_MASK		REG_GENMASK(17, 16)
#define   HSW_F1_EU_DIS_10EUS		0
#define   HSW_F1_EU_DIS_8EUS		1
#define   HSW_F1_EU_DIS_6EUS		2

/* OA context control (context saved on silicon). */
#define GEN8_OACTXCONTROL		0x2360
#define   GEN8_OA_TIMER_PERIOD_MASK	REG_GENMASK(7, 2)
#define   GEN8_OA_TIMER_ENABLE		REG_BIT(1)
#define   GEN8_OA_COUNTER_RESUME	REG_BIT(0)

#define GEN8_OABUFFER_UDW		0x23b4

/* Boolean (B) counter logic. */
#define GEN7_OASTARTTRIG1		0x2710
#define GEN7_OAREPORTTRIG1		0x2740
#define GEN7_OACEC0_0			0x2770

/* OA unit control and buffer. */
#define GEN8_OACONTROL			0x2b00
#define   GEN8_OA_REPORT_FORMAT_MASK	REG_GENMASK(4, 2)
#define   GEN8_OA_SPECIFIC_CONTEXT_ENABLE REG_BIT(1)
#define   GEN8_OA_COUNTER_ENABLE	REG_BIT(0)

#define GEN8_OA_DEBUG			0x2b04
#define   GEN9_OA_DEBUG_INCLUDE_CLK_RATIO	REG_BIT(6)
#define   GEN9_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS REG_BIT(5)

#define GEN8_OASTATUS			0x2b08
#define   GEN8_OASTATUS_TAIL_POINTER_WRAP	REG_BIT(17)
#define   GEN8_OASTATUS_HEAD_POINTER_WRAP	REG_BIT(16)
#define   GEN8_OASTATUS_OVERRUN_STATUS	REG_BIT(3)
#define   GEN8_OASTATUS_COUNTER_OVERFLOW	REG_BIT(2)
#define   GEN8_OASTATUS_OABUFFER_OVERFLOW	REG_BIT(1)
#define   GEN8_OASTATUS_REPORT_LOST	REG_BIT(0)

#define GEN8_OAHEADPTR			0x2b0c
#define   GEN8_OAHEADPTR_MASK		REG_GENMASK(31, 6)

#define GEN8_OATAILPTR			0x2b10
#define   GEN8_OATAILPTR_MASK		REG_GENMASK(31, 6)

#define GEN8_OABUFFER			0x2b14
#define   GEN8_OABUFFER_BASE_MASK	REG_GENMASK(31, 12)
#define   GEN8_OABUFFER_SIZE_MASK	REG_GENMASK(5, 3)
#define   GEN8_OABUFFER_SIZE_16M	7
#define   GEN8_OABUFFER_MEM_SELECT_GGTT	REG_BIT(0)

/*
 * The OA unit's own interrupt mask (seed 000 "OA Interrupt Control
 * Registers": bit 28 half-full). Gen8-11 at 0x2b20, Gen12+ at 0xdb14
 * (i915 GEN8_OA_IMR/GEN12_OA_IMR, "drm/i915: handle interrupts from the
 * OA unit", intel-gfx 2020-04-13).
 */
#define GEN8_OA_IMR			0x2b20
#define GEN12_OA_IMR			0xdb14
#define   GEN8_OA_BUFFER_HALF_FULL	REG_BIT(28)

/* Flex EU counter control. */
#define EU_PERF_CNTL0			0xe458
#define EU_PERF_CNTL1			0xe558
#define EU_PERF_CNTL2			0xe658
#define EU_PERF_CNTL3			0xe758
#define EU_PERF_CNTL4			0xe45c
#define EU_PERF_CNTL5			0xe55c
#define EU_PERF_CNTL6			0xe65c

/* NOA network. */
#define GDT_CHICKEN_BITS		0x9840
#define   GT_NOA_ENABLE			REG_BIT(7)

/* Fuses (Gen8/9). */
#define GEN8_FUSE2			0x9120
#define   GEN8_F2_S_ENA_MASK		REG_GENMASK(27, 25)
#define   GEN8_F2_SS_DIS_MASK		REG_GENMASK(23, 21)
#define   GEN9_F2_SS_DIS_MASK		REG_GENMASK(23, 20)
#define GEN8_EU_DISABLE(n)		(0x9134 + (n) * 4)
#define GEN9_EU_DISABLE(slice)		(0x9134 + (slice) * 4)

/* Cherryview fuses (one slice, two subslices of two 4-EU rows). */
#define CHV_FUSE_GT			0x182168
#define   CHV_FGT_DISABLE_SS0		REG_BIT(10)
#define   CHV_FGT_DISABLE_SS1		REG_BIT(11)
#define   CHV_FGT_EU_DIS_SS0_MASK	REG_GENMASK(23, 16)
#define   CHV_FGT_EU_DIS_SS1_MASK	REG_GENMASK(31, 24)

/* Fuses (Gen11/12). */
#define GEN11_EU_DISABLE		0x9134
#define   GEN11_EU_DIS_MASK		REG_GENMASK(7, 0)
#define GEN11_GT_SLICE_ENABLE		0x9138
#define   GEN11_GT_S_ENA_MASK		REG_GENMASK(7, 0)
#define GEN11_GT_SUBSLICE_DISABLE	0x913c
#define GEN12_GT_GEOMETRY_DSS_ENABLE	0x913c

/* Command timestamp clock. */
#define CTC_MODE			0xa26c
#define   CTC_SHIFT_PARAMETER_MASK	REG_GENMASK(2, 1)
#define   CTC_SOURCE_PARAMETER_MASK	REG_BIT(0)
#define   CTC_SOURCE_DIVIDE_LOGIC	1
#define TIMESTAMP_OVERRIDE		0x44074
#define   TIMESTAMP_OVERRIDE_US_COUNTER_DIVIDER_MASK	REG_GENMASK(9, 0)
#define   TIMESTAMP_OVERRIDE_US_COUNTER_DENOMINATOR_MASK	REG_GENMASK(15, 12)

/* Gen11+ crystal and CTC shift (RPM_CONFIG0), NOA enable (RPM_CONFIG1). */
#define RPM_CONFIG0			0x0d00
#define   GEN11_RPM_CONFIG0_CRYSTAL_MASK	REG_GENMASK(5, 3)
#define   GEN11_RPM_CONFIG0_CRYSTAL_24MHZ	0
#define   GEN11_RPM_CONFIG0_CRYSTAL_19_2MHZ	1
#define   GEN11_RPM_CONFIG0_CRYSTAL_38_4MHZ	2
#define   GEN11_RPM_CONFIG0_CRYSTAL_25MHZ	3
#define   GEN10_RPM_CONFIG0_CTC_SHIFT_MASK	REG_GENMASK(2, 1)
#define RPM_CONFIG1			0x0d04
#define   GEN10_GT_NOA_ENABLE		REG_BIT(9)

/*
 * Forcewake. Gen8 and Haswell: FORCEWAKE_MT with the ack in 0x130044; Ivy
 * Bridge acks in 0x130040; Sandy Bridge's FORCEWAKE is a plain (not
 * masked) register; Valleyview has its own pair.
 */
#define FORCEWAKE			0xa18c
#define FORCEWAKE_ACK			0x130090
#define FORCEWAKE_MT			0xa188
#define FORCEWAKE_MT_ACK		0x130040
#define FORCEWAKE_ACK_HSW		0x130044
#define FORCEWAKE_VLV			0x1300b0
#define FORCEWAKE_ACK_VLV		0x1300b4

/* Forcewake (Gen9 render domain). */
#define FORCEWAKE_RENDER_GEN9		0xa278
#define FORCEWAKE_ACK_RENDER_GEN9	0x0d84
#define   FORCEWAKE_KERNEL		REG_BIT(0)

/* Frequency. */
#define GEN6_RPSTAT1			0xa01c
#define   GEN6_CAGF_MASK		REG_GENMASK(14, 8)
#define   HSW_CAGF_MASK			REG_GENMASK(13, 7)
#define   GEN9_CAGF_MASK		REG_GENMASK(31, 23)
#define GEN12_RPSTAT1			0x1381b4
#define   GEN12_CAGF_MASK		REG_GENMASK(19, 11)
#define GEN6_RP_STATE_CAP		0x145998
#define   RP0_CAP_MASK			REG_GENMASK(7, 0)
#define   RP1_CAP_MASK			REG_GENMASK(15, 8)
#define   RPN_CAP_MASK			REG_GENMASK(23, 16)
/* Gen9 LP: the same fields in the opposite order. */
#define BXT_RP_STATE_CAP		0x138170
#define   BXT_RPN_CAP_MASK		REG_GENMASK(7, 0)
#define   BXT_RP1_CAP_MASK		REG_GENMASK(15, 8)
#define   BXT_RP0_CAP_MASK		REG_GENMASK(23, 16)

/*
 * Gen8 interrupt hierarchy (i915_reg.h). GT bank 3 holds VECS in its low
 * half (MASTER_IRQ bit 6) and the WD box, the OA unit among it, in its
 * high half (GEN8_WD_IRQ_SHIFT 16, MASTER_IRQ bit 7 GEN8_GT_WDBOX_OACS_IRQ
 * in the 2020 patch above); the half-full event is WD bit 12
 * (GEN8_GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT), so bank 3 bit 28, which
 * seed 000 also names ("GT Interrupt 3 Definition", bit 28).
 */
#define GEN8_MASTER_IRQ			0x44200
#define   GEN8_MASTER_IRQ_CONTROL	REG_BIT(31)
#define   GEN8_GT_WDBOX_OACS_IRQ	REG_BIT(7)
#define   GEN8_GT_VECS_IRQ		REG_BIT(6)
#define   GEN8_GT_RCS_IRQ		REG_BIT(0)
#define GEN8_GT_ISR(n)			(0x44300 + (n) * 0x10)
#define GEN8_GT_IMR(n)			(0x44304 + (n) * 0x10)
#define GEN8_GT_IIR(n)			(0x44308 + (n) * 0x10)
#define GEN8_GT_IER(n)			(0x4430c + (n) * 0x10)
#define   GEN8_GT_RCS_BANK		0
#define   GEN8_GT_OA_BANK		3
#define   GEN8_GT_OA_HALF_FULL		REG_BIT(28)

/*
 * Gen6/7 interrupts: the GT registers behind the display engine's master
 * enable (DEIER bit 31; VLV_MASTER_IER at the same offset on Valleyview).
 * The OA buffer's half-full event is GT bit 9: i915's
 * GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT, "ivb+" in the 2020 patch above.
 * Seed 001 names no bit.
 */
#define DEIER				0x4400c
#define   DE_MASTER_IRQ_CONTROL		REG_BIT(31)
#define GTISR				0x44010
#define GTIMR				0x44014
#define GTIIR				0x44018
#define GTIER				0x4401c
#define   GT_PERFMON_BUFFER_HALF_FULL	REG_BIT(9)

/*
 * Gen11+ two-level interrupt hierarchy. The OA unit is engine class
 * OTHER, instance WDOAPerf: bit 20 of GT_INTR_DW0.
 */
#define DG1_MSTR_TILE_INTR		0x190008
#define   DG1_MSTR_IRQ			REG_BIT(31)
#define   DG1_MSTR_TILE(t)		REG_BIT(t)
#define GEN11_GFX_MSTR_IRQ		0x190010
#define   GEN11_MASTER_IRQ		REG_BIT(31)
#define   GEN11_GT_DW0_IRQ		REG_BIT(0)
#define   GEN11_GT_DW1_IRQ		REG_BIT(1)
#define GEN11_GT_INTR_DW0		0x190018
#define   GEN11_WDPERF			20
#define GEN11_GPM_WGBOXPERF_INTR_ENABLE	0x19003c
#define GEN11_INTR_IDENTITY_REG0	0x190060
#define   GEN11_INTR_DATA_VALID		REG_BIT(31)
#define   GEN11_INTR_ENGINE_INSTANCE	REG_GENMASK(25, 20)
#define   GEN11_INTR_ENGINE_CLASS	REG_GENMASK(18, 16)
#define   GEN11_INTR_ENGINE_INTR	REG_GENMASK(15, 0)
#define GEN11_IIR_REG_SELECTOR0		0x190070
#define GEN11_GPM_WGBOXPERF_INTR_MASK	0x1900ec
#define   GEN11_WDOAPERF_HALF		REG_GENMASK(15, 0)
#define OTHER_CLASS			4
#define OTHER_WDOAPERF_INSTANCE		2
/*
 * The OA vector's half-full event (bit 28) as a 16-bit interrupt data
 * bit: vector bits 31:16 travel as data bits 15:0 (platforms.rst).
 */
#define GEN11_OA_HALF_FULL		REG_BIT(12)

/*
 * Gen12.5 (DG2, ATS-M). Fuse reflections (i915 intel_gt_regs.h, seed 002
 * "Steering"): the compute DSS mask next to the geometry one, one EU
 * enable bit per pair of EUs, the memory/L3 fuse per MSLICE.
 */
#define XEHP_FUSE_MEML3			0x9118
#define   XEHP_MEML3_EN_MASK		REG_GENMASK(3, 0)
#define XEHP_EU_ENABLE			0x9134
#define   XEHP_EU_ENA_MASK		REG_GENMASK(7, 0)
#define GEN12_GT_COMPUTE_DSS_ENABLE	0x9144

/*
 * GT forcewake domain from Gen9 on (i915 FORCEWAKE_GT_GEN9 and
 * FORCEWAKE_ACK_GT_GEN9): the Gen8 FORCEWAKE_MT pair.
 */
#define FORCEWAKE_GT_GEN9		0xa188
#define FORCEWAKE_ACK_GT_GEN9		0x130044

/* Multicast/replicated register steering (i915 GEN11_MCR_*). */
#define GEN8_MCR_SELECTOR		0xfdc
#define   GEN11_MCR_MULTICAST		REG_BIT(31)
#define   GEN11_MCR_SLICE_MASK		REG_GENMASK(30, 27)
#define   GEN11_MCR_SUBSLICE_MASK	REG_GENMASK(26, 24)

/* OAG MMIO trigger: one report now (xe regs/xe_oa_regs.h). */
#define XEHP_OAG_MMIOTRIGGER		0xdb1c

/* GuC instance of GT_INTR_DW0 (i915 GEN11_GUC) and its vector. */
#define GEN11_GUC			25
#define GEN11_GUC_SG_INTR_ENABLE	0x190038
#define GEN11_GUC_SG_INTR_MASK		0x1900e8
#define   GEN11_GUC_INTR_FIELD		REG_GENMASK(31, 16)
#define OTHER_GUC_INSTANCE		0
/* GuC vector data bits (i915 GUC_INTR_*). */
#define GUC_INTR_GUC2HOST		REG_BIT(15)

/*
 * Meteor Lake's media GT OA unit, OAM (xe regs/xe_oa_regs.h OAM_*_OFFSET;
 * i915 mtl_oa_base[PERF_GROUP_OAM_SAMEDIA_0] = 0x393000, already past the
 * media GT's 0x380000 offset in BAR0). Its counter select is bits 3:1,
 * not OAG's 7:2 (xe OAM_CONTROL_COUNTER_SEL_MASK); the other fields are
 * OAG's. The media GT's own copies of OA_TLB_INV_CR and RPM_CONFIG1 are
 * 0x380000 further (xe and i915 address them through the media GT's
 * MMIO view).
 */
#define MTL_MEDIA_GT_OFFSET		0x380000
#define MTL_OAM_SAMEDIA0_BASE		0x393000
#define OAM_CONTROL(base)		((base) + 0x194)
#define   OAM_CONTROL_COUNTER_SEL_MASK	REG_GENMASK(3, 1)
#define OAM_DEBUG(base)			((base) + 0x198)
#define OAM_STATUS(base)		((base) + 0x19c)
#define OAM_HEAD_POINTER(base)		((base) + 0x1a0)
#define OAM_TAIL_POINTER(base)		((base) + 0x1a4)
#define OAM_BUFFER(base)		((base) + 0x1a8)
#define OAM_CONTEXT_CONTROL(base)	((base) + 0x1bc)
#define OAM_MMIO_TRG(base)		((base) + 0x1d0)
#define MTL_MEDIA_OA_TLB_INV_CR		(MTL_MEDIA_GT_OFFSET + 0xceec)
#define MTL_MEDIA_RPM_CONFIG1		(MTL_MEDIA_GT_OFFSET + 0x0d04)

/*
 * Graphics IP 12.70 moved the GT forcewake domain's acknowledge (i915
 * intel_uncore.c FORCEWAKE_ACK_GT_MTL, xe_force_wake.c); the media GT
 * has the pair 0x380000 further.
 */
#define FORCEWAKE_ACK_GT_MTL		0x0dfc
#define MTL_MEDIA_FORCEWAKE_GT		(MTL_MEDIA_GT_OFFSET + 0xa188)
#define MTL_MEDIA_FORCEWAKE_ACK_GT	(MTL_MEDIA_GT_OFFSET + 0x0dfc)

/* Gen12 OAG: the global OA unit. */
#define GEN12_OAG_OAGLBCTXCTRL		0x2b28
#define   GEN12_OAG_OAGLBCTXCTRL_TIMER_PERIOD_MASK	REG_GENMASK(7, 2)
#define   GEN12_OAG_OAGLBCTXCTRL_TIMER_ENABLE		REG_BIT(1)
#define   GEN12_OAG_OAGLBCTXCTRL_COUNTER_RESUME		REG_BIT(0)
#define GEN12_OA_TLB_INV_CR		0xceec
#define   GEN12_OA_TLB_INV_CR_BUSY	REG_BIT(0)
#define GEN12_OAG_OACONTROL		0xdaf4
#define   GEN12_OAG_OACONTROL_FORMAT_MASK	REG_GENMASK(4, 2)
#define   GEN12_OAG_OACONTROL_COUNTER_ENABLE	REG_BIT(0)
#define GEN12_OAG_OA_DEBUG		0xdaf8
#define   GEN12_OAG_OA_DEBUG_INCLUDE_CLK_RATIO		REG_BIT(6)
#define   GEN12_OAG_OA_DEBUG_DISABLE_CLK_RATIO_REPORTS	REG_BIT(5)
#define   GEN12_OAG_OA_DEBUG_DISABLE_GO_1_0_REPORTS	REG_BIT(2)
#define   GEN12_OAG_OA_DEBUG_DISABLE_CTX_SWITCH_REPORTS	REG_BIT(1)
#define   OAG_OA_DEBUG_DISABLE_MMIO_TRG			REG_BIT(14)

/* Gen12 PMON enable and OA BPC reporting (i915 GEN12_SQCNT1). */
#define GEN12_SQCNT1			0x8718
#define   GEN12_SQCNT1_PMON_ENABLE	REG_BIT(30)
#define   GEN12_SQCNT1_OABPC		REG_BIT(29)

/* Wa_1508761755 (i915 GEN8_ROW_CHICKEN, GEN7_ROW_CHICKEN2; masked). */
#define GEN8_ROW_CHICKEN		0xe4f0
#define   STALL_DOP_GATING_DISABLE	REG_BIT(5)
#define GEN7_ROW_CHICKEN2		0xe4f4
#define   GEN12_DISABLE_DOP_GATING	REG_BIT(0)
#define GEN12_OAG_OASTATUS		0xdafc
#define   GEN12_OAG_OASTATUS_COUNTER_OVERFLOW	REG_BIT(2)
#define   GEN12_OAG_OASTATUS_BUFFER_OVERFLOW	REG_BIT(1)
#define   GEN12_OAG_OASTATUS_REPORT_LOST	REG_BIT(0)
#define GEN12_OAG_OAHEADPTR		0xdb00
#define GEN12_OAG_OATAILPTR		0xdb04
#define GEN12_OAG_OABUFFER		0xdb08

/*
 * GGTT. GMCH_CTRL in PCI config space sizes the PTE array (i915
 * SNB_GMCH_CTRL, gen6_/chv_/gen8_get_total_gtt_size()): GGMS in bits 9:8
 * is MiB of PTEs on Gen6/7 and log2 of them on Cherryview, in bits 7:6
 * log2 of them on the other Gen8+.
 */
#define SNB_GMCH_CTRL			0x50
#define   SNB_GMCH_GGMS_SHIFT		8
#define   BDW_GMCH_GGMS_SHIFT		6
#define   GMCH_GGMS_MASK		0x3
#define GFX_FLSH_CNTL_GEN6		0x101008
#define   GFX_FLSH_CNTL_EN		REG_BIT(0)
#define GEN8_GSM_OFFSET			0x800000
#define   GEN8_PTE_PRESENT		REG_BIT(0)
#define   GEN8_PTE_ADDR_MASK		GENMASK_ULL(38, 12)
/* Meteor Lake: the PTE's PAT index, bits 53:52 (i915 gt/intel_gtt.h). */
#define   MTL_GGTT_PTE_PAT0		BIT_ULL(52)
#define   MTL_GGTT_PTE_PAT1		BIT_ULL(53)
/* Gen6/7: 32-bit PTEs at BAR0 + 2 MiB, address bits 39:32 in 11:4. */
#define GEN6_GSM_OFFSET			0x200000
#define   GEN6_PTE_VALID		REG_BIT(0)
#define   GEN6_PTE_ADDR_LO_MASK		REG_GENMASK(31, 12)
#define   GEN6_PTE_ADDR_HI_MASK		REG_GENMASK(11, 4)
#define   HSW_PTE_ADDR_HI_MASK		REG_GENMASK(10, 4)
#define   GEN6_PTE_CACHE_LLC		(2 << 1)
#define   BYT_PTE_WRITEABLE		REG_BIT(1)
#define   BYT_PTE_SNOOPED_BY_CPU_CACHES	REG_BIT(2)
#define   HSW_WB_LLC_AGE3		(2 << 1)

/* OA report header (Gen8+). */
#define GEN8_OAREPORT_CTX_VALID		REG_BIT(25)
#define GEN9_OAREPORT_CTX_VALID		REG_BIT(16)
#define OAREPORT_REASON_MASK		REG_GENMASK(24, 19)
#define GEN12_OAREPORT_REASON_MASK	REG_GENMASK(25, 19)
/* Gen12.5: reason bit 6, "due to a MMIO Trigger" (seed 002 RPT_ID) */
#define   OAREPORT_REASON_MMIO_TRIGGER	REG_BIT(25)
#define   OAREPORT_REASON_TIMER		REG_BIT(19)
#define   OAREPORT_REASON_CTX_SWITCH	REG_BIT(22)

/*
 * Gen6/7 render engine in ring buffer mode (i915 intel_engine_regs.h with
 * the render engine's base 0x2000, intel_gt_regs.h RENDER_HWS_PGA_GEN7,
 * i915_reg.h GT_RENDER_USER_INTERRUPT). RING_MI_MODE is a masked
 * register.
 */
#define RCS_RING_TAIL			0x2030
#define   RING_TAIL_ADDR		0x001ffff8
#define RCS_RING_HEAD			0x2034
#define   RING_HEAD_ADDR		0x001ffffc
#define RCS_RING_START			0x2038
#define RCS_RING_CTL			0x203c
#define   RING_CTL_SIZE(size)		((size) - PAGE_SIZE)
#define   RING_VALID			REG_BIT(0)
#define RCS_RING_MI_MODE		0x209c
#define   RING_MODE_IDLE		REG_BIT(9)
#define   RING_STOP_RING		REG_BIT(8)
#define RCS_RING_IMR			0x20a8
#define RENDER_HWS_PGA_GEN7		0x4080
/* RING_PSMI_CTL(base) of the blitter, video and video-enhance engines */
#define BCS_RING_PSMI_CTL		0x22050
#define VCS_RING_PSMI_CTL		0x12050
#define VECS_RING_PSMI_CTL		0x1a050
#define   GEN6_PSMI_SLEEP_MSG_DISABLE	REG_BIT(0)
#define   GT_RENDER_USER_INTERRUPT	REG_BIT(0)

/*
 * Gen8/9 execlists on the render engine (i915 gt/intel_engine_regs.h,
 * intel_lrc.h, intel_lrc_reg.h, intel_execlists_submission.c,
 * intel_engine.h, i915_reg.h GT_CONTEXT_SWITCH_INTERRUPT). RING_MODE_GEN7
 * and RING_CONTEXT_STATUS_PTR are masked registers.
 */
#define RCS_RING_HWS_PGA		0x2080
#define RCS_RING_ELSP			0x2230
#define RCS_RING_MODE_GEN7		0x229c
#define   GFX_RUN_LIST_ENABLE		REG_BIT(15)
#define RCS_RING_CONTEXT_STATUS_PTR	0x23a0
#define   GEN8_CSB_READ_PTR_SHIFT	8
#define GEN8_CSB_ENTRIES		6
#define   GEN8_CTX_STATUS_COMPLETE	REG_BIT(4)
#define   GEN8_CTX_STATUS_PREEMPTED	REG_BIT(1)
#define   GT_CONTEXT_SWITCH_INTERRUPT	REG_BIT(8)
/* status page dwords: the CSB's copy and its write pointer */
#define HWS_CSB_BUF0			0x10
#define HWS_CSB_WRITE			0x1f
/* context descriptor */
#define GEN8_CTX_VALID			REG_BIT(0)
#define GEN8_CTX_L3LLC_COHERENT		REG_BIT(5)
#define GEN8_CTX_PRIVILEGE		REG_BIT(8)
#define GEN8_CTX_ADDRESSING_MODE_SHIFT	3
#define   INTEL_LEGACY_32B_CONTEXT	1
#define   INTEL_LEGACY_64B_CONTEXT	3
/* i915 gen8_ppgtt.c: a 3-level PPGTT's page directories */
#define GEN8_3LVL_PDPES			4
#define GEN8_CTX_ID_SHIFT		32
#define GEN8_CTX_ID_WIDTH		21
#define GEN11_SW_CTX_ID_SHIFT		37
#define GEN11_SW_CTX_ID_WIDTH		11
#define XEHP_SW_CTX_ID_SHIFT		39
#define XEHP_SW_CTX_ID_WIDTH		16
/* CTX_CONTEXT_CONTROL, masked */
#define   CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT REG_BIT(0)
#define   CTX_CTRL_RS_CTX_ENABLE	REG_BIT(1)
#define   CTX_CTRL_ENGINE_CTX_SAVE_INHIBIT REG_BIT(2)
#define   CTX_CTRL_INHIBIT_SYN_CTX_SWITCH REG_BIT(3)
/* i915 intel_engine_cs.c: the render context image (4 KiB pages), PPHWSP excluded */
#define GEN8_LR_CONTEXT_RENDER_SIZE	(20 * 4096)
#define GEN9_LR_CONTEXT_RENDER_SIZE	(22 * 4096)
#define MI_LRI_FORCE_POSTED		REG_BIT(12)

/*
 * Gen11+ execlists (i915 intel_engine_regs.h, intel_lrc_reg.h,
 * intel_engine.h, intel_execlists_submission.c, intel_lrc.c): the
 * submission queue (ELSQ) loaded by EL_CTRL_LOAD, execlist mode by
 * "disable legacy mode", 12 CSB entries whose write pointer the status
 * page keeps in dword 0x2f; Gen12 and Xe-HP CSB entries name the context
 * switched to (lower dword) and away from (upper dword).
 */
#define RCS_RING_EXECLIST_SQ_CONTENTS	0x2510
#define RCS_RING_EXECLIST_CONTROL	0x2550
#define   EL_CTRL_LOAD			REG_BIT(0)
#define   GEN11_GFX_DISABLE_LEGACY_MODE	REG_BIT(3)
#define GEN11_CSB_ENTRIES		12
#define ICL_HWS_CSB_WRITE		0x2f
#define   GEN8_CTX_STATUS_IDLE_ACTIVE	REG_BIT(0)
#define   GEN12_CTX_STATUS_SWITCHED_TO_NEW_QUEUE REG_BIT(0)
#define   GEN12_CSB_SW_CTX_ID_MASK	REG_GENMASK(25, 15)
#define   GEN12_IDLE_CTX_ID		0x7ff
#define   XEHP_CTX_STATUS_SWITCHED_TO_NEW_QUEUE REG_BIT(1)
#define   XEHP_CSB_SW_CTX_ID_MASK	REG_GENMASK(31, 10)
#define   XEHP_IDLE_CTX_ID		0xffff
#define MI_LRI_LRM_CS_MMIO		REG_BIT(19)
#define GEN11_LR_CONTEXT_RENDER_SIZE	(14 * 4096)
#define GEN12_LR_CONTEXT_RENDER_SIZE	(22 * 4096)
/* Gen11 GT interrupts of the render engine (i915 intel_gt_regs.h) */
#define GEN11_RCS0			0
#define GEN11_RENDER_COPY_INTR_ENABLE	0x190030
#define GEN11_RCS0_RSVD_INTR_MASK	0x190090
#define   GEN11_RCS0_INTR_FIELD		REG_GENMASK(31, 16)
#define RENDER_CLASS			0

/*
 * Gen12 OAR, the render context's own counters (i915 i915_perf_oa_regs.h,
 * intel_engine_regs.h, i915_perf.c gen12_configure_oar_context()):
 * enabled per context by CTX_CONTEXT_CONTROL's OAR bit and OAR_OACONTROL,
 * both context-saved; OACTXCONTROL's value sits at register-state dword
 * 0x144 + 1 of a Gen12 image (ctx_oactxctrl_offset), OAR_OACONTROL's at
 * 0x5b0 + 1.
 */
#define GEN12_OAR_OACONTROL		0x2960
#define   GEN12_OAR_OACONTROL_COUNTER_FORMAT_SHIFT 1
#define   GEN12_OAR_OACONTROL_COUNTER_ENABLE REG_BIT(0)
#define GEN12_OACTXCONTROL		0x2360
#define RCS_RING_CONTEXT_CONTROL	0x2244
#define   GEN12_CTX_CTRL_OAR_CONTEXT_ENABLE REG_BIT(8)
#define GEN12_CTX_OACTXCONTROL_OFFSET	0x144
#define GEN12_CTX_OAR_OACONTROL_OFFSET	0x5b0
#define MI_BATCH_BUFFER_START_GEN8	MI_INSTR(0x31, 1)
/* Gen8 PPGTT entries (i915 gen8_ppgtt.c, intel_gtt.h) */
#define GEN8_PAGE_PRESENT		BIT_ULL(0)
#define GEN8_PAGE_RW			BIT_ULL(1)
#define GEN8_PAGE_PWT			BIT_ULL(3)
#define GEN8_PAGE_PCD			BIT_ULL(4)

/*
 * Commands (i915 intel_gpu_commands.h). MI_BATCH_BUFFER_START's bit 8 is
 * "non-secure" before Haswell (MI_BATCH_NON_SECURE_I965); Haswell splits
 * it into the PPGTT select (bit 8) and non-secure (bit 13).
 */
#define MI_INSTR(opcode, flags)		(((opcode) << 23) | (flags))
#define MI_NOOP				MI_INSTR(0, 0)
#define MI_USER_INTERRUPT		MI_INSTR(0x02, 0)
#define MI_ARB_ON_OFF			MI_INSTR(0x08, 0)
#define   MI_ARB_ENABLE			REG_BIT(0)
#define   MI_ARB_DISABLE		0
#define MI_BATCH_BUFFER_END		MI_INSTR(0x0a, 0)
#define MI_SET_CONTEXT			MI_INSTR(0x18, 0)
#define   MI_MM_SPACE_GTT		REG_BIT(8)
#define   MI_SAVE_EXT_STATE_EN		REG_BIT(3)
#define   MI_RESTORE_EXT_STATE_EN	REG_BIT(2)
#define   MI_RESTORE_INHIBIT		REG_BIT(0)
#define MI_LOAD_REGISTER_IMM(n)		MI_INSTR(0x22, 2 * (n) - 1)
#define MI_STORE_REGISTER_MEM		MI_INSTR(0x24, 1)
#define   MI_SRM_LRM_GLOBAL_GTT		REG_BIT(22)
#define MI_STORE_DWORD_INDEX		MI_INSTR(0x21, 1)
#define   MI_STORE_DWORD_INDEX_SHIFT	2
#define MI_BATCH_BUFFER_START		MI_INSTR(0x31, 0)
#define   MI_BATCH_NON_SECURE_I965	REG_BIT(8)
#define   MI_BATCH_PPGTT_HSW		REG_BIT(8)
#define   MI_BATCH_NON_SECURE_HSW	REG_BIT(13)
#define GFX_OP_PIPE_CONTROL(len)	((0x3 << 29) | (0x3 << 27) | (0x2 << 24) | \
					 ((len) - 2))
#define   PIPE_CONTROL_CS_STALL		REG_BIT(20)
#define   PIPE_CONTROL_RENDER_TARGET_CACHE_FLUSH REG_BIT(12)
#define   PIPE_CONTROL_DEPTH_CACHE_FLUSH REG_BIT(0)
#define   PIPE_CONTROL_DC_FLUSH_ENABLE	REG_BIT(5)
#define   PIPE_CONTROL_GLOBAL_GTT_IVB	REG_BIT(24)
#define   PIPE_CONTROL_TLB_INVALIDATE	REG_BIT(18)
#define   PIPE_CONTROL_QW_WRITE		REG_BIT(14)
#define   PIPE_CONTROL_INSTRUCTION_CACHE_INVALIDATE REG_BIT(11)
#define   PIPE_CONTROL_TEXTURE_CACHE_INVALIDATE REG_BIT(10)
#define   PIPE_CONTROL_FLUSH_ENABLE	REG_BIT(7)
#define   PIPE_CONTROL_VF_CACHE_INVALIDATE REG_BIT(4)
#define   PIPE_CONTROL_CONST_CACHE_INVALIDATE REG_BIT(3)
#define   PIPE_CONTROL_STATE_CACHE_INVALIDATE REG_BIT(2)
#define   PIPE_CONTROL_STALL_AT_SCOREBOARD REG_BIT(1)
/* Sandy Bridge: the GGTT select is in the address dword */
#define   PIPE_CONTROL_GLOBAL_GTT	REG_BIT(2)

/*
 * Status page dwords (i915 intel_engine.h): I915_GEM_HWS_SEQNO, where a
 * request's seqno lands, and I915_GEM_HWS_SCRATCH, the post-sync write
 * target of the invalidating PIPE_CONTROL.
 */
#define HWS_SEQNO			0x40
#define HWS_SCRATCH			0x80

#endif /* _INTEL_OA_REGS_H_ */
