/*
 * intel-oa-gpu: the virtual-GPU control page's register layout (BAR2),
 * Documentation/vgpu-contract.rst. A leaf: the control page front end
 * and the blocks that answer some of its registers (the GuC's knobs and
 * counters) share it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_CTL_REGS_H
#define HW_MISC_INTEL_OA_CTL_REGS_H

#include "hw/registerfields.h"

#define INTEL_OA_CTL_MAGIC      0x41474f56  /* "VOGA" */
#define INTEL_OA_CTL_VERSION    7

REG32(CTL_MAGIC, 0x000)
REG32(CTL_VERSION, 0x004)
REG32(CTL_VIOLATIONS, 0x008)
REG32(CTL_LAST_VIOLATION, 0x00c)
REG32(CTL_SEED, 0x010)
REG32(CTL_DROP_REPORTS, 0x014)
REG32(CTL_FORCE_OVERFLOW, 0x018)
REG32(CTL_STALL_TAIL, 0x01c)
REG32(CTL_REPORTS_WRITTEN, 0x020)
REG32(CTL_REPORTS_DROPPED, 0x024)
REG32(CTL_HALF_FULL_IRQS, 0x028)
REG32(CTL_MSIS_SENT, 0x02c)
REG32(CTL_TAIL_RACE, 0x030)
REG32(CTL_RATIO, 0x034)
/* version 2 (dg2.rst): the GuC's knobs and counters; 0 without a GuC */
REG32(CTL_GUC_HANG, 0x038)
REG32(CTL_IRQ_IN_SERVICE, 0x03c)
REG32(CTL_H2G_ANSWERED, 0x040)
REG32(CTL_G2H_PRESENTED, 0x044)
REG32(CTL_DB_SERVICED, 0x048)
REG32(CTL_GUC_OA_IRQS, 0x04c)
REG32(CTL_G2H_DROPPED, 0x050)
/* version 3 (counters.rst): 0 = linear, 1 = activity workload */
REG32(CTL_WORKLOAD, 0x054)
/* version 4 (vgpu-contract.rst): time travel and more faults */
REG32(CTL_TS_ADVANCE, 0x058)
REG32(CTL_LOSE_WRITES, 0x05c)
REG32(CTL_SPURIOUS_IRQS, 0x060)
REG32(CTL_IRQ_STORM, 0x064)
REG32(CTL_FORCEWAKE_STUCK, 0x068)
REG32(CTL_GUC_GARBAGE, 0x06c)
/* version 5 (vgpu-contract.rst): late GuC replies, bad PTEs, removal */
REG32(CTL_GUC_LATE, 0x070)
REG32(CTL_BAD_GGTT_PAGES, 0x074)
REG32(CTL_SURPRISE_REMOVAL, 0x078)
REG32(CTL_DMA_ERRORS, 0x07c)
/* version 6 (guc-firmware.rst): a GuC another driver left running */
REG32(CTL_GUC_PRELOADED, 0x080)
/* version 7 (vgpu-contract.rst): a report whose header lands first */
REG32(CTL_TORN_WRITE, 0x084)

#endif /* HW_MISC_INTEL_OA_CTL_REGS_H */
