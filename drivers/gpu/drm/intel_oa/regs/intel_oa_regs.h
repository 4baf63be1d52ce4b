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
#define   GEN8_OA_REPORT_FORMAT_MASK	REG_GENMASK(7, 2)
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

#define GEN8_OA_IMR			0x2b20
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
#define   GT_NOA_ENABLE			REG_BIT(0)

/* Fuses (Gen8/9). */
#define GEN8_FUSE2			0x9120
#define   GEN8_F2_S_ENA_MASK		REG_GENMASK(27, 25)
#define   GEN9_F2_SS_DIS_MASK		REG_GENMASK(23, 20)
#define GEN9_EU_DISABLE(slice)		(0x9134 + (slice) * 4)

/* Command timestamp clock. */
#define CTC_MODE			0xa26c
#define   CTC_SHIFT_PARAMETER_MASK	REG_GENMASK(2, 1)
#define   CTC_SOURCE_PARAMETER_MASK	REG_BIT(0)
#define   CTC_SOURCE_DIVIDE_LOGIC	1
#define TIMESTAMP_OVERRIDE		0x44074
#define   TIMESTAMP_OVERRIDE_US_COUNTER_DIVIDER_MASK	REG_GENMASK(9, 0)
#define   TIMESTAMP_OVERRIDE_US_COUNTER_DENOMINATOR_MASK	REG_GENMASK(15, 12)

/* Forcewake (Gen9 render domain). */
#define FORCEWAKE_RENDER_GEN9		0xa278
#define FORCEWAKE_ACK_RENDER_GEN9	0x0d84
#define   FORCEWAKE_KERNEL		REG_BIT(0)

/* Frequency. */
#define GEN6_RPSTAT1			0xa01c
#define   GEN9_CAGF_MASK		REG_GENMASK(31, 23)
#define GEN6_RP_STATE_CAP		0x145998
#define   RP0_CAP_MASK			REG_GENMASK(7, 0)
#define   RP1_CAP_MASK			REG_GENMASK(15, 8)
#define   RPN_CAP_MASK			REG_GENMASK(23, 16)

/* Gen8 interrupt hierarchy. */
#define GEN8_MASTER_IRQ			0x44200
#define   GEN8_MASTER_IRQ_CONTROL	REG_BIT(31)
#define   GEN8_GT_VECS_IRQ		REG_BIT(6)
#define GEN8_GT_ISR(n)			(0x44300 + (n) * 0x10)
#define GEN8_GT_IMR(n)			(0x44304 + (n) * 0x10)
#define GEN8_GT_IIR(n)			(0x44308 + (n) * 0x10)
#define GEN8_GT_IER(n)			(0x4430c + (n) * 0x10)
#define   GEN8_GT_OA_BANK		3
#define   GEN8_GT_OA_HALF_FULL		REG_BIT(28)

/* GGTT. */
#define GFX_FLSH_CNTL_GEN6		0x101008
#define   GFX_FLSH_CNTL_EN		REG_BIT(0)
#define GEN8_GSM_OFFSET			0x800000
#define   GEN8_PTE_PRESENT		REG_BIT(0)
#define   GEN8_PTE_ADDR_MASK		GENMASK_ULL(38, 12)

/* OA report header (Gen8+). */
#define OAREPORT_REASON_MASK		REG_GENMASK(24, 19)
#define   OAREPORT_REASON_TIMER		REG_BIT(19)
#define   OAREPORT_REASON_CTX_SWITCH	REG_BIT(22)

#endif /* _INTEL_OA_REGS_H_ */
