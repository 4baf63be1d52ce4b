/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GuC MMIO interface and message format used by intel_oa on Gen12.5
 * (Documentation/dg2.rst; i915 intel_guc_reg.h and abi/guc_messages_abi.h,
 * guc_actions_abi.h).
 */

#ifndef _INTEL_OA_GUC_REGS_H_
#define _INTEL_OA_GUC_REGS_H_

#include "regs/intel_oa_regs.h"

/* GuC reset domain (i915 intel_gt_regs.h, intel_reset.c). */
#define GEN6_GDRST			0x941c
#define   GEN11_GRDOM_GUC		REG_BIT(3)

#define GUC_STATUS			0xc000
#define   GS_MIA_IN_RESET		REG_BIT(0)
#define   GS_BOOTROM_MASK		REG_GENMASK(7, 1)
#define   GS_UKERNEL_MASK		REG_GENMASK(15, 8)
#define   GS_UKERNEL_READY		0xf0
#define   GS_MIA_MASK			REG_GENMASK(18, 16)
#define   GS_AUTH_STATUS_MASK		REG_GENMASK(31, 30)
#define GUC_HEADER_INFO			0xc014

/* WOPCM partition and the GuC's DMA engine (i915 intel_guc_reg.h). */
#define GUC_WOPCM_SIZE			0xc050
#define   GUC_WOPCM_SIZE_LOCKED		REG_BIT(0)
#define   GUC_WOPCM_SIZE_MASK		REG_GENMASK(31, 12)
#define GUC_SHIM_CONTROL		0xc064
#define   GUC_ENABLE_READ_CACHE_LOGIC		REG_BIT(1)
#define   GUC_ENABLE_READ_CACHE_FOR_SRAM_DATA	REG_BIT(9)
#define   GUC_ENABLE_READ_CACHE_FOR_WOPCM_DATA	REG_BIT(10)
#define   GUC_ENABLE_MIA_CLOCK_GATING		REG_BIT(15)
#define UOS_RSA_SCRATCH(i)		(0xc200 + (i) * 4)
#define   UOS_RSA_SCRATCH_COUNT		64
#define DMA_ADDR_0_LOW			0xc300
#define DMA_ADDR_0_HIGH			0xc304
#define DMA_ADDR_1_LOW			0xc308
#define DMA_ADDR_1_HIGH			0xc30c
#define   DMA_ADDRESS_SPACE_WOPCM	(7 << 16)
#define DMA_COPY_SIZE			0xc310
#define DMA_CTRL			0xc314
#define   UOS_MOVE			REG_BIT(4)
#define   START_DMA			REG_BIT(0)
#define DMA_GUC_WOPCM_OFFSET		0xc340
#define   GUC_WOPCM_OFFSET_VALID	REG_BIT(0)
#define   GUC_WOPCM_OFFSET_MASK		REG_GENMASK(31, 14)
#define GEN9_GT_PM_CONFIG		0x13816c
#define   GT_DOORBELL_ENABLE		REG_BIT(0)

#define SOFT_SCRATCH(n)			(0xc180 + (n) * 4)
#define   GUC_H2G_SCRATCH_DWORDS	4

#define GUC_HOST_INTR			0xc4b8
#define GUC_SEND_INTERRUPT		0xc4c8
#define   GUC_SEND_TRIGGER		REG_BIT(0)

/* Engine interrupt redirection: 1 = to the GuC, 0 = to the host. */
#define GUC_WD_VECS_IER			0xc558
#define   GUC_WD_OA_HALF_FULL		REG_BIT(28)

/* HXG message header (guc_messages_abi.h). */
#define GUC_HXG_MSG_0_ORIGIN		REG_BIT(31)
#define   GUC_HXG_ORIGIN_HOST		0
#define   GUC_HXG_ORIGIN_GUC		1
#define GUC_HXG_MSG_0_TYPE		REG_GENMASK(30, 28)
#define   GUC_HXG_TYPE_REQUEST		0
#define   GUC_HXG_TYPE_EVENT		1
#define   GUC_HXG_TYPE_NO_RESPONSE_BUSY	3
#define   GUC_HXG_TYPE_RESPONSE_FAILURE	6
#define   GUC_HXG_TYPE_RESPONSE_SUCCESS	7
#define GUC_HXG_REQUEST_MSG_0_DATA0	REG_GENMASK(27, 16)
#define GUC_HXG_REQUEST_MSG_0_ACTION	REG_GENMASK(15, 0)
#define GUC_HXG_RESPONSE_MSG_0_DATA0	REG_GENMASK(27, 0)
#define GUC_HXG_FAILURE_MSG_0_HINT	REG_GENMASK(27, 16)
#define GUC_HXG_FAILURE_MSG_0_ERROR	REG_GENMASK(15, 0)

/* CTB set-up (guc_actions_abi.h HOST2GUC_SELF_CFG, HOST2GUC_CONTROL_CTB) */
#define INTEL_GUC_ACTION_SELF_CFG		0x0508
#define INTEL_GUC_ACTION_CONTROL_CTB		0x4509
#define   GUC_CTB_CONTROL_ENABLE		1

#endif /* _INTEL_OA_GUC_REGS_H_ */
